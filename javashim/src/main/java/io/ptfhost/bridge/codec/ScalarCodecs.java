package io.ptfhost.bridge.codec;

import io.ptfhost.bridge.types.SqlType;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.apache.flink.types.ColumnList;

/** Codecs of the types without children. Bodies as in native/types/codec.h. */
final class ScalarCodecs {
    private ScalarCodecs() {}

    static final long MILLIS_PER_DAY = 86_400_000L;
    static final long NANOS_PER_DAY = 86_400_000_000_000L;

    static final class BooleanCodec extends Codec {
        BooleanCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putByte((Boolean) v ? 1 : 0);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            int at = in.position();
            byte b = in.get();
            if (b != 0 && b != 1) {
                throw corrupt(String.format("BOOLEAN: byte 0x%02x is neither 0 nor 1", b & 0xff), in, at);
            }
            return b == 1;
        }
    }

    static final class TinyIntCodec extends Codec {
        TinyIntCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putByte((Byte) v);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            return in.get();
        }
    }

    static final class SmallIntCodec extends Codec {
        SmallIntCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putShort((Short) v);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            return in.getShort();
        }
    }

    static final class IntCodec extends Codec {
        IntCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putInt((Integer) v);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            return in.getInt();
        }
    }

    static final class BigIntCodec extends Codec {
        BigIntCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putLong((Long) v);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            return in.getLong();
        }
    }

    static final class FloatCodec extends Codec {
        FloatCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            // raw bits: NaN payloads and -0.0 survive, as in C
            out.putInt(Float.floatToRawIntBits((Float) v));
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            return Float.intBitsToFloat(in.getInt());
        }
    }

    static final class DoubleCodec extends Codec {
        DoubleCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putLong(Double.doubleToRawLongBits((Double) v));
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            return Double.longBitsToDouble(in.getLong());
        }
    }

    /** Unscaled value as i64 (p <= 18) or i128 (p > 18); BigDecimal with the type's scale. */
    static final class DecimalCodec extends Codec {
        private final int precision;
        private final int scale;
        private final BigInteger limit; // 10^precision
        private final long longLimit; // 10^precision when precision <= 18

        DecimalCodec(SqlType t, Class<?> c) {
            super(t, c);
            this.precision = t.precision();
            this.scale = t.scale();
            this.limit = BigInteger.TEN.pow(precision);
            this.longLimit = precision <= 18 ? limit.longValue() : Long.MAX_VALUE;
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            BigDecimal d = (BigDecimal) v;
            if (d.scale() != scale) {
                d = d.setScale(scale, RoundingMode.HALF_UP);
            }
            if (d.precision() > precision) {
                return false; // Flink's DecimalData.fromBigDecimal yields null on overflow
            }
            BigInteger u = d.unscaledValue();
            if (precision <= 18) {
                out.putLong(u.longValue());
            } else {
                out.putLong(u.longValue());
                out.putLong(u.shiftRight(64).longValue());
            }
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            int at = in.position();
            if (precision <= 18) {
                long u = in.getLong();
                if (u <= -longLimit || u >= longLimit) {
                    throw corrupt(type + ": unscaled value out of range", in, at);
                }
                return BigDecimal.valueOf(u, scale);
            }
            long lo = in.getLong();
            long hi = in.getLong();
            byte[] be = new byte[16];
            for (int i = 0; i < 8; i++) {
                be[i] = (byte) (hi >>> (56 - 8 * i));
                be[8 + i] = (byte) (lo >>> (56 - 8 * i));
            }
            BigInteger u = new BigInteger(be);
            if (u.abs().compareTo(limit) >= 0) {
                throw corrupt(type + ": unscaled value out of range", in, at);
            }
            return new BigDecimal(u, scale);
        }
    }

    static final class StringCodec extends Codec {
        StringCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putString((String) v);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            return readString(in);
        }
    }

    static final class BytesCodec extends Codec {
        BytesCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putBytes((byte[]) v);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            return readBytes(in);
        }
    }

    /** i32 days. Conversions: LocalDate (default), java.sql.Date, Integer. */
    static final class DateCodec extends Codec {
        DateCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            long days;
            if (v instanceof LocalDate) {
                days = ((LocalDate) v).toEpochDay();
            } else if (v instanceof java.sql.Date) {
                days = ((java.sql.Date) v).toLocalDate().toEpochDay();
            } else {
                days = (Integer) v;
            }
            out.putInt(Math.toIntExact(days));
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            int days = in.getInt();
            if (conversion == Integer.class || conversion == int.class) {
                return days;
            }
            LocalDate d = LocalDate.ofEpochDay(days);
            return conversion == java.sql.Date.class ? java.sql.Date.valueOf(d) : d;
        }
    }

    /** i64 nanos of day. Conversions: LocalTime (default), java.sql.Time, Integer millis, Long nanos. */
    static final class TimeCodec extends Codec {
        TimeCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            long nanos;
            if (v instanceof LocalTime) {
                nanos = ((LocalTime) v).toNanoOfDay();
            } else if (v instanceof java.sql.Time) {
                nanos = ((java.sql.Time) v).toLocalTime().toNanoOfDay();
            } else if (v instanceof Integer) {
                nanos = (Integer) v * 1_000_000L;
            } else {
                nanos = (Long) v;
            }
            if (nanos < 0 || nanos >= NANOS_PER_DAY) {
                throw new CodecException("TIME value of " + nanos + " ns is outside the day");
            }
            out.putLong(nanos);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            int at = in.position();
            long nanos = in.getLong();
            if (nanos < 0 || nanos >= NANOS_PER_DAY) {
                throw corrupt("TIME: " + nanos + " ns is outside the day", in, at);
            }
            if (conversion == Long.class || conversion == long.class) {
                return nanos;
            }
            if (conversion == Integer.class || conversion == int.class) {
                return (int) (nanos / 1_000_000L);
            }
            LocalTime t = LocalTime.ofNanoOfDay(nanos);
            return conversion == java.sql.Time.class ? java.sql.Time.valueOf(t) : t;
        }
    }

    /**
     * i64 epoch millis (+ i32 nanos of the milli when p > 3). TIMESTAMP: LocalDateTime (default),
     * java.sql.Timestamp. TIMESTAMP_LTZ: Instant (default), Long millis, Integer seconds.
     * WITH TIME ZONE: OffsetDateTime (decoded at UTC).
     */
    static final class TimestampCodec extends Codec {
        private final boolean withNanos;

        TimestampCodec(SqlType t, Class<?> c) {
            super(t, c);
            this.withNanos = t.precision() > 3;
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            long millis;
            int nanos;
            if (v instanceof LocalDateTime || v instanceof java.sql.Timestamp) {
                LocalDateTime t = v instanceof LocalDateTime
                        ? (LocalDateTime) v : ((java.sql.Timestamp) v).toLocalDateTime();
                long nod = t.toLocalTime().toNanoOfDay();
                millis = t.toLocalDate().toEpochDay() * MILLIS_PER_DAY + nod / 1_000_000L;
                nanos = (int) (nod % 1_000_000L);
            } else if (v instanceof Instant || v instanceof OffsetDateTime) {
                Instant i = v instanceof Instant ? (Instant) v : ((OffsetDateTime) v).toInstant();
                millis = Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1000L), i.getNano() / 1_000_000);
                nanos = i.getNano() % 1_000_000;
            } else if (v instanceof Integer) {
                millis = (Integer) v * 1000L;
                nanos = 0;
            } else {
                millis = (Long) v;
                nanos = 0;
            }
            out.putLong(millis);
            if (withNanos) {
                out.putInt(nanos);
            }
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            int at = in.position();
            long millis = in.getLong();
            int nanos = 0;
            if (withNanos) {
                nanos = in.getInt();
                if (nanos < 0 || nanos > 999_999) {
                    throw corrupt(type + ": nanos-of-millisecond " + nanos + " outside 0..999999", in, at + 8);
                }
            }
            if (conversion == Long.class || conversion == long.class) {
                return millis;
            }
            if (conversion == Integer.class || conversion == int.class) {
                return (int) Math.floorDiv(millis, 1000L);
            }
            if (conversion == Instant.class || conversion == OffsetDateTime.class) {
                Instant i = Instant.ofEpochSecond(Math.floorDiv(millis, 1000L),
                        Math.floorMod(millis, 1000L) * 1_000_000L + nanos);
                return conversion == Instant.class ? i : i.atOffset(ZoneOffset.UTC);
            }
            LocalDateTime t = LocalDateTime.of(LocalDate.ofEpochDay(Math.floorDiv(millis, MILLIS_PER_DAY)),
                    LocalTime.ofNanoOfDay(Math.floorMod(millis, MILLIS_PER_DAY) * 1_000_000L + nanos));
            return conversion == java.sql.Timestamp.class ? java.sql.Timestamp.valueOf(t) : t;
        }
    }

    /** i32 months. Period (default; shape by resolution, as Flink's converter) or Integer. */
    static final class YearMonthCodec extends Codec {
        YearMonthCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putInt(v instanceof Period ? (int) ((Period) v).toTotalMonths() : (Integer) v);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            int months = in.getInt();
            if (conversion == Integer.class || conversion == int.class) {
                return months;
            }
            switch (type.intervalUnit()) {
                case YEAR:
                    return Period.ofYears(months / 12);
                case YEAR_TO_MONTH:
                    return Period.of(months / 12, months % 12, 0);
                default:
                    return Period.ofMonths(months);
            }
        }
    }

    /** i64 millis. Duration (default) or Long. */
    static final class DayTimeCodec extends Codec {
        DayTimeCodec(SqlType t, Class<?> c) {
            super(t, c);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            out.putLong(v instanceof Duration ? ((Duration) v).toMillis() : (Long) v);
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            long millis = in.getLong();
            return conversion == Long.class || conversion == long.class ? (Object) millis : Duration.ofMillis(millis);
        }
    }

    /** RAW: the object's Java serialization; classes resolve through the function's loader. */
    static final class RawCodec extends Codec {
        private final ClassLoader loader;

        RawCodec(SqlType t, Class<?> c, ClassLoader loader) {
            super(t, c);
            this.loader = loader;
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream oos = new ObjectOutputStream(bytes)) {
                oos.writeObject(v);
            } catch (IOException e) {
                throw new CodecException("cannot serialize " + v.getClass().getName() + " for " + type + ": " + e, e);
            }
            out.putBytes(bytes.toByteArray());
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            byte[] b = readBytes(in);
            try (ObjectInputStream ois = new LoaderObjectInputStream(new ByteArrayInputStream(b), loader)) {
                return ois.readObject();
            } catch (IOException | ClassNotFoundException e) {
                throw new CodecException("cannot deserialize " + type + ": " + e, e);
            }
        }
    }

    private static final class LoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }

    /** The NULL type: every value is NULL, so no body exists. */
    static final class NullCodec extends Codec {
        NullCodec(SqlType t) {
            super(t, Object.class);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            throw new CodecException("a value of type NULL must be null, got " + v.getClass().getName());
        }

        @Override
        Object readBody(ByteBuffer in) {
            throw corrupt("value: type NULL has a non-NULL value", in, in.position());
        }
    }

    /** DESCRIPTOR (the on_time column list): as ARRAY<STRING NOT NULL>, to ColumnList. */
    static final class DescriptorCodec extends Codec {
        DescriptorCodec(SqlType t) {
            super(t, ColumnList.class);
        }

        @Override
        boolean writeBody(CodecOutput out, Object v) {
            List<String> names = ((ColumnList) v).getNames();
            out.putInt(names.size());
            out.reserveBits((names.size() + 7) / 8);
            for (String n : names) {
                out.putString(n);
            }
            return true;
        }

        @Override
        Object readBody(ByteBuffer in) {
            int n = readCount(in, "DESCRIPTOR length", 1);
            int bits = skipBits(in, n);
            List<String> names = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                if (isSet(in, bits, i)) {
                    throw corrupt("DESCRIPTOR: NULL column name", in, bits);
                }
                names.add(readString(in));
            }
            return ColumnList.of(names);
        }
    }
}
