package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.DataType;

import java.util.List;
import java.util.Optional;

/** Validates the arguments of a call and infers their (possibly casted) types. */
@PublicEvolving
public interface InputTypeStrategy {

    ArgumentCount getArgumentCount();

    Optional<List<DataType>> inferInputTypes(CallContext callContext, boolean throwOnFailure);

    List<Signature> getExpectedSignatures(FunctionDefinition definition);
}
