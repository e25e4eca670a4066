package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.lit;

import io.ptfhost.compat.SetSemanticTable;

import org.apache.flink.table.api.TableEnvironment;

/**
 * process-set-table-api (fromCall with partitionBy(...).asArgument), process-set-table-api-inline
 * (PartitionedTable.process by position) and process-set-table-api-inline-named (named scalar):
 * table with set semantics. args[0] picks the variant.
 */
public class SetProgram {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = Setup.env();
        Setup.basicValues(env);
        Setup.sink(env, Setup.KEYED_BASE_SINK);
        switch (args[0]) {
            case "table-api":
                env.fromCall(SetSemanticTable.class, env.from("t").partitionBy($("name")).asArgument("r"),
                        lit(1).asArgument("i")).executeInsert("sink").await();
                break;
            case "inline":
                env.from("t").partitionBy($("name")).process(SetSemanticTable.class, 1)
                        .executeInsert("sink").await();
                break;
            case "inline-named":
                env.from("t").partitionBy($("name")).process(SetSemanticTable.class, lit(1).asArgument("i"))
                        .executeInsert("sink").await();
                break;
            default:
                throw new IllegalArgumentException("variant: table-api | inline | inline-named");
        }
    }
}
