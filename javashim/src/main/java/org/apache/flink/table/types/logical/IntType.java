package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** 4-byte signed integer. */
@PublicEvolving
public final class IntType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(Integer.class, int.class);

    public IntType(boolean isNullable) {
        super(isNullable, LogicalTypeRoot.INTEGER);
    }

    public IntType() {
        this(true);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new IntType(isNullable);
    }

    @Override
    public String asSerializableString() {
        return withNullability("INT");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Integer.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }
}
