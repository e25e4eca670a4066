package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** Time and timers without PARTITION BY (one global key): 't' at 1, then 'again' from onTimer. */
public class OptionalPartitionOnTime extends TraceFunction {
    public void eval(Context ctx, @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE,
            ArgumentTrait.OPTIONAL_PARTITION_BY, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceEval(time, r);
        if (time.time() == 0) {
            register(time, "t", time.time() + 1);
        }
    }

    public void onTimer(OnTimerContext ctx) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceTimer(ctx);
        if ("t".equals(ctx.currentTimer())) {
            register(time, "again", time.time() + 1);
        }
    }
}
