package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.util.Objects;
import java.util.Set;

/** Timestamp with time zone. */
@PublicEvolving
public final class ZonedTimestampType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public static final int MIN_PRECISION = 0;

    public static final int MAX_PRECISION = 9;

    public static final int DEFAULT_PRECISION = 6;

    private static final Set<String> CONVERSIONS = names(java.time.OffsetDateTime.class, java.time.ZonedDateTime.class);

    private final TimestampKind kind;

    private final int precision;

    public ZonedTimestampType(boolean isNullable, TimestampKind kind, int precision) {
        super(isNullable, LogicalTypeRoot.TIMESTAMP_WITH_TIME_ZONE);
        if (precision < MIN_PRECISION || precision > MAX_PRECISION) {
            throw new ValidationException(
                    String.format(
                            "Timestamp precision must be between %d and %d (both inclusive).",
                            MIN_PRECISION, MAX_PRECISION));
        }
        this.kind = kind;
        this.precision = precision;
    }

    /** Whether this timestamp is a time attribute. */
    public TimestampKind getKind() {
        return kind;
    }

    public ZonedTimestampType(boolean isNullable, int precision) {
        this(isNullable, TimestampKind.REGULAR, precision);
    }

    public ZonedTimestampType(int precision) {
        this(true, precision);
    }

    public ZonedTimestampType() {
        this(DEFAULT_PRECISION);
    }

    public int getPrecision() {
        return precision;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new ZonedTimestampType(isNullable, kind, precision);
    }

    @Override
    public String asSerializableString() {
        return withNullability("TIMESTAMP(%d) WITH TIME ZONE", precision);
    }

    @Override
    public String asSummaryString() {
        String s = String.format("TIMESTAMP(%d) WITH TIME ZONE", precision);
        if (kind != TimestampKind.REGULAR) {
            s += " *" + kind + "*";
        }
        return withNullability("%s", s);
    }

    @Override
    public Class<?> getDefaultConversion() {
        return java.time.OffsetDateTime.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && precision == ((ZonedTimestampType) o).precision && kind == ((ZonedTimestampType) o).kind;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), precision);
    }
}
