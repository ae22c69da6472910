-- Feldera SQL exported by DBSP Studio from "Connected components (recursion with MIN)"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.
-- Recursive views (DECLARE RECURSIVE VIEW) are the fixpoints of nested circuits.

CREATE TABLE edges (
  src INT NOT NULL,
  dst INT NOT NULL
);

DECLARE RECURSIVE VIEW propagate (
  node INT NOT NULL,
  label INT
);

CREATE LOCAL VIEW reverse AS
SELECT dst AS src, src AS dst
FROM edges;

CREATE LOCAL VIEW undirected AS
SELECT *
FROM edges
UNION ALL
SELECT *
FROM reverse;

CREATE LOCAL VIEW seeds AS
SELECT src AS node, src AS label
FROM undirected;

CREATE LOCAL VIEW candidates AS
SELECT *
FROM seeds
UNION ALL
SELECT *
FROM propagate;

CREATE LOCAL VIEW min_label AS
SELECT node, MIN(label) AS label
FROM candidates
GROUP BY node;

CREATE LOCAL VIEW propagate AS
SELECT r.dst AS node, l.label
FROM min_label AS l
JOIN undirected AS r ON l.node = r.src;

CREATE VIEW component AS
SELECT *
FROM min_label;
