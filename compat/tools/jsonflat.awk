# jsonflat.awk - prints every scalar of one JSON document as a line "path=value",
# e.g. functions[0].arguments[1].name=numTrailing. Strings are printed without
# their quotes and decoded, except that line breaks stay escaped (\n, \r) so an
# error chain stays on one line, and \uXXXX outside printable ASCII stays as is;
# empty arrays/objects print as "path=[]"/"path={}".
# The compat tests compare these lines, so they depend on the JSON contract of
# docs/internals.md and not on whitespace or key order. POSIX awk (mawk, gawk).
BEGIN { RS = "\001" }
{ doc = doc $0 "\n" }
END {
    n = length(doc); pos = 1
    value("")
    skip()
    if (pos <= n) fail("trailing data")
}

function fail(msg) { printf "jsonflat: %s at offset %d\n", msg, pos > "/dev/stderr"; exit 2 }

function skip() { while (pos <= n && index(" \t\r\n", substr(doc, pos, 1))) pos++ }

function value(path,    c, start) {
    skip(); c = substr(doc, pos, 1)
    if (c == "{") object(path)
    else if (c == "[") array(path)
    else if (c == "\"") print path "=" str()
    else {
        start = pos
        while (pos <= n && !index(",]} \t\r\n", substr(doc, pos, 1))) pos++
        if (pos == start) fail("value expected")
        print path "=" substr(doc, start, pos - start)
    }
}

# str: the string at pos (pos on its opening quote), decoded as described above.
function str(    s, c, e) {
    pos++; s = ""
    while (pos <= n) {
        c = substr(doc, pos, 1)
        if (c == "\\") {
            e = substr(doc, pos + 1, 1); pos += 2
            if (e == "u") { s = s unicode(substr(doc, pos, 4)); pos += 4 }
            else if (e == "t") s = s "\t"
            else if (e == "b" || e == "f" || e == "n" || e == "r") s = s "\\" e
            else s = s e
            continue
        }
        pos++
        if (c == "\"") return s
        s = s c
    }
    fail("unterminated string")
}

function unicode(hex,    v, i) {
    v = 0
    for (i = 1; i <= 4; i++) v = v * 16 + index("0123456789abcdef", tolower(substr(hex, i, 1))) - 1
    if (v >= 32 && v < 127) return sprintf("%c", v)
    return "\\u" hex
}

function object(path,    key, c) {
    pos++; skip()
    if (substr(doc, pos, 1) == "}") { pos++; print path "={}"; return }
    while (1) {
        skip()
        if (substr(doc, pos, 1) != "\"") fail("key expected")
        key = str(); skip()
        if (substr(doc, pos, 1) != ":") fail("':' expected")
        pos++
        value(path == "" ? key : path "." key)
        skip(); c = substr(doc, pos, 1); pos++
        if (c == "}") return
        if (c != ",") fail("',' or '}' expected")
    }
}

function array(path,    i, c) {
    pos++; skip()
    if (substr(doc, pos, 1) == "]") { pos++; print path "=[]"; return }
    for (i = 0; ; i++) {
        value(path "[" i "]")
        skip(); c = substr(doc, pos, 1); pos++
        if (c == "]") return
        if (c != ",") fail("',' or ']' expected")
    }
}
