package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;

/** Implicit casts into a typed table argument and a primitive (NOT NULL) scalar. */
public class ImplicitCasts extends TraceFunction {
    public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) CastingPojo p, long b) {
        emit(p, b);
    }
}
