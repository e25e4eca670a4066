package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Invalid at planning: ROW<> output and row semantics leave no output column at all. */
@DataTypeHint("ROW<>")
public class EmptyOutputRowSemantic extends ProcessTableFunction<Row> {
    public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) Row r) {
        collect(Row.of());
    }
}
