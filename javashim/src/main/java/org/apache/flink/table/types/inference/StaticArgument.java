package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.types.Row;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One argument of a static (not overloaded, no varargs) signature: a scalar with a data type, or
 * a table that is either typed (a composite data type) or polymorphic (only a row conversion
 * class). Construction validates name, traits, optionality and type with Flink's messages.
 */
@PublicEvolving
public class StaticArgument {

    private final String name;

    private final DataType dataType;

    private final Class<?> conversionClass;

    private final boolean isOptional;

    private final EnumSet<StaticArgumentTrait> traits;

    private StaticArgument(
            String name,
            DataType dataType,
            Class<?> conversionClass,
            boolean isOptional,
            EnumSet<StaticArgumentTrait> traits) {
        this.name = Objects.requireNonNull(name, "Name must not be null.");
        this.dataType = dataType;
        this.conversionClass = conversionClass;
        this.isOptional = isOptional;
        this.traits = Objects.requireNonNull(traits, "Traits must not be null.");
        checkName();
        checkTraits();
        checkOptionalType();
        checkTableType();
    }

    /** A scalar argument such as {@code f(12)}; an optional one needs a nullable type. */
    public static StaticArgument scalar(String name, DataType dataType, boolean isOptional) {
        Objects.requireNonNull(dataType, "Data type must not be null.");
        return new StaticArgument(name, dataType, null, isOptional, EnumSet.of(StaticArgumentTrait.SCALAR));
    }

    /**
     * A polymorphic table argument accepting any table, converted to {@code Row} or {@code
     * RowData}. Adds {@code TABLE}, and {@code ROW_SEMANTIC_TABLE} unless set semantics are given.
     */
    public static StaticArgument table(
            String name, Class<?> conversionClass, boolean isOptional, EnumSet<StaticArgumentTrait> traits) {
        Objects.requireNonNull(conversionClass, "Conversion class must not be null.");
        return new StaticArgument(name, null, conversionClass, isOptional, enrichTableTraits(traits));
    }

    /** A typed table argument; the data type must be a row or structured type. */
    public static StaticArgument table(
            String name, DataType dataType, boolean isOptional, EnumSet<StaticArgumentTrait> traits) {
        Objects.requireNonNull(dataType, "Data type must not be null.");
        return new StaticArgument(name, dataType, null, isOptional, enrichTableTraits(traits));
    }

    /** A model argument. */
    public static StaticArgument model(String name, boolean isOptional, EnumSet<StaticArgumentTrait> traits) {
        EnumSet<StaticArgumentTrait> enriched = EnumSet.copyOf(traits);
        enriched.add(StaticArgumentTrait.MODEL);
        return new StaticArgument(name, null, null, isOptional, enriched);
    }

    private static EnumSet<StaticArgumentTrait> enrichTableTraits(EnumSet<StaticArgumentTrait> traits) {
        EnumSet<StaticArgumentTrait> enriched = EnumSet.copyOf(traits);
        enriched.add(StaticArgumentTrait.TABLE);
        if (!enriched.contains(StaticArgumentTrait.SET_SEMANTIC_TABLE)) {
            enriched.add(StaticArgumentTrait.ROW_SEMANTIC_TABLE);
        }
        return enriched;
    }

    public String getName() {
        return name;
    }

    public Optional<DataType> getDataType() {
        return Optional.ofNullable(dataType);
    }

    public Optional<Class<?>> getConversionClass() {
        return Optional.ofNullable(conversionClass);
    }

    public boolean isOptional() {
        return isOptional;
    }

    public EnumSet<StaticArgumentTrait> getTraits() {
        return traits;
    }

    public boolean is(StaticArgumentTrait trait) {
        return traits.contains(trait);
    }

    /** {@code name => INT}, {@code t => ROW<i INT> {TABLE, ROW SEMANTIC TABLE}}, {@code t => {TABLE, ...}}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(name).append(" =>");
        if (dataType != null) {
            s.append(' ').append(dataType);
        }
        if (!traits.equals(EnumSet.of(StaticArgumentTrait.SCALAR))) {
            s.append(' ').append(
                    traits.stream().map(t -> t.name().replace('_', ' ')).collect(Collectors.joining(", ", "{", "}")));
        }
        return s.toString();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        StaticArgument that = (StaticArgument) o;
        return isOptional == that.isOptional
                && name.equals(that.name)
                && Objects.equals(dataType, that.dataType)
                && Objects.equals(conversionClass, that.conversionClass)
                && traits.equals(that.traits);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, dataType, conversionClass, isOptional, traits);
    }

    private void checkName() {
        if (!TypeInference.PARAMETER_NAME_FORMAT.test(name)) {
            throw new ValidationException(
                    String.format(
                            "Invalid argument name '%s'. An argument must follow the pattern [a-zA-Z_$][a-zA-Z_$0-9]*.",
                            name));
        }
    }

    private void checkTraits() {
        if (traits.stream().filter(t -> t.getRequirements().isEmpty()).count() != 1) {
            throw new ValidationException(
                    String.format(
                            "Invalid argument traits for argument '%s'. "
                                    + "An argument must be declared as either scalar, table, or model.",
                            name));
        }
        for (StaticArgumentTrait trait : traits) {
            for (StaticArgumentTrait requirement : trait.getRequirements()) {
                if (!traits.contains(requirement)) {
                    throw new ValidationException(
                            String.format(
                                    "Invalid argument traits for argument '%s'. Trait %s requires %s.",
                                    name, trait, requirement));
                }
            }
        }
    }

    private void checkOptionalType() {
        if (!isOptional) {
            return;
        }
        if (dataType == null) {
            if (traits.contains(StaticArgumentTrait.TABLE)) {
                throw new ValidationException("Untyped table arguments must not be optional.");
            }
            return;
        }
        LogicalType type = dataType.getLogicalType();
        if (!type.isNullable() || dataType.getConversionClass().isPrimitive()) {
            throw new ValidationException(
                    String.format(
                            "Invalid data type for optional argument '%s'. An optional argument has to accept null values.",
                            name));
        }
    }

    private void checkTableType() {
        if (!traits.contains(StaticArgumentTrait.TABLE)) {
            return;
        }
        if (dataType == null) {
            if (conversionClass != Row.class && conversionClass != RowData.class) {
                throw new ValidationException(
                        String.format(
                                "Invalid conversion class '%s' for argument '%s'. "
                                        + "Polymorphic, untyped table arguments must use a row class.",
                                conversionClass.getName(), name));
            }
            return;
        }
        LogicalType type = dataType.getLogicalType();
        if (!type.isAnyOf(LogicalTypeRoot.ROW, LogicalTypeRoot.STRUCTURED_TYPE)) {
            throw new ValidationException(
                    String.format(
                            "Invalid data type '%s' for table argument '%s'. "
                                    + "Typed table arguments must use a composite type (i.e. row or structured type).",
                            type, name));
        }
        if (is(StaticArgumentTrait.SUPPORT_UPDATES) && !type.is(LogicalTypeRoot.ROW)) {
            throw new ValidationException(
                    String.format(
                            "Invalid data type '%s' for table argument '%s'. "
                                    + "Table arguments that support updates must use a row type.",
                            type, name));
        }
    }
}
