package io.ptfhost.bridge.table;

import org.apache.flink.table.api.ApiExpression;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.expressions.Expression;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** SQL text for the Table API's values: identifiers, literals, expressions, argument lists. */
public final class Sql {
    private Sql() {}

    /** `name`, with a backquote doubled. */
    public static String ident(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /** `a`.`b`.`c` for a dotted path (a part already in backquotes is kept). */
    public static String path(String path) {
        if (path.startsWith("`")) return path;
        List<String> parts = new ArrayList<>();
        for (String p : path.split("\\.", -1)) parts.add(ident(p));
        return String.join(".", parts);
    }

    public static String string(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** A Java value as the SQL literal of the type Flink's {@code lit(v)} gives it. */
    public static String literal(Object v) {
        if (v == null) return "NULL";
        if (v instanceof String) return string((String) v);
        if (v instanceof Boolean) return ((Boolean) v) ? "TRUE" : "FALSE";
        if (v instanceof Integer) return v.toString();
        if (v instanceof Long) return "CAST(" + v + " AS BIGINT)";
        if (v instanceof Short) return "CAST(" + v + " AS SMALLINT)";
        if (v instanceof Byte) return "CAST(" + v + " AS TINYINT)";
        if (v instanceof Double) return "CAST(" + doubleText((Double) v) + " AS DOUBLE)";
        if (v instanceof Float) return "CAST(" + doubleText(((Float) v).doubleValue()) + " AS FLOAT)";
        if (v instanceof BigDecimal) return ((BigDecimal) v).toPlainString();
        throw new TableException(
                "ptfhost's Table API has no literal of " + v.getClass().getName() + " yet: lit(" + v + ")");
    }

    private static String doubleText(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new TableException("ptfhost's Table API has no literal for " + d);
        }
        return BigDecimal.valueOf(d).toString();
    }

    /** An argument of an expression method: an expression's text, else a literal. */
    public static String of(Object o) {
        if (o instanceof SqlExpression) return ((SqlExpression) o).sql();
        if (o instanceof ApiExpression) return of(((ApiExpression) o).toExpr());
        if (o instanceof Table) return "TABLE " + TableImpl.of((Table) o).relation();
        if (o instanceof Expression) {
            throw new ValidationException("ptfhost's Table API cannot use this expression: " + o);
        }
        return literal(o);
    }

    /** An argument written {@code name => value}. */
    public static boolean isNamed(Object o) {
        if (o instanceof ApiExpression) return isNamed(((ApiExpression) o).toExpr());
        return o instanceof SqlExpression && ((SqlExpression) o).isNamedArgument();
    }

    public static String list(Object[] items) {
        return joined(items, ", ");
    }

    public static String joined(Object[] items, String separator) {
        List<String> out = new ArrayList<>();
        for (Object o : items) out.add(of(o));
        return String.join(separator, out);
    }

    public static ApiExpression api(String sql) {
        return new ApiExpression(new SqlExpression(sql));
    }
}
