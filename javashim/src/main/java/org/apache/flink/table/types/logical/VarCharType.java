package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.util.Objects;
import java.util.Set;

/** Variable-length character string; VARCHAR(2147483647) is summarized as STRING. */
@PublicEvolving
public final class VarCharType extends LogicalType {

    private static final long serialVersionUID = 1L;

    public static final int MIN_LENGTH = 1;

    public static final int MAX_LENGTH = Integer.MAX_VALUE;

    public static final int DEFAULT_LENGTH = 1;

    private static final Set<String> CONVERSIONS = names(String.class, byte[].class, org.apache.flink.table.data.StringData.class);

    private final int length;

    public VarCharType(boolean isNullable, int length) {
        super(isNullable, LogicalTypeRoot.VARCHAR);
        if (length < MIN_LENGTH) {
            throw new ValidationException(
                    String.format(
                            "VARCHAR length must be between %d and %d (both inclusive).",
                            MIN_LENGTH, MAX_LENGTH));
        }
        this.length = length;
    }

    public VarCharType(int length) {
        this(true, length);
    }

    public VarCharType() {
        this(DEFAULT_LENGTH);
    }

    public int getLength() {
        return length;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new VarCharType(isNullable, length);
    }

    @Override
    public String asSerializableString() {
        return withNullability("VARCHAR(%d)", length);
    }

    @Override
    public String asSummaryString() {
        return length == MAX_LENGTH ? withNullability("STRING") : asSerializableString();
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
        return super.equals(o) && length == ((VarCharType) o).length;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), length);
    }
}
