-- Seed: LongViews (CMF page): row semantics, named arguments.
CREATE FUNCTION long_views AS 'com.example.LongViews' USING JAR '@SEEDS_JAR@';

CREATE TABLE clicks (
  user_id INT,
  url STRING,
  view_time INT
) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');

SELECT * FROM long_views(input => TABLE clicks, min_view_time => 100);
