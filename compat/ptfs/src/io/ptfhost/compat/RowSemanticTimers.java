package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** Registers a timer with row semantics, which Flink rejects at run time. */
public class RowSemanticTimers extends TraceFunction {
    public void eval(Context ctx, @ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) Row r) {
        ctx.timeContext(Long.class).registerOnTime(42L);
    }
}
