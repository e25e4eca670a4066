-- A WHERE around a PTF call with the expressions real jobs use: IN, CASE,
-- string functions, COALESCE, a map/row field path, TO_TIMESTAMP_LTZ. The
-- condition applies to the function's output rows (the pass-through columns
-- and the per-user count EXPR$0); expected rows follow Flink's semantics:
--   row 1: '/home' is neither '/shop' nor '/none'           -> dropped
--   row 2: view, '/shop', amount 25.50 is 'big', pk 'a2'      -> kept
--   row 3: kind 'buy' is not in the list                      -> dropped
--   row 4: LOWER('/SHOP'), amount NULL is 'unknown', no 'pk'  -> kept
--   row 5: url NULL -> '/none', payload NULL -> field NULL     -> kept
CREATE FUNCTION PassThroughEnrich AS 'com.example.PassThroughEnrich' USING JAR '@SEEDS_JAR@';

CREATE TABLE events (
  user_id INT,
  kind STRING,
  url STRING,
  payload ROW<Keys MAP<STRING, STRING>, amount DECIMAL(10, 2)>,
  ts BIGINT
) WITH ('connector' = 'filesystem', 'path' = 'events.json', 'format' = 'json');

SELECT *
FROM PassThroughEnrich(input => TABLE events PARTITION BY user_id)
WHERE kind IN ('click', 'view')
  AND LOWER(SUBSTRING(COALESCE(url, '/none'), 1, 5)) IN ('/shop', '/none')
  AND CASE WHEN payload.amount IS NULL THEN 'unknown'
           WHEN payload.amount > 10 THEN 'big'
           ELSE 'small' END <> 'small'
  AND COALESCE(payload.Keys['pk'], 'none') NOT LIKE 'a1%'
  AND EXTRACT(YEAR FROM TO_TIMESTAMP_LTZ(ts, 3)) = 2023
  AND EXPR$0 BETWEEN 1 AND 2;
