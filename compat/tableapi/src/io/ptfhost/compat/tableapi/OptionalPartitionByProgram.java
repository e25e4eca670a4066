package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.Expressions.lit;

import io.ptfhost.compat.OptionalPartitionBy;

import org.apache.flink.table.api.TableEnvironment;

/** process-optional-partition-by-table-api: a set-semantics table passed without partitionBy. */
public class OptionalPartitionByProgram {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = Setup.env();
        Setup.basicValues(env);
        Setup.sink(env, Setup.BASE_SINK);
        env.fromCall(OptionalPartitionBy.class, env.from("t").asArgument("r"), lit(1).asArgument("i"))
                .executeInsert("sink").await();
    }
}
