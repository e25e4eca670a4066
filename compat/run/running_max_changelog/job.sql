-- Seed: "Emit a changelog", step 3 verbatim: INSERT INTO an upsert sink (here
-- the print connector) shows the +I/+U changelog; 1.0875 is below the
-- running maximum, so nothing is emitted for it.
CREATE FUNCTION RunningMax
AS 'com.example.RunningMax'
USING JAR '@SEEDS_JAR@';

CREATE TABLE rate_observations (
    currency STRING,
    rate     DECIMAL(10, 4)
) WITH ('connector' = 'filesystem', 'path' = 'rate_observations.json', 'format' = 'json');

CREATE TABLE max_rate (
    currency STRING PRIMARY KEY NOT ENFORCED,
    max_rate DECIMAL(10, 4)
) WITH ('connector' = 'print');

INSERT INTO max_rate
SELECT *
FROM RunningMax(
    input => TABLE rate_observations PARTITION BY currency,
    uid   => 'running-max-v1'
);
