-- Feldera SQL exported by DBSP Studio from "hop, tri_hop, only_tri_hop, min_cost_hop"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE link (
  src VARCHAR NOT NULL,
  dst VARCHAR NOT NULL,
  cost INT NOT NULL
);

CREATE VIEW hop AS
SELECT l.src, r.dst
FROM link AS l
JOIN link AS r ON l.dst = r.src;

CREATE VIEW tri_hop AS
SELECT l.src, r.dst
FROM hop AS l
JOIN link AS r ON l.dst = r.src;

CREATE LOCAL VIEW not_a_hop AS
SELECT *
FROM tri_hop AS l
WHERE NOT EXISTS (SELECT 1 FROM hop AS r WHERE l.src = r.src AND l.dst = r.dst);

CREATE VIEW only_tri_hop AS
SELECT DISTINCT *
FROM not_a_hop;

CREATE LOCAL VIEW hop_cost AS
SELECT l.src, r.dst, (l.cost + r.cost) AS cost
FROM link AS l
JOIN link AS r ON l.dst = r.src;

CREATE VIEW min_cost_hop AS
SELECT src, dst, MIN(cost) AS cost
FROM hop_cost
GROUP BY src, dst;
