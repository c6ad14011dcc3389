// The parallel tick (issue #30): the event log, the report and the samples
// of a run are the same bytes on 1, 2 and 8 threads; on the shipped town and
// hospital (spawns, queues, partners) and a small walled town (3 days each,
// stepped serially below kParallelFrom whatever the setting), and on towns
// big enough that the per-character part runs on the pool.

#include "goapsim.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "planner/compiledscenario.h"
#include "scenarios.h"
#include "sim/records.h"
#include "sim/simulation.h"
#include "synthetic.h"

#include <QTemporaryDir>
#include <QtTest>
#include <bit>
#include <random>

using namespace goap;

namespace {

struct Run
{
    QByteArray events, report, samples;
    int threads = 0;
    std::int64_t parallelTicks = 0;
    std::int64_t unsettledTurns = 0;
    std::int64_t arrivalsAhead = 0, arrivalsRedone = 0;
};

// parallelFrom: present characters from which the pool is used (0: a small
// town on the pool too, its turns taken ahead where they are a character's own).
Run run(const std::shared_ptr<const CompiledScenario> &compiled, int threads, int days,
        int parallelFrom = sim::kParallelFrom, bool checkArrivals = true)
{
    sim::Options options;
    options.threads = threads;
    options.parallelFrom = parallelFrom;
    sim::Simulation simulation(compiled, options);
    simulation.setCheckArrivals(checkArrivals);
    simulation.runDays(days);
    Run r;
    r.events = sim::eventsJsonl(*compiled, simulation.events());
    r.report = sim::reportJson(*compiled, QStringLiteral("run"), simulation.reports());
    r.samples = sim::samplesCsv(*compiled, simulation.samples());
    r.threads = simulation.threads();
    r.parallelTicks = simulation.parallelTicks();
    r.unsettledTurns = simulation.unsettledTurns();
    r.arrivalsAhead = simulation.arrivalsTakenAhead();
    r.arrivalsRedone = simulation.arrivalsRedone();
    return r;
}

// FNV-style digest of every day's phase ticks, character by character, phase by phase.
std::uint64_t phaseDigest(const std::vector<sim::DayReport> &days)
{
    std::uint64_t h = 1469598103934665603u;
    for (const sim::DayReport &day : days)
        for (const sim::AgentReport &a : day.agents)
            for (const std::int64_t t : a.phaseTicks)
                h = h * 1099511628211u + std::uint64_t(t);
    return h;
}

} // namespace

class TestParallel : public QObject
{
    Q_OBJECT

private slots:
    // Issue #30: the day reports count turns by phase a run of turns at a
    // time (Simulation::countTurn), no longer a turn at a time. The counts
    // must be the ones counting each turn gave (c3ea9d2, digests of its
    // `goap-sim run --report`): the hospital for two days (copies arriving
    // and leaving, partners, lines) serially and with its own turns taken on
    // the pool (put back when another's turn reaches them), and a
    // 2,000-character town for a day on two threads.
    void phaseTicksAreThePerTickCounts()
    {
        const auto hospital = std::make_shared<const CompiledScenario>(compile(testing::loadShipped("hospital.json")));
        const auto town = std::make_shared<const CompiledScenario>(
            compile(testing::replicatedTown(testing::loadShipped("town.json"), 2000)));
        const std::uint64_t hospitalDigest = 0x580b82dc58758f51u, townDigest = 0xaeb75ffd37c1a7c1u;
        for (const int parallelFrom : {sim::kParallelFrom, 0}) {
            sim::Options options;
            options.threads = parallelFrom == 0 ? 2 : 1;
            options.parallelFrom = parallelFrom;
            sim::Simulation simulation(hospital, options);
            simulation.runDays(2);
            QCOMPARE(phaseDigest(simulation.reports()), hospitalDigest);
            if (parallelFrom == 0)
                QVERIFY(simulation.unsettledTurns() > 0); // turns were taken ahead and put back
        }
        sim::Options options;
        options.threads = 2;
        sim::Simulation simulation(town, options);
        simulation.runDays(1);
        QVERIFY(simulation.parallelTicks() > 0);
        QCOMPARE(phaseDigest(simulation.reports()), townDigest);
    }

    void sameRecordsOnAnyThreads_data()
    {
        QTest::addColumn<QString>("town");
        QTest::addColumn<int>("days");
        QTest::addColumn<bool>("parallel"); // big enough for the pool
        QTest::newRow("town") << QStringLiteral("town") << 3 << false;
        QTest::newRow("hospital") << QStringLiteral("hospital") << 3 << false;
        QTest::newRow("walled town, 64") << QStringLiteral("walled 64") << 3 << false;
        QTest::newRow("replicated town, 2000") << QStringLiteral("replicated 2000") << 1 << true;
        QTest::newRow("walled town, 1000") << QStringLiteral("walled 1000") << 1 << true;
    }

    // The shipped town and hospital and a small walled town put on the pool
    // (Options::parallelFrom 0): a turn that is a character's own (mid-walk,
    // mid-action, waiting, in line) is taken ahead and the ordered loop
    // passes it by, unless an earlier turn of the same tick reads or changes
    // that character: a nurse taking a waiting patient as its partner, a
    // place come free calling the front of its line, a line moving up, an
    // arrival bumping whoever stands on its place. Then it is put back and
    // takes its turn in order. The records are the serial run's, and in the
    // hospital that happens (unsettledTurns), so the check is not vacuous.
    void ownTurnsTakenAhead_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("walled"); // characters of a walled town, 0: the file itself
        QTest::addColumn<bool>("touched"); // some turn taken ahead is put back
        QTest::newRow("town") << QStringLiteral("town.json") << 0 << false;
        QTest::newRow("hospital") << QStringLiteral("hospital.json") << 0 << true;
        QTest::newRow("walled town, 64") << QStringLiteral("town.json") << 64 << false;
    }

    void ownTurnsTakenAhead()
    {
        QFETCH(QString, file);
        QFETCH(int, walled);
        QFETCH(bool, touched);
        const Scenario shipped = testing::loadShipped(file);
        const auto compiled = std::make_shared<const CompiledScenario>(
            compile(walled > 0 ? testing::walledTown(shipped, walled) : shipped));
        const Run one = run(compiled, 1, 3);
        QCOMPARE(one.parallelTicks, 0);
        for (const int threads : {2, 8}) {
            const Run many = run(compiled, threads, 3, 0);
            QVERIFY(many.parallelTicks > 0);
            if (touched)
                QVERIFY(many.unsettledTurns > 0);
            QVERIFY2(many.events == one.events, qPrintable(QStringLiteral("events differ on %1 threads").arg(threads)));
            QVERIFY2(many.report == one.report,
                     qPrintable(QStringLiteral("report differs on %1 threads").arg(threads)));
            QVERIFY2(many.samples == one.samples,
                     qPrintable(QStringLiteral("samples differ on %1 threads").arg(threads)));
        }
    }

    void sameRecordsOnAnyThreads()
    {
        QFETCH(QString, town);
        QFETCH(int, days);
        QFETCH(bool, parallel);
        const Scenario shipped
            = testing::loadShipped(town == QLatin1String("hospital") ? "hospital.json" : "town.json");
        const int characters = town.section(u' ', 1).toInt();
        const Scenario scenario = town.startsWith(QLatin1String("walled")) ? testing::walledTown(shipped, characters)
            : town.startsWith(QLatin1String("replicated")) ? testing::replicatedTown(shipped, characters)
                                                           : shipped;
        Scenario oneDay = scenario;
        if (parallel)
            oneDay.day.length = 60; // a minute of the day: the pool's ticks, not the whole day
        const auto compiled = std::make_shared<const CompiledScenario>(compile(oneDay));
        const Run one = run(compiled, 1, days);
        QCOMPARE(one.threads, 1);
        QCOMPARE(one.parallelTicks, 0);
        QVERIFY(one.events.count('\n') > 100);
        QVERIFY(!one.samples.isEmpty());
        for (const int threads : {2, 8}) {
            const Run many = run(compiled, threads, days);
            QCOMPARE(many.threads, threads);
            // The pool works only for a crowd: a small town's tick pays for no thread.
            QCOMPARE(many.parallelTicks > 0, parallel);
            QVERIFY2(many.events == one.events, qPrintable(QStringLiteral("events differ on %1 threads").arg(threads)));
            QVERIFY2(many.report == one.report,
                     qPrintable(QStringLiteral("report differs on %1 threads").arg(threads)));
            QVERIFY2(many.samples == one.samples,
                     qPrintable(QStringLiteral("samples differ on %1 threads").arg(threads)));
        }
    }

    // Needs climb when read (Simulation::settleNeeds, insistenceOf), yet
    // read between any two ticks they are what a climb at every turn gives:
    // an eager copy kept from the events (a turn a tick while present, a
    // need met or an episode ended back to its start, dawn starting afresh,
    // copies spawned and leaving, a character that left frozen), bit for
    // bit, on the hospital (spawns, partners, copies leaving), the bakery,
    // the town, the prospector (a maximise goal's episodes), the campfire, a
    // character of the scenario's own that leaves, and a replicated town on
    // the pool.
    void needsClimbWhenReadAsEveryTurn_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("ticks");
        QTest::newRow("hospital") << QStringLiteral("hospital") << 1 << 9000;
        QTest::newRow("bakery") << QStringLiteral("bakery") << 1 << 7000;
        QTest::newRow("town") << QStringLiteral("town") << 1 << 6500;
        QTest::newRow("prospector (maximise)") << QStringLiteral("prospector") << 1 << 7000;
        QTest::newRow("campfire") << QStringLiteral("campfire") << 1 << 7000;
        QTest::newRow("leaver") << QStringLiteral("leaver") << 1 << 700;
        QTest::newRow("replicated 1000, 2 threads") << QStringLiteral("replicated 1000") << 2 << 900;
    }

    void needsClimbWhenReadAsEveryTurn()
    {
        QFETCH(QString, name);
        QFETCH(int, threads);
        QFETCH(int, ticks);
        Scenario scenario;
        if (name == QLatin1String("leaver")) {
            const ReadResult read = readScenario(R"({"format": "goap-scenario", "version": 1, "name": "Leaver",
                "day": {"length": 30, "tick": 0.1}, "map": {"width": 20, "height": 12}, "world": {"x": 0},
                "stations": [{"id": "home", "label": "Home", "at": [6, 3]}],
                "actions": [{"id": "goHome", "label": "Go home", "station": "home", "duration": 1, "cost": 1,
                             "set": {"agent.home": 1}, "leave": true}],
                "goals": [{"id": "homeGoal", "label": "Home", "kind": "need", "conditions": {"agent.home": 1},
                           "start": 0.5, "rate": 0.02},
                          {"id": "hunger", "label": "Hunger", "kind": "need", "conditions": {"agent.fed": 1},
                           "start": 0, "rate": 0.01}],
                "agents": [{"id": "walker", "label": "Walker", "at": [3, 3], "speed": 2,
                            "facts": {"home": 0, "fed": 0}, "actions": ["goHome"],
                            "goals": [{"goal": "homeGoal"}, {"goal": "hunger"}]}]})");
            QVERIFY(read.ok());
            scenario = *read.scenario;
        } else if (name.startsWith(QLatin1String("replicated"))) {
            scenario = testing::replicatedTown(testing::loadShipped(QStringLiteral("town.json")), 1000);
        } else {
            scenario = testing::loadShipped(name + QStringLiteral(".json"));
        }
        const auto compiled = std::make_shared<const CompiledScenario>(compile(scenario));
        const CompiledScenario &sc = *compiled;
        sim::Options options;
        options.threads = threads;
        options.recordSamples = false;
        sim::Simulation simulation(compiled, options);
        const double dt = sc.day.tick;
        // The eager copy: per storage index, its goals (the scenario's or its
        // template's), their needs now, and whether it takes turns.
        struct Eager
        {
            const std::vector<CompiledAgentGoal> *goals = nullptr;
            std::vector<double> need;
            bool present = false;
        };
        std::vector<Eager> eager(sc.agents.size());
        const auto begin = [&](Eager &e, const std::vector<CompiledAgentGoal> &goals) {
            e.goals = &goals;
            e.need.clear();
            for (const CompiledAgentGoal &g : goals)
                e.need.push_back(g.start);
            e.present = true;
        };
        const auto climb = [&](Eager &e) {
            for (size_t k = 0; k < e.need.size(); ++k)
                if (climbs(sc.goals[size_t((*e.goals)[k].goal)].kind))
                    e.need[k] = std::min(1.0, e.need[k] + (*e.goals)[k].rate * dt);
        };
        size_t seen = 0;
        int compared = 0, differ = 0, left = 0, met = 0;
        for (int t = 0; t < ticks; ++t) {
            simulation.step();
            const std::vector<sim::Event> &events = simulation.events().events;
            // This tick's events: dawn first (before anyone's turn), then
            // the turns in order, a need met or a character leaving after its climb.
            const bool dawn = std::any_of(events.begin() + std::ptrdiff_t(seen), events.end(),
                                          [](const sim::Event &e) { return e.kind == sim::EventKind::Dawn; });
            if (dawn) {
                eager.resize(sc.agents.size());
                for (size_t i = 0; i < sc.agents.size(); ++i)
                    begin(eager[i], sc.agents[i].goals);
            }
            std::vector<bool> spawnedNow(eager.size());
            for (size_t n = seen; n < events.size(); ++n)
                if (const sim::Event &e = events[n]; e.kind == sim::EventKind::Spawned) {
                    if (size_t(e.agent) >= eager.size())
                        eager.resize(size_t(e.agent) + 1);
                    spawnedNow.resize(eager.size());
                    begin(eager[size_t(e.agent)], sc.templates[size_t(e.other)].goals);
                }
            for (Eager &e : eager)
                if (e.present)
                    climb(e); // its turn this tick (a copy spawned now takes its first)
            for (size_t n = seen; n < events.size(); ++n) {
                const sim::Event &e = events[n];
                if (e.kind == sim::EventKind::NeedSatisfied) {
                    Eager &who = eager[size_t(e.agent)];
                    for (size_t k = 0; k < who.goals->size(); ++k)
                        if ((*who.goals)[k].goal == e.goal)
                            who.need[k] = (*who.goals)[k].start;
                    ++met;
                } else if (e.kind == sim::EventKind::Left) {
                    eager[size_t(e.agent)].present = false;
                    ++left;
                }
            }
            seen = events.size();
            for (size_t i = 0; i < eager.size(); ++i) {
                if (!eager[i].goals)
                    continue;
                for (size_t k = 0; k < eager[i].need.size(); ++k) {
                    if (!climbs(sc.goals[size_t((*eager[i].goals)[k].goal)].kind))
                        continue;
                    const double got = simulation.insistence(int(i), int(k));
                    ++compared;
                    if (std::bit_cast<std::uint64_t>(got) != std::bit_cast<std::uint64_t>(eager[i].need[k])
                        && ++differ <= 5)
                        qWarning("tick %lld, character %zu, goal %zu: %.17g, climbed every turn %.17g",
                                 (long long)simulation.totalTicks(), i, k, got, eager[i].need[k]);
                }
            }
        }
        QCOMPARE(differ, 0);
        QVERIFY(compared > ticks); // needs compared every tick
        QVERIFY(met > 0); // needs met, and started again
        if (name == QLatin1String("hospital") || name == QLatin1String("leaver"))
            QVERIFY(left > 0); // and characters that left, frozen since
    }

    // A character's needs climb lazily, their owed ticks at once
    // (sim::climbed): the same bits as the sums one at a time, whatever the
    // need and the rise: nought, tiny, past 1, negative, NaN; a rise below
    // half a unit in the last place, one half a unit off a whole number of
    // them (where the rounding depends on the need's last bit), a
    // scenario's rate a tick; a few ticks or thousands.
    void aClimbIsTheSameSums()
    {
        const auto oneByOne = [](double value, double rise, std::int64_t times) {
            for (std::int64_t n = 0; n < times; ++n) {
                const double next = std::min(1.0, value + rise);
                if (next == value)
                    break;
                value = next;
            }
            return value;
        };
        std::mt19937_64 random(30);
        const auto pick = [&](std::initializer_list<double> of) {
            return *(of.begin() + std::uniform_int_distribution<size_t>(0, of.size() - 1)(random));
        };
        const auto uniform
            = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(random); };
        int differ = 0;
        for (int c = 0; c < 30000; ++c) {
            int e = 0;
            const double value
                = pick({0.0, 1.0, -0.25, 0x1p-1070, 0x1p-950, 1e-300, 0.5, 1 - 0x1p-53, 0.999999, std::nan(""),
                        uniform(0, 1), uniform(0, 1), uniform(0, 1), uniform(0, 1e-6), uniform(0.4, 0.6)});
            std::frexp(std::isfinite(value) && value != 0 ? value : 0.5, &e);
            const double ulp = std::ldexp(1.0, e - 53);
            const double rise
                = pick({0.0, -1e-4, 1e-300, ulp * 0.25, ulp * 0.5, ulp * 1.5, ulp * 2.5, ulp * 7, ulp * 1000.5, 0.7,
                        2.0, 1.0 / 3600 * 0.25, 1.0 / 600 * 0.1, 0.05 * 0.25, uniform(0, 1e-3), uniform(0, 1e-5),
                        uniform(0, 0.1), std::ldexp(1.0, -int(uniform(1, 60)))});
            const std::int64_t times = std::int64_t(
                pick({0.0, 1.0, 2.0, 8.0, 9.0, 4096.0, std::floor(uniform(0, 16)), std::floor(uniform(0, 4096))}));
            const double want = oneByOne(value, rise, times), got = sim::climbed(value, rise, times);
            if (std::bit_cast<std::uint64_t>(want) != std::bit_cast<std::uint64_t>(got) && ++differ <= 5) {
                char text[160];
                std::snprintf(text, sizeof text, "climbed(%a, %a, %lld): %a, one by one %a", value, rise,
                              (long long)times, got, want);
                qWarning("%s", text);
            }
        }
        QCOMPARE(differ, 0);
        // A long climb to the top, through every binade from 2^-40: it stops at 1.
        QCOMPARE(sim::climbed(0x1p-40, 0x1p-20 / 3, 10'000'000), oneByOne(0x1p-40, 0x1p-20 / 3, 10'000'000));
        QCOMPARE(sim::climbed(0x1p-40, 0x1p-20 / 3, 10'000'000), 1.0);
    }

    // Dozing (dozing.cpp): on the calling thread, a character whose next
    // turns are its own alone skips them and takes them at once when its turn
    // comes due, another's turn reaches it or the state is read. The same
    // records with dozing switched off, run whole (runDays: the dozers
    // settled at the end and at each sample) or a tick at a time (settled
    // after each), with and without samples; characters doze, and another's
    // turn wakes some (a line moving up, a partner taken, a bump).
    void dozingIsTheSameRun_data()
    {
        QTest::addColumn<QString>("town");
        QTest::addColumn<bool>("touched");
        QTest::newRow("town") << QStringLiteral("town") << false;
        QTest::newRow("hospital") << QStringLiteral("hospital") << true;
        QTest::newRow("walled town, 64") << QStringLiteral("walled 64") << false;
        QTest::newRow("replicated town, 1000") << QStringLiteral("replicated 1000") << false;
    }

    void dozingIsTheSameRun()
    {
        QFETCH(QString, town);
        QFETCH(bool, touched);
        const Scenario shipped
            = testing::loadShipped(town == QLatin1String("hospital") ? "hospital.json" : "town.json");
        const int characters = town.section(u' ', 1).toInt();
        Scenario s = town.startsWith(QLatin1String("walled")) ? testing::walledTown(shipped, characters)
            : town.startsWith(QLatin1String("replicated"))    ? testing::replicatedTown(shipped, characters)
                                                              : shipped;
        if (characters >= 1000)
            s.day.length = 60;
        const auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        for (const bool samples : {true, false}) {
            QByteArray events[2][2], reports[2][2], sampled[2][2];
            for (const bool doze : {false, true}) {
                for (const bool stepwise : {false, true}) {
                    sim::Options options;
                    options.threads = 1;
                    options.recordSamples = samples;
                    sim::Simulation simulation(compiled, options);
                    simulation.setDozing(doze);
                    if (stepwise)
                        for (std::int64_t t = 0; t < 2 * simulation.ticksPerDay(); ++t)
                            simulation.step();
                    else
                        simulation.runDays(2);
                    QCOMPARE(simulation.dozedTurns() > 0, doze);
                    if (doze && !stepwise)
                        QCOMPARE(simulation.dozersTouched() > 0, touched);
                    events[doze][stepwise] = sim::eventsJsonl(*compiled, simulation.events());
                    reports[doze][stepwise] = sim::reportJson(*compiled, QStringLiteral("run"), simulation.reports());
                    sampled[doze][stepwise] = sim::samplesCsv(*compiled, simulation.samples());
                }
            }
            QVERIFY(events[0][0].count('\n') > 100);
            for (const int k : {1, 2, 3}) {
                const bool doze = k & 1, stepwise = k & 2;
                const QString what = QStringLiteral("%1%2, samples %3")
                                         .arg(QLatin1String(doze ? "dozing" : "awake"),
                                              QLatin1String(stepwise ? ", a tick at a time" : ""))
                                         .arg(samples);
                QVERIFY2(events[doze][stepwise] == events[0][0], qPrintable(QStringLiteral("events: ") + what));
                QVERIFY2(reports[doze][stepwise] == reports[0][0], qPrintable(QStringLiteral("report: ") + what));
                QVERIFY2(sampled[doze][stepwise] == sampled[0][0], qPrintable(QStringLiteral("samples: ") + what));
            }
        }
    }

    // Dozers across what reads or resets them from outside a turn: a
    // keyframe taken and restored, walls changed under walkers, a host
    // moving walkers between ticks (setPosition), the pool's ticks in between
    // (every dozer woken first). The same records as with dozing off.
    void dozersAcrossWallsKeyframesAndHosts()
    {
        Scenario s = testing::replicatedTown(testing::loadShipped("town.json"), 1000);
        s.day.length = 30;
        const auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        QByteArray events[2];
        std::int64_t moved[2] = {0, 0};
        for (const bool doze : {false, true}) {
            sim::Options options;
            options.threads = 1;
            options.parallelFrom = 0;
            sim::Simulation simulation(compiled, options);
            simulation.setDozing(doze);
            const std::int64_t day = simulation.ticksPerDay();
            std::shared_ptr<const sim::Simulation::Keyframe> early;
            for (std::int64_t t = 0; t < day * 2; ++t) {
                if (t == day / 8)
                    simulation.setThreads(2); // the pool's ticks: nobody dozes through them
                if (t == day / 6)
                    simulation.setThreads(1);
                simulation.stepTicks(t % 7 == 0 ? 3 : 1);
                if (t == day / 4)
                    early = simulation.keyframe();
                if (t == day / 2) {
                    const double w = compiled->map.width, h = compiled->map.height;
                    simulation.changeWalls(simulation.totalTicks() + 1, {Wall {0, h / 2, w * 0.6, 1}});
                }
                if (t == day * 3 / 4)
                    simulation.restore(*early);
                if (t % 50 == 25) // a host moves some walkers a cell along
                    for (int i = int(t) % 40; i < simulation.presentCount(); i += 40)
                        if (simulation.phase(i) == sim::Phase::Walking
                            && simulation.setPosition(i, std::floor(simulation.x(i)) + 0.5,
                                                      std::floor(simulation.y(i)) + 0.5))
                            ++moved[doze];
            }
            QCOMPARE(simulation.dozedTurns() > 0, doze);
            events[doze] = sim::eventsJsonl(*compiled, simulation.events());
        }
        QVERIFY(moved[0] > 100);
        QCOMPARE(moved[1], moved[0]);
        QVERIFY(events[0].count('\n') > 1000);
        QVERIFY(events[1] == events[0]);
    }

    // A keyframe restored on the pool: the ticks from it are run again, and
    // the pool's state from their first running (strides stamped with those
    // ticks, the tick's order of present characters, copied only when
    // someone comes or goes) must not leak into the second: the hospital
    // (copies arriving and leaving between the keyframe and the restore)
    // and a replicated town, on two threads with the pool from the first
    // character, against the same steps on one thread.
    void restoredOnThePool_data()
    {
        QTest::addColumn<QString>("town");
        QTest::newRow("hospital") << QStringLiteral("hospital");
        QTest::newRow("replicated 1000") << QStringLiteral("replicated");
    }

    void restoredOnThePool()
    {
        QFETCH(QString, town);
        const bool hospital = town == QLatin1String("hospital");
        Scenario s = hospital ? testing::loadShipped("hospital.json")
                              : testing::replicatedTown(testing::loadShipped("town.json"), 1000);
        if (!hospital)
            s.day.length = 30;
        const auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        QByteArray events[2];
        int present[2][2] = {};
        for (const int threads : {1, 2}) {
            sim::Options options;
            options.threads = threads;
            options.parallelFrom = 0;
            sim::Simulation simulation(compiled, options);
            const std::int64_t day = simulation.ticksPerDay();
            simulation.stepTicks(day / 4);
            const std::shared_ptr<const sim::Simulation::Keyframe> early = simulation.keyframe();
            present[threads - 1][0] = simulation.presentCount();
            simulation.stepTicks(day / 2);
            present[threads - 1][1] = simulation.presentCount();
            simulation.restore(*early);
            simulation.runDays(2);
            QCOMPARE(simulation.parallelTicks() > 0, threads > 1);
            events[threads - 1] = sim::eventsJsonl(*compiled, simulation.events());
        }
        if (hospital) // copies came or went between the keyframe and the restore
            QVERIFY2(present[0][0] != present[0][1],
                     qPrintable(QStringLiteral("%1 present, then %2").arg(present[0][0]).arg(present[0][1])));
        QVERIFY(events[0].count('\n') > 100);
        QVERIFY(events[1] == events[0]);
    }

    // A crowd larger than the room chases free spots: an arrival on a spot
    // someone stands on sets out for the station's first free one. On the
    // pool that is worked out ahead, guessing that this tick's first arrival
    // on a free spot gets it; at its turn the guess is checked against the
    // crowd, and where an earlier turn changed a cell it read (someone left
    // a spot, or took the one it heads for) it is taken again in order. Most
    // arrivals are taken ahead, some guesses fail, and the records are the
    // serial run's; trusting every guess unchecked gives other records, so
    // the check is what keeps the run serial.
    void arrivalsTakenAhead_data()
    {
        QTest::addColumn<QString>("town");
        QTest::newRow("replicated town, 2000") << QStringLiteral("replicated");
        QTest::newRow("walled town, 1000") << QStringLiteral("walled");
    }

    void arrivalsTakenAhead()
    {
        QFETCH(QString, town);
        const Scenario shipped = testing::loadShipped("town.json");
        Scenario s = town == QLatin1String("walled") ? testing::walledTown(shipped, 1000)
                                                     : testing::replicatedTown(shipped, 2000);
        s.day.length = 60;
        const auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        const Run one = run(compiled, 1, 1);
        QCOMPARE(one.arrivalsAhead, 0);
        for (const int threads : {2, 8}) {
            const Run many = run(compiled, threads, 1);
            QVERIFY2(many.arrivalsAhead > 1000, qPrintable(QString::number(many.arrivalsAhead)));
            QVERIFY2(many.arrivalsRedone > 0, qPrintable(QString::number(many.arrivalsRedone)));
            QVERIFY(many.arrivalsRedone < many.arrivalsAhead);
            QVERIFY2(many.events == one.events, qPrintable(QStringLiteral("events differ on %1 threads").arg(threads)));
            QVERIFY2(many.report == one.report,
                     qPrintable(QStringLiteral("report differs on %1 threads").arg(threads)));
            QVERIFY2(many.samples == one.samples,
                     qPrintable(QStringLiteral("samples differ on %1 threads").arg(threads)));
        }
        const Run trusted = run(compiled, 2, 1, sim::kParallelFrom, false);
        QVERIFY(trusted.events != one.events);
    }

    // The spots of stations without places are kept as bits (issue #30:
    // a crowd's arrivals found the first free spot by a scan of 64): the bits
    // are who stands on each spot, after every tick of a crowded town on two
    // threads, across a change of walls (new spots), a keyframe restored and
    // the next dawn (a new crowd).
    void spotsStoodOnAreTheCrowds()
    {
        Scenario s = testing::replicatedTown(testing::loadShipped("town.json"), 1000);
        s.day.length = 20;
        const auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        sim::Options options;
        options.threads = 2;
        options.parallelFrom = 0;
        sim::Simulation simulation(compiled, options);
        int checked = 0, stood = 0;
        const auto check = [&](const char *when) {
            const Space &space = simulation.space();
            for (int st = 0; st < int(compiled->stations.size()); ++st) {
                if (compiled->stations[size_t(st)].capacity > 0) {
                    QCOMPARE(space.spotMask(st), std::uint64_t(0));
                    continue;
                }
                const std::vector<Cell> &spots = space.spots(st);
                QVERIFY(!spots.empty());
                std::uint64_t expected = 0;
                for (size_t k = 0; k < spots.size(); ++k) {
                    if (simulation.standingOn(spots[k]) >= 0)
                        expected |= std::uint64_t(1) << k;
                    QCOMPARE(bool(space.placeSpots(st) >> k & 1), space.isPlace(spots[k]));
                }
                QVERIFY2(simulation.spotsStoodOn(st) == expected,
                         qPrintable(QStringLiteral("station %1 %2 at tick %3: %4, the crowd %5")
                                        .arg(st)
                                        .arg(QLatin1String(when))
                                        .arg(simulation.totalTicks())
                                        .arg(simulation.spotsStoodOn(st), 0, 2)
                                        .arg(expected, 0, 2)));
                stood += std::popcount(expected);
                ++checked;
            }
        };
        const std::int64_t day = simulation.ticksPerDay();
        std::shared_ptr<const sim::Simulation::Keyframe> early;
        for (std::int64_t t = 0; t < day * 2; ++t) {
            simulation.step();
            check("ticking");
            if (t == day / 4)
                early = simulation.keyframe();
            if (t == day / 2) { // a wall across the town's middle: the stations' spots are the new map's
                const double w = compiled->map.width, h = compiled->map.height;
                simulation.changeWalls(simulation.totalTicks(), {Wall {0, h / 2, w * 0.6, 1}});
                check("walls changed");
            }
            if (t == day * 3 / 4) {
                simulation.restore(*early);
                check("restored");
            }
        }
        QVERIFY(checked > 1000);
        QVERIFY2(stood > 1000, qPrintable(QString::number(stood))); // crowded spots, not empty masks
    }

    // Every core (threads 0) uses the pool only while it is faster than the
    // calling thread alone, timed in trials that alternate the two: both are
    // used, and the records are the serial run's.
    void everyCoreWhileItPays()
    {
        Scenario s = testing::replicatedTown(testing::loadShipped("town.json"), 1000);
        s.day.length = 60;
        const auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        const Run one = run(compiled, 1, 1);
        const Run every = run(compiled, 0, 1);
        if (every.threads < 2)
            QSKIP("one core: nothing to choose");
        const std::int64_t ticks = std::llround(s.day.length / s.day.tick);
        QVERIFY2(every.parallelTicks >= 10, qPrintable(QString::number(every.parallelTicks)));
        QVERIFY2(every.parallelTicks <= ticks - 10, qPrintable(QString::number(every.parallelTicks)));
        QCOMPARE(every.events, one.events);
        QCOMPARE(every.report, one.report);
        QCOMPARE(every.samples, one.samples);
    }

    // The trials' spacing (sim::trialInterval): doubling from 64 ticks to
    // the period while the two ways are close; a way that lost by much is
    // tried again only when its half trial is at most 1% of the ticks until
    // then, whichever way lost; a clock that told nothing spaces as a tie.
    void trialsSpacedByWhatTheyCost()
    {
        QCOMPARE(sim::trialInterval(0, 1.0, 1.0), std::int64_t(64));
        QCOMPARE(sim::trialInterval(1, 1.0, 1.0), std::int64_t(128));
        QCOMPARE(sim::trialInterval(5, 1.0, 1.05), std::int64_t(2048));
        QCOMPARE(sim::trialInterval(6, 1.0, 1.0), std::int64_t(3000));
        QCOMPARE(sim::trialInterval(60, 1.0, 1.0), std::int64_t(3000)); // (no shift past the period)
        QCOMPARE(sim::trialInterval(0, 1.0, 1.8), std::int64_t(960)); // 12 ticks, each 0.8 dearer: 1% of 960
        QCOMPARE(sim::trialInterval(0, 1.8, 1.0), std::int64_t(960)); // the pool won by as much: the same
        QCOMPARE(sim::trialInterval(0, 1.0, 1.1), std::int64_t(120));
        QCOMPARE(sim::trialInterval(2, 1.0, 1.1), std::int64_t(256)); // the doubling is further
        QCOMPARE(sim::trialInterval(0, 17.6e-6, 112.1e-6), std::int64_t(3000)); // lost 6-fold: the period
        QCOMPARE(sim::trialInterval(0, 1.0, std::numeric_limits<double>::infinity()), std::int64_t(3000));
        QCOMPARE(sim::trialInterval(0, 0.0, 0.0), std::int64_t(64));
        QCOMPARE(sim::trialInterval(0, std::nan(""), 1.0), std::int64_t(64));
        QCOMPARE(sim::trialInterval(0, 1.0, 1.8, 24, 500), std::int64_t(500));
        QCOMPARE(sim::trialInterval(0, 1.0, 1.8, 48, 3000, 0.02), std::int64_t(960));
    }

    // The setting changes between ticks: a run that goes from 1 to 4 threads
    // and back is still the serial run.
    void threadsChangedDuringARun()
    {
        Scenario s = testing::replicatedTown(testing::loadShipped("town.json"), 1000);
        s.day.length = 30;
        const auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        const Run serial = run(compiled, 1, 1);
        sim::Options options;
        options.threads = 1;
        sim::Simulation simulation(compiled, options);
        const std::int64_t ticks = simulation.ticksPerDay();
        simulation.stepTicks(ticks / 3);
        simulation.setThreads(4);
        simulation.stepTicks(ticks / 3);
        QVERIFY(simulation.parallelTicks() > 0);
        simulation.setThreads(1);
        simulation.runDays(1);
        QCOMPARE(sim::eventsJsonl(*compiled, simulation.events()), serial.events);
        QCOMPARE(sim::samplesCsv(*compiled, simulation.samples()), serial.samples);
    }

    // goap-sim run --threads T: the same records on 1 and 2 threads of a town
    // big enough for the pool; a number that is not one is refused.
    // Last of the suite: it forks (QProcess) while the pool's threads live, and
    // ThreadSanitizer cannot follow a process that starts threads after a
    // multi-threaded fork (tools/sanitize.sh thread runs this suite whole).
    void goapSimRunThreads()
    {
        Scenario s = testing::replicatedTown(testing::loadShipped("town.json"), 1000);
        s.day.length = 20;
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString file = tmp.filePath(QStringLiteral("town1000.json"));
        QVERIFY(saveScenarioFile(s, file).isEmpty());
        QByteArray first;
        for (const QString &threads : {QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("0")}) {
            const QString events = tmp.filePath(QStringLiteral("events-%1.jsonl").arg(threads));
            const testing::Run r = testing::goapSim({QStringLiteral("run"), file, QStringLiteral("--threads"), threads,
                                                     QStringLiteral("--events"), events});
            QCOMPARE(r.exitCode, 0);
            QFile f(events);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            QVERIFY(bytes.count('\n') > 100);
            if (first.isEmpty())
                first = bytes;
            QVERIFY2(bytes == first, qPrintable(QStringLiteral("--threads %1 gives other events").arg(threads)));
        }
        for (const char *bad : {"-1", "two", "100000"}) {
            const testing::Run r = testing::goapSim(
                {QStringLiteral("run"), file, QStringLiteral("--threads"), QString::fromLatin1(bad)});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("--threads takes a whole number"), r.err.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestParallel)
#include "test_parallel.moc"
