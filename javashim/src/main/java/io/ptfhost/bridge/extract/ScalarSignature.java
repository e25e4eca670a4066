package io.ptfhost.bridge.extract;

import io.ptfhost.bridge.json.JsonWriter;
import io.ptfhost.bridge.types.SqlType;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What Flink infers for a scalar function class (the result of {@link ScalarExtractor}): one
 * overload per {@code eval} method, or the error Flink (or ptfhost, for function kinds it does not
 * run) raises. Plain data; {@link #toJson} writes the "scalar function" JSON of docs/internals.md.
 */
public final class ScalarSignature {

    /** One eval method: its argument types (the last one repeating when varargs) and result. */
    public static final class Overload {
        public final Method method;
        public final List<String> names;
        public final List<SqlType> types;
        public final boolean varArgs;
        public final SqlType result;

        Overload(Method method, List<String> names, List<SqlType> types, boolean varArgs, SqlType result) {
            this.method = method;
            this.names = Collections.unmodifiableList(names);
            this.types = Collections.unmodifiableList(types);
            this.varArgs = varArgs;
            this.result = result;
        }
    }

    public final String className;
    public final List<Overload> overloads = new ArrayList<>();
    public final List<String> warnings = new ArrayList<>();
    public String kind = "scalar"; // Flink's FunctionKind in lower case, as far as the class file says
    public String error; // Flink's message chain, outer first, joined by '\n'
    public String fix;

    ScalarSignature(String className) {
        this.className = className;
    }

    public boolean isValid() {
        return error == null;
    }

    /** {"class", "kind", "valid", "error", "fix", "overloads": [{"eval", "arguments", "varargs", "result"}]}. */
    public void toJson(JsonWriter w) {
        w.beginObject();
        w.name("class").value(className);
        w.name("kind").value(kind);
        w.name("valid").value(isValid());
        w.name("error").value(error);
        w.name("fix").value(fix);
        w.name("overloads").beginArray();
        for (Overload o : overloads) {
            w.beginObject();
            w.name("eval").value(o.method.toString());
            w.name("arguments").beginArray();
            for (int i = 0; i < o.types.size(); i++) {
                w.beginObject().name("name").value(o.names.get(i)).name("type").value(o.types.get(i).toString())
                        .endObject();
            }
            w.endArray();
            w.name("varargs").value(o.varArgs);
            w.name("result").value(o.result.toString());
            w.endObject();
        }
        w.endArray();
        w.name("warnings").beginArray();
        for (String s : warnings) {
            w.value(s);
        }
        w.endArray();
        w.endObject();
    }
}
