package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** 1-byte signed integer. */
@PublicEvolving
public final class TinyIntType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(Byte.class, byte.class);

    public TinyIntType(boolean isNullable) {
        super(isNullable, LogicalTypeRoot.TINYINT);
    }

    public TinyIntType() {
        this(true);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new TinyIntType(isNullable);
    }

    @Override
    public String asSerializableString() {
        return withNullability("TINYINT");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Byte.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }
}
