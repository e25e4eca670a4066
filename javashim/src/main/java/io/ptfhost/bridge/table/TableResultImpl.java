package io.ptfhost.bridge.table;

import io.ptfhost.bridge.TableBridge;
import io.ptfhost.bridge.codec.Codecs;
import io.ptfhost.bridge.codec.CompositeCodec;
import io.ptfhost.bridge.runtime.RuntimeTableSemantics;
import io.ptfhost.bridge.types.TypeParser;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A statement's result. A query's rows are produced when the result is printed or collected (the
 * engine runs the query then, to its end); a DDL statement or INSERT has already run and holds one
 * row, as Flink's do: {@code OK}, or {@code -1} under the sink's full name. A query's schema is the
 * row type of its run: asking for it runs the query, whose rows collect() then returns.
 */
final class TableResultImpl implements TableResult {
    private final ResultKind kind;
    private final String query;     // null for a statement's fixed row
    private final String column;
    private final Object value;
    private ResolvedSchema schema;  // a query's, from its run
    private List<Row> rows;         // a query's, when its schema was asked for first

    private TableResultImpl(ResultKind kind, String query, String column, Object value) {
        this.kind = kind;
        this.query = query;
        this.column = column;
        this.value = value;
    }

    static TableResult query(String sql) {
        return new TableResultImpl(ResultKind.SUCCESS_WITH_CONTENT, sql, null, null);
    }

    static TableResult ok() {
        return new TableResultImpl(ResultKind.SUCCESS, null, "result", "OK");
    }

    static TableResult inserted(String tablePath) {
        String[] parts = tablePath.split("\\.");
        String full = parts.length == 3 ? tablePath
                : parts.length == 2 ? "default_catalog." + tablePath
                : "default_catalog.default_database." + tablePath;
        return new TableResultImpl(ResultKind.SUCCESS_WITH_CONTENT, null, full, -1L);
    }

    @Override
    public ResultKind getResultKind() {
        return kind;
    }

    @Override
    public synchronized ResolvedSchema getResolvedSchema() {
        if (query == null) {
            DataType type = value instanceof Long ? DataTypes.BIGINT() : DataTypes.STRING();
            return ResolvedSchema.physical(List.of(column), List.of(type));
        }
        if (schema == null) rows = queryRows();
        return schema;
    }

    @Override
    public void await() {}

    @Override
    public void await(long timeout, TimeUnit unit) {}

    @Override
    public CloseableIterator<Row> collect() {
        Iterator<Row> rows = (query != null ? takeRows() : Collections.singletonList(Row.of(value))).iterator();
        return new CloseableIterator<Row>() {
            @Override
            public boolean hasNext() {
                return rows.hasNext();
            }

            @Override
            public Row next() {
                return rows.next();
            }

            @Override
            public void close() {}
        };
    }

    /** The rows of the run getResolvedSchema made (once), else of a new run. */
    private synchronized List<Row> takeRows() {
        List<Row> taken = rows != null ? rows : queryRows();
        rows = null;
        return taken;
    }

    /** Runs the query to its end; its rows as the engine's sink received them, kinds included. */
    private List<Row> queryRows() {
        String answer = TableBridge.run(query, TableBridge.COLLECT);
        List<Row> rows = new ArrayList<>();
        int nl = answer == null ? -1 : answer.indexOf('\n');
        if (nl < 0) {   // not a query: no sink, no rows
            if (schema == null) schema = ResolvedSchema.physical(List.of(), List.of());
            return rows;
        }
        // The type line marks time attributes (`ts` TIMESTAMP(3) *ROWTIME*): not part of the type grammar.
        String rowType = answer.substring(0, nl).replaceAll(" \\*(ROWTIME|PROCTIME)\\*", "");
        if (schema == null) schema = schemaOf(rowType);
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        CompositeCodec codec = (CompositeCodec) Codecs.create(rowType, loader);
        ByteBuffer in = ByteBuffer.wrap(hexBytes(answer, nl + 1)).order(ByteOrder.LITTLE_ENDIAN);
        while (in.hasRemaining()) rows.add((Row) codec.readRecord(in));
        return rows;
    }

    private static ResolvedSchema schemaOf(String rowType) {
        DataType row = DataTypes.of(RuntimeTableSemantics.logical(TypeParser.parse(rowType)));
        return ResolvedSchema.physical(DataType.getFieldNames(row), DataType.getFieldDataTypes(row));
    }

    private static byte[] hexBytes(String s, int from) {
        byte[] out = new byte[(s.length() - from) / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(s.substring(from + 2 * i, from + 2 * i + 2), 16);
        }
        return out;
    }

    @Override
    public void print() {
        if (query != null) {
            TableBridge.run(query, TableBridge.PRINT);
            return;
        }
        // Flink's batch tableau of one column and one row (widths from the content).
        String text = String.valueOf(value);
        int width = Math.max(column.length(), text.length());
        String border = "+" + "-".repeat(width + 2) + "+";
        System.out.println(border);
        System.out.println("| " + " ".repeat(width - column.length()) + column + " |");
        System.out.println(border);
        System.out.println("| " + " ".repeat(width - text.length()) + text + " |");
        System.out.println(border);
        System.out.println("1 row in set");
        System.out.flush();
    }
}
