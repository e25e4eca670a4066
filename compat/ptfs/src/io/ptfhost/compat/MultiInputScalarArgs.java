package io.ptfhost.compat;

import java.util.Map;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.types.Row;

/** Two tables between scalar arguments of MAP, INT and ROW type, passed by name in any order. */
public class MultiInputScalarArgs extends TraceFunction {
    public void eval(Context ctx,
            Map<String, String> m,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in1,
            Integer i,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.OPTIONAL_PARTITION_BY}) Row in2,
            @DataTypeHint("ROW<b BOOLEAN, s STRING>") Row r) {
        emit(in1, in2, m, i, r);
    }
}
