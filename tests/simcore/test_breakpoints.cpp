// Breakpoints (sim/breakpoints.h), without any GUI: what each kind stops at,
// that a crossing is reported once, that bad breakpoints are dropped, and
// that stopping at every hit and going on changes nothing in the run.

#include "scenarios.h"

#include "sim/breakpoints.h"
#include "sim/records.h"
#include "sim/simulation.h"

#include <QtTest>

using namespace goap;
using namespace goap::sim;

namespace {

// Steps until a breakpoint hits or `maxTicks` pass.
std::optional<BreakpointHit> runToHit(Simulation &sim, BreakpointWatch &watch, std::int64_t maxTicks)
{
    for (std::int64_t k = 0; k < maxTicks; ++k) {
        watch.beforeStep(sim);
        sim.step();
        if (auto hit = watch.afterStep(sim))
            return hit;
    }
    return std::nullopt;
}

} // namespace

class TestBreakpoints : public QObject
{
    Q_OBJECT

private slots:
    void aGoalSwitchStopsAtTheSwitchEvent()
    {
        auto town = testing::compileShipped(QStringLiteral("town.json"));
        Simulation sim(town);
        sim.start();
        BreakpointWatch watch;
        const int baker = 5;
        watch.set({{.kind = Breakpoint::Kind::GoalSwitch, .id = 7, .agent = baker}}, sim);
        const auto hit = runToHit(sim, watch, sim.ticksPerDay());
        QVERIFY(hit);
        QCOMPARE(hit->id, 7);
        QCOMPARE(hit->agent, baker);
        QVERIFY(hit->event);
        QCOMPARE(hit->event->kind, EventKind::Switch);
        QCOMPARE(hit->tick, sim.totalTicks());
        // The switch is the step's own, and nobody's switch came before it unseen.
        const auto &events = sim.events().events;
        int switches = 0;
        for (const Event &e : events)
            switches += e.kind == EventKind::Switch && e.agent == baker;
        QCOMPARE(switches, 1);
        QCOMPARE(events.back().day, hit->day);
    }

    void aWorldFactCrossingIsReportedOnceEachWay()
    {
        auto town = testing::compileShipped(QStringLiteral("town.json"));
        const FactId bread = town->fact(u"world.bread");
        QVERIFY(bread >= 0);
        Simulation sim(town);
        sim.start();
        const auto value = [&] { return sim.world()[size_t(bread - town->agentFactCount)]; };
        QCOMPARE(value(), 2); // the town's dawn
        BreakpointWatch watch;
        watch.set({{.kind = Breakpoint::Kind::FactFalls, .id = 1, .fact = bread, .value = 1}}, sim);
        auto hit = runToHit(sim, watch, sim.ticksPerDay());
        QVERIFY(hit);
        QCOMPARE(hit->id, 1);
        QVERIFY(hit->from >= 1);
        QVERIFY(hit->to < 1);
        QCOMPARE(hit->to, value());
        QVERIFY(!hit->event);
        // Staying below does not hit again; rising back and falling again would.
        Simulation again(town);
        again.start();
        BreakpointWatch counting;
        counting.set({{.kind = Breakpoint::Kind::FactFalls, .id = 1, .fact = bread, .value = 1}}, again);
        int hits = 0, falls = 0;
        std::int32_t before = 2;
        for (std::int64_t k = 0; k < again.ticksPerDay(); ++k) {
            counting.beforeStep(again);
            again.step();
            hits += counting.afterStep(again).has_value();
            const std::int32_t now = again.world()[size_t(bread - town->agentFactCount)];
            falls += before >= 1 && now < 1;
            before = now;
        }
        QVERIFY(falls >= 1);
        QCOMPARE(hits, falls);
    }

    void aQuotaAndACharactersOwnFact()
    {
        auto town = testing::compileShipped(QStringLiteral("town.json"));
        Simulation sim(town);
        sim.start();
        BreakpointWatch watch;
        watch.set({{.kind = Breakpoint::Kind::QuotaMet, .id = 3, .agent = -1, .goal = -1}}, sim);
        const auto hit = runToHit(sim, watch, sim.ticksPerDay());
        QVERIFY(hit);
        QVERIFY(hit->event);
        QCOMPARE(hit->event->kind, EventKind::QuotaMet);
        QCOMPARE(hit->agent, hit->event->agent);

        // The miner's own ore count reaching 1: its first mineOre completes.
        const FactId mined = town->fact(u"agent.oreMined");
        QVERIFY(mined >= 0 && !town->isWorldFact(mined));
        Simulation own(town);
        own.start();
        BreakpointWatch mine;
        mine.set({{.kind = Breakpoint::Kind::FactRises, .id = 4, .agent = 0, .fact = mined, .value = 1}}, own);
        const auto first = runToHit(own, mine, own.ticksPerDay());
        QVERIFY(first);
        QCOMPARE(first->agent, 0);
        QCOMPARE(first->from, 0);
        QCOMPARE(first->to, own.agentFacts(0)[size_t(mined)]);
        const auto &events = own.events().events;
        QVERIFY(std::any_of(events.begin(), events.end(), [&](const Event &e) {
            return e.kind == EventKind::Complete && e.agent == 0 && e.day == first->day;
        }));
    }

    void breakpointsTheScenarioCannotHaveAreDropped()
    {
        auto town = testing::compileShipped(QStringLiteral("town.json"));
        Simulation sim(town);
        sim.start();
        const FactId bread = town->fact(u"world.bread");
        BreakpointWatch watch;
        watch.set(
            {{.kind = Breakpoint::Kind::FactRises, .id = 1, .fact = 100000},
             {.kind = Breakpoint::Kind::FactRises, .id = 2, .agent = 3, .fact = bread}, // a world fact has no character
             {.kind = Breakpoint::Kind::GoalSwitch, .id = 3, .agent = 99},
             {.kind = Breakpoint::Kind::QuotaMet, .id = 4, .goal = 1000},
             {.kind = Breakpoint::Kind::NoPlan, .id = 5}},
            sim);
        QCOMPARE(int(watch.breakpoints().size()), 1);
        QCOMPARE(watch.breakpoints().front().id, 5);
    }

    void stoppingAtEveryHitChangesNothing()
    {
        auto town = testing::compileShipped(QStringLiteral("hospital.json"));
        Simulation plain(town);
        plain.start();
        plain.stepTicks(plain.ticksPerDay());

        Simulation watched(town);
        watched.start();
        BreakpointWatch watch;
        watch.set({{.kind = Breakpoint::Kind::GoalSwitch, .id = 1},
                   {.kind = Breakpoint::Kind::PlanFails, .id = 2},
                   {.kind = Breakpoint::Kind::NoPlan, .id = 3}},
                  watched);
        int hits = 0;
        while (watched.totalTicks() < watched.ticksPerDay())
            hits += runToHit(watched, watch, watched.ticksPerDay() - watched.totalTicks()).has_value();
        QVERIFY(hits > 0);
        QCOMPARE(eventsJsonl(watched.scenario(), watched.events()), eventsJsonl(plain.scenario(), plain.events()));
    }
};

QTEST_GUILESS_MAIN(TestBreakpoints)
#include "test_breakpoints.moc"
