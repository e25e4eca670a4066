package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/** POJO value state with a field initialiser (i = 99) that applies to a fresh instance. */
public class PojoDefaultState extends TraceFunction {
    public void eval(@StateHint ScoreWithDefaults s, @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r) {
        emit(s, r);
        if ("Bob".equals(r.getFieldAs("name"))) {
            s.s = r.getFieldAs("name");
        }
        s.i = s.i == 99 ? 0 : s.i + 1;
    }
}
