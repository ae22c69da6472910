-- Feldera SQL exported by DBSP Studio from "Out-degree per node"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE edges (
  src VARCHAR NOT NULL,
  dst VARCHAR NOT NULL
);

CREATE VIEW out_degree AS
SELECT src AS node, COUNT(*) AS out_degree
FROM edges
GROUP BY src;
