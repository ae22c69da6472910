-- Apache Flink SQL exported by DBSP Studio from "Cascading views"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE orders (
  id INT NOT NULL,
  customer STRING NOT NULL,
  amount INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
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

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE filter_view_sink (
  id INT,
  customer STRING,
  amount INT
) WITH ('connector' = 'print');

CREATE TABLE aggregate_on_filter_sink (
  customer STRING,
  total BIGINT,
  orders BIGINT
) WITH ('connector' = 'print');

CREATE TABLE totals_view_sink (
  customer STRING,
  total BIGINT
) WITH ('connector' = 'print');

CREATE TABLE vip_totals_sink (
  customer STRING,
  total BIGINT
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO filter_view_sink SELECT * FROM filter_view;
INSERT INTO aggregate_on_filter_sink SELECT * FROM aggregate_on_filter;
INSERT INTO totals_view_sink SELECT * FROM totals_view;
INSERT INTO vip_totals_sink SELECT * FROM vip_totals;
END;
