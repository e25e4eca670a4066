/* sql_parse_ddl.c - the grammar of catalog and database statements:
 * CREATE / DROP CATALOG, CREATE / DROP DATABASE, SHOW CATALOGS / DATABASES /
 * CURRENT CATALOG / CURRENT DATABASE / CREATE TABLE.
 *
 * Not a translation unit of its own: sql_parser.c includes it (CMake leaves
 * it out of the sources), so these rules share the parser's static token
 * helpers. Each entry point returns false, consuming nothing, when the
 * statement is not one of its own. */

/* CREATE CATALOG [IF NOT EXISTS] c WITH (...) | CREATE DATABASE [IF NOT EXISTS]
 * [c.]db [COMMENT '...'] [WITH (...)], after CREATE. */
static bool parse_create_catalog_or_database(parser_t *p, sqlp_stmt_t *s)
{
    bool catalog = is_kw(p, "CATALOG");
    if (!catalog && !is_kw(p, "DATABASE"))
        return false;
    advance(p);
    s->kind = catalog ? SQLP_STMT_CREATE_CATALOG : SQLP_STMT_CREATE_DATABASE;
    sqlp_create_catalog_t *cc = &s->u.create_catalog;
    parse_if_not_exists(p, &cc->if_not_exists);
    cc->name = parse_name(p);
    if (cc->name.nparts > (catalog ? 1 : 2))
        fail_at(p, cc->name.pos, strlen(cc->name.parts[0].name),
                catalog ? "A catalog name has one part: CREATE CATALOG name WITH ('type' = 'generic_in_memory')."
                        : "A database name has at most two parts: CREATE DATABASE [catalog.]database.");
    if (!catalog && accept_kw(p, "COMMENT"))
        cc->comment = parse_string_ptr(p);
    if (accept_kw(p, "WITH"))
        parse_options(p, &cc->noptions, &cc->options);
    else if (catalog)
        fail_expected_hint(p, "A catalog needs its options: CREATE CATALOG c WITH ('type' = 'generic_in_memory').");
    return true;
}

/* DROP CATALOG [IF EXISTS] c | DROP DATABASE [IF EXISTS] [c.]db [RESTRICT |
 * CASCADE], after DROP. */
static bool parse_drop_catalog_or_database(parser_t *p, sqlp_stmt_t *s)
{
    bool catalog = is_kw(p, "CATALOG");
    if (!catalog && !is_kw(p, "DATABASE"))
        return false;
    advance(p);
    s->kind = catalog ? SQLP_STMT_DROP_CATALOG : SQLP_STMT_DROP_DATABASE;
    sqlp_drop_t *d = &s->u.drop;
    if (accept_kw(p, "IF")) {
        expect_kw(p, "EXISTS");
        d->if_exists = true;
    }
    d->name = parse_name(p);
    if (!catalog && !accept_kw(p, "RESTRICT"))
        d->cascade = accept_kw(p, "CASCADE");
    return true;
}

/* SHOW CATALOGS | DATABASES | CURRENT CATALOG | CURRENT DATABASE |
 * CREATE TABLE name | CREATE VIEW name, after SHOW. */
static bool parse_show_names(parser_t *p, sqlp_stmt_t *s)
{
    sqlp_show_t *sh = &s->u.show;
    if (accept_kw(p, "CATALOGS")) {
        sh->what = SQLP_SHOW_CATALOGS;
    } else if (accept_kw(p, "DATABASES")) {
        sh->what = SQLP_SHOW_DATABASES;
    } else if (is_kw(p, "CURRENT")) {
        advance(p);
        if (accept_kw(p, "CATALOG"))
            sh->what = SQLP_SHOW_CURRENT_CATALOG;
        else if (accept_kw(p, "DATABASE"))
            sh->what = SQLP_SHOW_CURRENT_DATABASE;
        else
            fail_expected_hint(p, "Write SHOW CURRENT CATALOG or SHOW CURRENT DATABASE.");
    } else if (is_kw(p, "CREATE") && (sqlp_tok_is_kw(peek(p, 1), "TABLE") || sqlp_tok_is_kw(peek(p, 1), "VIEW"))) {
        advance(p);
        sh->what = sqlp_tok_is_kw(advance(p), "VIEW") ? SQLP_SHOW_CREATE_VIEW : SQLP_SHOW_CREATE_TABLE;
        sh->name = parse_name(p);
    } else {
        return false;
    }
    return true;
}
