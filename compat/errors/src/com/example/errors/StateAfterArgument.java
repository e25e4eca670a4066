package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Bad input: state entries must come before the call arguments (after an optional Context). */
public class StateAfterArgument extends ProcessTableFunction<Long> {

    public static class CountState {
        public long count = 0L;
    }

    public void eval(@ArgumentHint(SET_SEMANTIC_TABLE) Row input, @StateHint CountState state) {
        state.count++;
        collect(state.count);
    }
}
