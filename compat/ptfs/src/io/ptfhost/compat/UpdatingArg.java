package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/**
 * SUPPORT_UPDATES: prints each received row (with its kind) and the changelog mode the planner
 * chose for the table argument (upsert iff PARTITION BY equals the input's upsert key).
 */
public class UpdatingArg extends TraceFunction {
    public void eval(Context ctx, @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE,
            ArgumentTrait.OPTIONAL_PARTITION_BY, ArgumentTrait.SUPPORT_UPDATES}) Row r) {
        emit(r, Modes.summary(ctx.tableSemanticsFor("r").changelogMode()
                .orElseThrow(() -> new IllegalStateException("no changelog mode for table argument r"))));
    }
}
