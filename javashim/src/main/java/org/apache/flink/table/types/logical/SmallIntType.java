package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** 2-byte signed integer. */
@PublicEvolving
public final class SmallIntType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(Short.class, short.class);

    public SmallIntType(boolean isNullable) {
        super(isNullable, LogicalTypeRoot.SMALLINT);
    }

    public SmallIntType() {
        this(true);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new SmallIntType(isNullable);
    }

    @Override
    public String asSerializableString() {
        return withNullability("SMALLINT");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Short.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }
}
