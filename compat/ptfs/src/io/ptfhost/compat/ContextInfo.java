package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.functions.TableSemantics;
import org.apache.flink.types.Row;

/** Context.tableSemanticsFor: partition columns, consumed changelog mode and the row type. */
public class ContextInfo extends TraceFunction {
    public void eval(Context ctx, @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r, String s) {
        TableSemantics semantics = ctx.tableSemanticsFor("r");
        emit(r, s, semantics.partitionByColumns(), semantics.changelogMode().orElse(null),
                semantics.dataType());
    }
}
