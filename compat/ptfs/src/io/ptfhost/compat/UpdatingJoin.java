package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.functions.ChangelogFunction;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/**
 * An outer-join-like PTF over two updating tables that emits an upsert changelog: +I for the
 * first match of a key, +U for later matches, -D (key only) when a side of a match is deleted.
 */
@DataTypeHint("ROW<out STRING>")
public class UpdatingJoin extends ProcessTableFunction<Row> implements ChangelogFunction {

    public static class LastScore {
        public Integer value;
    }

    public static class LastCity {
        public String value;
    }

    public void eval(@StateHint LastScore score, @StateHint LastCity city,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.SUPPORT_UPDATES}) Row scoreTable,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.SUPPORT_UPDATES}) Row cityTable) {
        boolean matchedBefore = score.value != null && city.value != null;
        if (matchedBefore && (isDelete(scoreTable) || isDelete(cityTable))) {
            collect(Row.ofKind(RowKind.DELETE, (Object) null));
        }
        if (scoreTable != null) {
            score.value = keeps(scoreTable) ? scoreTable.getFieldAs("score") : null;
        }
        if (cityTable != null) {
            city.value = keeps(cityTable) ? cityTable.getFieldAs("city") : null;
        }
        if (score.value != null && city.value != null) {
            collect(Row.ofKind(matchedBefore ? RowKind.UPDATE_AFTER : RowKind.INSERT,
                    "score " + score.value + " in city " + city.value));
        }
    }

    private static boolean isDelete(Row r) {
        return r != null && r.getKind() == RowKind.DELETE;
    }

    /** INSERT and UPDATE_AFTER carry the new value; the other kinds remove it. */
    private static boolean keeps(Row r) {
        return r.getKind() == RowKind.INSERT || r.getKind() == RowKind.UPDATE_AFTER;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogContext changelogContext) {
        return ChangelogMode.upsert();
    }
}
