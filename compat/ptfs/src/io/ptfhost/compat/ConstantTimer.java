package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/**
 * Timers without on_time, always registered at the constant time 2 (the Flink 2.1 version of the
 * optional-on-time program): before 2.3 a registration at or below the watermark is ignored, so
 * each key's timer fires once; from 2.3 on a past registration fires at the next watermark.
 */
public class ConstantTimer extends TraceFunction {
    public void eval(Context ctx, @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceEval(time, r);
        register(time, "t", 2);
    }

    public void onTimer(OnTimerContext ctx) {
        traceTimer(ctx);
    }
}
