package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;

import java.time.Instant;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * Bad input: onTimer() must take the same state entries as eval(), in the same order. Here eval()
 * declares two entries and onTimer() only the second one.
 */
public class OnTimerStateMismatch extends ProcessTableFunction<String> {

    public static class SeenState {
        public long seen = 0L;
    }

    public static class LastState {
        public String last = null;
    }

    public void eval(
            Context ctx,
            @StateHint SeenState seen,
            @StateHint LastState last,
            @ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        seen.seen++;
        last.last = String.valueOf(input);
        ctx.timeContext(Instant.class).registerOnTime("flush", Instant.ofEpochMilli(0));
    }

    public void onTimer(LastState last) {
        collect(last.last);
    }
}
