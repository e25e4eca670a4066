package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.time.Period;
import java.util.Objects;
import java.util.Set;

/** Interval of years and/or months. */
@PublicEvolving
public final class YearMonthIntervalType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public static final int MIN_PRECISION = 1;

    public static final int MAX_PRECISION = 4;

    public static final int DEFAULT_PRECISION = 2;

    private static final Set<String> CONVERSIONS = names(Period.class, Integer.class, int.class);

    /** Which units the interval has. */
    @PublicEvolving
    public enum YearMonthResolution {
        YEAR,
        YEAR_TO_MONTH,
        MONTH
    }

    private final YearMonthResolution resolution;

    private final int yearPrecision;

    public YearMonthIntervalType(boolean isNullable, YearMonthResolution resolution, int yearPrecision) {
        super(isNullable, LogicalTypeRoot.INTERVAL_YEAR_MONTH);
        if (resolution == YearMonthResolution.MONTH && yearPrecision != DEFAULT_PRECISION) {
            throw new ValidationException("Year precision of sub-year intervals must be equal to the default precision 2.");
        }
        if (yearPrecision < MIN_PRECISION || yearPrecision > MAX_PRECISION) {
            throw new ValidationException(
                    String.format(
                            "Year precision of year-month intervals must be between %d and %d (both inclusive).",
                            MIN_PRECISION, MAX_PRECISION));
        }
        this.resolution = Objects.requireNonNull(resolution);
        this.yearPrecision = yearPrecision;
    }

    public YearMonthIntervalType(YearMonthResolution resolution, int yearPrecision) {
        this(true, resolution, yearPrecision);
    }

    public YearMonthIntervalType(YearMonthResolution resolution) {
        this(resolution, DEFAULT_PRECISION);
    }

    public YearMonthResolution getResolution() {
        return resolution;
    }

    public int getYearPrecision() {
        return yearPrecision;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new YearMonthIntervalType(isNullable, resolution, yearPrecision);
    }

    @Override
    public String asSerializableString() {
        switch (resolution) {
            case YEAR:
                return withNullability("INTERVAL YEAR(%d)", yearPrecision);
            case YEAR_TO_MONTH:
                return withNullability("INTERVAL YEAR(%d) TO MONTH", yearPrecision);
            default:
                return withNullability("INTERVAL MONTH");
        }
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Period.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o)
                && resolution == ((YearMonthIntervalType) o).resolution
                && yearPrecision == ((YearMonthIntervalType) o).yearPrecision;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), resolution, yearPrecision);
    }
}
