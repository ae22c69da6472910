-- Apache Flink SQL exported by DBSP Studio from "orders → filter → join → map → count"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE orders (
  oid INT NOT NULL,
  user_id INT NOT NULL,
  amount INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE TABLE users (
  id INT NOT NULL,
  name STRING NOT NULL,
  dept STRING NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'users',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE VIEW big_orders AS
SELECT *
FROM orders
WHERE (amount > 100);

CREATE VIEW join_users AS
SELECT r.name, r.dept, l.amount
FROM big_orders AS l
JOIN users AS r ON l.user_id = r.id;

CREATE VIEW extract_dept AS
SELECT dept
FROM join_users;

CREATE VIEW dept_counts AS
SELECT dept, COUNT(*) AS big_orders
FROM extract_dept
GROUP BY dept;

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE dept_counts_sink (
  dept STRING,
  big_orders BIGINT
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO dept_counts_sink SELECT * FROM dept_counts;
END;
