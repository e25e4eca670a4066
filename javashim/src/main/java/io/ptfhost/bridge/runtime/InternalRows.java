package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.types.SqlType;

import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.types.Row;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Flink's internal data structures for a table argument declared as {@link RowData}: strings as
 * {@link StringData}, decimals as {@link DecimalData}, timestamps as {@link TimestampData}, dates as
 * epoch days, times as milliseconds of the day, nested rows as {@link GenericRowData}. Converted
 * from the external Row the codec produces; arrays become {@link GenericArrayData}, maps and
 * multisets {@link GenericMapData}.
 */
final class InternalRows {
    private InternalRows() {}

    static RowData toRowData(Row row, SqlType rowType) {
        List<SqlType.Field> fields = rowType.fields();
        GenericRowData out = new GenericRowData(row.getKind(), fields.size());
        for (int i = 0; i < fields.size(); i++) {
            out.setField(i, toInternal(row.getField(i), fields.get(i).type));
        }
        return out;
    }

    private static Object toInternal(Object v, SqlType t) {
        if (v == null) {
            return null;
        }
        switch (t.kind()) {
            case CHAR:
            case VARCHAR:
                return StringData.fromString((String) v);
            case DECIMAL:
                return DecimalData.fromBigDecimal((BigDecimal) v, t.precision(), t.scale());
            case TIMESTAMP:
                return TimestampData.fromLocalDateTime((LocalDateTime) v);
            case TIMESTAMP_LTZ:
                return TimestampData.fromInstant((Instant) v);
            case DATE:
                return (int) ((LocalDate) v).toEpochDay();
            case TIME:
                return (int) (((LocalTime) v).toNanoOfDay() / 1_000_000L);
            case ROW:
            case STRUCTURED:
                return v instanceof Row ? toRowData((Row) v, t) : v;
            case ARRAY: {
                if (!(v instanceof Object[])) {
                    return v;   // a primitive array (NOT NULL elements) is already internal
                }
                Object[] items = (Object[]) v;
                Object[] internal = new Object[items.length];
                for (int i = 0; i < items.length; i++) {
                    internal[i] = toInternal(items[i], t.elementType());
                }
                return new GenericArrayData(internal);
            }
            case MAP:
            case MULTISET: {
                Map<Object, Object> internal = new HashMap<>();
                SqlType keyType = t.kind() == SqlType.Kind.MAP ? t.keyType() : t.elementType();
                SqlType valueType = t.kind() == SqlType.Kind.MAP ? t.valueType() : null;
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    internal.put(toInternal(e.getKey(), keyType),
                            valueType == null ? e.getValue() : toInternal(e.getValue(), valueType));
                }
                return new GenericMapData(internal);
            }
            default:
                return v;   // booleans, numbers, bytes: the same object in both formats
        }
    }
}
