package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.DataTypes.INT;
import static org.apache.flink.table.api.DataTypes.STRING;
import static org.apache.flink.table.api.DataTypes.TIMESTAMP_LTZ;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;

/**
 * What Flink's ProcessTableFunctionTestPrograms set up before a Table API program: the
 * BASIC_VALUES view, the timed sources (TIMED_SOURCE, TIMED_SOURCE_LATE_EVENTS_LARGE) as JSON
 * files with Flink's rows, and the sink of each schema (a print table, so its rows are the output).
 */
final class Setup {
    private Setup() {}

    static TableEnvironment env() {
        return TableEnvironment.create(EnvironmentSettings.inStreamingMode());
    }

    /** BASIC_VALUES: t(name, score) = (Bob, 12), (Alice, 42). */
    static void basicValues(TableEnvironment env) {
        env.executeSql("CREATE VIEW t AS SELECT * FROM (VALUES ('Bob', 12), ('Alice', 42)) AS T(name, score)");
    }

    /** A timed source: name STRING, score INT, ts TIMESTAMP_LTZ(3), watermark ts - delay. */
    static void timedSource(TableEnvironment env, String table, String dataDir, String delay) {
        Schema schema = Schema.newBuilder()
                .column("name", STRING())
                .column("score", INT())
                .column("ts", TIMESTAMP_LTZ(3))
                .watermark("ts", "ts - INTERVAL '" + delay + "' SECOND")
                .build();
        env.createTemporaryTable(table, TableDescriptor.forConnector("filesystem")
                .schema(schema)
                .option("path", dataDir + "/" + table + ".json")
                .format("json")
                .build());
    }

    /** The sink: a print table of the given columns ("`out` STRING", ...). */
    static void sink(TableEnvironment env, String... columns) {
        Schema.Builder schema = Schema.newBuilder();
        for (String c : columns) {
            String[] nameType = c.split(" ", 2);
            schema.column(nameType[0], nameType[1]);
        }
        env.createTemporaryTable("sink", TableDescriptor.forConnector("print").schema(schema.build()).build());
    }

    static final String[] BASE_SINK = {"out STRING"};
    static final String[] KEYED_BASE_SINK = {"name STRING", "out STRING"};
    static final String[] TIMED_BASE_SINK = {"out STRING", "rowtime TIMESTAMP_LTZ(3)"};
    static final String[] KEYED_TIMED_BASE_SINK = {"name STRING", "out STRING", "rowtime TIMESTAMP_LTZ(3)"};
}
