-- Test input typed with CAST inside VALUES, the way PTF projects write it:
-- the readings of compat/run/median as a view over VALUES feeding the seed's
-- "Trailing median PTF". The rows are median's (same types: INT, DOUBLE,
-- TIMESTAMP(3)), plus a second sensor with its own median. Expected rows
-- follow Flink's semantics: the view's column types are the CASTs' types.
CREATE FUNCTION Median
AS 'com.example.Median'
USING JAR '@SEEDS_JAR@';

CREATE VIEW temperature_readings AS SELECT * FROM (VALUES
  (1, CAST(20 AS DOUBLE), CAST('2026-01-01 00:00:00.000' AS TIMESTAMP(3))),
  (1, CAST(22 AS DOUBLE), CAST('2026-01-01 00:00:01.000' AS TIMESTAMP(3))),
  (1, CAST(21 AS DOUBLE), CAST('2026-01-01 00:00:02.000' AS TIMESTAMP(3))),
  (1, CAST(24 AS DOUBLE), CAST('2026-01-01 00:00:03.000' AS TIMESTAMP(3))),
  (1, CAST(23 AS DOUBLE), CAST('2026-01-01 00:00:04.000' AS TIMESTAMP(3))),
  (2, CAST('10.5' AS DOUBLE), CAST('2026-01-01 00:00:05.000' AS TIMESTAMP(3)))
) AS T(sensor_id, temperature, ts);

SELECT *
FROM Median(
  input        => TABLE temperature_readings PARTITION BY sensor_id,
  numTrailing  => 3,
  uid          => 'median-v1'
);
