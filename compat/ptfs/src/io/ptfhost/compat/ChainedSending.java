package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** First PTF of a chain: traces each row and a timer one millisecond later. */
public class ChainedSending extends TraceFunction {
    public void eval(Context ctx, @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE,
            ArgumentTrait.OPTIONAL_PARTITION_BY, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceEval(time, r);
        register(time, "t", time.time() + 1);
    }

    public void onTimer(OnTimerContext ctx) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        traceTimer(ctx);
        emit(time.time());
    }
}
