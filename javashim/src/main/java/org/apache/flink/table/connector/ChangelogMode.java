package org.apache.flink.table.connector;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.types.RowKind;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.Set;

/**
 * The set of row kinds a changelog contains, plus whether DELETE rows carry only the key
 * ({@link #keyOnlyDeletes()}, as in upsert changelogs).
 */
@PublicEvolving
public final class ChangelogMode {

    private static final ChangelogMode INSERT_ONLY =
            newBuilder().addContainedKind(RowKind.INSERT).build();

    private static final ChangelogMode UPSERT_KEY_ONLY_DELETES = upsertMode(true);

    private static final ChangelogMode UPSERT_FULL_DELETES = upsertMode(false);

    private static final ChangelogMode ALL =
            newBuilder()
                    .addContainedKind(RowKind.INSERT)
                    .addContainedKind(RowKind.UPDATE_BEFORE)
                    .addContainedKind(RowKind.UPDATE_AFTER)
                    .addContainedKind(RowKind.DELETE)
                    .build();

    private final Set<RowKind> kinds;

    private final boolean keyOnlyDeletes;

    private ChangelogMode(Set<RowKind> kinds, boolean keyOnlyDeletes) {
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("At least one kind of row should be contained in a changelog.");
        }
        this.kinds = Collections.unmodifiableSet(EnumSet.copyOf(kinds));
        this.keyOnlyDeletes = keyOnlyDeletes;
    }

    /** {@code [INSERT]}. */
    public static ChangelogMode insertOnly() {
        return INSERT_ONLY;
    }

    /** {@code [INSERT, UPDATE_AFTER, ~DELETE]}: an upsert changelog with key-only deletes. */
    public static ChangelogMode upsert() {
        return upsert(true);
    }

    /** {@code INSERT, UPDATE_AFTER, DELETE}, deletes key-only or full. */
    public static ChangelogMode upsert(boolean keyOnlyDeletes) {
        return keyOnlyDeletes ? UPSERT_KEY_ONLY_DELETES : UPSERT_FULL_DELETES;
    }

    /** All four kinds: a retract changelog with full deletes. */
    public static ChangelogMode all() {
        return ALL;
    }

    public static Builder newBuilder() {
        return new Builder();
    }

    /** Unmodifiable. */
    public Set<RowKind> getContainedKinds() {
        return kinds;
    }

    public boolean contains(RowKind kind) {
        return kinds.contains(kind);
    }

    public boolean containsOnly(RowKind kind) {
        return kinds.size() == 1 && kinds.contains(kind);
    }

    /** Whether DELETE rows carry only the key columns. */
    public boolean keyOnlyDeletes() {
        return keyOnlyDeletes;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ChangelogMode)) {
            return false;
        }
        ChangelogMode that = (ChangelogMode) o;
        return keyOnlyDeletes == that.keyOnlyDeletes && kinds.equals(that.kinds);
    }

    @Override
    public int hashCode() {
        return kinds.hashCode() * 31 + Boolean.hashCode(keyOnlyDeletes);
    }

    /** {@code [INSERT, UPDATE_AFTER, DELETE]}; a key-only DELETE prints as {@code ~DELETE}. */
    @Override
    public String toString() {
        if (!keyOnlyDeletes) {
            return kinds.toString();
        }
        StringBuilder sb = new StringBuilder("[");
        for (Iterator<RowKind> it = kinds.iterator(); it.hasNext(); ) {
            RowKind kind = it.next();
            sb.append(kind == RowKind.DELETE ? "~DELETE" : kind.name());
            if (it.hasNext()) {
                sb.append(", ");
            }
        }
        return sb.append(']').toString();
    }

    private static ChangelogMode upsertMode(boolean keyOnlyDeletes) {
        return newBuilder()
                .addContainedKind(RowKind.INSERT)
                .addContainedKind(RowKind.UPDATE_AFTER)
                .addContainedKind(RowKind.DELETE)
                .keyOnlyDeletes(keyOnlyDeletes)
                .build();
    }

    /** Builds a {@link ChangelogMode}. */
    @PublicEvolving
    public static class Builder {

        private final Set<RowKind> kinds = EnumSet.noneOf(RowKind.class);

        private boolean keyOnlyDeletes = false;

        private Builder() {}

        public Builder addContainedKind(RowKind kind) {
            kinds.add(kind);
            return this;
        }

        public Builder keyOnlyDeletes(boolean flag) {
            this.keyOnlyDeletes = flag;
            return this;
        }

        public ChangelogMode build() {
            return new ChangelogMode(kinds, keyOnlyDeletes);
        }
    }
}
