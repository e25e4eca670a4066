package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** REQUIRE_UPDATE_BEFORE: a retract input even where an upsert one would be possible. */
public class RetractArg extends TraceFunction {
    public void eval(@ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.SUPPORT_UPDATES,
            ArgumentTrait.REQUIRE_UPDATE_BEFORE}) Row r) {
        emit(r);
    }
}
