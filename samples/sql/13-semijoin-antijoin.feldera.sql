-- Feldera SQL exported by DBSP Studio from "customers with and without orders: semijoin, antijoin, weighted semijoin"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE customers (
  id INT NOT NULL,
  name VARCHAR NOT NULL
);

CREATE TABLE orders (
  oid INT NOT NULL,
  cust INT NOT NULL,
  amount INT NOT NULL
);

CREATE VIEW with_orders AS
SELECT *
FROM customers AS l
WHERE EXISTS (SELECT 1 FROM orders AS r WHERE l.id = r.cust);

CREATE VIEW without_orders AS
SELECT *
FROM customers AS l
WHERE NOT EXISTS (SELECT 1 FROM orders AS r WHERE l.id = r.cust);

CREATE VIEW order_weight AS
SELECT l.*
FROM customers AS l
JOIN orders AS r ON l.id = r.cust;
