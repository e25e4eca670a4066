package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * Bad input: a state entry of class Row without a type hint. Flink cannot know the state's
 * fields; it needs @StateHint(type = @DataTypeHint("ROW<...>")).
 */
public class RowStateWithoutType extends ProcessTableFunction<Long> {
    public void eval(@StateHint Row state, @ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        collect(1L);
    }
}
