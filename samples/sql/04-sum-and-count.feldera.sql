-- Feldera SQL exported by DBSP Studio from "SUM and a grouped COUNT"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE t (
  k VARCHAR NOT NULL,
  c INT NOT NULL
);

CREATE LOCAL VIEW project_c AS
SELECT c
FROM t;

CREATE VIEW "sum" AS
SELECT SUM(CAST(c AS BIGINT)) AS total
FROM project_c;

CREATE VIEW count_by_k AS
SELECT k, COUNT(*) AS n
FROM t
GROUP BY k;
