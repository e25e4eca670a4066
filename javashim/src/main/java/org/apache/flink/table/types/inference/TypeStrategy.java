package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.DataType;

import java.util.Optional;

/** Infers a data type (output, accumulator or state) from a call. */
@PublicEvolving
public interface TypeStrategy {

    /** The inferred type, or empty if it cannot be inferred. */
    Optional<DataType> inferType(CallContext callContext);
}
