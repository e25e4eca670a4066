package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.TypeInference;

import java.util.Collections;
import java.util.Set;

/** The logical definition of a function: its kind, type inference and properties. */
@PublicEvolving
public interface FunctionDefinition {

    FunctionKind getKind();

    TypeInference getTypeInference(DataTypeFactory typeFactory);

    /** Requirements towards the planner; none by default. */
    default Set<FunctionRequirement> getRequirements() {
        return Collections.emptySet();
    }

    /** Whether the function returns the same result for the same arguments; true by default. */
    default boolean isDeterministic() {
        return true;
    }

    /** Whether calls with constant arguments may be evaluated during planning; true by default. */
    default boolean supportsConstantFolding() {
        return true;
    }
}
