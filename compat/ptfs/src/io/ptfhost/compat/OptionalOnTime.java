package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/**
 * Timers without an on_time argument: time() is null in eval, but each row re-registers timer 't'
 * one millisecond after the current watermark, so it fires on every watermark step.
 */
public class OptionalOnTime extends TraceFunction {
    public void eval(Context ctx, @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceEval(time, r);
        Long watermark = time.currentWatermark();
        register(time, "t", watermark == null || watermark < 0 ? 1 : watermark + 1);
    }

    public void onTimer(OnTimerContext ctx) {
        traceTimer(ctx);
    }
}
