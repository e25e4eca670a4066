package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** Registers a timer while passing columns through, which Flink rejects at run time. */
public class PassThroughTimers extends TraceFunction {
    public void eval(Context ctx, @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE,
            ArgumentTrait.PASS_COLUMNS_THROUGH, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        ctx.timeContext(Long.class).registerOnTime(42L);
    }
}
