package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** REQUIRE_FULL_DELETE: key-only deletes of the source arrive with the last full row. */
public class FullDeletesArg extends TraceFunction {
    public void eval(@ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.SUPPORT_UPDATES,
            ArgumentTrait.REQUIRE_FULL_DELETE}) Row r) {
        emit(r);
    }
}
