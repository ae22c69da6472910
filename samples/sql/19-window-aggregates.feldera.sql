-- Feldera SQL exported by DBSP Studio from "Window aggregates over a stream of readings (OVER … ROWS / RANGE)"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE readings (
  sensor VARCHAR NOT NULL,
  t INT NOT NULL,
  temp INT NOT NULL
);

CREATE VIEW last_two AS
SELECT sensor, t, temp, SUM(temp) OVER (PARTITION BY sensor ORDER BY t ASC NULLS FIRST, sensor ASC NULLS FIRST, t ASC NULLS FIRST, temp ASC NULLS FIRST ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS sum2
FROM readings;

CREATE VIEW hottest_10s AS
SELECT sensor, t, temp, MAX(temp) OVER (PARTITION BY sensor ORDER BY t ASC NULLS FIRST RANGE BETWEEN 10 PRECEDING AND CURRENT ROW) AS max10
FROM readings;
