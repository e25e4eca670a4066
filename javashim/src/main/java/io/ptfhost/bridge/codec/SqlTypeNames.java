package io.ptfhost.bridge.codec;

/** Field names in messages, quoted as Flink prints identifiers. */
final class SqlTypeNames {
    private SqlTypeNames() {}

    static String identifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
