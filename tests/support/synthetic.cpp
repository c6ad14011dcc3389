#include "synthetic.h"

#include "io/scenarioreader.h"

#include <algorithm>

namespace goap::testing {

Scenario chainScenario(int stages, int noise)
{
    Scenario s;
    s.name = QStringLiteral("Chain %1x3 + %2 noise").arg(stages).arg(noise);
    Agent solver {QStringLiteral("solver"), QStringLiteral("Solver"), {1, 1}, 1, {}, {}, {}};
    for (int i = 1; i <= stages; ++i) {
        for (int alt = 1; alt <= 3; ++alt) {
            Action a;
            a.id = QStringLiteral("stage%1alt%2").arg(i).arg(alt);
            a.label = a.id;
            a.duration = 1;
            a.cost = alt;
            if (i > 1)
                a.pre.append({QStringLiteral("agent.s%1").arg(i - 1), 1});
            a.set.append({QStringLiteral("agent.s%1").arg(i), 1});
            s.actions.append(a);
            solver.actions.append(a.id);
        }
    }
    for (int j = 1; j <= noise; ++j) {
        Action a;
        a.id = QStringLiteral("noise%1").arg(j);
        a.label = a.id;
        a.duration = 1;
        a.cost = 2;
        a.set.append({QStringLiteral("agent.n%1").arg(j), 1});
        s.actions.append(a);
        solver.actions.append(a.id);
    }
    Goal finish;
    finish.id = QStringLiteral("finish");
    finish.label = QStringLiteral("Finish");
    finish.kind = GoalKind::Quota;
    finish.conditions.append({QStringLiteral("agent.s%1").arg(stages), 1});
    s.goals.append(finish);
    solver.goals.append(GoalRef {finish.id, {}, {}, {}});
    s.agents.append(solver);
    return s;
}

Scenario gripperScenario(int balls)
{
    Scenario s;
    s.name = QStringLiteral("Gripper %1").arg(balls);
    Agent robot {QStringLiteral("robot"), QStringLiteral("Robot"), {1, 1}, 1, {}, {}, {}};
    const auto w = [](const QString &name) { return QStringLiteral("world.") + name; };
    const auto add = [&](const QString &id, QList<Condition> pre, QList<Effect> set) {
        Action a;
        a.id = id;
        a.label = id;
        a.duration = 1;
        a.cost = 1;
        a.pre = pre;
        a.set = set;
        s.actions.append(a);
        robot.actions.append(id);
    };
    s.world = {{QStringLiteral("freeLeft"), 1},
               {QStringLiteral("freeRight"), 1},
               {QStringLiteral("robotA"), 1},
               {QStringLiteral("robotB"), 0}};
    add(QStringLiteral("moveAB"), {{w("robotA"), 1}}, {{w("robotA"), 0}, {w("robotB"), 1}});
    add(QStringLiteral("moveBA"), {{w("robotB"), 1}}, {{w("robotB"), 0}, {w("robotA"), 1}});
    Goal deliver;
    deliver.id = QStringLiteral("deliver");
    deliver.label = QStringLiteral("Deliver");
    deliver.kind = GoalKind::Quota;
    for (int n = 1; n <= balls; ++n) {
        const QString b = QStringLiteral("b%1").arg(n);
        s.world.append({b + "A", 1});
        s.world.append({b + "B", 0});
        s.world.append({b + "Left", 0});
        s.world.append({b + "Right", 0});
        deliver.conditions.append({w(b + "B"), 1});
        for (const char *room : {"A", "B"})
            for (const char *gripper : {"Left", "Right"}) {
                const QString at = w(b + QLatin1String(room)), held = w(b + QLatin1String(gripper));
                const QString robotAt = w(QStringLiteral("robot") + QLatin1String(room));
                const QString free = w(QStringLiteral("free") + QLatin1String(gripper));
                add(QStringLiteral("pick%1%2%3").arg(n).arg(QLatin1String(room), QLatin1String(gripper)),
                    {{at, 1}, {robotAt, 1}, {free, 1}}, {{at, 0}, {free, 0}, {held, 1}});
                add(QStringLiteral("drop%1%2%3").arg(n).arg(QLatin1String(room), QLatin1String(gripper)),
                    {{held, 1}, {robotAt, 1}}, {{held, 0}, {at, 1}, {free, 1}});
            }
    }
    std::sort(s.world.begin(), s.world.end(), [](const FactValue &a, const FactValue &b) { return a.name < b.name; });
    s.goals.append(deliver);
    robot.goals.append(GoalRef {deliver.id, {}, {}, {}});
    s.agents.append(robot);
    return s;
}

Scenario replicatedTown(const Scenario &town, int characters)
{
    Scenario s = town;
    s.name = QStringLiteral("%1 x%2").arg(town.name).arg(characters);
    s.agents.clear();
    const int people = int(town.agents.size());
    const int copies = (characters + people - 1) / people;
    for (FactValue &f : s.world)
        f.value *= copies;
    for (int k = 0; s.agents.size() < characters; ++k) {
        for (const Agent &a : town.agents) {
            if (s.agents.size() == characters)
                break;
            Agent copy = a;
            copy.id = QStringLiteral("%1_%2").arg(a.id).arg(k);
            copy.label = QStringLiteral("%1 %2").arg(a.label).arg(k + 1);
            copy.at.x += double(k % 7) * 0.13;
            copy.at.y += double(k % 5) * 0.11;
            s.agents.append(copy);
        }
    }
    return s;
}

Scenario walledTown(const Scenario &town, int characters, double travelCost)
{
    constexpr int kBlocks = 4;
    constexpr double kBlock = 50;
    Scenario s = replicatedTown(town, characters);
    s.name = QStringLiteral("%1 walled x%2").arg(town.name).arg(characters);
    s.map.width = s.map.height = kBlock * kBlocks;
    s.map.walls.clear();
    s.stations.clear();
    s.planner.travelCost = travelCost;
    for (int b = 0; b < kBlocks * kBlocks; ++b) {
        const double ox = (b % kBlocks) * kBlock + 10, oy = (b / kBlocks) * kBlock + 15;
        for (const Wall &w : town.map.walls)
            s.map.walls.append(Wall {w.x + ox, w.y + oy, w.w, w.h});
        // A wall between blocks, with a gate in the middle of each side.
        const double bx = (b % kBlocks) * kBlock, by = (b / kBlocks) * kBlock;
        s.map.walls.append(Wall {bx + kBlock - 1, by, 1, kBlock / 2 - 2});
        s.map.walls.append(Wall {bx + kBlock - 1, by + kBlock / 2 + 2, 1, kBlock / 2 - 2});
        s.map.walls.append(Wall {bx, by + kBlock - 1, kBlock / 2 - 2, 1});
        s.map.walls.append(Wall {bx + kBlock / 2 + 2, by + kBlock - 1, kBlock / 2 - 2, 1});
        for (const Station &st : town.stations) {
            Station copy = st;
            copy.id = QStringLiteral("%1_%2").arg(st.id).arg(b);
            copy.at = Point {st.at.x + ox, st.at.y + oy};
            s.stations.append(copy);
        }
    }
    for (Action &a : s.actions) {
        if (a.station.isEmpty())
            continue;
        const QString base = a.station;
        a.station = base + QStringLiteral("_0");
        a.alternatives.clear();
        for (int b = 1; b < kBlocks * kBlocks; ++b)
            a.alternatives.append(QStringLiteral("%1_%2").arg(base).arg(b));
    }
    for (int i = 0; i < s.agents.size(); ++i) {
        const Agent &original = town.agents[i % town.agents.size()];
        const int b = (i / int(town.agents.size())) % (kBlocks * kBlocks);
        const double ox = (b % kBlocks) * kBlock + 10, oy = (b / kBlocks) * kBlock + 15;
        s.agents[i].at = Point {original.at.x + ox, original.at.y + oy};
    }
    return s;
}

// A map of `side` cells a side, one long wall with a gap at its far end, and
// `stations` stations behind it.
Scenario bigWalledMap(int side, int walkers, int stations, bool alternatives, double travelCost)
{
    QStringList st, act, ag;
    for (int k = 0; k < stations; ++k)
        st << QStringLiteral(R"({ "id": "s%1", "at": [%2, %3] })")
                  .arg(k)
                  .arg(side / 2 + 60 + (k % 8) * 37)
                  .arg(200 + (k / 8) * 300 + k);
    if (alternatives) {
        QStringList names;
        for (int k = 0; k < stations; ++k)
            names << QStringLiteral("\"s%1\"").arg(k);
        act << QStringLiteral(
                   R"({ "id": "go", "station": [%1], "duration": 1, "cost": 1, "add": { "agent.done": 1 } })")
                   .arg(names.join(u','));
    } else {
        for (int k = 0; k < stations; ++k)
            act << QStringLiteral(
                       R"({ "id": "go%1", "station": "s%1", "duration": 1, "cost": 1, "add": { "agent.done": 1 } })")
                       .arg(k);
    }
    for (int k = 0; k < walkers; ++k)
        ag << QStringLiteral(
                  R"({ "id": "w%1", "at": [%2, 210], "speed": 200, "facts": {}, "actions": ["%3"], "goals": [ { "goal": "q" } ] })")
                  .arg(k)
                  .arg(100 + k * 30)
                  .arg(alternatives ? QStringLiteral("go") : QStringLiteral("go%1").arg(k % stations));
    const QString json = QStringLiteral(R"({ "format": "goap-scenario", "version": 2, "name": "Big",
      "day": { "length": 60, "tick": 0.1 }, "planner": { "travelCost": %5 },
      "map": { "width": %1, "height": %1, "walls": [[%2, 0, 8, %3]] },
      "world": {}, "stations": [%4], "actions": [%6],
      "goals": [ { "id": "q", "kind": "quota", "conditions": { "agent.done": 1 }, "urgency": 1 } ],
      "agents": [%7] })")
                             .arg(side)
                             .arg(side / 2)
                             .arg(side - side / 20)
                             .arg(st.join(u','))
                             .arg(travelCost)
                             .arg(act.join(u','))
                             .arg(ag.join(u','));
    return *readScenario(json.toUtf8()).scenario;
}

} // namespace goap::testing
