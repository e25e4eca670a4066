package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Multiset (bag) of elements of one type; converts to a {@code Map<E, Integer>} of counts. */
@PublicEvolving
public final class MultisetType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(Map.class);

    private final LogicalType elementType;

    public MultisetType(boolean isNullable, LogicalType elementType) {
        super(isNullable, LogicalTypeRoot.MULTISET);
        this.elementType = Objects.requireNonNull(elementType, "Element type must not be null.");
    }

    public MultisetType(LogicalType elementType) {
        this(true, elementType);
    }

    public LogicalType getElementType() {
        return elementType;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new MultisetType(isNullable, elementType.copy());
    }

    @Override
    public String asSerializableString() {
        return withNullability("MULTISET<%s>", elementType.asSerializableString());
    }

    @Override
    public String asSummaryString() {
        return withNullability("MULTISET<%s>", elementType.asSummaryString());
    }

    @Override
    public boolean supportsInputConversion(Class<?> clazz) {
        return Map.class.isAssignableFrom(clazz);
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Map.class;
    }

    @Override
    public List<LogicalType> getChildren() {
        return Collections.singletonList(elementType);
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && elementType.equals(((MultisetType) o).elementType);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), elementType);
    }
}
