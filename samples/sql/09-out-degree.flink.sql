-- Apache Flink SQL exported by DBSP Studio from "Out-degree per node"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE edges (
  src STRING NOT NULL,
  dst STRING NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'edges',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE VIEW out_degree AS
SELECT src AS node, COUNT(*) AS out_degree
FROM edges
GROUP BY src;

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE out_degree_sink (
  node STRING,
  out_degree BIGINT
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO out_degree_sink SELECT * FROM out_degree;
END;
