package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;

/** What a statement's {@link TableResult} holds. */
@PublicEvolving
public enum ResultKind {
    SUCCESS,
    SUCCESS_WITH_CONTENT
}
