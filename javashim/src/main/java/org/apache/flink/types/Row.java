package org.apache.flink.types;

import org.apache.flink.annotation.PublicEvolving;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A fixed- or variable-length, null-aware composite value plus the {@link RowKind} of the change
 * it describes.
 *
 * <p>A row works in exactly one of three field modes, chosen at creation:
 *
 * <ul>
 *   <li><b>position-based</b> ({@link #withPositions}, {@link #of}, constructors): fields by index;
 *   <li><b>name-based</b> ({@link #withNames}): fields by name, added on first {@code setField};
 *   <li><b>named positions</b> ({@link RowUtils#createRowWithNamedPositions}): the hybrid the
 *       framework hands to user code (table arguments, Row state): fixed arity, accessible both by
 *       index and by the names of the schema, but no new names can be added.
 * </ul>
 *
 * <p>{@link #toString()}, {@link #equals(Object)} and {@link #hashCode()} follow Flink exactly
 * because users' tests assert on them (e.g. {@code +I[1, a]}).
 */
@PublicEvolving
public final class Row implements Serializable {

    // Field names and types mirror Flink's so Java-serialized rows keep the same shape.
    private static final long serialVersionUID = 3L;

    private RowKind kind;

    /** Set in position-based and named-position mode; null in name-based mode. */
    private final Object[] fieldByPosition;

    /** Set in name-based mode only. */
    private final Map<String, Object> fieldByName;

    /** Set in named-position mode only: schema name to index into {@link #fieldByPosition}. */
    private final LinkedHashMap<String, Integer> positionByName;

    Row(
            RowKind kind,
            Object[] fieldByPosition,
            Map<String, Object> fieldByName,
            LinkedHashMap<String, Integer> positionByName) {
        this.kind = kind;
        this.fieldByPosition = fieldByPosition;
        this.fieldByName = fieldByName;
        this.positionByName = positionByName;
    }

    /** Creates a position-based row of the given kind and arity, all fields null. */
    public Row(RowKind kind, int arity) {
        this(requireKind(kind), new Object[arity], null, null);
    }

    /** Creates a position-based {@link RowKind#INSERT} row of the given arity, all fields null. */
    public Row(int arity) {
        this(RowKind.INSERT, arity);
    }

    /** Creates a position-based row of the given kind and arity, all fields null. */
    public static Row withPositions(RowKind kind, int arity) {
        return new Row(kind, new Object[arity], null, null);
    }

    /** Creates a position-based {@link RowKind#INSERT} row of the given arity. */
    public static Row withPositions(int arity) {
        return withPositions(RowKind.INSERT, arity);
    }

    /** Creates an empty name-based row of the given kind. */
    public static Row withNames(RowKind kind) {
        return new Row(kind, null, new HashMap<>(), null);
    }

    /** Creates an empty name-based {@link RowKind#INSERT} row. */
    public static Row withNames() {
        return withNames(RowKind.INSERT);
    }

    public RowKind getKind() {
        return kind;
    }

    public void setKind(RowKind kind) {
        this.kind = requireKind(kind);
    }

    /** Number of fields; the kind is not a field. */
    public int getArity() {
        return fieldByPosition != null ? fieldByPosition.length : fieldByName.size();
    }

    public Object getField(int pos) {
        return positions()[pos];
    }

    @SuppressWarnings("unchecked")
    public <T> T getFieldAs(int pos) {
        return (T) getField(pos);
    }

    /**
     * Returns a field by name. In name-based mode an unset name yields null; with named positions
     * an unknown name is an error.
     */
    public Object getField(String name) {
        if (fieldByName != null) {
            return fieldByName.get(name);
        }
        if (positionByName == null) {
            throw byNameInPositionMode();
        }
        Integer pos = positionByName.get(name);
        if (pos == null) {
            throw new IllegalArgumentException(
                    String.format("Unknown field name '%s' for mapping to a position.", name));
        }
        return fieldByPosition[pos];
    }

    @SuppressWarnings("unchecked")
    public <T> T getFieldAs(String name) {
        return (T) getField(name);
    }

    public void setField(int pos, Object value) {
        positions()[pos] = value;
    }

    /** Sets a field by name; adds the field in name-based mode, must exist with named positions. */
    public void setField(String name, Object value) {
        if (fieldByName != null) {
            fieldByName.put(name, value);
            return;
        }
        if (positionByName == null) {
            throw byNameInPositionMode();
        }
        Integer pos = positionByName.get(name);
        if (pos == null) {
            throw new IllegalArgumentException(
                    String.format(
                            "Unknown field name '%s' for mapping to a row position. "
                                    + "Available names are: %s",
                            name, positionByName.keySet()));
        }
        fieldByPosition[pos] = value;
    }

    /**
     * Returns the field names in name-based mode, the schema names in named-position mode if
     * {@code includeNamedPositions} is set, otherwise null.
     */
    public Set<String> getFieldNames(boolean includeNamedPositions) {
        if (fieldByName != null) {
            return fieldByName.keySet();
        }
        if (includeNamedPositions && positionByName != null) {
            return positionByName.keySet();
        }
        return null;
    }

    /** Sets all fields to null (position modes) or removes all fields (name-based mode). */
    public void clear() {
        if (fieldByPosition != null) {
            Arrays.fill(fieldByPosition, null);
        } else {
            fieldByName.clear();
        }
    }

    @Override
    public String toString() {
        return RowUtils.deepToStringRow(kind, fieldByPosition, fieldByName);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || o.getClass() != Row.class) {
            return false;
        }
        Row other = (Row) o;
        return RowUtils.deepEqualsRow(
                kind, fieldByPosition, fieldByName, positionByName,
                other.kind, other.fieldByPosition, other.fieldByName, other.positionByName);
    }

    @Override
    public int hashCode() {
        return RowUtils.deepHashCodeRow(kind, fieldByPosition, fieldByName);
    }

    // --------------------------------------------------------------------------------------------
    // Utilities
    // --------------------------------------------------------------------------------------------

    /** Creates a position-based {@link RowKind#INSERT} row holding the given values. */
    public static Row of(Object... values) {
        return ofKind(RowKind.INSERT, values);
    }

    /** Creates a position-based row of the given kind holding the given values. */
    public static Row ofKind(RowKind kind, Object... values) {
        Row row = new Row(kind, values.length);
        System.arraycopy(values, 0, row.fieldByPosition, 0, values.length);
        return row;
    }

    /** Shallow copy that keeps the kind, the field mode and any named positions. */
    public static Row copy(Row row) {
        Object[] positions = row.fieldByPosition == null ? null : row.fieldByPosition.clone();
        Map<String, Object> names = row.fieldByName == null ? null : new HashMap<>(row.fieldByName);
        return new Row(row.kind, positions, names, row.positionByName);
    }

    /** Position-based row of the given positions of {@code row}, same kind; names are dropped. */
    public static Row project(Row row, int[] fieldPositions) {
        Row projected = withPositions(row.kind, fieldPositions.length);
        for (int i = 0; i < fieldPositions.length; i++) {
            projected.setField(i, row.getField(fieldPositions[i]));
        }
        return projected;
    }

    /** Name-based row of the given names of {@code row}, same kind. */
    public static Row project(Row row, String[] fieldNames) {
        Row projected = withNames(row.getKind());
        for (String name : fieldNames) {
            projected.setField(name, row.getField(name));
        }
        return projected;
    }

    /** Concatenates position-based rows; the result has the kind of {@code first}. */
    public static Row join(Row first, Row... remainings) {
        int length = checkPositioned(first).length;
        for (Row r : remainings) {
            length += checkPositioned(r).length;
        }
        Row joined = new Row(first.kind, length);
        int at = 0;
        System.arraycopy(first.fieldByPosition, 0, joined.fieldByPosition, at, first.fieldByPosition.length);
        at += first.fieldByPosition.length;
        for (Row r : remainings) {
            System.arraycopy(r.fieldByPosition, 0, joined.fieldByPosition, at, r.fieldByPosition.length);
            at += r.fieldByPosition.length;
        }
        return joined;
    }

    // --------------------------------------------------------------------------------------------

    private Object[] positions() {
        if (fieldByPosition == null) {
            throw new IllegalArgumentException(
                    "Accessing a field by position is not supported in name-based field mode.");
        }
        return fieldByPosition;
    }

    private static IllegalArgumentException byNameInPositionMode() {
        return new IllegalArgumentException(
                "Accessing a field by name is not supported in position-based field mode.");
    }

    private static Object[] checkPositioned(Row row) {
        if (row.fieldByPosition == null) {
            throw new IllegalArgumentException("All rows must operate in position-based field mode.");
        }
        return row.fieldByPosition;
    }

    private static RowKind requireKind(RowKind kind) {
        return Objects.requireNonNull(kind, "Row kind must not be null.");
    }
}
