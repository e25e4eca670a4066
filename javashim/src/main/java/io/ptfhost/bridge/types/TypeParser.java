package io.ptfhost.bridge.types;

import io.ptfhost.bridge.types.SqlType.Field;
import io.ptfhost.bridge.types.SqlType.IntervalUnit;
import io.ptfhost.bridge.types.SqlType.Kind;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Parser for Flink's type-string grammar (what users write in DDL and in {@code @DataTypeHint}).
 *
 * <p>Accepts what Flink's LogicalTypeParser accepts, including the shortcuts (STRING, BYTES,
 * NUMERIC/DEC, INTEGER, DOUBLE PRECISION, TIME/TIMESTAMP WITHOUT TIME ZONE, TIMESTAMP WITH LOCAL TIME
 * ZONE, suffix ARRAY/MULTISET, ROW(...), explicit NULL, backticked names, field comments). Errors
 * carry Flink's messages, including its notion of "position": the character after the last token
 * that was consumed successfully, so positions match what users see from Flink.
 *
 * <p>A bare identifier (a user-defined type) parses, but fails afterwards like Flink's type
 * factory does, because catalogs and user-defined types do not exist here.
 */
public final class TypeParser {

    private enum TokenType {
        BEGIN_SUBTYPE, END_SUBTYPE, BEGIN_PARAMETER, END_PARAMETER, LIST_SEPARATOR, LITERAL_STRING,
        LITERAL_INT, KEYWORD, IDENTIFIER, IDENTIFIER_SEPARATOR
    }

    private static final Set<String> KEYWORDS = new HashSet<>();

    static {
        String[] words = {"CHAR", "VARCHAR", "STRING", "BOOLEAN", "BINARY", "VARBINARY", "BYTES", "DECIMAL",
            "NUMERIC", "DEC", "TINYINT", "SMALLINT", "INT", "INTEGER", "BIGINT", "FLOAT", "DOUBLE", "PRECISION",
            "DATE", "TIME", "WITH", "WITHOUT", "LOCAL", "ZONE", "TIMESTAMP", "TIMESTAMP_LTZ", "INTERVAL", "YEAR",
            "MONTH", "DAY", "HOUR", "MINUTE", "SECOND", "TO", "ARRAY", "MULTISET", "MAP", "ROW", "NULL", "RAW",
            "LEGACY", "NOT", "DESCRIPTOR", "STRUCTURED", "VARIANT", "BITMAP"};
        for (String w : words) {
            KEYWORDS.add(w);
        }
    }

    private static final class Token {
        final TokenType type;
        final int position; // index of the token's last character (Flink's cursor position)
        final String value;

        Token(TokenType type, int position, String value) {
            this.type = type;
            this.position = position;
            this.value = value;
        }
    }

    private final String input;
    private final List<Token> tokens;
    private int current = -1;
    private int lastValid = -1;
    private boolean sawUserDefinedType;

    private TypeParser(String input) {
        this.input = input;
        this.tokens = tokenize(input);
    }

    /** Parses a type string; throws {@link TypeParseException} with Flink's message. */
    public static SqlType parse(String typeString) {
        TypeParser p = new TypeParser(typeString);
        SqlType t = p.parseTypeWithNullability();
        if (p.current + 1 < p.tokens.size()) {
            p.next();
            throw p.error("Unexpected token: " + p.token().value);
        }
        if (p.sawUserDefinedType) {
            throw new TypeParseException("User-defined types are not supported yet.");
        }
        return t;
    }

    // ---------------------------------------------------------------------------------------
    // Tokenizer
    // ---------------------------------------------------------------------------------------

    private static boolean isDelimiter(char c) {
        return Character.isWhitespace(c) || c == '<' || c == '>' || c == '(' || c == ')' || c == ',' || c == '.';
    }

    private static List<Token> tokenize(String s) {
        List<Token> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<':
                    out.add(new Token(TokenType.BEGIN_SUBTYPE, i, "<"));
                    break;
                case '>':
                    out.add(new Token(TokenType.END_SUBTYPE, i, ">"));
                    break;
                case '(':
                    out.add(new Token(TokenType.BEGIN_PARAMETER, i, "("));
                    break;
                case ')':
                    out.add(new Token(TokenType.END_PARAMETER, i, ")"));
                    break;
                case ',':
                    out.add(new Token(TokenType.LIST_SEPARATOR, i, ","));
                    break;
                case '.':
                    out.add(new Token(TokenType.IDENTIFIER_SEPARATOR, i, "."));
                    break;
                case '\'':
                case '`': {
                    b.setLength(0);
                    i = readQuoted(b, s, i, c);
                    out.add(new Token(c == '\'' ? TokenType.LITERAL_STRING : TokenType.IDENTIFIER, i, b.toString()));
                    break;
                }
                default:
                    if (Character.isWhitespace(c)) {
                        continue;
                    }
                    b.setLength(0);
                    if (c >= '0' && c <= '9') {
                        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                            b.append(s.charAt(i++));
                        }
                        i--;
                        out.add(new Token(TokenType.LITERAL_INT, i, b.toString()));
                        break;
                    }
                    while (i < s.length() && !isDelimiter(s.charAt(i))) {
                        b.append(s.charAt(i++));
                    }
                    i--;
                    String word = b.toString();
                    String upper = word.toUpperCase(Locale.ROOT);
                    if (KEYWORDS.contains(upper)) {
                        out.add(new Token(TokenType.KEYWORD, i, upper));
                    } else {
                        out.add(new Token(TokenType.IDENTIFIER, i, word));
                    }
            }
        }
        return out;
    }

    /** Reads a quoted literal starting at the opening quote; a doubled quote is an escaped quote. */
    private static int readQuoted(StringBuilder b, String s, int i, char quote) {
        for (i++; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == quote && i + 1 < s.length() && s.charAt(i + 1) == quote) {
                b.append(c);
                i++;
            } else if (c == quote) {
                break;
            } else {
                b.append(c);
            }
        }
        return i;
    }

    // ---------------------------------------------------------------------------------------
    // Token navigation
    // ---------------------------------------------------------------------------------------

    private TypeParseException error(String cause) {
        int position = lastValid < 0 ? 0 : tokens.get(lastValid).position + 1;
        return new TypeParseException(String.format(
                "Could not parse type at position %d: %s\n Input type string: %s", position, cause, input));
    }

    private Token token() {
        return tokens.get(current);
    }

    private void next() {
        current++;
        if (current >= tokens.size()) {
            throw error("Unexpected end.");
        }
        lastValid = current - 1;
    }

    private void next(TokenType type) {
        next();
        if (token().type != type) {
            throw error("<" + type.name() + "> expected but was <" + token().type + ">.");
        }
    }

    private void nextKeyword(String keyword) {
        next(TokenType.KEYWORD);
        if (!keyword.equals(token().value)) {
            throw error("Keyword '" + keyword + "' expected but was '" + token().value + "'.");
        }
    }

    private boolean peek(TokenType type) {
        return current + 1 < tokens.size() && tokens.get(current + 1).type == type;
    }

    private boolean peekKeywords(String... keywords) {
        if (current + keywords.length + 1 > tokens.size()) {
            return false;
        }
        for (int i = 0; i < keywords.length; i++) {
            Token t = tokens.get(current + i + 1);
            if (t.type != TokenType.KEYWORD || !t.value.equals(keywords[i])) {
                return false;
            }
        }
        return true;
    }

    private int intValue() {
        try {
            return Integer.parseInt(token().value);
        } catch (NumberFormatException e) {
            TypeParseException ex = error("Invalid integer value.");
            ex.initCause(e);
            throw ex;
        }
    }

    // ---------------------------------------------------------------------------------------
    // Grammar
    // ---------------------------------------------------------------------------------------

    private boolean parseNullability() {
        if (peekKeywords("NOT", "NULL")) {
            nextKeyword("NOT");
            nextKeyword("NULL");
            return false;
        } else if (peekKeywords("NULL")) {
            nextKeyword("NULL");
        }
        return true;
    }

    private SqlType parseTypeWithNullability() {
        SqlType t;
        if (peek(TokenType.IDENTIFIER)) {
            t = parseUserDefinedType();
            parseNullability();
        } else {
            t = parseTypeByKeyword();
            t = t.copy(parseNullability());
        }
        if (peekKeywords("ARRAY")) {
            nextKeyword("ARRAY");
            return SqlType.array(t).copy(parseNullability());
        } else if (peekKeywords("MULTISET")) {
            nextKeyword("MULTISET");
            return SqlType.multiset(t).copy(parseNullability());
        }
        return t;
    }

    private SqlType parseUserDefinedType() {
        next(TokenType.IDENTIFIER);
        for (int i = 0; i < 2 && peek(TokenType.IDENTIFIER_SEPARATOR); i++) {
            next(TokenType.IDENTIFIER_SEPARATOR);
            next(TokenType.IDENTIFIER);
        }
        sawUserDefinedType = true;
        return SqlType.of(Kind.NULL); // placeholder; parse() fails after the whole string parsed
    }

    private SqlType parseTypeByKeyword() {
        next(TokenType.KEYWORD);
        String k = token().value;
        switch (k) {
            case "CHAR":
                return lengthOrDefault(Kind.CHAR);
            case "VARCHAR":
                return lengthOrDefault(Kind.VARCHAR);
            case "STRING":
                return SqlType.string();
            case "BOOLEAN":
                return SqlType.of(Kind.BOOLEAN);
            case "BINARY":
                return lengthOrDefault(Kind.BINARY);
            case "VARBINARY":
                return lengthOrDefault(Kind.VARBINARY);
            case "BYTES":
                return SqlType.bytes();
            case "DECIMAL":
            case "NUMERIC":
            case "DEC":
                return parseDecimal();
            case "TINYINT":
                return SqlType.of(Kind.TINYINT);
            case "SMALLINT":
                return SqlType.of(Kind.SMALLINT);
            case "INT":
            case "INTEGER":
                return SqlType.of(Kind.INT);
            case "BIGINT":
                return SqlType.of(Kind.BIGINT);
            case "FLOAT":
                return SqlType.of(Kind.FLOAT);
            case "DOUBLE":
                if (peekKeywords("PRECISION")) {
                    nextKeyword("PRECISION");
                }
                return SqlType.of(Kind.DOUBLE);
            case "DATE":
                return SqlType.of(Kind.DATE);
            case "TIME": {
                int p = optionalPrecision(0);
                if (peekKeywords("WITHOUT")) {
                    nextKeyword("WITHOUT");
                    nextKeyword("TIME");
                    nextKeyword("ZONE");
                }
                return SqlType.precisionType(Kind.TIME, p);
            }
            case "TIMESTAMP":
                return parseTimestamp();
            case "TIMESTAMP_LTZ":
                return SqlType.precisionType(Kind.TIMESTAMP_LTZ, optionalPrecision(6));
            case "INTERVAL":
                return parseInterval();
            case "ARRAY":
                return SqlType.array(parseSubtype());
            case "MULTISET":
                return SqlType.multiset(parseSubtype());
            case "MAP": {
                next(TokenType.BEGIN_SUBTYPE);
                SqlType key = parseTypeWithNullability();
                next(TokenType.LIST_SEPARATOR);
                SqlType value = parseTypeWithNullability();
                next(TokenType.END_SUBTYPE);
                return SqlType.map(key, value);
            }
            case "ROW":
                return parseRow();
            case "STRUCTURED":
                return parseStructured();
            case "NULL":
                return SqlType.of(Kind.NULL);
            case "RAW": {
                next(TokenType.BEGIN_PARAMETER);
                next(TokenType.LITERAL_STRING);
                String cls = token().value;
                next(TokenType.LIST_SEPARATOR);
                next(TokenType.LITERAL_STRING);
                next(TokenType.END_PARAMETER);
                return SqlType.raw(cls);
            }
            case "DESCRIPTOR":
                return SqlType.of(Kind.DESCRIPTOR);
            default:
                // LEGACY, VARIANT, BITMAP are valid in some Flink versions but have no meaning
                // for PTF signatures here; PRECISION, ZONE, ... are not types at all.
                throw error("Unsupported type: " + k);
        }
    }

    private SqlType lengthOrDefault(Kind kind) {
        if (peek(TokenType.BEGIN_PARAMETER)) {
            next(TokenType.BEGIN_PARAMETER);
            next(TokenType.LITERAL_INT);
            int length = intValue();
            next(TokenType.END_PARAMETER);
            return SqlType.lengthType(kind, length);
        }
        return SqlType.of(kind);
    }

    private SqlType parseDecimal() {
        int precision = 10;
        int scale = 0;
        if (peek(TokenType.BEGIN_PARAMETER)) {
            next(TokenType.BEGIN_PARAMETER);
            next(TokenType.LITERAL_INT);
            precision = intValue();
            if (peek(TokenType.LIST_SEPARATOR)) {
                next(TokenType.LIST_SEPARATOR);
                next(TokenType.LITERAL_INT);
                scale = intValue();
            }
            next(TokenType.END_PARAMETER);
        }
        return SqlType.decimal(precision, scale);
    }

    private int optionalPrecision(int defaultPrecision) {
        int p = defaultPrecision;
        if (peek(TokenType.BEGIN_PARAMETER)) {
            next(TokenType.BEGIN_PARAMETER);
            next(TokenType.LITERAL_INT);
            p = intValue();
            next(TokenType.END_PARAMETER);
        }
        return p;
    }

    private SqlType parseTimestamp() {
        int p = optionalPrecision(6);
        if (peekKeywords("WITHOUT")) {
            nextKeyword("WITHOUT");
            nextKeyword("TIME");
            nextKeyword("ZONE");
        } else if (peekKeywords("WITH")) {
            nextKeyword("WITH");
            if (peekKeywords("LOCAL")) {
                nextKeyword("LOCAL");
                nextKeyword("TIME");
                nextKeyword("ZONE");
                return SqlType.precisionType(Kind.TIMESTAMP_LTZ, p);
            }
            nextKeyword("TIME");
            nextKeyword("ZONE");
            return SqlType.precisionType(Kind.TIMESTAMP_TZ, p);
        }
        return SqlType.precisionType(Kind.TIMESTAMP, p);
    }

    private SqlType parseInterval() {
        next(TokenType.KEYWORD);
        String k = token().value;
        switch (k) {
            case "YEAR": {
                int p = optionalPrecision(2);
                if (peekKeywords("TO")) {
                    nextKeyword("TO");
                    nextKeyword("MONTH");
                    return SqlType.yearMonthInterval(IntervalUnit.YEAR_TO_MONTH, p);
                }
                return SqlType.yearMonthInterval(IntervalUnit.YEAR, p);
            }
            case "MONTH":
                return SqlType.yearMonthInterval(IntervalUnit.MONTH, 2);
            case "DAY": {
                int p = optionalPrecision(2);
                if (peekKeywords("TO")) {
                    nextKeyword("TO");
                    next(TokenType.KEYWORD);
                    switch (token().value) {
                        case "HOUR":
                            return SqlType.dayTimeInterval(IntervalUnit.DAY_TO_HOUR, p, 6);
                        case "MINUTE":
                            return SqlType.dayTimeInterval(IntervalUnit.DAY_TO_MINUTE, p, 6);
                        case "SECOND":
                            return SqlType.dayTimeInterval(IntervalUnit.DAY_TO_SECOND, p, optionalPrecision(6));
                        default:
                            throw error("Invalid day-time interval resolution.");
                    }
                }
                return SqlType.dayTimeInterval(IntervalUnit.DAY, p, 6);
            }
            case "HOUR":
                if (peekKeywords("TO")) {
                    nextKeyword("TO");
                    next(TokenType.KEYWORD);
                    switch (token().value) {
                        case "MINUTE":
                            return SqlType.dayTimeInterval(IntervalUnit.HOUR_TO_MINUTE, 2, 6);
                        case "SECOND":
                            return SqlType.dayTimeInterval(IntervalUnit.HOUR_TO_SECOND, 2, optionalPrecision(6));
                        default:
                            throw error("Invalid day-time interval resolution.");
                    }
                }
                return SqlType.dayTimeInterval(IntervalUnit.HOUR, 2, 6);
            case "MINUTE":
                if (peekKeywords("TO")) {
                    nextKeyword("TO");
                    nextKeyword("SECOND");
                    return SqlType.dayTimeInterval(IntervalUnit.MINUTE_TO_SECOND, 2, optionalPrecision(6));
                }
                return SqlType.dayTimeInterval(IntervalUnit.MINUTE, 2, 6);
            case "SECOND":
                return SqlType.dayTimeInterval(IntervalUnit.SECOND, 2, optionalPrecision(6));
            default:
                throw error("Invalid interval resolution.");
        }
    }

    private SqlType parseSubtype() {
        next(TokenType.BEGIN_SUBTYPE);
        SqlType t = parseTypeWithNullability();
        next(TokenType.END_SUBTYPE);
        return t;
    }

    private SqlType parseRow() {
        List<Field> fields;
        if (peek(TokenType.BEGIN_PARAMETER)) {
            next(TokenType.BEGIN_PARAMETER);
            fields = parseFields(TokenType.END_PARAMETER);
            next(TokenType.END_PARAMETER);
        } else {
            next(TokenType.BEGIN_SUBTYPE);
            fields = parseFields(TokenType.END_SUBTYPE);
            next(TokenType.END_SUBTYPE);
        }
        return SqlType.row(fields);
    }

    private SqlType parseStructured() {
        next(TokenType.BEGIN_SUBTYPE);
        next(TokenType.LITERAL_STRING);
        String cls = token().value;
        List<Field> fields = new ArrayList<>();
        if (peek(TokenType.LIST_SEPARATOR)) {
            next(TokenType.LIST_SEPARATOR);
            fields = parseFields(TokenType.END_SUBTYPE);
        }
        next(TokenType.END_SUBTYPE);
        return SqlType.structured(cls, fields);
    }

    private List<Field> parseFields(TokenType end) {
        List<Field> fields = new ArrayList<>();
        boolean first = true;
        while (!peek(end)) {
            if (!first) {
                next(TokenType.LIST_SEPARATOR);
            }
            first = false;
            next(TokenType.IDENTIFIER);
            String name = token().value;
            SqlType type = parseTypeWithNullability();
            String description = null;
            if (peek(TokenType.LITERAL_STRING)) {
                next(TokenType.LITERAL_STRING);
                description = token().value;
            }
            fields.add(new Field(name, type, description));
        }
        return fields;
    }
}
