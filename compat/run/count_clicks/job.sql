-- Seed: CountClicks (CMF page): set semantics, named state.
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '@SEEDS_JAR@';

SHOW USER FUNCTIONS;

CREATE TABLE clicks (
  user_id INT,
  url STRING
) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');

SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
