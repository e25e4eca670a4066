package io.ptfhost.compat;

import java.util.Objects;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** Unnamed timers: create three, re-create one and clear one by time, then clear all. */
public class UnnamedTimers extends TraceFunction {
    public void eval(Context ctx,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        if (!Objects.equals(time.tableWatermark(), time.currentWatermark())) {
            throw new IllegalStateException("tableWatermark " + time.tableWatermark()
                    + " differs from currentWatermark " + time.currentWatermark());
        }
        traceEval(time, r);
        if (time.time() == 0) {
            register(time, time.time() + 1);
            register(time, time.time() + 2);
            register(time, Long.MAX_VALUE);
        }
    }

    public void onTimer(OnTimerContext ctx) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        if (time.tableWatermark() != null) {
            throw new IllegalStateException("tableWatermark must be null in onTimer: " + time.tableWatermark());
        }
        traceTimer(ctx);
        if (time.time() == 1) {
            register(time, time.time() + 4);
            clearUnnamed(time, 2);
        } else if (time.time() == 5) {
            clearAllTimers(time);
        }
    }
}
