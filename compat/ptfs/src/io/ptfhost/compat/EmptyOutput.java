package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** ROW<> output with set semantics: the rows hold only the key (no phantom column). */
@DataTypeHint("ROW<>")
public class EmptyOutput extends ProcessTableFunction<Row> {
    public void eval(@ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r) {
        collect(Row.of());
    }
}
