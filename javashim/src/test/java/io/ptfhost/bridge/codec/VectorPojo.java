package io.ptfhost.bridge.codec;

import java.util.Arrays;
import java.util.Objects;

/**
 * The POJO of the STRUCTURED vector in tests/vectors/values.vec: a public field, a
 * getter/setter pair, and an array field.
 */
public class VectorPojo {
    public String name;
    private int count;
    public Double[] scores;

    public int getCount() {
        return count;
    }

    public void setCount(int count) {
        this.count = count;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof VectorPojo)) {
            return false;
        }
        VectorPojo p = (VectorPojo) o;
        return Objects.equals(name, p.name) && count == p.count && Arrays.equals(scores, p.scores);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, count, Arrays.hashCode(scores));
    }

    @Override
    public String toString() {
        return "VectorPojo(" + name + ", " + count + ", " + Arrays.toString(scores) + ")";
    }
}
