package io.ptfhost.compat;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.types.Row;

/** Typed table argument wider than its input (INT to BIGINT, TIMESTAMP(0) to TIMESTAMP(6)). */
public class CastingPojo {
    public String s;
    public long b;
    public @DataTypeHint("ROW<b BIGINT, t TIMESTAMP(6)>") Row r;

    public CastingPojo(String s, long b, Row r) {
        this.s = s;
        this.b = b;
        this.r = r;
    }

    @Override
    public String toString() {
        return "CastingPojo(s='" + s + "', b=" + b + ", r=" + r + ")";
    }
}
