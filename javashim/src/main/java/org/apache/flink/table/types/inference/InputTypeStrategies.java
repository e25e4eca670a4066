package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.DataType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** Common {@link InputTypeStrategy}s for functions that override their type inference. */
@PublicEvolving
public final class InputTypeStrategies {

    /** Accepts any arguments and keeps their types. */
    public static final InputTypeStrategy WILDCARD = new ExplicitSequence(null, null);

    private InputTypeStrategies() {}

    /** Exactly the given argument types, in order. */
    public static InputTypeStrategy explicitSequence(DataType... expectedDataTypes) {
        return new ExplicitSequence(null, Arrays.asList(expectedDataTypes));
    }

    /** Exactly the given named argument types, in order. */
    public static InputTypeStrategy explicitSequence(String[] argumentNames, DataType[] expectedDataTypes) {
        if (argumentNames.length != expectedDataTypes.length) {
            throw new IllegalArgumentException("Mismatch between argument names and types.");
        }
        return new ExplicitSequence(Arrays.asList(argumentNames), Arrays.asList(expectedDataTypes));
    }

    /** A fixed list of types (or, with null types, a wildcard). */
    private static final class ExplicitSequence implements InputTypeStrategy {

        private final List<String> names;

        private final List<DataType> types;

        ExplicitSequence(List<String> names, List<DataType> types) {
            this.names = names;
            this.types = types;
        }

        @Override
        public ArgumentCount getArgumentCount() {
            return new ArgumentCount() {
                @Override
                public boolean isValidCount(int count) {
                    return types == null || count == types.size();
                }

                @Override
                public Optional<Integer> getMinCount() {
                    return types == null ? Optional.empty() : Optional.of(types.size());
                }

                @Override
                public Optional<Integer> getMaxCount() {
                    return types == null ? Optional.empty() : Optional.of(types.size());
                }
            };
        }

        @Override
        public Optional<List<DataType>> inferInputTypes(CallContext callContext, boolean throwOnFailure) {
            List<DataType> actual = callContext.getArgumentDataTypes();
            if (types == null) {
                return Optional.of(actual);
            }
            if (actual.size() != types.size()) {
                callContext.fail(throwOnFailure, "Invalid number of arguments. %d arguments expected but %d passed.",
                        types.size(), actual.size());
                return Optional.empty();
            }
            return Optional.of(types);
        }

        @Override
        public List<Signature> getExpectedSignatures(FunctionDefinition definition) {
            if (types == null) {
                return Collections.singletonList(Signature.of(Signature.Argument.ofGroup("ANY...")));
            }
            List<Signature.Argument> args = new ArrayList<>();
            for (int i = 0; i < types.size(); i++) {
                String type = types.get(i).toString();
                args.add(names == null ? Signature.Argument.of(type) : Signature.Argument.of(names.get(i), type));
            }
            return Collections.singletonList(Signature.of(args));
        }
    }
}
