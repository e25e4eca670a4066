-- ptfhost's demo job: the README's first command runs it with no setup.
-- A datagen table of orders (deterministic: the same rows every run) is
-- partitioned by user, and the RunningCount PTF (compat/demo) counts each
-- user's orders. The JAR is built by ./build.sh into build/compat/.
CREATE FUNCTION running_count
AS 'com.example.demo.RunningCount'
USING JAR '../../build/compat/demo.jar';

CREATE TABLE orders (
  user_id INT,
  item    STRING
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '10',
  'fields.user_id.min' = '1',
  'fields.user_id.max' = '3',
  'fields.item.length' = '8'
);

SELECT * FROM running_count(input => TABLE orders PARTITION BY user_id);
