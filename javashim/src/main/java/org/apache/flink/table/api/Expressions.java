package org.apache.flink.table.api;

import io.ptfhost.bridge.table.Functions;
import io.ptfhost.bridge.table.Sql;
import io.ptfhost.bridge.table.SqlExpression;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.functions.UserDefinedFunction;
import org.apache.flink.table.types.DataType;

import java.util.ArrayList;
import java.util.List;

/** Entry points of the Table API's expressions, with Flink's names and descriptors. */
@PublicEvolving
public final class Expressions {
    private Expressions() {}

    /** A column of the input, by name. */
    public static ApiExpression $(String name) {
        return Sql.api(Sql.ident(name));
    }

    public static ApiExpression col(String name) {
        return $(name);
    }

    public static ApiExpression lit(Object v) {
        return Sql.api(Sql.literal(v));
    }

    public static ApiExpression lit(Object v, DataType dataType) {
        return Sql.api("CAST(" + Sql.literal(v) + " AS " + Sql.type(dataType) + ")");
    }

    public static ApiExpression nullOf(DataType dataType) {
        return Sql.api("CAST(NULL AS " + Sql.type(dataType) + ")");
    }

    public static ApiExpression call(String path, Object... arguments) {
        return Sql.api(Sql.path(path) + "(" + Sql.list(arguments) + ")");
    }

    public static ApiExpression call(Class<? extends UserDefinedFunction> function, Object... arguments) {
        return Sql.api(Functions.inline(function) + "(" + Sql.list(arguments) + ")");
    }

    public static ApiExpression call(UserDefinedFunction function, Object... arguments) {
        return Sql.api(Functions.inline(function) + "(" + Sql.list(arguments) + ")");
    }

    public static ApiExpression descriptor(String... columnNames) {
        List<String> cols = new ArrayList<>();
        for (String c : columnNames) cols.add(Sql.ident(c));
        return Sql.api("DESCRIPTOR(" + String.join(", ", cols) + ")");
    }

    public static ApiExpression row(Object head, Object... tail) {
        List<String> fields = new ArrayList<>();
        for (Object o : prepend(head, tail)) fields.add(Sql.of(o));
        return new ApiExpression(SqlExpression.row(fields));
    }

    public static ApiExpression array(Object head, Object... tail) {
        return Sql.api("ARRAY[" + Sql.list(prepend(head, tail)) + "]");
    }

    public static ApiExpression map(Object key, Object value, Object... tail) {
        Object[] all = new Object[tail.length + 2];
        all[0] = key;
        all[1] = value;
        System.arraycopy(tail, 0, all, 2, tail.length);
        return Sql.api("MAP[" + Sql.list(all) + "]");
    }

    public static ApiExpression and(Object predicate0, Object predicate1, Object... predicates) {
        return Sql.api("(" + Sql.joined(prepend(predicate0, prepend(predicate1, predicates)), " AND ") + ")");
    }

    public static ApiExpression or(Object predicate0, Object predicate1, Object... predicates) {
        return Sql.api("(" + Sql.joined(prepend(predicate0, prepend(predicate1, predicates)), " OR ") + ")");
    }

    public static ApiExpression not(Object expression) {
        return Sql.api("(NOT " + Sql.of(expression) + ")");
    }

    private static Object[] prepend(Object head, Object[] tail) {
        Object[] all = new Object[tail.length + 1];
        all[0] = head;
        System.arraycopy(tail, 0, all, 1, tail.length);
        return all;
    }
}
