-- Apache Flink SQL exported by DBSP Studio from "hop, tri_hop, only_tri_hop, min_cost_hop"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE link (
  src STRING NOT NULL,
  dst STRING NOT NULL,
  cost INT NOT NULL
) WITH (
  'connector' = 'kafka',
  'topic' = 'link',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE VIEW hop AS
SELECT l.src, r.dst
FROM link AS l
JOIN link AS r ON l.dst = r.src;

CREATE VIEW tri_hop AS
SELECT l.src, r.dst
FROM hop AS l
JOIN link AS r ON l.dst = r.src;

CREATE VIEW not_a_hop AS
SELECT *
FROM tri_hop AS l
WHERE NOT EXISTS (SELECT 1 FROM hop AS r WHERE l.src = r.src AND l.dst = r.dst);

CREATE VIEW only_tri_hop AS
SELECT DISTINCT *
FROM not_a_hop;

CREATE VIEW hop_cost AS
SELECT l.src, r.dst, (l.cost + r.cost) AS cost
FROM link AS l
JOIN link AS r ON l.dst = r.src;

CREATE VIEW min_cost_hop AS
SELECT src, dst, MIN(cost) AS cost
FROM hop_cost
GROUP BY src, dst;

-- One sink per output view; 'print' writes the changelog to the task managers' logs.
CREATE TABLE hop_sink (
  src STRING,
  dst STRING
) WITH ('connector' = 'print');

CREATE TABLE tri_hop_sink (
  src STRING,
  dst STRING
) WITH ('connector' = 'print');

CREATE TABLE only_tri_hop_sink (
  src STRING,
  dst STRING
) WITH ('connector' = 'print');

CREATE TABLE min_cost_hop_sink (
  src STRING,
  dst STRING,
  cost INT
) WITH ('connector' = 'print');

EXECUTE STATEMENT SET BEGIN
INSERT INTO hop_sink SELECT * FROM hop;
INSERT INTO tri_hop_sink SELECT * FROM tri_hop;
INSERT INTO only_tri_hop_sink SELECT * FROM only_tri_hop;
INSERT INTO min_cost_hop_sink SELECT * FROM min_cost_hop;
END;
