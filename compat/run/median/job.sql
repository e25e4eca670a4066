-- Seed: "Trailing median PTF" (Confluent Cloud page), steps 2-4.
CREATE FUNCTION Median
AS 'com.example.Median'
USING JAR '@SEEDS_JAR@';

CREATE TABLE temperature_readings (
  sensor_id INT,
  temperature DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH (
  'connector' = 'filesystem',
  'path' = 'temperature_readings.json',
  'format' = 'json'
);

SELECT *
FROM Median(
  input        => TABLE temperature_readings PARTITION BY sensor_id,
  numTrailing  => 3,
  uid          => 'median-v1'
);
