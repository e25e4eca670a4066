package org.apache.flink.table.types.extraction;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.table.types.inference.TypeInference;

import java.util.function.BiFunction;

/**
 * Entry point of reflective type inference, called by {@link
 * ProcessTableFunction#getTypeInference}. The extraction itself lives in ptfhost's bridge, which
 * installs itself here at start-up; the shim stays free of extraction logic.
 */
@Internal
public final class TypeInferenceExtractor {

    private static volatile BiFunction<DataTypeFactory, Class<?>, TypeInference> processTableFunctionExtractor;

    private TypeInferenceExtractor() {}

    /** Installs the bridge's extractor for process table functions. */
    public static void installProcessTableFunctionExtractor(
            BiFunction<DataTypeFactory, Class<?>, TypeInference> extractor) {
        processTableFunctionExtractor = extractor;
    }

    /** Extracts the type inference of a process table function class. */
    public static TypeInference forProcessTableFunction(
            DataTypeFactory typeFactory, Class<? extends ProcessTableFunction<?>> function) {
        BiFunction<DataTypeFactory, Class<?>, TypeInference> extractor = processTableFunctionExtractor;
        if (extractor == null) {
            throw new TableException(
                    "No type inference extractor is installed. Reflective extraction of '"
                            + function.getName()
                            + "' is performed by the ptfhost bridge (io.ptfhost.bridge); "
                            + "call it through the bridge rather than getTypeInference() directly.");
        }
        return extractor.apply(typeFactory, function);
    }
}
