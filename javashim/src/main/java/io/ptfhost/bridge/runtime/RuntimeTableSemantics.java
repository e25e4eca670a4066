package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.types.SqlType;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.functions.TableSemantics;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DayTimeIntervalType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DescriptorType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.NullType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.table.types.logical.YearMonthIntervalType;
import org.apache.flink.table.types.logical.ZonedTimestampType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * {@link TableSemantics} of one table argument at run time, from the plan: what
 * {@code Context.tableSemanticsFor(name)} returns. The data type is the table's row type (for a
 * typed argument, the declared type C cast the rows to).
 */
public final class RuntimeTableSemantics implements TableSemantics {

    private final SqlType rowType;
    private final int[] partitionBy;
    private final int[] orderBy;
    private final SortDirection[] directions;
    private final int timeColumn;
    private final ChangelogMode changelogMode;
    private DataType dataType; // built on first use

    RuntimeTableSemantics(SqlType rowType, Plan.Table t) {
        this.rowType = rowType;
        this.partitionBy = t.partitionBy.clone();
        this.orderBy = t.orderBy.clone();
        this.directions = new SortDirection[orderBy.length];
        for (int i = 0; i < directions.length; i++) {
            // Flink SQL's defaults: ASC NULLS FIRST, DESC NULLS LAST
            directions[i] = t.orderDesc[i] ? SortDirection.DESC_NULLS_LAST : SortDirection.ASC_NULLS_FIRST;
        }
        this.timeColumn = t.timeColumn;
        this.changelogMode = t.changelogMode;
    }

    @Override
    public synchronized DataType dataType() {
        if (dataType == null) {
            dataType = DataTypes.of(logical(rowType));
        }
        return dataType;
    }

    @Override
    public int[] partitionByColumns() {
        return partitionBy.clone();
    }

    @Override
    public int[] orderByColumns() {
        return orderBy.clone();
    }

    @Override
    public SortDirection[] orderByDirections() {
        return directions.clone();
    }

    @Override
    public int timeColumn() {
        return timeColumn;
    }

    @Override
    public List<String> coPartitionArgs() {
        return Collections.emptyList();
    }

    @Override
    public Optional<ChangelogMode> changelogMode() {
        return Optional.of(changelogMode);
    }

    /** The Flink logical type of a bridge type (a structured type becomes its ROW of fields). */
    public static LogicalType logical(SqlType t) {
        boolean n = t.isNullable();
        switch (t.kind()) {
            case BOOLEAN:
                return new BooleanType(n);
            case TINYINT:
                return new TinyIntType(n);
            case SMALLINT:
                return new SmallIntType(n);
            case INT:
                return new IntType(n);
            case BIGINT:
                return new BigIntType(n);
            case FLOAT:
                return new FloatType(n);
            case DOUBLE:
                return new DoubleType(n);
            case DECIMAL:
                return new DecimalType(n, t.precision(), t.scale());
            case CHAR:
                return new CharType(n, t.precision());
            case VARCHAR:
                return new VarCharType(n, t.precision());
            case BINARY:
                return new BinaryType(n, t.precision());
            case VARBINARY:
                return new VarBinaryType(n, t.precision());
            case DATE:
                return new DateType(n);
            case TIME:
                return new TimeType(n, t.precision());
            case TIMESTAMP:
                return new TimestampType(n, t.precision());
            case TIMESTAMP_LTZ:
                return new LocalZonedTimestampType(n, t.precision());
            case TIMESTAMP_TZ:
                return new ZonedTimestampType(n, t.precision());
            case INTERVAL_YM:
                return new YearMonthIntervalType(n,
                        YearMonthIntervalType.YearMonthResolution.valueOf(t.intervalUnit().name()), t.precision());
            case INTERVAL_DT:
                return new DayTimeIntervalType(n,
                        DayTimeIntervalType.DayTimeResolution.valueOf(t.intervalUnit().name()), t.precision(),
                        t.scale());
            case ARRAY:
                return new ArrayType(n, logical(t.elementType()));
            case MULTISET:
                return new MultisetType(n, logical(t.elementType()));
            case MAP:
                return new MapType(n, logical(t.keyType()), logical(t.valueType()));
            case ROW:
            case STRUCTURED: {
                List<RowType.RowField> fields = new ArrayList<>();
                for (SqlType.Field f : t.fields()) {
                    fields.add(new RowType.RowField(f.name, logical(f.type), f.description));
                }
                return new RowType(n, fields);
            }
            case NULL:
                return new NullType();
            case DESCRIPTOR:
                return new DescriptorType(n);
            default:
                throw new UnsupportedOperationException("No data type for " + t + " in TableSemantics.");
        }
    }
}
