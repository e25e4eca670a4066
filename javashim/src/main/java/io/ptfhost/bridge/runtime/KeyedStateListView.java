package io.ptfhost.bridge.runtime;

import org.apache.flink.table.api.TableRuntimeException;
import org.apache.flink.table.api.dataview.ListView;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The {@link ListView} a PTF receives for a list state entry: reads and writes go to the current
 * key's list in the batch's {@link StateTable} (C stores it between batches), the way Flink's
 * view of the same name goes to keyed list state. One instance per entry for the life of the
 * function, as in Flink; the runtime switches the key under it.
 *
 * <p>Like Flink's: {@link #getList()} returns a copy (changing it changes nothing),
 * {@link #setList(List)} replaces the contents, and null elements are rejected.
 */
public final class KeyedStateListView<T> extends ListView<T> {

    private static final long serialVersionUID = 1L;

    private final transient StateTable table;
    private final int entry;

    KeyedStateListView(StateTable table, int entry) {
        this.table = table;
        this.entry = entry;
    }

    @SuppressWarnings("unchecked")
    private List<T> read() {
        return (List<T>) table.view(entry, false);
    }

    @SuppressWarnings("unchecked")
    private List<T> write() {
        return (List<T>) table.view(entry, true);
    }

    @Override
    public List<T> getList() {
        return new ArrayList<>(read());
    }

    @Override
    public void setList(List<T> list) {
        checkList(list);
        List<T> target = write();
        target.clear();
        target.addAll(list);
    }

    @Override
    public Iterable<T> get() {
        return Collections.unmodifiableList(read());
    }

    @Override
    public void add(T value) {
        checkValue(value);
        write().add(value);
    }

    @Override
    public void addAll(List<T> list) {
        checkList(list);
        write().addAll(list);
    }

    @Override
    public boolean remove(T value) {
        checkValue(value);
        if (!read().contains(value)) {
            return false;
        }
        return write().remove(value);
    }

    @Override
    public void clear() {
        write().clear();
    }

    private static void checkValue(Object value) {
        if (value == null) {
            throw new TableRuntimeException("List views don't support null values.");
        }
    }

    private static void checkList(List<?> list) {
        if (list.contains(null)) {
            throw new TableRuntimeException("List views don't support null values.");
        }
    }
}
