-- Feldera SQL exported by DBSP Studio from "SELECT DISTINCT over a join (paper §4.5)"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE t1 (
  id INT NOT NULL,
  x VARCHAR NOT NULL,
  a INT NOT NULL
);

CREATE TABLE t2 (
  id INT NOT NULL,
  y VARCHAR NOT NULL,
  s INT NOT NULL
);

CREATE LOCAL VIEW where_a AS
SELECT *
FROM t1
WHERE (a > 2);

CREATE LOCAL VIEW select_x_id AS
SELECT x, id
FROM where_a;

CREATE LOCAL VIEW where_s AS
SELECT *
FROM t2
WHERE (s > 5);

CREATE LOCAL VIEW select_id_y AS
SELECT id, y
FROM where_s;

CREATE LOCAL VIEW join_on_id AS
SELECT l.x, r.y
FROM select_x_id AS l
JOIN select_id_y AS r ON l.id = r.id;

CREATE VIEW "result" AS
SELECT DISTINCT *
FROM join_on_id;
