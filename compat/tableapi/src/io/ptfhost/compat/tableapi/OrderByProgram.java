package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.descriptor;

import io.ptfhost.compat.OrderBy;

import org.apache.flink.table.api.TableEnvironment;

/** process-order-by-table-api (Flink 2.3): partitionBy(...).orderBy($("ts").asc(), $("score").desc()). */
public class OrderByProgram {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = Setup.env();
        env.createTemporarySystemFunction("f", OrderBy.class);
        Setup.timedSource(env, "t_large", args[0], "0.010");
        Setup.sink(env, Setup.KEYED_TIMED_BASE_SINK);
        env.fromCall(OrderBy.class,
                env.from("t_large").partitionBy($("name")).orderBy($("ts").asc(), $("score").desc()).asArgument("r"),
                descriptor("ts").asArgument("on_time")).executeInsert("sink").await();
    }
}
