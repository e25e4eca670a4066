-- A PTF over events that arrive as raw JSON text, the way projects read a
-- topic whose schema they do not declare: columns are computed with
-- JSON_VALUE (RETURNING INT), the page's first path segment with
-- REGEXP_EXTRACT, rows without a user are dropped with JSON_EXISTS in WHERE,
-- and the event time is shown in the session time zone. The seed's
-- CountClicks counts per user (compat/run/count_clicks).
SET 'table.local-time-zone' = 'Europe/Berlin';

CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '@SEEDS_JAR@';

CREATE TABLE raw_clicks (
  payload STRING,
  ts BIGINT,
  user_id AS JSON_VALUE(payload, '$.user.id' RETURNING INT),
  url AS REGEXP_EXTRACT(JSON_VALUE(payload, '$.page'), '^(/[a-z]+)', 1),
  event_time AS TO_TIMESTAMP_LTZ(ts, 3)
) WITH ('connector' = 'filesystem', 'path' = 'raw_clicks.json', 'format' = 'json');

SELECT user_id, url, CAST(event_time AS STRING) AS local_time
FROM raw_clicks WHERE JSON_EXISTS(payload, '$.user');

SELECT * FROM count_clicks(
  input => (SELECT user_id, url FROM raw_clicks WHERE JSON_EXISTS(payload, '$.user')) PARTITION BY user_id);
