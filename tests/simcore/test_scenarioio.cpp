// Scenario files: canonical round trips, every bad file refused with its
// path, and the validation warnings of SPEC §8.
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/validator.h"
#include "model/factname.h"
#include "planner/compiledscenario.h"
#include "scenarios.h"
#include "sim/simulation.h"
#include "testutil.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace goap;

namespace {
using goap::testing::kSource;
using goap::testing::loadShipped;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

bool hasWarning(const Issues &issues, const QString &path, const QString &fragment)
{
    for (const Issue &i : issues)
        if (!i.isError() && i.path == path && i.message.contains(fragment))
            return true;
    return false;
}
} // namespace

class TestScenarioIo : public QObject
{
    Q_OBJECT

private slots:
    // Issue #32: "external": true marks an action the game performs; it is
    // read, compiled, and written only when true (other files unchanged).
    void externalActionsRoundTrip()
    {
        Scenario s = loadShipped(QStringLiteral("bakery.json"));
        QVERIFY(!writeScenario(s).contains("\"external\""));
        s.actions[0].external = true;
        const QByteArray written = writeScenario(s);
        QVERIFY(written.contains("\"external\": true"));
        const ReadResult back = readScenario(written);
        QVERIFY(back.ok());
        QVERIFY(back.scenario->actions[0].external);
        QVERIFY(!back.scenario->actions[1].external);
        QCOMPARE(*back.scenario, s);
        QVERIFY(compile(*back.scenario).actions[0].external);
        QByteArray wrong = written;
        wrong.replace("\"external\": true", "\"external\": 1");
        QVERIFY(!readScenario(wrong).ok()); // a boolean or nothing
    }

    void factNamesHaveOneHome()
    {
        QCOMPARE(bareName(u"world.bread"), QStringLiteral("bread"));
        QCOMPARE(bareName(u"agent.free.x"), QStringLiteral("free.x"));
        QCOMPARE(bareName(u"partner.treated"), QStringLiteral("treated"));
        QCOMPARE(bareName(u"bread"), QStringLiteral("bread"));
        QCOMPARE(ownFact(QStringLiteral("partner.treated")), QStringLiteral("agent.treated"));
        QCOMPARE(ownFact(QStringLiteral("world.bread")), QStringLiteral("world.bread"));
        QCOMPARE(partnerFact(u"agent.treated"), QStringLiteral("partner.treated"));
        QVERIFY(partnerFact(u"world.treated").isEmpty());
        QCOMPARE(freePlacesFact(u"oven"), QStringLiteral("world.free.oven"));
        QCOMPARE(stationOfFreePlaces(u"world.free.oven"), QStringLiteral("oven"));
        QVERIFY(stationOfFreePlaces(u"agent.free.oven").isEmpty());
        QCOMPARE(queueOfFact(queueFact(u"patients")), QStringLiteral("patients"));
        QVERIFY(isDerivedFact(u"world.queue.patients") && isDerivedFact(u"world.free.oven"));
        QVERIFY(!isDerivedFact(u"world.freedom") && !isDerivedFact(u"agent.queue.x"));
        QCOMPARE(parseFactName(worldFact(u"iron"))->name, QStringLiteral("iron"));
        QCOMPARE(parseFactName(agentFact(u"iron"))->scope, Scope::Agent);
    }

    void shippedScenariosRoundTrip_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files = QDir(kSource + QStringLiteral("/scenarios")).entryList({QStringLiteral("*.json")});
        QVERIFY(files.size() >= 2);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << kSource + QStringLiteral("/scenarios/") + f;
    }

    void shippedScenariosRoundTrip()
    {
        QFETCH(QString, file);
        const ReadResult first = readScenarioFile(file);
        QVERIFY2(first.ok(), qPrintable(first.issues.value(0).format(file)));
        const QByteArray saved = writeScenario(*first.scenario);
        // Shipped files are stored canonically...
        QCOMPARE(saved, readAll(file));
        // ...and load -> save -> load -> save is byte-identical and loses nothing.
        const ReadResult second = readScenario(saved);
        QVERIFY(second.ok());
        QCOMPARE(*second.scenario, *first.scenario);
        QCOMPARE(writeScenario(*second.scenario), saved);
        QVERIFY(!second.scenario->description.isEmpty());
    }

    void badFilesAreRefusedWithTheirPath_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("fragment");
        const QString dir = kSource + QStringLiteral("/tests/data/bad/");
        const QStringList lines
            = QString::fromUtf8(readAll(dir + QStringLiteral("EXPECTED.tsv"))).split(u'\n', Qt::SkipEmptyParts);
        QStringList listed;
        for (const QString &line : lines) {
            if (line.startsWith(u'#'))
                continue;
            const QStringList cols = line.split(u'\t');
            QCOMPARE(cols.size(), 3);
            listed << cols[0];
            QTest::newRow(qPrintable(cols[0])) << dir + cols[0] << cols[1] << cols[2];
        }
        const QStringList present = QDir(dir).entryList({QStringLiteral("*.json")});
        QCOMPARE(QSet<QString>(present.begin(), present.end()), QSet<QString>(listed.begin(), listed.end()));
        QVERIFY(present.size() >= 20);
    }

    void badFilesAreRefusedWithTheirPath()
    {
        QFETCH(QString, file);
        QFETCH(QString, path);
        QFETCH(QString, fragment);
        const ReadResult r = readScenarioFile(file);
        QVERIFY(!r.ok());
        QVERIFY(!r.scenario.has_value()); // never half-loaded
        QVERIFY(!r.ioError);
        QVERIFY(hasErrors(r.issues));
        const Issue &first = r.issues.first();
        QVERIFY(first.isError());
        QCOMPARE(first.path, path);
        QVERIFY2(first.message.contains(fragment), qPrintable(first.message));
        QVERIFY2(first.line > 0 && first.column > 0, "every error from a file is placed at a line and column");
        QVERIFY(first.format(QStringLiteral("f.json"))
                    .startsWith(QStringLiteral("f.json:%1:%2: error: ").arg(first.line).arg(first.column)));
    }

    // Issue #31: a goal that maximises or minimises a fact is written with its
    // fact and budget (no conditions, start and rate as a need's), makes the
    // file version 2, reads back equal, and turning it back into a need
    // writes the version 1 file byte for byte.
    void extremeGoalsRoundTripAsVersionTwo()
    {
        Scenario s = loadShipped(QStringLiteral("cook.json"));
        const QByteArray v1 = writeScenario(s);
        QVERIFY(v1.contains("\"version\": 1,"));
        const Goal need = s.goals[0];
        for (const GoalKind kind : {GoalKind::Maximise, GoalKind::Minimise}) {
            Goal &g = s.goals[0];
            g.kind = kind;
            g.conditions.clear();
            g.fact = QStringLiteral("agent.wood");
            g.budget = 7.5;
            QCOMPARE(requiredVersion(s), 2);
            const QByteArray v2 = writeScenario(s);
            QVERIFY(v2.contains("\"version\": 2,"));
            QVERIFY(v2.contains(QByteArray("\"kind\": \"") + toString(kind).toLatin1() + '"'));
            QVERIFY(v2.contains("\"fact\": \"agent.wood\""));
            QVERIFY(v2.contains("\"budget\": 7.5"));
            const ReadResult back = readScenario(v2);
            QVERIFY2(back.ok(), qPrintable(back.issues.value(0).text()));
            QCOMPARE(*back.scenario, s);
            QCOMPARE(writeScenario(*back.scenario), v2);
            const CompiledScenario c = compile(*back.scenario);
            QVERIFY(c.goals[0].kind == kind);
            QCOMPARE(c.goals[0].fact, c.fact(u"agent.wood"));
            QCOMPARE(c.goals[0].budget, 7.5);
        }
        s.goals[0] = need;
        QCOMPARE(writeScenario(s), v1);
        // The shipped example reads, validates without a warning and writes back as it is.
        const QByteArray shipped = readAll(kSource + QStringLiteral("/scenarios/prospector.json"));
        const ReadResult prospector = readScenario(shipped);
        QVERIFY(prospector.ok());
        QVERIFY(prospector.scenario->goals[0].kind == GoalKind::Maximise);
        QCOMPARE(writeScenario(*prospector.scenario), shipped);
    }

    void extremeGoalWarnsWhenNothingChangesItsFact()
    {
        Scenario s = loadShipped(QStringLiteral("prospector.json"));
        QVERIFY(validate(s).isEmpty());
        s.goals[0].fact = QStringLiteral("agent.fed"); // known, and changed by eatBeans: fine
        QVERIFY(validate(s).isEmpty());
        s.agents[0].actions.removeAll(QStringLiteral("eatBeans"));
        s.goals[1].conditions = {{QStringLiteral("agent.gold"), 1, ConditionOp::Ge}};
        const QList<Issue> issues = validate(s);
        const auto it = std::find_if(issues.begin(), issues.end(), [](const Issue &i) {
            return i.path == u"goals[0].fact" && i.message.contains(u"no action a character can do changes agent.fed");
        });
        QVERIFY2(it != issues.end(), qPrintable(issues.value(0).text()));
        QVERIFY(!it->isError());
    }

    void heuristicNeedsVersionTwoOnlyWhenNotTheDefault()
    {
        const ReadResult cook = readScenarioFile(kSource + QStringLiteral("/scenarios/cook.json"));
        QVERIFY(cook.ok());
        Scenario s = *cook.scenario;
        QCOMPARE(s.planner.heuristic, PlannerHeuristic::Unmet);
        QCOMPARE(requiredVersion(s), 1);
        const QByteArray v1 = writeScenario(s);
        QVERIFY(v1.contains("\"version\": 1,"));
        QVERIFY(!v1.contains("heuristic"));
        for (const PlannerHeuristic h : {PlannerHeuristic::Additive, PlannerHeuristic::Max, PlannerHeuristic::Lmcut}) {
            s.planner.heuristic = h;
            QCOMPARE(requiredVersion(s), 2);
            const QByteArray v2 = writeScenario(s);
            QVERIFY(v2.contains("\"version\": 2,"));
            QVERIFY(v2.contains(QByteArray("\"heuristic\": \"") + heuristicName(h) + '"'));
            const ReadResult back = readScenario(v2);
            QVERIFY2(back.ok(), qPrintable(back.issues.value(0).text()));
            QCOMPARE(back.scenario->planner.heuristic, h);
            QCOMPARE(*back.scenario, s);
            QCOMPARE(writeScenario(*back.scenario), v2);
        }
        // Back to the default: version 1 again, byte-identical to the start.
        s.planner.heuristic = PlannerHeuristic::Unmet;
        QCOMPARE(writeScenario(s), v1);
        // "unmet" written by hand reads as the default.
        QByteArray explicitUnmet = v1;
        explicitUnmet.replace("\"restBelow\": 0.05", "\"restBelow\": 0.05, \"heuristic\": \"unmet\"");
        QVERIFY(explicitUnmet.contains("\"unmet\""));
        const ReadResult unmet = readScenario(explicitUnmet);
        QVERIFY(unmet.ok());
        QCOMPARE(unmet.scenario->planner.heuristic, PlannerHeuristic::Unmet);
        // Any other in a version 1 file is refused, as operators and walls are.
        QByteArray explicitMax = explicitUnmet;
        explicitMax.replace("\"unmet\"", "\"max\"");
        const ReadResult max1 = readScenario(explicitMax);
        QVERIFY(!max1.ok());
        QCOMPARE(max1.issues.value(0).path, QStringLiteral("planner.heuristic"));
        QVERIFY(max1.issues.value(0).message.contains(u"version"));
        QCOMPARE(kNewestFormatVersion, 2);
    }

    void missingFileIsAnIoError()
    {
        const ReadResult r = readScenarioFile(QStringLiteral("/nonexistent/scenario.json"));
        QVERIFY(!r.ok());
        QVERIFY(r.ioError);
    }

    void oversizedFileIsRefused()
    {
        const ReadResult r = readScenario(QByteArray(kMaxScenarioFileSize + 1, ' '));
        QVERIFY(!r.ok());
        QVERIFY(r.issues.first().message.contains(u"at most"));
    }

    void everyErrorIsReportedAtOnce()
    {
        QByteArray text = readAll(kSource + QStringLiteral("/scenarios/cook.json"));
        text.replace("\"duration\": 3", "\"duration\": 0");
        text.replace("\"station\": \"table\"", "\"station\": \"bench\"");
        const ReadResult r = readScenario(text);
        QVERIFY(!r.ok());
        QVERIFY(errorCount(r.issues) >= 3); // two zero durations and the unknown station
    }

    // Issue #10: each issue's line:column used to rescan the file from byte 0,
    // so 10,000 errors behind a large description took most of a minute. The
    // positions must stay exact (columns in characters, not bytes).
    void tenThousandErrorsAreAllPlaced()
    {
        // Built line by line (moc does not follow raw strings).
        QByteArray text = "{\n";
        text += "  \"format\": \"goap-scenario\", \"version\": 1, \"name\": \"Many errors\",\n";
        text += "  \"description\": \"" + QByteArray(1 << 20, 'x') + "\",\n";
        text += "  \"actions\": [ { \"id\": \"a\", \"duration\": 1 } ],\n";
        text += "  \"agents\": [ { \"id\": \"c\", \"at\": [1, 1], \"actions\": [\n";
        constexpr int kLines = 5000; // two unknown actions a line: "\u00f1<i>" and "nope<i>"
        for (int i = 0; i < kLines; ++i)
            text += QStringLiteral("    \"\u00f1%1\", \"nope%1\"%2\n").arg(i).arg(i + 1 < kLines ? "," : "").toUtf8();
        text += "  ] } ]\n}\n";
        const ReadResult r = readScenario(text);
        QVERIFY(!r.ok());
        QCOMPARE(r.issues.size(), 2 * kLines);
        QCOMPARE(errorCount(r.issues), 2 * kLines);
        for (const int i : {0, 1, 2345, kLines - 1}) {
            const Issue &first = r.issues[2 * i];
            const Issue &second = r.issues[2 * i + 1];
            QCOMPARE(first.path, QStringLiteral("agents[0].actions[%1]").arg(2 * i));
            QCOMPARE(first.message, QStringLiteral("unknown action \"\u00f1%1\"").arg(i));
            QCOMPARE(first.line, 6 + i);
            QCOMPARE(first.column, 5);
            QCOMPARE(second.path, QStringLiteral("agents[0].actions[%1]").arg(2 * i + 1));
            QCOMPARE(second.line, 6 + i);
            // After `"ñ<i>", `: ñ is one character in two bytes.
            QCOMPARE(second.column, 5 + 5 + int(QString::number(i).size()));
        }
    }

    // The validator's findings are placed by walking the document along their
    // path: a quoted key ("partner.x", with a dot) and an index are followed,
    // and the finding lands on the value itself, on its own line.
    void validatorFindingsArePlacedAtTheirValue()
    {
        QByteArray text = "{\n";
        text += "  \"format\": \"goap-scenario\", \"version\": 1, \"name\": \"Placed\",\n";
        text += "  \"actions\": [\n";
        text += "    { \"id\": \"a\", \"duration\": 1 },\n";
        text += "    { \"id\": \"b\", \"duration\": 1,\n";
        text += "      \"pre\": {\n";
        text += "        \"partner.x\":   1 } }\n";
        text += "  ]\n}\n";
        const ReadResult r = readScenario(text);
        QVERIFY(!r.ok());
        const auto it = std::find_if(r.issues.begin(), r.issues.end(),
                                     [](const Issue &i) { return i.message.contains(u"partner facts"); });
        QVERIFY(it != r.issues.end());
        QCOMPARE(it->path, QStringLiteral("actions[1].pre[\"partner.x\"]"));
        QCOMPARE(it->line, 7);
        QCOMPARE(it->column, 24); // the value 1, after 8 spaces, `"partner.x":` and 3 spaces
    }

    void olderDefaultsFillMissingOptionalKeys()
    {
        const ReadResult r = readScenario(R"({"format": "goap-scenario", "version": 1, "name": "Minimal"})");
        QVERIFY(r.ok());
        QCOMPARE(r.scenario->planner.maxNodes, 5000);
        QCOMPARE(r.scenario->planner.costWeight, 0.02);
        QCOMPARE(r.scenario->planner.switchMargin, 0.15);
        QCOMPARE(r.scenario->planner.restBelow, 0.05);
        QCOMPARE(r.scenario->day.tick, 0.1);
    }

    void atomicSaveKeepsTheOldFileOnFailure()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cook.json"));
        QVERIFY(saveScenarioFile(loadShipped(QStringLiteral("cook.json")), path).isEmpty());
        QCOMPARE(*readScenarioFile(path).scenario, loadShipped(QStringLiteral("cook.json")));
        const QString error = saveScenarioFile(loadShipped(QStringLiteral("cook.json")),
                                               dir.filePath(QStringLiteral("missing/dir/x.json")));
        QVERIFY(error.contains(u"missing/dir/x.json"));
    }

    void warningQuotaOnADrainedWorldPool()
    {
        Scenario s = loadShipped(QStringLiteral("cook.json"));
        s.goals.append(Goal {QStringLiteral("keepFire"),
                             QStringLiteral("Keep fire"),
                             GoalKind::Quota,
                             {{QStringLiteral("world.fireLit"), 1}},
                             0,
                             0,
                             1});
        s.agents[0].goals.append(GoalRef {QStringLiteral("keepFire"), {}, {}, {}});
        const Issues issues = validate(s);
        QVERIFY(!hasErrors(issues));
        QVERIFY(hasWarning(issues, QStringLiteral("goals[1].conditions[\"world.fireLit\"]"), QStringLiteral("drains")));
    }

    // A day that is not a whole number of ticks runs the nearest whole
    // number (300 s of 0.7 s: 429 ticks, 300.3 s): said as a warning, with
    // what will happen; a whole number (within rounding: 300 s of 0.1 s) is not.
    void warningDayNotAWholeNumberOfTicks()
    {
        Scenario s = loadShipped(QStringLiteral("town.json"));
        s.day.length = 300;
        s.day.tick = 0.7;
        Issues issues = validate(s);
        QVERIFY(!hasErrors(issues));
        QVERIFY(hasWarning(issues, QStringLiteral("day.length"), QStringLiteral("the day runs 429 ticks, 300.3 s")));
        QCOMPARE(sim::Simulation(std::make_shared<const CompiledScenario>(compile(s))).ticksPerDay(), 429);
        for (const double tick : {0.1, 0.3, 0.25, 1.0 / 3}) {
            s.day.tick = tick;
            issues = validate(s);
            QVERIFY2(!hasWarning(issues, QStringLiteral("day.length"), QStringLiteral("whole number")),
                     qPrintable(QString::number(tick)));
        }
    }

    void warningGoalOnAWorldFactOthersSet()
    {
        // Seed 004's trap: every patient's goal names world.isTreated, which any patient's treatment sets.
        Scenario s;
        s.name = QStringLiteral("trap");
        s.actions.append(Action {QStringLiteral("getTreated"),
                                 QStringLiteral("Get treated"),
                                 {},
                                 1,
                                 1,
                                 {},
                                 {{QStringLiteral("world.isTreated"), 1}},
                                 {}});
        s.goals.append(Goal {QStringLiteral("treated"),
                             QStringLiteral("Be treated"),
                             GoalKind::Need,
                             {{QStringLiteral("world.isTreated"), 1}},
                             0.5,
                             0.01,
                             1});
        for (const char *id : {"p1", "p2"})
            s.agents.append(Agent {QLatin1String(id),
                                   QLatin1String(id),
                                   {1, 1},
                                   1,
                                   {},
                                   {QStringLiteral("getTreated")},
                                   {GoalRef {QStringLiteral("treated"), {}, {}, {}}}});
        const Issues issues = validate(s);
        QVERIFY(!hasErrors(issues));
        QVERIFY(hasWarning(issues, QStringLiteral("goals[0].conditions[\"world.isTreated\"]"),
                           QStringLiteral("satisfies everyone")));
        // With one patient there is nobody else to set it: no warning.
        s.agents.removeLast();
        QVERIFY(!hasWarning(validate(s), QStringLiteral("goals[0].conditions[\"world.isTreated\"]"),
                            QStringLiteral("satisfies everyone")));
    }

    void warningUnreachableGoalAndUnproducedPrecondition()
    {
        Scenario s = loadShipped(QStringLiteral("cook.json"));
        s.actions[2].pre.append(Condition {QStringLiteral("world.recipe"), 1}); // nothing makes a recipe
        const Issues issues = validate(s);
        QVERIFY(!hasErrors(issues));
        QVERIFY(
            hasWarning(issues, QStringLiteral("actions[2].pre[\"world.recipe\"]"), QStringLiteral("nothing produces")));
        QVERIFY(hasWarning(issues, QStringLiteral("agents[0].goals[0].goal"), QStringLiteral("can never reach")));
        // Seeding a recipe makes both go away.
        s.world.append(FactValue {QStringLiteral("recipe"), 1});
        const Issues fixed = validate(s);
        QVERIFY(
            !hasWarning(fixed, QStringLiteral("actions[2].pre[\"world.recipe\"]"), QStringLiteral("nothing produces")));
        QVERIFY(!hasWarning(fixed, QStringLiteral("agents[0].goals[0].goal"), QStringLiteral("can never reach")));
    }

    // Issue #13, 1: map.walls read and written (version 2); nothing stands in
    // a wall; a station a character needs but cannot reach is a warning.
    void wallsAreReadWrittenAndChecked()
    {
        Scenario s = loadShipped(
            QStringLiteral("cook.json")); // woodpile (3, 3), hearth (10, 6), table (16, 9); the cook starts at (8, 3)
        QCOMPARE(requiredVersion(s), 1);
        s.map.walls = {Wall {5, 0, 1, 12}}; // a wall from top to bottom at x 5..6: the woodpile is cut off
        QCOMPARE(requiredVersion(s), 2);
        const QByteArray text = writeScenario(s);
        QVERIFY(text.contains("\"version\": 2"));
        QVERIFY2(text.contains("\"walls\": [[5, 0, 1, 12]]"), text.constData());
        const ReadResult back = readScenario(text);
        QVERIFY(back.ok());
        QCOMPARE(*back.scenario, s);
        QCOMPARE(writeScenario(*back.scenario), text);
        QVERIFY(hasWarning(back.issues, QStringLiteral("agents[0].actions"),
                           QStringLiteral("cannot reach station woodpile")));
        // A door in the wall (y 11..12 free): reachable, no warning.
        s.map.walls = {Wall {5, 0, 1, 11}};
        QVERIFY(!hasWarning(validate(s), QStringLiteral("agents[0].actions"), QStringLiteral("cannot reach")));
        // A wall over the hearth, or over the cook's start: errors with the path.
        s.map.walls = {Wall {9.5, 5.5, 2, 2}};
        Issues issues = validate(s);
        QVERIFY(std::any_of(issues.begin(), issues.end(), [](const Issue &i) {
            return i.isError() && i.path == u"stations[1].at" && i.message.contains(u"inside a wall");
        }));
        s.map.walls = {Wall {8, 3, 1, 1}};
        issues = validate(s);
        QVERIFY(std::any_of(issues.begin(), issues.end(),
                            [](const Issue &i) { return i.isError() && i.path == u"agents[0].at"; }));
        // Bad walls: no area; a map too big for a grid.
        s.map.walls = {Wall {1, 1, 0, 2}};
        issues = validate(s);
        QVERIFY(std::any_of(issues.begin(), issues.end(),
                            [](const Issue &i) { return i.isError() && i.path == u"map.walls[0]"; }));
        s.map.walls = {Wall {1, 1, 1, 1}};
        s.map.width = 5000;
        issues = validate(s);
        QVERIFY(std::any_of(issues.begin(), issues.end(),
                            [](const Issue &i) { return i.isError() && i.path == u"map.width"; }));
        // In a version 1 file, walls are refused with the reason.
        QByteArray v1 = text;
        v1.replace("\"version\": 2", "\"version\": 1");
        const ReadResult old = readScenario(v1);
        QVERIFY(!old.ok());
        QVERIFY(std::any_of(old.issues.begin(), old.issues.end(),
                            [](const Issue &i) { return i.path == u"map.walls" && i.message.contains(u"version"); }));
        QByteArray three = text;
        three.replace("[5, 0, 1, 12]", "[5, 0, 1]");
        const ReadResult short3 = readScenario(three);
        QVERIFY(!short3.ok());
        QCOMPARE(short3.issues.value(0).path, QStringLiteral("map.walls[0]"));
    }

    // Issue #29 (wall tools, 4): map.doors read and written (version 2), only
    // when there are doors; a closed door blocks like a wall; a door lies
    // within the map and on no station, with errors at their JSON paths.
    void doorsAreReadWrittenAndChecked()
    {
        Scenario s = loadShipped(QStringLiteral("cook.json")); // woodpile (3, 3), the cook at (8, 3)
        const QByteArray plain = writeScenario(s);
        QVERIFY(!plain.contains("doors")); // an old file is written as it was
        // A wall at x 5 with a closed door at its foot: the woodpile is cut off.
        s.map.walls = {Wall {5, 0, 1, 11}};
        s.map.doors = {Door {QStringLiteral("d1"), Wall {5, 11, 1, 1}, false}};
        QCOMPARE(requiredVersion(s), 2);
        const QByteArray text = writeScenario(s);
        QVERIFY2(
            text.contains("\"doors\": [\n      { \"id\": \"d1\", \"rect\": [5, 11, 1, 1], \"open\": false }\n    ]"),
            text.constData());
        const ReadResult back = readScenario(text);
        QVERIFY(back.ok());
        QCOMPARE(*back.scenario, s);
        QCOMPARE(writeScenario(*back.scenario), text);
        QVERIFY(hasWarning(back.issues, QStringLiteral("agents[0].actions"),
                           QStringLiteral("cannot reach station woodpile")));
        s.map.doors[0].open = true; // open: a gap
        QVERIFY(!hasWarning(validate(s), QStringLiteral("agents[0].actions"), QStringLiteral("cannot reach")));
        // Outside the map, over the hearth (10, 6), no id, an id twice: errors with their paths.
        auto error = [](const Issues &issues, const QString &path, const QString &fragment) {
            return std::any_of(issues.begin(), issues.end(), [&](const Issue &i) {
                return i.isError() && i.path == path && i.message.contains(fragment);
            });
        };
        s.map.doors = {Door {QStringLiteral("d1"), Wall {19, 3, 2, 1}, true},
                       Door {QStringLiteral("d2"), Wall {10, 6, 1, 1}, true}, Door {QString(), Wall {1, 1, 1, 1}, true},
                       Door {QStringLiteral("d2"), Wall {2, 1, 1, 1}, true}};
        const Issues issues = validate(s);
        QVERIFY(error(issues, QStringLiteral("map.doors[0].rect"), QStringLiteral("within the 20 x 12 map")));
        QVERIFY(error(issues, QStringLiteral("map.doors[1].rect"), QStringLiteral("cover station hearth")));
        QVERIFY(error(issues, QStringLiteral("map.doors[2].id"), QStringLiteral("needs an id")));
        QVERIFY(error(issues, QStringLiteral("map.doors[3].id"), QStringLiteral("used twice")));
        // A door with no rect, or in a version 1 file: refused with the path.
        QByteArray norect = text;
        norect.replace("\"rect\": [5, 11, 1, 1], ", "");
        QCOMPARE(readScenario(norect).issues.value(0).path, QStringLiteral("map.doors[0].rect"));
        QByteArray v1 = plain;
        v1.replace("\"height\": 12", "\"height\": 12, \"doors\": []");
        const ReadResult old = readScenario(v1);
        QVERIFY(!old.ok());
        QCOMPARE(old.issues.value(0).path, QStringLiteral("map.doors"));
    }

    void shippedScenariosHaveNoSurpriseWarnings()
    {
        for (const char *name : {"cook.json", "smithy.json"}) {
            const ReadResult r = readScenarioFile(kSource + QStringLiteral("/scenarios/") + QLatin1String(name));
            QVERIFY(r.ok());
            QVERIFY2(r.issues.isEmpty(), qPrintable(r.issues.value(0).text()));
        }
    }
};

QTEST_GUILESS_MAIN(TestScenarioIo)
#include "test_scenarioio.moc"
