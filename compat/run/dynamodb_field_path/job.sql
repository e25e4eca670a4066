-- The field paths real jobs use on DynamoDB-style change records (a map of
-- attribute rows: payload.Keys['pk'].S), filtered with IN. Expected rows
-- follow Flink's semantics: REMOVE is not in the list; a key absent from the
-- map gives NULL, and so does the field of that NULL row.
CREATE TABLE cdc (
  eventName STRING,
  payload ROW<Keys MAP<STRING, ROW<S STRING>>, NewImage MAP<STRING, ROW<S STRING, N STRING>>>
) WITH ('connector' = 'filesystem', 'path' = 'cdc.json', 'format' = 'json');

SELECT payload.Keys['pk'].S AS pk, CAST(payload.NewImage['qty'].N AS INT) AS qty, eventName
FROM cdc
WHERE eventName IN ('INSERT', 'MODIFY') AND payload.Keys['pk'].S NOT IN ('user#9');
