package io.ptfhost.bridge.table;

import org.apache.flink.table.expressions.Expression;

import java.util.Collections;
import java.util.List;

/** An expression as the SQL text it stands for; the Table API builds statements from these. */
public final class SqlExpression implements Expression {
    private final String sql;
    private final boolean namedArgument;
    private final List<String> rowFields;   // row(...): its fields' SQL, else null

    public SqlExpression(String sql) {
        this(sql, false);
    }

    /** namedArgument: the text is {@code name => value} (asArgument). */
    public SqlExpression(String sql, boolean namedArgument) {
        this(sql, namedArgument, null);
    }

    private SqlExpression(String sql, boolean namedArgument, List<String> rowFields) {
        this.sql = sql;
        this.namedArgument = namedArgument;
        this.rowFields = rowFields;
    }

    /** ROW(f, ...): a row constructor, whose fields fromValues also reads one by one. */
    public static SqlExpression row(List<String> fields) {
        return new SqlExpression("ROW(" + String.join(", ", fields) + ")", false, List.copyOf(fields));
    }

    /** The fields of a row constructor, or null. */
    public List<String> rowFields() {
        return rowFields;
    }

    public String sql() {
        return sql;
    }

    public boolean isNamedArgument() {
        return namedArgument;
    }

    @Override
    public String asSummaryString() {
        return sql;
    }

    @Override
    public List<Expression> getChildren() {
        return Collections.emptyList();
    }

    @Override
    public String toString() {
        return sql;
    }
}
