-- Apache Flink SQL exported by DBSP Studio from "employees and departments: left, right and full outer joins"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE employees (
  id INT NOT NULL,
  name STRING NOT NULL,
  dept INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'employees',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE TABLE depts (
  did INT NOT NULL,
  dname STRING NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'depts',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE VIEW left_join AS
SELECT l.id AS id, l.name AS name, l.dept AS dept, r.did AS did, r.dname AS dname
FROM employees AS l
LEFT JOIN depts AS r ON l.dept = r.did;

CREATE VIEW right_join AS
SELECT l.id AS id, l.name AS name, l.dept AS dept, r.did AS did, r.dname AS dname
FROM employees AS l
RIGHT JOIN depts AS r ON l.dept = r.did;

CREATE VIEW full_join AS
SELECT l.id AS id, l.name AS name, l.dept AS dept, r.did AS did, r.dname AS dname
FROM employees AS l
FULL JOIN depts AS r ON l.dept = r.did;

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE left_join_sink (
  id INT,
  name STRING,
  dept INT,
  did INT,
  dname STRING
) WITH ('connector' = 'print');

CREATE TABLE right_join_sink (
  id INT,
  name STRING,
  dept INT,
  did INT,
  dname STRING
) WITH ('connector' = 'print');

CREATE TABLE full_join_sink (
  id INT,
  name STRING,
  dept INT,
  did INT,
  dname STRING
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO left_join_sink SELECT * FROM left_join;
INSERT INTO right_join_sink SELECT * FROM right_join;
INSERT INTO full_join_sink SELECT * FROM full_join;
END;
