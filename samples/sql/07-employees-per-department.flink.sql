-- Apache Flink SQL exported by DBSP Studio from "Employees per department"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE employees (
  name STRING NOT NULL,
  dept STRING NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'employees',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE VIEW headcount AS
SELECT dept, COUNT(*) AS headcount
FROM employees
GROUP BY dept;

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE headcount_sink (
  dept STRING,
  headcount BIGINT
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO headcount_sink SELECT * FROM headcount;
END;
