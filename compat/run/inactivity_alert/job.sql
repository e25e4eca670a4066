-- Seed: "Inactivity alert PTF with timers" (Confluent Cloud page). idle_ms is
-- wall-clock based in the seed's code, so this job selects the rows' other
-- columns: carol's deadline passes when dave's later event moves the
-- watermark; the others fire at the end of input (watermark +inf).
CREATE FUNCTION InactivityAlert
AS 'com.example.InactivityAlert'
USING JAR '@SEEDS_JAR@';

CREATE TABLE user_events (
  user_id STRING,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
) WITH ('connector' = 'filesystem', 'path' = 'user_events.json', 'format' = 'json');

SELECT user_id, alert_type, rowtime
FROM InactivityAlert(
    input => TABLE user_events PARTITION BY user_id,
    on_time => DESCRIPTOR(event_time),
    uid => 'inactivity-v1'
);
