-- Seed: "Pass-through columns" (Confluent Cloud page). The seed reads
-- examples.marketplace.clicks; this job reads its own clicks table with the page's rows
-- (tests/cli/run_examples_catalog.sh runs the snippet verbatim on the examples catalog).
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
    input => TABLE clicks PARTITION BY user_id,
    uid   => 'pass-through-enrich-v1'
);
