package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/** POJO value state: printed before it is changed, so each row shows the previous call's write. */
public class PojoState extends TraceFunction {
    public void eval(@StateHint Score s, @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r) {
        emit(s, r);
        if ("Bob".equals(r.getFieldAs("name"))) {
            s.s = r.getFieldAs("name");
        }
        s.i = s.i == null ? 0 : s.i + 1;
    }
}
