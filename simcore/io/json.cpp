#include "json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <unordered_map>

namespace goap::json {

Value Value::makeInteger(qint64 i)
{
    Value v;
    v.type = Type::Number;
    v.integerLiteral = true;
    v.integer = i;
    v.number = double(i);
    return v;
}

Value Value::makeNumber(double d)
{
    Value v;
    v.type = Type::Number;
    v.number = d;
    return v;
}

Value &Value::insert(const QString &key, Value v)
{
    object.push_back(Member {key, std::move(v)});
    return object.back().second;
}

const Value *Value::find(QLatin1StringView key) const
{
    for (const auto &[k, v] : object)
        if (k == key)
            return &v;
    return nullptr;
}

const Value *Value::find(QStringView key) const
{
    for (const auto &[k, v] : object)
        if (k == key)
            return &v;
    return nullptr;
}

namespace {

// Length of the UTF-8 sequence at p (1..4), or 0 when it is not valid UTF-8.
int utf8SequenceLength(const unsigned char *p, const unsigned char *end)
{
    const unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    int len;
    char32_t cp;
    if ((c & 0xE0) == 0xC0) {
        len = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4;
        cp = c & 0x07;
    } else
        return 0;
    if (end - p < len)
        return 0;
    for (int i = 1; i < len; ++i) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    static constexpr char32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < minimum[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

class Parser
{
public:
    Parser(const QByteArray &text, ParseError &error)
        : m_begin(reinterpret_cast<const unsigned char *>(text.constData()))
        , m_p(m_begin)
        , m_end(m_begin + text.size())
        , m_error(error)
    {
    }

    bool document(Value &out)
    {
        m_members.resize(kMaxDepth + 1);
        m_elements.resize(kMaxDepth + 1);
        if (m_end - m_p >= 3 && m_p[0] == 0xEF && m_p[1] == 0xBB && m_p[2] == 0xBF)
            m_p += 3; // tolerate a UTF-8 byte order mark
        skipSpace();
        if (m_p == m_end)
            return fail("the file is empty; expected a JSON object");
        if (!value(out, 0))
            return false;
        skipSpace();
        if (m_p != m_end)
            return fail("unexpected " + describeHere() + " after the end of the document");
        return true;
    }

private:
    bool fail(const QString &message)
    {
        m_error.offset = m_p - m_begin;
        m_error.message = message;
        return false;
    }

    QString describeHere() const
    {
        if (m_p >= m_end)
            return QStringLiteral("end of file");
        const unsigned char c = *m_p;
        if (c >= 0x20 && c < 0x7F)
            return QStringLiteral("'%1'").arg(QChar(c));
        return QStringLiteral("byte 0x%1").arg(c, 2, 16, QChar('0'));
    }

    void skipSpace()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\t' || *m_p == '\n' || *m_p == '\r'))
            ++m_p;
    }

    bool literal(const char *word, qsizetype len)
    {
        if (m_end - m_p < len || std::memcmp(m_p, word, size_t(len)) != 0)
            return fail("unexpected " + describeHere() + "; expected a value");
        m_p += len;
        return true;
    }

    bool value(Value &out, int depth)
    {
        if (depth > kMaxDepth)
            return fail(QStringLiteral("nesting deeper than %1 levels").arg(kMaxDepth));
        out.offset = m_p - m_begin;
        if (m_p >= m_end)
            return fail("unexpected end of file; expected a value");
        switch (*m_p) {
        case '{':
            return object(out, depth);
        case '[':
            return array(out, depth);
        case '"':
            out.type = Type::String;
            return string(out.string);
        case 't':
            out.type = Type::Bool;
            out.boolean = true;
            return literal("true", 4);
        case 'f':
            out.type = Type::Bool;
            out.boolean = false;
            return literal("false", 5);
        case 'n':
            out.type = Type::Null;
            return literal("null", 4);
        default:
            if (*m_p == '-' || (*m_p >= '0' && *m_p <= '9'))
                return number(out);
            return fail("unexpected " + describeHere() + "; expected a value");
        }
    }

    bool object(Value &out, int depth)
    {
        out.type = Type::Object;
        ++m_p;
        skipSpace();
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            return true;
        }
        for (;;) {
            skipSpace();
            if (m_p >= m_end || *m_p != '"')
                return fail("unexpected " + describeHere() + "; expected a key in double quotes");
            QString key;
            if (!string(key))
                return false;
            skipSpace();
            if (m_p >= m_end || *m_p != ':')
                return fail("unexpected " + describeHere() + "; expected ':' after a key");
            ++m_p;
            skipSpace();
            // Gathered in this depth's scratch, then moved into one allocation of the right size.
            std::vector<Member> &members = m_members[size_t(depth)];
            members.push_back(Member {std::move(key), Value()});
            if (!value(members.back().second, depth + 1))
                return false;
            skipSpace();
            if (m_p < m_end && *m_p == ',') {
                ++m_p;
                continue;
            }
            if (m_p < m_end && *m_p == '}') {
                ++m_p;
                out.object.assign(std::make_move_iterator(members.begin()), std::make_move_iterator(members.end()));
                members.clear();
                return true;
            }
            return fail("unexpected " + describeHere() + "; expected ',' or '}'");
        }
    }

    bool array(Value &out, int depth)
    {
        out.type = Type::Array;
        ++m_p;
        skipSpace();
        if (m_p < m_end && *m_p == ']') {
            ++m_p;
            return true;
        }
        for (;;) {
            skipSpace();
            std::vector<Value> &elements = m_elements[size_t(depth)];
            elements.emplace_back();
            if (!value(elements.back(), depth + 1))
                return false;
            skipSpace();
            if (m_p < m_end && *m_p == ',') {
                ++m_p;
                continue;
            }
            if (m_p < m_end && *m_p == ']') {
                ++m_p;
                out.array.assign(std::make_move_iterator(elements.begin()), std::make_move_iterator(elements.end()));
                elements.clear();
                return true;
            }
            return fail("unexpected " + describeHere() + "; expected ',' or ']'");
        }
    }

    bool hex4(char16_t &out)
    {
        if (m_end - m_p < 4)
            return fail("truncated \\u escape");
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            const unsigned char c = m_p[i];
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= c - '0';
            else if (c >= 'a' && c <= 'f')
                v |= c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                v |= c - 'A' + 10;
            else
                return fail("invalid \\u escape");
        }
        m_p += 4;
        out = char16_t(v);
        return true;
    }

    bool string(QString &out)
    {
        ++m_p; // opening quote
        // The common case, printable ASCII to the closing quote: no decoding,
        // and a short one (a key, an id) shared with its earlier occurrences,
        // so a file that names "chopWood" 10,000 times holds it once.
        const unsigned char *const begin = m_p;
        const unsigned char *q = begin;
        while (q < m_end && *q >= 0x20 && *q < 0x80 && *q != '"' && *q != '\\')
            ++q;
        if (q < m_end && *q == '"') {
            const std::string_view text(reinterpret_cast<const char *>(begin), size_t(q - begin));
            m_p = q + 1;
            if (text.size() > kInternedLength) {
                out = QString::fromLatin1(text.data(), qsizetype(text.size()));
                return true;
            }
            auto [it, fresh] = m_interned.try_emplace(text);
            if (fresh)
                it->second = QString::fromLatin1(text.data(), qsizetype(text.size()));
            out = it->second;
            return true;
        }
        QByteArray utf8;
        for (;;) {
            if (m_p >= m_end)
                return fail("unterminated string");
            const unsigned char c = *m_p;
            if (c == '"') {
                ++m_p;
                break;
            }
            if (c < 0x20)
                return fail("control character in a string (write it as an escape)");
            if (c == '\\') {
                ++m_p;
                if (m_p >= m_end)
                    return fail("unterminated string");
                const unsigned char e = *m_p++;
                switch (e) {
                case '"':
                    utf8 += '"';
                    break;
                case '\\':
                    utf8 += '\\';
                    break;
                case '/':
                    utf8 += '/';
                    break;
                case 'b':
                    utf8 += '\b';
                    break;
                case 'f':
                    utf8 += '\f';
                    break;
                case 'n':
                    utf8 += '\n';
                    break;
                case 'r':
                    utf8 += '\r';
                    break;
                case 't':
                    utf8 += '\t';
                    break;
                case 'u': {
                    char16_t units[2];
                    if (!hex4(units[0]))
                        return false;
                    int count = 1;
                    if (QChar::isHighSurrogate(units[0])) {
                        if (m_end - m_p < 2 || m_p[0] != '\\' || m_p[1] != 'u')
                            return fail("unpaired surrogate in \\u escape");
                        m_p += 2;
                        if (!hex4(units[1]))
                            return false;
                        if (!QChar::isLowSurrogate(units[1]))
                            return fail("unpaired surrogate in \\u escape");
                        count = 2;
                    } else if (QChar::isLowSurrogate(units[0])) {
                        return fail("unpaired surrogate in \\u escape");
                    }
                    if (units[0] == 0)
                        return fail("\\u0000 is not allowed in a string");
                    utf8 += QString::fromUtf16(units, count).toUtf8();
                    break;
                }
                default:
                    --m_p;
                    return fail("invalid escape \\" + describeHere());
                }
                continue;
            }
            const int len = utf8SequenceLength(m_p, m_end);
            if (len == 0)
                return fail("invalid UTF-8 in a string");
            utf8.append(reinterpret_cast<const char *>(m_p), len);
            m_p += len;
        }
        out = QString::fromUtf8(utf8);
        return true;
    }

    bool number(Value &out)
    {
        const unsigned char *start = m_p;
        if (*m_p == '-')
            ++m_p;
        if (m_p >= m_end || !(*m_p >= '0' && *m_p <= '9'))
            return fail("invalid number");
        if (*m_p == '0') {
            ++m_p;
            if (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                return fail("invalid number: leading zeros are not allowed");
        } else {
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
        }
        bool integral = true;
        if (m_p < m_end && *m_p == '.') {
            integral = false;
            ++m_p;
            if (m_p >= m_end || !(*m_p >= '0' && *m_p <= '9'))
                return fail("invalid number: expected digits after '.'");
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
        }
        if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
            integral = false;
            ++m_p;
            if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
                ++m_p;
            if (m_p >= m_end || !(*m_p >= '0' && *m_p <= '9'))
                return fail("invalid number: expected digits in the exponent");
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
        }
        const char *first = reinterpret_cast<const char *>(start);
        const char *last = reinterpret_cast<const char *>(m_p);
        out.type = Type::Number;
        out.integerLiteral = integral;
        if (integral) {
            const auto r = std::from_chars(first, last, out.integer);
            out.integerOverflow = r.ec == std::errc::result_out_of_range;
        }
        const auto r = std::from_chars(first, last, out.number);
        if (r.ec == std::errc::result_out_of_range) {
            // Magnitude beyond double: keep the sign, the validator reports the range.
            out.number = (*start == '-') ? -HUGE_VAL : HUGE_VAL;
        }
        return true;
    }

    const unsigned char *m_begin;
    const unsigned char *m_p;
    const unsigned char *m_end;
    ParseError &m_error;
    // Short plain strings read so far, by their bytes in the text (bounded by the text).
    static constexpr size_t kInternedLength = 64;
    std::unordered_map<std::string_view, QString> m_interned;
    // Per depth, the members or elements of the object or array open there (reused).
    std::vector<std::vector<Member>> m_members;
    std::vector<std::vector<Value>> m_elements;
};

void appendString(QByteArray &out, const QString &s)
{
    out += '"';
    const QByteArray utf8 = s.toUtf8();
    for (const char ch : utf8) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    out += '"';
}

void appendNumber(QByteArray &out, const Value &v)
{
    char buf[64];
    std::to_chars_result r;
    if (v.integerLiteral && !v.integerOverflow)
        r = std::to_chars(buf, buf + sizeof buf, v.integer);
    else
        r = std::to_chars(buf, buf + sizeof buf, v.number); // shortest round trip
    out.append(buf, r.ptr - buf);
}

bool isContainer(const Value &v)
{
    return v.type == Type::Array || v.type == Type::Object;
}

// Nesting height: 0 for scalars, 1 for a container of scalars, ...
int height(const Value &v)
{
    int h = 0;
    for (const auto &e : v.array)
        h = std::max(h, height(e));
    for (const auto &m : v.object)
        h = std::max(h, height(m.second));
    return isContainer(v) ? h + 1 : 0;
}

void writeValue(QByteArray &out, const Value &v, int indent);

void writeInline(QByteArray &out, const Value &v)
{
    if (v.type == Type::Array) {
        out += '[';
        for (size_t i = 0; i < v.array.size(); ++i) {
            if (i)
                out += ", ";
            writeInline(out, v.array[i]);
        }
        out += ']';
    } else if (v.type == Type::Object) {
        if (v.object.empty()) {
            out += "{}";
            return;
        }
        out += "{ ";
        for (size_t i = 0; i < v.object.size(); ++i) {
            if (i)
                out += ", ";
            appendString(out, v.object[i].first);
            out += ": ";
            writeInline(out, v.object[i].second);
        }
        out += " }";
    } else {
        writeValue(out, v, 0);
    }
}

constexpr qsizetype kInlineWidth = 88;

void writeValue(QByteArray &out, const Value &v, int indent)
{
    switch (v.type) {
    case Type::Null:
        out += "null";
        return;
    case Type::Bool:
        out += v.boolean ? "true" : "false";
        return;
    case Type::Number:
        appendNumber(out, v);
        return;
    case Type::String:
        appendString(out, v.string);
        return;
    case Type::Array:
    case Type::Object:
        break;
    }
    const bool empty = v.type == Type::Array ? v.array.empty() : v.object.empty();
    if (empty || height(v) <= 2) {
        QByteArray line;
        writeInline(line, v);
        if (empty || indent + line.size() <= kInlineWidth) {
            out += line;
            return;
        }
    }
    const QByteArray pad(indent + 2, ' ');
    if (v.type == Type::Array) {
        out += "[\n";
        for (size_t i = 0; i < v.array.size(); ++i) {
            out += pad;
            writeValue(out, v.array[i], indent + 2);
            out += i + 1 < v.array.size() ? ",\n" : "\n";
        }
        out += QByteArray(indent, ' ') + ']';
    } else {
        out += "{\n";
        for (size_t i = 0; i < v.object.size(); ++i) {
            out += pad;
            appendString(out, v.object[i].first);
            out += ": ";
            writeValue(out, v.object[i].second, indent + 2);
            out += i + 1 < v.object.size() ? ",\n" : "\n";
        }
        out += QByteArray(indent, ' ') + '}';
    }
}

} // namespace

bool parse(const QByteArray &text, Value &out, ParseError &error)
{
    out = Value();
    Parser parser(text, error);
    if (!parser.document(out)) {
        out = Value();
        return false;
    }
    return true;
}

std::pair<int, int> lineColumn(const QByteArray &text, qsizetype offset)
{
    int line = 1, column = 1;
    const auto *p = reinterpret_cast<const unsigned char *>(text.constData());
    const qsizetype end = std::min(offset, text.size());
    for (qsizetype i = 0; i < end; ++i) {
        if (p[i] == '\n') {
            ++line;
            column = 1;
        } else if ((p[i] & 0xC0) != 0x80)
            ++column; // count characters, not bytes
    }
    return {line, column};
}

namespace {
// Characters (UTF-8 lead bytes) in [from, to).
int characters(const unsigned char *p, qsizetype from, qsizetype to)
{
    int n = 0;
    for (qsizetype i = from; i < to; ++i)
        n += (p[i] & 0xC0) != 0x80;
    return n;
}
} // namespace

LineIndex::LineIndex(const QByteArray &text)
    : m_text(text)
{
    const auto *p = reinterpret_cast<const unsigned char *>(text.constData());
    m_lineStarts.push_back(0);
    qsizetype lineStart = 0;
    int column = 1;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (p[i] == '\n') {
            lineStart = i + 1;
            column = 1;
            m_lineStarts.push_back(lineStart);
            continue;
        }
        if ((i - lineStart) % kStride == 0 && i > lineStart)
            m_checkpoints.push_back(Checkpoint {i, column});
        column += (p[i] & 0xC0) != 0x80;
    }
}

std::pair<int, int> LineIndex::lineColumn(qsizetype offset) const
{
    offset = std::clamp<qsizetype>(offset, 0, m_text.size());
    const auto line = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset) - 1;
    qsizetype from = *line;
    int column = 1;
    const auto cp = std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), offset,
                                     [](qsizetype o, const Checkpoint &c) { return o < c.offset; });
    if (cp != m_checkpoints.begin() && std::prev(cp)->offset >= from) {
        from = std::prev(cp)->offset;
        column = std::prev(cp)->column;
    }
    const auto *p = reinterpret_cast<const unsigned char *>(m_text.constData());
    return {int(line - m_lineStarts.begin()) + 1, column + characters(p, from, offset)};
}

QByteArray write(const Value &v)
{
    QByteArray out;
    writeValue(out, v, 0);
    out += '\n';
    return out;
}

QByteArray writeLine(const Value &v)
{
    QByteArray out;
    writeInline(out, v);
    return out;
}

QString describe(const Value &v)
{
    switch (v.type) {
    case Type::Null:
        return QStringLiteral("null");
    case Type::Bool:
        return v.boolean ? QStringLiteral("true") : QStringLiteral("false");
    case Type::Number: {
        QByteArray s;
        appendNumber(s, v);
        return QString::fromLatin1(s);
    }
    case Type::String: {
        QString s = v.string.left(40);
        if (v.string.size() > 40)
            s += QStringLiteral("...");
        return '"' + s + '"';
    }
    case Type::Array:
        return QStringLiteral("an array");
    case Type::Object:
        return QStringLiteral("an object");
    }
    return {};
}

} // namespace goap::json
