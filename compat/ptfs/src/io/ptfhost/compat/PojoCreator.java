package io.ptfhost.compat;

import org.apache.flink.table.functions.ScalarFunction;

/** A scalar function whose result is a structured type: the User POJO made of its two arguments. */
public class PojoCreator extends ScalarFunction {
    public User eval(String s, Integer i) {
        return new User(s, i);
    }
}
