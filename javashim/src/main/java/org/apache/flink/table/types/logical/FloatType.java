package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** 4-byte floating point number. */
@PublicEvolving
public final class FloatType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(Float.class, float.class);

    public FloatType(boolean isNullable) {
        super(isNullable, LogicalTypeRoot.FLOAT);
    }

    public FloatType() {
        this(true);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new FloatType(isNullable);
    }

    @Override
    public String asSerializableString() {
        return withNullability("FLOAT");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Float.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }
}
