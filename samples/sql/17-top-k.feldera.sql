-- Feldera SQL exported by DBSP Studio from "Top-k per group and overall (ROW_NUMBER, RANK)"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE scores (
  player VARCHAR NOT NULL,
  game VARCHAR NOT NULL,
  points INT NOT NULL
);

CREATE VIEW podium AS
SELECT player, game, points, dbsp_rank AS pos
FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY game ORDER BY points DESC NULLS LAST, player ASC NULLS FIRST, game ASC NULLS FIRST, points ASC NULLS FIRST) AS dbsp_rank
FROM scores) AS t
WHERE dbsp_rank <= 2;

CREATE VIEW leaders AS
SELECT player, game, points
FROM (SELECT *, RANK() OVER (ORDER BY points DESC NULLS LAST) AS dbsp_rank
FROM scores) AS t
WHERE dbsp_rank <= 2;
