// Issue #13: walls, paths, travel in the plan's cost, a place for everyone,
// standing in line (SPEC 11.3).

#include "io/scenarioreader.h"
#include "io/validator.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "scenarios.h"
#include "sim/simulation.h"
#include "sim/timeline.h"
#include "space/occupancy.h"
#include "space/paths.h"
#include "synthetic.h"
#include "testutil.h"

#include <QFile>
#include <QtTest>
#include <bit>

#include <cmath>
#include <cstring>
#include <map>
#include <queue>
#include <set>

using namespace goap;
using namespace goap::sim;

namespace {

using goap::testing::kSource;
using goap::testing::loadScenario;
using goap::testing::parseScenario;

// An independent grid search: Dijkstra with a binary heap over 8 neighbours
// without corner cutting, cell centre to cell centre, in T arithmetic (as
// Space::buildField was first written, with floats: the fields must be these,
// bit for bit). Every cell's distance from `home`, `unreachable` where none.
template<typename T> std::vector<T> referenceField(const Grid &g, Cell home, T diagonal, T unreachable)
{
    std::vector<T> dist(size_t(g.cellCount()), unreachable);
    if (g.blocked(home))
        return dist;
    using Item = std::pair<T, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
    dist[size_t(g.index(home))] = 0;
    open.push({T(0), g.index(home)});
    while (!open.empty()) {
        const auto [d, i] = open.top();
        open.pop();
        if (d > dist[size_t(i)])
            continue;
        const Cell c = g.cellAt(i);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const Cell n {c.x + dx, c.y + dy};
                if ((dx == 0 && dy == 0) || g.blocked(n))
                    continue;
                if (dx && dy && (g.blocked({c.x + dx, c.y}) || g.blocked({c.x, c.y + dy})))
                    continue;
                const T nd = d + (dx && dy ? diagonal : T(1));
                if (nd < dist[size_t(g.index(n))]) {
                    dist[size_t(g.index(n))] = nd;
                    open.push({nd, g.index(n)});
                }
            }
    }
    return dist;
}

// The grid optimum from one cell to another.
double gridOptimum(const Grid &g, Cell from, Cell to)
{
    return referenceField<double>(g, from, std::sqrt(2.0), 1e18)[size_t(g.index(to))];
}

// Whether the segment a-b passes through a blocked cell or between two
// blocked cells that meet at a corner: sampled finely, and at every corner
// crossed both cells beside it are checked.
bool segmentClear(const Grid &g, double x0, double y0, double x1, double y1)
{
    const int n = std::max(1, int(std::hypot(x1 - x0, y1 - y0) * 200));
    Cell last = Grid::cellOf(x0, y0);
    for (int k = 0; k <= n; ++k) {
        const double t = double(k) / n;
        const Cell c = Grid::cellOf(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
        if (g.blocked(c))
            return false;
        if (c.x != last.x && c.y != last.y && (g.blocked({c.x, last.y}) || g.blocked({last.x, c.y})))
            return false; // a diagonal hop between two cells: the corner was cut
        last = c;
    }
    return true;
}

// A walker, a wall between it and its station, and nothing else to do.
QByteArray walkerAroundAWall(double speed)
{
    return QStringLiteral(R"({ "format": "goap-scenario", "version": 2, "name": "Wall",
      "day": { "length": 200, "tick": 0.1 },
      "map": { "width": 30, "height": 20, "walls": [[10, 0, 2, 15], [18, 6, 2, 14]] },
      "world": {},
      "stations": [ { "id": "goal", "at": [26.5, 3.5] } ],
      "actions": [ { "id": "touch", "station": "goal", "duration": 1, "cost": 1, "set": { "agent.done": 1 } } ],
      "goals": [ { "id": "do", "kind": "quota", "conditions": { "agent.done": 1 }, "urgency": 1 } ],
      "agents": [ { "id": "w", "at": [3.5, 3.5], "speed": %1, "facts": {}, "actions": ["touch"], "goals": [ { "goal": "do" } ] } ] })")
        .arg(speed)
        .toUtf8();
}

} // namespace

class TestSpace : public QObject
{
    Q_OBJECT

private slots:
    // The cell of a coordinate is its floor, clamped to +-2^30 (NaN: -2^30),
    // worked out without a call or a branch (Grid::cellCoordinate): the same
    // cell as int(std::floor()) everywhere, edges and all.
    void aCellIsTheFloor()
    {
        constexpr double kFar = double(1 << 30);
        const auto floorCell
            = [&](double v) { return v >= -kFar ? (v <= kFar ? int(std::floor(v)) : int(kFar)) : -int(kFar); };
        std::vector<double> values {0.0,
                                    -0.0,
                                    0.5,
                                    -0.5,
                                    1.0,
                                    -1.0,
                                    1 - 0x1p-53,
                                    -0x1p-1074,
                                    0x1p-1074,
                                    -1e-300,
                                    2.5,
                                    -2.5,
                                    99.999999999999,
                                    -99.999999999999,
                                    kFar,
                                    -kFar,
                                    kFar - 0.5,
                                    -kFar + 0.5,
                                    -kFar - 0.5,
                                    kFar + 0.5,
                                    1e300,
                                    -1e300,
                                    std::numeric_limits<double>::infinity(),
                                    -std::numeric_limits<double>::infinity(),
                                    std::nan(""),
                                    -std::nan("")};
        for (int k = -300; k <= 300; ++k) // each side of whole numbers, by an ulp
            for (const double v : {double(k), std::nextafter(double(k), -1e9), std::nextafter(double(k), 1e9)})
                values.push_back(v);
        std::uint64_t state = 42;
        for (int k = 0; k < 100000; ++k) { // anywhere, any bits
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            values.push_back(std::bit_cast<double>(state));
            values.push_back(double(std::int64_t(state >> 20)) / 4096.0 - 1e9);
        }
        int differ = 0;
        for (const double v : values)
            if (Grid::cellCoordinate(v) != floorCell(v) && ++differ <= 5)
                qWarning("cellCoordinate(%.17g) = %d, floor %d", v, Grid::cellCoordinate(v), floorCell(v));
        QCOMPARE(differ, 0);
    }

    void lineOfSightNeverSlipsBetweenCorners()
    {
        MapSettings map;
        map.width = 10;
        map.height = 10;
        map.walls = {Wall {5, 4, 1, 1}, Wall {4, 5, 1, 1}}; // two blocks meeting at the corner (5, 5)
        const Grid g(map);
        QVERIFY(!lineOfSight(g, 4.5, 4.5, 5.5, 5.5)); // through the corner
        QVERIFY(!lineOfSight(g, 3.2, 3.2, 6.8, 6.8));
        QVERIFY(lineOfSight(g, 1.5, 1.5, 3.5, 8.5));
        QVERIFY(!lineOfSight(g, 4.5, 0.5, 5.5, 9.5)); // through the block at (5, 4)
        QVERIFY(lineOfSight(g, 0.5, 9.5, 9.5, 9.5));
    }

    // The spots of a station without places, as bits (issue #30): the mask
    // is its spots, placeSpots the ones that are some station's place,
    // spotBitsOn(cell) every such station and bit the cell is, and
    // spotInSight the line of sight between the spots' centres, each pair,
    // asked afresh, remembered and from memory (a crowd's arrivals step from
    // spot to spot). On the
    // walled town (walls among the spots) and the town without its walls.
    void spotsAreBits()
    {
        for (const bool walled : {true, false}) {
            Scenario s = testing::walledTown(testing::loadShipped("town.json"), 100);
            if (!walled)
                s.map.walls.clear();
            const CompiledScenario compiled = compile(s);
            const Space space(compiled);
            QCOMPARE(space.hasWalls(), walled);
            int masked = 0, blockedPairs = 0;
            for (int st = 0; st < int(compiled.stations.size()); ++st) {
                const std::vector<Cell> &spots = space.spots(st);
                if (compiled.stations[size_t(st)].capacity > 0) {
                    QCOMPARE(space.spotMask(st), std::uint64_t(0));
                    continue;
                }
                ++masked;
                QVERIFY(!spots.empty() && spots.size() <= 64);
                QCOMPARE(std::popcount(space.spotMask(st)), int(spots.size()));
                for (size_t k = 0; k < spots.size(); ++k) {
                    QCOMPARE(bool(space.placeSpots(st) >> k & 1), space.isPlace(spots[k]));
                    bool listed = false;
                    for (const Space::SpotBit &b : space.spotBitsOn(Space::key(spots[k])))
                        listed = listed || (b.station == st && b.bit == std::uint64_t(1) << k);
                    QVERIFY(listed);
                    for (size_t j = 0; j < spots.size(); ++j) {
                        const bool sight = space.inSight(Grid::centreX(spots[k]), Grid::centreY(spots[k]),
                                                         Grid::centreX(spots[j]), Grid::centreY(spots[j]));
                        QCOMPARE(space.spotInSight(st, int(k), int(j), false), sight); // not remembered
                        QCOMPARE(space.spotInSight(st, int(k), int(j), true), sight); // remembered
                        QCOMPARE(space.spotInSight(st, int(k), int(j), false), sight); // from memory
                        blockedPairs += !sight;
                    }
                }
            }
            QVERIFY(masked > 0);
            QCOMPARE(blockedPairs > 0, walled); // walls among some spots: the table is not all ones
            QVERIFY(space.spotBitsOn(Space::key(Cell {-5, -5})).empty());
        }
    }

    void occupancyPutsFindsAndRemoves()
    {
        Occupancy o;
        std::map<std::int64_t, int> model;
        std::uint32_t seed = 7;
        for (int k = 0; k < 20000; ++k) {
            seed = seed * 1664525u + 1013904223u;
            const std::int64_t cell = Space::key(Cell {int(seed >> 20) % 40, int(seed >> 8) % 40});
            if (seed % 3 == 0) {
                o.remove(cell);
                model.erase(cell);
            } else {
                o.put(cell, k);
                model[cell] = k;
            }
            if (k % 97 == 0)
                for (int y = 0; y < 40; ++y)
                    for (int x = 0; x < 40; ++x) {
                        const auto it = model.find(Space::key({x, y}));
                        QCOMPARE(o.at(Space::key({x, y})), it == model.end() ? -1 : it->second);
                    }
        }
        QCOMPARE(o.size(), model.size());
    }

    // The path round two walls is the grid optimum within 8%, never enters a
    // blocked cell and never cuts a corner, at any speed.
    void pathRoundWallsIsShortAndClean()
    {
        for (const double speed : {0.7, 2.0, 9.0}) {
            const Scenario s = parseScenario(walkerAroundAWall(speed));
            QVERIFY(!hasErrors(validate(s)));
            const auto c = std::make_shared<const CompiledScenario>(compile(s));
            Simulation sim(c);
            sim.start();
            const Grid &g = sim.space().grid();
            double walked = 0;
            double x = sim.x(0), y = sim.y(0);
            const double startX = x, startY = y;
            for (int k = 0; k < 2000 && sim.phase(0) != Phase::Acting; ++k) {
                sim.step();
                QVERIFY2(segmentClear(g, x, y, sim.x(0), sim.y(0)),
                         qPrintable(QStringLiteral("speed %1: (%2, %3) -> (%4, %5)")
                                        .arg(speed)
                                        .arg(x)
                                        .arg(y)
                                        .arg(sim.x(0))
                                        .arg(sim.y(0))));
                walked += std::hypot(sim.x(0) - x, sim.y(0) - y);
                x = sim.x(0);
                y = sim.y(0);
            }
            QCOMPARE(sim.phase(0), Phase::Acting);
            const double optimum = gridOptimum(g, Grid::cellOf(startX, startY), Grid::cellOf(x, y));
            QVERIFY2(
                walked <= optimum * 1.08 && walked >= optimum * 0.7,
                qPrintable(QStringLiteral("speed %1: walked %2, grid optimum %3").arg(speed).arg(walked).arg(optimum)));
            // The field agrees with the independent optimum.
            QVERIFY(std::abs(sim.space().distance(0, startX, startY) - optimum) < 2.0);
        }
    }

    // Fields are kept within a budget: past it the one used longest ago goes,
    // and one asked for again is the same.
    void fieldsStayWithinTheirBudget()
    {
        const Scenario s = loadScenario(QStringLiteral("scenarios/town.json"));
        const CompiledScenario c = compile(s);
        Space full(c), tight(c);
        const std::size_t one = size_t(full.grid().cellCount()) * sizeof(float);
        tight.setFieldBudget(2 * one);
        for (int round = 0; round < 3; ++round)
            for (int st = 0; st < int(c.stations.size()); ++st) {
                const double x = 20.5, y = 12.5; // south-east corner, round several walls
                QCOMPARE(tight.distance(st, x, y), full.distance(st, x, y));
                QVERIFY(tight.fieldBytes() <= 2 * one);
            }
        QVERIFY(full.fieldBytes() >= 5 * one); // most stations needed a field (walls in the way)
    }

    // Issue #30: fields are built with a queue of whole-distance buckets
    // (Dial's) and per-cell step masks instead of a binary heap and tested
    // steps; every value must be the binary heap's, bit for bit, on maps
    // with step masks (at most kFieldCells) and without (larger maps with
    // too many corners for the corner graph), with stations walled in, on a
    // wall and in the open.
    void fieldsAreTheBinaryHeapsBitForBit()
    {
        QRandomGenerator rng {20261207};
        int compared = 0, unreachable = 0, comparedLarge = 0;
        for (int map = 0; map < 8; ++map) {
            const bool large = map == 7; // 640 x 640: past kFieldCells, thousands of corners
            Scenario s;
            s.map.width = large ? 640 : 20 + rng.bounded(180);
            s.map.height = large ? 640 : 20 + rng.bounded(180);
            const int walls = large ? 1500 : int(rng.bounded(60));
            for (int k = 0; k < walls; ++k)
                s.map.walls.append(Wall {double(rng.bounded(int(s.map.width))), double(rng.bounded(int(s.map.height))),
                                         1.0 + rng.bounded(large ? 3 : 20), 1.0 + rng.bounded(large ? 3 : 20)});
            for (int k = 0; k < 6; ++k)
                s.stations.append(
                    Station {QStringLiteral("s%1").arg(k),
                             {},
                             Point {rng.bounded(int(s.map.width)) + 0.5, rng.bounded(int(s.map.height)) + 0.5}});
            const CompiledScenario c = compile(s);
            const Space space(c);
            if (space.method() != Space::Method::Fields)
                continue;
            QCOMPARE(std::int64_t(space.grid().cellCount()) > Space::kFieldCells, large);
            std::vector<float> field;
            for (int st = 0; st < int(c.stations.size()); ++st) {
                space.buildField(st, field);
                const std::vector<float> want = referenceField<float>(
                    space.grid(), Grid::cellOf(c.stations[size_t(st)].x, c.stations[size_t(st)].y), 1.41421356f,
                    Space::kUnreachable);
                QCOMPARE(field.size(), want.size());
                QVERIFY2(std::memcmp(field.data(), want.data(), field.size() * sizeof(float)) == 0,
                         qPrintable(QStringLiteral("map %1, station %2").arg(map).arg(st)));
                ++compared;
                comparedLarge += int(large);
                unreachable += int(std::count(field.begin(), field.end(), Space::kUnreachable));
            }
        }
        QVERIFY(compared >= 40); // the maps had walls: Fields, not Straight
        QCOMPARE(comparedLarge, 6); // the large map's steps tested per cell, not looked up
        QVERIFY(unreachable > 0); // some cells walled off
    }

    // The bucket search's edges against the heap's, bit for bit: one row and
    // one column 3,000 cells long, a serpentine of exactly kFieldCells cells
    // (distances past 100,000, so many whole-distance buckets), a station
    // inside a wall (nothing reaches it: every cell unreachable but none
    // wrong), and diagonal steps blocked at corners.
    void fieldsAreTheBinaryHeapsAtTheEdges()
    {
        // The farthest reachable distance of any station's field; -1 when a field is not the heap's.
        const auto compare = [](const Scenario &s, const char *what) {
            const CompiledScenario c = compile(s);
            const Space space(c);
            if (space.method() != Space::Method::Fields)
                return -1.0f;
            std::vector<float> field;
            float farthest = 0;
            for (int st = 0; st < int(c.stations.size()); ++st) {
                space.buildField(st, field);
                const std::vector<float> want = referenceField<float>(
                    space.grid(), Grid::cellOf(c.stations[size_t(st)].x, c.stations[size_t(st)].y), 1.41421356f,
                    Space::kUnreachable);
                if (field.size() != want.size()
                    || std::memcmp(field.data(), want.data(), field.size() * sizeof(float)) != 0) {
                    qWarning("%s: station %d's field is not the heap's", what, st);
                    return -1.0f;
                }
                for (const float d : field)
                    if (d != Space::kUnreachable)
                        farthest = std::max(farthest, d);
            }
            return farthest;
        };
        const auto station = [](double x, double y) {
            return Station {QStringLiteral("s%1_%2").arg(x).arg(y), {}, Point {x, y}};
        };
        { // a row, a wall across one cell of it (two regions)
            Scenario s;
            s.map.width = 3000;
            s.map.height = 1;
            s.map.walls = {Wall {1500, 0, 1, 1}};
            s.stations = {station(0.5, 0.5), station(2999.5, 0.5), station(1499.5, 0.5)};
            QCOMPARE(compare(s, "row"), 1499.0f); // from either end to the wall
        }
        { // a column
            Scenario s;
            s.map.width = 1;
            s.map.height = 3000;
            s.map.walls = {Wall {0, 10, 1, 1}};
            s.stations = {station(0.5, 2999.5), station(0.5, 0.5)};
            QCOMPARE(compare(s, "column"), 2988.0f);
        }
        { // a serpentine of exactly kFieldCells cells: bars across every other row, the gap at alternate ends
            Scenario s;
            s.map.width = 512;
            s.map.height = 512;
            QCOMPARE(std::int64_t(s.map.width * s.map.height), std::int64_t(Space::kFieldCells));
            for (int y = 1; y < 512; y += 2)
                s.map.walls.append(Wall {(y / 2) % 2 == 0 ? 0.0 : 1.0, double(y), 511, 1});
            s.stations = {station(0.5, 0.5), station(255.5, 510.5)};
            QVERIFY(compare(s, "serpentine") > 100000);
        }
        { // a station inside a wall, and corners a diagonal may not cut
            Scenario s;
            s.map.width = 40;
            s.map.height = 30;
            s.map.walls = {Wall {10, 10, 3, 3}, Wall {20, 5, 1, 1}, Wall {21, 6, 1, 1}, Wall {22, 7, 1, 1}};
            s.stations = {station(11.5, 11.5), station(20.5, 6.5), station(0.5, 0.5)};
            QVERIFY(compare(s, "walls") > 0);
            const CompiledScenario c = compile(s);
            const Space space(c);
            std::vector<float> field;
            space.buildField(0, field);
            QVERIFY(std::all_of(field.begin(), field.end(), [](float d) { return d == Space::kUnreachable; }));
        }
    }

    // travel.json: the nearer well by path, not by straight line.
    void travelCostPicksTheNearerAlternativeByPath()
    {
        const Scenario s = loadScenario(QStringLiteral("scenarios/travel.json"));
        const CompiledScenario c = compile(s);
        const Space space(c);
        Planner planner(c);
        const int north = int(std::find(c.stationIds.begin(), c.stationIds.end(), u"wellNorth") - c.stationIds.begin());
        const int south = int(std::find(c.stationIds.begin(), c.stationIds.end(), u"wellSouth") - c.stationIds.begin());
        for (const auto &[who, expected] :
             {std::pair {QStringLiteral("anna"), south}, std::pair {QStringLiteral("ben"), south},
              std::pair {QStringLiteral("cora"), north}}) {
            const int a = c.agentIndex(who);
            const CompiledAgent &agent = c.agents[size_t(a)];
            const Cell start = Grid::cellOf(agent.x, agent.y);
            const Travel travel {&space, c.planner.travelCost, agent.speed, Grid::centreX(start), Grid::centreY(start)};
            Plan plan;
            QVERIFY(planner.planForAgent(c.dawnState(a), a, 0, plan, &travel));
            QCOMPARE(plan.stations.size(), plan.actions.size());
            QCOMPARE(plan.stations.front(), expected);
            QCOMPARE(plan.stations.back(), -1); // drink: where it stands
            // Anna's straight line favours the north well; its path does not.
            if (who == u"anna") {
                QVERIFY(std::hypot(c.stations[size_t(north)].x - agent.x, c.stations[size_t(north)].y - agent.y)
                        < std::hypot(c.stations[size_t(south)].x - agent.x, c.stations[size_t(south)].y - agent.y));
                QVERIFY(space.distance(north, agent.x, agent.y) > 2 * space.distance(south, agent.x, agent.y));
                // The cost is the actions' plus the walk.
                const double walk = space.distance(south, travel.x, travel.y) / agent.speed;
                QVERIFY(std::abs(plan.cost - (2 + c.planner.travelCost * walk)) < 1e-6);
            }
        }
        // And the run goes there: every fetch of Anna's and Ben's at the south well, Cora's at the north.
        Simulation sim(std::make_shared<const CompiledScenario>(c));
        sim.runDays(1);
        int fetches = 0;
        for (const Event &e : sim.events().events)
            if (e.kind == EventKind::Start && e.station >= 0) {
                ++fetches;
                QCOMPARE(e.station, e.agent == c.agentIndex(u"cora") ? north : south);
            }
        QVERIFY(fetches >= 6);
    }

    // Standing in line is a search result: a full station costs the wait, so
    // the plan walks to a free one when that is cheaper, and waits when not.
    void aPlanWeighsTheLineAgainstTheWalk()
    {
        const Scenario s = parseScenario(R"({ "format": "goap-scenario", "version": 2, "name": "Two counters",
          "day": { "length": 100, "tick": 0.1 },
          "planner": { "travelCost": 0.5 },
          "map": { "width": 40, "height": 10 },
          "world": {},
          "stations": [ { "id": "near", "at": [6, 5], "capacity": 1 }, { "id": "far", "at": [16, 5], "capacity": 1 } ],
          "actions": [ { "id": "buy", "station": ["near", "far"], "duration": 30, "cost": 1, "add": { "agent.bought": 1 } } ],
          "goals": [ { "id": "shop", "kind": "quota", "conditions": { "agent.bought": 1 }, "urgency": 1 } ],
          "agents": [ { "id": "a", "at": [3, 5], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] } ] })");
        const CompiledScenario c = compile(s);
        const Space space(c);
        Planner planner(c);
        const Travel travel = travelFrom(space, c.planner.travelCost, 2, 3, 5);
        std::vector<std::int32_t> state = c.dawnState(0);
        Plan plan;
        QVERIFY(planner.planForAgent(state, 0, 0, plan, &travel));
        QCOMPARE(plan.stations.front(), 0); // both free: the near one
        state[size_t(c.fact(u"world.free.near"))]
            = 0; // near is taken: a wait of ~30 s costs more than 5 s more walking
        QVERIFY(planner.planForAgent(state, 0, 0, plan, &travel));
        QCOMPARE(plan.stations.front(), 1);
        state[size_t(c.fact(u"world.free.far"))] = 0; // both taken: the near line, walking less
        QVERIFY(planner.planForAgent(state, 0, 0, plan, &travel));
        QCOMPARE(plan.stations.front(), 0);
    }

    // With travelCost 0 the planner returns what it returned before space:
    // every character and goal of every shipped scenario at dawn, recorded
    // by the build before this change (tests/data/dawn-plans.jsonl).
    void dawnPlansAreUnchangedWithoutTravelCost()
    {
        QFile f(kSource + QStringLiteral("/tests/data/dawn-plans.jsonl"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        int checked = 0;
        std::map<QString, std::shared_ptr<CompiledScenario>> compiled;
        while (!f.atEnd()) {
            const QJsonObject o = QJsonDocument::fromJson(f.readLine()).object();
            const QString file = o.value(u"scenario").toString();
            auto &c = compiled[file];
            if (!c)
                c = std::make_shared<CompiledScenario>(compile(loadScenario(QStringLiteral("scenarios/") + file)));
            QCOMPARE(c->planner.travelCost, 0.0);
            Planner planner(*c);
            const int a = c->agentIndex(o.value(u"agent").toString());
            const int g = c->goalIndex(o.value(u"goal").toString());
            QVERIFY(a >= 0 && g >= 0);
            Plan plan;
            planner.planForAgent(c->dawnState(a), a, g, plan);
            QStringList actions;
            for (const int k : plan.actions)
                actions << c->actionIds[size_t(k)];
            QCOMPARE(plan.found, o.value(u"found").toBool());
            QCOMPARE(actions, o.value(u"actions").toVariant().toStringList());
            QCOMPARE(plan.cost, o.value(u"cost").toDouble());
            QCOMPARE(plan.expanded, o.value(u"expanded").toInt());
            QCOMPARE(plan.generated, o.value(u"generated").toInt());
            ++checked;
        }
        QVERIFY(checked >= 30);
    }

    // At no tick do two standing characters share a cell, in every shipped scenario.
    void noTwoStandingCharactersShareACell()
    {
        const QStringList files {QStringLiteral("town.json"),    QStringLiteral("hospital.json"),
                                 QStringLiteral("bakery.json"),  QStringLiteral("smithy.json"),
                                 QStringLiteral("travel.json"),  QStringLiteral("cook.json"),
                                 QStringLiteral("campfire.json")};
        for (const QString &file : files) {
            const auto c
                = std::make_shared<const CompiledScenario>(compile(loadScenario(QStringLiteral("scenarios/") + file)));
            Simulation sim(c);
            sim.start();
            int checks = 0;
            for (std::int64_t k = 0; k < sim.ticksPerDay(); ++k) {
                sim.step();
                std::map<std::pair<int, int>, int> cells;
                const Snapshot snap = sim.snapshot();
                for (const AgentSnapshot &a : snap.agents) {
                    if (a.moving || a.phase == Phase::Walking)
                        continue;
                    if (a.heldBy >= 0) // a partner follows: standing only once beside its holder
                        continue;
                    const Cell cell = Grid::cellOf(a.x, a.y);
                    const auto [it, fresh] = cells.emplace(std::pair {cell.x, cell.y}, a.index);
                    QVERIFY2(fresh,
                             qPrintable(QStringLiteral("%1 at %2 s: %3 and %4 stand on (%5, %6)")
                                            .arg(file)
                                            .arg(sim.time())
                                            .arg(it->second)
                                            .arg(a.index)
                                            .arg(cell.x)
                                            .arg(cell.y)));
                    ++checks;
                }
            }
            QVERIFY(checks > 1000);
        }
    }

    // A capacity-2 station never holds three; the others stand in a line,
    // visibly (distinct cells), and are served in the order they came.
    void aLineFormsAndDrainsInArrivalOrder()
    {
        const Scenario s = parseScenario(R"({ "format": "goap-scenario", "version": 2, "name": "Line",
          "day": { "length": 300, "tick": 0.1 },
          "map": { "width": 30, "height": 20 },
          "world": {},
          "stations": [ { "id": "counter", "at": [15, 5], "capacity": 2 } ],
          "actions": [ { "id": "buy", "station": "counter", "duration": 6, "cost": 1, "add": { "agent.bought": 1 } } ],
          "goals": [ { "id": "shop", "kind": "quota", "conditions": { "agent.bought": 1 }, "urgency": 1 } ],
          "agents": [
            { "id": "a", "at": [2, 15], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
            { "id": "b", "at": [4, 16], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
            { "id": "c", "at": [6, 17], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
            { "id": "d", "at": [8, 18], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
            { "id": "e", "at": [26, 18], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] },
            { "id": "f", "at": [28, 17], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "shop" } ] } ] })");
        QVERIFY(!hasErrors(validate(s)));
        const auto c = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(c);
        const size_t free = size_t(c->fact(u"world.free.counter") - c->agentFactCount);
        int longest = 0;
        bool sawQueued = false;
        for (std::int64_t k = 0; k < sim.ticksPerDay(); ++k) {
            sim.step();
            int acting = 0, queued = 0;
            for (int i = 0; i < sim.presentCount(); ++i) {
                acting += sim.phase(i) == Phase::Acting ? 1 : 0;
                queued += sim.phase(i) == Phase::Queued ? 1 : 0;
            }
            QVERIFY2(acting <= 2, qPrintable(QStringLiteral("%1 acting at %2 s").arg(acting).arg(sim.time())));
            QVERIFY(sim.world()[free] >= 0 && sim.world()[free] <= 2);
            QCOMPARE(int(sim.line(0).size()), queued);
            longest = std::max(longest, queued);
            if (queued >= 2) {
                // The line is visible: its members stand apart, in a row off the places.
                std::set<std::pair<int, int>> cells;
                for (const int m : sim.line(0))
                    if (!sim.stepping(m))
                        QVERIFY(cells.insert({Grid::cellOf(sim.x(m), sim.y(m)).x, Grid::cellOf(sim.x(m), sim.y(m)).y})
                                    .second);
                sawQueued = true;
            }
        }
        QVERIFY2(longest >= 3, qPrintable(QString::number(longest)));
        QVERIFY(sawQueued);
        QCOMPARE(sim.world()[free], 2);
        // Served in the order they joined: queued events' order is the order their buys start.
        std::vector<int> joined, servedFromLine;
        for (const Event &e : sim.events().events) {
            if (e.kind == EventKind::Queued)
                joined.push_back(e.agent);
            if (e.kind == EventKind::Start && std::find(joined.begin(), joined.end(), e.agent) != joined.end())
                servedFromLine.push_back(e.agent);
        }
        QVERIFY(joined.size() >= 3);
        QCOMPARE(servedFromLine, joined);
        // Everyone bought, and the report has the time in line.
        const DayReport &r = sim.reports().back();
        double queuedSeconds = 0;
        for (const AgentReport &a : r.agents) {
            QVERIFY(a.goals[0].metAt.has_value());
            queuedSeconds += double(a.phaseTicks[int(Phase::Queued)]) * c->day.tick;
        }
        QVERIFY(queuedSeconds > 6);
    }

    // A line member leaves it when the action could no longer start (and says why).
    void aLineMemberLeavesWhenTheActionCannotStart()
    {
        // b stands in line behind a (capacity 1) while a loaf is left; z takes
        // it from the back door; b's next look finds none and it leaves the line.
        const Scenario s = parseScenario(R"({ "format": "goap-scenario", "version": 2, "name": "Last loaf",
          "day": { "length": 120, "tick": 0.1 },
          "map": { "width": 30, "height": 12 },
          "world": { "loaves": 2 },
          "stations": [ { "id": "shop", "at": [10, 5], "capacity": 1 }, { "id": "door", "at": [14, 5] } ],
          "actions": [ { "id": "buy", "station": "shop", "duration": 20, "cost": 1, "pre": { "world.loaves": 1 },
                         "add": { "world.loaves": -1, "agent.bread": 1 } },
                       { "id": "grab", "station": "door", "duration": 1, "cost": 1, "pre": { "world.loaves": 1 },
                         "add": { "world.loaves": -1, "agent.bread": 1 } } ],
          "goals": [ { "id": "get", "kind": "quota", "conditions": { "agent.bread": 1 }, "urgency": 1 } ],
          "agents": [
            { "id": "a", "at": [8, 8], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "get" } ] },
            { "id": "b", "at": [3, 9], "speed": 2, "facts": {}, "actions": ["buy"], "goals": [ { "goal": "get" } ] },
            { "id": "z", "at": [29, 5], "speed": 0.8, "facts": {}, "actions": ["grab"], "goals": [ { "goal": "get" } ] } ] })");
        const auto c = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(c);
        sim.runUntil(0, 60);
        std::vector<EventKind> bs;
        for (const Event &e : sim.events().events)
            if (e.agent == 1
                && (e.kind == EventKind::Queued || e.kind == EventKind::RecheckFailed || e.kind == EventKind::Start))
                bs.push_back(e.kind);
        QCOMPARE(bs, (std::vector<EventKind> {EventKind::Queued, EventKind::RecheckFailed}));
        QCOMPARE(sim.phase(1), Phase::Waiting);
        QVERIFY(sim.line(0).empty());
    }

    // Issue #15, 5: a keyframe restored and stepped on gives the run that
    // followed, and the timeline's snapshot at t is a fresh run's at t, for
    // several t including 0 and the last tick, walls, lines and copies and all.
    void scrubbingGivesTheFreshRunsSnapshot()
    {
        for (const QString &file : {QStringLiteral("town.json"), QStringLiteral("hospital.json")}) {
            const auto c
                = std::make_shared<const CompiledScenario>(compile(loadScenario(QStringLiteral("scenarios/") + file)));
            Timeline timeline(c, 7.3);
            const std::int64_t day = timeline.ticksPerDay();
            const std::int64_t last = std::min<std::int64_t>(day, 4000);
            for (const std::int64_t t :
                 {std::int64_t(0), std::int64_t(1), last / 3, last - 1, std::int64_t(17), last / 2, last}) {
                Simulation fresh(c);
                fresh.start();
                fresh.stepTicks(t);
                const Snapshot want = fresh.snapshot(), got = timeline.at(t);
                QCOMPARE(got.tick, want.tick);
                QCOMPARE(got.world, want.world);
                QCOMPARE(got.agents.size(), want.agents.size());
                for (size_t i = 0; i < want.agents.size(); ++i) {
                    const AgentSnapshot &a = got.agents[i], &b = want.agents[i];
                    QCOMPARE(a.id, b.id);
                    QCOMPARE(a.x, b.x);
                    QCOMPARE(a.y, b.y);
                    QCOMPARE(a.phase, b.phase);
                    QCOMPARE(a.plan, b.plan);
                    QCOMPARE(a.action, b.action);
                    QCOMPARE(a.facts, b.facts);
                    QCOMPARE(a.actionProgress, b.actionProgress);
                    QCOMPARE(a.linePosition, b.linePosition);
                    QCOMPARE(a.partner, b.partner);
                    QCOMPARE(a.ballot.size(), b.ballot.size());
                    for (size_t g = 0; g < a.ballot.size(); ++g)
                        QCOMPARE(a.ballot[g].insistence, b.ballot[g].insistence);
                }
            }
            QVERIFY(timeline.keyframes() >= 2);
        }
        // A long stretch keeps at most kMaxKeyframes, thinned, and stays exact.
        const auto town
            = std::make_shared<const CompiledScenario>(compile(loadScenario(QStringLiteral("scenarios/town.json"))));
        Timeline fine(town, 0.1); // a keyframe every tick, at first
        const std::int64_t far = 3 * fine.ticksPerDay() + 77;
        const Snapshot got = fine.at(far);
        QVERIFY(fine.keyframes() <= Timeline::kMaxKeyframes);
        QVERIFY(fine.intervalTicks() > 1);
        Simulation fresh(town);
        fresh.start();
        fresh.stepTicks(far);
        QCOMPARE(got.tick, fresh.snapshot().tick);
        for (size_t i = 0; i < got.agents.size(); ++i) {
            QCOMPARE(got.agents[i].x, fresh.snapshot().agents[i].x);
            QCOMPARE(got.agents[i].facts, fresh.snapshot().agents[i].facts);
        }
        const Snapshot early = fine.at(1234); // from a thinned keyframe
        Simulation again(town);
        again.start();
        again.stepTicks(1234);
        QCOMPARE(early.agents[3].y, again.snapshot().agents[3].y);
        QCOMPARE(early.world, again.snapshot().world);
    }

    // Start events say where the character stands; the report counts `queued`.
    void startRecordsWhereItStands()
    {
        const auto c
            = std::make_shared<const CompiledScenario>(compile(loadScenario(QStringLiteral("scenarios/town.json"))));
        Simulation sim(c);
        sim.runDays(1);
        int starts = 0;
        for (const Event &e : sim.events().events)
            if (e.kind == EventKind::Start && e.station >= 0) {
                const CompiledStation &st = c->stations[size_t(e.station)];
                QVERIFY2(std::hypot(e.x - st.x, e.y - st.y) < 7,
                         qPrintable(QStringLiteral("%1, %2").arg(e.x).arg(e.y)));
                QVERIFY(std::hypot(e.x - st.x, e.y - st.y) > 0.2); // beside it, not on it
                ++starts;
            }
        QVERIFY(starts > 20);
    }
};

QTEST_GUILESS_MAIN(TestSpace)
#include "test_space.moc"
