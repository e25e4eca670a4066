package com.example.udf;

import org.apache.flink.table.functions.TableFunction;

/** A table function: ptfhost does not run this kind. */
public class Split extends TableFunction<String> {
    public void eval(String s) {}
}
