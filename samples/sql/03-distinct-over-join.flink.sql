-- Apache Flink SQL exported by DBSP Studio from "SELECT DISTINCT over a join (paper §4.5)"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE t1 (
  id INT NOT NULL,
  x STRING NOT NULL,
  a INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 't1',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE TABLE t2 (
  id INT NOT NULL,
  y STRING NOT NULL,
  s INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 't2',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE VIEW where_a AS
SELECT *
FROM t1
WHERE (a > 2);

CREATE VIEW select_x_id AS
SELECT x, id
FROM where_a;

CREATE VIEW where_s AS
SELECT *
FROM t2
WHERE (s > 5);

CREATE VIEW select_id_y AS
SELECT id, y
FROM where_s;

CREATE VIEW join_on_id AS
SELECT l.x, r.y
FROM select_x_id AS l
JOIN select_id_y AS r ON l.id = r.id;

CREATE VIEW `result` AS
SELECT DISTINCT *
FROM join_on_id;

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE result_sink (
  x STRING,
  y STRING
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO result_sink SELECT * FROM `result`;
END;
