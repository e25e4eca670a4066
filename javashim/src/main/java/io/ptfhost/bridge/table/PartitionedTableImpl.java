package io.ptfhost.bridge.table;

import org.apache.flink.table.api.ApiExpression;
import org.apache.flink.table.api.PartitionedTable;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.functions.UserDefinedFunction;

/** A table argument with set semantics: TABLE t PARTITION BY k, ... [ORDER BY (o, ...)] */
final class PartitionedTableImpl implements PartitionedTable {
    private final TableImpl table;
    private final Expression[] keys;
    private final Expression[] order;

    PartitionedTableImpl(TableImpl table, Expression[] keys, Expression[] order) {
        this.table = table;
        this.keys = keys.clone();
        this.order = order.clone();
    }

    private String tableArg() {
        String orderBy = order.length == 0 ? "" : " ORDER BY (" + Sql.list(order) + ")";
        return "TABLE " + table.relation() + " PARTITION BY " + Sql.list(keys) + orderBy;
    }

    @Override
    public PartitionedTable orderBy(Expression... fields) {
        return new PartitionedTableImpl(table, keys, fields);
    }

    @Override
    public ApiExpression asArgument(String name) {
        return new ApiExpression(new SqlExpression(name + " => " + tableArg(), true));
    }

    @Override
    public Table process(String path, Object... arguments) {
        return table.derived(TableImpl.processCall(Sql.path(path), path, tableArg(), arguments));
    }

    @Override
    public Table process(Class<? extends UserDefinedFunction> function, Object... arguments) {
        String fname = Functions.inlineName(function);
        return table.derived(TableImpl.processCall(Sql.ident(fname), fname, tableArg(), arguments));
    }
}
