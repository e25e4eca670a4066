package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.util.Objects;
import java.util.Set;

/** Timestamp with local time zone. */
@PublicEvolving
public final class LocalZonedTimestampType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public static final int MIN_PRECISION = 0;

    public static final int MAX_PRECISION = 9;

    public static final int DEFAULT_PRECISION = 6;

    private static final Set<String> CONVERSIONS = names(java.time.Instant.class, Integer.class, int.class, Long.class, long.class, java.sql.Timestamp.class, org.apache.flink.table.data.TimestampData.class);

    private final TimestampKind kind;

    private final int precision;

    public LocalZonedTimestampType(boolean isNullable, TimestampKind kind, int precision) {
        super(isNullable, LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE);
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

    public LocalZonedTimestampType(boolean isNullable, int precision) {
        this(isNullable, TimestampKind.REGULAR, precision);
    }

    public LocalZonedTimestampType(int precision) {
        this(true, precision);
    }

    public LocalZonedTimestampType() {
        this(DEFAULT_PRECISION);
    }

    public int getPrecision() {
        return precision;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new LocalZonedTimestampType(isNullable, kind, precision);
    }

    @Override
    public String asSerializableString() {
        return withNullability("TIMESTAMP(%d) WITH LOCAL TIME ZONE", precision);
    }

    @Override
    public String asSummaryString() {
        String s = String.format("TIMESTAMP_LTZ(%d)", precision);
        if (kind != TimestampKind.REGULAR) {
            s += " *" + kind + "*";
        }
        return withNullability("%s", s);
    }

    @Override
    public Class<?> getDefaultConversion() {
        return java.time.Instant.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && precision == ((LocalZonedTimestampType) o).precision && kind == ((LocalZonedTimestampType) o).kind;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), precision);
    }
}
