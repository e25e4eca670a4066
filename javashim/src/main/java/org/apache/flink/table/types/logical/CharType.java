package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.util.Objects;
import java.util.Set;

/** Fixed-length character string. */
@PublicEvolving
public final class CharType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public static final int MIN_LENGTH = 1;

    public static final int MAX_LENGTH = Integer.MAX_VALUE;

    public static final int DEFAULT_LENGTH = 1;

    private static final Set<String> CONVERSIONS = names(String.class, byte[].class, org.apache.flink.table.data.StringData.class);

    private final int length;

    public CharType(boolean isNullable, int length) {
        super(isNullable, LogicalTypeRoot.CHAR);
        if (length < MIN_LENGTH) {
            throw new ValidationException(
                    String.format(
                            "CHAR length must be between %d and %d (both inclusive).",
                            MIN_LENGTH, MAX_LENGTH));
        }
        this.length = length;
    }

    public CharType(int length) {
        this(true, length);
    }

    public CharType() {
        this(DEFAULT_LENGTH);
    }

    public int getLength() {
        return length;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new CharType(isNullable, length);
    }

    @Override
    public String asSerializableString() {
        return withNullability("CHAR(%d)", length);
    }

    @Override
    public Class<?> getDefaultConversion() {
        return String.class;
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && length == ((CharType) o).length;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), length);
    }
}
