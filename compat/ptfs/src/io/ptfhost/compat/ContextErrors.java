package io.ptfhost.compat;

import java.util.Date;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/** Misuses of the Context that Flink rejects at run time, chosen by 'what'. */
public class ContextErrors extends TraceFunction {
    public void eval(Context ctx, @StateHint Score s,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r, String what) {
        switch (what) {
            case "table": ctx.tableSemanticsFor("missing"); break;
            case "state": ctx.clearState("missing"); break;
            case "time": ctx.timeContext(Date.class); break;
            default: break;
        }
        emit(r, what);
    }
}
