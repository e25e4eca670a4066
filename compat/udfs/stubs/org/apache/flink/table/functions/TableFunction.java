package org.apache.flink.table.functions;

import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.TypeInference;

/** Compile-time stand-in for Flink's class (not in the shim, not packaged: javac -implicit:none). */
public abstract class TableFunction<T> extends UserDefinedFunction {
    @Override
    public FunctionKind getKind() {
        return FunctionKind.TABLE;
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return null;
    }
}
