-- CountClicks (CMF page) with a WHERE around the call: the condition applies
-- to the function's output rows (partition key first, then its fields).
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '@SEEDS_JAR@';

CREATE TABLE clicks (
  user_id INT,
  url STRING
) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');

SELECT user_id, url, click_count AS n
FROM count_clicks(input => TABLE clicks PARTITION BY user_id)
WHERE click_count > 1 AND (user_id = 1 OR url IS NULL) AND NOT url = '/pay';
