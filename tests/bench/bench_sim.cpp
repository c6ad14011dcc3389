// Simulation benchmark: simulated seconds per wall second and peak memory for
// one town day, and for synthetic towns of 100, 1,000 and 10,000 characters
// (the town's six professions replicated on its nine stations).
//   build/bin/bench_sim                  every configuration, one process each
//   build/bin/bench_sim CHARACTERS SECONDS [--no-memo] [--no-walls | --travel | --walled] [--threads T]
//                       [--repeat N]     (T threads, default 0: every core while it pays; wall ms: the
//                                        least of N runs, each a fresh simulation)
//                       [--tick-by-tick] [--awake]   step() a tick at a time, as the editor's runner does
//                                        (every dozer settled after each); no dozing (Simulation::setDozing)
//   build/bin/bench_sim scrub CHARACTERS [KEYFRAME SECONDS]   scrubbing a day (Timeline)
//   build/bin/bench_sim write CHARACTERS FILE [--walled]   the replicated (or walled) town as a scenario file,
//                                 for goap-sim run (its event log compared across builds and thread counts)
//   build/bin/bench_sim fields [REPEAT]   every station's distance field of the walled town's map
//   build/bin/bench_sim space     issue #25's big walled maps: a day of 12 walkers on 4096 x 4096, one
//                                 plan among 40 alternatives there, 10,000 overlapping walls validated
#include "io/scenariowriter.h"
#include "io/validator.h"
#include "planner/compiledscenario.h"
#include "scenarios.h"
#include "sim/simulation.h"
#include "sim/timeline.h"
#include "space/paths.h"
#include "synthetic.h"
#include "testutil.h"
#include "tool/hugeheap.h"

#include <QFile>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace goap;

namespace {

// Kinds of town: the town as shipped (walls), without its walls, with its
// walls and a travel cost, and the walled 200 x 200 synthetic town.
enum class Kind { Town, NoWalls, Travel, Walled };

struct Stepping
{
    bool tickByTick = false, awake = false;
};

int runOne(int characters, double seconds, bool memo, Kind kind, int threads, int repeat, Stepping stepping = {})
{
    const Scenario town = testing::loadShipped("town.json");
    Scenario scenario = kind == Kind::Walled ? testing::walledTown(town, characters)
        : characters == 6                    ? town
                                             : testing::replicatedTown(town, characters);
    if (kind == Kind::NoWalls)
        scenario.map.walls.clear();
    if (kind == Kind::Travel)
        scenario.planner.travelCost = 0.1;
    const auto compiled = std::make_shared<const CompiledScenario>(compile(scenario));
    sim::Options options;
    options.recordSamples = characters <= 1000; // samples of 10,000 characters are 12 MB a minute; events stay on
    options.memoiseSearches = memo;
    options.threads = threads;
    const std::int64_t ticks = std::llround(seconds / compiled->day.tick);
    const auto timed = [&](sim::Simulation &simulation) {
        simulation.setDozing(!stepping.awake);
        const auto start = std::chrono::steady_clock::now();
        if (stepping.tickByTick)
            for (std::int64_t t = 0; t < ticks; ++t)
                simulation.step();
        else
            simulation.stepTicks(ticks);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    // The least of `repeat` runs, each from a fresh simulation: the same day each time (the first is reported on).
    sim::Simulation simulation(compiled, options);
    double wall = timed(simulation);
    for (int run = 1; run < repeat; ++run) {
        sim::Simulation again(compiled, options);
        wall = std::min(wall, timed(again));
    }
    const char *names[] = {"town", "no walls", "travel", "walled"};
    std::printf("%-9s %-10d %7d %10.0f %12.3f %14.1f %12.1f %10ld %10lld %10zu\n", names[int(kind)], characters,
                simulation.threads(), seconds, wall * 1e3, seconds / wall,
                double(ticks) * double(characters) / wall / 1e6, goap::testing::procStatusKiB("VmHWM") / 1024,
                (long long)simulation.planCache().hits(), simulation.events().events.size());
    return 0;
}

} // namespace

// Scrubbing (issue #15): a Timeline of a replicated town, the day's keyframes
// built once, then the snapshot at 20 points spread over the day.
int scrub(int characters, double interval)
{
    const auto compiled = std::make_shared<const CompiledScenario>(
        compile(testing::replicatedTown(testing::loadShipped("town.json"), characters)));
    sim::Timeline timeline(compiled, interval);
    const std::int64_t day = timeline.ticksPerDay();
    auto start = std::chrono::steady_clock::now();
    (void)timeline.at(day);
    const double build = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double worst = 0, total = 0;
    for (int k = 0; k < 20; ++k) {
        const std::int64_t t = (day * (k * 7 % 20)) / 20 + k * 13 % std::max<std::int64_t>(1, timeline.intervalTicks());
        start = std::chrono::steady_clock::now();
        const sim::Snapshot s = timeline.at(std::min(t, day));
        const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        worst = std::max(worst, took);
        total += took;
        if (s.agents.empty())
            return 1;
    }
    std::printf("scrub: %d characters, keyframe every %.0f s: day's keyframes built in %.0f ms (%zu), a scrub %.1f ms "
                "on average, %.1f ms at worst of 20; peak %ld MiB\n",
                characters, interval, build * 1e3, timeline.keyframes(), total / 20 * 1e3, worst * 1e3,
                goap::testing::procStatusKiB("VmHWM") / 1024);
    return 0;
}

// Every station's distance field of the walled 10,000's map (16 blocks of the
// town's walls, 200 x 200 cells, 144 stations), built REPEAT times: the least
// time a field, and a checksum of the fields' bits (the same across builds).
int fields(int repeat)
{
    using Clock = std::chrono::steady_clock;
    const CompiledScenario compiled = compile(testing::walledTown(testing::loadShipped("town.json"), 16));
    const Space space(compiled);
    std::vector<float> field;
    double best = 0;
    std::uint64_t sum = 0;
    for (int run = 0; run < repeat; ++run) {
        const auto t = Clock::now();
        for (int st = 0; st < int(compiled.stations.size()); ++st) {
            space.buildField(st, field);
            if (run == 0)
                for (const float d : field)
                    sum = sum * 1099511628211u + std::bit_cast<std::uint32_t>(d);
        }
        const double took = std::chrono::duration<double>(Clock::now() - t).count();
        best = run == 0 ? took : std::min(best, took);
    }
    std::printf("fields: %zu stations on %d x %d cells: %.3f ms a field (least of %d), checksum %016llx\n",
                compiled.stations.size(), int(compiled.map.width), int(compiled.map.height),
                best * 1e3 / double(compiled.stations.size()), repeat, (unsigned long long)sum);
    return 0;
}

// Issue #25: each figure from the file's model to the answer (compile, the
// Space with its regions and corners, and the work), in one process.
int space()
{
    using Clock = std::chrono::steady_clock;
    const auto ms = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count() * 1e3; };
    {
        const Scenario s = testing::bigWalledMap(4096, 12, 12, false, 0);
        const auto t = Clock::now();
        const auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        sim::Simulation simulation(compiled);
        simulation.runDays(1);
        std::printf("space: 12 walkers, 4096 x 4096 walled map, one 60-s day: %.0f ms (%d corners, whole-map "
                    "fields %zu bytes)\n",
                    ms(t), simulation.space().cornerCount(), simulation.space().fieldBytes());
    }
    {
        const Scenario s = testing::bigWalledMap(4096, 1, 40, true, 1);
        const CompiledScenario compiled = compile(s);
        auto t = Clock::now();
        const Space space(compiled);
        const double built = ms(t);
        Planner planner(compiled);
        Plan plan;
        t = Clock::now();
        const CompiledAgent &who = compiled.agents[0];
        const Travel travel = travelFrom(space, 1, who.speed, who.x, who.y);
        planner.planForAgent(compiled.dawnState(0), 0, 0, plan, &travel);
        std::printf("space: one plan among 40 alternatives with travel cost on that map: %.1f ms (the map's Space "
                    "built once before: %.0f ms); found %d\n",
                    ms(t), built, int(plan.found));
    }
    {
        // The walled 10,000's map (16 blocks of the town, 144 stations): its
        // Space, with every station's spots and their lines of sight.
        const CompiledScenario compiled = compile(testing::walledTown(testing::loadShipped("town.json"), 10000));
        double best = 0;
        for (int run = 0; run < 5; ++run) {
            const auto t = Clock::now();
            const Space space(compiled);
            best = run == 0 ? ms(t) : std::min(best, ms(t));
        }
        std::printf("space: the walled 10,000's map (%zu stations) built in %.1f ms (least of 5)\n",
                    compiled.stations.size(), best);
    }
    {
        Scenario s = testing::bigWalledMap(4096, 1, 1, false, 0);
        s.map.walls.clear();
        for (int k = 0; k < 10000; ++k)
            s.map.walls.push_back(Wall {2048, 0, 8, 3900 - double(k % 13)});
        const auto t = Clock::now();
        const QList<Issue> issues = validate(s);
        std::printf("space: 10,000 overlapping walls validated: %.0f ms (%d errors); peak %ld MiB\n", ms(t),
                    int(hasErrors(issues)), goap::testing::procStatusKiB("VmHWM") / 1024);
    }
    return 0;
}

int main(int argc, char *argv[])
{
    goap::tool::useHugeHeap(); // as goap-sim and the editor do (GOAP_HUGE_PAGES=0: not)
    if (argc >= 4 && std::string(argv[1]) == "write") {
        const Scenario town = testing::loadShipped("town.json");
        const int characters = std::atoi(argv[2]);
        const bool walled = argc >= 5 && std::string(argv[4]) == "--walled";
        const QString error = saveScenarioFile(walled ? testing::walledTown(town, characters)
                                                      : testing::replicatedTown(town, characters),
                                               QString::fromLocal8Bit(argv[3]));
        if (!error.isEmpty())
            std::fprintf(stderr, "%s\n", qPrintable(error));
        return error.isEmpty() ? 0 : 1;
    }
    if (argc >= 2 && std::string(argv[1]) == "space")
        return space();
    if (argc >= 2 && std::string(argv[1]) == "fields")
        return fields(argc >= 3 ? std::max(1, std::atoi(argv[2])) : 5);
    if (argc >= 3 && std::string(argv[1]) == "scrub")
        return scrub(std::atoi(argv[2]), argc >= 4 ? std::atof(argv[3]) : 15);
    if (argc >= 3) {
        bool memo = true;
        Kind kind = Kind::Town;
        int threads = 0; // every core
        int repeat = 1;
        Stepping stepping;
        for (int k = 3; k < argc; ++k) {
            const std::string a = argv[k];
            stepping.tickByTick = stepping.tickByTick || a == "--tick-by-tick";
            stepping.awake = stepping.awake || a == "--awake";
            if (a == "--threads" && k + 1 < argc)
                threads = std::atoi(argv[++k]);
            if (a == "--repeat" && k + 1 < argc)
                repeat = std::max(1, std::atoi(argv[++k]));
            memo = memo && a != "--no-memo";
            kind = a == "--no-walls" ? Kind::NoWalls
                : a == "--travel"    ? Kind::Travel
                : a == "--walled"    ? Kind::Walled
                                     : kind;
        }
        return runOne(std::atoi(argv[1]), std::atof(argv[2]), memo, kind, threads, repeat, stepping);
    }
    std::printf("%-9s %-10s %7s %10s %12s %14s %12s %10s %10s %10s\n", "kind", "characters", "threads", "sim s",
                "wall ms", "sim s/wall s", "M agent-ticks/s", "peak MiB", "cache hits", "events");
    const struct
    {
        int characters;
        double seconds;
        const char *kind;
    } runs[] = {{6, 300, ""},    {6, 300, "--no-walls"}, {6, 300, "--travel"},    {100, 300, ""},
                {1000, 300, ""}, {10000, 60, ""},        {1000, 300, "--walled"}, {10000, 60, "--walled"}};
    for (const auto &run : runs) {
        const std::string command = std::string(argv[0]) + " " + std::to_string(run.characters) + " "
            + std::to_string(run.seconds) + " " + run.kind;
        std::fflush(stdout);
        if (std::system(command.c_str()) != 0)
            return 1;
    }
    return 0;
}
