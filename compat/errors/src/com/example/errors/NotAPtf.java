package com.example.errors;

import org.apache.flink.types.Row;

/** Bad input: has an eval() but does not extend ProcessTableFunction. */
public class NotAPtf {
    public void eval(Row input) {}
}
