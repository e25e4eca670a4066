package io.ptfhost.bridge.table;

import io.ptfhost.bridge.TableBridge;

import org.apache.flink.table.api.ApiExpression;
import org.apache.flink.table.api.PartitionedTable;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.TablePipeline;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.functions.UserDefinedFunction;

/**
 * A Table as the SQL query it stands for. A table that is read by a further operation becomes a
 * temporary view with an internal name ({@code UnnamedTable$N}), so each operation's SQL reads a
 * name, never a nested query.
 */
public final class TableImpl implements Table {
    private final TableEnvironmentImpl env;
    private final String query;   // null for a catalog table or view (name set)
    private String name;          // the table, or the view defined for query on first use

    TableImpl(TableEnvironmentImpl env, String query, String name) {
        this.env = env;
        this.query = query;
        this.name = name;
    }

    public static TableImpl of(Table table) {
        if (table instanceof TableImpl) return (TableImpl) table;
        throw new ValidationException("not a table of ptfhost's TableEnvironment: " + table.getClass().getName());
    }

    /** The name to read this table by, defining its view on first use. */
    public synchronized String relation() {
        if (name == null) name = env.defineView(query);
        return name;
    }

    /** The SELECT that produces this table. */
    public String query() {
        return query != null ? query : "SELECT * FROM " + name;
    }

    /** A table of the same environment over sql. */
    Table derived(String sql) {
        return new TableImpl(env, sql, null);
    }

    private static TableException unsupported(String call) {
        return Unsupported.call(call, "its SQL layer has no joins");
    }

    @Override
    public Table select(Expression... fields) {
        return derived("SELECT " + Sql.list(fields) + " FROM " + relation());
    }

    @Override
    public Table as(String field, String... fields) {
        throw Unsupported.call("Table.as(String, String...)", "rename columns with select($(\"a\").as(\"x\"), ...)");
    }

    @Override
    public Table filter(Expression predicate) {
        return where(predicate);
    }

    @Override
    public Table where(Expression predicate) {
        return derived("SELECT * FROM " + relation() + " WHERE " + Sql.of(predicate));
    }

    @Override
    public Table join(Table right) {
        throw unsupported("Table.join(Table)");
    }

    @Override
    public Table join(Table right, Expression joinPredicate) {
        throw unsupported("Table.join(Table, Expression)");
    }

    @Override
    public Table leftOuterJoin(Table right) {
        throw unsupported("Table.leftOuterJoin(Table)");
    }

    @Override
    public Table leftOuterJoin(Table right, Expression joinPredicate) {
        throw unsupported("Table.leftOuterJoin(Table, Expression)");
    }

    @Override
    public Table union(Table right) {
        throw Unsupported.call("Table.union(Table)", "its SQL layer has UNION ALL only: use unionAll(Table)");
    }

    @Override
    public Table unionAll(Table right) {
        return derived("SELECT * FROM " + relation() + " UNION ALL SELECT * FROM " + of(right).relation());
    }

    @Override
    public Table orderBy(Expression... fields) {
        throw Unsupported.call("Table.orderBy(Expression...)",
                "it orders the rows of a PTF's partitions only: partitionBy(...).orderBy(...)");
    }

    @Override
    public PartitionedTable partitionBy(Expression... fields) {
        return new PartitionedTableImpl(this, fields, new Expression[0]);
    }

    @Override
    public ApiExpression asArgument(String name) {
        return new ApiExpression(new SqlExpression(name + " => TABLE " + relation(), true));
    }

    @Override
    public Table process(String path, Object... arguments) {
        return derived(processCall(Sql.path(path), path, "TABLE " + relation(), arguments));
    }

    @Override
    public Table process(Class<? extends UserDefinedFunction> function, Object... arguments) {
        String fname = Functions.inlineName(function);
        return derived(processCall(Sql.ident(fname), fname, "TABLE " + relation(), arguments));
    }

    /**
     * SELECT * FROM f(table, args...): the table goes first; by its parameter's name when an
     * argument is named (SQL does not mix positional and named arguments).
     */
    static String processCall(String fnSql, String fnName, String tableArg, Object[] arguments) {
        boolean named = false;
        for (Object a : arguments) named |= Sql.isNamed(a);
        String param = named ? TableBridge.run(fnName, TableBridge.TABLE_ARG) : null;
        String first = param != null ? param + " => " + tableArg : tableArg;
        String rest = arguments.length == 0 ? "" : ", " + Sql.list(arguments);
        return "SELECT * FROM " + fnSql + "(" + first + rest + ")";
    }

    @Override
    public TablePipeline insertInto(String tablePath) {
        return () -> executeInsert(tablePath);
    }

    @Override
    public TablePipeline insertInto(String tablePath, boolean overwrite) {
        return () -> executeInsert(tablePath, overwrite);
    }

    @Override
    public TableResult executeInsert(String tablePath) {
        return env.insert(tablePath, query());
    }

    @Override
    public TableResult executeInsert(String tablePath, boolean overwrite) {
        if (overwrite) throw Unsupported.call("Table.executeInsert(String, true)", "there is no INSERT OVERWRITE");
        return executeInsert(tablePath);
    }

    @Override
    public TablePipeline insertInto(TableDescriptor descriptor) {
        return () -> executeInsert(descriptor);
    }

    @Override
    public TablePipeline insertInto(TableDescriptor descriptor, boolean overwrite) {
        return () -> executeInsert(descriptor, overwrite);
    }

    /** Into an anonymous temporary table of the descriptor, as Flink's does. */
    @Override
    public TableResult executeInsert(TableDescriptor descriptor) {
        return executeInsert(env.defineTable(descriptor));
    }

    @Override
    public TableResult executeInsert(TableDescriptor descriptor, boolean overwrite) {
        if (overwrite) {
            throw Unsupported.call("Table.executeInsert(TableDescriptor, true)", "there is no INSERT OVERWRITE");
        }
        return executeInsert(descriptor);
    }

    @Override
    public TableResult execute() {
        return TableResultImpl.query(query());
    }

    @Override
    public String toString() {
        return relation();
    }
}
