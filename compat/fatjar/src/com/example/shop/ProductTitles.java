package com.example.shop;

import java.security.CodeSource;
import org.apache.commons.lang3.StringUtils;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * The PTF of a "real project": it depends on Apache Commons Lang, which the project either shades
 * into its JAR or ships next to it. It cleans each product title with the library (accents
 * stripped, blanks normalised, abbreviated to max_width) and counts a seller's titles in state.
 * The last column names the JAR the library class came from, so a test sees which copy ran.
 */
@DataTypeHint("ROW<title STRING, short_title STRING, titles BIGINT, lang3_jar STRING>")
public class ProductTitles extends ProcessTableFunction<Row> {

    public static class Seen {
        public long titles = 0L;
    }

    public void eval(
            @StateHint(name = "seen") Seen seen,
            @ArgumentHint(value = ArgumentTrait.SET_SEMANTIC_TABLE, name = "input") Row input,
            @ArgumentHint(name = "max_width") int maxWidth) {
        String raw = input.getFieldAs("title");
        if (StringUtils.isBlank(raw)) {
            return;
        }
        String title = StringUtils.normalizeSpace(StringUtils.stripAccents(raw));
        seen.titles++;
        collect(Row.of(title, StringUtils.abbreviate(title, maxWidth), seen.titles, jarOf(StringUtils.class)));
    }

    /** The file name of the JAR (or folder) a class was loaded from. */
    static String jarOf(Class<?> c) {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return "(no code source: " + c.getClassLoader() + ")";
        }
        String path = source.getLocation().getPath();
        if (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
