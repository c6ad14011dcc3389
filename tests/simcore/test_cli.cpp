// goap-sim as a user runs it: output, JSON and exit codes (SPEC §10).
#include <QCryptographicHash>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include "io/json.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "planner/compiledscenario.h"
#include "sim/records.h"
#include "sim/simulation.h"
#include "sweep/sweep.h"
#include "tool/hugeheap.h"

#include "goapsim.h"
#include "synthetic.h"
#include "testutil.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace {
using goap::testing::goapSim;
using goap::testing::kSource;
using goap::testing::readAll;
using goap::testing::Run;

// A valid scenario whose `n` actions form one chain (a_k needs what a_{k-1}
// makes): the production chain's longest shape, the worst for dot's ranking.
QByteArray chainFile(int n)
{
    QStringList actions;
    for (int k = 0; k < n; ++k)
        actions << QStringLiteral(R"({ "id": "a%1", "duration": 1, "cost": 1, %2"add": { "agent.f%3": 1 } })")
                       .arg(k)
                       .arg(k ? QStringLiteral(R"("pre": { "agent.f%1": 1 }, )").arg(k) : QString())
                       .arg(k + 1);
    QStringList ids;
    for (int k = 0; k < n; ++k)
        ids << QStringLiteral("\"a%1\"").arg(k);
    return QStringLiteral(R"({ "format": "goap-scenario", "version": 1, "name": "Chain",
      "day": { "length": 60, "tick": 0.1 }, "map": { "width": 20, "height": 12 }, "world": {}, "stations": [],
      "actions": [%1],
      "goals": [ { "id": "g", "kind": "quota", "conditions": { "agent.f%2": 1 }, "urgency": 1 } ],
      "agents": [ { "id": "c", "at": [1, 1], "speed": 1, "facts": {}, "actions": [%3], "goals": [ { "goal": "g" } ] } ] })")
        .arg(actions.join(u','))
        .arg(n)
        .arg(ids.join(u','))
        .toUtf8();
}

bool isCharDevice(const QString &file)
{
    struct stat st;
    return ::stat(QFile::encodeName(file).constData(), &st) == 0 && S_ISCHR(st.st_mode);
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    // The executables put the heap on huge pages (tool/hugeheap.h): with the
    // system's policy `madvise` or `always`, a block allocated after the call
    // lies in a mapping advised `hg` (/proc/self/smaps); GOAP_HUGE_PAGES=0 says no.
    void theHeapIsAdvisedHugePages()
    {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("a sanitizer's allocator serves malloc");
#endif
        QFile policy(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
        if (!policy.open(QIODevice::ReadOnly) || policy.readAll().contains("[never]"))
            QSKIP("transparent huge pages are off on this system");
        qputenv("GOAP_HUGE_PAGES", "0");
        QVERIFY(!goap::tool::useHugeHeap());
        qunsetenv("GOAP_HUGE_PAGES");
        QVERIFY(goap::tool::useHugeHeap());
        const std::unique_ptr<char[]> block(new char[8 << 20]); // 8 MiB: from the heap, not mmap
        const auto at = reinterpret_cast<quintptr>(block.get()) + (4 << 20); // past the first 2 MiB boundary
        QFile smaps(QStringLiteral("/proc/self/smaps"));
        QVERIFY(smaps.open(QIODevice::ReadOnly));
        bool inside = false, advised = false;
        for (const QByteArray &line : smaps.readAll().split('\n')) {
            const int dash = line.indexOf('-'), space = line.indexOf(' ');
            if (dash > 0 && space > dash && !line.left(dash).contains(':')) { // "lo-hi perms ...": a mapping
                const quintptr lo = line.left(dash).toULongLong(nullptr, 16);
                const quintptr hi = line.mid(dash + 1, space - dash - 1).toULongLong(nullptr, 16);
                inside = lo <= at && at < hi;
            } else if (inside && line.startsWith("VmFlags:")) {
                advised = line.contains(" hg");
                break;
            }
        }
        QVERIFY2(advised, "the block's mapping is not advised MADV_HUGEPAGE");
    }

    // Issue #27, 1: a 300-action chain overflowed the stack in dot's network
    // simplex (SIGSEGV, exit 139); the layout now runs on a thread with a
    // large stack. A 500-action chain (1,002 nodes) is refused with the numbers.
    void graphLaysOutLongChainsOrRefusesThem()
    {
        QTemporaryDir dir;
        for (const int n : {300, 500}) {
            const QString file = dir.filePath(QStringLiteral("chain%1.json").arg(n));
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(chainFile(n));
            f.close();
            const QString svg = dir.filePath(QStringLiteral("chain%1.svg").arg(n));
            const Run r = goapSim({QStringLiteral("graph"), file, QStringLiteral("--svg"), svg});
            if (n == 300) {
                QCOMPARE(r.exitCode, 0);
                QVERIFY(readAll(svg).contains("<svg"));
            } else {
                QCOMPARE(r.exitCode, 3);
                QVERIFY2(r.err.contains("1002 nodes") && r.err.contains("at most 800 nodes"), r.err.constData());
                QVERIFY(!QFile::exists(svg));
            }
        }
    }

    // Issue #27, 3: --tree-nodes with --svg is bounded (Graphviz on 100,000 nodes ran for minutes).
    void planSvgTreeNodesAreBounded()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("tree.svg"));
        const QString cook = kSource + QStringLiteral("/scenarios/cook.json");
        Run r = goapSim({QStringLiteral("plan"), cook, QStringLiteral("--agent"), QStringLiteral("cook"),
                         QStringLiteral("--goal"), QStringLiteral("hunger"), QStringLiteral("--svg"), svg,
                         QStringLiteral("--tree-nodes"), QStringLiteral("100000000")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("--tree-nodes is at most 700 with --svg"), r.err.constData());
        QVERIFY(!QFile::exists(svg));
        r = goapSim({QStringLiteral("plan"), cook, QStringLiteral("--agent"), QStringLiteral("cook"),
                     QStringLiteral("--goal"), QStringLiteral("hunger"), QStringLiteral("--svg"), svg});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(readAll(svg).contains("<svg"));
        QVERIFY(goapSim({QStringLiteral("--help")}).out.contains("with --svg 700 at most"));
    }

    void cookPlanAsJson()
    {
        const Run r = goapSim({QStringLiteral("plan"), kSource + "/scenarios/cook.json", "--agent", "cook", "--goal",
                               "hunger", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.count('\n'), 1); // one object, one line
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("agent").toString(), QStringLiteral("cook"));
        QCOMPARE(o.value("goal").toString(), QStringLiteral("hunger"));
        QCOMPARE(o.value("found").toBool(), true);
        QCOMPARE(o.value("actions").toArray(), (QJsonArray {"chopWood", "lightFire", "cookMeal", "eatMeal"}));
        QCOMPARE(o.value("cost").toDouble(), 4.0);
        QVERIFY(o.value("expanded").toInt() >= 5);
        QVERIFY(o.value("generated").toInt() >= 4);
        QCOMPARE(r.out.left(32), QByteArray("{ \"agent\": \"cook\", \"goal\": \"hung")); // field order of SPEC §10
    }

    // Issue #31: for a maximise goal plan --json says what is compared, its
    // value at dawn and at the plan's end, and that the plan is proven best;
    // the text form says the same in words.
    void maximisePlanAsJson()
    {
        const QString file = kSource + "/scenarios/prospector.json";
        const Run r = goapSim({"plan", file, "--agent", "prospector", "--goal", "riches", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("found").toBool(), true);
        QCOMPARE(o.value("kind").toString(), QStringLiteral("maximise"));
        QCOMPARE(o.value("fact").toString(), QStringLiteral("agent.gold"));
        QCOMPARE(o.value("budget").toDouble(), 12.0);
        QCOMPARE(o.value("startValue").toInt(), 0);
        QCOMPARE(o.value("value").toInt(), 8);
        QCOMPARE(o.value("optimal").toBool(), true);
        QCOMPARE(o.value("actions").toArray(), (QJsonArray {"panRiver", "panRiver", "buyPick", "digMine", "digMine"}));
        QCOMPARE(o.value("cost").toDouble(), 11.0);
        QVERIFY(!o.contains("reason"));
        // A need of the same file says none of it.
        const QJsonObject need = QJsonDocument::fromJson(
                                     goapSim({"plan", file, "--agent", "prospector", "--goal", "hunger", "--json"}).out)
                                     .object();
        QVERIFY(!need.contains("startValue") && !need.contains("kind"));
        const Run text = goapSim({"plan", file, "--agent", "prospector", "--goal", "riches"});
        QVERIFY2(text.out.contains("agent.gold: 0 at dawn, 8 at the end (the best within a budget of 12)"),
                 text.out.constData());
    }

    // Issue #14, 2: the search tree of cook's plan, as DOT: as many expanded
    // nodes as plan --json says, exactly the four steps (and the start)
    // highlighted, and Graphviz accepts it.
    void cookSearchTreeAsDot()
    {
        QTemporaryDir dir;
        const QString dotFile = dir.filePath("cook.dot"), svgFile = dir.filePath("cook.svg");
        const Run json
            = goapSim({"plan", kSource + "/scenarios/cook.json", "--agent", "cook", "--goal", "hunger", "--json"});
        const QJsonObject o = QJsonDocument::fromJson(json.out).object();
        const Run r = goapSim({"plan", kSource + "/scenarios/cook.json", "--agent", "cook", "--goal", "hunger", "--dot",
                               dotFile, "--svg", svgFile});
        QCOMPARE(r.exitCode, 0);
        QFile f(dotFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString dot = QString::fromUtf8(f.readAll());
        // Expanded nodes carry their turn, "#k"; every node its g, h and f.
        static const QRegularExpression turn(QStringLiteral("  #(\\d+)\\\\n"));
        QSet<int> turns;
        for (auto it = turn.globalMatch(dot); it.hasNext();)
            turns.insert(it.next().captured(1).toInt());
        QCOMPARE(turns.size(), o.value("expanded").toInt());
        QVERIFY(turns.contains(1) && turns.contains(o.value("expanded").toInt()));
        const QStringList lines = dot.split(u'\n');
        QStringList highlighted; // nodes on the plan's path, in the file's order
        for (const QString &line : lines)
            if (line.contains(u" [label=\"") && line.contains(u"fillcolor=\"#e3f2fd\""))
                highlighted << line.section(u'"', 1, 1).section(QStringLiteral("\\n"), 0, 0);
        QCOMPARE(highlighted, (QStringList {"start", "chopWood", "lightFire", "cookMeal", "eatMeal"}));
        QCOMPARE(dot.count(QStringLiteral("peripheries=2")), 1); // the goal
        QVERIFY(dot.contains(QStringLiteral("(%1 expanded, %2 generated)")
                                 .arg(o.value("expanded").toInt())
                                 .arg(o.value("generated").toInt())));
        QFile svg(svgFile);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        QProcess check; // Graphviz's own dot accepts the file
        check.start(QStringLiteral("dot"),
                    {QStringLiteral("-Tsvg"), dotFile, QStringLiteral("-o"), dir.filePath("again.svg")});
        QVERIFY(check.waitForFinished(30000));
        QCOMPARE(check.exitCode(), 0);
        // No plan: the tree says why, and which condition never held.
        const Run none = goapSim({"plan", kSource + "/scenarios/smithy.json", "--agent", "blacksmith", "--goal",
                                  "forgeTools", "--dot", dotFile});
        QCOMPARE(none.exitCode, 4);
        QFile again(dotFile);
        QVERIFY(again.open(QIODevice::ReadOnly));
        const QByteArray noPlan = again.readAll();
        QVERIFY2(noPlan.contains("no plan: no sequence of actions can ever reach this")
                     && noPlan.contains("never true: world.tools >= 1"),
                 noPlan.constData());
        QVERIFY(goapSim({"plan", kSource + "/scenarios/cook.json", "--agent", "cook", "--goal", "hunger", "--dot",
                         dotFile, "--tree-nodes", "0"})
                    .exitCode
                == 1);
    }

    // Found attacking the CLI: a graph written to a FIFO (or /dev/stdout
    // when it is /dev/null) went through a temporary file renamed over it,
    // which replaced the node itself (as root, /dev/null became a regular
    // file). Outputs that exist and are not regular files are written in place.
    void graphsToAFifoKeepTheFifo()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("out.dot");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const QStringList &args : {QStringList {"graph", kSource + "/scenarios/town.json", "--dot", fifo},
                                        QStringList {"plan", kSource + "/scenarios/cook.json", "--agent", "cook",
                                                     "--goal", "hunger", "--dot", fifo}}) {
            QProcess reader;
            reader.start(QStringLiteral("cat"), {fifo});
            QVERIFY(reader.waitForStarted());
            const Run r = goapSim(args);
            QCOMPARE(r.exitCode, 0);
            QVERIFY(reader.waitForFinished(30000));
            const QByteArray got = reader.readAllStandardOutput();
            QVERIFY2(got.startsWith("digraph"), got.left(40).constData());
            struct stat st
            {
            };
            QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
            QVERIFY2(S_ISFIFO(st.st_mode), qPrintable(args[0]));
        }
    }

    // Issue #31: gripper with 8 balls under `lmcut`, its symmetries reduced
    // (balls and grippers interchangeable): the optimum, 23, found and proven
    // within the default cap of 5,000 expansions, and plan --json says so.
    void lmcutProvesGripperAsJson()
    {
        QTemporaryDir dir;
        goap::Scenario s = goap::testing::gripperScenario(8);
        s.planner.heuristic = goap::PlannerHeuristic::Lmcut;
        const QString file = dir.filePath(QStringLiteral("gripper8.json"));
        QVERIFY(goap::saveScenarioFile(s, file).isEmpty());
        const Run r = goapSim({"plan", file, "--agent", "robot", "--goal", "deliver", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("found").toBool(), true);
        QCOMPARE(o.value("heuristic").toString(), QStringLiteral("lmcut"));
        QCOMPARE(o.value("optimal").toBool(), true);
        QCOMPARE(o.value("cost").toDouble(), 23.0);
        QCOMPARE(o.value("actions").toArray().size(), 23);
        QVERIFY2(o.value("expanded").toInt() <= 5000, r.out.constData());
    }

    void noPlanExitsFour()
    {
        const Run r = goapSim(
            {"plan", kSource + "/scenarios/smithy.json", "--agent", "blacksmith", "--goal", "forgeTools", "--json"});
        QCOMPARE(r.exitCode, 4);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("found").toBool(), false);
        QCOMPARE(o.value("actions").toArray().size(), 0);
        // Nothing the blacksmith can do makes an ingot: proven before any search.
        QCOMPARE(o.value("reason").toString(), QStringLiteral("unreachable"));
        QCOMPARE(o.value("expanded").toInt(), 0);
        QCOMPARE(o.value("heuristic").toString(), QStringLiteral("unmet"));
        QCOMPARE(o.value("optimal").toBool(), true); // a proof that there is none
        const Run text
            = goapSim({"plan", kSource + "/scenarios/smithy.json", "--agent", "blacksmith", "--goal", "forgeTools"});
        QCOMPARE(text.exitCode, 4);
        QVERIFY(text.out.contains("no plan"));
        QVERIFY2(text.out.contains("no sequence of actions can ever reach this"), text.out.constData());
    }

    void aSearchOutOfMemoryIsANoPlanAnswer()
    {
        // The issue's wide search (61 always-applicable actions), with a cap whose
        // memory limit (8 MiB) runs out long before the cap: exit 4, reason memory, no abort.
        QTemporaryDir dir;
        QFile in(kSource + "/tests/fuzz/corpus/wide-61-actions.json");
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        QVERIFY(text.contains("\"maxNodes\": 1000000"));
        text.replace("\"maxNodes\": 1000000", "\"maxNodes\": 900");
        const QString file = dir.filePath("wide.json");
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        const Run r = goapSim({"plan", file, "--agent", "a", "--goal", "g", "--json"});
        QCOMPARE(r.exitCode, 4);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("found").toBool(), false);
        QCOMPARE(o.value("reason").toString(), QStringLiteral("memory"));
        const Run words = goapSim({"plan", file, "--agent", "a", "--goal", "g"});
        QCOMPARE(words.exitCode, 4);
        QVERIFY2(words.out.contains("memory limit of 8 MiB"), words.out.constData());
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
        QVERIFY2(QRegularExpression(QStringLiteral("^.+\\.json:\\d+:\\d+: error: "))
                     .match(QString::fromUtf8(first))
                     .hasMatch(),
                 first.constData());
        QVERIFY(r.out.contains("invalid"));
    }

    void runWritesTheRecords()
    {
        QTemporaryDir dir;
        const QString report = dir.filePath("r.json"), events = dir.filePath("e.jsonl"),
                      samples = dir.filePath("s.csv");
        const Run r = goapSim({"run", kSource + "/scenarios/town.json", "--days", "2", "--report", report, "--events",
                               events, "--samples", samples});
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
            if (line.isEmpty())
                continue;
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

    // Issue #10.9: --days is digits only, 1 to 10000.
    void daysIsAWholeNumber_data()
    {
        QTest::addColumn<QString>("days");
        for (const char *d : {" 5", "5 ", "+3", "0", "-1", "10001", "5x", "0x10", "", "1e2", "99999999999"})
            QTest::newRow(d) << QString::fromLatin1(d);
    }

    void daysIsAWholeNumber()
    {
        QFETCH(QString, days);
        const Run r = goapSim({"run", kSource + "/scenarios/cook.json", "--days", days});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("--days takes a whole number from 1 to 10000"), r.err.constData());
    }

    // Issue #10.9: "--" ends the options, it is no file name.
    void doubleDashEndsTheOptions()
    {
        QTemporaryDir dir;
        const Run alone = goapSim({"validate", "--"});
        QCOMPARE(alone.exitCode, 1);
        QVERIFY(alone.err.contains("validate takes one scenario file"));
        QVERIFY(QFile::copy(kSource + "/scenarios/cook.json", dir.filePath("--odd.json")));
        QDir::setCurrent(dir.path());
        QCOMPARE(goapSim({"validate", "--", "--odd.json"}).exitCode, 0);
        QCOMPARE(goapSim({"run", "--days", "1", "--", "--odd.json"}).exitCode, 0);
        QCOMPARE(goapSim({"validate", "--odd.json"}).exitCode, 1); // without "--" it is an option
    }

    // Issue #10.9: every output is checked before the run; none is written when one cannot be.
    void noRecordIsWrittenWhenOneCannotBe()
    {
        QTemporaryDir dir;
        const QString ok = dir.filePath("ok.json");
        const Run r = goapSim(
            {"run", kSource + "/scenarios/cook.json", "--report", ok, "--events", dir.filePath("nodir/e.jsonl")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.err.contains("cannot write " + dir.filePath("nodir/e.jsonl").toUtf8()));
        QVERIFY(r.out.isEmpty()); // nothing was simulated
        QVERIFY(!QFile::exists(ok));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList()); // no temporary file either
        const Run twice = goapSim({"run", kSource + "/scenarios/cook.json", "--report", ok, "--events", ok});
        QCOMPARE(twice.exitCode, 1);
        QVERIFY(twice.err.contains("name the same file"));
        QCOMPARE(goapSim({"run", kSource + "/scenarios/cook.json", "--report", "-", "--events", "-"}).exitCode, 1);
        // Records thrown away together are not one file mixing two records.
        if (QFileInfo(QStringLiteral("/dev/null")).exists())
            QCOMPARE(
                goapSim({"run", kSource + "/scenarios/cook.json", "--report", "/dev/null", "--events", "/dev/null"})
                    .exitCode,
                0);
        QCOMPARE(goapSim({"run", kSource + "/scenarios/cook.json", "--report", dir.path()}).exitCode, 3);
    }

    // Review: two outputs that reach one file through a link that does not
    // lead anywhere yet, or through a linked folder, are one file: refused,
    // not one record lost under the other with exit 0.
    void oneFileBehindALinkIsRefused()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::link(dir.filePath("e.jsonl"), dir.filePath("dangling")));
        QVERIFY(QDir(dir.path()).mkdir("d"));
        QVERIFY(QFile::link(dir.filePath("d"), dir.filePath("linked")));
        const Run viaLink = goapSim({"run", kSource + "/scenarios/cook.json", "--events", dir.filePath("e.jsonl"),
                                     "--report", dir.filePath("dangling")});
        QCOMPARE(viaLink.exitCode, 1);
        QVERIFY2(viaLink.err.contains("name the same file"), viaLink.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("e.jsonl")));
        const Run viaFolder = goapSim({"run", kSource + "/scenarios/cook.json", "--events", dir.filePath("d/e.jsonl"),
                                       "--report", dir.filePath("linked/e.jsonl")});
        QCOMPARE(viaFolder.exitCode, 1);
        QVERIFY2(viaFolder.err.contains("name the same file"), viaFolder.err.constData());
    }

    // Review: a record named like the scenario (by any spelling) replaced
    // the scenario with the record of its run, exit 0.
    void aRecordNeverOverwritesTheScenario()
    {
        QTemporaryDir dir;
        const QString scenario = dir.filePath("cook.json");
        QVERIFY(QFile::copy(kSource + "/scenarios/cook.json", scenario));
        const QByteArray before = readAll(scenario);
        QVERIFY(QFile::link(scenario, dir.filePath("link.json")));
        for (const QString &option :
             {QStringLiteral("--report"), QStringLiteral("--events"), QStringLiteral("--samples")}) {
            for (const QString &name : {scenario, dir.path() + "/./cook.json", dir.filePath("link.json")}) {
                const Run r = goapSim({"run", scenario, option, name});
                QCOMPARE(r.exitCode, 1);
                QVERIFY2(r.err.contains("would overwrite the scenario file"), r.err.constData());
                QCOMPARE(readAll(scenario), before);
            }
        }
    }

    // Review: an option given twice (the first one was lost in silence), an
    // empty file name (Qt's "No file name specified" warning) and "-x" (read
    // as a file) are usage errors that say so.
    void optionMistakesAreUsageErrors()
    {
        QTemporaryDir dir;
        const Run twice = goapSim({"run", kSource + "/scenarios/cook.json", "--events", dir.filePath("a.jsonl"),
                                   "--events", dir.filePath("b.jsonl")});
        QCOMPARE(twice.exitCode, 1);
        QVERIFY2(twice.err.contains("--events is given twice"), twice.err.constData());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList());
        QCOMPARE(goapSim({"run", kSource + "/scenarios/cook.json", "--days=2", "--days", "3"}).exitCode, 1);
        for (const QString &command : {QStringLiteral("validate"), QStringLiteral("run"), QStringLiteral("format")}) {
            const Run empty = goapSim({command, ""});
            QCOMPARE(empty.exitCode, 1);
            QVERIFY2(empty.err.contains("an empty file name was given"), empty.err.constData());
            QVERIFY2(!empty.err.contains("QFSFileEngine"), empty.err.constData());
            const Run dash = goapSim({command, "-x"});
            QCOMPARE(dash.exitCode, 1);
            QVERIFY2(dash.err.contains("unknown option '-x'"), dash.err.constData());
        }
    }

    // Issue #10.7: a FIFO, a device or a directory is no scenario: refused at
    // once (a FIFO with no writer used to block for ever), for every command.
    void nonRegularInputsAreRefused_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::newRow("validate") << QStringList {"validate"};
        QTest::newRow("plan") << QStringList {"plan", "--agent", "a", "--goal", "g"};
        QTest::newRow("run") << QStringList {"run"};
        QTest::newRow("format") << QStringList {"format"};
    }

    void nonRegularInputsAreRefused()
    {
        QFETCH(QStringList, command);
        QTemporaryDir dir;
        const QString fifo = dir.filePath("scenario.json");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const auto &[input, kind] :
             {std::pair {fifo, QByteArray("a FIFO")}, std::pair {dir.path(), QByteArray("a directory")},
              std::pair {QStringLiteral("/dev/null"), QByteArray("a character device")}}) {
            QStringList args = command;
            args.insert(1, input);
            const Run r = goapSim(args);
            QCOMPARE(r.exitCode, 3);
            QVERIFY2(r.err.contains(kind + ", not a regular file"), r.err.constData());
        }
    }

    // Issue #10.8: an oversize file is reported with its real size.
    void oversizeSaysTheRealSize()
    {
        QTemporaryDir dir;
        QFile big(dir.filePath("big.json"));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(20 * 1024 * 1024));
        big.close();
        const Run r = goapSim({"validate", big.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("the file is 20.0 MiB (20971520 bytes); scenario files are at most 16 MiB"),
                 r.err.constData());
        // The reader itself (the editor and the C API read through it) says the same.
        const goap::ReadResult read = goap::readScenarioFile(big.fileName());
        QCOMPARE(read.issues.size(), 1);
        QCOMPARE(read.issues[0].message,
                 QStringLiteral("the file is 20.0 MiB (20971520 bytes); scenario files are at most 16 MiB"));
        // What arrives without a file system size (a pipe) is cut at the limit and said so.
        const goap::ReadResult bytes = goap::readScenario(QByteArray(17 * 1024 * 1024, ' '));
        QVERIFY(!bytes.ok());
    }

    // Issue #10.6: "-" streams a record to standard output; the summary then
    // goes to standard error, so the output is the record alone.
    void recordsToStandardOutput()
    {
        QTemporaryDir dir;
        const QString events = dir.filePath("e.jsonl");
        const Run file = goapSim({"run", kSource + "/scenarios/town.json", "--events", events});
        QCOMPARE(file.exitCode, 0);
        const Run piped = goapSim({"run", kSource + "/scenarios/town.json", "--events", "-"});
        QCOMPARE(piped.exitCode, 0);
        QCOMPARE(piped.out, readAll(events));
        QCOMPARE(piped.err, file.out); // the summary
        const Run report = goapSim({"run", kSource + "/scenarios/town.json", "--report", "-"});
        QCOMPARE(report.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(report.out).object().value("scenario").toString(), QStringLiteral("Town"));
    }

    // Issue #10.6: a device is written in place, never replaced by a renamed
    // temporary file, and its write errors are I/O errors.
    void devicesAreWrittenInPlace()
    {
        QTemporaryDir dir;
        const QString full = dir.filePath("full"), null = dir.filePath("null");
        if (::mknod(QFile::encodeName(full).constData(), S_IFCHR | 0600, makedev(1, 7)) != 0
            || ::mknod(QFile::encodeName(null).constData(), S_IFCHR | 0600, makedev(1, 3)) != 0)
            QSKIP("mknod needs root");
        const Run toNull
            = goapSim({"run", kSource + "/scenarios/town.json", "--report", null, "--events", dir.filePath("e.jsonl")});
        QCOMPARE(toNull.exitCode, 0);
        QVERIFY(isCharDevice(null));
        const Run toFull
            = goapSim({"run", kSource + "/scenarios/town.json", "--events", full, "--report", dir.filePath("r.json")});
        QCOMPARE(toFull.exitCode, 3);
        QVERIFY2(toFull.err.contains("cannot write " + full.toUtf8() + ": No space left on device"),
                 toFull.err.constData());
        QVERIFY(isCharDevice(full));
        QVERIFY(!QFile::exists(dir.filePath("r.json"))); // the other record is not committed
    }

    // Issue #10.5: records are streamed as the run goes, and what is streamed
    // is byte for byte what the whole run's records would be.
    void streamedRecordsEqualTheWholeRun()
    {
        QTemporaryDir dir;
        const QString report = dir.filePath("r.json"), events = dir.filePath("e.jsonl"),
                      samples = dir.filePath("s.csv");
        const Run r = goapSim({"run", kSource + "/scenarios/hospital.json", "--days", "3", "--report", report,
                               "--events", events, "--samples", samples});
        QCOMPARE(r.exitCode, 0);
        const goap::ReadResult read = goap::readScenarioFile(kSource + "/scenarios/hospital.json");
        QVERIFY(read.ok());
        const auto c = std::make_shared<const goap::CompiledScenario>(goap::compile(*read.scenario));
        goap::sim::Simulation sim(c);
        sim.runDays(3);
        QCOMPARE(readAll(report), goap::sim::reportJson(*c, read.scenario->name, sim.reports()));
        QCOMPARE(readAll(events), goap::sim::eventsJsonl(*c, sim.events()));
        QCOMPARE(readAll(samples), goap::sim::samplesCsv(*c, sim.samples()));
    }

    // Issue #11: goap-sim links no QtGui; run --plot hands the run to goap-plot
    // next to it (tests/editor/test_charts.cpp), and where there is none it
    // says the exact goap-plot command, as a usage error, writing nothing.
    void plotWithoutGoapPlotNextToIt()
    {
        QTemporaryDir bin, out;
        const QString alone = bin.filePath(QStringLiteral("goap-sim"));
        QVERIFY(QFile::copy(QStringLiteral(GOAP_SIM_BINARY), alone));
        QVERIFY(!QFile::exists(bin.filePath(QStringLiteral("goap-plot"))));
        const QString town = kSource + "/scenarios/town.json";
        const QString png = out.filePath(QStringLiteral("my chart.png")),
                      report = out.filePath(QStringLiteral("r.json"));
        QProcess p;
        p.start(alone,
                {"run", town, "--plot", png, "--plot-size", "800x600", "--days", "2", "--report", report,
                 "--plot-scale", "2"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.startsWith("goap-sim: --plot is drawn by goap-plot, which is not next to goap-sim; run:\n"),
                 err.constData());
        const QString line
            = QStringLiteral("\n  goap-plot %1 --output '%2' --days 2 --size 800x600 --scale 2 --report %3\n")
                  .arg(town, png, report);
        QVERIFY2(QString::fromLocal8Bit(err).endsWith(line), err.constData());
        QCOMPARE(p.readAllStandardOutput(), QByteArray()); // nothing was run
        QCOMPARE(QDir(out.path()).entryList(QDir::Files), QStringList());

        // A file named like an option goes after "--"; a quote inside a name is kept.
        p.setWorkingDirectory(out.path());
        p.start(alone, {"run", "--plot", "it's.pdf", "--", "-odd.json"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(p.readAllStandardError().endsWith("\n  goap-plot --output 'it'\\''s.pdf' -- -odd.json\n"), "quoted");

        // goap-sim's own mistakes come first, as before.
        QCOMPARE(goapSim({"run", town, "--plot-size", "800x600"}).exitCode, 1);
        const Run days = goapSim({"run", town, "--plot", png, "--days", "0"});
        QCOMPARE(days.exitCode, 1);
        QVERIFY2(days.err.contains("--days takes a whole number"), days.err.constData());
        // A plot of more days than can be read (and than memory should hold for it) is refused at once.
        for (const char *many : {"31", "10000"}) {
            const Run tooMany = goapSim({"run", town, "--plot", png, "--days", many});
            QCOMPARE(tooMany.exitCode, 1);
            QVERIFY2(tooMany.err.startsWith("goap-sim: a plot draws at most 30 days side by side, and --days is "
                                            + QByteArray(many)),
                     tooMany.err.constData());
        }
        QCOMPARE(QDir(out.path()).entryList(QDir::Files), QStringList());
        const Run help = goapSim({"--help"});
        QVERIFY(help.out.contains("--plot hands the run to goap-plot"));
    }

    void usageAndIoErrors()
    {
        QCOMPARE(goapSim({}).exitCode, 1);
        QCOMPARE(goapSim({"frobnicate"}).exitCode, 1);
        QCOMPARE(goapSim({"validate"}).exitCode, 1);
        QCOMPARE(goapSim({"plan", kSource + "/scenarios/cook.json", "--agent", "cook"}).exitCode, 1);
        QCOMPARE(goapSim({"plan", kSource + "/scenarios/cook.json", "--agent", "nobody", "--goal", "hunger"}).exitCode,
                 1);
        QCOMPARE(goapSim({"validate", kSource + "/scenarios/cook.json", "--bogus"}).exitCode, 1);
        const Run missing = goapSim({"validate", "/nonexistent/x.json"});
        QCOMPARE(missing.exitCode, 3);
        QVERIFY(missing.err.contains("cannot open"));
        QCOMPARE(goapSim({"plan", "/nonexistent/x.json", "--agent", "a", "--goal", "g"}).exitCode, 3);
        QCOMPARE(goapSim({"plan", kSource + "/tests/data/bad/truncated.json", "--agent", "a", "--goal", "g"}).exitCode,
                 2);
        const Run help = goapSim({"--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("usage: goap-sim"));
    }

    // Issue #32, 3: every subcommand answers --help (and -h) with its own
    // usage on standard output, exit 0, before it checks anything else; plan's
    // lists the search tree's options. After '--', "--help" is a file name.
    void everySubcommandHasHelp_data()
    {
        QTest::addColumn<QString>("command");
        for (const char *c : {"validate", "plan", "run", "format", "sweep", "sweep-merge", "diff", "graph"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void everySubcommandHasHelp()
    {
        QFETCH(QString, command);
        for (const char *flag : {"--help", "-h"}) {
            const Run help = goapSim({command, QString::fromLatin1(flag)});
            QCOMPARE(help.exitCode, 0);
            QVERIFY2(help.out.startsWith("usage: goap-sim " + command.toUtf8() + ' '), help.out.constData());
            QVERIFY(help.err.isEmpty());
            // Its entry is the one in goap-sim --help: the two cannot drift apart.
            const QByteArray synopsis = help.out.mid(16, help.out.indexOf('\n') - 16);
            QVERIFY(goapSim({"--help"}).out.contains("  " + synopsis + '\n'));
        }
        // Help wins over the options that would be wrong without it.
        QCOMPARE(goapSim({command, "--no-such-option", "--help"}).exitCode, 0);
        QCOMPARE(goapSim({command, "--", "--help"}).exitCode == 0, false);
    }
    void planHelpListsTheTreeOptions()
    {
        const Run help = goapSim({"plan", "--help"});
        for (const char *option :
             {"--agent ID", "--goal ID", "--json", "--dot T.dot", "--svg T.svg", "--tree-depth D", "--tree-nodes N"})
            QVERIFY2(help.out.contains(QByteArray("\n  ") + option), option);
    }

    // Issue #32, 5: a sweep's results say what made them: beside
    // RESULTS.csv, RESULTS.meta.json with the tool's version, the SHA-256 of
    // the sweep file and of the scenario, and each varied path's readable
    // name; the same from every shard; refused when it is another sweep's.
    void sweepResultsExplainThemselves()
    {
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("town.json"));
        QVERIFY(QFile::copy(kSource + QStringLiteral("/scenarios/town.json"), scenario));
        const QString sweepFile = dir.filePath(QStringLiteral("town.sweep.json"));
        const QByteArray sweepBytes = R"({ "scenario": "town.json", "days": 1, "vary": [
                 { "path": "agents[5].goals[0].urgency", "values": [0.5, 1] },
                 { "path": "agents[3].speed", "values": [1, 2] } ] })";
        QFile f(sweepFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(sweepBytes);
        f.close();
        const QString out = dir.filePath(QStringLiteral("out"));
        for (const char *shard : {"1/2", "2/2"})
            QCOMPARE(goapSim({"sweep", sweepFile, "--out", out, "--shard", shard, "--jobs", "1"}).exitCode, 0);
        const QString results = dir.filePath(QStringLiteral("results.csv"));
        QCOMPARE(goapSim({"sweep-merge", out, "--output", results}).exitCode, 0);
        QFile metaFile(dir.filePath(QStringLiteral("results.meta.json")));
        QVERIFY(metaFile.open(QIODevice::ReadOnly));
        const QJsonObject meta = QJsonDocument::fromJson(metaFile.readAll()).object();
        QCOMPARE(meta.value("tool").toString(), QStringLiteral("goap-sim"));
        QCOMPARE(meta.value("version").toString(), QStringLiteral(GOAP_VERSION));
        const auto sha = [](const QString &file) {
            QFile in(file);
            return in.open(QIODevice::ReadOnly)
                ? QString::fromLatin1(QCryptographicHash::hash(in.readAll(), QCryptographicHash::Sha256).toHex())
                : QString();
        };
        QCOMPARE(meta.value("sweep").toObject().value("sha256").toString(), sha(sweepFile));
        QCOMPARE(meta.value("sweep").toObject().value("file").toString(), QStringLiteral("town.sweep.json"));
        QCOMPARE(meta.value("scenario").toObject().value("sha256").toString(), sha(scenario));
        QCOMPARE(meta.value("variants").toInt(), 4);
        const QJsonArray parameters = meta.value("parameters").toArray();
        QCOMPARE(parameters.size(), 2);
        QCOMPARE(parameters[0].toObject().value("path").toString(), QStringLiteral("agents[5].goals[0].urgency"));
        QCOMPARE(parameters[0].toObject().value("name").toString(), QStringLiteral("baker.bakeQuota.urgency"));
        QCOMPARE(parameters[1].toObject().value("name").toString(), QStringLiteral("farmer.speed"));
        // No folder of this machine in it: the same bytes wherever the sweep ran.
        QVERIFY(!meta.contains(QStringLiteral("path")));
        metaFile.seek(0);
        QVERIFY(!metaFile.readAll().contains(dir.path().toUtf8()));

        // Another sweep's sidecar among the shards is not passed off as theirs.
        QFile foreign(out + QStringLiteral("/sweep.meta.json"));
        QVERIFY(foreign.open(QIODevice::WriteOnly | QIODevice::Truncate));
        foreign.write(R"({ "identity": "0123456789abcdef" })");
        foreign.close();
        const QString other = dir.filePath(QStringLiteral("other.csv"));
        const Run merge = goapSim({"sweep-merge", out, "--output", other});
        QCOMPARE(merge.exitCode, 0);
        QVERIFY2(merge.err.contains("another sweep"), merge.err.constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("other.meta.json"))));
    }
    void readableParameterNames()
    {
        goap::json::Value town;
        goap::json::ParseError error;
        QVERIFY(
            goap::json::parse(goap::testing::readAll(kSource + QStringLiteral("/scenarios/town.json")), town, error));
        const goap::json::Value *doc = &town;
        using goap::sweep::readableName;
        QCOMPARE(readableName(*doc, QStringLiteral("agents[5].goals[0].urgency")),
                 QStringLiteral("baker.bakeQuota.urgency"));
        QCOMPARE(readableName(*doc, QStringLiteral("agents[0].speed")), QStringLiteral("miner.speed"));
        QCOMPARE(readableName(*doc, QStringLiteral("planner.costWeight")), QStringLiteral("planner.costWeight"));
        QCOMPARE(readableName(*doc, QStringLiteral("world[\"bread\"]")), QStringLiteral("world[\"bread\"]"));
        QCOMPARE(readableName(*doc, QStringLiteral("agents[99].speed")), QStringLiteral("agents[99].speed"));
    }

    // Issue #15, 1: sweeps run every variant, the same whatever the sharding
    // and the threads; bad paths and values are refused before anything runs;
    // merge refuses missing shards.
    // Issue #27, 4: the variants are counted before any axis's values are
    // made (300 axes of 100,000 steps took 3 GB and aborted).
    // Issue #27, 7: no output replaces the scenario or another output.
    void outputsNeverReplaceTheScenarioOrEachOther()
    {
        QTemporaryDir dir;
        const QString c = dir.filePath(QStringLiteral("c.json"));
        QVERIFY(QFile::copy(kSource + QStringLiteral("/scenarios/cook.json"), c));
        const QByteArray before = readAll(c);
        const QString x = dir.filePath(QStringLiteral("x"));
        const struct
        {
            QStringList args;
            const char *why;
        } cases[] = {
            {{"graph", c, "--dot", c}, "--dot "},
            {{"graph", c, "--svg", dir.filePath(QStringLiteral("./c.json"))}, "would overwrite the scenario file"},
            {{"plan", c, "--agent", "cook", "--goal", "hunger", "--dot", c}, "would overwrite the scenario file"},
            {{"plan", c, "--agent", "cook", "--goal", "hunger", "--svg", c}, "would overwrite the scenario file"},
            {{"graph", c, "--dot", x, "--svg", x}, "--dot and --svg name the same file"},
            {{"graph", c, "--dot", "-", "--svg", "-"}, "only one output can go to standard output"},
        };
        for (const auto &k : cases) {
            const Run r = goapSim(k.args);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(k.why), r.err.constData());
            QCOMPARE(readAll(c), before);
            QVERIFY(!QFile::exists(x));
        }
    }

    // Issue #27, 9: standard output is flushed and checked; '-' is standard output for every command.
    void standardOutputErrorsAreNotLost()
    {
        const QString cook = kSource + QStringLiteral("/scenarios/cook.json");
        const auto toFull = [](const QStringList &args) {
            QProcess p;
            p.setStandardOutputFile(QStringLiteral("/dev/full"));
            p.start(QStringLiteral(GOAP_SIM_BINARY), args);
            p.waitForFinished(60000);
            return Run {p.exitCode(), {}, p.readAllStandardError()};
        };
        for (const QStringList &args : {QStringList {"plan", cook, "--agent", "cook", "--goal", "hunger", "--json"},
                                        QStringList {"validate", cook}, QStringList {"graph", cook, "--dot", "-"},
                                        QStringList {"run", cook, "--events", "-"}}) {
            const Run r = toFull(args);
            QCOMPARE(r.exitCode, 3);
            QVERIFY2(r.err.contains("cannot write"), r.err.constData());
        }
        QTemporaryDir dir;
        QVERIFY(QFile::copy(cook, dir.filePath(QStringLiteral("cook.json"))));
        QFile f(dir.filePath(QStringLiteral("s.sweep.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({ "scenario": "cook.json", "vary": [ { "path": "agents[0].speed", "values": [1, 2] } ] })");
        f.close();
        QCOMPARE(goapSim({"sweep", f.fileName(), "--out", dir.filePath(QStringLiteral("out"))}).exitCode, 0);
        QVERIFY(QDir::setCurrent(dir.path()));
        const Run merged = goapSim({"sweep-merge", dir.filePath(QStringLiteral("out")), "--output", "-"});
        QVERIFY(QDir::setCurrent(kSource));
        QCOMPARE(merged.exitCode, 0);
        QVERIFY(merged.out.startsWith("variant,agents[0].speed,"));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("-")))); // not a file named '-'
        QCOMPARE(toFull({"sweep-merge", dir.filePath(QStringLiteral("out")), "--output", "-"}).exitCode, 3);

        // Standard output closed by the caller: a record for it is refused before the run, and nothing is
        // written (the other record neither).
        const QString events = dir.filePath(QStringLiteral("e.jsonl"));
        QProcess closed;
        closed.start(QStringLiteral("/bin/sh"),
                     {"-c",
                      QStringLiteral("exec \"$0\" run \"$1\" --days 200 --report - "
                                     "--events \"$2\" >&-"),
                      QStringLiteral(GOAP_SIM_BINARY), cook, events});
        QVERIFY(closed.waitForFinished(60000));
        QCOMPARE(closed.exitCode(), 3);
        const QByteArray why = closed.readAllStandardError();
        QVERIFY2(why.contains("cannot write standard output: it is closed"), why.constData());
        QVERIFY(!QFile::exists(events));
    }

    // Issue #27, 10: numbers as written, NaN refused where it is read.
    void messagesSayTheNumbersAsWritten()
    {
        QTemporaryDir dir;
        QByteArray cook = readAll(kSource + QStringLiteral("/scenarios/cook.json"));
        cook.replace("\"maxNodes\": 5000", "\"maxNodes\": 1000001");
        QFile f(dir.filePath(QStringLiteral("c.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(cook);
        f.close();
        const Run r = goapSim({"validate", f.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("at most 1000000, got 1000001"), r.err.constData());
        const Run nan = goapSim({"run", kSource + QStringLiteral("/scenarios/cook.json"), "--plot",
                                 dir.filePath(QStringLiteral("p.png")), "--plot-scale", "nan"});
        QCOMPARE(nan.exitCode, 1);
        QVERIFY2(nan.err.contains("--scale takes a number from 0.25 to 8"), nan.err.constData());
    }

    void aSweepOfTooManyVariantsIsRefusedAtOnce()
    {
        QTemporaryDir dir;
        QVERIFY(
            QFile::copy(kSource + QStringLiteral("/scenarios/cook.json"), dir.filePath(QStringLiteral("cook.json"))));
        QStringList axes;
        for (int k = 0; k < 300; ++k)
            axes << QStringLiteral(R"({ "path": "planner.costWeight", "from": 0, "to": 1, "steps": 100000 })");
        QFile f(dir.filePath(QStringLiteral("huge.sweep.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(R"({ "scenario": "cook.json", "vary": [%1] })").arg(axes.join(u',')).toUtf8());
        f.close();
        const Run r = goapSim({"sweep", f.fileName(), "--out", dir.filePath(QStringLiteral("out"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("vary[1]: more than 1000000 variants: the axes up to this one make 100000 x 100000"),
                 r.err.constData());
    }

    // Issue #27, 5 and 6: a merge refuses what is not one whole sweep, and a
    // sweep writes a FIFO or a device in place.
    void mergeRefusesWhatIsNotOneWholeSweep()
    {
        QTemporaryDir dir;
        QVERIFY(
            QFile::copy(kSource + QStringLiteral("/scenarios/cook.json"), dir.filePath(QStringLiteral("cook.json"))));
        const auto sweepFile = [&](const QString &name, const char *values) {
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::WriteOnly))
                return QString();
            f.write(QByteArray(R"({ "scenario": "cook.json", "vary": [ { "path": "agents[0].speed", "values": )")
                    + values + " } ] }");
            return f.fileName();
        };
        const QString sweep = sweepFile(QStringLiteral("a.sweep.json"), "[1, 2, 3, 4, 5, 6]");
        const QString other = sweepFile(QStringLiteral("b.sweep.json"), "[1, 2, 3, 4, 5, 7]");
        const auto fresh = [&](const QString &name) {
            const QString out = dir.filePath(name);
            for (const char *k : {"1/2", "2/2"})
                if (goapSim({"sweep", sweep, "--out", out, "--shard", k, "--jobs", "1"}).exitCode != 0)
                    return QString();
            return out;
        };
        const auto merge = [&](const QString &parts) {
            return goapSim({"sweep-merge", parts, "--output", dir.filePath(QStringLiteral("merged.csv"))});
        };
        const auto refused = [&](const Run &r, const char *why) {
            if (r.exitCode != 2 || !r.err.contains(why))
                qWarning("exit %d: %s", r.exitCode, r.err.constData());
            return r.exitCode == 2 && r.err.contains(why);
        };
        const QString good = fresh(QStringLiteral("good"));
        QCOMPARE(merge(good).exitCode, 0);
        QCOMPARE(readAll(dir.filePath(QStringLiteral("merged.csv"))).count('\n'), 7); // header + 6 variants
        const auto edit = [&](const QString &parts, int shard, const std::function<QByteArray(QByteArray)> &change) {
            const QString file = parts + QStringLiteral("/results-%1-of-2.csv").arg(shard);
            const QByteArray bytes = change(readAll(file));
            QFile f(file);
            return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
        };
        // A row deleted: 5 of 6 variants.
        QString parts = fresh(QStringLiteral("deleted"));
        QVERIFY(edit(parts, 2, [](QByteArray b) { return b.left(b.lastIndexOf('\n', b.size() - 2) + 1); }));
        QVERIFY(refused(merge(parts), "stops before variant 5 of 6"));
        // A header-only shard.
        parts = fresh(QStringLiteral("headeronly"));
        QVERIFY(edit(parts, 1, [](QByteArray b) { return b.left(b.indexOf('\n', b.indexOf('\n') + 1) + 1); }));
        QVERIFY(refused(merge(parts), "stops before variant 0 of 6"));
        // A shard of another sweep with the same columns.
        parts = fresh(QStringLiteral("mixed"));
        QCOMPARE(goapSim({"sweep", other, "--out", parts, "--shard", "2/2"}).exitCode, 0);
        QVERIFY(refused(merge(parts), "belongs to another sweep"));
        // A row with an extra column.
        parts = fresh(QStringLiteral("extra"));
        QVERIFY(edit(parts, 1, [](QByteArray b) { return b.replace(b.lastIndexOf('\n'), 1, ",1\n"); }));
        QVERIFY(refused(merge(parts), "fields where the header has"));
        // No identity line: not written by goap-sim sweep.
        parts = fresh(QStringLiteral("anonymous"));
        QVERIFY(edit(parts, 1, [](QByteArray b) { return b.mid(b.indexOf('\n') + 1); }));
        QVERIFY(refused(merge(parts), "was not written by goap-sim sweep"));
        // A shard that is a link to /dev/zero is never read.
        parts = fresh(QStringLiteral("device"));
        QVERIFY(QFile::remove(parts + QStringLiteral("/results-2-of-2.csv")));
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), parts + QStringLiteral("/results-2-of-2.csv")));
        QVERIFY(refused(merge(parts), "is not a regular file"));
        // Absurd shard counts: a short message at once.
        const QString lone = dir.filePath(QStringLiteral("lone"));
        QVERIFY(QDir().mkpath(lone));
        QVERIFY(QFile::copy(good + QStringLiteral("/results-1-of-2.csv"),
                            lone + QStringLiteral("/results-1-of-2000000000.csv")));
        QVERIFY(refused(merge(lone), "a sweep has at most 1000000 shards"));
        QVERIFY(QFile::remove(lone + QStringLiteral("/results-1-of-2000000000.csv")));
        QVERIFY(QFile::copy(good + QStringLiteral("/results-1-of-2.csv"),
                            lone + QStringLiteral("/results-1-of-900000.csv")));
        const Run many = merge(lone);
        QVERIFY(refused(many, "shard(s) 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 899989 more of 900000 missing"));
        QVERIFY(many.err.size() < 300);

        // Item 6: the shard file is a FIFO: written in place, still a FIFO after.
        const QString fifoDir = dir.filePath(QStringLiteral("fifo"));
        QVERIFY(QDir().mkpath(fifoDir));
        const QString fifo = fifoDir + QStringLiteral("/results-1-of-1.csv");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QProcess reader;
        reader.start(QStringLiteral("cat"), {fifo});
        QVERIFY(reader.waitForStarted());
        QCOMPARE(goapSim({"sweep", sweep, "--out", fifoDir}).exitCode, 0);
        QVERIFY(reader.waitForFinished(30000));
        QVERIFY(reader.readAllStandardOutput().startsWith("# goap-sweep "));
        struct stat st;
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        // A link to /dev/null stays a link to the device.
        const QString nullDir = dir.filePath(QStringLiteral("null"));
        QVERIFY(QDir().mkpath(nullDir));
        QVERIFY(QFile::link(QStringLiteral("/dev/null"), nullDir + QStringLiteral("/results-1-of-1.csv")));
        QCOMPARE(goapSim({"sweep", sweep, "--out", nullDir}).exitCode, 0);
        QVERIFY(QFileInfo(nullDir + QStringLiteral("/results-1-of-1.csv")).isSymLink());
        QVERIFY(isCharDevice(QStringLiteral("/dev/null")));
    }

    void sweepsAreTheSameWhateverTheSharding()
    {
        QTemporaryDir dir;
        QVERIFY(
            QFile::copy(kSource + QStringLiteral("/scenarios/town.json"), dir.filePath(QStringLiteral("town.json"))));
        const QString sweep = dir.filePath(QStringLiteral("town.sweep.json"));
        QFile f(sweep);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ \"scenario\": \"town.json\", \"days\": 1, \"vary\": ["
                " { \"path\": \"agents[5].goals[0].urgency\", \"values\": [0.5, 2] },"
                " { \"path\": \"agents[0].speed\", \"from\": 1, \"to\": 3, \"steps\": 3 },"
                " { \"path\": \"world[\\\"tools\\\"]\", \"values\": [0, 2] } ] }");
        f.close();
        const QString all = dir.filePath(QStringLiteral("all")), parts = dir.filePath(QStringLiteral("parts"));
        QCOMPARE(goapSim({"sweep", sweep, "--out", all, "--jobs", "1"}).exitCode, 0);
        QCOMPARE(goapSim({"sweep", sweep, "--out", parts, "--shard", "1/3", "--jobs", "2"}).exitCode, 0);
        QCOMPARE(goapSim({"sweep", sweep, "--out", parts, "--shard", "3/3"}).exitCode, 0);
        // Shard 2 is missing: merge says so and writes nothing.
        const QString merged = dir.filePath(QStringLiteral("merged.csv"));
        const Run missing = goapSim({"sweep-merge", parts, "--output", merged});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("shard(s) 2 of 3 missing"), missing.err.constData());
        QVERIFY(!QFile::exists(merged));
        QProcess slurm; // the Slurm way: K and N from the job array
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SLURM_ARRAY_TASK_ID"), QStringLiteral("2"));
        env.insert(QStringLiteral("SLURM_ARRAY_TASK_COUNT"), QStringLiteral("3"));
        slurm.setProcessEnvironment(env);
        slurm.start(QStringLiteral(GOAP_SIM_BINARY), {"sweep", sweep, "--out", parts, "--shard", "auto"});
        QVERIFY(slurm.waitForFinished(60000));
        QCOMPARE(slurm.exitCode(), 0);
        QCOMPARE(goapSim({"sweep-merge", parts, "--output", merged}).exitCode, 0);
        const QString one = dir.filePath(QStringLiteral("one.csv"));
        QCOMPARE(goapSim({"sweep-merge", all, "--output", one}).exitCode, 0);
        const QByteArray csv = readAll(one);
        QCOMPARE(readAll(merged), csv);
        const QList<QByteArray> lines = csv.trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 2 * 3 * 2);
        QVERIFY(lines[0].startsWith(
            "variant,agents[5].goals[0].urgency,agents[0].speed,world[\"tools\"],miner.mineQuota.metAt,"));
        QVERIFY(lines[1].startsWith("0,0.5,1,0,"));
        QVERIFY(lines[12].startsWith("11,2,3,2,"));
        // The baker's urgency changes the day: the variants are not all alike.
        QSet<QByteArray> outcomes;
        for (qsizetype i = 1; i < lines.size(); ++i)
            outcomes.insert(
                lines[i].mid(lines[i].indexOf(',', lines[i].indexOf(',', lines[i].indexOf(',', 2) + 1) + 1)));
        QVERIFY(outcomes.size() > 1);

        // A bad path, a value of the wrong type and an invalid value: each named, nothing run.
        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{ \"scenario\": \"town.json\", \"vary\": [ { \"path\": \"agents[50].speed\", \"values\": [1] },"
                  " { \"path\": \"planner.costWeight\", \"values\": [\"x\"] }, { \"path\": \"day.length\", \"values\": "
                  "[-5] } ] }");
        bad.close();
        const Run refused = goapSim({"sweep", bad.fileName(), "--out", dir.filePath(QStringLiteral("bad"))});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("vary[0].path: agents[50].speed: agents has 6 entries, no [50]"),
                 refused.err.constData());
        QVERIFY(
            refused.err.contains("vary[1].path: planner.costWeight holds a number, but the value \"x\" is a string"));
        QVERIFY(refused.err.contains("vary[2].path: day.length = -5 makes the scenario invalid: day.length:"));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("bad"))));
        QCOMPARE(goapSim({"sweep", sweep, "--out", all, "--shard", "4/3"}).exitCode, 1);
    }

    // Issue #15, 4: goap-sim diff puts two reports side by side with deltas.
    // Issue #14, 1: graph --dot names every character, action and fact in use
    // with the right edge counts; Graphviz's dot accepts it; --svg lays it out.
    void graphWritesTheProductionChain()
    {
        QTemporaryDir dir;
        const QString dotFile = dir.filePath(QStringLiteral("town.dot")),
                      svgFile = dir.filePath(QStringLiteral("town.svg"));
        const Run r = goapSim({QStringLiteral("graph"), kSource + QStringLiteral("/scenarios/town.json"),
                               QStringLiteral("--dot"), dotFile, QStringLiteral("--svg"), svgFile});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString dot = QString::fromUtf8(readAll(dotFile));
        const goap::Scenario town = *goap::readScenarioFile(kSource + QStringLiteral("/scenarios/town.json")).scenario;
        int reads = 0, spends = 0, adds = 0, sets = 0, can = 0, names = 0;
        QSet<QString> facts;
        for (const goap::Action &a : town.actions) {
            QVERIFY2(dot.contains(QStringLiteral("\"action:%1\"").arg(a.id)), qPrintable(a.id));
            reads += int(a.pre.size());
            for (const goap::Condition &c : a.pre)
                facts.insert(c.fact);
            for (const goap::Effect &e : a.add) {
                facts.insert(e.fact);
                spends += e.value < 0;
                adds += e.value > 0;
            }
            for (const goap::Effect &e : a.set)
                facts.insert(e.fact);
            sets += int(a.set.size());
        }
        for (const goap::Goal &g : town.goals) {
            QVERIFY(dot.contains(QStringLiteral("\"goal:%1\"").arg(g.id)));
            names += int(g.conditions.size());
            for (const goap::Condition &c : g.conditions)
                facts.insert(c.fact);
        }
        for (const goap::Agent &a : town.agents) {
            QVERIFY(dot.contains(QStringLiteral("\"character:%1\"").arg(a.id)));
            can += int(a.actions.size());
        }
        for (const QString &f : facts)
            QVERIFY2(dot.contains(QStringLiteral("\"fact:%1\"").arg(f)), qPrintable(f));
        QCOMPARE(int(dot.count(QStringLiteral(" -> "))), reads + spends + adds + sets + can + names);
        QCOMPARE(int(dot.count(QStringLiteral("label=\"spends\""))), spends);
        QCOMPARE(int(dot.count(QStringLiteral("label=\"sets\""))), sets);
        QCOMPARE(int(dot.count(QStringLiteral("fact:"))) > 0, true);
        QVERIFY(dot.contains(u"rankdir=LR"));
        // Graphviz's own dot reads it.
        QProcess graphviz;
        graphviz.start(
            QStringLiteral("dot"),
            {QStringLiteral("-Tsvg"), dotFile, QStringLiteral("-o"), dir.filePath(QStringLiteral("by-dot.svg"))});
        QVERIFY2(graphviz.waitForFinished(60000) && graphviz.exitCode() == 0,
                 graphviz.readAllStandardError().constData());
        // --svg: laid out by libgvc, every action's label in it.
        const QByteArray svg = readAll(svgFile);
        QVERIFY(svg.contains("<svg"));
        for (const goap::Action &a : town.actions)
            QVERIFY2(svg.contains(a.label.toUtf8()), qPrintable(a.label));
        // A fact nobody produces or seeds is drawn red (dangling).
        const QString trapDot = dir.filePath(QStringLiteral("smithy.dot"));
        QCOMPARE(goapSim({QStringLiteral("graph"), kSource + QStringLiteral("/scenarios/cook.json"),
                          QStringLiteral("--dot"), trapDot})
                     .exitCode,
                 0);
        QVERIFY(!QString::fromUtf8(readAll(trapDot)).contains(u"nothing produces it")); // the cook's chain is whole
        const QString gold = dir.filePath(QStringLiteral("gold.json"));
        {
            QFile f(gold);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{ \"format\": \"goap-scenario\", \"version\": 1, \"name\": \"Gold\", \"day\": { \"length\": 60, "
                    "\"tick\": 0.1 },"
                    " \"world\": {}, \"stations\": [], \"actions\": [ { \"id\": \"buy\", \"duration\": 1, \"pre\": { "
                    "\"world.gold\": 1 },"
                    " \"add\": { \"agent.bread\": 1 } } ], \"goals\": [ { \"id\": \"eat\", \"kind\": \"quota\", "
                    "\"conditions\": { \"agent.bread\": 1 } } ],"
                    " \"agents\": [ { \"id\": \"a\", \"at\": [1, 1], \"facts\": {}, \"actions\": [\"buy\"], \"goals\": "
                    "[ { \"goal\": \"eat\" } ] } ] }");
        }
        const QString goldDot = dir.filePath(QStringLiteral("gold.dot"));
        QCOMPARE(goapSim({QStringLiteral("graph"), gold, QStringLiteral("--dot"), goldDot}).exitCode, 0);
        const QString goldText = QString::fromUtf8(readAll(goldDot));
        QVERIFY2(goldText.contains(QStringLiteral("\"fact:world.gold\" [label=\"world.gold\", shape=ellipse, "
                                                  "style=filled, fillcolor=\"#dbeafe\", color=\"#c62828\"")),
                 qPrintable(goldText));
        // ... and the goal it gates, which nobody holding it can reach, greyed (the validator's finding).
        QVERIFY2(
            goldText.contains(QStringLiteral("\"goal:eat\" [label=\"eat\", shape=octagon, style=\"filled,dashed\"")),
            qPrintable(goldText));
        QVERIFY(!dot.contains(u"filled,dashed")); // every goal of the town can be reached
        // Bad use: no output asked for.
        QCOMPARE(goapSim({QStringLiteral("graph"), kSource + QStringLiteral("/scenarios/town.json")}).exitCode, 1);
    }

    void diffComparesTwoReports()
    {
        QTemporaryDir dir;
        auto write = [&](const char *name, const QByteArray &text) {
            QFile f(dir.filePath(QLatin1String(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write("a.json",
              "{\"scenario\": \"x\", \"dayLength\": 100, \"days\": [{\"day\": 0, \"agents\": [{\"id\": \"cook\", "
              "\"goals\": ["
              "{\"id\": \"q\", \"kind\": \"quota\", \"metAt\": 0.5}, {\"id\": \"n\", \"kind\": \"need\", "
              "\"satisfied\": 2}],"
              " \"phaseSeconds\": {\"idle\": 10, \"waiting\": 30, \"acting\": 60}, \"plans\": 3, \"recheckFailures\": "
              "1, \"goalSwitches\": 0}]}]}");
        write("b.json",
              "{\"scenario\": \"x\", \"dayLength\": 100, \"days\": [{\"day\": 0, \"agents\": [{\"id\": \"cook\", "
              "\"goals\": ["
              "{\"id\": \"q\", \"kind\": \"quota\", \"metAt\": null}, {\"id\": \"n\", \"kind\": \"need\", "
              "\"satisfied\": 3}],"
              " \"phaseSeconds\": {\"idle\": 0, \"waiting\": 50, \"acting\": 50}, \"plans\": 3, \"recheckFailures\": "
              "0, \"goalSwitches\": 0}]}]}");
        const Run r = goapSim({"diff", dir.filePath("a.json"), dir.filePath("b.json")});
        QCOMPARE(r.exitCode, 0);
        QStringList lines;
        for (const QByteArray &line : r.out.split('\n'))
            if (!line.isEmpty())
                lines << QString::fromUtf8(line).simplified();
        QCOMPARE(lines,
                 (QStringList {"character measure A B delta", "cook q met at (day fraction) 0.5 — —",
                               "cook n satisfied 2 3 +1", "cook waiting 30.0% 50.0% +20.0%",
                               "cook re-check failures 1 0 -1"}));
        QCOMPARE(goapSim({"diff", dir.filePath("a.json"), dir.filePath("missing.json")}).exitCode, 3);
        QCOMPARE(goapSim({"diff", dir.filePath("a.json")}).exitCode, 1);
    }

    // Issue #29: goap-sim diff of two scenarios, entity by entity and field
    // by field; 0 identical, 1 different, 2 when one does not read.
    void diffComparesTwoScenarios()
    {
        QTemporaryDir dir;
        const QString town = kSource + QStringLiteral("/scenarios/town.json");
        QFile source(town);
        QVERIFY(source.open(QIODevice::ReadOnly));
        QByteArray text = source.readAll();
        text.replace("\"id\": \"bakeBread\",\n      \"label\": \"Bake bread\",\n      \"station\": \"oven\",\n      "
                     "\"duration\": 6,",
                     "\"id\": \"bakeBread\",\n      \"label\": \"Bake bread\",\n      \"station\": \"oven\",\n      "
                     "\"duration\": 8,");
        text.replace("\"name\": \"Town\"", "\"name\": \"Town B\"");
        const QString b = dir.filePath(QStringLiteral("b.json"));
        {
            QFile f(b);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        Run r = goapSim({"diff", town, b});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString::fromUtf8(r.out),
                 QStringLiteral("changed settings\n  name: \"Town\" → \"Town B\"\n"
                                "changed action bakeBread\n  actions[bakeBread].duration: 6 → 8\n"));
        r = goapSim({"diff", town, b, "--json"});
        QCOMPARE(r.exitCode, 1);
        goap::json::Value v;
        goap::json::ParseError error;
        QVERIFY(goap::json::parse(r.out, v, error));
        QCOMPARE(v.find(u"identical")->boolean, false);
        const goap::json::Value &action = v.find(u"differences")->array.at(1);
        QCOMPARE(action.find(u"what")->string, QStringLiteral("action"));
        QCOMPARE(action.find(u"id")->string, QStringLiteral("bakeBread"));
        QCOMPARE(action.find(u"fields")->array.at(0).find(u"after")->string, QStringLiteral("8"));
        r = goapSim({"diff", town, town});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.isEmpty());
        QVERIFY(goapSim({"diff", town, town, "--json"}).out.contains("\"identical\": true"));
        // A scenario that does not read: its error as the validator says it, exit 2.
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"format\": \"goap-scenario\", \"version\": 1, \"name\": 3}");
        }
        r = goapSim({"diff", town, bad});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(bad.toUtf8() + ":1:"), r.err.constData());
        QVERIFY2(r.err.contains(": error: name: "), r.err.constData());
        QCOMPARE(goapSim({"diff", town, dir.filePath("missing.json")}).exitCode, 3);
        QVERIFY(goapSim({"--help"}).out.contains("diff A.json B.json [--json]"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
