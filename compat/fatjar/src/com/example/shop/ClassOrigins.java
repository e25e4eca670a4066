package com.example.shop;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * Where the classes a PTF's code sees come from: for each name of a comma-separated list, the JAR
 * the function's own class loader loads it from, or "not visible". It shows the class-loading
 * contract users rely on: Flink's API comes from the runtime even when the JAR bundles a copy,
 * libraries come from the user's JAR even when the runtime uses the same library (ptfhost's
 * bridge uses ASM), and the runtime's own classes stay invisible.
 */
@DataTypeHint("ROW<class_name STRING, loaded_from STRING>")
public class ClassOrigins extends ProcessTableFunction<Row> {

    public void eval(String classNames) {
        for (String name : classNames.split(",")) {
            name = name.trim();
            String origin;
            try {
                origin = ProductTitles.jarOf(Class.forName(name, false, getClass().getClassLoader()));
            } catch (ClassNotFoundException e) {
                origin = "not visible";
            }
            collect(Row.of(name, origin));
        }
    }
}
