package io.ptfhost.bridge.runtime;

import org.apache.flink.table.api.TableRuntimeException;
import org.apache.flink.table.api.dataview.MapView;

import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The {@link MapView} a PTF receives for a map state entry: reads and writes go to the current
 * key's map in the batch's {@link StateTable}, like Flink's view of the same name over keyed map
 * state. Keys must not be null (Flink's message); values may be.
 *
 * <p>The map is a {@link HashMap}, so iteration order is that of Flink's heap state backend.
 * {@link #getMap()} returns a copy; {@link #setMap(Map)} replaces the contents.
 */
public final class KeyedStateMapViewWithKeysNotNull<K, V> extends MapView<K, V> {

    private static final long serialVersionUID = 1L;

    private final transient StateTable table;
    private final int entry;

    KeyedStateMapViewWithKeysNotNull(StateTable table, int entry) {
        this.table = table;
        this.entry = entry;
    }

    @SuppressWarnings("unchecked")
    private Map<K, V> read() {
        return (Map<K, V>) table.view(entry, false);
    }

    @SuppressWarnings("unchecked")
    private Map<K, V> write() {
        return (Map<K, V>) table.view(entry, true);
    }

    @Override
    public Map<K, V> getMap() {
        return new HashMap<>(read());
    }

    @Override
    public void setMap(Map<K, V> map) {
        checkKeys(map);
        Map<K, V> target = write();
        target.clear();
        target.putAll(map);
    }

    @Override
    public V get(K key) {
        return read().get(key);
    }

    @Override
    public void put(K key, V value) {
        checkKey(key);
        write().put(key, value);
    }

    @Override
    public void putAll(Map<K, V> map) {
        checkKeys(map);
        write().putAll(map);
    }

    @Override
    public void remove(K key) {
        checkKey(key);
        if (read().containsKey(key)) {
            write().remove(key);
        }
    }

    @Override
    public boolean contains(K key) {
        checkKey(key);
        return read().containsKey(key);
    }

    // Iteration reads; Map.Entry#setValue and Iterator#remove write through (as on Flink's heap
    // backend) and only then count as writes, so a read-only loop sends no STATE message.
    @Override
    public Iterable<Map.Entry<K, V>> entries() {
        return this::iterator;
    }

    @Override
    public Iterable<K> keys() {
        return Collections.unmodifiableSet(read().keySet());
    }

    @Override
    public Iterable<V> values() {
        return Collections.unmodifiableCollection(read().values());
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
        Iterator<Map.Entry<K, V>> it = read().entrySet().iterator();
        return new Iterator<Map.Entry<K, V>>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Map.Entry<K, V> next() {
                Map.Entry<K, V> e = it.next();
                return new Map.Entry<K, V>() {
                    @Override
                    public K getKey() {
                        return e.getKey();
                    }

                    @Override
                    public V getValue() {
                        return e.getValue();
                    }

                    @Override
                    public V setValue(V value) {
                        write();
                        return e.setValue(value);
                    }

                    @Override
                    public boolean equals(Object o) {
                        return e.equals(o);
                    }

                    @Override
                    public int hashCode() {
                        return e.hashCode();
                    }

                    @Override
                    public String toString() {
                        return e.toString();
                    }
                };
            }

            @Override
            public void remove() {
                write();
                it.remove();
            }
        };
    }

    @Override
    public boolean isEmpty() {
        return read().isEmpty();
    }

    @Override
    public void clear() {
        write().clear();
    }

    private static void checkKey(Object key) {
        if (key == null) {
            throw new TableRuntimeException("Map views don't support null keys.");
        }
    }

    private static void checkKeys(Map<?, ?> map) {
        if (map.containsKey(null)) {
            throw new TableRuntimeException("Map views don't support null keys.");
        }
    }
}
