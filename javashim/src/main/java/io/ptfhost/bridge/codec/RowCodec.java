package io.ptfhost.bridge.codec;

import io.ptfhost.bridge.types.SqlType;

import java.util.LinkedHashMap;
import java.util.Set;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.types.RowUtils;

/**
 * ROW (and STRUCTURED without a resolvable class) as {@link Row}. Decoded rows are Flink's
 * "named position" rows, so both {@code getField(int)} and {@code getFieldAs("name")} work, as for
 * rows the Flink runtime hands to a PTF. Encodes position-based, named-position and name-based
 * rows (the latter by field name; a missing name is NULL).
 */
final class RowCodec extends CompositeCodec {
    /** Shared by every decoded row; Row never modifies it. */
    private final LinkedHashMap<String, Integer> positions = new LinkedHashMap<>();

    RowCodec(SqlType t, Codec[] fields) {
        super(t, Row.class, fields);
        for (int i = 0; i < names.length; i++) {
            positions.put(names[i], i);
        }
    }

    @Override
    void check(Object v) {
        Row r = (Row) v;
        Set<String> byName = r.getFieldNames(false);
        if (byName != null) {
            for (String n : byName) {
                if (!positions.containsKey(n)) {
                    throw new CodecException("row field name " + SqlTypeNames.identifier(n) + " is not in " + type);
                }
            }
        } else if (r.getArity() != fields.length) {
            throw new CodecException("row of arity " + r.getArity() + " does not match " + type + " ("
                    + fields.length + " fields)");
        }
    }

    @Override
    Object get(Object v, int i) {
        Row r = (Row) v;
        return r.getFieldNames(false) == null ? r.getField(i) : r.getField(names[i]);
    }

    @Override
    Object build(RowKind kind, Object[] values) {
        return RowUtils.createRowWithNamedPositions(kind, values, positions);
    }

    /** A named-position row of nulls: Flink's empty Row state (RowRowConverter.createEmptyRow). */
    @Override
    public Object newInstance() {
        return RowUtils.createRowWithNamedPositions(RowKind.INSERT, new Object[fields.length], positions);
    }
}
