package org.apache.flink.table.api;

import io.ptfhost.bridge.table.TableEnvironmentImpl;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.functions.UserDefinedFunction;
import org.apache.flink.table.types.AbstractDataType;

/**
 * The entry point of a Table API program. In ptfhost every statement and every table it builds runs
 * on ptfhost's engine, in the session of {@code ptfhost run app.jar}.
 */
@PublicEvolving
public interface TableEnvironment {

    static TableEnvironment create(EnvironmentSettings settings) {
        return TableEnvironmentImpl.create(settings);
    }

    static TableEnvironment create(Configuration configuration) {
        return TableEnvironmentImpl.create(EnvironmentSettings.newInstance().withConfiguration(configuration).build());
    }

    Table from(String path);

    Table fromValues(Object... values);

    Table fromValues(AbstractDataType<?> rowType, Object... values);

    Table fromValues(Expression... values);

    Table fromValues(AbstractDataType<?> rowType, Expression... values);

    Table fromValues(Iterable<?> values);

    Table fromValues(AbstractDataType<?> rowType, Iterable<?> values);

    void createTable(String path, TableDescriptor descriptor);

    boolean createTable(String path, TableDescriptor descriptor, boolean ignoreIfExists);

    void createTemporaryTable(String path, TableDescriptor descriptor);

    void createTemporaryTable(String path, TableDescriptor descriptor, boolean ignoreIfExists);

    Table fromCall(String path, Object... arguments);

    Table fromCall(Class<? extends UserDefinedFunction> function, Object... arguments);

    Table sqlQuery(String query);

    TableResult executeSql(String statement);

    void createTemporaryView(String path, Table view);

    void createTemporarySystemFunction(String name, Class<? extends UserDefinedFunction> functionClass);

    void createTemporarySystemFunction(String name, UserDefinedFunction functionInstance);

    void createTemporaryFunction(String path, Class<? extends UserDefinedFunction> functionClass);

    void createTemporaryFunction(String path, UserDefinedFunction functionInstance);

    void createFunction(String path, Class<? extends UserDefinedFunction> functionClass);

    void createFunction(String path, Class<? extends UserDefinedFunction> functionClass, boolean ignoreIfExists);
}
