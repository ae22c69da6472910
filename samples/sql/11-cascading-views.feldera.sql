-- Feldera SQL exported by DBSP Studio from "Cascading views"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE orders (
  id INT NOT NULL,
  customer VARCHAR NOT NULL,
  amount INT NOT NULL
);

CREATE VIEW filter_view AS
SELECT *
FROM orders
WHERE (amount > 100);

CREATE VIEW aggregate_on_filter AS
SELECT customer, SUM(CAST(amount AS BIGINT)) AS total, COUNT(*) AS orders
FROM filter_view
GROUP BY customer;

CREATE VIEW totals_view AS
SELECT customer, SUM(CAST(amount AS BIGINT)) AS total
FROM orders
GROUP BY customer;

CREATE VIEW vip_totals AS
SELECT *
FROM totals_view
WHERE (total >= 1000);
