package org.apache.flink.table.types;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.catalog.DataTypeFactory;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A data type that can only be resolved with a {@link DataTypeFactory}, e.g. {@code
 * DataTypes.of(MyPojo.class)} or {@code DataTypes.of("ROW<i INT>")}. Refinements are applied
 * after resolution.
 */
@PublicEvolving
public final class UnresolvedDataType implements AbstractDataType<UnresolvedDataType> {

    private final Supplier<String> description;

    private final Function<DataTypeFactory, DataType> resolver;

    public UnresolvedDataType(Supplier<String> description, Function<DataTypeFactory, DataType> resolver) {
        this.description = Objects.requireNonNull(description);
        this.resolver = Objects.requireNonNull(resolver);
    }

    /** Resolves this type with the given factory. */
    public DataType toDataType(DataTypeFactory factory) {
        return resolver.apply(factory);
    }

    @Override
    public UnresolvedDataType notNull() {
        return new UnresolvedDataType(() -> description.get() + " NOT NULL", f -> resolver.apply(f).notNull());
    }

    @Override
    public UnresolvedDataType nullable() {
        return new UnresolvedDataType(description, f -> resolver.apply(f).nullable());
    }

    @Override
    public UnresolvedDataType bridgedTo(Class<?> newConversionClass) {
        return new UnresolvedDataType(description, f -> resolver.apply(f).bridgedTo(newConversionClass));
    }

    @Override
    public UnresolvedDataType toInternal() {
        return new UnresolvedDataType(description, f -> resolver.apply(f).toInternal());
    }

    @Override
    public String toString() {
        return "[" + description.get() + "]";
    }
}
