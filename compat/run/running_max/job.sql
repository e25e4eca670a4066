-- Seed: "Emit a changelog" (Confluent Cloud page): RunningMax emits an upsert
-- changelog; with --materialize ptfhost prints the table it converges to.
CREATE FUNCTION RunningMax
AS 'com.example.RunningMax'
USING JAR '@SEEDS_JAR@';

CREATE TABLE rate_observations (
    currency STRING,
    rate     DECIMAL(10, 4)
) WITH ('connector' = 'filesystem', 'path' = 'rate_observations.json', 'format' = 'json');

SELECT *
FROM RunningMax(
    input => TABLE rate_observations PARTITION BY currency,
    uid   => 'running-max-v1'
);
