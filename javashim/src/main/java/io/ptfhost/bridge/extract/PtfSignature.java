package io.ptfhost.bridge.extract;

import io.ptfhost.bridge.types.SqlType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The signature Flink infers for one PTF class (the result of {@link PtfExtractor}), or the error
 * Flink would raise for it. Plain data; {@link SignatureJson} writes it out.
 */
public final class PtfSignature {

    /** A declared call argument (system arguments on_time/uid are not listed). */
    public static final class Argument {
        public final String name;
        public final boolean table;
        public final List<String> traits; // ArgumentTrait names as declared
        public final SqlType type; // null for an untyped (polymorphic) table argument
        public final boolean optional;
        public final String conversion; // Java class of the eval parameter

        Argument(String name, boolean table, List<String> traits, SqlType type, boolean optional,
                String conversion) {
            this.name = name;
            this.table = table;
            this.traits = Collections.unmodifiableList(traits);
            this.type = type;
            this.optional = optional;
            this.conversion = conversion;
        }

        public boolean hasTrait(String trait) {
            return traits.contains(trait);
        }
    }

    /** Kinds of state entries. */
    public enum StateKind { VALUE, LIST, MAP }

    /** A state entry (an eval parameter annotated with @StateHint). */
    public static final class StateEntry {
        public final String name;
        public final StateKind kind;
        public final String javaClass;
        public final SqlType type; // value: ROW/structured; list: ARRAY<E>; map: MAP<K, V>
        public final Long ttlMillis; // null: not declared

        StateEntry(String name, StateKind kind, String javaClass, SqlType type, Long ttlMillis) {
            this.name = name;
            this.kind = kind;
            this.javaClass = javaClass;
            this.type = type;
            this.ttlMillis = ttlMillis;
        }
    }

    public final String className;
    public final List<String> warnings = new ArrayList<>();

    // valid functions
    public String evalMethod; // Method.toString()
    public boolean evalHasContext;
    public final List<Argument> arguments = new ArrayList<>();
    public final List<StateEntry> state = new ArrayList<>();
    public SqlType outputType;
    public boolean hasOnTimer;
    public boolean onTimerHasContext;
    public boolean changelogFunction;

    // invalid functions
    public String error; // Flink's message chain, outer first, joined by '\n'
    public String fix;

    PtfSignature(String className) {
        this.className = className;
    }

    public boolean isValid() {
        return error == null;
    }

    /** True when the output type is not composite: the call then produces one column EXPR$0. */
    public boolean isAtomicOutput() {
        return outputType != null && !outputType.isComposite();
    }
}
