package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A user-defined composite type backed by a Java class (a POJO), with named attributes. Rendered
 * {@code *com.example.Pojo<`f` INT>*} in summaries.
 */
@PublicEvolving
public final class StructuredType extends LogicalType {

    private static final long serialVersionUID = 1L;

    /** One attribute of a structured type. */
    @PublicEvolving
    public static final class StructuredAttribute implements Serializable {

        private static final long serialVersionUID = 1L;

        private final String name;

        private final LogicalType type;

        private final String description;

        public StructuredAttribute(String name, LogicalType type, String description) {
            this.name = Objects.requireNonNull(name, "Attribute name must not be null.");
            this.type = Objects.requireNonNull(type, "Attribute type must not be null.");
            this.description = description;
        }

        public StructuredAttribute(String name, LogicalType type) {
            this(name, type, null);
        }

        public String getName() {
            return name;
        }

        public LogicalType getType() {
            return type;
        }

        public Optional<String> getDescription() {
            return Optional.ofNullable(description);
        }

        public StructuredAttribute copy() {
            return new StructuredAttribute(name, type.copy(), description);
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof StructuredAttribute)) {
                return false;
            }
            StructuredAttribute that = (StructuredAttribute) o;
            return name.equals(that.name) && type.equals(that.type) && Objects.equals(description, that.description);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, type, description);
        }
    }

    private final Class<?> implementationClass;

    private final String className;

    private final List<StructuredAttribute> attributes;

    private StructuredType(
            boolean isNullable, Class<?> implementationClass, String className, List<StructuredAttribute> attributes) {
        super(isNullable, LogicalTypeRoot.STRUCTURED_TYPE);
        this.implementationClass = implementationClass;
        this.className = className;
        this.attributes = Collections.unmodifiableList(new ArrayList<>(attributes));
    }

    public static Builder newBuilder(Class<?> implementationClass) {
        return new Builder(implementationClass, implementationClass.getName());
    }

    public static Builder newBuilder(String className) {
        return new Builder(null, className);
    }

    public Optional<Class<?>> getImplementationClass() {
        return Optional.ofNullable(implementationClass);
    }

    public Optional<String> getClassName() {
        return Optional.ofNullable(className);
    }

    public List<StructuredAttribute> getAttributes() {
        return attributes;
    }

    @Override
    public LogicalType copy(boolean isNullable) {
        return new StructuredType(
                isNullable,
                implementationClass,
                className,
                attributes.stream().map(StructuredAttribute::copy).collect(Collectors.toList()));
    }

    @Override
    public String asSerializableString() {
        return withNullability(
                "STRUCTURED<'%s', %s>",
                className.replace("'", "''"),
                attributes.stream()
                        .map(a -> RowType.escapeIdentifier(a.getName()) + " " + a.getType().asSerializableString())
                        .collect(Collectors.joining(", ")));
    }

    @Override
    public String asSummaryString() {
        return withNullability(
                "*%s<%s>*",
                className,
                attributes.stream()
                        .map(a -> RowType.escapeIdentifier(a.getName()) + " " + a.getType().asSummaryString())
                        .collect(Collectors.joining(", ")));
    }

    @Override
    public boolean supportsInputConversion(Class<?> clazz) {
        return (implementationClass != null && implementationClass.isAssignableFrom(clazz))
                || clazz == org.apache.flink.types.Row.class
                || clazz == org.apache.flink.table.data.RowData.class;
    }

    @Override
    public boolean supportsOutputConversion(Class<?> clazz) {
        return (implementationClass != null && clazz.isAssignableFrom(implementationClass))
                || clazz == org.apache.flink.types.Row.class
                || clazz == org.apache.flink.table.data.RowData.class;
    }

    @Override
    public Class<?> getDefaultConversion() {
        return implementationClass != null ? implementationClass : org.apache.flink.types.Row.class;
    }

    @Override
    public List<LogicalType> getChildren() {
        return attributes.stream().map(StructuredAttribute::getType).collect(Collectors.toList());
    }

    @Override
    Set<String> conversions() {
        return names(getDefaultConversion());
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        StructuredType that = (StructuredType) o;
        return Objects.equals(className, that.className)
                && Objects.equals(implementationClass, that.implementationClass)
                && attributes.equals(that.attributes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), className, attributes);
    }

    /** Builds a {@link StructuredType}. */
    @PublicEvolving
    public static final class Builder {

        private final Class<?> implementationClass;

        private final String className;

        private List<StructuredAttribute> attributes = new ArrayList<>();

        private boolean isNullable = true;

        private Builder(Class<?> implementationClass, String className) {
            this.implementationClass = implementationClass;
            this.className = Objects.requireNonNull(className, "Class name must not be null.");
        }

        public Builder attributes(List<StructuredAttribute> attributes) {
            this.attributes = new ArrayList<>(attributes);
            return this;
        }

        public Builder setNullable(boolean isNullable) {
            this.isNullable = isNullable;
            return this;
        }

        public StructuredType build() {
            return new StructuredType(isNullable, implementationClass, className, attributes);
        }
    }
}
