package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** 8-byte signed integer. */
@PublicEvolving
public final class BigIntType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(Long.class, long.class);

    public BigIntType(boolean isNullable) {
        super(isNullable, LogicalTypeRoot.BIGINT);
    }

    public BigIntType() {
        this(true);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new BigIntType(isNullable);
    }

    @Override
    public String asSerializableString() {
        return withNullability("BIGINT");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Long.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }
}
