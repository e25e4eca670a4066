package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Atomic output type: Integer is wrapped into a one-column row named EXPR$0. */
public class AtomicOutput extends ProcessTableFunction<Integer> {
    public void eval(@ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r) {
        collect(r.getFieldAs(1));
    }
}
