package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.table.types.AbstractDataType;
import org.apache.flink.table.types.AtomicDataType;
import org.apache.flink.table.types.CollectionDataType;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.FieldsDataType;
import org.apache.flink.table.types.KeyValueDataType;
import org.apache.flink.table.types.UnresolvedDataType;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DayTimeIntervalType;
import org.apache.flink.table.types.logical.DayTimeIntervalType.DayTimeResolution;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DescriptorType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.NullType;
import org.apache.flink.table.types.logical.RawType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.StructuredType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.table.types.logical.YearMonthIntervalType;
import org.apache.flink.table.types.logical.YearMonthIntervalType.YearMonthResolution;
import org.apache.flink.table.types.logical.ZonedTimestampType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Factory of {@link DataType}s, the entry point for declaring types in code, e.g. {@code
 * DataTypes.ROW(DataTypes.FIELD("name", DataTypes.STRING()))}.
 */
@PublicEvolving
public final class DataTypes {

    private DataTypes() {}

    /** A type resolved later from a class by reflective extraction. */
    public static <T> UnresolvedDataType of(Class<T> unresolvedClass) {
        return new UnresolvedDataType(
                () -> String.format("'%s'", unresolvedClass.getName()),
                factory -> factory.createDataType(unresolvedClass));
    }

    /** A type resolved later from a SQL type string. */
    public static UnresolvedDataType of(String unresolvedName) {
        return new UnresolvedDataType(
                () -> unresolvedName, factory -> factory.createDataType(unresolvedName));
    }

    /** The data type of a logical type with its default conversion class. */
    public static DataType of(LogicalType logicalType) {
        switch (logicalType.getTypeRoot()) {
            case ARRAY:
                return new CollectionDataType(logicalType, of(((ArrayType) logicalType).getElementType()));
            case MULTISET:
                return new CollectionDataType(logicalType, of(((MultisetType) logicalType).getElementType()));
            case MAP:
                MapType map = (MapType) logicalType;
                return new KeyValueDataType(logicalType, of(map.getKeyType()), of(map.getValueType()));
            case ROW:
                return new FieldsDataType(
                        logicalType, logicalType.getChildren().stream().map(DataTypes::of).collect(Collectors.toList()));
            case STRUCTURED_TYPE:
                return new FieldsDataType(
                        logicalType, logicalType.getChildren().stream().map(DataTypes::of).collect(Collectors.toList()));
            default:
                return new AtomicDataType(logicalType);
        }
    }

    public static DataType CHAR(int n) {
        return new AtomicDataType(new CharType(n));
    }

    public static DataType VARCHAR(int n) {
        return new AtomicDataType(new VarCharType(n));
    }

    public static DataType STRING() {
        return VARCHAR(VarCharType.MAX_LENGTH);
    }

    public static DataType BOOLEAN() {
        return new AtomicDataType(new BooleanType());
    }

    public static DataType BINARY(int n) {
        return new AtomicDataType(new BinaryType(n));
    }

    public static DataType VARBINARY(int n) {
        return new AtomicDataType(new VarBinaryType(n));
    }

    public static DataType BYTES() {
        return VARBINARY(VarBinaryType.MAX_LENGTH);
    }

    public static DataType DECIMAL(int precision, int scale) {
        return new AtomicDataType(new DecimalType(precision, scale));
    }

    public static DataType TINYINT() {
        return new AtomicDataType(new TinyIntType());
    }

    public static DataType SMALLINT() {
        return new AtomicDataType(new SmallIntType());
    }

    public static DataType INT() {
        return new AtomicDataType(new IntType());
    }

    public static DataType BIGINT() {
        return new AtomicDataType(new BigIntType());
    }

    public static DataType FLOAT() {
        return new AtomicDataType(new FloatType());
    }

    public static DataType DOUBLE() {
        return new AtomicDataType(new DoubleType());
    }

    public static DataType DATE() {
        return new AtomicDataType(new DateType());
    }

    public static DataType TIME(int precision) {
        return new AtomicDataType(new TimeType(precision));
    }

    public static DataType TIME() {
        return new AtomicDataType(new TimeType());
    }

    public static DataType TIMESTAMP(int precision) {
        return new AtomicDataType(new TimestampType(precision));
    }

    public static DataType TIMESTAMP() {
        return new AtomicDataType(new TimestampType());
    }

    public static DataType TIMESTAMP_WITH_TIME_ZONE(int precision) {
        return new AtomicDataType(new ZonedTimestampType(precision));
    }

    public static DataType TIMESTAMP_WITH_TIME_ZONE() {
        return new AtomicDataType(new ZonedTimestampType());
    }

    public static DataType TIMESTAMP_WITH_LOCAL_TIME_ZONE(int precision) {
        return new AtomicDataType(new LocalZonedTimestampType(precision));
    }

    public static DataType TIMESTAMP_WITH_LOCAL_TIME_ZONE() {
        return new AtomicDataType(new LocalZonedTimestampType());
    }

    public static DataType TIMESTAMP_LTZ(int precision) {
        return TIMESTAMP_WITH_LOCAL_TIME_ZONE(precision);
    }

    public static DataType TIMESTAMP_LTZ() {
        return TIMESTAMP_WITH_LOCAL_TIME_ZONE();
    }

    /** An interval of one unit, e.g. {@code INTERVAL(SECOND(3))} or {@code INTERVAL(MONTH())}. */
    public static DataType INTERVAL(Resolution resolution) {
        return INTERVAL(resolution, null);
    }

    /** An interval from one unit to another, e.g. {@code INTERVAL(DAY(), SECOND(3))}. */
    public static DataType INTERVAL(Resolution upperResolution, Resolution lowerResolution) {
        return new AtomicDataType(Resolution.intervalType(upperResolution, lowerResolution));
    }

    public static DataType ARRAY(DataType elementDataType) {
        Objects.requireNonNull(elementDataType, "Element data type must not be null.");
        return new CollectionDataType(new ArrayType(elementDataType.getLogicalType()), elementDataType);
    }

    public static DataType MULTISET(DataType elementDataType) {
        Objects.requireNonNull(elementDataType, "Element data type must not be null.");
        return new CollectionDataType(new MultisetType(elementDataType.getLogicalType()), elementDataType);
    }

    public static DataType MAP(DataType keyDataType, DataType valueDataType) {
        Objects.requireNonNull(keyDataType, "Key data type must not be null.");
        Objects.requireNonNull(valueDataType, "Value data type must not be null.");
        return new KeyValueDataType(
                new MapType(keyDataType.getLogicalType(), valueDataType.getLogicalType()), keyDataType, valueDataType);
    }

    public static DataType ROW(Field... fields) {
        List<RowType.RowField> logical = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (Field f : fields) {
            logical.add(new RowType.RowField(f.getName(), f.getDataType().getLogicalType(), f.getDescription().orElse(null)));
            types.add(f.getDataType());
        }
        return new FieldsDataType(new RowType(logical), types);
    }

    public static DataType ROW(List<Field> fields) {
        return ROW(fields.toArray(new Field[0]));
    }

    /** A row of the given types with field names {@code f0, f1, ...}. */
    public static DataType ROW(DataType... fieldDataTypes) {
        Field[] fields = new Field[fieldDataTypes.length];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = FIELD("f" + i, fieldDataTypes[i]);
        }
        return ROW(fields);
    }

    public static DataType ROW() {
        return ROW(new Field[0]);
    }

    public static DataType NULL() {
        return new AtomicDataType(new NullType());
    }

    public static <T> DataType RAW(Class<T> clazz, TypeSerializer<T> serializer) {
        return new AtomicDataType(new RawType<>(clazz, serializer));
    }

    /** The type of a {@code DESCRIPTOR(...)} argument; converts to {@code ColumnList}. */
    public static DataType DESCRIPTOR() {
        return new AtomicDataType(new DescriptorType());
    }

    /** A structured type backed by the given class, with the given attributes. */
    public static <T> DataType STRUCTURED(Class<T> implementationClass, Field... fields) {
        List<StructuredType.StructuredAttribute> attributes = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (Field f : fields) {
            attributes.add(
                    new StructuredType.StructuredAttribute(
                            f.getName(), f.getDataType().getLogicalType(), f.getDescription().orElse(null)));
            types.add(f.getDataType());
        }
        StructuredType type = StructuredType.newBuilder(implementationClass).attributes(attributes).build();
        return new FieldsDataType(type, implementationClass, types);
    }

    public static Field FIELD(String name, DataType dataType) {
        return new Field(name, dataType, null);
    }

    public static Field FIELD(String name, DataType dataType, String description) {
        return new Field(name, dataType, description);
    }

    public static Resolution SECOND() {
        return new Resolution(Resolution.Unit.SECOND, DayTimeIntervalType.DEFAULT_FRACTIONAL_PRECISION);
    }

    public static Resolution SECOND(int precision) {
        return new Resolution(Resolution.Unit.SECOND, precision);
    }

    public static Resolution MINUTE() {
        return new Resolution(Resolution.Unit.MINUTE, 0);
    }

    public static Resolution HOUR() {
        return new Resolution(Resolution.Unit.HOUR, 0);
    }

    public static Resolution DAY() {
        return new Resolution(Resolution.Unit.DAY, DayTimeIntervalType.DEFAULT_DAY_PRECISION);
    }

    public static Resolution DAY(int precision) {
        return new Resolution(Resolution.Unit.DAY, precision);
    }

    public static Resolution MONTH() {
        return new Resolution(Resolution.Unit.MONTH, 0);
    }

    public static Resolution YEAR() {
        return new Resolution(Resolution.Unit.YEAR, YearMonthIntervalType.DEFAULT_PRECISION);
    }

    public static Resolution YEAR(int precision) {
        return new Resolution(Resolution.Unit.YEAR, precision);
    }

    // --------------------------------------------------------------------------------------------

    /** A unit of an interval with its precision. */
    @PublicEvolving
    public static final class Resolution {

        private enum Unit {
            YEAR,
            MONTH,
            DAY,
            HOUR,
            MINUTE,
            SECOND
        }

        private final Unit unit;

        private final int precision;

        private Resolution(Unit unit, int precision) {
            this.unit = unit;
            this.precision = precision;
        }

        @Override
        public String toString() {
            return unit + (precision > 0 ? "(" + precision + ")" : "");
        }

        private static LogicalType intervalType(Resolution upper, Resolution lower) {
            Unit from = upper.unit;
            Unit to = lower == null ? upper.unit : lower.unit;
            if (from == Unit.YEAR || from == Unit.MONTH) {
                if (from == Unit.YEAR && to == Unit.YEAR) {
                    return new YearMonthIntervalType(YearMonthResolution.YEAR, upper.precision);
                }
                if (from == Unit.YEAR && to == Unit.MONTH) {
                    return new YearMonthIntervalType(YearMonthResolution.YEAR_TO_MONTH, upper.precision);
                }
                if (from == Unit.MONTH && to == Unit.MONTH) {
                    return new YearMonthIntervalType(YearMonthResolution.MONTH);
                }
            } else {
                int day = from == Unit.DAY ? upper.precision : DayTimeIntervalType.DEFAULT_DAY_PRECISION;
                int fraction = to == Unit.SECOND
                        ? (lower == null ? upper.precision : lower.precision)
                        : DayTimeIntervalType.DEFAULT_FRACTIONAL_PRECISION;
                String name = from == to ? from.name() : from.name() + "_TO_" + to.name();
                try {
                    return new DayTimeIntervalType(DayTimeResolution.valueOf(name), day, fraction);
                } catch (IllegalArgumentException e) {
                    // fall through to the error below
                }
            }
            throw new ValidationException(
                    String.format("Unsupported interval definition '%s TO %s'.", upper, lower == null ? upper : lower));
        }
    }

    /** Common base of named fields. */
    @PublicEvolving
    public abstract static class AbstractField {

        protected final String name;

        protected final String description;

        private AbstractField(String name, String description) {
            this.name = Objects.requireNonNull(name, "Field name must not be null.");
            this.description = description;
        }

        public String getName() {
            return name;
        }

        public Optional<String> getDescription() {
            return Optional.ofNullable(description);
        }

        protected abstract AbstractDataType<?> getAbstractDataType();

        @Override
        public String toString() {
            return "`" + name.replace("`", "``") + "` " + getAbstractDataType()
                    + (description == null ? "" : " '" + description.replace("'", "''") + "'");
        }
    }

    /** A named, resolved field of a ROW or STRUCTURED type. */
    @PublicEvolving
    public static final class Field extends AbstractField {

        private final DataType dataType;

        private Field(String name, DataType dataType, String description) {
            super(name, description);
            this.dataType = Objects.requireNonNull(dataType, "Field data type must not be null.");
        }

        public DataType getDataType() {
            return dataType;
        }

        @Override
        protected AbstractDataType<?> getAbstractDataType() {
            return dataType;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Field)) {
                return false;
            }
            Field that = (Field) o;
            return name.equals(that.name)
                    && dataType.equals(that.dataType)
                    && Objects.equals(description, that.description);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, dataType, description);
        }
    }
}
