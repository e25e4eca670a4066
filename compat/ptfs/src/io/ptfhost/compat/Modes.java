package io.ptfhost.compat;

import org.apache.flink.table.connector.ChangelogMode;

/** Short names for the changelog modes Flink's PTF test programs print. */
final class Modes {
    private Modes() {}

    static String summary(ChangelogMode mode) {
        switch (mode.toString()) {
            case "[INSERT, UPDATE_BEFORE, UPDATE_AFTER]": return "retract-no-delete";
            case "[INSERT, UPDATE_AFTER]": return "upsert-no-delete";
            case "[INSERT, UPDATE_BEFORE, UPDATE_AFTER, DELETE]": return "retract";
            case "[INSERT, UPDATE_AFTER, DELETE]": return "upsert-full-delete";
            case "[INSERT, UPDATE_AFTER, ~DELETE]": return "upsert-partial-delete";
            default: return null;   // printed as null: an unexpected mode shows up in the diff
        }
    }
}
