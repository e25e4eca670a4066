# conformance.awk - the conformance table of compat/README.md, from a real run of `ptfhost test`.
#
# Run by conformance.sh (POSIX awk; mawk is enough). Every input file is preceded by kind=...:
#   kind=seeds  compat/tools/seed-examples.tsv  the seed pages' snippets -> case
#   kind=ptfs   compat/ptfs/README.md           its "Runtime programs" table (Flink program -> cases),
#                                               its "Table API programs" and "Not ported" tables
#   kind=case   every *.case file of the run    case names in file order; '# pending:' reasons
#   kind=junit  ptfhost test --junit reports    one <testcase> per run, <failure>/<error> inside
# Paths are shown relative to compat/ (everything up to the last "compat/" is dropped), so the
# table does not depend on where the repository lives. Prints markdown on stdout; a mapping that
# names a case no case file has is an error (stderr, exit 2), so the table cannot silently drop it.
# The output holds no timings: the same results give the same bytes.

function rel(path) { sub(/^.*compat\//, "", path); return path }
function trim(s) { sub(/^[ \t\r]+/, "", s); sub(/[ \t\r]+$/, "", s); return s }
function unxml(s) {
    gsub(/&quot;/, "\"", s); gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s)
    gsub(/&#10;|&#9;/, " ", s); gsub(/&#13;/, "", s); gsub(/&amp;/, "\\&", s)
    return s
}
# The value of attribute NAME in an XML start tag on one line.
function attr(line, name,   i, s) {
    i = index(line, " " name "=\"")
    if (!i) return ""
    s = substr(line, i + length(name) + 3)
    return unxml(substr(s, 1, index(s, "\"") - 1))
}
function cell(s) { gsub(/\|/, "\\|", s); return s }
function fail(msg) { print "conformance: " msg > "/dev/stderr"; failed = 1; exit 2 }
function is_pending(key) { return index(key, "cases/pending/") == 1 }
function file_of(key) { return substr(key, 1, index(key, SUBSEP) - 1) }
function name_of(key) { return substr(key, index(key, SUBSEP) + 1) }
function link(key,   f, shown) {
    f = file_of(key); shown = f; sub(/^cases\//, "", shown)
    return "[" shown "](" f "): " cell(name_of(key))
}
# pass / FAIL / not run, from the runs of one case (pending cases: pending / passes now).
function result(key,   r) {
    if (!runs[key]) return is_pending(key) ? "pending (not run)" : "**not run**"
    if (is_pending(key)) return bad[key] ? "pending" : "**passes now: move it out of pending/**"
    if (bad[key]) return "**FAIL**" badruns[key]
    return runs[key] > 1 ? "pass (" runs[key] " runs)" : "pass"
}
# A case named NAME in FILE, else in a pending file; "..." + suffix matches the one case ending so.
function resolve(file, name, where,   i, f, k, found, n) {
    if (substr(name, 1, 3) == "...") {
        n = 0
        for (k in exists)
            if ((file_of(k) == file || is_pending(k)) && substr(name_of(k), length(name_of(k)) - length(name) + 4) == substr(name, 4)) {
                found = k; n++
            }
        if (n != 1) fail(where ": '" name "' matches " n " cases in " file " and cases/pending/")
        return found
    }
    if ((file SUBSEP name) in exists) return file SUBSEP name
    for (i = 1; i <= nfiles; i++) {
        f = files[i]
        if (index(f, "cases/pending/") == 1 && (f SUBSEP name) in exists) return f SUBSEP name
    }
    fail(where ": no case '" name "' in " file " or cases/pending/")
}

kind == "case" && FNR == 1 { cf = rel(FILENAME); files[++nfiles] = cf; cur = "" }
kind == "case" && /^-- case:/ {
    cur = cf SUBSEP trim(substr($0, 9))
    exists[cur] = 1
    order[++ncases] = cur
    next
}
kind == "case" && cur != "" && /^#[ \t]*pending:/ { sub(/^#[ \t]*pending:[ \t]*/, ""); why[cur] = trim($0); next }
kind == "case" && cur != "" && /^#[ \t]*from:/ { sub(/^#[ \t]*from:[ \t]*/, ""); from[cur] = trim($0); next }

kind == "junit" && /^[ \t]*<testcase / {
    nruns++
    run_file[nruns] = rel(attr($0, "file")); run_name[nruns] = attr($0, "name")
    run_status[nruns] = ($0 ~ /\/>[ \t\r]*$/) ? "pass" : "fail"   # a <failure> or <error> follows
    next
}

kind == "seeds" && !/^#/ && NF {
    n = split($0, c, "\t")
    if (n != 5) fail(FILENAME ":" FNR ": expected 5 tab-separated columns, found " n)
    nseeds++
    seed_page[nseeds] = c[1]; seed_example[nseeds] = c[2]; seed_feature[nseeds] = c[3]
    seed_where[nseeds] = c[4]; seed_case[nseeds] = c[5]; seed_line[nseeds] = FILENAME ":" FNR
}

kind == "ptfs" && /^## / {
    in_programs = ($0 ~ /^## Runtime programs/); in_unported = ($0 ~ /^## Not ported/)
    in_tableapi = ($0 ~ /^## Table API programs/); next
}
kind == "ptfs" && in_tableapi && /^\|/ && !/^\|[-| ]*$/ && !/^\| *Flink program *\|/ {
    n = split($0, c, "|")
    if (n != 6) fail(FILENAME ":" FNR ": expected 4 table cells, found " (n - 2))
    ntapi++; tapi_name[ntapi] = trim(c[2]); tapi_calls[ntapi] = trim(c[3]); tapi_prog[ntapi] = trim(c[4])
}
kind == "ptfs" && in_unported && /^\|/ && !/^\|[-| ]*$/ && !/^\| *Flink test *\|/ {
    n = split($0, c, "|")
    if (n != 4) fail(FILENAME ":" FNR ": expected 2 table cells, found " (n - 2))
    nunported++; unported_test[nunported] = trim(c[2]); unported_why[nunported] = trim(c[3])
}
kind == "ptfs" && in_programs && /^\|/ && !/^\|[-| ]*$/ && !/^\| *Flink program *\|/ {
    n = split($0, c, "|")
    if (n != 6) fail(FILENAME ":" FNR ": expected 4 table cells, found " (n - 2))
    nprog++
    prog_name[nprog] = trim(c[2]); prog_what[nprog] = trim(c[3]); prog_cases[nprog] = trim(c[5])
    prog_line[nprog] = FILENAME ":" FNR
}

END {
    if (failed) exit 2
    # Runs -> cases: a run is NAME, NAME [flink V], NAME [materialized] or both.
    for (r = 1; r <= nruns; r++) {
        n = run_name[r]; label = ""
        k = run_file[r] SUBSEP n
        if (!(k in exists)) {
            if (sub(/ \[materialized\]$/, "", n)) label = " [materialized]"
            if (match(n, / \[flink [0-9.]+\]$/)) { label = substr(n, RSTART) label; n = substr(n, 1, RSTART - 1) }
            k = run_file[r] SUBSEP n
        }
        if (!(k in exists)) { stray[++nstray] = r; continue }
        runs[k]++
        if (run_status[r] != "pass") { bad[k]++; badruns[k] = badruns[k] " " (label == "" ? "" : label) }
    }
    for (k in badruns) { s = trim(badruns[k]); badruns[k] = s == "" ? "" : " " s }

    # The mappings, resolved before anything is printed.
    for (i = 1; i <= nseeds; i++) {
        if (seed_where[i] ~ /\.case$/) {
            seed_key[i] = resolve(seed_where[i], seed_case[i], seed_line[i])
            shown[seed_key[i]] = 1
            if (!(seed_key[i] in origin)) origin[seed_key[i]] = seed_page[i] " page: " seed_example[i]
        } else if (seed_where[i] != "-" && seed_where[i] !~ /^test:/) {
            fail(seed_line[i] ": the 4th column must be a case file, '-' or 'test:SCRIPT'")
        }
    }
    for (i = 1; i <= nprog; i++) {
        s = prog_cases[i]
        if (!match(s, /^[a-z_]+:/)) fail(prog_line[i] ": the case cell must start with 'FILE:' (" s ")")
        file = "cases/flink/" substr(s, 1, RLENGTH - 1) ".case"
        s = substr(s, RLENGTH + 1)
        note = ""
        if (p = index(s, "(")) { note = trim(substr(s, p)); s = substr(s, 1, p - 1) }
        prog_note[i] = note
        m = 0
        while (match(s, /`[^`]+`/)) {
            k = resolve(file, substr(s, RSTART + 1, RLENGTH - 2), prog_line[i])
            prog_key[i, ++m] = k; shown[k] = 1
            if (!(k in origin)) origin[k] = prog_name[i]
            s = substr(s, RSTART + RLENGTH)
        }
        if (m == 0) fail(prog_line[i] ": no `case` named in the case cell")
        prog_n[i] = m
    }

    # Counts over the cases CI runs (not the pending ones).
    for (i = 1; i <= ncases; i++) {
        k = order[i]
        if (is_pending(k)) { npending++; if (!bad[k] && runs[k]) npass_pending++; continue }
        ncount++; nrun += runs[k]
        if (!runs[k] || bad[k]) nfailcase++
    }
    nbadrun = 0
    for (k in bad) if (!is_pending(k)) nbadrun += bad[k]
    for (i = 1; i <= nstray; i++) if (run_status[stray[i]] != "pass") nbadrun++

    print "<!-- Generated by compat/tools/conformance.sh from a run of `ptfhost test --junit`; do not edit."
    print "     tests/cli/compat_cases.sh fails when this differs from what a fresh run generates. -->"
    print ""
    printf "**%d cases, %d runs: %d runs passed, %d failed**", ncount, nrun, nrun - nbadrun + 0, nbadrun
    printf "; %d case%s pending (not supported yet, below).\n", npending, npending == 1 ? "" : "s"
    print ""

    print "### The seed pages' examples"
    print ""
    print "Each runnable snippet of the seed pages `../shared/seeds/` (Confluent Cloud: \"Create a Process"
    print "Table Function\"; CMF: \"Process Table Functions in Confluent Manager for Apache Flink\") and its case."
    print ""
    print "| page | example | feature | case | result |"
    print "|---|---|---|---|---|"
    for (i = 1; i <= nseeds; i++) {
        if (seed_where[i] == "-") { where = "not supported: " cell(seed_case[i]); res = "not supported" }
        else if (seed_where[i] ~ /^test:/) {
            where = "`" substr(seed_where[i], 6) "`: " cell(seed_case[i]); res = "CLI test"
        } else { where = link(seed_key[i]); res = result(seed_key[i]) }
        printf "| %s | %s | %s | %s | %s |\n", cell(seed_page[i]), cell(seed_example[i]), cell(seed_feature[i]), where, res
    }
    print ""

    print "### Flink's PTF test programs"
    print ""
    print "Apache Flink's `ProcessTableFunctionTestPrograms` (and the plan tests they stand for), ported as"
    print "cases with Flink's expected rows; programs, functions and sources: [ptfs/README.md](ptfs/README.md)."
    print ""
    print "| Flink program | what it checks | case | result |"
    print "|---|---|---|---|"
    for (i = 1; i <= nprog; i++)
        for (j = 1; j <= prog_n[i]; j++) {
            k = prog_key[i, j]
            printf "| %s | %s | %s%s | %s |\n", cell(prog_name[i]), cell(prog_what[i]), link(k),
                   prog_note[i] == "" ? "" : " " cell(prog_note[i]), result(k)
        }
    print ""

    if (ntapi) {
        print "### Flink's Table API PTF programs"
        print ""
        print "The `-table-api`, `-inline` and `-inline-named` programs, each a Java `main` run with"
        print "`ptfhost run -c MAIN tableapi.jar` by `compat/tableapi/run.sh` (ctest `cli/compat_table_api`;"
        print "[ptfs/README.md](ptfs/README.md#table-api-programs--program)); not part of this `ptfhost test` run."
        print ""
        print "| Flink program | Table API calls | program | result |"
        print "|---|---|---|---|"
        for (i = 1; i <= ntapi; i++)
            printf "| %s | %s | %s | CLI test |\n", cell(tapi_name[i]), cell(tapi_calls[i]), cell(tapi_prog[i])
        print ""
    }

    print "### Flink's planner validation errors"
    print ""
    print "`ProcessTableFunctionTest.testErrorBehavior` and the planner tests named in"
    print "[ptfs/README.md](ptfs/README.md): each case expects Flink's message."
    print ""
    print "| Flink spec | case | result |"
    print "|---|---|---|"
    for (i = 1; i <= ncases; i++) {
        k = order[i]
        if (file_of(k) != "cases/flink/errors.case") continue
        spec = name_of(k); gsub(/-/, " ", spec)
        printf "| %s | %s | %s |\n", cell(spec), link(k), result(k)
        shown[k] = 1
    }
    print ""

    print "### Real projects: third-party libraries, fat JARs, folders of JARs"
    print ""
    print "PTFs that use Apache Commons Lang and ASM (which ptfhost uses too), packaged as real projects"
    print "package them"
    print "([fatjar/build.sh](fatjar/build.sh); `describe` on the same JARs: `tests/cli/fatjar.sh`)."
    print ""
    print "| case | result |"
    print "|---|---|"
    for (i = 1; i <= ncases; i++) {
        k = order[i]
        if (index(file_of(k), "fatjar/") != 1) continue
        printf "| %s | %s |\n", link(k), result(k)
        shown[k] = 1
    }
    print ""

    nother = 0
    for (i = 1; i <= ncases; i++) if (!(order[i] in shown) && !is_pending(order[i])) nother++
    if (nother || nstray) {
        print "### Other cases"
        print ""
        print "| case | result |"
        print "|---|---|"
        for (i = 1; i <= ncases; i++) {
            k = order[i]
            if (!(k in shown) && !is_pending(k)) printf "| %s | %s |\n", link(k), result(k)
        }
        for (i = 1; i <= nstray; i++) {
            r = stray[i]
            printf "| %s: %s (a run of no case) | %s |\n", cell(run_file[r]), cell(run_name[r]),
                   run_status[r] == "pass" ? "pass" : "**FAIL**"
        }
        print ""
    }

    print "## Not supported yet"
    print ""
    print "Cases in [cases/pending/](cases/pending/) fail only because ptfhost lacks what they need;"
    print "CI runs them apart and fails if one starts passing (then it moves back). Seed snippets and"
    print "Flink tests without a case are listed too (the latter from [ptfs/README.md](ptfs/README.md#not-ported))."
    print ""
    print "| case | from | what is missing | result |"
    print "|---|---|---|---|"
    for (i = 1; i <= ncases; i++) {
        k = order[i]
        if (!is_pending(k)) continue
        if (!(k in why)) fail(file_of(k) ": case '" name_of(k) "' has no '# pending: WHAT IS MISSING' line")
        src = (k in origin) ? origin[k] : ((k in from) ? from[k] : "")
        printf "| %s | %s | %s | %s |\n", link(k), cell(src), cell(why[k]), result(k)
    }
    for (i = 1; i <= nseeds; i++)
        if (seed_where[i] == "-")
            printf "| (no case) | %s page: %s | %s | not supported |\n", cell(seed_page[i]), cell(seed_example[i]),
                   cell(seed_case[i])
    for (i = 1; i <= nunported; i++)
        printf "| (not ported) | %s | %s | not ported |\n", cell(unported_test[i]), cell(unported_why[i])
}
