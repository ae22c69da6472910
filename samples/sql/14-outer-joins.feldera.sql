-- Feldera SQL exported by DBSP Studio from "employees and departments: left, right and full outer joins"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE employees (
  id INT NOT NULL,
  name VARCHAR NOT NULL,
  dept INT NOT NULL
);

CREATE TABLE depts (
  did INT NOT NULL,
  dname VARCHAR NOT NULL
);

CREATE VIEW left_join AS
SELECT l.id AS id, l.name AS name, l.dept AS dept, r.did AS did, r.dname AS dname
FROM employees AS l
LEFT JOIN depts AS r ON l.dept = r.did;

CREATE VIEW right_join AS
SELECT l.id AS id, l.name AS name, l.dept AS dept, r.did AS did, r.dname AS dname
FROM employees AS l
RIGHT JOIN depts AS r ON l.dept = r.did;

CREATE VIEW full_join AS
SELECT l.id AS id, l.name AS name, l.dept AS dept, r.did AS did, r.dname AS dname
FROM employees AS l
FULL JOIN depts AS r ON l.dept = r.did;
