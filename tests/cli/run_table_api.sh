#!/usr/bin/env bash
# Table API programs through `ptfhost run [-c MAIN_CLASS] app.jar [args...]`:
# the seed's Step 3a as a complete program (CREATE TABLE through executeSql,
# then partitionBy/process/execute().print()) prints the seed page's rows in
# Flink's TableResult.print() layout; the manifest's Main-Class is used
# without -c; the program's arguments reach main; collect() returns the rows
# print() prints, typed and with their kinds; the other operations; an
# exception in main fails the run (exit 1) with the program's stack trace;
# batch mode and the DataStream API fail naming the call; a DDL result
# prints Flink's OK table; a missing main class names itself; fromValues,
# unionAll, intervals, Schema/TableDescriptor tables and sinks and
# getResolvedSchema.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
SHIM=$PTFHOST_BUILD/java/ptfhost-shim.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; shift; [ $# -gt 0 ] && cat "$@" | head -40; }

mkdir -p "$W/src/com/example" "$W/cls"
cp "$PTFHOST_ROOT/compat/seeds/src/com/example/Median.java" "$W/src/com/example/"
cp "$PTFHOST_ROOT/compat/seeds/src/com/example/LongViews.java" "$W/src/com/example/"
cp "$PTFHOST_ROOT/compat/run/median/temperature_readings.json" "$PTFHOST_ROOT/compat/run/long_views/clicks.json" "$W/"
cat >"$W/src/com/example/MedianApp.java" <<'JAVA'
package com.example;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.lit;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

public class MedianApp {
    public static void main(String[] args) {
        TableEnvironment tableEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tableEnv.executeSql(
            "CREATE TABLE temperature_readings (\n"
                + "  sensor_id INT,\n"
                + "  temperature DOUBLE,\n"
                + "  ts TIMESTAMP(3),\n"
                + "  WATERMARK FOR ts AS ts\n"
                + ") WITH ('connector' = 'filesystem', 'path' = '" + args[0] + "', 'format' = 'json')");
        tableEnv.from("temperature_readings")
            .partitionBy($("sensor_id"))
            .process(Median.class, lit(3).asArgument("numTrailing"))
            .execute()
            .print();
    }
}
JAVA
cat >"$W/src/com/example/CollectApp.java" <<'JAVA'
package com.example;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.lit;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

public class CollectApp {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.executeSql("CREATE TABLE temperature_readings (sensor_id INT, temperature DOUBLE, ts TIMESTAMP(3),"
            + " WATERMARK FOR ts AS ts) WITH ('connector' = 'filesystem', 'path' = '" + args[0] + "',"
            + " 'format' = 'json')");
        env.createTemporarySystemFunction("Median", Median.class);
        Table medians = env.from("temperature_readings")
            .partitionBy($("sensor_id"))
            .process("Median", lit(3).asArgument("numTrailing"));
        try (CloseableIterator<Row> it = medians.execute().collect()) {
            while (it.hasNext()) {
                Row r = it.next();
                Double median = r.getFieldAs("median");
                System.out.println(r + " " + r.getKind() + " " + median.getClass().getSimpleName());
            }
        }
        try (CloseableIterator<Row> it = medians.where($("median").isGreater(21.5)).execute().collect()) {
            while (it.hasNext()) System.out.println("where " + it.next());
        }
    }
}
JAVA
cat >"$W/src/com/example/OpsApp.java" <<'JAVA'
package com.example;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.lit;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableException;

public class OpsApp {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.newInstance().inStreamingMode().build());
        env.executeSql("CREATE TABLE clicks (user_id INT, url STRING, view_time INT)"
            + " WITH ('connector' = 'filesystem', 'path' = '" + args[0] + "', 'format' = 'json')");
        env.createFunction("long_views", LongViews.class);
        System.out.println("-- row semantics, a registered function");
        env.from("clicks").process("long_views", lit(100).asArgument("min_view_time")).execute().print();
        System.out.println("-- where, select, a temporary view, executeSql");
        Table slow = env.from("clicks").where($("view_time").isLess(100))
            .select($("url"), $("view_time").plus(1).as("v"));
        env.createTemporaryView("slow", slow);
        env.executeSql("SELECT * FROM slow").print();
        System.out.println("-- fromCall with a table argument");
        env.fromCall("long_views", env.from("clicks").asArgument("input"), lit(110).asArgument("min_view_time"))
            .execute().print();
        System.out.println("-- an empty result");
        env.from("clicks").where($("view_time").isGreater(1000)).execute().print();
        System.out.println("-- insertInto a print sink");
        env.executeSql("CREATE TABLE sink (url STRING, view_time INT) WITH ('connector' = 'print')");
        env.from("clicks").process(LongViews.class, lit(100).asArgument("min_view_time"))
            .insertInto("sink").execute().await();
        System.out.println("-- what ptfhost lacks fails naming the call");
        try {
            env.from("clicks").join(env.from("clicks"));
        } catch (TableException e) {
            System.out.println(e.getMessage());
        }
    }
}
JAVA
cat >"$W/src/com/example/BuildersApp.java" <<'JAVA'
package com.example;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.lit;
import static org.apache.flink.table.api.Expressions.row;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;

import java.time.Duration;
import java.util.Arrays;

public class BuildersApp {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        System.out.println("-- fromValues: rows, a row type, an Iterable");
        env.fromValues(row("Bob", 12), row("Alice", 42)).execute().print();
        Table typed = env.fromValues(DataTypes.ROW(DataTypes.FIELD("name", DataTypes.STRING()),
                DataTypes.FIELD("score", DataTypes.BIGINT())), Row.of("Bob", 12), Row.of("Alice", 42));
        typed.execute().collect().forEachRemaining(r -> System.out.println(r + " " + r.getField(1).getClass().getSimpleName()));
        env.fromValues(Arrays.asList(1, 2)).execute().print();
        System.out.println("-- unionAll");
        env.fromValues(row("x", 1)).unionAll(env.fromValues(row("z", 3))).execute().print();
        System.out.println("-- intervals, lit(Duration)");
        env.fromValues(1).select(lit(2).hours().as("h"), lit(Duration.ofMillis(1500)).as("d"), lit(5).millis().as("m"))
            .execute().print();
        System.out.println("-- Schema and TableDescriptor");
        env.createTemporaryTable("readings", TableDescriptor.forConnector("filesystem")
            .schema(Schema.newBuilder().column("sensor_id", DataTypes.INT()).column("temperature", "DOUBLE")
                .column("ts", DataTypes.TIMESTAMP(3)).watermark("ts", "ts - INTERVAL '1' SECOND").build())
            .option("path", args[0]).format("json").build());
        TableResult readings = env.from("readings").where($("temperature").isGreater(22)).execute();
        System.out.println(readings.getResolvedSchema());
        readings.collect().forEachRemaining(System.out::println);
        env.createTemporaryTable("sink", TableDescriptor.forConnector("print")
            .schema(Schema.newBuilder().column("name", DataTypes.STRING()).column("score", "INT").build()).build());
        env.fromValues(row("Bob", 12)).executeInsert("sink").await();
        TableDescriptor bh = TableDescriptor.forConnector("blackhole")
            .schema(Schema.newBuilder().column("a", DataTypes.INT()).build()).build();
        System.out.println("createTable " + env.createTable("bh", bh, true) + " " + env.createTable("bh", bh, true));
        TableResult ins = env.fromValues(row("Carol", 7)).insertInto(TableDescriptor.forConnector("print")
            .schema(Schema.newBuilder().column("name", DataTypes.STRING()).column("score", DataTypes.INT()).build())
            .build()).execute();
        System.out.println(ins.getResolvedSchema().getColumnNames() + " " + ins.getResultKind());
        System.out.println("-- what ptfhost lacks fails naming the call");
        Table t = env.fromValues(row("x", 1));
        try {
            t.orderBy($("f0"));
        } catch (TableException e) {
            System.out.println(e.getMessage());
        }
        try {
            t.union(t);
        } catch (TableException e) {
            System.out.println(e.getMessage());
        }
    }
}
JAVA
cat >"$W/src/com/example/Boom.java" <<'JAVA'
package com.example;

public class Boom {
    public static void main(String[] args) {
        explode();
    }

    static void explode() {
        throw new IllegalStateException("boom from main");
    }
}
JAVA
cat >"$W/src/com/example/Batch.java" <<'JAVA'
package com.example;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

public class Batch {
    public static void main(String[] args) {
        TableEnvironment.create(EnvironmentSettings.newInstance().inBatchMode().build());
    }
}
JAVA
cat >"$W/src/com/example/Streams.java" <<'JAVA'
package com.example;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

public class Streams {
    public static void main(String[] args) {
        StreamTableEnvironment.create(StreamExecutionEnvironment.getExecutionEnvironment());
    }
}
JAVA
cat >"$W/src/com/example/Ddl.java" <<'JAVA'
package com.example;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

public class Ddl {
    public static void main(String[] args) {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.newInstance().inStreamingMode().build());
        env.executeSql("CREATE TABLE t (a INT) WITH ('connector' = 'blackhole')").print();
        System.out.println(env.executeSql("CREATE TABLE u (a INT) WITH ('connector' = 'blackhole')").getResultKind());
    }
}
JAVA
javac --release 17 -parameters -nowarn -cp "$SHIM" -d "$W/cls" "$W"/src/com/example/*.java || { echo "FAIL: javac"; exit 1; }
printf 'Main-Class: com.example.MedianApp\n' >"$W/manifest.txt"
jar --create --file "$W/app.jar" --manifest "$W/manifest.txt" -C "$W/cls" . || exit 1

cat >"$W/expected.txt" <<'TXT'
+----+-------------+--------------------------------+--------------------------------+
| op |   sensor_id |                    temperature |                         median |
+----+-------------+--------------------------------+--------------------------------+
| +I |           1 |                           20.0 |                           20.0 |
| +I |           1 |                           22.0 |                           21.0 |
| +I |           1 |                           21.0 |                           21.0 |
| +I |           1 |                           24.0 |                           22.0 |
| +I |           1 |                           23.0 |                           23.0 |
+----+-------------+--------------------------------+--------------------------------+
5 rows in set
TXT

cd "$W" || exit 1
# the seed's Step 3a, with -c and from the manifest
"$PTFHOST" run -c com.example.MedianApp app.jar temperature_readings.json >out1.txt 2>err1.txt
rc=$?
if [ $rc -eq 0 ] && diff -u expected.txt out1.txt >diff1.txt; then ok; else bad "seed Step 3a with -c (rc $rc)" err1.txt diff1.txt; fi
"$PTFHOST" run app.jar temperature_readings.json >out2.txt 2>err2.txt
rc=$?
if [ $rc -eq 0 ] && diff -u expected.txt out2.txt >diff2.txt; then ok; else bad "Main-Class from the manifest (rc $rc)" err2.txt diff2.txt; fi

# collect(): the rows print() prints, typed and with their kinds; a filter on a PTF's output
cat >expected7.txt <<'TXT'
+I[1, 20.0, 20.0] INSERT Double
+I[1, 22.0, 21.0] INSERT Double
+I[1, 21.0, 21.0] INSERT Double
+I[1, 24.0, 22.0] INSERT Double
+I[1, 23.0, 23.0] INSERT Double
where +I[1, 24.0, 22.0]
where +I[1, 23.0, 23.0]
TXT
"$PTFHOST" run -c com.example.CollectApp app.jar temperature_readings.json >out7.txt 2>err7.txt
rc=$?
if [ $rc -eq 0 ] && diff -u expected7.txt out7.txt >diff7.txt; then ok; else bad "collect (rc $rc)" err7.txt diff7.txt; fi

# the other operations: row semantics, where/select, views, fromCall, an empty
# result, insertInto, a join
cat >expected8.txt <<'TXT'
-- row semantics, a registered function
+----+--------------------------------+-------------+
| op |                            url |   view_time |
+----+--------------------------------+-------------+
| +I |                          /home |         120 |
| +I |                          /cart |         100 |
+----+--------------------------------+-------------+
2 rows in set
-- where, select, a temporary view, executeSql
+----+--------------------------------+-------------+
| op |                            url |           v |
+----+--------------------------------+-------------+
| +I |                          /shop |          41 |
+----+--------------------------------+-------------+
1 row in set
-- fromCall with a table argument
+----+--------------------------------+-------------+
| op |                            url |   view_time |
+----+--------------------------------+-------------+
| +I |                          /home |         120 |
+----+--------------------------------+-------------+
1 row in set
-- an empty result
Empty set
-- insertInto a print sink
+I[/home, 120]
+I[/cart, 100]
-- what ptfhost lacks fails naming the call
ptfhost does not support Table.join(Table): its SQL layer has no joins
TXT
"$PTFHOST" run -c com.example.OpsApp app.jar clicks.json >out8.txt 2>err8.txt
rc=$?
if [ $rc -eq 0 ] && diff -u expected8.txt out8.txt >diff8.txt; then ok; else bad "operations (rc $rc)" err8.txt diff8.txt; fi

# fromValues, unionAll, intervals, Schema/TableDescriptor for tables and sinks, getResolvedSchema
cat >expected10.txt <<'TXT'
-- fromValues: rows, a row type, an Iterable
+----+--------------------------------+-------------+
| op |                             f0 |          f1 |
+----+--------------------------------+-------------+
| +I |                            Bob |          12 |
| +I |                          Alice |          42 |
+----+--------------------------------+-------------+
2 rows in set
+I[Bob, 12] Long
+I[Alice, 42] Long
+----+-------------+
| op |          f0 |
+----+-------------+
| +I |           1 |
| +I |           2 |
+----+-------------+
2 rows in set
-- unionAll
+----+--------------------------------+-------------+
| op |                             f0 |          f1 |
+----+--------------------------------+-------------+
| +I |                              x |           1 |
| +I |                              z |           3 |
+----+--------------------------------+-------------+
2 rows in set
-- intervals, lit(Duration)
+----+--------------------------------+--------------------------------+--------------------------------+
| op |                              h |                              d |                              m |
+----+--------------------------------+--------------------------------+--------------------------------+
| +I |                +0 02:00:00.000 |                +0 00:00:01.500 |                +0 00:00:00.005 |
+----+--------------------------------+--------------------------------+--------------------------------+
1 row in set
-- Schema and TableDescriptor
(
  `sensor_id` INT,
  `temperature` DOUBLE,
  `ts` TIMESTAMP(3)
)
+I[1, 24.0, 2026-01-01T00:00:03]
+I[1, 23.0, 2026-01-01T00:00:04]
+I[Bob, 12]
createTable true false
+I[Carol, 7]
[default_catalog.default_database.*anonymous_print$N*] SUCCESS_WITH_CONTENT
-- what ptfhost lacks fails naming the call
ptfhost does not support Table.orderBy(Expression...): it orders the rows of a PTF's partitions only: partitionBy(...).orderBy(...)
ptfhost does not support Table.union(Table): its SQL layer has UNION ALL only: use unionAll(Table)
TXT
"$PTFHOST" run -c com.example.BuildersApp app.jar temperature_readings.json 2>err10.txt | sed 's/anonymous_print\$[0-9]*/anonymous_print$N/' >out10.txt
rc=${PIPESTATUS[0]}
if [ $rc -eq 0 ] && diff -u expected10.txt out10.txt >diff10.txt; then ok; else bad "builders and fromValues (rc $rc)" err10.txt diff10.txt; fi

# an exception in main: exit 1, the program's stack trace
"$PTFHOST" run -c com.example.Boom app.jar >out3.txt 2>err3.txt
rc=$?
if [ $rc -eq 1 ] && grep -q 'java.lang.IllegalStateException: boom from main' err3.txt &&
   grep -q 'at com.example.Boom.explode(Boom.java' err3.txt && grep -q 'at com.example.Boom.main(Boom.java' err3.txt; then
  ok
else
  bad "exception in main (rc $rc)" err3.txt
fi

# batch mode: one message naming the call
"$PTFHOST" run -c com.example.Batch app.jar >out4.txt 2>err4.txt
rc=$?
if [ $rc -eq 1 ] && grep -q 'ptfhost does not support EnvironmentSettings.inBatchMode(): it runs streaming mode only' err4.txt &&
   ! grep -q NoSuchMethodError err4.txt; then ok; else bad "batch mode (rc $rc)" err4.txt; fi

# the DataStream API: one message naming the call
"$PTFHOST" run -c com.example.Streams app.jar >out9.txt 2>err9.txt
rc=$?
if [ $rc -eq 1 ] && grep -q 'ptfhost does not run the DataStream API: StreamExecutionEnvironment.getExecutionEnvironment() is not supported' err9.txt &&
   ! grep -q 'NoClassDefFoundError\|NoSuchMethodError' err9.txt; then ok; else bad "DataStream API (rc $rc)" err9.txt; fi

# a DDL statement's result prints Flink's OK table
cat >expected5.txt <<'TXT'
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
SUCCESS
TXT
"$PTFHOST" run -c com.example.Ddl app.jar >out5.txt 2>err5.txt
rc=$?
if [ $rc -eq 0 ] && diff -u expected5.txt out5.txt >diff5.txt; then ok; else bad "DDL result (rc $rc)" err5.txt diff5.txt; fi

# a missing class names itself
"$PTFHOST" run -c com.example.Nope app.jar >out6.txt 2>err6.txt
rc=$?
if [ $rc -eq 1 ] && grep -q 'class com.example.Nope not found in app.jar' err6.txt; then ok; else bad "missing main class (rc $rc)" err6.txt; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
