package io.ptfhost.bridge.table;

import org.apache.flink.table.api.ApiExpression;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.AbstractDataType;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code TableEnvironment.fromValues}: the rows as {@code SELECT ... FROM (VALUES ...) AS T(f0, ...)}.
 * Columns are named f0, f1, ... as Flink names them; a row type gives the names and casts each
 * column to its type.
 */
final class Values {
    private Values() {}

    static String query(AbstractDataType<?> rowType, Object[] values) {
        if (values.length == 0) {
            throw new ValidationException("Values must not be empty.");
        }
        List<String> rows = new ArrayList<>();
        int width = -1;
        for (Object v : values) {
            List<String> fields = fields(v);
            if (width >= 0 && fields.size() != width) {
                throw new ValidationException("All rows in a values clause must have the same number of fields: "
                        + "a row of " + fields.size() + " after rows of " + width);
            }
            width = fields.size();
            rows.add("(" + String.join(", ", fields) + ")");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < width; i++) names.add("f" + i);
        String from = " FROM (VALUES " + String.join(", ", rows) + ") AS T(" + String.join(", ", names) + ")";
        return "SELECT " + projection(rowType, names) + from;
    }

    /** The SQL of one value's fields: a Row's, a row(...)'s, else the value itself. */
    private static List<String> fields(Object v) {
        List<String> out = new ArrayList<>();
        if (v instanceof Row) {
            Row row = (Row) v;
            for (int i = 0; i < row.getArity(); i++) out.add(Sql.of(row.getField(i)));
            return out;
        }
        if (v instanceof ApiExpression && ((ApiExpression) v).toExpr() instanceof SqlExpression) {
            List<String> rowFields = ((SqlExpression) ((ApiExpression) v).toExpr()).rowFields();
            if (rowFields != null) return rowFields;
        }
        out.add(Sql.of(v));
        return out;
    }

    private static String projection(AbstractDataType<?> rowType, List<String> names) {
        if (rowType == null) return String.join(", ", names);
        if (!(rowType instanceof DataType)) {
            throw new ValidationException("ptfhost's fromValues needs a resolved row type, e.g. DataTypes.ROW(...): "
                    + rowType);
        }
        LogicalType type = ((DataType) rowType).getLogicalType();
        List<String> cols = new ArrayList<>();
        if (!(type instanceof RowType)) {
            if (names.size() != 1) throw mismatch(type, names.size());
            cols.add("CAST(f0 AS " + type.asSerializableString() + ") AS f0");
            return cols.get(0);
        }
        List<RowType.RowField> fields = ((RowType) type).getFields();
        if (fields.size() != names.size()) throw mismatch(type, names.size());
        for (int i = 0; i < fields.size(); i++) {
            RowType.RowField f = fields.get(i);
            cols.add("CAST(" + names.get(i) + " AS " + f.getType().asSerializableString() + ") AS "
                    + Sql.ident(f.getName()));
        }
        return String.join(", ", cols);
    }

    private static ValidationException mismatch(LogicalType type, int width) {
        return new ValidationException("The row type " + type.asSummaryString() + " does not match rows of "
                + width + " field(s).");
    }
}
