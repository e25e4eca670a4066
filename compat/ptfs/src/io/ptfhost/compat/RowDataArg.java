package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.data.RowData;

/** A table argument in Flink's internal format (RowData) instead of Row. */
public class RowDataArg extends TraceFunction {
    public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) RowData input) {
        emit("Hello " + input.getString(0) + "!");
    }
}
