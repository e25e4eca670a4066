package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Internal representation of DECIMAL values: a {@link BigDecimal} with fixed precision and scale. */
@PublicEvolving
public final class DecimalData implements Comparable<DecimalData> {

    private final int precision;

    private final int scale;

    private final BigDecimal decimal;

    private DecimalData(int precision, int scale, BigDecimal decimal) {
        this.precision = precision;
        this.scale = scale;
        this.decimal = decimal;
    }

    /** Rounds half-up to {@code scale}; null if the value does not fit {@code precision}. */
    public static DecimalData fromBigDecimal(BigDecimal bd, int precision, int scale) {
        BigDecimal scaled = bd.setScale(scale, RoundingMode.HALF_UP);
        if (scaled.precision() > precision) {
            return null;
        }
        return new DecimalData(precision, scale, scaled);
    }

    /** The unscaled long value with the given precision and scale. */
    public static DecimalData fromUnscaledLong(long unscaledLong, int precision, int scale) {
        return new DecimalData(precision, scale, BigDecimal.valueOf(unscaledLong, scale));
    }

    public static DecimalData zero(int precision, int scale) {
        return new DecimalData(precision, scale, BigDecimal.ZERO.setScale(scale));
    }

    public int precision() {
        return precision;
    }

    public int scale() {
        return scale;
    }

    public BigDecimal toBigDecimal() {
        return decimal;
    }

    public long toUnscaledLong() {
        return decimal.unscaledValue().longValueExact();
    }

    public byte[] toUnscaledBytes() {
        return decimal.unscaledValue().toByteArray();
    }

    public DecimalData copy() {
        return this;
    }

    @Override
    public int compareTo(DecimalData o) {
        return decimal.compareTo(o.decimal);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DecimalData && decimal.compareTo(((DecimalData) o).decimal) == 0;
    }

    @Override
    public int hashCode() {
        return decimal.stripTrailingZeros().hashCode();
    }

    @Override
    public String toString() {
        return decimal.toPlainString();
    }
}
