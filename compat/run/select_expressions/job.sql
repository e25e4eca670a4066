-- SELECT-list expressions over a PTF call, a table and a view (native/expr).
-- Expected rows follow Flink's semantics, derived by hand:
--   payload.amount / payload.Keys['pk'] are NULL when the payload or the key
--   is absent; NULL > 10 is UNKNOWN, so CASE takes ELSE; DECIMAL(10, 2) * 2
--   keeps scale 2; TO_TIMESTAMP_LTZ(ts, 3) prints as an Instant; EXPR$0 is
--   the function's per-user count (1, 2, ... in file order).
CREATE FUNCTION PassThroughEnrich AS 'com.example.PassThroughEnrich' USING JAR '@SEEDS_JAR@';

CREATE TABLE events (
  user_id INT,
  kind STRING,
  url STRING,
  payload ROW<Keys MAP<STRING, STRING>, amount DECIMAL(10, 2)>,
  ts BIGINT
) WITH ('connector' = 'filesystem', 'path' = 'events.json', 'format' = 'json');

SELECT user_id, UPPER(kind) AS kind, COALESCE(url, '/none') AS url, payload.amount, payload.Keys['pk'],
       payload.amount * 2 AS doubled,
       CASE WHEN payload.amount > 10 THEN 'big' ELSE 'small' END AS size,
       TO_TIMESTAMP_LTZ(ts, 3) AS event_time, EXPR$0 + 1 AS next_count, 'v1' AS version
FROM PassThroughEnrich(input => TABLE events PARTITION BY user_id);

-- over a table: arithmetic, a function, IS NULL
SELECT user_id * 10 AS uid10, CHAR_LENGTH(url), url IS NULL FROM events WHERE user_id >= 2;

-- over a view whose column is an expression: || and INT + DECIMAL
CREATE VIEW kinds AS SELECT user_id, UPPER(kind) AS k FROM events;
SELECT k || '!' AS shout, user_id + 0.5 FROM kinds WHERE k <> 'BUY';
