package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** Invalid at planning: 21 table arguments, one more than Flink allows by default. */
public class TwentyOneTables extends TraceFunction {
    public void eval(
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in1,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in2,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in3,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in4,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in5,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in6,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in7,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in8,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in9,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in10,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in11,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in12,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in13,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in14,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in15,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in16,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in17,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in18,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in19,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in20,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in21) {}
}
