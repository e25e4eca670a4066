package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.lit;

import io.ptfhost.compat.TypedSetSemanticTable;

import org.apache.flink.table.api.TableEnvironment;

/** process-typed-set-table-api: a POJO table argument with set semantics. */
public class TypedSetProgram {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = Setup.env();
        Setup.basicValues(env);
        Setup.sink(env, Setup.KEYED_BASE_SINK);
        env.fromCall(TypedSetSemanticTable.class, env.from("t").partitionBy($("name")).asArgument("u"),
                lit(1).asArgument("i")).executeInsert("sink").await();
    }
}
