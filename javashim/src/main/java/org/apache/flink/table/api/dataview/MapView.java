package org.apache.flink.table.api.dataview;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * A map state entry. By default backed by a {@link java.util.HashMap}; as a process table
 * function's state the runtime passes a subclass backed by keyed map state (keys must then be
 * non-null), which is why the class is not final and every data method may throw.
 *
 * @param <K> key type
 * @param <V> value type
 */
@PublicEvolving
public class MapView<K, V> implements DataView {

    private static final long serialVersionUID = 1L;

    private Map<K, V> map = new HashMap<>();

    public MapView() {}

    /** The backing map of the heap implementation. */
    public Map<K, V> getMap() {
        return map;
    }

    /** Replaces the backing map of the heap implementation. */
    public void setMap(Map<K, V> map) {
        this.map = map;
    }

    /** The value for the key, or null. */
    public V get(K key) throws Exception {
        return map.get(key);
    }

    public void put(K key, V value) throws Exception {
        map.put(key, value);
    }

    public void putAll(Map<K, V> map) throws Exception {
        this.map.putAll(map);
    }

    /** Removes the key's mapping if present. */
    public void remove(K key) throws Exception {
        map.remove(key);
    }

    public boolean contains(K key) throws Exception {
        return map.containsKey(key);
    }

    public Iterable<Map.Entry<K, V>> entries() throws Exception {
        return map.entrySet();
    }

    public Iterable<K> keys() throws Exception {
        return map.keySet();
    }

    public Iterable<V> values() throws Exception {
        return map.values();
    }

    public Iterator<Map.Entry<K, V>> iterator() throws Exception {
        return map.entrySet().iterator();
    }

    public boolean isEmpty() throws Exception {
        return map.isEmpty();
    }

    @Override
    public void clear() {
        map.clear();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MapView)) {
            return false;
        }
        return Objects.equals(getMap(), ((MapView<?, ?>) o).getMap());
    }

    @Override
    public int hashCode() {
        return Objects.hash(getMap());
    }

    /** The data type of a map view with the given key and value types. */
    public static DataType newMapViewDataType(DataType keyDataType, DataType valueDataType) {
        return DataTypes.STRUCTURED(
                MapView.class,
                DataTypes.FIELD("map", DataTypes.MAP(keyDataType, valueDataType).bridgedTo(Map.class)));
    }
}
