package io.ptfhost.bridge.table;

import org.apache.flink.table.api.ApiExpression;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.types.AbstractDataType;
import org.apache.flink.table.types.DataType;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
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
        if (v instanceof LocalDate) return "DATE " + string(v.toString());
        if (v instanceof LocalTime) return "TIME " + string(v.toString());
        if (v instanceof LocalDateTime) return "TIMESTAMP " + string(v.toString().replace('T', ' '));
        if (v instanceof Duration) return durationLiteral((Duration) v);
        if (v instanceof Period) return periodLiteral((Period) v);
        throw new TableException(
                "ptfhost's Table API has no literal of " + v.getClass().getName() + " yet: lit(" + v + ")");
    }

    /** A Duration as INTERVAL 's.fff' SECOND (Flink's lit(Duration) is a day-time interval). */
    private static String durationLiteral(Duration d) {
        BigDecimal seconds = BigDecimal.valueOf(d.toMillis()).movePointLeft(3).stripTrailingZeros();
        return "INTERVAL " + string(seconds.toPlainString()) + " SECOND";
    }

    /** A Period as INTERVAL 'y-m' YEAR TO MONTH (its days cannot be part of a year-month interval). */
    private static String periodLiteral(Period p) {
        if (p.getDays() != 0) {
            throw new ValidationException("a year-month interval has no days: lit(" + p + ")");
        }
        long months = p.toTotalMonths();
        String sign = months < 0 ? "-" : "";
        months = Math.abs(months);
        return "INTERVAL " + string(sign + months / 12 + "-" + months % 12) + " YEAR TO MONTH";
    }

    /**
     * {@code n * factor / divisor} of unit: INTERVAL 'v' UNIT when the operand is an integer
     * literal, else the operand times the unit interval.
     */
    public static String interval(String operand, long factor, long divisor, String unit) {
        if (operand.matches("-?[0-9]+")) {
            BigDecimal v = new BigDecimal(operand).multiply(BigDecimal.valueOf(factor))
                    .divide(BigDecimal.valueOf(divisor)).stripTrailingZeros();
            return "INTERVAL " + string(v.toPlainString()) + " " + unit;
        }
        BigDecimal one = BigDecimal.valueOf(factor).divide(BigDecimal.valueOf(divisor)).stripTrailingZeros();
        return "(" + operand + " * INTERVAL " + string(one.toPlainString()) + " " + unit + ")";
    }

    /** A data type as SQL writes it (its logical type's full form). */
    public static String type(AbstractDataType<?> type) {
        if (type instanceof DataType) return ((DataType) type).getLogicalType().asSerializableString();
        return type.toString();
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
