package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.io.Serializable;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A SQL type without any notion of a Java class: its root, parameters and nullability. Rendered
 * as in Flink: {@link #asSerializableString()} is the full SQL form ({@code VARCHAR(2147483647)}),
 * {@link #asSummaryString()} the short form shown to users ({@code STRING}); {@code NOT NULL} is
 * appended for non-nullable types.
 */
@PublicEvolving
public abstract class LogicalType implements Serializable {

    private static final long serialVersionUID = 1L;

    private final boolean isNullable;

    private final LogicalTypeRoot typeRoot;

    public LogicalType(boolean isNullable, LogicalTypeRoot typeRoot) {
        this.isNullable = isNullable;
        this.typeRoot = Objects.requireNonNull(typeRoot);
    }

    public boolean isNullable() {
        return isNullable;
    }

    public LogicalTypeRoot getTypeRoot() {
        return typeRoot;
    }

    public boolean is(LogicalTypeRoot typeRoot) {
        return this.typeRoot == typeRoot;
    }

    public boolean isAnyOf(LogicalTypeRoot... typeRoots) {
        for (LogicalTypeRoot root : typeRoots) {
            if (typeRoot == root) {
                return true;
            }
        }
        return false;
    }

    /** A copy with the given nullability. */
    public abstract LogicalType copy(boolean isNullable);

    /** A deep copy. */
    public final LogicalType copy() {
        return copy(isNullable);
    }

    /** The full SQL form, parseable back into the same type. */
    public abstract String asSerializableString();

    /** The short form users see; the serializable form unless a type overrides it. */
    public String asSummaryString() {
        return asSerializableString();
    }

    /** Whether values of the given class can be converted into this type. */
    public boolean supportsInputConversion(Class<?> clazz) {
        return conversions().contains(clazz.getName());
    }

    /** Whether this type can be converted into values of the given class. */
    public boolean supportsOutputConversion(Class<?> clazz) {
        return conversions().contains(clazz.getName());
    }

    /** The Java class values of this type convert to by default. */
    public abstract Class<?> getDefaultConversion();

    public List<LogicalType> getChildren() {
        return Collections.emptyList();
    }

    /** Names of the classes accepted by the conversion checks. */
    abstract Set<String> conversions();

    @Override
    public String toString() {
        return asSummaryString();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        LogicalType that = (LogicalType) o;
        return isNullable == that.isNullable && typeRoot == that.typeRoot;
    }

    @Override
    public int hashCode() {
        return Objects.hash(isNullable, typeRoot);
    }

    /** Formats and appends {@code NOT NULL} if this type is not nullable. */
    protected String withNullability(String format, Object... params) {
        String s = String.format(format, params);
        return isNullable ? s : s + " NOT NULL";
    }

    static Set<String> names(Class<?>... classes) {
        Set<String> set = new java.util.HashSet<>();
        for (Class<?> c : classes) {
            set.add(c.getName());
        }
        return set;
    }
}
