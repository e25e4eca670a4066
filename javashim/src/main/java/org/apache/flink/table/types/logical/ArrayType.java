package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.lang.reflect.Array;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** Array of elements of one type. */
@PublicEvolving
public final class ArrayType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private final LogicalType elementType;

    public ArrayType(boolean isNullable, LogicalType elementType) {
        super(isNullable, LogicalTypeRoot.ARRAY);
        this.elementType = Objects.requireNonNull(elementType, "Element type must not be null.");
    }

    public ArrayType(LogicalType elementType) {
        this(true, elementType);
    }

    public LogicalType getElementType() {
        return elementType;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new ArrayType(isNullable, elementType.copy());
    }

    @Override
    public String asSerializableString() {
        return withNullability("ARRAY<%s>", elementType.asSerializableString());
    }

    @Override
    public String asSummaryString() {
        return withNullability("ARRAY<%s>", elementType.asSummaryString());
    }

    @Override
    public boolean supportsInputConversion(Class<?> clazz) {
        return supports(clazz, true);
    }

    @Override
    public boolean supportsOutputConversion(Class<?> clazz) {
        return supports(clazz, false);
    }

    private boolean supports(Class<?> clazz, boolean input) {
        if (clazz == List.class || clazz.getName().equals("org.apache.flink.table.data.ArrayData")) {
            return true;
        }
        if (!clazz.isArray()) {
            return false;
        }
        Class<?> component = clazz.getComponentType();
        if (component.isPrimitive() && elementType.isNullable()) {
            return false; // nullable elements cannot live in a primitive array
        }
        return input
                ? elementType.supportsInputConversion(component)
                : elementType.supportsOutputConversion(component);
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Array.newInstance(elementType.getDefaultConversion(), 0).getClass();
    }

    @Override
    public List<LogicalType> getChildren() {
        return Collections.singletonList(elementType);
    }

    @Override
    Set<String> conversions() {
        return names(getDefaultConversion());
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && elementType.equals(((ArrayType) o).elementType);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), elementType);
    }
}
