package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** The type of a DESCRIPTOR(...) argument: a list of column names. */
@PublicEvolving
public final class DescriptorType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(org.apache.flink.types.ColumnList.class);

    public DescriptorType(boolean isNullable) {
        super(isNullable, LogicalTypeRoot.DESCRIPTOR);
    }

    public DescriptorType() {
        this(true);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new DescriptorType(isNullable);
    }

    @Override
    public String asSerializableString() {
        return withNullability("DESCRIPTOR");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return org.apache.flink.types.ColumnList.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }
}
