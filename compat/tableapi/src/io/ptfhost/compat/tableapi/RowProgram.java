package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.Expressions.lit;

import io.ptfhost.compat.RowSemanticTable;

import org.apache.flink.table.api.TableEnvironment;

/**
 * process-row-table-api (fromCall, named), process-row-table-api-inline (Table.process by
 * position) and process-row-table-api-inline-named (Table.process, named scalar): table with
 * row semantics. args[0] picks the variant.
 */
public class RowProgram {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = Setup.env();
        Setup.basicValues(env);
        Setup.sink(env, Setup.BASE_SINK);
        switch (args[0]) {
            case "table-api":
                env.fromCall(RowSemanticTable.class, env.from("t").asArgument("r"), lit(1).asArgument("i"))
                        .executeInsert("sink").await();
                break;
            case "inline":
                env.from("t").process(RowSemanticTable.class, 1).executeInsert("sink").await();
                break;
            case "inline-named":
                env.from("t").process(RowSemanticTable.class, lit(1).asArgument("i")).executeInsert("sink").await();
                break;
            default:
                throw new IllegalArgumentException("variant: table-api | inline | inline-named");
        }
    }
}
