-- Seed: "Changelog audit trail" (Confluent Cloud page). The seed's upsert table
-- gets its changelog from a Debezium file: an update is a -U/+U pair, which the
-- PTF's REQUIRE_UPDATE_BEFORE argument receives as such.
CREATE FUNCTION ChangelogAuditor
AS 'com.example.ChangelogAuditor'
USING JAR '@SEEDS_JAR@';

CREATE TABLE currency_rates (
    currency    STRING,
    rate        DECIMAL(10, 4),
    update_time TIMESTAMP(3),
    PRIMARY KEY (currency) NOT ENFORCED
) WITH (
    'connector' = 'filesystem',
    'path' = 'rates.json',
    'format' = 'debezium-json'
);

SELECT *
FROM ChangelogAuditor(
    input => TABLE currency_rates PARTITION BY currency,
    uid   => 'changelog-auditor-v1'
);
