package io.ptfhost.bridge.table;

import org.apache.flink.table.expressions.Expression;

import java.util.Collections;
import java.util.List;

/** An expression as the SQL text it stands for; the Table API builds statements from these. */
public final class SqlExpression implements Expression {
    private final String sql;
    private final boolean namedArgument;

    public SqlExpression(String sql) {
        this(sql, false);
    }

    /** namedArgument: the text is {@code name => value} (asArgument). */
    public SqlExpression(String sql, boolean namedArgument) {
        this.sql = sql;
        this.namedArgument = namedArgument;
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
