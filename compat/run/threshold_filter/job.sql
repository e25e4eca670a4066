-- Seed: "Stateless threshold filter PTF" (Confluent Cloud page).
-- `value` is a reserved word in Flink SQL, so the DDL quotes it.
CREATE FUNCTION ThresholdFilter AS 'com.example.ThresholdFilter' USING JAR '@SEEDS_JAR@';

CREATE TABLE sensor_readings (
  sensor_id INT,
  `value` DOUBLE
) WITH (
  'connector' = 'filesystem',
  'path' = 'sensor_readings.json',
  'format' = 'json'
);

SELECT *
FROM ThresholdFilter(
    input     => TABLE sensor_readings PARTITION BY sensor_id,
    threshold => 100.0
);
