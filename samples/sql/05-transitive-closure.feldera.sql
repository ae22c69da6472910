-- Feldera SQL exported by DBSP Studio from "Transitive closure (recursion)"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.
-- Recursive views (DECLARE RECURSIVE VIEW) are the fixpoints of nested circuits.

CREATE TABLE edges (
  src INT NOT NULL,
  dst INT NOT NULL
);

DECLARE RECURSIVE VIEW reach (
  src INT NOT NULL,
  dst INT NOT NULL
);

CREATE LOCAL VIEW "extend" AS
SELECT l.src, r.dst
FROM reach AS l
JOIN edges AS r ON l.dst = r.src;

CREATE LOCAL VIEW paths AS
SELECT *
FROM edges
UNION ALL
SELECT *
FROM "extend";

CREATE LOCAL VIEW reach AS
SELECT DISTINCT *
FROM paths;

CREATE VIEW closure AS
SELECT *
FROM reach;
