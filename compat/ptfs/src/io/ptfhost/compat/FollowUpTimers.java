package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/**
 * Each row registers a timer 'first' at its score; when 'first' fires, the key registers a timer
 * 'second' one millisecond later. Flink fires timers from one queue in time order, so a timer
 * registered while firing comes before a later timer of another key that was already due (ptfhost's
 * firing order across keys, docs/internals.md).
 */
public class FollowUpTimers extends TraceFunction {
    public void eval(Context ctx,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceEval(time, r);
        register(time, "first", ((Integer) r.getField("score")).longValue());
    }

    public void onTimer(OnTimerContext ctx) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceTimer(ctx);
        if ("first".equals(ctx.currentTimer())) {
            register(time, "second", time.time() + 1);
        }
    }
}
