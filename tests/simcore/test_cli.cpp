// goap-sim as a user runs it: output, JSON and exit codes (SPEC §10).
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
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

    void runWritesTheRecords()
    {
        QTemporaryDir dir;
        const QString report = dir.filePath("r.json"), events = dir.filePath("e.jsonl"), samples = dir.filePath("s.csv");
        const Run r = goapSim({"run", kSource + "/scenarios/town.json", "--days", "2", "--report", report, "--events", events,
                               "--samples", samples});
        QCOMPARE(r.exitCode, 0);
        // The human summary: per character, quotas met at what fraction, needs, waiting.
        QVERIFY(r.out.contains("Town, day 1 (300 s)"));
        QVERIFY(r.out.contains("Town, day 2 (300 s)"));
        QVERIFY(QRegularExpression("Miner +quotas: Mine ore met at \\d+%").match(QString::fromUtf8(r.out)).hasMatch());
        QVERIFY(r.out.contains("Hunger x"));
        QVERIFY(r.out.contains("waiting "));

        QFile rf(report);
        QVERIFY(rf.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(rf.readAll()).object();
        QCOMPARE(o.value("scenario").toString(), QStringLiteral("Town"));
        QCOMPARE(o.value("dayLength").toDouble(), 300.0);
        const QJsonArray days = o.value("days").toArray();
        QCOMPARE(days.size(), 2);
        const QJsonObject miner = days[0].toObject().value("agents").toArray()[0].toObject();
        QCOMPARE(miner.value("id").toString(), QStringLiteral("miner"));
        const QJsonArray goals = miner.value("goals").toArray();
        QCOMPARE(goals[0].toObject().value("kind").toString(), QStringLiteral("quota"));
        QVERIFY(goals[0].toObject().value("metAt").toDouble() > 0);
        QCOMPARE(goals[1].toObject().value("kind").toString(), QStringLiteral("need"));
        QVERIFY(goals[1].toObject().value("satisfied").toInt() >= 1);
        for (const char *phase : {"idle", "walking", "acting", "waiting", "resting"})
            QVERIFY(miner.value("phaseSeconds").toObject().contains(phase));
        for (const char *field : {"plans", "recheckFailures", "goalSwitches"})
            QVERIFY(miner.value(field).isDouble());

        QFile ef(events);
        QVERIFY(ef.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = ef.readAll().split('\n');
        QVERIFY(lines.size() > 100);
        for (const QByteArray &line : lines) {
            if (line.isEmpty()) continue;
            const QJsonObject e = QJsonDocument::fromJson(line).object();
            for (const char *field : {"t", "day", "agent", "kind", "text"})
                QVERIFY2(e.contains(field), line.constData());
        }
        QFile sf(samples);
        QVERIFY(sf.open(QIODevice::ReadOnly));
        QVERIFY(sf.readLine().startsWith("day,t,agent,goal,kind,insistence,progress"));

        // The same file gives the same event log, byte for byte.
        const QString again = dir.filePath("e2.jsonl");
        QCOMPARE(goapSim({"run", kSource + "/scenarios/town.json", "--days", "2", "--events", again}).exitCode, 0);
        QFile af(again);
        QVERIFY(af.open(QIODevice::ReadOnly));
        ef.seek(0);
        QCOMPARE(af.readAll(), ef.readAll());
    }

    void runErrors()
    {
        QCOMPARE(goapSim({"run", kSource + "/scenarios/cook.json", "--days", "0"}).exitCode, 1);
        QCOMPARE(goapSim({"run", kSource + "/scenarios/cook.json", "--days", "x"}).exitCode, 1);
        QCOMPARE(goapSim({"run", kSource + "/tests/data/bad/zero-duration.json"}).exitCode, 2);
        QCOMPARE(goapSim({"run", "/nonexistent/x.json"}).exitCode, 3);
        const Run r = goapSim({"run", kSource + "/scenarios/cook.json", "--report", "/nonexistent/dir/r.json"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains("cannot write /nonexistent/dir/r.json"));
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
