package org.apache.flink.types;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.util.StringUtils;

import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Deep equality, hashing and rendering of {@link Row}s, shared by {@code Row} itself.
 *
 * <p>Nested {@code Object[]}, {@link Map} and {@link List} values are compared, hashed and
 * printed element by element; everything else uses its own equals/hashCode/toString, primitive
 * arrays the {@code Arrays} rendering ({@code [1, 2]}).
 */
@PublicEvolving
public final class RowUtils {

    /**
     * Switches position-based rows to the legacy rendering {@code 1,a} (no kind, no brackets).
     * Exists for old tests only.
     */
    public static boolean USE_LEGACY_TO_STRING = false;

    private RowUtils() {}

    /** Deep, ordered comparison of two lists of rows. */
    public static boolean compareRows(List<Row> l1, List<Row> l2) {
        return compareRows(l1, l2, false);
    }

    /** Deep comparison of two lists of rows; the top-level order can be ignored. */
    public static boolean compareRows(List<Row> l1, List<Row> l2, boolean ignoreOrder) {
        if (l1 == l2) {
            return true;
        }
        if (l1 == null || l2 == null) {
            return false;
        }
        return ignoreOrder ? listsEqualUnordered(l1, l2) : listsEqual(l1, l2);
    }

    /** Creates a row in named-position mode: fixed arity, fields reachable by schema name. */
    @Internal
    public static Row createRowWithNamedPositions(
            RowKind kind, Object[] fieldByPosition, LinkedHashMap<String, Integer> positionByName) {
        return new Row(kind, fieldByPosition, null, positionByName);
    }

    // --------------------------------------------------------------------------------------------
    // For Row only
    // --------------------------------------------------------------------------------------------

    /**
     * Rows are equal if kinds match and: both position-based (names ignored), both name-based,
     * or one has named positions and the other is name-based (compared by name). A purely
     * position-based row never equals a name-based one.
     */
    static boolean deepEqualsRow(
            RowKind kind1,
            Object[] positions1,
            Map<String, Object> names1,
            LinkedHashMap<String, Integer> positionByName1,
            RowKind kind2,
            Object[] positions2,
            Map<String, Object> names2,
            LinkedHashMap<String, Integer> positionByName2) {
        if (kind1 != kind2) {
            return false;
        }
        if (positions1 != null && positions2 != null) {
            return deepEquals(positions1, positions2);
        }
        if (names1 != null && names2 != null) {
            return deepEquals(names1, names2);
        }
        if (positionByName1 != null && names2 != null) {
            return namedPositionsEqualNames(positions1, positionByName1, names2);
        }
        if (positionByName2 != null && names1 != null) {
            return namedPositionsEqualNames(positions2, positionByName2, names1);
        }
        return false;
    }

    /** {@code 31 * kind.toByteValue() + deepHash(fields)}; named positions do not contribute. */
    static int deepHashCodeRow(RowKind kind, Object[] positions, Map<String, Object> names) {
        int result = kind.toByteValue();
        return 31 * result + deepHash(positions != null ? positions : names);
    }

    /** {@code +I[1, a]} for positioned rows, {@code +I{a=1}} for name-based rows. */
    static String deepToStringRow(RowKind kind, Object[] positions, Map<String, Object> names) {
        StringBuilder sb = new StringBuilder();
        if (positions != null) {
            if (USE_LEGACY_TO_STRING) {
                for (int i = 0; i < positions.length; i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    sb.append(leafToString(positions[i]));
                }
            } else {
                sb.append(kind.shortString());
                appendDeep(sb, positions);
            }
        } else {
            sb.append(kind.shortString());
            appendDeep(sb, names);
        }
        return sb.toString();
    }

    // --------------------------------------------------------------------------------------------

    private static boolean namedPositionsEqualNames(
            Object[] positions, LinkedHashMap<String, Integer> positionByName, Map<String, Object> names) {
        for (Map.Entry<String, Object> e : names.entrySet()) {
            Integer pos = positionByName.get(e.getKey());
            if (pos == null || !deepEquals(positions[pos], e.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static boolean deepEquals(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof Object[] && b instanceof Object[]) {
            return arraysEqual((Object[]) a, (Object[]) b);
        }
        if (a instanceof Map && b instanceof Map) {
            return mapsEqual((Map<?, ?>) a, (Map<?, ?>) b);
        }
        if (a instanceof List && b instanceof List) {
            return listsEqual((List<?>) a, (List<?>) b);
        }
        return Objects.deepEquals(a, b);
    }

    private static boolean arraysEqual(Object[] a, Object[] b) {
        // String[] never equals Object[] even with the same elements, as in Flink.
        if (a.getClass() != b.getClass() || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!deepEquals(a[i], b[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean mapsEqual(Map<?, ?> a, Map<?, ?> b) {
        if (a.size() != b.size()) {
            return false;
        }
        try {
            for (Map.Entry<?, ?> e : a.entrySet()) {
                Object value = e.getValue();
                if (value == null) {
                    if (b.get(e.getKey()) != null || !b.containsKey(e.getKey())) {
                        return false;
                    }
                } else if (!deepEquals(value, b.get(e.getKey()))) {
                    return false;
                }
            }
        } catch (ClassCastException | NullPointerException e) {
            return false; // a map that rejects the other's key type or null keys is not equal
        }
        return true;
    }

    private static boolean listsEqual(List<?> a, List<?> b) {
        if (a.size() != b.size()) {
            return false;
        }
        Iterator<?> ia = a.iterator();
        Iterator<?> ib = b.iterator();
        while (ia.hasNext() && ib.hasNext()) {
            if (!deepEquals(ia.next(), ib.next())) {
                return false;
            }
        }
        return true;
    }

    private static boolean listsEqualUnordered(List<?> a, List<?> b) {
        List<?> remaining = new LinkedList<>(b);
        outer:
        for (Object x : a) {
            for (Iterator<?> it = remaining.iterator(); it.hasNext(); ) {
                if (deepEquals(x, it.next())) {
                    it.remove();
                    continue outer;
                }
            }
            return false;
        }
        return remaining.isEmpty();
    }

    private static int deepHash(Object o) {
        if (o == null) {
            return 0;
        }
        if (o instanceof Object[]) {
            int h = 1;
            for (Object e : (Object[]) o) {
                h = 31 * h + deepHash(e);
            }
            return h;
        }
        if (o instanceof Map) {
            int h = 1;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                h += deepHash(e.getKey()) ^ deepHash(e.getValue());
            }
            return h;
        }
        if (o instanceof List) {
            int h = 1;
            for (Object e : (List<?>) o) {
                h = 31 * h + deepHash(e);
            }
            return h;
        }
        // Hashes primitive arrays by content and everything else by its own hashCode.
        return Arrays.deepHashCode(new Object[] {o});
    }

    private static void appendDeep(StringBuilder sb, Object o) {
        if (o instanceof Object[]) {
            appendElements(sb, Arrays.asList((Object[]) o));
        } else if (o instanceof List) {
            appendElements(sb, (List<?>) o);
        } else if (o instanceof Map) {
            sb.append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                sb.append(sep);
                appendDeep(sb, e.getKey());
                sb.append('=');
                appendDeep(sb, e.getValue());
                sep = ", ";
            }
            sb.append('}');
        } else {
            sb.append(leafToString(o));
        }
    }

    private static void appendElements(StringBuilder sb, Iterable<?> elements) {
        sb.append('[');
        String sep = "";
        for (Object e : elements) {
            sb.append(sep);
            appendDeep(sb, e);
            sep = ", ";
        }
        sb.append(']');
    }

    /** {@code null}, primitive arrays as {@code [1, 2]}, otherwise {@code toString()}. */
    private static String leafToString(Object o) {
        return StringUtils.arrayAwareToString(o);
    }
}
