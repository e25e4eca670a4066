package io.ptfhost.compat;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ChangelogFunction;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * Base of the PTFs with an updating output: forwards the input row's kind and first two fields
 * plus a short name of the mode Context.getChangelogMode() reports.
 */
@DataTypeHint("ROW<name STRING, count BIGINT, mode STRING>")
public abstract class ChangelogOutput extends ProcessTableFunction<Row> implements ChangelogFunction {

    protected final void forward(Context ctx, Row r) {
        collect(Row.ofKind(r.getKind(), r.getField(0), r.getField(1), Modes.summary(ctx.getChangelogMode())));
    }
}
