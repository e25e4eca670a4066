-- The event-time pattern real jobs use: the rowtime is a computed column over
-- the epoch milliseconds the data carries, with a WATERMARK on it, feeding
-- the timer PTF of the seed "Inactivity alert PTF with timers" (see
-- compat/run/inactivity_alert, the same events with a physical TIMESTAMP(3)
-- column). Expected rows follow Flink's semantics:
-- 1. event_time AS CAST(TO_TIMESTAMP_LTZ(ts, 3) AS TIMESTAMP(3)) (UTC): the
--    rows are inactivity_alert's, byte for byte.
-- 2. event_time AS TO_TIMESTAMP_LTZ(ts, 3) with a 5 s delay: the watermark
--    after dave's row is 00:01:25, still past carol's deadline 00:01:00, so
--    the order is the same; rowtime is a TIMESTAMP_LTZ, printed as an Instant.
CREATE FUNCTION InactivityAlert
AS 'com.example.InactivityAlert'
USING JAR '@SEEDS_JAR@';

CREATE TABLE user_events (
  user_id STRING,
  ts BIGINT,
  event_time AS CAST(TO_TIMESTAMP_LTZ(ts, 3) AS TIMESTAMP(3)),
  WATERMARK FOR event_time AS event_time
) WITH ('connector' = 'filesystem', 'path' = 'user_events.json', 'format' = 'json');

SELECT user_id, alert_type, rowtime
FROM InactivityAlert(
    input => TABLE user_events PARTITION BY user_id,
    on_time => DESCRIPTOR(event_time),
    uid => 'inactivity-v1'
);

CREATE TABLE user_events_ltz (
  user_id STRING,
  ts BIGINT,
  event_time AS TO_TIMESTAMP_LTZ(ts, 3),
  WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND
) WITH ('connector' = 'filesystem', 'path' = 'user_events.json', 'format' = 'json');

SELECT user_id, alert_type, rowtime
FROM InactivityAlert(
    input => TABLE user_events_ltz PARTITION BY user_id,
    on_time => DESCRIPTOR(event_time),
    uid => 'inactivity-ltz'
);
