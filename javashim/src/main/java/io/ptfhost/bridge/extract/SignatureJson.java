package io.ptfhost.bridge.extract;

import io.ptfhost.bridge.extract.PtfSignature.Argument;
import io.ptfhost.bridge.extract.PtfSignature.StateEntry;
import io.ptfhost.bridge.json.JsonWriter;

import java.util.List;

/** Writes describe results as the "Signature JSON" of docs/internals.md. */
public final class SignatureJson {
    private SignatureJson() {}

    public static String write(List<String> jars, List<String> warnings, List<PtfSignature> functions) {
        return write(jars, warnings, functions, java.util.Collections.emptyList());
    }

    /** With the scalar functions found, as "scalar_functions" (omitted when there are none). */
    public static String write(List<String> jars, List<String> warnings, List<PtfSignature> functions,
            List<ScalarSignature> scalars) {
        JsonWriter w = new JsonWriter().beginObject();
        w.name("jars");
        strings(w, jars);
        w.name("warnings");
        strings(w, warnings);
        w.name("functions").beginArray();
        for (PtfSignature f : functions) {
            function(w, f);
        }
        w.endArray();
        if (!scalars.isEmpty()) {
            w.name("scalar_functions").beginArray();
            for (ScalarSignature f : scalars) {
                f.toJson(w);
            }
            w.endArray();
        }
        return w.endObject().toString();
    }

    private static void function(JsonWriter w, PtfSignature f) {
        boolean valid = f.isValid();
        w.beginObject();
        w.name("class").value(f.className);
        w.name("valid").value(valid);
        w.name("error").value(f.error);
        w.name("fix").value(f.fix);
        w.name("eval").value(valid ? f.evalMethod : null);
        w.name("has_context").value(valid && f.evalHasContext);
        w.name("arguments").beginArray();
        if (valid) {
            for (Argument a : f.arguments) {
                w.beginObject();
                w.name("name").value(a.name);
                w.name("kind").value(a.table ? "table" : "scalar");
                w.name("traits");
                strings(w, a.traits);
                w.name("type").value(a.type == null ? null : a.type.toString());
                w.name("optional").value(a.optional);
                w.name("conversion").value(a.conversion);
                w.endObject();
            }
        }
        w.endArray();
        w.name("state").beginArray();
        if (valid) {
            for (StateEntry s : f.state) {
                w.beginObject();
                w.name("name").value(s.name);
                w.name("kind").value(s.kind.name().toLowerCase(java.util.Locale.ROOT));
                w.name("class").value(s.javaClass);
                w.name("type").value(s.type.toString());
                w.name("ttl_ms").value(s.ttlMillis);
                w.endObject();
            }
        }
        w.endArray();
        w.name("output");
        if (valid) {
            w.beginObject().name("type").value(f.outputType.toString()).name("atomic").value(f.isAtomicOutput())
                    .endObject();
        } else {
            w.nullValue();
        }
        w.name("on_timer");
        if (valid && f.hasOnTimer) {
            w.beginObject().name("has_context").value(f.onTimerHasContext).endObject();
        } else {
            w.nullValue();
        }
        w.name("changelog_function").value(f.changelogFunction);
        w.name("warnings");
        strings(w, f.warnings);
        w.endObject();
    }

    private static void strings(JsonWriter w, List<String> values) {
        w.beginArray();
        for (String s : values) {
            w.value(s);
        }
        w.endArray();
    }
}
