package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.functions.TableSemantics;
import org.apache.flink.table.types.DataType;

import java.util.List;
import java.util.Optional;

/** What type inference knows about a call: argument types, literal values, table semantics. */
@PublicEvolving
public interface CallContext {

    DataTypeFactory getDataTypeFactory();

    FunctionDefinition getFunctionDefinition();

    boolean isArgumentLiteral(int pos);

    boolean isArgumentNull(int pos);

    <T> Optional<T> getArgumentValue(int pos, Class<T> clazz);

    /** The function name as used in the call. */
    String getName();

    List<DataType> getArgumentDataTypes();

    Optional<DataType> getOutputDataType();

    /** The semantics of a table argument; empty for scalar arguments. */
    default Optional<TableSemantics> getTableSemantics(int pos) {
        return Optional.empty();
    }

    default ValidationException newValidationError(String message, Object... args) {
        return new ValidationException(String.format(message, args));
    }

    /** Returns false, or throws the formatted error if {@code throwOnFailure}. */
    default boolean fail(boolean throwOnFailure, String message, Object... args) {
        if (throwOnFailure) {
            throw newValidationError(message, args);
        }
        return false;
    }

    default boolean isGroupedAggregation() {
        return false;
    }
}
