package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.util.Objects;
import java.util.Set;

/** Variable-length binary string; VARBINARY(2147483647) is summarized as BYTES. */
@PublicEvolving
public final class VarBinaryType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public static final int MIN_LENGTH = 1;

    public static final int MAX_LENGTH = Integer.MAX_VALUE;

    public static final int DEFAULT_LENGTH = 1;

    private static final Set<String> CONVERSIONS = names(byte[].class);

    private final int length;

    public VarBinaryType(boolean isNullable, int length) {
        super(isNullable, LogicalTypeRoot.VARBINARY);
        if (length < MIN_LENGTH) {
            throw new ValidationException(
                    String.format(
                            "VARBINARY length must be between %d and %d (both inclusive).",
                            MIN_LENGTH, MAX_LENGTH));
        }
        this.length = length;
    }

    public VarBinaryType(int length) {
        this(true, length);
    }

    public VarBinaryType() {
        this(DEFAULT_LENGTH);
    }

    public int getLength() {
        return length;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new VarBinaryType(isNullable, length);
    }

    @Override
    public String asSerializableString() {
        return withNullability("VARBINARY(%d)", length);
    }

    @Override
    public String asSummaryString() {
        return length == MAX_LENGTH ? withNullability("BYTES") : asSerializableString();
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
        return super.equals(o) && length == ((VarBinaryType) o).length;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), length);
    }
}
