-- Two inputs combined with UNION ALL into one PTF, the way real projects feed a
-- function from several generators: the seed "Inactivity alert PTF with timers"
-- (compat/run/inactivity_alert, the same five events in one table) over a view
-- that is the UNION ALL of web and app events, both with event time. Expected
-- rows follow Flink's semantics: the union's watermark is the minimum of its
-- inputs', so carol's timer (00:01:00) fires once both inputs have passed it
-- (after dave's row) and the rest at the end of input, as with one table.
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

CREATE VIEW user_events AS
SELECT user_id, event_time FROM web_events
UNION ALL
SELECT user_id, event_time FROM app_events;

SELECT user_id, alert_type, rowtime
FROM InactivityAlert(
    input => TABLE user_events PARTITION BY user_id,
    on_time => DESCRIPTOR(event_time),
    uid => 'inactivity-v1'
);
