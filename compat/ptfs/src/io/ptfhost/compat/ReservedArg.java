package io.ptfhost.compat;

import org.apache.flink.table.functions.ProcessTableFunction;

/** Invalid: declares an argument named like the system argument 'uid'. */
public class ReservedArg extends ProcessTableFunction<String> {
    public void eval(String uid) {}
}
