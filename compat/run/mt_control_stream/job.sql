-- Seed: "Multi-table control stream" (Confluent Cloud page).
-- Both tables declare watermarks, so ptfhost merges them by event time: the
-- control row (earlier timestamp) reaches the function before the events.
-- Flink prints both co-partition key columns (tenant_id, tenant_id0); the
-- seed's table abbreviates them to one.
CREATE FUNCTION MtControlStream
AS 'com.example.MtControlStream'
USING JAR '@SEEDS_JAR@';

CREATE TABLE events (
  tenant_id STRING,
  payload STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'filesystem', 'path' = 'events.json', 'format' = 'json');

CREATE TABLE control (
  tenant_id STRING,
  `mode` STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'filesystem', 'path' = 'control.json', 'format' = 'json');

SELECT *
FROM MtControlStream(
    events  => TABLE events  PARTITION BY tenant_id,
    control => TABLE control PARTITION BY tenant_id,
    uid     => 'mt-control-stream-v1'
);
