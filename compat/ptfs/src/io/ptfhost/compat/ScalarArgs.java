package io.ptfhost.compat;

/** No table argument: eval runs exactly once with the scalar arguments. */
public class ScalarArgs extends TraceFunction {
    public void eval(Integer i, Boolean b) {
        emit(i, b);
    }
}
