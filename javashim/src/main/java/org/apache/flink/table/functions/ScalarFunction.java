package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.TypeInference;

/**
 * Base class of a user-defined scalar function: maps zero, one or more scalar values to a new
 * scalar value. The behaviour is given by public methods named {@code eval} (overloads and varargs
 * allowed); argument and result types are extracted from their signatures and from
 * {@code @DataTypeHint} / {@code @FunctionHint} annotations.
 */
@PublicEvolving
public abstract class ScalarFunction extends UserDefinedFunction {

    private static final long serialVersionUID = 1L;

    @Override
    public final FunctionKind getKind() {
        return FunctionKind.SCALAR;
    }

    /** The type inference is extracted reflectively by ptfhost's bridge, not through this method. */
    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        throw new TableException("The type inference of scalar function '" + getClass().getName()
                + "' is extracted by the ptfhost bridge (io.ptfhost.bridge); call it through the bridge rather "
                + "than getTypeInference() directly.");
    }
}
