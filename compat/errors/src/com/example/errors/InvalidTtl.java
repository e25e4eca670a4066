package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Bad input: the TTL is not in Flink's duration syntax ("30 s", "30 seconds", "30000"). */
public class InvalidTtl extends ProcessTableFunction<Long> {

    public static class CountState {
        public long count = 0L;
    }

    public void eval(
            @StateHint(ttl = "30 secs please") CountState state,
            @ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        state.count++;
        collect(state.count);
    }
}
