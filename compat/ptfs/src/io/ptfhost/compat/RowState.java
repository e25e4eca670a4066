package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/** Two Row state entries typed by hints; an absent entry is a named row of nulls. */
public class RowState extends TraceFunction {
    public void eval(
            @StateHint(type = @DataTypeHint("ROW<i INT>")) Row s1,
            @StateHint(type = @DataTypeHint("ROW<s STRING>")) Row s2,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r) {
        emit(s1, s2, r);
        Integer seen = s1.getFieldAs("i");
        int before = seen == null ? 0 : seen;
        s1.setField("i", before + 1);
        s2.setField("s", Integer.toString(before));
    }
}
