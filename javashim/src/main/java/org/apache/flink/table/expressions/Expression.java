package org.apache.flink.table.expressions;

import org.apache.flink.annotation.PublicEvolving;

import java.util.List;

/** An expression of the Table API (ptfhost: a piece of the SQL text the engine runs). */
@PublicEvolving
public interface Expression {

    String asSummaryString();

    List<Expression> getChildren();
}
