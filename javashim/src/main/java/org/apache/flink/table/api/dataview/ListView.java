package org.apache.flink.table.api.dataview;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A list state entry. By default backed by a {@link java.util.ArrayList}; as a process table
 * function's state the runtime passes a subclass backed by keyed list state, which is why the
 * class is not final and every data method may throw.
 *
 * @param <T> element type; elements must not be null
 */
@PublicEvolving
public class ListView<T> implements DataView {

    private static final long serialVersionUID = 1L;

    private List<T> list = new ArrayList<>();

    public ListView() {}

    /** The backing list of the heap implementation. */
    public List<T> getList() {
        return list;
    }

    /** Replaces the backing list of the heap implementation. */
    public void setList(List<T> list) {
        this.list = list;
    }

    /** Returns the elements. */
    public Iterable<T> get() throws Exception {
        return list;
    }

    /** Appends an element. */
    public void add(T value) throws Exception {
        list.add(value);
    }

    /** Appends all elements of the given list. */
    public void addAll(List<T> list) throws Exception {
        this.list.addAll(list);
    }

    /** Removes the first occurrence of the element; returns whether one was removed. */
    public boolean remove(T value) throws Exception {
        return list.remove(value);
    }

    @Override
    public void clear() {
        list.clear();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ListView)) {
            return false;
        }
        return Objects.equals(getList(), ((ListView<?>) o).getList());
    }

    @Override
    public int hashCode() {
        return Objects.hash(getList());
    }

    /** The data type of a list view with the given element type. */
    public static DataType newListViewDataType(DataType elementDataType) {
        return DataTypes.STRUCTURED(
                ListView.class,
                DataTypes.FIELD("list", DataTypes.ARRAY(elementDataType).bridgedTo(List.class)));
    }
}
