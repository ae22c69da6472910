-- Apache Flink SQL exported by DBSP Studio from "SUM and a grouped COUNT"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE t (
  k STRING NOT NULL,
  c INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 't',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE VIEW project_c AS
SELECT c
FROM t;

CREATE VIEW `sum` AS
SELECT g.total AS total
FROM (VALUES (1)) AS u(dbsp_one)
LEFT JOIN (SELECT 1 AS dbsp_one, SUM(CAST(c AS BIGINT)) AS total
FROM project_c) AS g ON u.dbsp_one = g.dbsp_one;

CREATE VIEW count_by_k AS
SELECT k, COUNT(*) AS n
FROM t
GROUP BY k;

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE sum_sink (
  total BIGINT
) WITH ('connector' = 'print');

CREATE TABLE count_by_k_sink (
  k STRING,
  n BIGINT
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO sum_sink SELECT * FROM `sum`;
INSERT INTO count_by_k_sink SELECT * FROM count_by_k;
END;
