package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Map;
import java.util.Objects;

/** A {@link MapData} over a Java {@link Map} of internal data structures. */
@PublicEvolving
public final class GenericMapData implements MapData {

    private final Map<?, ?> map;

    public GenericMapData(Map<?, ?> map) {
        this.map = Objects.requireNonNull(map);
    }

    /** The value for a key (an internal data structure), or null. */
    public Object get(Object key) {
        return map.get(key);
    }

    @Override
    public int size() {
        return map.size();
    }

    @Override
    public ArrayData keyArray() {
        return new GenericArrayData(map.keySet().toArray());
    }

    @Override
    public ArrayData valueArray() {
        return new GenericArrayData(map.values().toArray());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GenericMapData && map.equals(((GenericMapData) o).map);
    }

    @Override
    public int hashCode() {
        return map.hashCode();
    }
}
