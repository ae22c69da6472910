-- Apache Flink SQL exported by DBSP Studio from "INTERSECT, EXCEPT (ALL) and COUNT(DISTINCT) on bags"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE stock_a (
  item STRING NOT NULL,
  shelf INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'stock_a',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE TABLE stock_b (
  item STRING NOT NULL,
  shelf INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'stock_b',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE VIEW items_a AS
SELECT item
FROM stock_a;

CREATE VIEW items_b AS
SELECT item
FROM stock_b;

CREATE VIEW both_all AS
SELECT *
FROM items_a
INTERSECT ALL
SELECT *
FROM items_b;

CREATE VIEW only_a_all AS
SELECT *
FROM items_a
EXCEPT ALL
SELECT *
FROM items_b;

CREATE VIEW `both` AS
SELECT *
FROM items_a
INTERSECT
SELECT *
FROM items_b;

CREATE VIEW only_a AS
SELECT *
FROM items_a
EXCEPT
SELECT *
FROM items_b;

CREATE VIEW counts AS
SELECT COALESCE(g.items, 0) AS items, COALESCE(g.copies, 0) AS copies
FROM (VALUES (1)) AS u(dbsp_one)
LEFT JOIN (SELECT 1 AS dbsp_one, COUNT(DISTINCT item) AS items, COUNT(*) AS copies
FROM stock_a) AS g ON u.dbsp_one = g.dbsp_one;

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE both_all_sink (
  item STRING
) WITH ('connector' = 'print');

CREATE TABLE only_a_all_sink (
  item STRING
) WITH ('connector' = 'print');

CREATE TABLE both_sink (
  item STRING
) WITH ('connector' = 'print');

CREATE TABLE only_a_sink (
  item STRING
) WITH ('connector' = 'print');

CREATE TABLE counts_sink (
  items BIGINT,
  copies BIGINT
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO both_all_sink SELECT * FROM both_all;
INSERT INTO only_a_all_sink SELECT * FROM only_a_all;
INSERT INTO both_sink SELECT * FROM `both`;
INSERT INTO only_a_sink SELECT * FROM only_a;
INSERT INTO counts_sink SELECT * FROM counts;
END;
