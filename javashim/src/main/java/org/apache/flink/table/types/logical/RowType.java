package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.types.Row;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** A sequence of named, typed fields: {@code ROW<`a` INT, `b` STRING>}. */
@PublicEvolving
public final class RowType extends LogicalType {

    private static final long serialVersionUID = 1L;

    private static final Set<String> CONVERSIONS =
            names(Row.class, org.apache.flink.table.data.RowData.class);

    /** One field of a row type. */
    @PublicEvolving
    public static final class RowField implements Serializable {

        private static final long serialVersionUID = 1L;

        private final String name;

        private final LogicalType type;

        private final String description;

        public RowField(String name, LogicalType type, String description) {
            this.name = Objects.requireNonNull(name, "Field name must not be null.");
            this.type = Objects.requireNonNull(type, "Field type must not be null.");
            this.description = description;
        }

        public RowField(String name, LogicalType type) {
            this(name, type, null);
        }

        public String getName() {
            return name;
        }

        public LogicalType getType() {
            return type;
        }

        public Optional<String> getDescription() {
            return Optional.ofNullable(description);
        }

        public RowField copy() {
            return new RowField(name, type.copy(), description);
        }

        /** {@code `name` TYPE} plus {@code 'description'} if any. */
        public String asSerializableString() {
            return render(type.asSerializableString());
        }

        public String asSummaryString() {
            return render(type.asSummaryString());
        }

        private String render(String typeString) {
            String s = escapeIdentifier(name) + " " + typeString;
            return description == null ? s : s + " '" + description.replace("'", "''") + "'";
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof RowField)) {
                return false;
            }
            RowField that = (RowField) o;
            return name.equals(that.name) && type.equals(that.type) && Objects.equals(description, that.description);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, type, description);
        }
    }

    private final List<RowField> fields;

    public RowType(boolean isNullable, List<RowField> fields) {
        super(isNullable, LogicalTypeRoot.ROW);
        this.fields = Collections.unmodifiableList(new ArrayList<>(fields));
        Set<String> seen = new HashSet<>();
        for (RowField f : fields) {
            if (f.getName().trim().isEmpty()) {
                throw new ValidationException("Field names must contain at least one non-whitespace character.");
            }
            if (!seen.add(f.getName())) {
                throw new ValidationException(
                        String.format("Field names must be unique. Found duplicates: [%s]", f.getName()));
            }
        }
    }

    public RowType(List<RowField> fields) {
        this(true, fields);
    }

    public static RowType of(LogicalType... types) {
        return of(true, types);
    }

    public static RowType of(boolean isNullable, LogicalType... types) {
        List<RowField> fields = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            fields.add(new RowField("f" + i, types[i]));
        }
        return new RowType(isNullable, fields);
    }

    public static RowType of(LogicalType[] types, String[] names) {
        return of(true, types, names);
    }

    public static RowType of(boolean nullable, LogicalType[] types, String[] names) {
        List<RowField> fields = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            fields.add(new RowField(names[i], types[i]));
        }
        return new RowType(nullable, fields);
    }

    public List<RowField> getFields() {
        return fields;
    }

    public List<String> getFieldNames() {
        return fields.stream().map(RowField::getName).collect(Collectors.toList());
    }

    public LogicalType getTypeAt(int i) {
        return fields.get(i).getType();
    }

    public int getFieldCount() {
        return fields.size();
    }

    /** Index of the field of that name, or -1. */
    public int getFieldIndex(String fieldName) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).getName().equals(fieldName)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new RowType(isNullable, fields.stream().map(RowField::copy).collect(Collectors.toList()));
    }

    @Override
    public String asSerializableString() {
        return withNullability(
                "ROW<%s>", fields.stream().map(RowField::asSerializableString).collect(Collectors.joining(", ")));
    }

    @Override
    public String asSummaryString() {
        return withNullability(
                "ROW<%s>", fields.stream().map(RowField::asSummaryString).collect(Collectors.joining(", ")));
    }

    @Override
    public Class<?> getDefaultConversion() {
        return Row.class;
    }

    @Override
    public List<LogicalType> getChildren() {
        return fields.stream().map(RowField::getType).collect(Collectors.toList());
    }

    @Override
    Set<String> conversions() {
        return CONVERSIONS;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && fields.equals(((RowType) o).fields);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), fields);
    }

    /** Quotes an identifier with backticks, doubling any backtick inside. */
    static String escapeIdentifier(String s) {
        return "`" + s.replace("`", "``") + "`";
    }
}
