package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** 8-byte floating point number. */
@PublicEvolving
public final class DoubleType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(Double.class, double.class);

    public DoubleType(boolean isNullable) {
        super(isNullable, LogicalTypeRoot.DOUBLE);
    }

    public DoubleType() {
        this(true);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new DoubleType(isNullable);
    }

    @Override
    public String asSerializableString() {
        return withNullability("DOUBLE");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Double.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }
}
