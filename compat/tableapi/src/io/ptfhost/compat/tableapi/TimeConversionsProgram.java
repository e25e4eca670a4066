package io.ptfhost.compat.tableapi;

import static org.apache.flink.table.api.Expressions.descriptor;

import io.ptfhost.compat.TimeConversions;

import org.apache.flink.table.api.TableEnvironment;

/** process-time-conversions-table-api: on_time as descriptor("ts").asArgument("on_time"). */
public class TimeConversionsProgram {
    public static void main(String[] args) throws Exception {
        TableEnvironment env = Setup.env();
        Setup.timedSource(env, "t", args[0], "0.001");
        Setup.sink(env, Setup.TIMED_BASE_SINK);
        env.fromCall(TimeConversions.class, env.from("t").asArgument("r"), descriptor("ts").asArgument("on_time"))
                .executeInsert("sink").await();
    }
}
