package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.Row;

/** Invalid: an upsert output needs set semantics (the key), but the table has row semantics. */
public class RowSemanticUpsert extends ChangelogOutput {
    public void eval(Context ctx,
            @ArgumentHint({ArgumentTrait.ROW_SEMANTIC_TABLE, ArgumentTrait.SUPPORT_UPDATES}) Row r) {
        forward(ctx, r);
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogContext changelogContext) {
        return ChangelogMode.upsert(false);
    }
}
