package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** Boolean (true, false, unknown). */
@PublicEvolving
public final class BooleanType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(Boolean.class, boolean.class);

    public BooleanType(boolean isNullable) {
        super(isNullable, LogicalTypeRoot.BOOLEAN);
    }

    public BooleanType() {
        this(true);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new BooleanType(isNullable);
    }

    @Override
    public String asSerializableString() {
        return withNullability("BOOLEAN");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Boolean.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }
}
