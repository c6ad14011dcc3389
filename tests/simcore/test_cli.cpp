// goap-sim as a user runs it: output, JSON and exit codes (SPEC §10).
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

namespace {
const QString kSource = QStringLiteral(GOAP_SOURCE_DIR);

struct Run
{
    int exitCode = -1;
    QByteArray out, err;
};

Run goapSim(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(GOAP_SIM_BINARY), args);
    if (!p.waitForFinished(60000))
        qFatal("goap-sim did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void cookPlanAsJson()
    {
        const Run r = goapSim({QStringLiteral("plan"), kSource + "/scenarios/cook.json", "--agent", "cook", "--goal", "hunger", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.count('\n'), 1); // one object, one line
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("agent").toString(), QStringLiteral("cook"));
        QCOMPARE(o.value("goal").toString(), QStringLiteral("hunger"));
        QCOMPARE(o.value("found").toBool(), true);
        QCOMPARE(o.value("actions").toArray(), (QJsonArray{"chopWood", "lightFire", "cookMeal", "eatMeal"}));
        QCOMPARE(o.value("cost").toDouble(), 4.0);
        QVERIFY(o.value("expanded").toInt() >= 5);
        QVERIFY(o.value("generated").toInt() >= 4);
        QCOMPARE(r.out.left(32), QByteArray("{ \"agent\": \"cook\", \"goal\": \"hung")); // field order of SPEC §10
    }

    void noPlanExitsFour()
    {
        const Run r = goapSim({"plan", kSource + "/scenarios/smithy.json", "--agent", "blacksmith", "--goal", "forgeTools", "--json"});
        QCOMPARE(r.exitCode, 4);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("found").toBool(), false);
        QCOMPARE(o.value("actions").toArray().size(), 0);
        const Run text = goapSim({"plan", kSource + "/scenarios/smithy.json", "--agent", "blacksmith", "--goal", "forgeTools"});
        QCOMPARE(text.exitCode, 4);
        QVERIFY(text.out.contains("no plan"));
    }

    void planTextListsTheSteps()
    {
        const Run r = goapSim({"plan", kSource + "/scenarios/cook.json", "--agent=cook", "--goal=hunger"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("4 steps, cost 4"));
        QVERIFY(r.out.contains("1. chopWood"));
        QVERIFY(r.out.contains("4. eatMeal"));
    }

    void validateShipped_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : QDir(kSource + "/scenarios").entryList({"*.json"}))
            QTest::newRow(qPrintable(f)) << kSource + "/scenarios/" + f;
    }

    void validateShipped()
    {
        QFETCH(QString, file);
        const Run r = goapSim({"validate", file});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(": valid"));
    }

    void validateBad_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : QDir(kSource + "/tests/data/bad").entryList({"*.json"}))
            QTest::newRow(qPrintable(f)) << kSource + "/tests/data/bad/" + f;
    }

    void validateBad()
    {
        QFETCH(QString, file);
        const Run r = goapSim({"validate", file});
        QCOMPARE(r.exitCode, 2);
        // file:line:col: error: ...
        const QByteArray first = r.err.left(r.err.indexOf('\n'));
        QVERIFY2(QRegularExpression(QStringLiteral("^.+\\.json:\\d+:\\d+: error: ")).match(QString::fromUtf8(first)).hasMatch(), first.constData());
        QVERIFY(r.out.contains("invalid"));
    }

    void usageAndIoErrors()
    {
        QCOMPARE(goapSim({}).exitCode, 1);
        QCOMPARE(goapSim({"frobnicate"}).exitCode, 1);
        QCOMPARE(goapSim({"validate"}).exitCode, 1);
        QCOMPARE(goapSim({"plan", kSource + "/scenarios/cook.json", "--agent", "cook"}).exitCode, 1);
        QCOMPARE(goapSim({"plan", kSource + "/scenarios/cook.json", "--agent", "nobody", "--goal", "hunger"}).exitCode, 1);
        QCOMPARE(goapSim({"validate", kSource + "/scenarios/cook.json", "--bogus"}).exitCode, 1);
        const Run missing = goapSim({"validate", "/nonexistent/x.json"});
        QCOMPARE(missing.exitCode, 3);
        QVERIFY(missing.err.contains("cannot open"));
        QCOMPARE(goapSim({"plan", "/nonexistent/x.json", "--agent", "a", "--goal", "g"}).exitCode, 3);
        QCOMPARE(goapSim({"plan", kSource + "/tests/data/bad/truncated.json", "--agent", "a", "--goal", "g"}).exitCode, 2);
        const Run help = goapSim({"--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("usage: goap-sim"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
