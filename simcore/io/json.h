#pragma once
// A small JSON DOM and parser for scenario files.
//
// Why not QJsonDocument: scenario files need key order kept (canonical files
// diff well), duplicate keys reported instead of silently merged, every value's
// source offset for `file:line:col` messages, and exact integer literals
// (QJsonValue keeps only a double). The parser never throws, bounds nesting
// depth and validates UTF-8, so any byte sequence yields a value or an error.

#include <QByteArray>
#include <QString>

#include <utility>
#include <vector>

namespace goap::json {

enum class Type { Null, Bool, Number, String, Array, Object };

struct Member;

struct Value
{
    // (The small members first: 104 bytes a value, not 120 with padding; a
    // 10,000-character file holds a few hundred thousand.)
    Type type = Type::Null;
    bool boolean = false;
    bool integerLiteral = false; // written without fraction or exponent
    bool integerOverflow = false; // an integer literal outside the 64-bit range
    double number = 0;
    qint64 integer = 0; // exact value when integerLiteral and it fits
    QString string;
    std::vector<Value> array;
    // A named struct, not std::pair<QString, Value>: a pair of a type still
    // being defined is ill-formed, and clang with libstdc++ rejects it.
    std::vector<Member> object; // in source order
    qsizetype offset = -1; // byte offset in the source

    static Value makeObject();
    static Value makeArray();
    static Value makeString(const QString &s);
    static Value makeInteger(qint64 i);
    static Value makeNumber(double d);

    Value &insert(const QString &key, Value v); // appends; returns the new member
    const Value *find(QStringView key) const;
    const Value *find(QLatin1StringView key) const;
};

// One member of an object; `first` and `second` as in the pair it replaces.
struct Member
{
    QString first;
    Value second;
};

inline Value Value::makeObject()
{
    Value v;
    v.type = Type::Object;
    return v;
}
inline Value Value::makeArray()
{
    Value v;
    v.type = Type::Array;
    return v;
}
inline Value Value::makeString(const QString &s)
{
    Value v;
    v.type = Type::String;
    v.string = s;
    return v;
}

struct ParseError
{
    qsizetype offset = 0;
    QString message;
};

constexpr int kMaxDepth = 64;

// Parses a complete document. Returns false and fills `error` on failure.
bool parse(const QByteArray &text, Value &out, ParseError &error);

// 1-based line and column (in characters) of a byte offset. Scans from the
// start: for one position. For many, build a LineIndex once.
std::pair<int, int> lineColumn(const QByteArray &text, qsizetype offset);

// Line and column of many offsets in one text, each in O(log lines) plus at
// most kStride bytes: placing every issue of a file with 10,000 of them must
// not rescan the file from byte 0 each time. Lines longer than kStride get a
// checkpoint every kStride bytes, so a minified one-line file is fast too.
// Keeps a reference to `text`, which must outlive the index.
class LineIndex
{
public:
    static constexpr qsizetype kStride = 4096;

    explicit LineIndex(const QByteArray &text);
    std::pair<int, int> lineColumn(qsizetype offset) const;

private:
    struct Checkpoint
    {
        qsizetype offset;
        int column; // of the character at `offset`
    };
    const QByteArray &m_text;
    std::vector<qsizetype> m_lineStarts; // sorted; m_lineStarts[0] == 0
    std::vector<Checkpoint> m_checkpoints; // sorted by offset, inside long lines only
};

// Serialises with two-space indentation. A container is written on one line
// when it holds no container that itself holds a container and the line stays
// short, so small maps and positions stay compact and large ones diff well.
QByteArray write(const Value &v);

// Serialises on a single line (for JSON Lines and one-object outputs).
QByteArray writeLine(const Value &v);

// The name of a type for messages ("an integer", "a string", ...).
QString describe(const Value &v);

} // namespace goap::json
