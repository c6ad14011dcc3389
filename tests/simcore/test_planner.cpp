// The A* planner: plans, optimality, the node cap, determinism, statistics.
#include "io/scenarioreader.h"
#include "io/validator.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "synthetic.h"

#include <QRandomGenerator>
#include <QtTest>

#include <map>
#include <queue>

using namespace goap;

namespace {

Scenario loadShipped(const QString &name)
{
    const ReadResult r = readScenarioFile(QStringLiteral(GOAP_SOURCE_DIR "/scenarios/") + name);
    if (!r.ok())
        qFatal("cannot load %s: %s", qPrintable(name), qPrintable(r.issues.value(0).text()));
    return *r.scenario;
}

QStringList actionIds(const CompiledScenario &c, const Plan &p)
{
    QStringList out;
    for (int a : p.actions)
        out << c.actionIds[size_t(a)];
    return out;
}

void setFact(const CompiledScenario &c, std::vector<std::int32_t> &state, const char *fact, std::int32_t value)
{
    const FactId id = c.fact(QString::fromLatin1(fact));
    QVERIFY2(id >= 0, fact);
    state[size_t(id)] = value;
}

// A one-agent scenario from a list of actions and one goal condition.
Scenario tiny(const QList<Action> &actions, const Condition &goal)
{
    Scenario s;
    s.name = QStringLiteral("tiny");
    Agent a{QStringLiteral("a"), QStringLiteral("A"), {0, 0}, 1, {}, {}, {}};
    for (const Action &act : actions) {
        s.actions.append(act);
        a.actions.append(act.id);
    }
    Goal g;
    g.id = QStringLiteral("g");
    g.label = QStringLiteral("G");
    g.kind = GoalKind::Quota;
    g.conditions = {goal};
    s.goals = {g};
    a.goals = {GoalRef{g.id, {}, {}, {}}};
    s.agents = {a};
    return s;
}

Action act(const char *id, double cost, QList<Condition> pre, QList<Effect> set, QList<Effect> add)
{
    return Action{QLatin1String(id), QLatin1String(id), {}, 1, cost, pre, set, add};
}

// Uniform-cost search over std::map states: slow, obviously right, used to
// check the planner's plan costs on random problems.
double referenceCost(const CompiledScenario &c, const std::vector<std::int32_t> &start, int agent, int goal, int maxStates)
{
    using State = std::vector<std::int32_t>;
    std::map<State, double> best;
    using Entry = std::pair<double, State>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    open.push({0, start});
    best[start] = 0;
    const auto goalConds = c.conditionsOf(c.goals[size_t(goal)].conditions);
    int popped = 0;
    while (!open.empty() && popped < maxStates) {
        // Named, not a structured binding: clang 14 cannot capture one in a lambda.
        const double g = open.top().first;
        const State s = open.top().second;
        open.pop();
        if (g > best[s]) continue;
        ++popped;
        if (std::all_of(goalConds.begin(), goalConds.end(), [&](const CCondition &k) { return k.holds(s[size_t(k.fact)]); }))
            return g;
        for (int ai : c.agents[size_t(agent)].actions) {
            const CompiledAction &a = c.actions[size_t(ai)];
            const auto pre = c.conditionsOf(a.pre);
            if (!std::all_of(pre.begin(), pre.end(), [&](const CCondition &k) { return k.holds(s[size_t(k.fact)]); }))
                continue;
            State n = s;
            for (const CEffect &e : c.effectsOf(a.add)) n[size_t(e.fact)] = std::max<std::int64_t>(0, std::int64_t(n[size_t(e.fact)]) + e.value);
            for (const CEffect &e : c.effectsOf(a.set)) n[size_t(e.fact)] = e.value;
            const double ng = g + a.cost;
            auto it = best.find(n);
            if (it == best.end() || ng < it->second) {
                best[n] = ng;
                open.push({ng, n});
            }
        }
    }
    return -1;
}

} // namespace

class TestPlanner : public QObject
{
    Q_OBJECT

private slots:
    void cookPlanIsTheFourSteps()
    {
        const CompiledScenario c = compile(loadShipped(QStringLiteral("cook.json")));
        Planner planner(c);
        Plan plan;
        QVERIFY(planner.planForAgent(c.dawnState(0), 0, c.goalIndex(u"hunger"), plan));
        QCOMPARE(actionIds(c, plan), (QStringList{"chopWood", "lightFire", "cookMeal", "eatMeal"}));
        QCOMPARE(plan.cost, 4.0);
        QVERIFY(plan.expanded >= 5); // at least the five states on the path
        QVERIFY(plan.generated >= 4);
    }

    void cookPlansAgainFromAFireThatIsOut()
    {
        // After a meal: fed spent, fire out, arms empty -> the same four steps.
        // With wood already in hand the search starts from lightFire.
        const CompiledScenario c = compile(loadShipped(QStringLiteral("cook.json")));
        Planner planner(c);
        Plan plan;
        auto state = c.dawnState(0);
        setFact(c, state, "agent.wood", 1);
        QVERIFY(planner.planForAgent(state, 0, 0, plan));
        QCOMPARE(actionIds(c, plan), (QStringList{"lightFire", "cookMeal", "eatMeal"}));
        setFact(c, state, "agent.wood", 0);
        setFact(c, state, "world.fireLit", 1);
        QVERIFY(planner.planForAgent(state, 0, 0, plan));
        QCOMPARE(actionIds(c, plan), (QStringList{"cookMeal", "eatMeal"}));
        setFact(c, state, "agent.fed", 1);
        QVERIFY(planner.planForAgent(state, 0, 0, plan));
        QVERIFY(plan.actions.empty()); // already satisfied: the empty plan
        QCOMPARE(plan.expanded, 1);
    }

    void smithyBlacksmithWaitsForAnIngot()
    {
        const CompiledScenario c = compile(loadShipped(QStringLiteral("smithy.json")));
        const int smith = c.agentIndex(u"blacksmith");
        const int goal = c.goalIndex(u"forgeTools");
        Planner planner(c);
        Plan plan;
        auto state = c.dawnState(smith);
        QVERIFY(!planner.planForAgent(state, smith, goal, plan));
        QVERIFY(plan.actions.empty());
        setFact(c, state, "world.ironIngot", 1);
        QVERIFY(planner.planForAgent(state, smith, goal, plan));
        QCOMPARE(actionIds(c, plan), (QStringList{"collectIron", "forgeTool"}));
    }

    void cheaperLongerPlanBeatsPricierShortOne()
    {
        // `buy` reaches the goal in one step for 10; gather+craft take two for 2.
        const Scenario s = tiny({act("buy", 10, {}, {}, {{"agent.thing", 1}}),
                                 act("gather", 1, {}, {}, {{"agent.stuff", 1}}),
                                 act("craft", 1, {{"agent.stuff", 1}}, {}, {{"agent.stuff", -1}, {"agent.thing", 1}})},
                                {"agent.thing", 1});
        QVERIFY(!hasErrors(validate(s)));
        const CompiledScenario c = compile(s);
        Planner planner(c);
        Plan plan;
        QVERIFY(planner.planForAgent(c.dawnState(0), 0, 0, plan));
        QCOMPARE(actionIds(c, plan), (QStringList{"gather", "craft"}));
        QCOMPARE(plan.cost, 2.0);
    }

    void unreachableGoalInAnUnboundedSpaceStopsAtTheCap()
    {
        // `count` can always run and every run is a new state: the space never ends.
        Scenario s = tiny({act("count", 1, {}, {}, {{"agent.n", 1}})}, {"agent.never", 1});
        for (int cap : {1, 100, 5000}) {
            s.planner.maxNodes = cap;
            const CompiledScenario c = compile(s);
            Planner planner(c);
            Plan plan;
            QVERIFY(!planner.planForAgent(c.dawnState(0), 0, 0, plan));
            QCOMPARE(plan.expanded, cap);
            QCOMPARE(plan.reason, PlanReason::NodeCap);
            QVERIFY(plan.actions.empty());
        }
    }

    // Issue #10: one character, 61 always-applicable actions, maxNodes
    // 1,000,000. Every expansion keeps up to 61 new states, and one search
    // used to reach 6.5 GB (std::bad_alloc, an abort, under a 3 GB limit).
    // Now it ends with the memory answer, its pools within the documented limit.
    void aWideSearchEndsWithTheMemoryAnswer()
    {
        QList<Action> actions;
        for (int i = 0; i < 61; ++i) {
            const QByteArray id = "a" + QByteArray::number(i), fact = "agent.f" + QByteArray::number(i);
            actions.append(act(id.constData(), 1, {}, {}, {{QString::fromLatin1(fact), 1}}));
        }
        Scenario s = tiny(actions, {"agent.never", 1});
        s.planner.maxNodes = limits::kMaxNodes;
        QVERIFY(!hasErrors(validate(s)));
        const CompiledScenario c = compile(s);
        const std::size_t limit = Planner::memoryLimit(s.planner.maxNodes);
        QCOMPARE(limit, Planner::kMaxMemoryLimit);
        Planner planner(c);
        Plan plan;
        QVERIFY(!planner.planForAgent(c.dawnState(0), 0, 0, plan));
        QCOMPARE(plan.reason, PlanReason::Memory);
        QVERIFY(plan.expanded < s.planner.maxNodes);
        QVERIFY2(planner.reservedBytes() <= limit, qPrintable(QString::number(planner.reservedBytes())));
        // Most of the budget was used: the limit, not something smaller, stopped it.
        QVERIFY(planner.reservedBytes() > limit / 2);
        // The same answer on every run, with no new memory, and the planner still plans.
        const std::size_t reserved = planner.reservedBytes();
        Plan again;
        QVERIFY(!planner.planForAgent(c.dawnState(0), 0, 0, again));
        QCOMPARE(again.reason, PlanReason::Memory);
        QCOMPARE(again.expanded, plan.expanded);
        QCOMPARE(again.generated, plan.generated);
        QCOMPARE(planner.reservedBytes(), reserved);
        auto state = c.dawnState(0);
        setFact(c, state, "agent.never", 1);
        QVERIFY(planner.planForAgent(state, 0, 0, again));
        QCOMPARE(again.reason, PlanReason::Found);
    }

    void memoryLimitFollowsTheNodeCap()
    {
        QCOMPARE(Planner::memoryLimit(1), Planner::kMinMemoryLimit);
        QCOMPARE(Planner::memoryLimit(5000), std::size_t(5000) * Planner::kBytesPerExpansion);
        QCOMPARE(Planner::memoryLimit(limits::kMaxNodes), Planner::kMaxMemoryLimit);
        // A limit too small for even one expansion's successors is the memory answer, not a crash.
        const Scenario s = tiny({act("count", 1, {}, {}, {{"agent.n", 1}})}, {"agent.never", 1});
        const CompiledScenario c = compile(s);
        Planner planner(c);
        planner.setMemoryLimit(1);
        Plan plan;
        QVERIFY(!planner.planForAgent(c.dawnState(0), 0, 0, plan));
        QCOMPARE(plan.reason, PlanReason::Memory);
        QCOMPARE(plan.expanded, 0);
        planner.setMemoryLimit(0);
        QVERIFY(!planner.planForAgent(c.dawnState(0), 0, 0, plan));
        QCOMPARE(plan.reason, PlanReason::NodeCap);
        QCOMPARE(QByteArray(toString(PlanReason::Memory)), QByteArray("memory"));
        QCOMPARE(QByteArray(toString(PlanReason::NodeCap)), QByteArray("nodeCap"));
        QCOMPARE(QByteArray(toString(PlanReason::Exhausted)), QByteArray("exhausted"));
    }

    void closedSetEndsAFiniteSearch()
    {
        // A finite space (a toggle) with no route to the goal ends before the cap.
        const Scenario s = tiny({act("on", 1, {}, {{"agent.light", 1}}, {}), act("off", 1, {}, {{"agent.light", 0}}, {})},
                                {"agent.never", 1});
        const CompiledScenario c = compile(s);
        Planner planner(c);
        Plan plan;
        QVERIFY(!planner.planForAgent(c.dawnState(0), 0, 0, plan));
        QCOMPARE(plan.expanded, 2);
        QCOMPARE(plan.reason, PlanReason::Exhausted);
    }

    void chainProblemWithNoise()
    {
        const CompiledScenario c = compile(testing::chainScenario(10, 6));
        Planner planner(c);
        Plan plan;
        QVERIFY(planner.planForAgent(c.dawnState(0), 0, 0, plan));
        QCOMPARE(plan.actions.size(), size_t(10));
        QCOMPARE(plan.cost, 10.0);
        for (int i = 0; i < 10; ++i)
            QCOMPARE(c.actionIds[size_t(plan.actions[size_t(i)])], QStringLiteral("stage%1alt1").arg(i + 1));
        QVERIFY(plan.expanded < c.planner.maxNodes);
    }

    void tiesAreBrokenByActionOrder()
    {
        // Two one-step plans of equal cost: the earlier-listed action wins, every time.
        const Scenario s = tiny({act("left", 1, {}, {}, {{"agent.done", 1}}), act("right", 1, {}, {}, {{"agent.done", 1}})},
                                {"agent.done", 1});
        const CompiledScenario c = compile(s);
        Planner planner(c);
        Plan plan;
        for (int i = 0; i < 3; ++i) {
            QVERIFY(planner.planForAgent(c.dawnState(0), 0, 0, plan));
            QCOMPARE(actionIds(c, plan), QStringList{"left"});
        }
    }

    void spendingNeverGoesNegative()
    {
        // `burn` spends 5 from a pool of 2 without requiring it: the pool stops at 0.
        const Scenario s = tiny({act("burn", 1, {}, {}, {{"agent.fuel", -5}, {"agent.heat", 1}})}, {"agent.heat", 1});
        const CompiledScenario c = compile(s);
        Planner planner(c);
        Plan plan;
        auto state = c.dawnState(0);
        setFact(c, state, "agent.fuel", 2);
        QVERIFY(planner.planForAgent(state, 0, 0, plan));
        QCOMPARE(plan.actions.size(), size_t(1));
    }

    void reusedPlannerGivesFreshResults()
    {
        // Interleaving different searches on one Planner must not leak state.
        const CompiledScenario cook = compile(loadShipped(QStringLiteral("cook.json")));
        const CompiledScenario chain = compile(testing::chainScenario(10, 6));
        Planner cookPlanner(cook), chainPlanner(chain);
        Plan first, again;
        cookPlanner.planForAgent(cook.dawnState(0), 0, 0, first);
        for (int i = 0; i < 2000; ++i) {
            chainPlanner.planForAgent(chain.dawnState(0), 0, 0, again);
            QCOMPARE(again.cost, 10.0);
            cookPlanner.planForAgent(cook.dawnState(0), 0, 0, again);
            QCOMPARE(again.actions, first.actions);
            QCOMPARE(again.expanded, first.expanded);
            QCOMPARE(again.generated, first.generated);
        }
    }

    void hashIsOrderIndependentAndIncremental()
    {
        const std::vector<std::int32_t> a{0, 3, 0, 7};
        const std::vector<std::int32_t> b{0, 0, 0, 7};
        QCOMPARE(stateHash(a), stateHash(b) + factKey(1, 3));
        QCOMPARE(factKey(5, 0), std::uint64_t(0));
        QVERIFY(factKey(1, 3) != factKey(3, 1));
    }

    void randomProblemsMatchAReferenceSearch_data()
    {
        QTest::addColumn<int>("seed");
        for (int seed = 1; seed <= 40; ++seed)
            QTest::addRow("seed %d", seed) << seed;
    }

    void randomProblemsMatchAReferenceSearch()
    {
        // Random actions over 4 agent facts, integer costs >= 1 and a single goal
        // condition, so h is admissible and A* must find the optimal cost.
        QFETCH(int, seed);
        QRandomGenerator rng{quint32(seed)};
        QList<Action> actions;
        const int n = 3 + int(rng.bounded(6));
        auto fact = [&] { return QStringLiteral("agent.f%1").arg(rng.bounded(4)); };
        for (int i = 0; i < n; ++i) {
            Action a{QStringLiteral("a%1").arg(i), QStringLiteral("a%1").arg(i), {}, 1, double(1 + rng.bounded(3)), {}, {}, {}};
            if (rng.bounded(3) > 0) a.pre.append({fact(), 1 + int(rng.bounded(2))});
            const QString target = fact();
            if (rng.bounded(2)) a.set.append({target, int(rng.bounded(3))});
            else a.add.append({target, int(rng.bounded(5)) - 2});
            QString other = fact();
            if (other != target && rng.bounded(2)) a.add.append({other, 1});
            actions.append(a);
        }
        const Scenario s = tiny(actions, {QStringLiteral("agent.f%1").arg(rng.bounded(4)), 1 + int(rng.bounded(3))});
        if (hasErrors(validate(s)))
            QSKIP("generated an invalid scenario");
        const CompiledScenario c = compile(s);
        Planner planner(c);
        Plan plan;
        const bool found = planner.planForAgent(c.dawnState(0), 0, 0, plan);
        const double reference = referenceCost(c, c.dawnState(0), 0, 0, 200000);
        if (plan.expanded >= c.planner.maxNodes)
            QSKIP("the search hit the cap");
        QCOMPARE(found, reference >= 0);
        if (found) {
            QCOMPARE(plan.cost, reference);
            // Replaying the plan reaches the goal.
            auto state = c.dawnState(0);
            for (int ai : plan.actions) {
                const CompiledAction &a = c.actions[size_t(ai)];
                for (const CCondition &k : c.conditionsOf(a.pre)) QVERIFY(k.holds(state[size_t(k.fact)]));
                for (const CEffect &e : c.effectsOf(a.add)) state[size_t(e.fact)] = std::max(0, state[size_t(e.fact)] + e.value);
                for (const CEffect &e : c.effectsOf(a.set)) state[size_t(e.fact)] = e.value;
            }
            for (const CCondition &k : c.conditionsOf(c.goals[0].conditions)) QVERIFY(k.holds(state[size_t(k.fact)]));
        }
    }
};

QTEST_GUILESS_MAIN(TestPlanner)
#include "test_planner.moc"
