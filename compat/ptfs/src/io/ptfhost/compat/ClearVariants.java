package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.api.dataview.ListView;
import org.apache.flink.types.Row;

/**
 * Context.clearAllState / clearAllTimers / clearAll on the second row of a key, chosen by the
 * scalar argument 'mode'. The first row registers timer 't' at 100, which only fires at the end of
 * input; whether it fires and what state the third row sees shows what each call cleared.
 */
public class ClearVariants extends TraceFunction {

    public static class Count {
        public Integer n;
    }

    public void eval(Context ctx, @StateHint Count count, @StateHint ListView<Integer> seen,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row r,
            String mode) throws Exception {
        count.n = count.n == null ? 1 : count.n + 1;
        seen.add(r.getFieldAs("score"));
        emit(count.n, seen.getList());
        if (count.n == 1) {
            ctx.timeContext(Long.class).registerOnTime("t", 100L);
        } else if (count.n == 2) {
            switch (mode) {
                case "state": ctx.clearAllState(); break;
                case "timers": ctx.clearAllTimers(); break;
                case "all": ctx.clearAll(); break;
                default: throw new IllegalArgumentException("mode must be state, timers or all: " + mode);
            }
            emit("cleared " + mode);
        }
    }

    public void onTimer(OnTimerContext ctx, Count count, ListView<Integer> seen) throws Exception {
        emit("timer " + ctx.currentTimer(), count.n, seen.getList());
    }
}
