-- Seed: "Pass-through columns" (Confluent Cloud page). The seed reads
-- examples.marketplace.clicks; ptfhost resolves a qualified name by its last part.
CREATE FUNCTION PassThroughEnrich
AS 'com.example.PassThroughEnrich'
USING JAR '@SEEDS_JAR@';

CREATE TABLE clicks (
  user_id INT,
  click_id STRING,
  url STRING
) WITH (
  'connector' = 'filesystem',
  'path' = 'clicks.json',
  'format' = 'json'
);

SELECT *
FROM PassThroughEnrich(
    input => TABLE examples.marketplace.clicks PARTITION BY user_id,
    uid   => 'pass-through-enrich-v1'
);
