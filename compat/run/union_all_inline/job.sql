-- compat/run/union_all_inactivity with the UNION ALL written inline as the
-- PTF's table argument, as Flink allows (a subquery in parentheses, then
-- PARTITION BY): the same rows, in the same order, as over the view.
CREATE FUNCTION InactivityAlert
AS 'com.example.InactivityAlert'
USING JAR '@SEEDS_JAR@';

CREATE TABLE web_events (
  user_id STRING,
  ts BIGINT,
  event_time AS CAST(TO_TIMESTAMP_LTZ(ts, 3) AS TIMESTAMP(3)),
  WATERMARK FOR event_time AS event_time
) WITH ('connector' = 'filesystem', 'path' = 'web_events.json', 'format' = 'json');

CREATE TABLE app_events (
  user_id STRING,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
) WITH ('connector' = 'filesystem', 'path' = 'app_events.json', 'format' = 'json');

SELECT user_id, alert_type, rowtime
FROM InactivityAlert(
    input => (
      SELECT user_id, event_time FROM web_events
      UNION ALL
      SELECT user_id, event_time FROM app_events
    ) PARTITION BY user_id,
    on_time => DESCRIPTOR(event_time),
    uid => 'inactivity-v1'
);
