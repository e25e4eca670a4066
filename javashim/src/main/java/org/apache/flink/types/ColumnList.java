package org.apache.flink.types;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.DataType;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The value of a {@code DESCRIPTOR(a, b)} argument: a list of column names, optionally with data
 * types. This is how a function receives, for example, the {@code on_time} columns.
 */
@PublicEvolving
public final class ColumnList implements Serializable {

    private static final long serialVersionUID = 1L;

    private final List<String> names;

    private final List<DataType> dataTypes;

    private ColumnList(List<String> names, List<DataType> dataTypes) {
        Objects.requireNonNull(names, "Names must not be null.");
        Objects.requireNonNull(dataTypes, "Data types must not be null.");
        if (names.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("Names must not contain null elements.");
        }
        if (dataTypes.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("Data types must not contain null elements.");
        }
        if (!dataTypes.isEmpty() && dataTypes.size() != names.size()) {
            throw new IllegalArgumentException("Mismatch between data types and names.");
        }
        this.names = Collections.unmodifiableList(new ArrayList<>(names));
        this.dataTypes = Collections.unmodifiableList(new ArrayList<>(dataTypes));
    }

    public static ColumnList of(List<String> names, List<DataType> dataTypes) {
        return new ColumnList(names, dataTypes);
    }

    public static ColumnList of(List<String> names) {
        return new ColumnList(names, Collections.emptyList());
    }

    public static ColumnList of(String... names) {
        return of(java.util.Arrays.asList(names));
    }

    public List<String> getNames() {
        return names;
    }

    /** The data types of the columns, or an empty list if untyped. */
    public List<DataType> getDataTypes() {
        return dataTypes;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ColumnList)) {
            return false;
        }
        ColumnList that = (ColumnList) o;
        return names.equals(that.names) && dataTypes.equals(that.dataTypes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(names, dataTypes);
    }

    /** {@code (`a`, `b`)} or {@code (`a` INT, `b` STRING)}. */
    @Override
    public String toString() {
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String c = "`" + names.get(i).replace("`", "``") + "`";
            columns.add(dataTypes.isEmpty() ? c : c + " " + dataTypes.get(i).getLogicalType().asSummaryString());
        }
        return columns.stream().collect(Collectors.joining(", ", "(", ")"));
    }
}
