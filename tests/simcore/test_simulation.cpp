// The simulation: execution, re-checks, waiting, contention, the ballot, the
// day, records and determinism (SPEC §4-7, §9).
#include "io/scenarioreader.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "scenarios.h"
#include "sim/records.h"
#include "sim/simulation.h"
#include "testutil.h"

#include <QDir>
#include <QtTest>

#include <map>

using namespace goap;
using namespace goap::sim;

namespace {

using goap::testing::kSource;
using goap::testing::loadShipped;

std::shared_ptr<const CompiledScenario> compiled(const Scenario &s)
{
    return std::make_shared<const CompiledScenario>(compile(s));
}

QStringList planOf(const CompiledScenario &c, const EventLog &log, const Event &e)
{
    QStringList out;
    for (std::uint32_t k = e.planBegin; k < e.planEnd; ++k)
        out << c.actionIds[size_t(log.planActions[k])];
    return out;
}

std::vector<Event> eventsOf(const EventLog &log, int agent, EventKind kind)
{
    std::vector<Event> out;
    for (const Event &e : log.events)
        if (e.agent == agent && e.kind == kind)
            out.push_back(e);
    return out;
}

int satisfiedCount(const DayReport &day, const CompiledScenario &c, const char *agent)
{
    for (const GoalReport &g : day.agents[size_t(c.agentIndex(QLatin1String(agent)))].goals)
        if (c.goals[size_t(g.goal)].kind == GoalKind::Need)
            return g.satisfied;
    return -1;
}

Action action(const char *id, const char *station, double duration, QList<Condition> pre, QList<Effect> add)
{
    return Action {QLatin1String(id), QLatin1String(id), QLatin1String(station), duration, 1, pre, {}, add};
}

} // namespace

namespace goap::sim {
char *toString(Phase p)
{
    return qstrdup(qPrintable(phaseName(p)));
}
} // namespace goap::sim

class TestSimulation : public QObject
{
    Q_OBJECT

private slots:
    // Issue #31: a maximise goal on the ballot. At dawn the prospector's plan
    // for Riches is the best the planner can prove within the budget (8 gold,
    // not the greedy 6); each safe point plans again with what is left of the
    // budget, so the steps it follows are that plan, and when its last step is
    // done the pouch holds exactly the value planned: the goal is satisfied
    // (an event, the day's count, insistence back to its start) and the next
    // episode starts with the whole budget.
    void prospectorEndsItsPlanWithTheBestReachableValue()
    {
        const auto c = compiled(loadShipped(QStringLiteral("prospector.json")));
        const int riches = c->goalIndex(u"riches");
        const FactId gold = c->fact(u"agent.gold");
        Planner planner(*c);
        Plan best;
        QVERIFY(planner.planForAgent(c->dawnState(0), 0, riches, best));
        QVERIFY(best.extreme && best.optimal);
        QCOMPARE(best.value, 8);
        Simulation sim(c);
        std::vector<int> done; // the actions completed before Riches is satisfied
        bool satisfied = false;
        double insistenceBefore = 0;
        for (std::int64_t t = 0; t < sim.ticksPerDay() && !satisfied; ++t) {
            const size_t before = sim.events().events.size();
            insistenceBefore = sim.insistence(0, 0);
            sim.step();
            for (size_t k = before; k < sim.events().events.size(); ++k) {
                const Event &e = sim.events().events[k];
                if (e.kind == EventKind::Complete)
                    done.push_back(e.action);
                if (e.kind == EventKind::NeedSatisfied && e.goal == riches) {
                    satisfied = true;
                    QCOMPARE(sim.agentFacts(0)[size_t(gold)], best.value); // the value planned, reached
                }
            }
        }
        QVERIFY(satisfied);
        QCOMPARE(done, best.actions);
        QVERIFY(insistenceBefore > c->goals[size_t(riches)].start);
        QCOMPARE(sim.insistence(0, 0), c->goals[size_t(riches)].start); // reset after this tick's climb
        // The next episode plans with the whole budget again: four digs.
        sim.runDays(1);
        const EventLog &log = sim.events();
        const std::vector<Event> plans = eventsOf(log, 0, EventKind::Plan);
        const auto next = std::find_if(plans.begin(), plans.end(), [&](const Event &e) {
            return e.t > 0 && planOf(*c, log, e) == QStringList(4, QStringLiteral("digMine"));
        });
        QVERIFY(next != plans.end());
        QCOMPARE(next->planCost, 12.0);
        const std::vector<DayReport> &days = sim.reports();
        QVERIFY(days.front().agents[0].goals[0].satisfied >= 5);
    }

    void cookFindsTheSameFourStepsAfterEveryMeal()
    {
        const auto c = compiled(loadShipped(QStringLiteral("cook.json")));
        Simulation sim(c);
        sim.runDays(1);
        const EventLog &log = sim.events();
        const QStringList four {"chopWood", "lightFire", "cookMeal", "eatMeal"};
        int meals = 0;
        bool expectFresh = true; // at dawn and after each meal the next plan starts from scratch
        for (const Event &e : log.events) {
            if (e.kind == EventKind::NeedSatisfied) {
                ++meals;
                expectFresh = true;
            } else if (e.kind == EventKind::Plan && expectFresh) {
                QCOMPARE(planOf(*c, log, e), four);
                expectFresh = false;
            }
        }
        QVERIFY2(meals >= 3, qPrintable(QString::number(meals)));
        QCOMPARE(satisfiedCount(sim.reports().front(), *c, "cook"), meals);
    }

    void smithyBlacksmithWaitsThenWalksToTheFurnace()
    {
        const auto c = compiled(loadShipped(QStringLiteral("smithy.json")));
        Simulation sim(c);
        const int smith = c->agentIndex(u"blacksmith");
        const FactId ingot = c->fact(u"world.ironIngot");
        sim.runUntil(0, 1.0);
        QCOMPARE(sim.phase(smith), Phase::Waiting);
        const auto waiting = eventsOf(sim.events(), smith, EventKind::Waiting);
        QCOMPARE(waiting.size(), size_t(1));
        QCOMPARE(eventText(*c, sim.events(), waiting.front()),
                 QStringLiteral("No viable plan — waiting on the world to change"));

        while (sim.world()[size_t(ingot - c->agentFactCount)] < 1) {
            QVERIFY(sim.phase(smith) == Phase::Waiting);
            sim.step();
            QVERIFY(sim.day() == 0);
        }
        const double landed = sim.time();
        QVERIFY(landed > 5);
        // Within about a simulated second it is walking to the furnace.
        while (sim.phase(smith) == Phase::Waiting)
            sim.step();
        QVERIFY2(sim.time() - landed <= 1.0 + 1e-9, qPrintable(QString::number(sim.time() - landed)));
        QCOMPARE(sim.phase(smith), Phase::Walking);
        QCOMPARE(c->actionIds[size_t(sim.currentAction(smith))], QStringLiteral("collectIron"));
        const Snapshot snap = sim.snapshot();
        QCOMPARE(c->goalIds[size_t(snap.agents[size_t(smith)].currentGoal)], QStringLiteral("forgeTools"));
    }

    void contentionForTheLastUnit()
    {
        // Two characters, equally far from one gem: both plan for it, one gets it.
        Scenario s;
        s.name = QStringLiteral("Contention");
        s.world = {{QStringLiteral("gem"), 1}};
        s.stations = {{QStringLiteral("vault"), QStringLiteral("Vault"), {5, 5}}};
        s.actions = {action("takeGem", "vault", 1, {{"world.gem", 1}}, {{"world.gem", -1}, {"agent.gems", 1}})};
        s.goals = {Goal {QStringLiteral("rich"),
                         QStringLiteral("Riches"),
                         GoalKind::Need,
                         {{QStringLiteral("agent.gems"), 1}},
                         0.5,
                         0.01,
                         1}};
        for (auto [id, x] : {std::pair {"a", 3.0}, std::pair {"b", 7.0}})
            s.agents.append(Agent {QLatin1String(id),
                                   QLatin1String(id),
                                   {x, 5},
                                   1,
                                   {},
                                   {QStringLiteral("takeGem")},
                                   {GoalRef {QStringLiteral("rich"), {}, {}, {}}}});
        const auto c = compiled(s);
        Simulation sim(c);
        sim.runUntil(0, 10);
        const EventLog &log = sim.events();
        QCOMPARE(eventsOf(log, 0, EventKind::Plan).size() >= 1, true);
        QCOMPARE(eventsOf(log, 1, EventKind::Plan).size() >= 1, true);
        const int gems = c->fact(u"agent.gems");
        QCOMPARE(sim.agentFacts(0)[size_t(gems)] + sim.agentFacts(1)[size_t(gems)] + 0, 0); // spent by satisfaction
        QCOMPARE(eventsOf(log, 0, EventKind::NeedSatisfied).size(), size_t(1));
        QCOMPARE(eventsOf(log, 1, EventKind::NeedSatisfied).size(), size_t(0));
        const auto failed = eventsOf(log, 1, EventKind::RecheckFailed);
        QCOMPARE(failed.size(), size_t(1));
        QCOMPARE(eventText(*c, log, failed.front()), QStringLiteral("takeGem: world.gem is 0, needs 1"));
        QCOMPARE(sim.snapshot().agents[1].lastFailure, QStringLiteral("takeGem: world.gem is 0, needs 1"));
        // It replanned at once: no gem anywhere, so it waits.
        QCOMPARE(eventsOf(log, 1, EventKind::Waiting).size(), size_t(1));
        QCOMPARE(eventsOf(log, 1, EventKind::Waiting).front().t, failed.front().t);
        QCOMPARE(sim.world()[0], 0);
    }

    void poolsNeverGoNegative_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : QDir(kSource + "/scenarios").entryList({"*.json"}))
            QTest::newRow(qPrintable(f)) << f;
    }

    void poolsNeverGoNegative()
    {
        QFETCH(QString, file);
        const auto c = compiled(loadShipped(file));
        Options o;
        o.recordEvents = false;
        o.recordSamples = false;
        Simulation sim(c, o);
        const std::int64_t ticks = 3 * sim.ticksPerDay();
        for (std::int64_t k = 0; k < ticks; ++k) {
            sim.step();
            for (std::int32_t v : sim.world())
                QVERIFY(v >= 0);
            for (int a = 0; a < int(c->agents.size()); ++a)
                for (std::int32_t v : sim.agentFacts(a))
                    QVERIFY(v >= 0);
        }
        QCOMPARE(sim.day(), 2);
        QCOMPARE(sim.reports().size(), size_t(3));
    }

    void actionsAreAtomicAndArbitrationOnlyAtSafePoints_data() { poolsNeverGoNegative_data(); }

    void actionsAreAtomicAndArbitrationOnlyAtSafePoints()
    {
        // Between an action's start and its completion the character records
        // nothing of its own (no plan, no switch); between a plan and the start
        // of its first step (the walk) no other plan is made.
        QFETCH(QString, file);
        const auto c = compiled(loadShipped(file));
        Simulation sim(c);
        sim.runDays(2);
        const double margin = c->planner.switchMargin;
        std::map<int, int> acting, walking; // by character, spawned copies included
        for (const Event &e : sim.events().events) {
            if (e.agent < 0) {
                acting.clear();
                walking.clear();
                continue;
            }
            int &a = acting.try_emplace(e.agent, -1).first->second;
            int &w = walking.try_emplace(e.agent, 0).first->second;
            switch (e.kind) {
            case EventKind::Start:
                QCOMPARE(a, -1);
                a = e.action;
                w = 0;
                break;
            case EventKind::Complete:
                QCOMPARE(a, e.action);
                a = -1;
                break;
            case EventKind::QuotaMet:
                break; // observed, not decided
            case EventKind::Partnered:
                QCOMPARE(a, e.action);
                break; // as its action starts
            case EventKind::Spawned:
                QCOMPARE(a, -1);
                break;
            case EventKind::RecheckFailed:
                QCOMPARE(a, -1);
                w = 0;
                break;
            case EventKind::Plan:
                QCOMPARE(a, -1);
                QCOMPARE(w, 0);
                w = 1;
                break;
            case EventKind::Switch:
                QCOMPARE(a, -1);
                QCOMPARE(w, 0);
                QVERIFY(e.score > e.otherScore + margin);
                break;
            default:
                QCOMPARE(a, -1);
                break;
            }
        }
    }

    void hysteresisKeepsTheIncumbentWithinTheMargin()
    {
        // Town: whenever a character follows a goal whose score (at the last safe
        // point) is below another viable goal's, the gap is within the margin.
        // (With 4-s mining, the town's data before issue #26: its busier
        // morning keeps a lower-scoring incumbent now and then.)
        Scenario town = loadShipped(QStringLiteral("town.json"));
        town.actions[town.indexOfAction(u"mineOre")].duration = 4;
        const auto c = compiled(town);
        Simulation sim(c);
        int kept = 0;
        Snapshot snap;
        for (std::int64_t k = 0; k < sim.ticksPerDay(); ++k) {
            sim.step();
            sim.fillSnapshot(snap);
            for (const AgentSnapshot &a : snap.agents) {
                if (a.currentGoal < 0)
                    continue;
                const auto inc = std::find_if(a.ballot.begin(), a.ballot.end(),
                                              [&](const BallotEntry &b) { return b.goal == a.currentGoal; });
                QVERIFY(inc != a.ballot.end() && inc->viable);
                for (const BallotEntry &b : a.ballot) {
                    if (b.viable && b.score > inc->score) {
                        QVERIFY(b.score <= inc->score + c->planner.switchMargin + 1e-12);
                        ++kept;
                    }
                }
            }
        }
        QVERIFY2(kept > 0, "the town never exercised the margin");
        QVERIFY(!eventsOf(sim.events(), c->agentIndex(u"baker"), EventKind::Switch).empty());
    }

    void aNeedWithNoPlanDoesNotParalyse()
    {
        // Hunger with no food anywhere: it climbs to the ceiling and drops out of
        // the ballot, and the character keeps working on its quota.
        Scenario s;
        s.name = QStringLiteral("Famine");
        s.day = {200, 0.1};
        s.stations = {{QStringLiteral("bench"), QStringLiteral("Bench"), {2, 2}},
                      {QStringLiteral("table"), QStringLiteral("Table"), {8, 2}}};
        s.actions = {action("work", "bench", 4, {}, {{"agent.done", 1}}),
                     action("eat", "table", 2, {{"world.food", 1}}, {{"world.food", -1}, {"agent.fed", 1}})};
        s.goals = {Goal {QStringLiteral("hunger"),
                         QStringLiteral("Hunger"),
                         GoalKind::Need,
                         {{QStringLiteral("agent.fed"), 1}},
                         0.5,
                         0.05,
                         1},
                   Goal {QStringLiteral("work"),
                         QStringLiteral("Work"),
                         GoalKind::Quota,
                         {{QStringLiteral("agent.done"), 30}},
                         0,
                         0,
                         1}};
        s.agents
            = {Agent {QStringLiteral("w"),
                      QStringLiteral("Worker"),
                      {1, 1},
                      2,
                      {},
                      {QStringLiteral("work"), QStringLiteral("eat")},
                      {GoalRef {QStringLiteral("hunger"), {}, {}, {}}, GoalRef {QStringLiteral("work"), {}, {}, {}}}}};
        const auto c = compiled(s);
        Simulation sim(c);
        sim.runUntil(0, 100);
        QCOMPARE(sim.insistence(0, 0), 1.0); // hunger pinned at the ceiling
        const auto works = eventsOf(sim.events(), 0, EventKind::Complete);
        QVERIFY(works.size() >= 15);
        QVERIFY(works.back().t > 90);
        QVERIFY(eventsOf(sim.events(), 0, EventKind::Waiting).empty());
        const Snapshot snap = sim.snapshot();
        QVERIFY(!snap.agents[0].ballot[0].viable);
        QVERIFY(snap.agents[0].ballot[1].viable);
    }

    void restsWhenEveryWantIsQuiet()
    {
        const auto c = compiled(loadShipped(QStringLiteral("cook.json")));
        Simulation sim(c);
        sim.step();
        QCOMPARE(sim.phase(0), Phase::Resting); // hunger starts at 0, below 0.05
        QCOMPARE(eventsOf(sim.events(), 0, EventKind::Resting).size(), size_t(1));
        // It looks again once a simulated second, and gets up when hunger passes 0.05.
        sim.runUntil(0, 4.9);
        QCOMPARE(sim.phase(0), Phase::Resting);
        sim.runUntil(0, 6.2);
        QCOMPARE(sim.phase(0), Phase::Walking);
        QVERIFY(sim.insistence(0, 0) >= c->planner.restBelow);
    }

    void townDay()
    {
        const auto c = compiled(loadShipped(QStringLiteral("town.json")));
        Simulation sim(c);
        sim.runDays(1);
        const DayReport &day = sim.reports().front();
        for (size_t i = 0; i < day.agents.size(); ++i) {
            for (const GoalReport &g : day.agents[i].goals) {
                if (c->goals[size_t(g.goal)].kind == GoalKind::Quota) {
                    QVERIFY2(g.metAt.has_value(), qPrintable(c->agentIds[i]));
                    QVERIFY(*g.metAt <= 0.56); // the seed: every quota in the first 56% of the day
                } else {
                    QVERIFY2(g.satisfied >= 1, qPrintable(c->agentIds[i] + " never ate"));
                }
            }
        }
        // The ones with upstream gaps eat more often than the one with nothing upstream.
        QVERIFY(satisfiedCount(day, *c, "farmer") > satisfiedCount(day, *c, "miner"));
        QVERIFY(satisfiedCount(day, *c, "baker") > satisfiedCount(day, *c, "miner"));
        // The baker's quota lands last.
        auto metAt = [&](const char *agent) {
            for (const GoalReport &g : day.agents[size_t(c->agentIndex(QLatin1String(agent)))].goals)
                if (g.metAt)
                    return *g.metAt;
            return 2.0;
        };
        for (const char *a : {"miner", "smelter", "blacksmith", "farmer", "carpenter"})
            QVERIFY(metAt(a) < metAt("baker"));

        // The first tool unblocks the farmer and the carpenter in the same second.
        const EventLog &log = sim.events();
        const int smith = c->agentIndex(u"blacksmith"), farmer = c->agentIndex(u"farmer"),
                  carpenter = c->agentIndex(u"carpenter");
        double tool = -1;
        for (const Event &e : eventsOf(log, smith, EventKind::Complete))
            if (c->actionIds[size_t(e.action)] == u"forgeTool") {
                tool = e.t;
                break;
            }
        QVERIFY(tool > 0);
        auto firstPlanWith = [&](int agent, const char *actionId) {
            for (const Event &e : eventsOf(log, agent, EventKind::Plan))
                if (planOf(*c, log, e).contains(QLatin1String(actionId)))
                    return e.t;
            return -1.0;
        };
        const double f = firstPlanWith(farmer, "harvestWheat"), k = firstPlanWith(carpenter, "fellTree");
        QVERIFY(f >= tool && f - tool <= 1.0);
        QVERIFY(k >= tool && k - tool <= 1.0);
        QVERIFY(std::floor(f) == std::floor(k) || std::abs(f - k) < 1.0);
    }

    void bakeryRestocksTheShelfAllDay()
    {
        const auto c = compiled(loadShipped(QStringLiteral("bakery.json")));
        Simulation sim(c);
        const FactId bread = c->fact(u"world.bread");
        const size_t slot = size_t(bread - c->agentFactCount);
        int restocks = 0;
        bool stocked = false, dipped = false;
        for (std::int64_t k = 0; k < sim.ticksPerDay(); ++k) {
            sim.step();
            const std::int32_t shelf = sim.world()[slot];
            if (shelf >= 4 && (!stocked || dipped)) {
                restocks += stocked ? 1 : 0;
                stocked = true;
                dipped = false;
            } else if (stocked && shelf < 4) {
                dipped = true;
            }
        }
        QVERIFY2(restocks >= 3, qPrintable(QString::number(restocks)));
        int bakes = 0;
        for (const Event &e : eventsOf(sim.events(), c->agentIndex(u"baker"), EventKind::Complete))
            bakes += c->actionIds[size_t(e.action)] == u"bakeBread";
        QVERIFY(bakes >= 8);
    }

    void deterministicWhicheverWayItIsStepped_data() { poolsNeverGoNegative_data(); }

    void deterministicWhicheverWayItIsStepped()
    {
        QFETCH(QString, file);
        const auto c = compiled(loadShipped(file));
        auto logOf = [&](auto drive, bool memo) {
            Options o;
            o.memoiseSearches = memo;
            Simulation sim(c, o);
            drive(sim);
            return eventsJsonl(*c, sim.events()) + samplesCsv(*c, sim.samples()) + reportJson(*c, file, sim.reports());
        };
        const QByteArray reference = logOf([](Simulation &s) { s.runDays(2); }, true);
        QVERIFY(reference.size() > 1000);
        QCOMPARE(logOf([](Simulation &s) { s.runDays(2); }, true), reference);
        QCOMPARE(logOf([](Simulation &s) { s.runDays(2); }, false), reference); // memoised searches are exact
        QCOMPARE(logOf(
                     [](Simulation &s) {
                         while (s.totalTicks() + 37 <= 2 * s.ticksPerDay())
                             s.stepTicks(37);
                         s.runDays(2);
                     },
                     true),
                 reference);
        QCOMPARE(logOf(
                     [](Simulation &s) {
                         const double length = s.scenario().day.length;
                         for (double t = 0.5; t < 2 * length; t += 7.3)
                             s.runUntil(int(t / length), std::fmod(t, length));
                         s.runDays(2);
                     },
                     true),
                 reference);
        QCOMPARE(logOf(
                     [](Simulation &s) {
                         for (std::int64_t k = 0; k < 2 * s.ticksPerDay(); ++k)
                             s.step();
                     },
                     true),
                 reference);
    }

    void samplesAndReport()
    {
        const auto c = compiled(loadShipped(QStringLiteral("town.json")));
        Simulation sim(c);
        sim.runDays(1);
        const Samples &s = sim.samples();
        QCOMPARE(s.rows(), size_t(c->day.length / s.interval) + 1); // dawn and every second
        QCOMPARE(s.columns(), size_t(12)); // six characters x two goals
        QCOMPARE(s.rowTime.front(), 0.0);
        QCOMPARE(s.rowTime.back(), c->day.length);
        const QByteArray csv = samplesCsv(*c, s);
        QVERIFY(csv.startsWith("day,t,agent,goal,kind,insistence,progress\n"));
        QCOMPARE(csv.count('\n'), qsizetype(1 + s.rows() * s.columns()));
        const QByteArray report = reportJson(*c, QStringLiteral("Town"), sim.reports());
        for (const char *field :
             {"\"scenario\": \"Town\"", "\"dayLength\": 300", "\"metAt\":", "\"satisfied\":", "\"phaseSeconds\":",
              "\"plans\":", "\"recheckFailures\":", "\"goalSwitches\":", "\"waiting\":"})
            QVERIFY2(report.contains(field), field);
        // Phase seconds add up to the day for every character.
        for (const AgentReport &a : sim.reports().front().agents) {
            double total = 0;
            for (int p = 0; p < kPhaseCount; ++p)
                total += phaseSeconds(*c, a, Phase(p));
            QCOMPARE(qRound(total * 10), qRound(c->day.length * 10));
        }
    }

    // Issue #10.5: a run that drains its records as it goes formats every
    // event and sample exactly as one that keeps them, and keeps no more
    // than a day's worth: the names of copies gone at an earlier dawn are
    // dropped, so memory is flat in days.
    void drainingKeepsMemoryFlatAndRecordsExact()
    {
        const Scenario s = loadShipped(QStringLiteral("hospital.json"));
        const auto c = compiled(s);
        Simulation whole(c);
        whole.runDays(6);
        Simulation drained(c);
        QByteArray events, samples, report = reportHead(*c, s.name);
        EventLog batch;
        Samples rows;
        std::vector<size_t> names;
        int days = 0;
        auto write = [&](std::vector<DayReport> finished) {
            for (const DayReport &d : finished)
                report += (days++ ? ",\n" : "") + reportDay(*c, d);
        };
        while (drained.totalTicks() < 6 * drained.ticksPerDay()) {
            drained.stepTicks(drained.ticksPerDay() / 2); // chunks that end mid-day and at dusk
            drained.takeEvents(batch);
            for (const Event &e : batch.events)
                events += eventLine(*c, batch, e) + '\n';
            drained.takeSamples(rows);
            samples += samplesCsvRows(*c, rows);
            write(drained.takeFinishedReports());
            QVERIFY(drained.events().events.empty());
            QCOMPARE(drained.samples().rows(), size_t(0));
            names.push_back(drained.events().agentIds.size());
        }
        write({drained.reports().back()});
        report += reportTail();
        QCOMPARE(events, eventsJsonl(*c, whole.events()));
        QCOMPARE(samplesCsvHeader() + samples, samplesCsv(*c, whole.samples()));
        QCOMPARE(report, reportJson(*c, s.name, whole.reports()));
        QCOMPARE(drained.reports().size(), size_t(1));
        // Names held: a day's copies at most (the hospital sends 200 a day), not six days'.
        QVERIFY2(*std::max_element(names.begin(), names.end()) <= 2 + 2 * 200,
                 qPrintable(QString::number(names.back())));
        QVERIFY(whole.events().agentIds.size() > 6 * 200);
    }

    // Issue #30: a day report's phase ticks are counted a run of turns in one
    // phase at a time and folded in when read, at dawn, when a character
    // leaves and when a keyframe is kept. The hospital (copies that arrive
    // and leave, partners, lines) for two days: the report read after every
    // tick, or once at the end, or after a keyframe restored into another
    // simulation mid-day, is the same; and each day every character's phase
    // ticks add up to the ticks it was there, the day's whole for those who
    // stay.
    void phaseTicksCountEveryTurnHoweverOftenRead()
    {
        const auto c = compiled(loadShipped(QStringLiteral("hospital.json")));
        const std::int64_t day = Simulation(c).ticksPerDay();
        Simulation once(c), often(c);
        once.stepTicks(2 * day);
        for (std::int64_t t = 0; t < 2 * day; ++t) {
            often.step();
            QVERIFY(!often.reports().empty()); // read (and folded) every tick
        }
        Simulation before(c), after(c);
        before.stepTicks(day + day / 3);
        after.restore(*before.keyframe());
        after.stepTicks(2 * day - after.totalTicks());
        const QByteArray want = reportJson(*c, QStringLiteral("h"), once.reports());
        QCOMPARE(reportJson(*c, QStringLiteral("h"), often.reports()), want);
        before.stepTicks(2 * day - before.totalTicks());
        QCOMPARE(reportJson(*c, QStringLiteral("h"), before.reports()), want);
        const QByteArray restored = reportJson(*c, QStringLiteral("h"), after.reports()); // its days: the keyframe's on
        const QByteArray dayTwo = "\"day\": 1";
        QVERIFY(restored.indexOf(dayTwo) > 0);
        QCOMPARE(restored.mid(restored.indexOf(dayTwo)), want.mid(want.indexOf(dayTwo)));
        // The sums: ticks present, from the events (a copy arrives at its Spawned event, leaves at Left), by id.
        for (int d = 0; d < 2; ++d) {
            std::map<QString, std::int64_t> from, to;
            for (const Event &e : once.events().events) {
                if (e.day != d || e.agent < 0)
                    continue;
                const std::int64_t tick = std::llround(e.t / c->day.tick); // events of tick k (1..day) are at k x tick
                const QString &id = once.events().agentIds[size_t(e.agent)];
                if (e.kind == EventKind::Spawned)
                    from[id] = tick;
                if (e.kind == EventKind::Left)
                    to[id] = tick;
            }
            const DayReport &r = once.reports()[size_t(d)];
            int copies = 0, leavers = 0;
            for (const AgentReport &a : r.agents) {
                std::int64_t sum = 0;
                for (const std::int64_t t : a.phaseTicks)
                    sum += t;
                const std::int64_t first = from.count(a.id) ? from[a.id] : 1, last = to.count(a.id) ? to[a.id] : day;
                copies += int(from.count(a.id));
                leavers += int(to.count(a.id));
                QVERIFY2(sum == last - first + 1,
                         qPrintable(QStringLiteral("day %1, %2: %3 ticks counted, present %4..%5")
                                        .arg(d)
                                        .arg(a.id)
                                        .arg(sum)
                                        .arg(first)
                                        .arg(last)));
            }
            QVERIFY(copies > 100 && leavers > 100);
        }
    }

    void multiDayRunsResetAtDawn()
    {
        const auto c = compiled(loadShipped(QStringLiteral("town.json")));
        Simulation sim(c);
        sim.runDays(1);
        sim.runUntil(1, 0.1);
        QCOMPARE(sim.day(), 1);
        QCOMPARE(sim.world()[size_t(c->fact(u"world.bread") - c->agentFactCount)], 2); // starter stock again
    }

    // Dawn rebuilds everything (SPEC 6): in every shipped scenario without
    // spawners (whose copies take new serials each day) day three repeats day
    // one exactly, events and report; a maximise goal's episode under way at
    // nightfall leaves no budget spent (prospector.json's did).
    void everyDayRepeatsTheFirst_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *file : {"town.json", "cook.json", "smithy.json", "bakery.json", "campfire.json",
                                 "prospector.json", "travel.json"})
            QTest::newRow(file) << QString::fromLatin1(file);
    }

    void everyDayRepeatsTheFirst()
    {
        QFETCH(QString, file);
        const auto c = compiled(loadShipped(file));
        QVERIFY(c->spawners.empty());
        Simulation sim(c);
        sim.runDays(3);
        const auto day = [&](int d) {
            QByteArray lines;
            for (const Event &e : sim.events().events)
                if (e.day == d)
                    lines += eventLine(*c, sim.events(), e)
                                 .replace("\"day\": " + QByteArray::number(d), "\"day\": 0")
                                 .replace("Day " + QByteArray::number(d + 1) + " begins", "Day 1 begins")
                        + '\n';
            return lines;
        };
        const QByteArray first = day(0);
        QVERIFY(first.count('\n') > 10);
        QCOMPARE(day(1), first);
        QCOMPARE(day(2), first);
        const std::vector<DayReport> &reports = sim.reports();
        QCOMPARE(reports.size(), size_t(3));
        for (const int d : {1, 2}) {
            DayReport again = reports[size_t(d)];
            again.day = 0;
            QCOMPARE(reportJson(*c, QString(), {again}), reportJson(*c, QString(), {reports[0]}));
        }
    }

    // Seed 003: "a want with no viable plan at all scores nothing and drops
    // out of the ballot" ... "Below 0.05 on everything, they rest." Hunger
    // pinned at 1 with no bread anywhere does not keep a character from
    // resting: with a quota of urgency 0.1 (0.05 at half the day) it rests
    // until half the day, then works; with no viable want at all it waits.
    void restCountsOnlyWantsWithAPlan()
    {
        const ReadResult r = readScenario(R"({ "format": "goap-scenario", "version": 1, "name": "Starving",
          "day": { "length": 240, "tick": 0.1 }, "map": { "width": 10, "height": 10 }, "world": {},
          "stations": [ { "id": "mine", "at": [5, 5] } ],
          "actions": [ { "id": "mine", "station": "mine", "duration": 2, "cost": 1, "add": { "agent.ore": 1 } },
                       { "id": "eat", "duration": 1, "cost": 1, "pre": { "world.bread": 1 },
                         "add": { "world.bread": -1, "agent.fed": 1 } } ],
          "goals": [ { "id": "hunger", "kind": "need", "conditions": { "agent.fed": 1 }, "start": 1, "rate": 0 },
                     { "id": "work", "kind": "quota", "conditions": { "agent.ore": 100 }, "urgency": 0.1 } ],
          "agents": [ { "id": "m", "at": [1, 1], "speed": 2, "facts": {}, "actions": ["mine", "eat"],
                        "goals": [ { "goal": "hunger" }, { "goal": "work" } ] } ] })");
        QVERIFY(r.ok());
        const auto c = std::make_shared<const CompiledScenario>(compile(*r.scenario));
        Simulation sim(c);
        double firstStart = -1;
        bool waited = false;
        for (std::int64_t k = 0; k < sim.ticksPerDay(); ++k) {
            sim.step();
            if (sim.phase(0) == Phase::Waiting)
                waited = true;
            if (firstStart < 0 && sim.phase(0) == Phase::Acting)
                firstStart = sim.time();
            if (sim.time() < 110)
                QVERIFY2(sim.phase(0) == Phase::Resting,
                         qPrintable(QStringLiteral("%1 at %2 s").arg(int(sim.phase(0))).arg(sim.time())));
        }
        QVERIFY(!waited); // it always had the quota's plan
        QVERIFY2(firstStart >= 120 && firstStart < 130, qPrintable(QString::number(firstStart)));
    }
};

QTEST_GUILESS_MAIN(TestSimulation)
#include "test_simulation.moc"
