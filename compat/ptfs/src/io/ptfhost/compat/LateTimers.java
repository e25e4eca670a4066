package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/**
 * Late rows and timers in the past (Flink 2.3 rules): Bob registers a named and an unnamed timer
 * at 0 for every row, Alice a named one at 1; when Alice's fires it registers another at 0, which
 * fires in the same firing loop.
 */
public class LateTimers extends TraceFunction {
    public void eval(Context ctx,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceEval(time, r);
        if ("Bob".equals(r.getFieldAs("name"))) {
            register(time, "bob", 0L);
            register(time, 0L);
        } else {
            register(time, "alice", 1L);
        }
    }

    public void onTimer(OnTimerContext ctx) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceTimer(ctx);
        if ("alice".equals(ctx.currentTimer())) {
            register(time, "alice-again", 0);
        }
    }
}
