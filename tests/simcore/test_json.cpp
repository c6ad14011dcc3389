// The JSON layer under scenario files: parsing, positions, limits, writing.
#include "io/json.h"

#include <QtTest>

using namespace goap;

class TestJson : public QObject
{
    Q_OBJECT

private slots:
    void parsesAndKeepsKeyOrder()
    {
        json::Value v;
        json::ParseError e;
        QVERIFY(json::parse(R"({"b": 1, "a": [true, null, "x\u00e9\n"], "c": -2.5e1})", v, e));
        QCOMPARE(v.object.size(), size_t(3));
        QCOMPARE(v.object[0].first, QStringLiteral("b"));
        QCOMPARE(v.object[1].first, QStringLiteral("a"));
        QCOMPARE(v.find(u"a")->array[2].string, QStringLiteral("xé\n"));
        QCOMPARE(v.find(u"c")->number, -25.0);
        QVERIFY(!v.find(u"c")->integerLiteral);
        QVERIFY(v.find(u"b")->integerLiteral);
        QCOMPARE(v.find(u"b")->integer, qint64(1));
    }

    void integersAreExact()
    {
        json::Value v;
        json::ParseError e;
        QVERIFY(json::parse("[9007199254740993, 99999999999999999999999]", v, e));
        QCOMPARE(v.array[0].integer, qint64(9007199254740993));
        QVERIFY(v.array[1].integerOverflow);
    }

    void surrogatePairs()
    {
        json::Value v;
        json::ParseError e;
        QVERIFY(json::parse(R"(["\ud83c\udf5e"])", v, e));
        QCOMPARE(v.array[0].string, QStringLiteral("🍞"));
        QVERIFY(!json::parse(R"(["\ud83c"])", v, e));
        QVERIFY(e.message.contains(u"surrogate"));
    }

    void errorsCarryPositions_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("missing comma") << QByteArray("{\n  \"a\": 1\n  \"b\": 2\n}") << 3 << 3 << "expected ',' or '}'";
        QTest::newRow("bare word") << QByteArray("{\"a\": yes}") << 1 << 7 << "expected a value";
        QTest::newRow("leading zero") << QByteArray("[01]") << 1 << 3 << "leading zeros";
        QTest::newRow("trailing comma") << QByteArray("[1,]") << 1 << 4 << "expected a value";
        QTest::newRow("control char") << QByteArray("[\"a\tb\"]") << 1 << 4 << "control character";
        QTest::newRow("bad escape") << QByteArray("[\"\\q\"]") << 1 << 4 << "invalid escape";
        QTest::newRow("overlong utf8") << QByteArray("[\"\xC0\xAF\"]") << 1 << 3 << "invalid UTF-8";
        QTest::newRow("empty") << QByteArray("   ") << 1 << 4 << "empty";
        QTest::newRow("nul in string") << QByteArray("[\"\\u0000\"]", 10) << 1 << 9 << "\\u0000";
    }

    void errorsCarryPositions()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, fragment);
        json::Value v;
        json::ParseError e;
        QVERIFY(!json::parse(text, v, e));
        QVERIFY2(e.message.contains(fragment), qPrintable(e.message));
        const auto [l, c] = json::lineColumn(text, e.offset);
        QCOMPARE(l, line);
        QCOMPARE(c, column);
    }

    // The index answers what the one-off scan answers, at every offset of a
    // text with short lines, multi-byte characters and lines longer than its
    // checkpoint stride (a minified file).
    void lineIndexMatchesTheScan()
    {
        QByteArray text = "{\n  \"caf\xC3\xA9\": 1,\n\n\t\"x\": [\xE2\x82\xAC]\r\n";
        for (int i = 0; i < 3 * int(json::LineIndex::kStride) + 17; ++i)
            text += i % 5 == 0 ? "\xC3\xA9" : "a"; // a long line, characters straddling the stride
        text += "\n\nend";
        const json::LineIndex index(text);
        for (qsizetype offset = 0; offset <= text.size(); ++offset)
            QCOMPARE(index.lineColumn(offset), json::lineColumn(text, offset));
        QCOMPARE(index.lineColumn(text.size() + 10), json::lineColumn(text, text.size()));
        QCOMPARE(json::LineIndex(QByteArray()).lineColumn(0), std::make_pair(1, 1));
    }

    void depthIsBounded()
    {
        json::Value v;
        json::ParseError e;
        QVERIFY(json::parse(QByteArray(json::kMaxDepth, '[') + QByteArray(json::kMaxDepth, ']'), v, e));
        const QByteArray deep = QByteArray(100000, '[') + QByteArray(100000, ']');
        QVERIFY(!json::parse(deep, v, e)); // must not overflow the stack
        QVERIFY(e.message.contains(u"nesting"));
    }

    void randomBytesNeverCrash()
    {
        QRandomGenerator rng(7);
        const QByteArray alphabet = "{}[]\":,0123456789-+.eE tfnul\\\"abc\xC3\xA9\n";
        int accepted = 0;
        for (int i = 0; i < 20000; ++i) {
            QByteArray text;
            const int len = int(rng.bounded(40));
            for (int k = 0; k < len; ++k)
                text += rng.bounded(4) ? alphabet[int(rng.bounded(alphabet.size()))] : char(rng.bounded(256));
            json::Value v;
            json::ParseError e;
            if (json::parse(text, v, e)) {
                ++accepted;
                json::Value again;
                QVERIFY(json::parse(json::write(v), again, e)); // whatever parses, writes back parseably
            } else {
                QVERIFY(e.offset >= 0 && e.offset <= text.size());
                QVERIFY(!e.message.isEmpty());
            }
        }
        QVERIFY(accepted > 0);
    }

    void writerIsCompactForSmallContainers()
    {
        json::Value v = json::Value::makeObject();
        json::Value at = json::Value::makeArray();
        at.array.push_back(json::Value::makeInteger(2));
        at.array.push_back(json::Value::makeNumber(3.5));
        v.insert(QStringLiteral("at"), at);
        v.insert(QStringLiteral("name"), json::Value::makeString(QStringLiteral("a \"q\"\n")));
        QCOMPARE(json::write(v), QByteArray("{ \"at\": [2, 3.5], \"name\": \"a \\\"q\\\"\\n\" }\n"));
        json::Value big = json::Value::makeArray();
        for (int i = 0; i < 40; ++i)
            big.array.push_back(json::Value::makeInteger(i));
        QCOMPARE(json::write(big).count('\n'), 42); // too long for one line: one element a line
    }
};

QTEST_GUILESS_MAIN(TestJson)
#include "test_json.moc"
