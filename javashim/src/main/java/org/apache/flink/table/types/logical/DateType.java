package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Set;

/** A date of year-month-day without time zone. */
@PublicEvolving
public final class DateType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(java.time.LocalDate.class, java.sql.Date.class, Integer.class, int.class);

    public DateType(boolean isNullable) {
        super(isNullable, LogicalTypeRoot.DATE);
    }

    public DateType() {
        this(true);
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new DateType(isNullable);
    }

    @Override
    public String asSerializableString() {
        return withNullability("DATE");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return java.time.LocalDate.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }
}
