package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.Row;

/** ChangelogFunction returning all kinds: a retract output (-U/+U). */
public class UpdatingRetract extends ChangelogOutput {
    public void eval(Context ctx, @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE,
            ArgumentTrait.SUPPORT_UPDATES, ArgumentTrait.REQUIRE_UPDATE_BEFORE}) Row r) {
        forward(ctx, r);
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogContext changelogContext) {
        return ChangelogMode.all();
    }
}
