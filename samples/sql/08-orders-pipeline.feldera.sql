-- Feldera SQL exported by DBSP Studio from "orders → filter → join → map → count"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE orders (
  oid INT NOT NULL,
  user_id INT NOT NULL,
  amount INT NOT NULL
);

CREATE TABLE users (
  id INT NOT NULL,
  name VARCHAR NOT NULL,
  dept VARCHAR NOT NULL
);

CREATE LOCAL VIEW big_orders AS
SELECT *
FROM orders
WHERE (amount > 100);

CREATE LOCAL VIEW join_users AS
SELECT r.name, r.dept, l.amount
FROM big_orders AS l
JOIN users AS r ON l.user_id = r.id;

CREATE LOCAL VIEW extract_dept AS
SELECT dept
FROM join_users;

CREATE VIEW dept_counts AS
SELECT dept, COUNT(*) AS big_orders
FROM extract_dept
GROUP BY dept;
