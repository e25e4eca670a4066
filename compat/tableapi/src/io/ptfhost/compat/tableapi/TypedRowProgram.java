package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.Expressions.lit;

import io.ptfhost.compat.TypedRowSemanticTable;

import org.apache.flink.table.api.TableEnvironment;

/** process-typed-row-table-api: a POJO table argument with row semantics. */
public class TypedRowProgram {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = Setup.env();
        Setup.basicValues(env);
        Setup.sink(env, Setup.BASE_SINK);
        env.fromCall(TypedRowSemanticTable.class, env.from("t").asArgument("u"), lit(1).asArgument("i"))
                .insertInto("sink")
                .execute()
                .await();
    }
}
