package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/** The same POJO state entry read and written from both eval() and onTimer(). */
public class PojoStateTime extends TraceFunction {
    public void eval(Context ctx, @StateHint Score s,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        emit(s, r);
        if (s.i == null) {
            s.i = 1;
            register(time, "t", time.time() + 2);
        } else {
            s.i += 1;
        }
    }

    public void onTimer(OnTimerContext ctx, Score s) {
        traceTimer(ctx);
        s.i *= 10;
    }
}
