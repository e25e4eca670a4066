package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/** Context.clearState: Bob's entry is dropped at i == 100, so his next call sees the default 99. */
public class ClearState extends TraceFunction {
    public void eval(Context ctx, @StateHint ScoreWithDefaults s,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r) {
        emit(s, r);
        if ("Bob".equals(r.getFieldAs("name")) && s.i == 100) {
            ctx.clearState("s");
        } else {
            s.i++;
        }
    }
}
