package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/** Interval of days, hours, minutes, seconds and fractions of a second. */
@PublicEvolving
public final class DayTimeIntervalType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public static final int MIN_DAY_PRECISION = 1;

    public static final int MAX_DAY_PRECISION = 6;

    public static final int DEFAULT_DAY_PRECISION = 2;

    public static final int MIN_FRACTIONAL_PRECISION = 0;

    public static final int MAX_FRACTIONAL_PRECISION = 9;

    public static final int DEFAULT_FRACTIONAL_PRECISION = 6;

    private static final Set<String> CONVERSIONS = names(Duration.class, Long.class, long.class);

    /** Which units the interval has; {@code %1$d} is the day, {@code %2$d} the fractional precision. */
    @PublicEvolving
    public enum DayTimeResolution {
        DAY("INTERVAL DAY(%1$d)"),
        DAY_TO_HOUR("INTERVAL DAY(%1$d) TO HOUR"),
        DAY_TO_MINUTE("INTERVAL DAY(%1$d) TO MINUTE"),
        DAY_TO_SECOND("INTERVAL DAY(%1$d) TO SECOND(%2$d)"),
        HOUR("INTERVAL HOUR"),
        HOUR_TO_MINUTE("INTERVAL HOUR TO MINUTE"),
        HOUR_TO_SECOND("INTERVAL HOUR TO SECOND(%2$d)"),
        MINUTE("INTERVAL MINUTE"),
        MINUTE_TO_SECOND("INTERVAL MINUTE TO SECOND(%2$d)"),
        SECOND("INTERVAL SECOND(%2$d)");

        private final String format;

        DayTimeResolution(String format) {
            this.format = format;
        }
    }

    private final DayTimeResolution resolution;

    private final int dayPrecision;

    private final int fractionalPrecision;

    public DayTimeIntervalType(
            boolean isNullable, DayTimeResolution resolution, int dayPrecision, int fractionalPrecision) {
        super(isNullable, LogicalTypeRoot.INTERVAL_DAY_TIME);
        if (dayPrecision < MIN_DAY_PRECISION || dayPrecision > MAX_DAY_PRECISION) {
            throw new ValidationException(
                    String.format(
                            "Day precision of day-time intervals must be between %d and %d (both inclusive).",
                            MIN_DAY_PRECISION, MAX_DAY_PRECISION));
        }
        if (fractionalPrecision < MIN_FRACTIONAL_PRECISION || fractionalPrecision > MAX_FRACTIONAL_PRECISION) {
            throw new ValidationException(
                    String.format(
                            "Fractional precision of day-time intervals must be between %d and %d (both inclusive).",
                            MIN_FRACTIONAL_PRECISION, MAX_FRACTIONAL_PRECISION));
        }
        this.resolution = Objects.requireNonNull(resolution);
        this.dayPrecision = dayPrecision;
        this.fractionalPrecision = fractionalPrecision;
    }

    public DayTimeIntervalType(DayTimeResolution resolution, int dayPrecision, int fractionalPrecision) {
        this(true, resolution, dayPrecision, fractionalPrecision);
    }

    public DayTimeIntervalType(DayTimeResolution resolution) {
        this(resolution, DEFAULT_DAY_PRECISION, DEFAULT_FRACTIONAL_PRECISION);
    }

    public DayTimeResolution getResolution() {
        return resolution;
    }

    public int getDayPrecision() {
        return dayPrecision;
    }

    public int getFractionalPrecision() {
        return fractionalPrecision;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new DayTimeIntervalType(isNullable, resolution, dayPrecision, fractionalPrecision);
    }

    @Override
    public String asSerializableString() {
        return withNullability(resolution.format, dayPrecision, fractionalPrecision);
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Duration.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        DayTimeIntervalType that = (DayTimeIntervalType) o;
        return resolution == that.resolution
                && dayPrecision == that.dayPrecision
                && fractionalPrecision == that.fractionalPrecision;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), resolution, dayPrecision, fractionalPrecision);
    }
}
