package org.apache.flink.table.api.internal;

import io.ptfhost.bridge.table.Sql;
import io.ptfhost.bridge.table.SqlExpression;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.types.DataType;

/**
 * The operations of a Table API expression (Flink's method names and erasures). In ptfhost each
 * builds the SQL text of the operation; the engine's SQL layer evaluates it.
 */
@PublicEvolving
@SuppressWarnings("unchecked")
public abstract class BaseExpressions<InType, OutType> {

    protected abstract Expression toExpr();

    protected abstract OutType toApiSpecificExpression(Expression expression);

    private OutType sql(String text) {
        return toApiSpecificExpression(new SqlExpression(text));
    }

    private String self() {
        return Sql.of(toExpr());
    }

    private OutType binary(String op, InType other) {
        return sql("(" + self() + " " + op + " " + Sql.of(other) + ")");
    }

    private OutType chain(String op, InType first, InType[] rest) {
        StringBuilder b = new StringBuilder("(").append(self()).append(' ').append(op).append(' ');
        b.append(Sql.of(first));
        for (InType r : rest) b.append(' ').append(op).append(' ').append(Sql.of(r));
        return sql(b.append(')').toString());
    }

    public OutType as(String name, String... extraNames) {
        if (extraNames.length > 0) {
            throw new org.apache.flink.table.api.TableException(
                    "ptfhost's Table API renames one column per expression: as(\"" + name + "\", ...)");
        }
        return sql(self() + " AS " + Sql.ident(name));
    }

    /** A named argument of a function call: {@code name => value}. */
    public OutType asArgument(String name) {
        return toApiSpecificExpression(new SqlExpression(name + " => " + self(), true));
    }

    public OutType and(InType other0, InType... others) {
        return chain("AND", other0, others);
    }

    public OutType or(InType other0, InType... others) {
        return chain("OR", other0, others);
    }

    public OutType not() {
        return sql("(NOT " + self() + ")");
    }

    public OutType isEqual(InType other) {
        return binary("=", other);
    }

    public OutType isNotEqual(InType other) {
        return binary("<>", other);
    }

    public OutType isGreater(InType other) {
        return binary(">", other);
    }

    public OutType isGreaterOrEqual(InType other) {
        return binary(">=", other);
    }

    public OutType isLess(InType other) {
        return binary("<", other);
    }

    public OutType isLessOrEqual(InType other) {
        return binary("<=", other);
    }

    public OutType plus(InType other) {
        return binary("+", other);
    }

    public OutType minus(InType other) {
        return binary("-", other);
    }

    public OutType times(InType other) {
        return binary("*", other);
    }

    public OutType dividedBy(InType other) {
        return binary("/", other);
    }

    public OutType mod(InType other) {
        return binary("%", other);
    }

    public OutType isNull() {
        return sql("(" + self() + " IS NULL)");
    }

    public OutType isNotNull() {
        return sql("(" + self() + " IS NOT NULL)");
    }

    public OutType isTrue() {
        return sql("(" + self() + " IS TRUE)");
    }

    public OutType isFalse() {
        return sql("(" + self() + " IS FALSE)");
    }

    public OutType cast(DataType toType) {
        return sql("CAST(" + self() + " AS " + Sql.type(toType) + ")");
    }

    /** Ascending order of a PartitionedTable's ORDER BY. */
    public OutType asc() {
        return sql(self() + " ASC");
    }

    public OutType desc() {
        return sql(self() + " DESC");
    }

    // ---- intervals: lit(n).hours() is INTERVAL 'n' HOUR -------------------------------------------

    public OutType year() {
        return interval(1, "YEAR");
    }

    public OutType years() {
        return year();
    }

    public OutType quarter() {
        return interval(3, "MONTH");
    }

    public OutType quarters() {
        return quarter();
    }

    public OutType month() {
        return interval(1, "MONTH");
    }

    public OutType months() {
        return month();
    }

    public OutType week() {
        return interval(7, "DAY");
    }

    public OutType weeks() {
        return week();
    }

    public OutType day() {
        return interval(1, "DAY");
    }

    public OutType days() {
        return day();
    }

    public OutType hour() {
        return interval(1, "HOUR");
    }

    public OutType hours() {
        return hour();
    }

    public OutType minute() {
        return interval(1, "MINUTE");
    }

    public OutType minutes() {
        return minute();
    }

    public OutType second() {
        return interval(1, "SECOND");
    }

    public OutType seconds() {
        return second();
    }

    public OutType milli() {
        return sql(Sql.interval(self(), 1, 1000, "SECOND"));
    }

    public OutType millis() {
        return milli();
    }

    private OutType interval(long factor, String unit) {
        return sql(Sql.interval(self(), factor, 1, unit));
    }
}
