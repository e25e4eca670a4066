package io.ptfhost.bridge.types;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A Flink SQL logical type, as the bridge reports it to the C side.
 *
 * <p>Immutable. {@link #toString()} is Flink's summary string ({@code LogicalType#asSummaryString}),
 * e.g. {@code INT NOT NULL}, {@code STRING}, {@code DECIMAL(10, 4)}, {@code ROW<`a` INT>}, which is
 * what native/types parses. A structured type (a POJO) prints as a ROW of its fields: the C side
 * does not need the class, only the fields; the class is kept in {@link #className()}.
 */
public final class SqlType {

    /** Type roots. Order and names mirror native/types/types.h. */
    public enum Kind {
        BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, CHAR, VARCHAR, BINARY,
        VARBINARY, DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ, TIMESTAMP_TZ, INTERVAL_YM, INTERVAL_DT,
        ARRAY, MULTISET, MAP, ROW, STRUCTURED, RAW, NULL, DESCRIPTOR
    }

    /** Resolutions of Flink's interval types (YearMonthResolution / DayTimeResolution). */
    public enum IntervalUnit {
        YEAR, YEAR_TO_MONTH, MONTH,
        DAY, DAY_TO_HOUR, DAY_TO_MINUTE, DAY_TO_SECOND, HOUR, HOUR_TO_MINUTE, HOUR_TO_SECOND,
        MINUTE, MINUTE_TO_SECOND, SECOND
    }

    /** A ROW or structured-type field. */
    public static final class Field {
        public final String name;
        public final SqlType type;
        public final String description; // may be null

        public Field(String name, SqlType type, String description) {
            this.name = Objects.requireNonNull(name);
            this.type = Objects.requireNonNull(type);
            this.description = description;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Field)) {
                return false;
            }
            Field f = (Field) o;
            return name.equals(f.name) && type.equals(f.type) && Objects.equals(description, f.description);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, type, description);
        }
    }

    public static final int MAX_LENGTH = Integer.MAX_VALUE;

    private final Kind kind;
    private final boolean nullable;
    private final int precision; // length, precision, year/day precision; -1 if n/a
    private final int scale; // DECIMAL scale; fractional precision of day-time intervals; -1 if n/a
    private final IntervalUnit unit;
    private final SqlType element; // ARRAY/MULTISET element, MAP key
    private final SqlType value; // MAP value
    private final List<Field> fields; // ROW/STRUCTURED
    private final String className; // STRUCTURED/RAW

    private SqlType(Kind kind, boolean nullable, int precision, int scale, IntervalUnit unit,
            SqlType element, SqlType value, List<Field> fields, String className) {
        this.kind = kind;
        this.nullable = nullable;
        this.precision = precision;
        this.scale = scale;
        this.unit = unit;
        this.element = element;
        this.value = value;
        this.fields = fields;
        this.className = className;
    }

    // ---------------------------------------------------------------------------------------
    // Construction. Parameter checks carry Flink's exception messages (they surface to users
    // through @DataTypeHint strings).
    // ---------------------------------------------------------------------------------------

    public static SqlType of(Kind kind) {
        switch (kind) {
            case CHAR:
            case VARCHAR:
            case BINARY:
            case VARBINARY:
                return lengthType(kind, 1);
            case DECIMAL:
                return decimal(10, 0);
            case TIME:
                return precisionType(Kind.TIME, 0);
            case TIMESTAMP:
            case TIMESTAMP_LTZ:
            case TIMESTAMP_TZ:
                return precisionType(kind, 6);
            case ARRAY:
            case MULTISET:
            case MAP:
            case ROW:
            case STRUCTURED:
            case RAW:
            case INTERVAL_YM:
            case INTERVAL_DT:
                throw new IllegalArgumentException("use the dedicated factory for " + kind);
            default:
                return new SqlType(kind, true, -1, -1, null, null, null, null, null);
        }
    }

    public static SqlType string() {
        return lengthType(Kind.VARCHAR, MAX_LENGTH);
    }

    public static SqlType bytes() {
        return lengthType(Kind.VARBINARY, MAX_LENGTH);
    }

    public static SqlType lengthType(Kind kind, int length) {
        String what;
        switch (kind) {
            case CHAR:
                what = "Character string length";
                break;
            case VARCHAR:
                what = "Variable character string length";
                break;
            case BINARY:
                what = "Binary string length";
                break;
            case VARBINARY:
                what = "Variable binary string length";
                break;
            default:
                throw new IllegalArgumentException(kind + " has no length");
        }
        checkRange(what, length, 1, MAX_LENGTH);
        return new SqlType(kind, true, length, -1, null, null, null, null, null);
    }

    public static SqlType decimal(int precision, int scale) {
        if (precision < 1 || precision > 38) {
            throw new TypeParseException(String.format(
                    "Decimal precision must be between %d and %d (both inclusive).", 1, 38));
        }
        if (scale < 0 || scale > precision) {
            throw new TypeParseException(String.format(
                    "Decimal scale must be between %d and the precision %d (both inclusive).", 0, precision));
        }
        return new SqlType(Kind.DECIMAL, true, precision, scale, null, null, null, null, null);
    }

    public static SqlType precisionType(Kind kind, int precision) {
        String what;
        switch (kind) {
            case TIME:
                what = "Time precision";
                break;
            case TIMESTAMP:
                what = "Timestamp precision";
                break;
            case TIMESTAMP_LTZ:
                what = "Timestamp with local time zone precision";
                break;
            case TIMESTAMP_TZ:
                what = "Timestamp with time zone precision";
                break;
            default:
                throw new IllegalArgumentException(kind + " has no precision");
        }
        checkRange(what, precision, 0, 9);
        return new SqlType(kind, true, precision, -1, null, null, null, null, null);
    }

    /** Year-month interval; yearPrecision is ignored (kept at the default) for MONTH. */
    public static SqlType yearMonthInterval(IntervalUnit unit, int yearPrecision) {
        if (unit != IntervalUnit.YEAR && unit != IntervalUnit.YEAR_TO_MONTH && unit != IntervalUnit.MONTH) {
            throw new IllegalArgumentException("not a year-month resolution: " + unit);
        }
        checkRange("Year precision of year-month intervals", yearPrecision, 0, 4);
        return new SqlType(Kind.INTERVAL_YM, true, yearPrecision, -1, unit, null, null, null, null);
    }

    public static SqlType dayTimeInterval(IntervalUnit unit, int dayPrecision, int fractionalPrecision) {
        if (unit.ordinal() < IntervalUnit.DAY.ordinal()) {
            throw new IllegalArgumentException("not a day-time resolution: " + unit);
        }
        checkRange("Day precision of day-time intervals", dayPrecision, 1, 6);
        checkRange("Fractional precision of day-time intervals", fractionalPrecision, 0, 9);
        return new SqlType(Kind.INTERVAL_DT, true, dayPrecision, fractionalPrecision, unit, null, null, null, null);
    }

    public static SqlType array(SqlType element) {
        return new SqlType(Kind.ARRAY, true, -1, -1, null, Objects.requireNonNull(element), null, null, null);
    }

    public static SqlType multiset(SqlType element) {
        return new SqlType(Kind.MULTISET, true, -1, -1, null, Objects.requireNonNull(element), null, null, null);
    }

    public static SqlType map(SqlType key, SqlType value) {
        return new SqlType(Kind.MAP, true, -1, -1, null, Objects.requireNonNull(key), Objects.requireNonNull(value),
                null, null);
    }

    public static SqlType row(List<Field> fields) {
        checkFieldNames(fields);
        return new SqlType(Kind.ROW, true, -1, -1, null, null, null,
                Collections.unmodifiableList(new ArrayList<>(fields)), null);
    }

    /** A structured type (POJO) backed by the given class. */
    public static SqlType structured(String className, List<Field> fields) {
        checkFieldNames(fields);
        return new SqlType(Kind.STRUCTURED, true, -1, -1, null, null, null,
                Collections.unmodifiableList(new ArrayList<>(fields)), Objects.requireNonNull(className));
    }

    public static SqlType raw(String className) {
        return new SqlType(Kind.RAW, true, -1, -1, null, null, null, null, Objects.requireNonNull(className));
    }

    private static void checkRange(String what, int v, int min, int max) {
        if (v < min || v > max) {
            throw new TypeParseException(String.format(
                    "%s must be between %d and %d (both inclusive).", what, min, max));
        }
    }

    private static void checkFieldNames(List<Field> fields) {
        List<String> seen = new ArrayList<>();
        List<String> duplicates = new ArrayList<>();
        for (Field f : fields) {
            if (f.name.trim().isEmpty()) {
                throw new TypeParseException("Field names must contain at least one non-whitespace character.");
            }
            if (seen.contains(f.name) && !duplicates.contains(f.name)) {
                duplicates.add(f.name);
            }
            seen.add(f.name);
        }
        if (!duplicates.isEmpty()) {
            throw new TypeParseException("Field names must be unique. Found duplicates: " + duplicates);
        }
    }

    /** This type with the given nullability (NULL stays nullable, as in Flink). */
    public SqlType copy(boolean isNullable) {
        if (isNullable == nullable) {
            return this;
        }
        if (kind == Kind.NULL && !isNullable) {
            throw new TypeParseException("The NULL type must be nullable.");
        }
        return new SqlType(kind, isNullable, precision, scale, unit, element, value, fields, className);
    }

    // ---------------------------------------------------------------------------------------

    public Kind kind() {
        return kind;
    }

    public boolean isNullable() {
        return nullable;
    }

    public int precision() {
        return precision;
    }

    public int scale() {
        return scale;
    }

    public IntervalUnit intervalUnit() {
        return unit;
    }

    public SqlType elementType() {
        return element;
    }

    public SqlType keyType() {
        return element;
    }

    public SqlType valueType() {
        return value;
    }

    public List<Field> fields() {
        return fields == null ? Collections.<Field>emptyList() : fields;
    }

    public String className() {
        return className;
    }

    /** ROW or structured type (Flink's LogicalTypeChecks.isCompositeType without DISTINCT). */
    public boolean isComposite() {
        return kind == Kind.ROW || kind == Kind.STRUCTURED;
    }

    /** Flink's summary string; see the class comment. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        appendSummary(sb);
        return sb.toString();
    }

    private void appendSummary(StringBuilder sb) {
        switch (kind) {
            case CHAR:
            case BINARY:
                sb.append(kind.name()).append('(').append(precision).append(')');
                break;
            case VARCHAR:
                sb.append(precision == MAX_LENGTH ? "STRING" : "VARCHAR(" + precision + ")");
                break;
            case VARBINARY:
                sb.append(precision == MAX_LENGTH ? "BYTES" : "VARBINARY(" + precision + ")");
                break;
            case DECIMAL:
                sb.append("DECIMAL(").append(precision).append(", ").append(scale).append(')');
                break;
            case TIME:
            case TIMESTAMP:
            case TIMESTAMP_LTZ:
                sb.append(kind.name()).append('(').append(precision).append(')');
                break;
            case TIMESTAMP_TZ:
                sb.append("TIMESTAMP(").append(precision).append(") WITH TIME ZONE");
                break;
            case INTERVAL_YM:
                appendYearMonth(sb);
                break;
            case INTERVAL_DT:
                appendDayTime(sb);
                break;
            case ARRAY:
            case MULTISET:
                sb.append(kind.name()).append('<');
                element.appendSummary(sb);
                sb.append('>');
                break;
            case MAP:
                sb.append("MAP<");
                element.appendSummary(sb);
                sb.append(", ");
                value.appendSummary(sb);
                sb.append('>');
                break;
            case ROW:
            case STRUCTURED:
                sb.append("ROW<");
                for (int i = 0; i < fields.size(); i++) {
                    Field f = fields.get(i);
                    if (i > 0) {
                        sb.append(", ");
                    }
                    sb.append(escapeIdentifier(f.name)).append(' ');
                    f.type.appendSummary(sb);
                    if (f.description != null) {
                        sb.append(' ').append(escapeString(f.description));
                    }
                }
                sb.append('>');
                break;
            case RAW:
                sb.append("RAW(").append(escapeString(className)).append(", '...')");
                break;
            default:
                sb.append(kind.name());
        }
        if (!nullable) {
            sb.append(" NOT NULL");
        }
    }

    private void appendYearMonth(StringBuilder sb) {
        switch (unit) {
            case YEAR:
                sb.append("INTERVAL YEAR(").append(precision).append(')');
                break;
            case YEAR_TO_MONTH:
                sb.append("INTERVAL YEAR(").append(precision).append(") TO MONTH");
                break;
            default:
                sb.append("INTERVAL MONTH");
        }
    }

    private void appendDayTime(StringBuilder sb) {
        switch (unit) {
            case DAY:
                sb.append("INTERVAL DAY(").append(precision).append(')');
                break;
            case DAY_TO_HOUR:
                sb.append("INTERVAL DAY(").append(precision).append(") TO HOUR");
                break;
            case DAY_TO_MINUTE:
                sb.append("INTERVAL DAY(").append(precision).append(") TO MINUTE");
                break;
            case DAY_TO_SECOND:
                sb.append("INTERVAL DAY(").append(precision).append(") TO SECOND(").append(scale).append(')');
                break;
            case HOUR:
                sb.append("INTERVAL HOUR");
                break;
            case HOUR_TO_MINUTE:
                sb.append("INTERVAL HOUR TO MINUTE");
                break;
            case HOUR_TO_SECOND:
                sb.append("INTERVAL HOUR TO SECOND(").append(scale).append(')');
                break;
            case MINUTE:
                sb.append("INTERVAL MINUTE");
                break;
            case MINUTE_TO_SECOND:
                sb.append("INTERVAL MINUTE TO SECOND(").append(scale).append(')');
                break;
            default:
                sb.append("INTERVAL SECOND(").append(scale).append(')');
        }
    }

    static String escapeIdentifier(String s) {
        return "`" + s.replace("`", "``") + "`";
    }

    static String escapeString(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SqlType)) {
            return false;
        }
        SqlType t = (SqlType) o;
        return kind == t.kind && nullable == t.nullable && precision == t.precision && scale == t.scale
                && unit == t.unit && Objects.equals(element, t.element) && Objects.equals(value, t.value)
                && Objects.equals(fields, t.fields) && Objects.equals(className, t.className);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, nullable, precision, scale, unit, element, value, fields, className);
    }
}
