package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.Row;

/** ChangelogFunction returning upsert, with key-only deletes when the consumer accepts them. */
public class UpdatingUpsert extends ChangelogOutput {
    public void eval(Context ctx,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.SUPPORT_UPDATES}) Row r) {
        forward(ctx, r);
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogContext changelogContext) {
        return ChangelogMode.upsert(changelogContext.getRequiredChangelogMode().keyOnlyDeletes());
    }
}
