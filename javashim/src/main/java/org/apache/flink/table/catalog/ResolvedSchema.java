package org.apache.flink.table.catalog;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The schema of a result (ptfhost: of {@link org.apache.flink.table.api.TableResult}): its physical
 * columns' names and data types, in order.
 */
@PublicEvolving
public final class ResolvedSchema {
    private final List<String> columnNames;
    private final List<DataType> columnDataTypes;

    private ResolvedSchema(List<String> columnNames, List<DataType> columnDataTypes) {
        if (columnNames.size() != columnDataTypes.size()) {
            throw new IllegalArgumentException("Mismatch between number of columns names and data types.");
        }
        this.columnNames = Collections.unmodifiableList(new ArrayList<>(columnNames));
        this.columnDataTypes = Collections.unmodifiableList(new ArrayList<>(columnDataTypes));
    }

    public static ResolvedSchema physical(List<String> columnNames, List<DataType> columnDataTypes) {
        return new ResolvedSchema(columnNames, columnDataTypes);
    }

    public static ResolvedSchema physical(String[] columnNames, DataType[] columnDataTypes) {
        return physical(Arrays.asList(columnNames), Arrays.asList(columnDataTypes));
    }

    public int getColumnCount() {
        return columnNames.size();
    }

    public List<String> getColumnNames() {
        return columnNames;
    }

    public List<DataType> getColumnDataTypes() {
        return columnDataTypes;
    }

    /** ROW of the columns. */
    public DataType toPhysicalRowDataType() {
        DataTypes.Field[] fields = new DataTypes.Field[columnNames.size()];
        for (int i = 0; i < fields.length; i++) fields[i] = DataTypes.FIELD(columnNames.get(i), columnDataTypes.get(i));
        return DataTypes.ROW(fields);
    }

    @Override
    public String toString() {
        List<String> cols = new ArrayList<>();
        for (int i = 0; i < columnNames.size(); i++) {
            cols.add("  `" + columnNames.get(i).replace("`", "``") + "` " + columnDataTypes.get(i));
        }
        return "(\n" + String.join(",\n", cols) + "\n)";
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof ResolvedSchema)) return false;
        ResolvedSchema that = (ResolvedSchema) o;
        return columnNames.equals(that.columnNames) && columnDataTypes.equals(that.columnDataTypes);
    }

    @Override
    public int hashCode() {
        return 31 * columnNames.hashCode() + columnDataTypes.hashCode();
    }
}
