package org.apache.flink.table.api;

import io.ptfhost.bridge.table.Sql;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.types.AbstractDataType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The schema of a table declared through the Table API ({@link TableDescriptor}), with Flink's
 * builder. ptfhost keeps each element as the SQL of the CREATE TABLE it becomes.
 */
@PublicEvolving
public final class Schema {
    private final List<String> elements;

    private Schema(List<String> elements) {
        this.elements = Collections.unmodifiableList(new ArrayList<>(elements));
    }

    public static Builder newBuilder() {
        return new Builder();
    }

    /** The column, watermark and key definitions, as CREATE TABLE lists them. */
    @Override
    public String toString() {
        return "(" + String.join(", ", elements) + ")";
    }

    /** Builds a {@link Schema}. */
    @PublicEvolving
    public static final class Builder {
        private final List<String> elements = new ArrayList<>();

        private Builder() {}

        public Builder column(String columnName, AbstractDataType<?> dataType) {
            return add(Sql.ident(columnName) + " " + Sql.type(dataType));
        }

        public Builder column(String columnName, String serializableTypeString) {
            return add(Sql.ident(columnName) + " " + serializableTypeString);
        }

        public Builder columnByExpression(String columnName, Expression expression) {
            return add(Sql.ident(columnName) + " AS " + Sql.of(expression));
        }

        public Builder columnByExpression(String columnName, String sqlExpression) {
            return add(Sql.ident(columnName) + " AS " + sqlExpression);
        }

        public Builder columnByMetadata(String columnName, AbstractDataType<?> dataType) {
            return metadata(columnName, Sql.type(dataType), null, false);
        }

        public Builder columnByMetadata(String columnName, String serializableTypeString) {
            return metadata(columnName, serializableTypeString, null, false);
        }

        public Builder columnByMetadata(String columnName, AbstractDataType<?> dataType, boolean isVirtual) {
            return metadata(columnName, Sql.type(dataType), null, isVirtual);
        }

        public Builder columnByMetadata(String columnName, AbstractDataType<?> dataType, String metadataKey) {
            return metadata(columnName, Sql.type(dataType), metadataKey, false);
        }

        public Builder columnByMetadata(String columnName, AbstractDataType<?> dataType, String metadataKey,
                boolean isVirtual) {
            return metadata(columnName, Sql.type(dataType), metadataKey, isVirtual);
        }

        public Builder watermark(String columnName, Expression watermarkExpression) {
            return add("WATERMARK FOR " + Sql.ident(columnName) + " AS " + Sql.of(watermarkExpression));
        }

        public Builder watermark(String columnName, String sqlExpression) {
            return add("WATERMARK FOR " + Sql.ident(columnName) + " AS " + sqlExpression);
        }

        public Builder primaryKey(String... columnNames) {
            return primaryKey(Arrays.asList(columnNames));
        }

        public Builder primaryKey(List<String> columnNames) {
            List<String> cols = new ArrayList<>();
            for (String c : columnNames) cols.add(Sql.ident(c));
            return add("PRIMARY KEY (" + String.join(", ", cols) + ") NOT ENFORCED");
        }

        public Builder primaryKeyNamed(String constraintName, String... columnNames) {
            return primaryKeyNamed(constraintName, Arrays.asList(columnNames));
        }

        public Builder primaryKeyNamed(String constraintName, List<String> columnNames) {
            return primaryKey(columnNames);
        }

        public Schema build() {
            return new Schema(elements);
        }

        private Builder metadata(String columnName, String type, String key, boolean isVirtual) {
            String from = key == null ? "" : " FROM " + Sql.string(key);
            return add(Sql.ident(columnName) + " " + type + " METADATA" + from + (isVirtual ? " VIRTUAL" : ""));
        }

        private Builder add(String element) {
            elements.add(element);
            return this;
        }
    }
}
