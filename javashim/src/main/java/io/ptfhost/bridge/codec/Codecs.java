package io.ptfhost.bridge.codec;

import io.ptfhost.bridge.types.SqlType;
import io.ptfhost.bridge.types.TypeParser;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.util.List;
import java.util.Map;

import org.apache.flink.types.Row;

/**
 * Builds the codec tree for a SQL type and a Java conversion class, once per type.
 *
 * <p>The conversion class is what Flink would hand to or accept from user code for that type;
 * {@code null} means Flink's default (Integer for INT, LocalDateTime for TIMESTAMP, Instant for
 * TIMESTAMP_LTZ, Integer[] for ARRAY&lt;INT&gt;, Row for ROW, the POJO for STRUCTURED, ...).
 * Alternatives Flink supports are honoured on decoding (int / int[] for NOT NULL primitives, List
 * for ARRAY, java.sql.Date/Time/Timestamp, Long/Integer for temporal types, ...); encoding accepts
 * any of them.
 */
public final class Codecs {
    private Codecs() {}

    /** The codec of a type string (parsed with io.ptfhost.bridge.types.TypeParser). */
    public static Codec create(String typeString, ClassLoader loader) {
        return create(TypeParser.parse(typeString), null, loader);
    }

    /**
     * The codec of type with the given conversion class (null for Flink's default). STRUCTURED
     * classes are loaded through loader; if the class is missing the type decodes to Row, as
     * Flink falls back to Row for unresolvable structured types.
     */
    public static Codec create(SqlType type, Class<?> conversion, ClassLoader loader) {
        Class<?> c = conversion != null ? conversion : defaultConversion(type, loader);
        switch (type.kind()) {
            case BOOLEAN:
                return new ScalarCodecs.BooleanCodec(type, c);
            case TINYINT:
                return new ScalarCodecs.TinyIntCodec(type, c);
            case SMALLINT:
                return new ScalarCodecs.SmallIntCodec(type, c);
            case INT:
                return new ScalarCodecs.IntCodec(type, c);
            case BIGINT:
                return new ScalarCodecs.BigIntCodec(type, c);
            case FLOAT:
                return new ScalarCodecs.FloatCodec(type, c);
            case DOUBLE:
                return new ScalarCodecs.DoubleCodec(type, c);
            case DECIMAL:
                return new ScalarCodecs.DecimalCodec(type, c);
            case CHAR:
            case VARCHAR:
                return new ScalarCodecs.StringCodec(type, c);
            case BINARY:
            case VARBINARY:
                return new ScalarCodecs.BytesCodec(type, c);
            case DATE:
                return new ScalarCodecs.DateCodec(type, c);
            case TIME:
                return new ScalarCodecs.TimeCodec(type, c);
            case TIMESTAMP:
            case TIMESTAMP_LTZ:
            case TIMESTAMP_TZ:
                return new ScalarCodecs.TimestampCodec(type, c);
            case INTERVAL_YM:
                return new ScalarCodecs.YearMonthCodec(type, c);
            case INTERVAL_DT:
                return new ScalarCodecs.DayTimeCodec(type, c);
            case ARRAY:
                return new ArrayCodec(type, c, create(type.elementType(), elementConversion(c), loader));
            case MAP:
                return new MapCodec(type, c, create(type.keyType(), null, loader),
                        create(type.valueType(), null, loader));
            case MULTISET:
                return new MapCodec(type, c, create(type.elementType(), null, loader),
                        new ScalarCodecs.IntCodec(SqlType.of(SqlType.Kind.INT).copy(false), Integer.class));
            case ROW:
                return new RowCodec(type, fieldCodecs(type, null, loader));
            case STRUCTURED:
                if (c == Row.class) {
                    return new RowCodec(type, fieldCodecs(type, null, loader));
                }
                return PojoCodec.create(type, c, fieldCodecs(type, PojoCodec.fieldClasses(type, c), loader));
            case RAW:
                return new ScalarCodecs.RawCodec(type, c, loader);
            case NULL:
                return new ScalarCodecs.NullCodec(type);
            case DESCRIPTOR:
                return new ScalarCodecs.DescriptorCodec(type);
            default:
                throw new CodecException("no codec for " + type);
        }
    }

    /** The ROW/STRUCTURED codec, which also reads and writes the {@code row} form. */
    public static CompositeCodec createComposite(SqlType type, Class<?> conversion, ClassLoader loader) {
        if (!type.isComposite()) {
            throw new IllegalArgumentException(type + " is not a ROW or structured type");
        }
        return (CompositeCodec) create(type, conversion, loader);
    }

    private static Codec[] fieldCodecs(SqlType type, Class<?>[] classes, ClassLoader loader) {
        Codec[] out = new Codec[type.fields().size()];
        for (int i = 0; i < out.length; i++) {
            Class<?> c = classes == null ? null : classes[i];
            // a field declared as Object (or an interface Flink maps by type) takes the default
            if (c == Object.class) {
                c = null;
            }
            out[i] = create(type.fields().get(i).type, c, loader);
        }
        return out;
    }

    private static Class<?> elementConversion(Class<?> arrayConversion) {
        return arrayConversion.isArray() ? arrayConversion.getComponentType() : null;
    }

    /** Flink's default conversion class of a type (LogicalType#getDefaultConversion). */
    public static Class<?> defaultConversion(SqlType type, ClassLoader loader) {
        switch (type.kind()) {
            case BOOLEAN:
                return Boolean.class;
            case TINYINT:
                return Byte.class;
            case SMALLINT:
                return Short.class;
            case INT:
                return Integer.class;
            case BIGINT:
                return Long.class;
            case FLOAT:
                return Float.class;
            case DOUBLE:
                return Double.class;
            case DECIMAL:
                return BigDecimal.class;
            case CHAR:
            case VARCHAR:
                return String.class;
            case BINARY:
            case VARBINARY:
                return byte[].class;
            case DATE:
                return LocalDate.class;
            case TIME:
                return LocalTime.class;
            case TIMESTAMP:
                return LocalDateTime.class;
            case TIMESTAMP_LTZ:
                return Instant.class;
            case TIMESTAMP_TZ:
                return OffsetDateTime.class;
            case INTERVAL_YM:
                return Period.class;
            case INTERVAL_DT:
                return Duration.class;
            case ARRAY:
                return Array.newInstance(defaultConversion(type.elementType(), loader), 0).getClass();
            case MAP:
            case MULTISET:
                return Map.class;
            case ROW:
                return Row.class;
            case STRUCTURED:
                try {
                    return Class.forName(type.className(), true, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    return Row.class;
                }
            case RAW:
                try {
                    return Class.forName(type.className(), false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    return Object.class;
                }
            default:
                return Object.class;
        }
    }

    /** Whether values of conversion class c can be an ARRAY's Java form (for callers' checks). */
    static boolean isArrayLike(Class<?> c) {
        return c.isArray() || List.class.isAssignableFrom(c);
    }
}
