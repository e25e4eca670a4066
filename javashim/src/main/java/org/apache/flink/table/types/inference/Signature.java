package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A function signature for error messages: a list of (optionally named) argument types. */
@PublicEvolving
public final class Signature {

    private final List<Argument> arguments;

    private Signature(List<Argument> arguments) {
        this.arguments = Collections.unmodifiableList(new ArrayList<>(arguments));
    }

    public static Signature of(Argument... arguments) {
        return new Signature(Arrays.asList(arguments));
    }

    public static Signature of(List<Argument> arguments) {
        return new Signature(arguments);
    }

    public List<Argument> getArguments() {
        return arguments;
    }

    /** One argument: {@code name => type} or just {@code type}. */
    @PublicEvolving
    public static final class Argument {

        private final String name;

        private final String type;

        private Argument(String name, String type) {
            this.name = name;
            this.type = Objects.requireNonNull(type);
        }

        public static Argument of(String name, String type) {
            return new Argument(name, type);
        }

        public static Argument of(String type) {
            return new Argument(null, type);
        }

        public static Argument ofGroup(String group) {
            return new Argument(null, "<" + group + ">");
        }

        public Optional<String> getName() {
            return Optional.ofNullable(name);
        }

        public String getType() {
            return type;
        }

        @Override
        public String toString() {
            return name == null ? type : name + " => " + type;
        }
    }
}
