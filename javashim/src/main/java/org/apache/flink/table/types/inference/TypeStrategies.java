package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.DataType;

import java.util.Objects;
import java.util.Optional;

/** Common {@link TypeStrategy}s. */
@PublicEvolving
public final class TypeStrategies {

    /** Infers nothing; the placeholder of an unset strategy. */
    public static final TypeStrategy MISSING = callContext -> Optional.empty();

    private TypeStrategies() {}

    /** Always infers the given type. */
    public static TypeStrategy explicit(DataType dataType) {
        Objects.requireNonNull(dataType, "Data type must not be null.");
        return new ExplicitTypeStrategy(dataType);
    }

    /** A strategy returning a fixed type; equal when the types are equal. */
    private static final class ExplicitTypeStrategy implements TypeStrategy {

        private final DataType dataType;

        ExplicitTypeStrategy(DataType dataType) {
            this.dataType = dataType;
        }

        @Override
        public Optional<DataType> inferType(CallContext callContext) {
            return Optional.of(dataType);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ExplicitTypeStrategy && dataType.equals(((ExplicitTypeStrategy) o).dataType);
        }

        @Override
        public int hashCode() {
            return dataType.hashCode();
        }

        @Override
        public String toString() {
            return dataType.toString();
        }
    }
}
