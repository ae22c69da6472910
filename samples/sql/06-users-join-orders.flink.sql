-- Apache Flink SQL exported by DBSP Studio from "users ⋈ orders, step by step"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE users (
  id INT NOT NULL,
  name STRING NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'users',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE TABLE orders (
  user_id INT NOT NULL,
  item STRING NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE VIEW user_orders AS
SELECT l.id AS user_id, l.name, r.item
FROM users AS l
JOIN orders AS r ON l.id = r.user_id;

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE user_orders_sink (
  user_id INT,
  name STRING,
  item STRING
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO user_orders_sink SELECT * FROM user_orders;
END;
