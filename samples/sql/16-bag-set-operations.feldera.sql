-- Feldera SQL exported by DBSP Studio from "INTERSECT, EXCEPT (ALL) and COUNT(DISTINCT) on bags"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE stock_a (
  item VARCHAR NOT NULL,
  shelf INT NOT NULL
);

CREATE TABLE stock_b (
  item VARCHAR NOT NULL,
  shelf INT NOT NULL
);

CREATE LOCAL VIEW items_a AS
SELECT item
FROM stock_a;

CREATE LOCAL VIEW items_b AS
SELECT item
FROM stock_b;

CREATE VIEW both_all AS
SELECT *
FROM items_a
INTERSECT ALL
SELECT *
FROM items_b;

CREATE VIEW only_a_all AS
SELECT *
FROM items_a
EXCEPT ALL
SELECT *
FROM items_b;

CREATE VIEW "both" AS
SELECT *
FROM items_a
INTERSECT
SELECT *
FROM items_b;

CREATE VIEW only_a AS
SELECT *
FROM items_a
EXCEPT
SELECT *
FROM items_b;

CREATE VIEW counts AS
SELECT COUNT(DISTINCT item) AS items, COUNT(*) AS copies
FROM stock_a;
