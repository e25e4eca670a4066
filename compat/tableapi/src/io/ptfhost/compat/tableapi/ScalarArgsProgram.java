package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.Expressions.lit;

import io.ptfhost.compat.ScalarArgs;

import org.apache.flink.table.api.TableEnvironment;

/** process-scalar-args-table-api: no table as input. */
public class ScalarArgsProgram {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = Setup.env();
        Setup.sink(env, Setup.BASE_SINK);
        env.fromCall(ScalarArgs.class, lit(42).asArgument("i"), lit(true).asArgument("b"))
                .executeInsert("sink")
                .await();
    }
}
