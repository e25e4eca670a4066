package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.util.Objects;
import java.util.Set;

/** Fixed-length binary string. */
@PublicEvolving
public final class BinaryType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public static final int MIN_LENGTH = 1;

    public static final int MAX_LENGTH = Integer.MAX_VALUE;

    public static final int DEFAULT_LENGTH = 1;

    private static final Set<String> CONVERSIONS = names(byte[].class);

    private final int length;

    public BinaryType(boolean isNullable, int length) {
        super(isNullable, LogicalTypeRoot.BINARY);
        if (length < MIN_LENGTH) {
            throw new ValidationException(
                    String.format(
                            "BINARY length must be between %d and %d (both inclusive).",
                            MIN_LENGTH, MAX_LENGTH));
        }
        this.length = length;
    }

    public BinaryType(int length) {
        this(true, length);
    }

    public BinaryType() {
        this(DEFAULT_LENGTH);
    }

    public int getLength() {
        return length;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new BinaryType(isNullable, length);
    }

    @Override
    public String asSerializableString() {
        return withNullability("BINARY(%d)", length);
    }

    @Override
    public Class<?> getDefaultConversion() {
        return byte[].class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && length == ((BinaryType) o).length;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), length);
    }
}
