package org.apache.flink.table.api;

import io.ptfhost.bridge.table.Sql;

import org.apache.flink.annotation.PublicEvolving;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table's connector, options and schema for {@link TableEnvironment#createTable} and
 * {@link TableEnvironment#createTemporaryTable}: what a CREATE TABLE statement declares.
 */
@PublicEvolving
public class TableDescriptor {
    private final Schema schema;
    private final Map<String, String> options;
    private final List<String> partitionKeys;
    private final String comment;

    protected TableDescriptor(Schema schema, Map<String, String> options, List<String> partitionKeys,
            String comment) {
        this.schema = schema;
        this.options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        this.partitionKeys = Collections.unmodifiableList(new ArrayList<>(partitionKeys));
        this.comment = comment;
    }

    public static Builder forConnector(String connector) {
        return new Builder().option("connector", connector);
    }

    public Optional<Schema> getSchema() {
        return Optional.ofNullable(schema);
    }

    public Map<String, String> getOptions() {
        return options;
    }

    public List<String> getPartitionKeys() {
        return partitionKeys;
    }

    public Optional<String> getComment() {
        return Optional.ofNullable(comment);
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The part of CREATE TABLE after the table's name: the schema, then WITH (...). */
    @Override
    public String toString() {
        if (schema == null) {
            throw new ValidationException("Missing schema in TableDescriptor. A schema is typically required.");
        }
        List<String> with = new ArrayList<>();
        for (Map.Entry<String, String> e : options.entrySet()) {
            with.add(Sql.string(e.getKey()) + " = " + Sql.string(e.getValue()));
        }
        String partitioned = "";
        if (!partitionKeys.isEmpty()) {
            List<String> keys = new ArrayList<>();
            for (String k : partitionKeys) keys.add(Sql.ident(k));
            partitioned = " PARTITIONED BY (" + String.join(", ", keys) + ")";
        }
        String commentSql = comment == null ? "" : " COMMENT " + Sql.string(comment);
        return schema + commentSql + partitioned + " WITH (" + String.join(", ", with) + ")";
    }

    /** Builds a {@link TableDescriptor}. */
    @PublicEvolving
    public static class Builder {
        private Schema schema;
        private final Map<String, String> options;
        private final List<String> partitionKeys;
        private String comment;

        protected Builder() {
            this.options = new LinkedHashMap<>();
            this.partitionKeys = new ArrayList<>();
        }

        protected Builder(TableDescriptor descriptor) {
            this.schema = descriptor.schema;
            this.options = new LinkedHashMap<>(descriptor.options);
            this.partitionKeys = new ArrayList<>(descriptor.partitionKeys);
            this.comment = descriptor.comment;
        }

        public Builder schema(Schema schema) {
            this.schema = schema;
            return this;
        }

        public Builder option(String key, String value) {
            options.put(key, value);
            return this;
        }

        public Builder format(String format) {
            return option("format", format);
        }

        public Builder partitionedBy(String... partitionKeys) {
            this.partitionKeys.addAll(Arrays.asList(partitionKeys));
            return this;
        }

        public Builder comment(String comment) {
            this.comment = comment;
            return this;
        }

        public TableDescriptor build() {
            return new TableDescriptor(schema, options, partitionKeys, comment);
        }
    }
}
