-- Feldera SQL exported by DBSP Studio from "Employees per department"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE employees (
  name VARCHAR NOT NULL,
  dept VARCHAR NOT NULL
);

CREATE VIEW headcount AS
SELECT dept, COUNT(*) AS headcount
FROM employees
GROUP BY dept;
