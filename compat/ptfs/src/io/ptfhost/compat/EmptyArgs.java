package io.ptfhost.compat;

/** No arguments at all: eval runs once. */
public class EmptyArgs extends TraceFunction {
    public void eval() {
        emit("empty");
    }
}
