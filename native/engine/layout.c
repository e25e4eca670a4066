/* layout.c - see layout.h. The rule lives in add_table_part (what a table
 * argument contributes) and in the order of layout_of_call; everything else
 * reads a layout. */
#include "engine/layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

static void add_part(layout_t *l, layout_source_t source, int table, int ncols, bool optional)
{
    l->parts[l->nparts++] = (layout_part_t){source, table, ncols, optional};
    if (l->ncols == LAYOUT_ANY || ncols == LAYOUT_ANY) l->ncols = LAYOUT_ANY;
    else l->ncols += ncols;
}

static void layout_start(layout_t *l, int ntables)
{
    l->nparts = 0;
    l->ncols = 0;
    l->parts = xcalloc((size_t)ntables + 2, sizeof *l->parts);   /* tables, fields, rowtime */
}

/* A table argument's part: all its columns when it passes them through, else
 * its PARTITION BY columns when it has set semantics, else none. */
static void add_table_part(layout_t *l, int table, bool pass_through, bool set_semantics, int ncols, int nkeys,
                           bool optional_keys)
{
    if (pass_through) add_part(l, LAYOUT_PASS_THROUGH, table, ncols, false);
    else if (set_semantics) add_part(l, LAYOUT_KEYS, table, nkeys, optional_keys);
}

void layout_of_call(layout_t *l, const layout_call_t *c)
{
    layout_start(l, c->ntables);
    for (int i = 0; i < c->ntables; i++) {
        const layout_table_t *t = &c->tables[i];
        add_table_part(l, i, t->pass_through, t->set_semantics, t->row_type->nfields, t->nkeys, false);
    }
    add_part(l, LAYOUT_FIELDS, -1, c->output_atomic ? 1 : c->output->nfields, false);
    if (c->rowtime) add_part(l, LAYOUT_ROWTIME, -1, 1, false);
}

/* An output type describe could not parse (sig->output NULL) counts as one
 * part of unknown width, named by its text. */
static bool signature_output_atomic(const ptf_sig_t *sig)
{
    return sig->output_atomic || !sig->output || !type_is_composite(sig->output);
}

void layout_of_signature(layout_t *l, const ptf_sig_t *sig)
{
    layout_start(l, ptf_sig_table_count(sig));
    bool require_time = false;
    int table = 0;
    for (int i = 0; i < sig->nargs; i++) {
        const ptf_arg_t *a = &sig->args[i];
        if (a->kind != ARG_TABLE) continue;
        require_time |= (a->traits & TRAIT_REQUIRE_ON_TIME) != 0;
        add_table_part(l, table++, a->traits & TRAIT_PASS_COLUMNS_THROUGH, a->traits & TRAIT_SET_SEMANTIC_TABLE,
                       LAYOUT_ANY, LAYOUT_ANY, a->traits & TRAIT_OPTIONAL_PARTITION_BY);
    }
    add_part(l, LAYOUT_FIELDS, -1, signature_output_atomic(sig) ? 1 : sig->output->nfields, false);
    add_part(l, LAYOUT_ROWTIME, -1, 1, !require_time);
}

void layout_free(layout_t *l)
{
    free(l->parts);
    l->parts = NULL;
    l->nparts = 0;
    l->ncols = 0;
}

/* ---- the output ROW ------------------------------------------------------------ */

static void add_column(type_t *row, const char *name, const type_t *t)
{
    type_add_field(row, name, type_clone(t), NULL);
}

/* Flink's uniquifier: one left-to-right pass; the k-th repeat of a name
 * (k >= 1) becomes name + (k - 1), without checking that the result is free. */
static void dedup_names(type_t *row)
{
    char **orig = xcalloc((size_t)row->nfields + 1, sizeof *orig);
    for (int i = 0; i < row->nfields; i++) orig[i] = xstrdup(row->fields[i].name);
    for (int i = 0; i < row->nfields; i++) {
        int repeats = 0;
        for (int j = 0; j < i; j++) repeats += strcmp(orig[j], orig[i]) == 0;
        if (repeats == 0) continue;
        size_t n = strlen(orig[i]) + 24;
        char *renamed = xmalloc(n);
        snprintf(renamed, n, "%s%d", orig[i], repeats - 1);
        free(row->fields[i].name);
        row->fields[i].name = renamed;
    }
    for (int i = 0; i < row->nfields; i++) free(orig[i]);
    free(orig);
}

static void add_part_columns(type_t *row, const layout_part_t *p, const layout_call_t *c)
{
    const layout_table_t *t = p->table >= 0 ? &c->tables[p->table] : NULL;
    switch (p->source) {
    case LAYOUT_PASS_THROUGH:
        for (int i = 0; i < p->ncols; i++) add_column(row, t->row_type->fields[i].name, t->row_type->fields[i].type);
        break;
    case LAYOUT_KEYS:
        for (int k = 0; k < p->ncols; k++) {
            const type_field_t *f = &t->row_type->fields[t->key_cols[k]];
            add_column(row, f->name, f->type);
        }
        break;
    case LAYOUT_FIELDS:
        if (c->output_atomic) add_column(row, "EXPR$0", c->output);
        else
            for (int i = 0; i < p->ncols; i++) add_column(row, c->output->fields[i].name, c->output->fields[i].type);
        break;
    case LAYOUT_ROWTIME: {
        type_t *rt = type_clone(c->rowtime);
        rt->nullable = false;
        type_add_field(row, "rowtime", rt, NULL);
        break;
    }
    }
}

type_t *layout_row_type(const layout_t *l, const layout_call_t *c)
{
    type_t *row = type_new(TYPE_ROW, false);
    for (int i = 0; i < l->nparts; i++) add_part_columns(row, &l->parts[i], c);
    dedup_names(row);
    return row;
}

/* ---- describe's text ----------------------------------------------------------- */

/* The name of the i-th table argument. */
static const char *table_arg_name(const ptf_sig_t *sig, int table)
{
    for (int i = 0; i < sig->nargs; i++)
        if (sig->args[i].kind == ARG_TABLE && table-- == 0) return sig->args[i].name ? sig->args[i].name : "?";
    return "?";
}

static void describe_fields(buf_t *out, const ptf_sig_t *sig)
{
    if (!sig->output) {
        buf_printf(out, "<columns of %s>", sig->output_text ? sig->output_text : "the output type");
        return;
    }
    if (signature_output_atomic(sig)) {
        char *s = type_to_string(sig->output);
        buf_printf(out, "EXPR$0 %s", s);
        free(s);
        return;
    }
    for (int i = 0; i < sig->output->nfields; i++) {
        char *s = type_to_string(sig->output->fields[i].type);
        buf_printf(out, "%s%s %s", i ? " | " : "", sig->output->fields[i].name, s);
        free(s);
    }
}

const char *layout_describe_signature(buf_t *out, const ptf_sig_t *sig)
{
    layout_t l;
    layout_of_signature(&l, sig);
    bool rowtime_optional = true;
    for (int i = 0; i < l.nparts; i++) {
        const layout_part_t *p = &l.parts[i];
        switch (p->source) {
        case LAYOUT_PASS_THROUGH: buf_printf(out, "<all columns of %s> | ", table_arg_name(sig, p->table)); break;
        case LAYOUT_KEYS:
            buf_printf(out, "<PARTITION BY columns of %s%s> | ", table_arg_name(sig, p->table),
                       p->optional ? ", if any" : "");
            break;
        case LAYOUT_FIELDS: describe_fields(out, sig); break;
        case LAYOUT_ROWTIME:
            rowtime_optional = p->optional;
            buf_puts(out, rowtime_optional ? " | [rowtime]" : " | rowtime");
            break;
        }
    }
    layout_free(&l);
    return rowtime_optional ? "([rowtime] only when the call gives on_time)"
                            : "(rowtime: the on_time column, which every call must give)";
}
