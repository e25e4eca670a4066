package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/**
 * Late rows and timers in the past under the Flink 2.1/2.2 rules (late rows dropped, past timers
 * ignored). Every row registers 't' and an unnamed timer at 0; every firing registers 'again' at
 * its own time, which is already past. Under 2.3 rules that re-registration would fire forever,
 * so this function only makes sense for 2.1 and 2.2.
 */
public class LateTimersLegacy extends TraceFunction {
    public void eval(Context ctx,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceEval(time, r);
        if (time.time() == 99998) {
            register(time, "late", 1L);   // never reached: no row has that time
        }
        register(time, "t", 0L);
        register(time, 0L);
    }

    public void onTimer(OnTimerContext ctx) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceTimer(ctx);
        register(time, "again", time.time());
    }
}
