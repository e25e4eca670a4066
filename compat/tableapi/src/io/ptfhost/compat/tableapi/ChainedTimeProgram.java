package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.descriptor;

import io.ptfhost.compat.ChainedReceiving;
import io.ptfhost.compat.ChainedSending;

import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableEnvironment;

/** process-chained-time-table-api: the second PTF reads the first's output and rowtime. */
public class ChainedTimeProgram {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = Setup.env();
        Setup.timedSource(env, "t", args[0], "0.001");
        Setup.sink(env, Setup.KEYED_TIMED_BASE_SINK);
        Table ptf1 = env.fromCall(ChainedSending.class, env.from("t").partitionBy($("name")).asArgument("r"),
                descriptor("ts").asArgument("on_time"));
        env.fromCall(ChainedReceiving.class, ptf1.partitionBy($("name")).asArgument("r"),
                descriptor("rowtime").asArgument("on_time")).executeInsert("sink").await();
    }
}
