// Conditions with operators (SPEC §11.1): read, written at the lowest
// version, validated over every operator, planned, spent and explained.
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/validator.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "scenarios.h"
#include "sim/events.h"
#include "sim/explain.h"
#include "sim/simulation.h"
#include "testutil.h"

#include <QtTest>

using namespace goap;
using namespace goap::sim;

namespace {

using goap::testing::kSource;
using goap::testing::parseScenario;

// A one-character scenario around `actions` and `goals` (JSON fragments).
QByteArray scenarioJson(const char *world, const char *actions, const char *goals, const char *agentActions,
                        const char *agentGoals, int version = 2)
{
    return QStringLiteral(R"({"format": "goap-scenario", "version": %1, "name": "ops",
        "day": {"length": 60, "tick": 0.1}, "world": %2, "actions": %3, "goals": %4,
        "agents": [{"id": "a", "label": "A", "at": [1, 1], "speed": 1, "actions": %5, "goals": %6}]})")
        .arg(version)
        .arg(QLatin1String(world), QLatin1String(actions), QLatin1String(goals), QLatin1String(agentActions),
             QLatin1String(agentGoals))
        .toUtf8();
}

bool hasIssue(const Issues &issues, const QString &path, const QString &fragment)
{
    for (const Issue &i : issues)
        if (i.path == path && i.message.contains(fragment))
            return true;
    return false;
}

// Steps until `agent` records `kind`; false when the day ends first.
bool stepUntil(Simulation &sim, int agent, EventKind kind)
{
    for (std::int64_t t = 0; t < sim.ticksPerDay(); ++t) {
        const size_t before = sim.events().events.size();
        sim.step();
        for (size_t k = before; k < sim.events().events.size(); ++k)
            if (sim.events().events[k].agent == agent && sim.events().events[k].kind == kind)
                return true;
    }
    return false;
}

} // namespace

class TestOperators : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryOperatorAndWritesTheLowestVersion()
    {
        const QByteArray json = scenarioJson(
            "{}",
            R"([{"id": "x", "duration": 1, "pre": {"agent.a": 1, "agent.b": {">": 0}, "agent.c": {"<=": 4},
                 "agent.d": {"<": 2}, "agent.e": {"==": 3}, "agent.f": {"!=": 0}}, "add": {"agent.g": 1}}])",
            R"([{"id": "g", "kind": "need", "conditions": {"agent.g": {">=": 2}}, "start": 0, "rate": 0.01}])",
            R"(["x"])", R"([{"goal": "g"}])");
        const Scenario s = parseScenario(json);
        const QList<Condition> &pre = s.actions[0].pre;
        QCOMPARE(pre.size(), 6);
        const ConditionOp want[]
            = {ConditionOp::Ge, ConditionOp::Gt, ConditionOp::Le, ConditionOp::Lt, ConditionOp::Eq, ConditionOp::Ne};
        for (int i = 0; i < 6; ++i)
            QCOMPARE(int(pre[i].op), int(want[i]));
        QCOMPARE(pre[3].value, 2);
        // {">=": 2} is the integer 2: nothing of version 2 is left in the goal.
        QCOMPARE(s.goals[0].conditions[0], (Condition {QStringLiteral("agent.g"), 2, ConditionOp::Ge}));

        const QByteArray written = writeScenario(s);
        QCOMPARE(requiredVersion(s), 2);
        QVERIFY(written.contains("\"version\": 2"));
        QVERIFY(written.contains(R"("agent.e": { "==": 3 })"));
        QVERIFY(written.contains(R"("agent.a": 1,)"));
        QVERIFY(written.contains(R"("agent.g": 2 })"));
        QCOMPARE(parseScenario(written), s);
        QCOMPARE(writeScenario(parseScenario(written)), written);

        // Without an operator other than >=, the file is version 1 again.
        Scenario plain = s;
        for (Condition &c : plain.actions[0].pre)
            c.op = ConditionOp::Ge;
        QCOMPARE(requiredVersion(plain), 1);
        QVERIFY(writeScenario(plain).contains("\"version\": 1"));
        for (const char *op : {"{ \">", "{ \"<", "{ \"==", "{ \"!="})
            QVERIFY(!writeScenario(plain).contains(op));
    }

    void aVersionOneFileKeepsItsBytes()
    {
        for (const char *name : {"cook.json", "smithy.json", "bakery.json"}) { // the version 1 scenarios
            QFile f(kSource + QStringLiteral("/scenarios/") + QLatin1String(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            QVERIFY(bytes.contains("\"version\": 1"));
            QCOMPARE(writeScenario(parseScenario(bytes)), bytes);
        }
    }

    void oneRuleForEachCondition_data()
    {
        QTest::addColumn<int>("op");
        QTest::addColumn<int>("value");
        QTest::addColumn<bool>("inGoal");
        QTest::addColumn<QString>("error"); // a fragment, or empty: accepted
        QTest::newRow(">= -1 in pre") << int(ConditionOp::Ge) << -1 << false << "always holds";
        QTest::newRow(">= 0 in pre") << int(ConditionOp::Ge) << 0 << false << "";
        QTest::newRow(">= 0 in a goal") << int(ConditionOp::Ge) << 0 << true << "at least 1";
        QTest::newRow("> -1") << int(ConditionOp::Gt) << -1 << true << "always holds";
        QTest::newRow("> 0") << int(ConditionOp::Gt) << 0 << true << "";
        QTest::newRow("<= -1") << int(ConditionOp::Le) << -1 << false << "can never hold";
        QTest::newRow("<= 0") << int(ConditionOp::Le) << 0 << true << "";
        QTest::newRow("< 0") << int(ConditionOp::Lt) << 0 << true << "can never hold";
        QTest::newRow("< 1") << int(ConditionOp::Lt) << 1 << false << "";
        QTest::newRow("== -3") << int(ConditionOp::Eq) << -3 << false << "can never hold";
        QTest::newRow("== 0") << int(ConditionOp::Eq) << 0 << true << "";
        QTest::newRow("!= -1") << int(ConditionOp::Ne) << -1 << true << "always holds";
        QTest::newRow("!= 0") << int(ConditionOp::Ne) << 0 << false << "";
    }

    void oneRuleForEachCondition()
    {
        QFETCH(int, op);
        QFETCH(int, value);
        QFETCH(bool, inGoal);
        QFETCH(QString, error);
        const Condition c {QStringLiteral("agent.x"), value, ConditionOp(op)};
        const QString why = conditionError(c, inGoal ? std::optional(GoalKind::Need) : std::nullopt);
        if (error.isEmpty())
            QVERIFY2(why.isEmpty(), qPrintable(why));
        else
            QVERIFY2(why.contains(error), qPrintable(why));
        // The reader refuses the same condition with its path.
        const QString cond = QStringLiteral(R"({"%1": %2})").arg(QLatin1String(toString(ConditionOp(op)))).arg(value);
        const QByteArray json = inGoal
            ? scenarioJson(
                "{}", R"([{"id": "x", "duration": 1, "add": {"agent.x": 1}}])",
                qPrintable(
                    QStringLiteral(
                        R"([{"id": "g", "kind": "need", "conditions": {"agent.x": %1}, "start": 0, "rate": 0.01}])")
                        .arg(cond)),
                R"(["x"])", R"([{"goal": "g"}])")
            : scenarioJson(
                "{}",
                qPrintable(
                    QStringLiteral(R"([{"id": "x", "duration": 1, "pre": {"agent.x": %1}, "add": {"agent.y": 1}}])")
                        .arg(cond)),
                R"([{"id": "g", "kind": "need", "conditions": {"agent.y": 1}, "start": 0, "rate": 0.01}])", R"(["x"])",
                R"([{"goal": "g"}])");
        const ReadResult r = readScenario(json);
        const QString path = inGoal ? QStringLiteral("goals[0].conditions[\"agent.x\"]")
                                    : QStringLiteral("actions[0].pre[\"agent.x\"]");
        QCOMPARE(r.ok(), error.isEmpty());
        if (!error.isEmpty())
            QVERIFY(hasIssue(r.issues, path, error));
    }

    void warningsUnderstandEveryOperator()
    {
        const char *actions = R"([
            {"id": "light", "duration": 1, "pre": {"world.fire": {"==": 0}}, "set": {"world.fire": 1}},
            {"id": "cook", "duration": 1, "pre": {"world.fire": {"!=": 0}, "world.pot": {"<=": 2}}, "add": {"agent.fed": 1, "world.pot": 1}},
            {"id": "burn", "duration": 1, "pre": {"world.fire": {"==": 2}}, "add": {"agent.fed": 1}}])";
        Scenario s = parseScenario(
            scenarioJson(R"({"pot": 5})", actions,
                         R"([{"id": "g", "kind": "need", "conditions": {"agent.fed": 1}, "start": 0, "rate": 0.01},
                                           {"id": "h", "kind": "need", "conditions": {"world.fire": {">": 1}}, "start": 0, "rate": 0.01}])",
                         R"(["light", "cook", "burn"])", R"([{"goal": "g"}, {"goal": "h"}])"));
        Issues issues = validate(s);
        QVERIFY(!hasErrors(issues));
        // Only 1 is ever set: == 2 and > 1 can never hold; == 0 holds at dawn and != 0 after light.
        QVERIFY(hasIssue(issues, QStringLiteral("actions[2].pre[\"world.fire\"]"),
                         QStringLiteral("nothing produces world.fire == 2")));
        QVERIFY(
            hasIssue(issues, QStringLiteral("agents[0].goals[1].goal"), QStringLiteral("makes world.fire > 1 hold")));
        QVERIFY(
            !hasIssue(issues, QStringLiteral("actions[0].pre[\"world.fire\"]"), QStringLiteral("nothing produces")));
        QVERIFY(
            !hasIssue(issues, QStringLiteral("actions[1].pre[\"world.fire\"]"), QStringLiteral("nothing produces")));
        // The pot starts at 5 and nothing lowers it: <= 2 cannot hold...
        QVERIFY(hasIssue(issues, QStringLiteral("actions[1].pre[\"world.pot\"]"),
                         QStringLiteral("nothing produces world.pot <= 2")));
        QVERIFY(hasIssue(issues, QStringLiteral("agents[0].goals[0].goal"), QStringLiteral("can never reach")));
        // ...until an action spends it.
        s.actions.append(Action {
            QStringLiteral("scrape"), QStringLiteral("scrape"), {}, 1, 1, {}, {}, {{QStringLiteral("world.pot"), -1}}});
        s.agents[0].actions.append(QStringLiteral("scrape"));
        issues = validate(s);
        QVERIFY(!hasIssue(issues, QStringLiteral("actions[1].pre[\"world.pot\"]"), QStringLiteral("nothing produces")));
        QVERIFY(!hasIssue(issues, QStringLiteral("agents[0].goals[0].goal"), QStringLiteral("can never reach")));
    }

    void plansHonourEveryOperator()
    {
        const Scenario s = parseScenario(scenarioJson(
            "{}",
            R"([{"id": "light", "duration": 1, "cost": 1, "pre": {"world.fire": {"==": 0}}, "set": {"world.fire": 1}},
                {"id": "douse", "duration": 1, "cost": 1, "pre": {"world.fire": {"!=": 0}}, "set": {"world.fire": 0}},
                {"id": "warm", "duration": 1, "cost": 1, "pre": {"world.fire": {">": 0}}, "add": {"agent.warm": 1}}])",
            R"([{"id": "warmth", "kind": "need", "conditions": {"agent.warm": 1}, "start": 0, "rate": 0.01},
                {"id": "dark", "kind": "need", "conditions": {"world.fire": {"<": 1}}, "start": 0, "rate": 0.01}])",
            R"(["light", "douse", "warm"])", R"([{"goal": "warmth"}, {"goal": "dark"}])"));
        const CompiledScenario c = compile(s);
        Planner planner(c);
        std::vector<std::int32_t> state(size_t(c.stateSize()), 0);
        auto stepsFor = [&](int goal) {
            Plan plan;
            planner.planForAgent(state, 0, goal, plan);
            QStringList out;
            for (int a : plan.actions)
                out << c.actionIds[size_t(a)];
            return plan.found ? out : QStringList {QStringLiteral("none")};
        };
        QCOMPARE(stepsFor(0), (QStringList {"light", "warm"}));
        QCOMPARE(stepsFor(1), QStringList {}); // dark already
        state[size_t(c.fact("world.fire"))] = 1;
        QCOMPARE(stepsFor(0), QStringList {"warm"});
        QCOMPARE(stepsFor(1), QStringList {"douse"});
    }

    void needsSpendOnlyWhatGreaterThanAsks()
    {
        // fed > 1 spends 2 (the least that meets it): 3 eaten leave 1.
        const Scenario s = parseScenario(scenarioJson(
            "{}", R"([{"id": "eat", "duration": 1, "add": {"agent.fed": 3}}])",
            R"([{"id": "hunger", "kind": "need", "conditions": {"agent.fed": {">": 1}}, "start": 1, "rate": 0}])",
            R"(["eat"])", R"([{"goal": "hunger"}])"));
        auto c = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(c);
        QVERIFY(stepUntil(sim, 0, EventKind::NeedSatisfied));
        QCOMPARE(sim.agentFacts(0)[size_t(c->fact("agent.fed"))], 1);

        // == and the other comparisons spend nothing: 3 stay 3.
        const Scenario t = parseScenario(scenarioJson(
            "{}", R"([{"id": "eat", "duration": 1, "add": {"agent.fed": 3}}])",
            R"([{"id": "hunger", "kind": "need", "conditions": {"agent.fed": {"==": 3}}, "start": 1, "rate": 0}])",
            R"(["eat"])", R"([{"goal": "hunger"}])"));
        auto d = std::make_shared<const CompiledScenario>(compile(t));
        Simulation other(d);
        QVERIFY(stepUntil(other, 0, EventKind::NeedSatisfied));
        QCOMPARE(other.agentFacts(0)[size_t(d->fact("agent.fed"))], 3);
    }

    void quotaShortfallIsMetOrNotForOtherOperators()
    {
        // made == 2: at 1 made a >= quota would be half done; this one is not done at all.
        const Scenario s = parseScenario(scenarioJson(
            "{}", R"([{"id": "make", "duration": 5, "pre": {"agent.made": {"<": 2}}, "add": {"agent.made": 1}}])",
            R"([{"id": "two", "kind": "quota", "conditions": {"agent.made": {"==": 2}}, "urgency": 1}])", R"(["make"])",
            R"([{"goal": "two"}])"));
        auto c = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(c);
        sim.runDays(1);
        const Samples &samples = sim.samples();
        bool sawOneMade = false, sawMet = false;
        const EventLog &log = sim.events();
        std::vector<double> completions;
        for (const Event &e : log.events)
            if (e.kind == EventKind::Complete)
                completions.push_back(e.t);
        QCOMPARE(completions.size(), size_t(2)); // it stops at two: < 2 no longer holds
        for (size_t r = 0; r < samples.rows(); ++r) {
            const double t = samples.rowTime[r];
            const float progress = samples.progress[r * samples.columns()];
            if (t > completions[0] + 0.5 && t < completions[1] - 0.5) {
                sawOneMade = true;
                QCOMPARE(progress, 0.0f);
            }
            if (t > completions[1] + 0.5) {
                sawMet = true;
                QCOMPARE(progress, 1.0f);
            }
        }
        QVERIFY(sawOneMade);
        QVERIFY(sawMet);
    }

    void explanationsAndRechecksNameTheOperator()
    {
        const Scenario s = parseScenario(scenarioJson(
            R"({"fire": 1})",
            R"([{"id": "cook", "duration": 1, "pre": {"world.fire": {"==": 0}}, "add": {"agent.fed": 1}}])",
            R"([{"id": "hunger", "kind": "need", "conditions": {"agent.fed": 1}, "start": 0, "rate": 0.01}])",
            R"(["cook"])", R"([{"goal": "hunger"}])"));
        const CompiledScenario c = compile(s);
        std::vector<std::int32_t> state(size_t(c.stateSize()), 0);
        state[size_t(c.fact("world.fire"))] = 1;
        const QStringList lines = explanationLines(c, explainGoal(c, 0, 0, state));
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].startsWith(u"hunger needs world.fire == 0 (now 1): nothing anyone can do"),
                 qPrintable(lines[0]));
        QCOMPARE(recheckReason(c, 0, c.fact("world.fire"), 1, 0, ConditionOp::Eq),
                 QStringLiteral("cook: world.fire is 1, needs == 0"));
        QCOMPARE(recheckReason(c, 0, c.fact("world.fire"), 0, 1), QStringLiteral("cook: world.fire is 0, needs 1"));
    }

    void campfireRunsWithoutWarnings()
    {
        const ReadResult r = readScenarioFile(kSource + QStringLiteral("/scenarios/campfire.json"));
        QVERIFY(r.ok());
        QVERIFY2(r.issues.isEmpty(), qPrintable(r.issues.value(0).text()));
        QCOMPARE(requiredVersion(*r.scenario), 2);
        auto c = std::make_shared<const CompiledScenario>(compile(*r.scenario));
        Simulation sim(c);
        sim.runDays(1);
        int lights = 0, cooked = 0;
        for (const Event &e : sim.events().events) {
            if (e.kind == EventKind::Complete && c->actionIds[size_t(e.action)] == u"lightFire")
                ++lights;
            if (e.kind == EventKind::Complete && c->actionIds[size_t(e.action)] == u"cookFish")
                ++cooked;
        }
        QVERIFY(lights >= 2); // the fire goes out and is lit again
        QVERIFY(cooked >= 4);
    }
};

QTEST_GUILESS_MAIN(TestOperators)
#include "test_operators.moc"
