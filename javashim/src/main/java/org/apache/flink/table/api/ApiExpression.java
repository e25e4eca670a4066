package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.internal.BaseExpressions;
import org.apache.flink.table.expressions.Expression;

import java.util.List;

/** The Java API's expression: {@link Expressions} makes them, {@link BaseExpressions} combines them. */
@PublicEvolving
public final class ApiExpression extends BaseExpressions<Object, ApiExpression> implements Expression {
    private final Expression wrappedExpression;

    public ApiExpression(Expression wrappedExpression) {
        this.wrappedExpression = wrappedExpression;
    }

    @Override
    public Expression toExpr() {
        return wrappedExpression;
    }

    @Override
    protected ApiExpression toApiSpecificExpression(Expression expression) {
        return new ApiExpression(expression);
    }

    @Override
    public String asSummaryString() {
        return wrappedExpression.asSummaryString();
    }

    @Override
    public List<Expression> getChildren() {
        return wrappedExpression.getChildren();
    }

    @Override
    public String toString() {
        return wrappedExpression.toString();
    }
}
