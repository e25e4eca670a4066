package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** Second PTF of a chain: traces what the first emitted, with the time it sees. */
public class ChainedReceiving extends TraceFunction {
    public void eval(Context ctx, @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE,
            ArgumentTrait.OPTIONAL_PARTITION_BY, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        traceEval(ctx.timeContext(Long.class), r);
    }
}
