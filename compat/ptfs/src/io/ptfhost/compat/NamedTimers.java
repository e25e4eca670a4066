package io.ptfhost.compat;

import java.util.Objects;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/**
 * Named timers: create five on the first row (two at Long.MAX_VALUE), then on firing of
 * 'timeout1' replace 'timeout2' and clear 'timeout3', on firing of 'timeout2' clear all.
 */
public class NamedTimers extends TraceFunction {
    public void eval(Context ctx,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        // A single input: the table's watermark is the operator's watermark.
        if (!Objects.equals(time.tableWatermark(), time.currentWatermark())) {
            throw new IllegalStateException("tableWatermark " + time.tableWatermark()
                    + " differs from currentWatermark " + time.currentWatermark());
        }
        traceEval(time, r);
        if (time.time() == 0) {
            register(time, "timeout1", time.time() + 1);
            register(time, "timeout2", time.time() + 2);
            register(time, "timeout3", time.time() + 3);
            register(time, "timeout4", Long.MAX_VALUE);
            register(time, "timeout5", Long.MAX_VALUE);
        }
    }

    public void onTimer(OnTimerContext ctx) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        if (time.tableWatermark() != null) {
            throw new IllegalStateException("tableWatermark must be null in onTimer: " + time.tableWatermark());
        }
        traceTimer(ctx);
        if ("timeout1".equals(ctx.currentTimer())) {
            register(time, "timeout2", time.time() + 4);
            clearNamed(time, "timeout3");
        } else if ("timeout2".equals(ctx.currentTimer())) {
            clearAllTimers(time);
        }
    }
}
