// Issue #25: the world keeps its own rules (SPEC 12.1). Nobody walks through
// a wall or to a station walls cut it off from, nobody walks for ever at a
// crowded station, and big walled maps stay fast because no query computes a
// whole-map field (asserted as work done, not as time).

#include "io/scenarioreader.h"
#include "io/validator.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "scenarios.h"
#include "sim/events.h"
#include "sim/explain.h"
#include "sim/simulation.h"
#include "sim/timeline.h"
#include "space/paths.h"
#include "synthetic.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <queue>
#include <random>
#include <unordered_map>

using namespace goap;
using namespace goap::sim;

namespace {

using goap::testing::parseScenario;

// One character that works at s1 and eats at s2; `walls` and where s1, s2 are.
QByteArray workAndEat(const QString &walls, const QString &s1, const QString &s2, const QString &start = "[1, 1]")
{
    return QStringLiteral(R"({ "format": "goap-scenario", "version": 2, "name": "Sealed",
      "day": { "length": 120, "tick": 0.1 },
      "map": { "width": 20, "height": 12, "walls": %1 },
      "world": {},
      "stations": [ { "id": "s1", "at": %2 }, { "id": "s2", "at": %3 } ],
      "actions": [ { "id": "work", "station": "s1", "duration": 2, "cost": 1, "add": { "agent.worked": 1 } },
                   { "id": "eat", "station": "s2", "duration": 2, "cost": 1, "add": { "agent.fed": 1 } } ],
      "goals": [ { "id": "quota", "kind": "quota", "conditions": { "agent.worked": 3 }, "urgency": 1 },
                 { "id": "hunger", "kind": "need", "conditions": { "agent.fed": 1 }, "start": 0.3, "rate": 0.02 } ],
      "agents": [ { "id": "c", "at": %4, "speed": 2, "facts": {}, "actions": ["work", "eat"],
                    "goals": [ { "goal": "quota" }, { "goal": "hunger" } ] } ] })")
        .arg(walls, s1, s2, start)
        .toUtf8();
}

// Whether the segment a-b passes through a blocked cell, or through a point
// where two cells meet at a corner with either of them blocked. Exact: every
// crossing of a cell boundary is listed, the cell between two crossings is
// checked at its midpoint, and at a corner crossed (an x and a y boundary at
// the same point) both cells beside it are checked. Independent of lineOfSight.
bool segmentClear(const Grid &g, double x0, double y0, double x1, double y1)
{
    const double dx = x1 - x0, dy = y1 - y0;
    std::vector<double> xs, ys;
    for (double x = std::floor(std::min(x0, x1)) + 1; x <= std::max(x0, x1) && dx != 0; x += 1)
        xs.push_back((x - x0) / dx);
    for (double y = std::floor(std::min(y0, y1)) + 1; y <= std::max(y0, y1) && dy != 0; y += 1)
        ys.push_back((y - y0) / dy);
    std::vector<double> ts {0.0, 1.0};
    ts.insert(ts.end(), xs.begin(), xs.end());
    ts.insert(ts.end(), ys.begin(), ys.end());
    std::sort(ts.begin(), ts.end());
    for (size_t k = 0; k + 1 < ts.size(); ++k) {
        const double mid = (ts[k] + ts[k + 1]) / 2;
        if (ts[k + 1] - ts[k] > 1e-12 && g.blocked(Grid::cellOf(x0 + dx * mid, y0 + dy * mid)))
            return false;
    }
    for (const double tx : xs)
        for (const double ty : ys)
            if (std::abs(tx - ty) < 1e-9) { // through a corner: the cells on both sides
                const double cx = std::round(x0 + dx * tx), cy = std::round(y0 + dy * tx);
                for (const double ox : {-0.5, 0.5})
                    for (const double oy : {-0.5, 0.5}) {
                        const bool aheadX = (ox > 0) == (dx > 0), aheadY = (oy > 0) == (dy > 0);
                        if (aheadX != aheadY && g.blocked(Grid::cellOf(cx + ox, cy + oy)))
                            return false; // a side cell: the corner was cut
                    }
            }
    return true;
}

// Steps `days` days, checking on every tick that nobody stands in a wall and
// that nobody's move since the last tick crossed one or cut a corner (dawn's
// return to the start excepted). Returns the longest stretch anyone walked, in seconds.
double soak(Simulation &sim, int days)
{
    const Space &space = sim.space();
    struct Seen
    {
        double x, y, walkingSince;
    };
    std::unordered_map<int, Seen> seen; // by character index
    double longest = 0;
    Snapshot now;
    for (std::int64_t t = 0; t < sim.ticksPerDay() * days; ++t) {
        const bool dawn = !sim.totalTicks() || sim.atDayEnd();
        sim.step();
        if (dawn)
            seen.clear(); // everyone back at the start; yesterday's copies gone
        sim.fillSnapshot(now);
        for (const AgentSnapshot &a : now.agents) {
            if (space.hasWalls() && space.blocked(Grid::cellOf(a.x, a.y)))
                qFatal("day %d %.1f s: %s stands in a wall at (%g, %g)", sim.day(), sim.time(), qPrintable(a.id), a.x,
                       a.y);
            const auto it = seen.find(a.index);
            const bool walking = a.phase == Phase::Walking;
            if (it == seen.end()) {
                seen[a.index] = {a.x, a.y, walking ? sim.time() : -1};
                continue;
            }
            Seen &before = it->second;
            if (space.hasWalls() && !segmentClear(space.grid(), before.x, before.y, a.x, a.y))
                qFatal("day %d %.1f s: %s crossed a wall from (%g, %g) to (%g, %g)", sim.day(), sim.time(),
                       qPrintable(a.id), before.x, before.y, a.x, a.y);
            before.x = a.x;
            before.y = a.y;
            if (walking && before.walkingSince < 0)
                before.walkingSince = sim.time();
            if (walking)
                longest = std::max(longest, sim.time() - before.walkingSince);
            else
                before.walkingSince = -1;
        }
    }
    return longest;
}

int count(const Simulation &sim, EventKind kind, int action = -1)
{
    int n = 0;
    for (const Event &e : sim.events().events)
        n += e.kind == kind && (action < 0 || e.action == action);
    return n;
}

// Grid regions by an independent flood fill.
std::vector<int> floodRegions(const Grid &g)
{
    std::vector<int> label(size_t(g.cellCount()), -1);
    int next = 0;
    for (int i = 0; i < g.cellCount(); ++i) {
        if (g.blocked(g.cellAt(i)) || label[size_t(i)] >= 0)
            continue;
        std::vector<int> stack {i};
        label[size_t(i)] = next;
        while (!stack.empty()) {
            const Cell c = g.cellAt(stack.back());
            stack.pop_back();
            for (const Cell n : {Cell {c.x + 1, c.y}, Cell {c.x - 1, c.y}, Cell {c.x, c.y + 1}, Cell {c.x, c.y - 1}})
                if (!g.blocked(n) && label[size_t(g.index(n))] < 0) {
                    label[size_t(g.index(n))] = next;
                    stack.push_back(g.index(n));
                }
        }
        ++next;
    }
    return label;
}

} // namespace

class TestWorldRules : public QObject
{
    Q_OBJECT

private slots:
    // 1. A full-height wall: the character never walks through it to eat,
    // waits with the verbatim reason, and the explanation names the wall.
    void aSealedStationIsNeverWalkedTo()
    {
        const Scenario s = parseScenario(workAndEat("[[10, 0, 1, 12]]", "[5, 5]", "[15, 5]"));
        auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(compiled);
        soak(sim, 1);
        const int eat = 1;
        QCOMPARE(compiled->actionIds[eat], QStringLiteral("eat"));
        QCOMPARE(count(sim, EventKind::Start, eat), 0);
        QVERIFY(count(sim, EventKind::Start, 0) >= 3); // it works at s1, on its side
        QVERIFY(count(sim, EventKind::Waiting) >= 1);
        QVERIFY(sim.x(0) < 10);
        bool waitedVerbatim = false;
        for (const Event &e : sim.events().events)
            waitedVerbatim = waitedVerbatim
                || (e.kind == EventKind::Waiting
                    && eventText(*compiled, sim.events(), e) == QString::fromUtf8(kWaitingReason));
        QVERIFY(waitedVerbatim);

        // The planner: no plan for hunger from where it stands, whatever the weight.
        const Space space(*compiled);
        Planner planner(*compiled);
        Plan plan;
        const Travel travel = travelFrom(space, 0, 2, 1, 1);
        QVERIFY(!planner.planForAgent(compiled->dawnState(0), 0, 1, plan, &travel));
        // From the far side it can.
        const Travel there = travelFrom(space, 0, 2, 15, 8);
        QVERIFY(planner.planForAgent(compiled->dawnState(0), 0, 1, plan, &there));

        const QStringList why
            = explanationLines(*compiled, explainGoal(*compiled, 0, 1, compiled->dawnState(0), &space, 1, 1));
        QVERIFY2(why.join(u'\n').contains(QStringLiteral("s2: no way there from (1, 1)")), qPrintable(why.join(u'\n')));
    }

    // 1b. A station inside a closed room: never entered.
    void aClosedRoomIsNeverEntered()
    {
        const Scenario s = parseScenario(
            workAndEat("[[3, 3, 5, 1], [3, 7, 5, 1], [3, 3, 1, 5], [7, 3, 1, 5]]", "[5.5, 5.5]", "[15, 5]"));
        auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(compiled);
        soak(sim, 2);
        QCOMPARE(count(sim, EventKind::Start, 0), 0); // work is in the room
        QVERIFY(count(sim, EventKind::Start, 1) >= 1); // eat is outside it
        for (const Event &e : sim.events().events)
            QVERIFY(!(e.kind == EventKind::Start && e.x > 3 && e.x < 8 && e.y > 3 && e.y < 8));
    }

    // 1c. A way that closes under a walker (here: the route finder finds none
    // to a point behind walls) is a re-check failure naming the station, never a walk through.
    void noWayIsSaidInWords()
    {
        const Scenario s = parseScenario(workAndEat("[[10, 0, 1, 12]]", "[5, 5]", "[15, 5]"));
        const CompiledScenario compiled = compile(s);
        const Space space(compiled);
        std::vector<std::pair<double, double>> way;
        QVERIFY(!space.route(1, 1, 1, 14.5, 5.5, way));
        QVERIFY(way.empty());
        QVERIFY(space.route(0, 1, 1, 5.5, 5.5, way));
        QCOMPARE(noWayReason(compiled, 1, 1, 1), QStringLiteral("s2: no way there from (1, 1)"));
        QVERIFY(!segmentClear(space.grid(), 9.5, 5.5, 11.5, 5.5)); // the checker itself sees the wall
    }

    // 2. More takers than places: 100 characters, capacity 56 (and 48, 64,
    // 100). Nobody walks for ever: everybody arrives, queues or re-plans, the
    // line is used when the places are full, and free places never go below 0.
    void aCrowdAtABigStationQueuesInsteadOfCircling_data()
    {
        QTest::addColumn<int>("capacity");
        for (const int c : {48, 56, 64, 100})
            QTest::addRow("capacity %d", c) << c;
    }
    void aCrowdAtABigStationQueuesInsteadOfCircling()
    {
        QFETCH(int, capacity);
        QStringList agents;
        for (int k = 0; k < 100; ++k)
            agents
                << QStringLiteral(
                       R"({ "id": "a%1", "at": [%2, %3], "speed": 2, "facts": {}, "actions": ["work"], "goals": [ { "goal": "q" } ] })")
                       .arg(k)
                       .arg(1 + (k % 10) * 3.8)
                       .arg(1 + (k / 10) * 3.8);
        const Scenario s = parseScenario(QStringLiteral(R"({ "format": "goap-scenario", "version": 2, "name": "Crowd",
          "day": { "length": 120, "tick": 0.1 }, "map": { "width": 40, "height": 40 }, "world": {},
          "stations": [ { "id": "s1", "at": [20, 20], "capacity": %1 } ],
          "actions": [ { "id": "work", "station": "s1", "duration": 5, "cost": 1, "add": { "agent.worked": 1 } } ],
          "goals": [ { "id": "q", "kind": "quota", "conditions": { "agent.worked": 5 }, "urgency": 1 } ],
          "agents": [%2] })")
                                             .arg(capacity)
                                             .arg(agents.join(u','))
                                             .toUtf8());
        QVERIFY(!hasErrors(validate(s)));
        auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(compiled);
        // The furthest start is 27 cells away at 2 a second (13.5 s); from the
        // back of a 24-cell line to a place is as far again: nobody walks longer.
        const double longest = soak(sim, 1);
        QVERIFY2(longest < 30, qPrintable(QString::number(longest)));
        QCOMPARE(count(sim, EventKind::Queued) > 0, capacity < 100);
        QCOMPARE(sim.world()[size_t(compiled->stations[0].freeFact - compiled->agentFactCount)] >= 0, true);
        int met = 0;
        for (const AgentReport &r : sim.reports().back().agents)
            met += r.goals[0].metAt.has_value();
        QVERIFY2(met >= 50, qPrintable(QString::number(met)));
    }

    // 2b. A station never promises more places than it has room for.
    void aCapacityBeyondTheRoomIsRefused()
    {
        Scenario s = parseScenario(
            workAndEat("[[3, 3, 5, 1], [3, 7, 5, 1], [3, 3, 1, 5], [7, 3, 1, 5]]", "[5.5, 5.5]", "[15, 5]"));
        s.stations[0].capacity = 8; // the room holds 3 x 3 cells, one of them the station's
        QVERIFY(!hasErrors(validate(s)));
        s.stations[0].capacity = 9;
        const QList<Issue> issues = validate(s);
        QVERIFY(hasErrors(issues));
        bool said = false;
        for (const Issue &i : issues)
            said = said
                || (i.path == u"stations[0].capacity"
                    && i.message.contains(QStringLiteral("has room for 8 places round it, not 9")));
        QVERIFY(said);
        // In the open, places extend outward: 1,000 fit round the centre of a 60 x 60 map.
        Scenario open = parseScenario(workAndEat("[]", "[30, 30]", "[15, 5]"));
        open.map.width = open.map.height = 60;
        open.stations[0].capacity = 1000;
        QVERIFY(!hasErrors(validate(open)));
        const CompiledScenario compiled = compile(open);
        QCOMPARE(Space(compiled).spots(0).size(), size_t(1000));
    }

    // 3. A 4096 x 4096 map with a long wall and 12 walkers: distances and
    // routes go through the corners; no whole-map field is ever computed.
    void aBigWalledMapNeverComputesAWholeMapField()
    {
        const Scenario s = testing::bigWalledMap(4096, 12, 12, false, 0);
        QVERIFY(!hasErrors(validate(s)));
        auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(compiled);
        QCOMPARE(sim.space().method(), Space::Method::Corners);
        sim.runDays(1);
        QCOMPARE(sim.space().fieldBytes(), size_t(0));
        int started = 0;
        for (const Event &e : sim.events().events)
            started += e.kind == EventKind::Start;
        QVERIFY(started >= 1); // the quickest make it round the wall within the minute
        for (int k = 0; k < sim.presentCount(); ++k)
            QVERIFY(!sim.space().blocked(Grid::cellOf(sim.x(k), sim.y(k))));
    }

    // 4. Forty alternatives behind the wall, travel costed: one plan, which
    // chooses the nearest by path, with no whole-map field either.
    void fortyAlternativesCostAboutOneSearch()
    {
        const Scenario s = testing::bigWalledMap(4096, 1, 40, true, 1);
        const CompiledScenario compiled = compile(s);
        const Space space(compiled);
        Planner planner(compiled);
        Plan plan;
        const Travel travel = travelFrom(space, 1, 200, 100, 210);
        QVERIFY(planner.planForAgent(compiled.dawnState(0), 0, 0, plan, &travel));
        QCOMPARE(plan.stations.size(), size_t(1));
        double best = std::numeric_limits<double>::infinity();
        int nearest = -1;
        for (int k = 0; k < 40; ++k)
            if (const double d = space.distance(k, travel.x, travel.y); d < best) {
                best = d;
                nearest = k;
            }
        QCOMPARE(plan.stations[0], nearest);
        QCOMPARE(space.fieldBytes(), size_t(0));
    }

    // The corners' distances agree with the grid: never shorter than the
    // straight line, never longer than the 8-connected optimum (which walks
    // in 45-degree steps), on a map large enough to use them.
    void cornerDistancesAgreeWithTheGrid()
    {
        const Scenario s = parseScenario(QByteArrayLiteral(R"({ "format": "goap-scenario", "version": 2, "name": "Mid",
          "map": { "width": 600, "height": 600, "walls": [[100, 0, 10, 500], [300, 100, 10, 500], [150, 250, 100, 20]] },
          "world": {}, "stations": [ { "id": "a", "at": [50, 50] }, { "id": "b", "at": [500, 300] } ],
          "actions": [], "goals": [], "agents": [] })"));
        const CompiledScenario compiled = compile(s);
        const Space space(compiled);
        QCOMPARE(space.method(), Space::Method::Corners);
        const double d = space.distance(0, 1);
        QVERIFY(d > std::hypot(450, 250));
        // An independent 8-connected Dijkstra, centre to centre.
        const Grid &g = space.grid();
        std::vector<double> dist(size_t(g.cellCount()), 1e18);
        using Item = std::pair<double, int>;
        std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
        const Cell from = Grid::cellOf(50, 50), to = Grid::cellOf(500, 300);
        dist[size_t(g.index(from))] = 0;
        open.push({0, g.index(from)});
        while (!open.empty()) {
            const auto [dd, i] = open.top();
            open.pop();
            if (dd > dist[size_t(i)])
                continue;
            const Cell c = g.cellAt(i);
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const Cell n {c.x + dx, c.y + dy};
                    if ((!dx && !dy) || g.blocked(n)
                        || (dx && dy && (g.blocked({c.x + dx, c.y}) || g.blocked({c.x, c.y + dy}))))
                        continue;
                    const double nd = dd + (dx && dy ? std::sqrt(2.0) : 1.0);
                    if (nd < dist[size_t(g.index(n))]) {
                        dist[size_t(g.index(n))] = nd;
                        open.push({nd, g.index(n)});
                    }
                }
        }
        const double grid = dist[size_t(g.index(to))] + std::hypot(0.5, 0.5) * 2;
        QVERIFY2(d <= grid + 1e-6, qPrintable(QStringLiteral("%1 > %2").arg(d).arg(grid)));
        QVERIFY2(d > 0.9 * grid, qPrintable(QStringLiteral("%1 vs %2").arg(d).arg(grid)));
    }

    // Routes on random walled maps, by fields (small) and by corners (large):
    // a route exists exactly when the ends share a region (an independent
    // flood fill), and every leg of it is clear.
    void routesAreClearAndExistExactlyWithinARegion_data()
    {
        QTest::addColumn<int>("side");
        QTest::addRow("fields, 40") << 40;
        QTest::addRow("corners, 520") << 520;
    }
    void routesAreClearAndExistExactlyWithinARegion()
    {
        QFETCH(int, side);
        std::mt19937 rng(25);
        for (int round = 0; round < 6; ++round) {
            Scenario s = parseScenario(QByteArrayLiteral(R"({ "format": "goap-scenario", "version": 2, "name": "R",
              "map": { "width": 10, "height": 10, "walls": [[5, 5, 1, 1]] }, "world": {},
              "stations": [ { "id": "a", "at": [0.5, 0.5] } ], "actions": [], "goals": [], "agents": [] })"));
            s.map.width = s.map.height = side;
            s.map.walls.clear();
            std::uniform_int_distribution<int> pos(0, side - 1), len(1, side / 3);
            for (int w = 0; w < 14; ++w) {
                const bool horizontal = rng() % 2;
                s.map.walls.push_back(Wall {double(pos(rng)), double(pos(rng)), horizontal ? double(len(rng)) : 1.0,
                                            horizontal ? 1.0 : double(len(rng))});
            }
            const CompiledScenario compiled = compile(s);
            const Space space(compiled);
            if (!space.hasWalls())
                continue;
            const std::vector<int> region = floodRegions(space.grid());
            std::vector<std::pair<double, double>> way;
            for (int q = 0; q < 40; ++q) {
                const Cell a {pos(rng), pos(rng)}, b {pos(rng), pos(rng)};
                if (space.blocked(a) || space.blocked(b))
                    continue;
                const double ax = a.x + 0.5, ay = a.y + 0.5, bx = b.x + 0.5, by = b.y + 0.5;
                const bool same = region[size_t(space.grid().index(a))] == region[size_t(space.grid().index(b))];
                QCOMPARE(space.region(a) == space.region(b), same);
                QCOMPARE(space.route(0, ax, ay, bx, by, way), same);
                if (!same)
                    continue;
                QCOMPARE(way.back(), std::make_pair(bx, by));
                double x = ax, y = ay;
                for (const auto &[wx, wy] : way) {
                    QVERIFY(segmentClear(space.grid(), x, y, wx, wy));
                    x = wx;
                    y = wy;
                }
            }
        }
    }

    // 5. Ten thousand copies of one wall cost one: the same cells blocked as
    // the single wall, and validation answers.
    void overlappingWallsAreRasterisedOnce()
    {
        MapSettings one;
        one.width = one.height = 4096;
        one.walls = {Wall {100, 0, 3996, 4000}};
        MapSettings many = one;
        for (int k = 0; k < 9999; ++k)
            many.walls.push_back(Wall {100, 0, 3996, 4096 - double(k % 7)});
        const Grid a(one), b(many);
        MapSettings united = one; // what the copies cover together
        united.walls = {Wall {100, 0, 3996, 4096}};
        const Grid u(united);
        int differ = 0;
        for (int i = 0; i < u.cellCount(); ++i)
            differ += b.blocked(u.cellAt(i)) != u.blocked(u.cellAt(i));
        QCOMPARE(differ, 0);
        QVERIFY(b.blocked(Cell {100, 4095}) && !a.blocked(Cell {100, 4095}) && !b.blocked(Cell {99, 4095}));
        QCOMPARE(a.regions().count(), 1);
        Scenario s = parseScenario(workAndEat("[[10, 0, 1, 12]]", "[5, 5]", "[15, 5]"));
        s.map = many;
        s.stations[0].at = {50, 50};
        s.stations[1].at = {60, 60};
        s.agents[0].at = {10, 10};
        QVERIFY(!hasErrors(validate(s)));
    }

    // 6. Positions however far or odd: no undefined conversion (UBSan runs
    // this suite), a walled map's outsider starts on the nearest free cell.
    void farPositionsAreClampedBeforeAnyCellArithmetic()
    {
        const Cell far = Grid::cellOf(1e15, -1e15);
        QCOMPARE(far.x, 1 << 30);
        QCOMPARE(far.y, -(1 << 30));
        const Cell nan = Grid::cellOf(std::nan(""), std::numeric_limits<double>::infinity());
        QCOMPARE(nan.x, -(1 << 30));
        QCOMPARE(nan.y, 1 << 30);
        Scenario s = parseScenario(workAndEat("[[10, 0, 1, 12]]", "[5, 5]", "[15, 5]", "[1e15, -1e15]"));
        auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(compiled);
        sim.start();
        QCOMPARE(sim.x(0), 19.5);
        QCOMPARE(sim.y(0), 0.5);
        soak(sim, 1);
        QVERIFY(count(sim, EventKind::Start, 1) >= 1); // on s2's side now
        const Space space(*compiled);
        QCOMPARE(space.distance(0, 1e15, -1e15), double(Space::kUnreachable));
    }

    // Walls painted during a run take effect at the next tick: a walker
    // whose way closes re-plans instead of walking on, and never crosses the
    // new wall; the same changes give the same run; a timeline told of them
    // gives the live run's snapshots.
    void wallsChangedDuringARunTakeEffectAtTheNextTick()
    {
        const Scenario s = parseScenario(workAndEat("[[0, 11, 1, 1]]", "[5, 5]", "[15, 5]"));
        auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(compiled);
        sim.start();
        // Until it sets out for s2 (eat), past the middle of the map's left half.
        while (!(sim.phase(0) == Phase::Walking && sim.currentStation(0) == 1 && sim.x(0) > 6 && sim.x(0) < 9))
            sim.step();
        const std::int64_t when = sim.totalTicks();
        const QList<Wall> wall {Wall {0, 11, 1, 1}, Wall {10, 0, 1, 12}};
        sim.changeWalls(when, wall);
        QCOMPARE(sim.space().hasWalls(), true);
        const size_t before = sim.events().events.size();
        sim.step();
        QCOMPARE(sim.phase(0) == Phase::Walking && sim.currentStation(0) == 1, false);
        bool said = false;
        for (size_t k = before; k < sim.events().events.size(); ++k) {
            const Event &e = sim.events().events[k];
            said = said
                || (e.kind == EventKind::RecheckFailed
                    && eventText(*compiled, sim.events(), e).contains(QStringLiteral("s2: no way there from")));
        }
        QVERIFY(said);
        soak(sim, 1);
        QVERIFY(sim.x(0) < 10);
        for (size_t k = before; k < sim.events().events.size(); ++k)
            QVERIFY(!(sim.events().events[k].kind == EventKind::Start && sim.events().events[k].action == 1));

        // The same change, told before the run: the same events, byte for byte.
        Simulation again(compiled);
        again.changeWalls(when, wall);
        again.stepTicks(sim.totalTicks());
        QCOMPARE(again.events().events.size(), sim.events().events.size());
        for (size_t k = 0; k < sim.events().events.size(); ++k)
            QCOMPARE(eventText(*compiled, again.events(), again.events().events[k]),
                     eventText(*compiled, sim.events(), sim.events().events[k]));

        // A timeline whose keyframes were built before it heard of the change.
        Timeline timeline(compiled, 2);
        (void)timeline.at(sim.totalTicks());
        timeline.changeWalls(when, wall);
        Simulation live(compiled);
        live.changeWalls(when, wall);
        for (const std::int64_t t : {when - 5, when, when + 1, when + 37, when + 400}) {
            live.stepTicks(t - live.totalTicks());
            const Snapshot a = timeline.at(t), b = live.snapshot();
            QCOMPARE(a.agents.size(), b.agents.size());
            QCOMPARE(a.agents[0].x, b.agents[0].x);
            QCOMPARE(a.agents[0].y, b.agents[0].y);
            QCOMPARE(a.agents[0].phase, b.agents[0].phase);
        }
    }

    // A wall painted over where someone stands: it steps to the nearest free cell.
    void aWallPaintedUnderACharacterMovesItOff()
    {
        const Scenario s = parseScenario(workAndEat("[[19, 11, 1, 1]]", "[5, 5]", "[15, 5]", "[1.5, 1.5]"));
        auto compiled = std::make_shared<const CompiledScenario>(compile(s));
        Simulation sim(compiled);
        sim.start();
        QCOMPARE(sim.x(0), 1.5);
        sim.changeWalls(sim.totalTicks(), {Wall {0, 0, 3, 3}});
        sim.step();
        QVERIFY(!sim.space().blocked(Grid::cellOf(sim.x(0), sim.y(0))));
        QVERIFY(std::hypot(sim.x(0) - 1.5, sim.y(0) - 1.5) < 2.5);
        soak(sim, 1);
    }

    // The soak: every shipped scenario with walls, three days, every tick checked.
    void shippedWalledScenariosKeepTheRulesForDays_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *name : {"town.json", "travel.json", "hospital.json"})
            QTest::addRow("%s", name) << QString::fromLatin1(name);
    }
    void shippedWalledScenariosKeepTheRulesForDays()
    {
        QFETCH(QString, file);
        const ReadResult r = readScenarioFile(QStringLiteral(GOAP_SOURCE_DIR "/scenarios/") + file);
        QVERIFY(r.ok());
        auto compiled = std::make_shared<const CompiledScenario>(compile(*r.scenario));
        Simulation sim(compiled);
        QVERIFY(sim.space().hasWalls());
        const double longest = soak(sim, 3);
        QVERIFY2(longest < 60, qPrintable(QString::number(longest)));
    }
};

QTEST_GUILESS_MAIN(TestWorldRules)
#include "test_worldrules.moc"
