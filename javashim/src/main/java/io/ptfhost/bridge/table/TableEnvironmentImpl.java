package io.ptfhost.bridge.table;

import io.ptfhost.bridge.TableBridge;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.functions.UserDefinedFunction;
import org.apache.flink.table.types.AbstractDataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * ptfhost's TableEnvironment: statements go to the engine as SQL (TableBridge); tables are SQL
 * queries (TableImpl). All environments of a program share the one session of {@code ptfhost run}.
 */
public final class TableEnvironmentImpl implements TableEnvironment {
    private static final AtomicInteger VIEWS = new AtomicInteger();

    private TableEnvironmentImpl() {}

    public static TableEnvironment create(EnvironmentSettings settings) {
        if (!settings.isStreamingMode()) {
            throw Unsupported.call("EnvironmentSettings.inBatchMode()", "it runs streaming mode only");
        }
        return new TableEnvironmentImpl();
    }

    /** CREATE TEMPORARY VIEW `UnnamedTable$N` AS query; answers the view's name. */
    String defineView(String query) {
        String name = Sql.ident("UnnamedTable$" + VIEWS.getAndIncrement());
        TableBridge.run("CREATE TEMPORARY VIEW " + name + " AS " + query, TableBridge.EXECUTE);
        return name;
    }

    /** CREATE TEMPORARY TABLE `*anonymous_N*` for a descriptor; answers the table's name. */
    String defineTable(TableDescriptor descriptor) {
        String name = "*anonymous_" + descriptor.getOptions().get("connector") + "$" + VIEWS.getAndIncrement() + "*";
        createTemporaryTable(Sql.ident(name), descriptor);
        return name;
    }

    TableResult insert(String tablePath, String query) {
        TableBridge.run("INSERT INTO " + Sql.path(tablePath) + " " + query, TableBridge.EXECUTE);
        return TableResultImpl.inserted(tablePath);
    }

    @Override
    public Table from(String path) {
        return new TableImpl(this, null, Sql.path(path));
    }

    @Override
    public Table fromValues(Object... values) {
        return fromValues((AbstractDataType<?>) null, values);
    }

    @Override
    public Table fromValues(AbstractDataType<?> rowType, Object... values) {
        return new TableImpl(this, Values.query(rowType, values), null);
    }

    @Override
    public Table fromValues(Expression... values) {
        return fromValues((AbstractDataType<?>) null, (Object[]) values);
    }

    @Override
    public Table fromValues(AbstractDataType<?> rowType, Expression... values) {
        return fromValues(rowType, (Object[]) values);
    }

    @Override
    public Table fromValues(Iterable<?> values) {
        return fromValues((AbstractDataType<?>) null, values);
    }

    @Override
    public Table fromValues(AbstractDataType<?> rowType, Iterable<?> values) {
        List<Object> all = new ArrayList<>();
        values.forEach(all::add);
        return fromValues(rowType, all.toArray());
    }

    @Override
    public void createTable(String path, TableDescriptor descriptor) {
        TableBridge.run("CREATE TABLE " + Sql.path(path) + " " + descriptor, TableBridge.EXECUTE);
    }

    /** False when the table exists already (the engine's "already exists" error). */
    @Override
    public boolean createTable(String path, TableDescriptor descriptor, boolean ignoreIfExists) {
        try {
            createTable(path, descriptor);
            return true;
        } catch (TableException e) {
            if (ignoreIfExists && String.valueOf(e.getMessage()).contains("already exists")) return false;
            throw e;
        }
    }

    @Override
    public void createTemporaryTable(String path, TableDescriptor descriptor) {
        createTemporaryTable(path, descriptor, false);
    }

    @Override
    public void createTemporaryTable(String path, TableDescriptor descriptor, boolean ignoreIfExists) {
        String head = ignoreIfExists ? "CREATE TEMPORARY TABLE IF NOT EXISTS " : "CREATE TEMPORARY TABLE ";
        TableBridge.run(head + Sql.path(path) + " " + descriptor, TableBridge.EXECUTE);
    }

    @Override
    public Table fromCall(String path, Object... arguments) {
        return new TableImpl(this, "SELECT * FROM " + Sql.path(path) + "(" + Sql.list(arguments) + ")", null);
    }

    @Override
    public Table fromCall(Class<? extends UserDefinedFunction> function, Object... arguments) {
        return new TableImpl(this, "SELECT * FROM " + Functions.inline(function) + "(" + Sql.list(arguments) + ")",
                null);
    }

    @Override
    public Table sqlQuery(String query) {
        return new TableImpl(this, query, null);
    }

    @Override
    public TableResult executeSql(String statement) {
        String head = firstWord(statement);
        if (head.equals("SELECT") || head.equals("WITH") || head.equals("VALUES") || head.equals("(")) {
            return TableResultImpl.query(statement);
        }
        TableBridge.run(statement, TableBridge.EXECUTE);
        return TableResultImpl.ok();
    }

    private static String firstWord(String statement) {
        String s = statement.stripLeading();
        if (s.startsWith("(")) return "(";
        int end = 0;
        while (end < s.length() && Character.isLetter(s.charAt(end))) end++;
        return s.substring(0, end).toUpperCase(Locale.ROOT);
    }

    @Override
    public void createTemporaryView(String path, Table view) {
        TableBridge.run("CREATE TEMPORARY VIEW " + Sql.path(path) + " AS " + TableImpl.of(view).query(),
                TableBridge.EXECUTE);
    }

    @Override
    public void createTemporarySystemFunction(String name, Class<? extends UserDefinedFunction> functionClass) {
        register("CREATE TEMPORARY SYSTEM FUNCTION", Sql.ident(name), functionClass);
    }

    @Override
    public void createTemporarySystemFunction(String name, UserDefinedFunction functionInstance) {
        createTemporarySystemFunction(name, Functions.classOf(functionInstance));
    }

    @Override
    public void createTemporaryFunction(String path, Class<? extends UserDefinedFunction> functionClass) {
        register("CREATE TEMPORARY FUNCTION", Sql.path(path), functionClass);
    }

    @Override
    public void createTemporaryFunction(String path, UserDefinedFunction functionInstance) {
        createTemporaryFunction(path, Functions.classOf(functionInstance));
    }

    @Override
    public void createFunction(String path, Class<? extends UserDefinedFunction> functionClass) {
        register("CREATE FUNCTION", Sql.path(path), functionClass);
    }

    @Override
    public void createFunction(String path, Class<? extends UserDefinedFunction> functionClass,
            boolean ignoreIfExists) {
        register(ignoreIfExists ? "CREATE FUNCTION IF NOT EXISTS" : "CREATE FUNCTION", Sql.path(path), functionClass);
    }

    private static void register(String head, String name, Class<?> cls) {
        TableBridge.run(Functions.create(head, name, cls), TableBridge.EXECUTE);
    }
}
