package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Map from keys of one type to values of another. */
@PublicEvolving
public final class MapType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS = names(Map.class);

    private final LogicalType keyType;

    private final LogicalType valueType;

    public MapType(boolean isNullable, LogicalType keyType, LogicalType valueType) {
        super(isNullable, LogicalTypeRoot.MAP);
        this.keyType = Objects.requireNonNull(keyType, "Key type must not be null.");
        this.valueType = Objects.requireNonNull(valueType, "Value type must not be null.");
    }

    public MapType(LogicalType keyType, LogicalType valueType) {
        this(true, keyType, valueType);
    }

    public LogicalType getKeyType() {
        return keyType;
    }

    public LogicalType getValueType() {
        return valueType;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new MapType(isNullable, keyType.copy(), valueType.copy());
    }

    @Override
    public String asSerializableString() {
        return withNullability("MAP<%s, %s>", keyType.asSerializableString(), valueType.asSerializableString());
    }

    @Override
    public String asSummaryString() {
        return withNullability("MAP<%s, %s>", keyType.asSummaryString(), valueType.asSummaryString());
    }

    @Override
    public boolean supportsInputConversion(Class<?> clazz) {
        return Map.class.isAssignableFrom(clazz)
                || clazz.getName().equals("org.apache.flink.table.data.MapData");
    }

    @Override
    public boolean supportsOutputConversion(Class<?> clazz) {
        return clazz.isAssignableFrom(java.util.HashMap.class)
                || clazz.getName().equals("org.apache.flink.table.data.MapData");
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Map.class;
    }

    @Override
    public List<LogicalType> getChildren() {
        return Collections.unmodifiableList(Arrays.asList(keyType, valueType));
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o)
                && keyType.equals(((MapType) o).keyType)
                && valueType.equals(((MapType) o).valueType);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), keyType, valueType);
    }
}
