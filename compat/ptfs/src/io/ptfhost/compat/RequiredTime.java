package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** REQUIRE_ON_TIME with row semantics: the call must name an on_time column. */
public class RequiredTime extends TraceFunction {
    public void eval(@ArgumentHint({ArgumentTrait.ROW_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        emit(r);
    }
}
