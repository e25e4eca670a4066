package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** The type of an untyped NULL literal; always nullable. */
@PublicEvolving
public final class NullType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public NullType() {
        super(true, LogicalTypeRoot.NULL);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        if (!isNullable) {
            throw new org.apache.flink.table.api.TableException("The nullability of a NULL type cannot be disabled.");
        }
        return new NullType();
    }

    @Override
    public String asSerializableString() {
        return "NULL";
    }

    @Override
    public boolean supportsInputConversion(Class<?> clazz) {
        return !clazz.isPrimitive();
    }

    @Override
    public boolean supportsOutputConversion(Class<?> clazz) {
        return !clazz.isPrimitive();
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Object.class;
    }

    @Override
    Set<String> conversions() {
        return names(Object.class);
    }
}
