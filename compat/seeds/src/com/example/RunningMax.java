package com.example;

import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;

import java.math.BigDecimal;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.functions.ChangelogFunction;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

// Output excludes the partition key — Flink auto-prepends currency from PARTITION BY.
@DataTypeHint("ROW<max_rate DECIMAL(10, 4)>")
public class RunningMax extends ProcessTableFunction<Row> implements ChangelogFunction {

    public static class MaxState {
        @DataTypeHint("DECIMAL(10, 4)")
        public BigDecimal max = null;
    }

    public void eval(
        @StateHint MaxState state,
        @ArgumentHint(SET_SEMANTIC_TABLE) Row input
    ) {
        BigDecimal rate = input.getFieldAs("rate");
        if (rate == null) {
            return;
        }
        if (state.max == null) {
            state.max = rate;
            collect(Row.ofKind(RowKind.INSERT, rate));         // first value for this key
        } else if (rate.compareTo(state.max) > 0) {
            state.max = rate;
            collect(Row.ofKind(RowKind.UPDATE_AFTER, rate));   // new max replaces the row
        }
        // otherwise the maximum is unchanged, so emit nothing
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogContext changelogContext) {
        return ChangelogMode.upsert();
    }
}
