package io.ptfhost.bridge.runtime;

import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.RowKind;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What the C planner decided about one PTF call: the {@code planJson} of {@code Bridge.open}
 * (docs/internals.md, "Opening a function"), parsed and checked once.
 */
final class Plan {

    /** One table argument, in signature order. */
    static final class Table {
        final String arg;
        final String rowType;
        final int[] partitionBy;
        final int[] orderBy;
        final boolean[] orderDesc;
        final int timeColumn;
        final ChangelogMode changelogMode;

        Table(String arg, String rowType, int[] partitionBy, int[] orderBy, boolean[] orderDesc, int timeColumn,
                ChangelogMode changelogMode) {
            this.arg = arg;
            this.rowType = rowType;
            this.partitionBy = partitionBy;
            this.orderBy = orderBy;
            this.orderDesc = orderDesc;
            this.timeColumn = timeColumn;
            this.changelogMode = changelogMode;
        }
    }

    final String function;
    final String uid;
    final String flinkVersion;
    final List<Table> tables;
    final String scalarsType;
    final ChangelogMode requiredChangelogMode;
    final boolean timersAllowed;

    private Plan(String function, String uid, String flinkVersion, List<Table> tables, String scalarsType,
            ChangelogMode requiredChangelogMode, boolean timersAllowed) {
        this.function = function;
        this.uid = uid;
        this.flinkVersion = flinkVersion;
        this.tables = tables;
        this.scalarsType = scalarsType;
        this.requiredChangelogMode = requiredChangelogMode;
        this.timersAllowed = timersAllowed;
    }

    static Plan parse(String json) {
        Object root = JsonReader.parse(json);
        if (!(root instanceof Map)) {
            throw new IllegalArgumentException("Invalid plan JSON: expected an object");
        }
        Map<?, ?> m = (Map<?, ?>) root;
        List<Table> tables = new ArrayList<>();
        for (Object t : list(m, "tables")) {
            if (!(t instanceof Map)) {
                throw new IllegalArgumentException("Invalid plan JSON: 'tables' must hold objects");
            }
            Map<?, ?> tm = (Map<?, ?>) t;
            int[] orderBy = ints(tm, "order_by");
            boolean[] orderDesc = new boolean[orderBy.length];
            List<?> desc = list(tm, "order_desc");
            for (int i = 0; i < orderDesc.length && i < desc.size(); i++) {
                orderDesc[i] = Boolean.TRUE.equals(desc.get(i));
            }
            Object timeColumn = tm.get("time_column");
            tables.add(new Table(
                    string(tm, "arg", true),
                    string(tm, "row_type", true),
                    ints(tm, "partition_by"),
                    orderBy,
                    orderDesc,
                    timeColumn == null ? -1 : ((Number) timeColumn).intValue(),
                    changelogMode(string(tm, "changelog_mode", false), ChangelogMode.insertOnly())));
        }
        return new Plan(
                string(m, "function", false),
                string(m, "uid", false),
                string(m, "flink_version", false),
                Collections.unmodifiableList(tables),
                string(m, "scalars_type", false),
                changelogMode(string(m, "required_changelog_mode", false), ChangelogMode.all()),
                Boolean.TRUE.equals(m.get("timers_allowed")));
    }

    Table table(String arg) {
        for (Table t : tables) {
            if (t.arg.equals(arg)) {
                return t;
            }
        }
        return null;
    }

    /** Parses {@code ChangelogMode#toString()}: {@code [INSERT, UPDATE_AFTER, ~DELETE]}. */
    static ChangelogMode changelogMode(String s, ChangelogMode absent) {
        if (s == null) {
            return absent;
        }
        String body = s.trim();
        if (!body.startsWith("[") || !body.endsWith("]")) {
            throw new IllegalArgumentException(
                    "Invalid changelog mode '" + s + "': expected e.g. [INSERT, UPDATE_AFTER]");
        }
        ChangelogMode.Builder b = ChangelogMode.newBuilder();
        for (String part : body.substring(1, body.length() - 1).split(",")) {
            String kind = part.trim();
            if (kind.isEmpty()) {
                continue;
            }
            if (kind.equals("~DELETE")) {
                b.keyOnlyDeletes(true);
                kind = "DELETE";
            }
            try {
                b.addContainedKind(RowKind.valueOf(kind));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "Invalid changelog mode '" + s + "': unknown row kind '" + kind + "'");
            }
        }
        return b.build();
    }

    private static String string(Map<?, ?> m, String key, boolean required) {
        Object v = m.get(key);
        if (v == null && required) {
            throw new IllegalArgumentException("Invalid plan JSON: '" + key + "' is missing");
        }
        if (v != null && !(v instanceof String)) {
            throw new IllegalArgumentException("Invalid plan JSON: '" + key + "' must be a string");
        }
        return (String) v;
    }

    private static List<?> list(Map<?, ?> m, String key) {
        Object v = m.get(key);
        if (v == null) {
            return Collections.emptyList();
        }
        if (!(v instanceof List)) {
            throw new IllegalArgumentException("Invalid plan JSON: '" + key + "' must be an array");
        }
        return (List<?>) v;
    }

    private static int[] ints(Map<?, ?> m, String key) {
        List<?> l = list(m, key);
        int[] r = new int[l.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = ((Number) l.get(i)).intValue();
        }
        return r;
    }
}
