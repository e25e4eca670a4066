package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.DataType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The result of a function's type inference: its static arguments or input strategy, its state
 * entries (for process table functions) and its output strategy.
 */
@PublicEvolving
public final class TypeInference {

    /** Valid argument and state names. */
    public static final Predicate<String> PARAMETER_NAME_FORMAT =
            Pattern.compile("^[a-zA-Z_$][a-zA-Z_$0-9]*$").asPredicate();

    private final List<StaticArgument> staticArguments;

    private final InputTypeStrategy inputTypeStrategy;

    private final LinkedHashMap<String, StateTypeStrategy> stateTypeStrategies;

    private final TypeStrategy outputTypeStrategy;

    private final boolean disableSystemArguments;

    private TypeInference(
            List<StaticArgument> staticArguments,
            InputTypeStrategy inputTypeStrategy,
            LinkedHashMap<String, StateTypeStrategy> stateTypeStrategies,
            TypeStrategy outputTypeStrategy,
            boolean disableSystemArguments) {
        this.staticArguments = staticArguments;
        this.inputTypeStrategy = inputTypeStrategy;
        this.stateTypeStrategies = stateTypeStrategies;
        this.outputTypeStrategy = outputTypeStrategy;
        this.disableSystemArguments = disableSystemArguments;
    }

    public static Builder newBuilder() {
        return new Builder();
    }

    /** The static signature, if the function declares one. */
    public Optional<List<StaticArgument>> getStaticArguments() {
        return Optional.ofNullable(staticArguments);
    }

    /** The input strategy; null when only static arguments are declared. */
    public InputTypeStrategy getInputTypeStrategy() {
        return inputTypeStrategy;
    }

    /** State entries by name, in declaration order. */
    public LinkedHashMap<String, StateTypeStrategy> getStateTypeStrategies() {
        return stateTypeStrategies;
    }

    public TypeStrategy getOutputTypeStrategy() {
        return outputTypeStrategy;
    }

    /** Whether the implicit {@code on_time} and {@code uid} arguments are suppressed. */
    public boolean disableSystemArguments() {
        return disableSystemArguments;
    }

    /** Builds a {@link TypeInference}; an output strategy is mandatory. */
    @PublicEvolving
    public static final class Builder {

        private List<StaticArgument> staticArguments;

        private InputTypeStrategy inputTypeStrategy;

        private LinkedHashMap<String, StateTypeStrategy> stateTypeStrategies = new LinkedHashMap<>();

        private TypeStrategy outputTypeStrategy;

        private boolean disableSystemArguments;

        public Builder() {}

        public Builder staticArguments(StaticArgument... staticArguments) {
            return staticArguments(Arrays.asList(staticArguments));
        }

        public Builder staticArguments(List<StaticArgument> staticArgument) {
            this.staticArguments =
                    Collections.unmodifiableList(new ArrayList<>(Objects.requireNonNull(staticArgument,
                            "List of static arguments must not be null.")));
            return this;
        }

        public Builder inputTypeStrategy(InputTypeStrategy inputTypeStrategy) {
            this.inputTypeStrategy = Objects.requireNonNull(inputTypeStrategy, "Input type strategy must not be null.");
            return this;
        }

        public Builder stateTypeStrategies(LinkedHashMap<String, StateTypeStrategy> stateTypeStrategies) {
            this.stateTypeStrategies = Objects.requireNonNull(stateTypeStrategies, "State type strategies must not be null.");
            return this;
        }

        /** A single state entry named {@code acc}, the form aggregating functions use. */
        @Deprecated
        public Builder accumulatorTypeStrategy(TypeStrategy accumulatorTypeStrategy) {
            LinkedHashMap<String, StateTypeStrategy> map = new LinkedHashMap<>();
            map.put("acc", StateTypeStrategy.of(accumulatorTypeStrategy));
            this.stateTypeStrategies = map;
            return this;
        }

        public Builder outputTypeStrategy(TypeStrategy outputTypeStrategy) {
            this.outputTypeStrategy = Objects.requireNonNull(outputTypeStrategy, "Output type strategy must not be null.");
            return this;
        }

        public Builder disableSystemArguments(boolean disableSystemArguments) {
            this.disableSystemArguments = disableSystemArguments;
            return this;
        }

        /** Static arguments of the given types; names are {@code arg0, arg1, ...}. */
        @Deprecated
        public Builder typedArguments(DataType... argumentTypes) {
            return typedArguments(Arrays.asList(argumentTypes));
        }

        @Deprecated
        public Builder typedArguments(List<DataType> argumentTypes) {
            List<StaticArgument> args = new ArrayList<>();
            for (int i = 0; i < argumentTypes.size(); i++) {
                args.add(StaticArgument.scalar("arg" + i, argumentTypes.get(i), false));
            }
            return staticArguments(args);
        }

        public TypeInference build() {
            if (outputTypeStrategy == null) {
                throw new IllegalStateException("Output type strategy must not be null.");
            }
            return new TypeInference(
                    staticArguments, inputTypeStrategy, stateTypeStrategies, outputTypeStrategy, disableSystemArguments);
        }
    }
}
