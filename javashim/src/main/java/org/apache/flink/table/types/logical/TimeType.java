package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.util.Objects;
import java.util.Set;

/** Time of day without time zone. */
@PublicEvolving
public final class TimeType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public static final int MIN_PRECISION = 0;

    public static final int MAX_PRECISION = 9;

    public static final int DEFAULT_PRECISION = 0;

    private static final Set<String> CONVERSIONS = names(java.time.LocalTime.class, java.sql.Time.class, Integer.class, int.class, Long.class, long.class);

    private final int precision;

    public TimeType(boolean isNullable, int precision) {
        super(isNullable, LogicalTypeRoot.TIME_WITHOUT_TIME_ZONE);
        if (precision < MIN_PRECISION || precision > MAX_PRECISION) {
            throw new ValidationException(
                    String.format(
                            "Time precision must be between %d and %d (both inclusive).",
                            MIN_PRECISION, MAX_PRECISION));
        }

        this.precision = precision;
    }

    public TimeType(int precision) {
        this(true, precision);
    }

    public TimeType() {
        this(DEFAULT_PRECISION);
    }

    public int getPrecision() {
        return precision;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new TimeType(isNullable, precision);
    }

    @Override
    public String asSerializableString() {
        return withNullability("TIME(%d)", precision);
    }

    @Override
    public Class<?> getDefaultConversion() {
        return java.time.LocalTime.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && precision == ((TimeType) o).precision;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), precision);
    }
}
