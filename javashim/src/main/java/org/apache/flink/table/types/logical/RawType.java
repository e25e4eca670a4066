package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializer;

import java.util.Objects;
import java.util.Set;

/**
 * An opaque type: values of an arbitrary Java class, serialized by a {@link TypeSerializer}.
 *
 * @param <T> the Java class of the values
 */
@PublicEvolving
public final class RawType<T> extends LogicalType {

    private static final long serialVersionUID = 1L;

    private final Class<T> clazz;

    private final TypeSerializer<T> serializer;

    public RawType(boolean isNullable, Class<T> clazz, TypeSerializer<T> serializer) {
        super(isNullable, LogicalTypeRoot.RAW);
        this.clazz = Objects.requireNonNull(clazz, "Class must not be null.");
        this.serializer = serializer;
    }

    public RawType(Class<T> clazz, TypeSerializer<T> serializer) {
        this(true, clazz, serializer);
    }

    public Class<T> getOriginatingClass() {
        return clazz;
    }

    public TypeSerializer<T> getTypeSerializer() {
        return serializer;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new RawType<>(isNullable, clazz, serializer);
    }

    @Override
    public String asSerializableString() {
        return withNullability(
                "RAW('%s', '%s')",
                clazz.getName(),
                serializer == null ? "" : serializer.getClass().getName());
    }

    @Override
    public String asSummaryString() {
        return withNullability("RAW('%s', '...')", clazz.getName());
    }

    @Override
    public boolean supportsInputConversion(Class<?> c) {
        return clazz.isAssignableFrom(c);
    }

    @Override
    public boolean supportsOutputConversion(Class<?> c) {
        return c.isAssignableFrom(clazz);
    }

    @Override
    public Class<?> getDefaultConversion() {
        return clazz;
    }

    @Override
    Set<String> conversions() {
        return names(clazz);
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && clazz.equals(((RawType<?>) o).clazz);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), clazz);
    }
}
