-- Apache Flink SQL exported by DBSP Studio from "customers with and without orders: semijoin, antijoin, weighted semijoin"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE customers (
  id INT NOT NULL,
  name STRING NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'customers',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE TABLE orders (
  oid INT NOT NULL,
  cust INT NOT NULL,
  amount INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
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

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE with_orders_sink (
  id INT,
  name STRING
) WITH ('connector' = 'print');

CREATE TABLE without_orders_sink (
  id INT,
  name STRING
) WITH ('connector' = 'print');

CREATE TABLE order_weight_sink (
  id INT,
  name STRING
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO with_orders_sink SELECT * FROM with_orders;
INSERT INTO without_orders_sink SELECT * FROM without_orders;
INSERT INTO order_weight_sink SELECT * FROM order_weight;
END;
