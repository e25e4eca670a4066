package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.types.ColumnList;

/** DESCRIPTOR arguments: nullable, optional, and NOT NULL. */
public class DescriptorArgs extends TraceFunction {
    public void eval(
            ColumnList columnList1,
            @ArgumentHint(isOptional = true) ColumnList columnList2,
            @DataTypeHint("DESCRIPTOR NOT NULL") ColumnList columnList3) {
        emit(columnList1, columnList2, columnList3);
    }
}
