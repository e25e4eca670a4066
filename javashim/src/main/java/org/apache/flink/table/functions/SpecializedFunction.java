package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.inference.CallContext;

/**
 * A function that creates a specialized runtime instance once the call's argument types (and,
 * for changelog functions, modes) are known.
 */
@PublicEvolving
public interface SpecializedFunction extends FunctionDefinition {

    /** Returns the runtime instance for the given call. */
    UserDefinedFunction specialize(SpecializedContext context);

    /** Information available when specializing. Implemented by the framework. */
    @PublicEvolving
    interface SpecializedContext {

        /** The call being specialized. */
        CallContext getCallContext();

        /** The class loader of the built-in functions. */
        ClassLoader getBuiltInClassLoader();
    }
}
