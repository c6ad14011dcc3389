#include "scenariowriter.h"

#include "io/savefile.h"

#include "io/json.h"
#include "io/scenarioreader.h"

#include <algorithm>
#include <cmath>

namespace goap {

namespace {

using json::Value;

Value number(double d)
{
    // Integral values are written as integers ("2", not "2.0").
    if (std::abs(d) < 1e15 && d == double(qint64(d)))
        return Value::makeInteger(qint64(d));
    return Value::makeNumber(d);
}

template<typename Entry, typename Key> Value factMap(QList<Entry> entries, Key key)
{
    std::sort(entries.begin(), entries.end(), [&](const Entry &a, const Entry &b) { return key(a) < key(b); });
    Value obj = Value::makeObject();
    for (const Entry &e : entries)
        obj.insert(key(e), Value::makeInteger(e.value));
    return obj;
}

// `>=` as the bare integer (every version reads it), any other operator as {"op": value}.
Value conditions(QList<Condition> list)
{
    std::sort(list.begin(), list.end(), [](const Condition &a, const Condition &b) { return a.fact < b.fact; });
    Value obj = Value::makeObject();
    for (const Condition &c : list) {
        if (c.op == ConditionOp::Ge) {
            obj.insert(c.fact, Value::makeInteger(c.value));
            continue;
        }
        Value op = Value::makeObject();
        op.insert(QLatin1String(toString(c.op)), Value::makeInteger(c.value));
        obj.insert(c.fact, std::move(op));
    }
    return obj;
}

bool usesOperators(const QList<Condition> &list)
{
    return std::any_of(list.begin(), list.end(), [](const Condition &c) { return c.op != ConditionOp::Ge; });
}

Value effects(const QList<Effect> &list)
{
    return factMap(list, [](const Effect &e) { return e.fact; });
}

Value seeds(const QList<FactValue> &list)
{
    return factMap(list, [](const FactValue &f) { return f.name; });
}

Value point(const Point &p)
{
    Value v = Value::makeArray();
    v.array.push_back(number(p.x));
    v.array.push_back(number(p.y));
    return v;
}

Value station(const Station &s)
{
    Value v = Value::makeObject();
    v.insert(QStringLiteral("id"), Value::makeString(s.id));
    v.insert(QStringLiteral("label"), Value::makeString(s.label));
    v.insert(QStringLiteral("at"), point(s.at));
    if (s.capacity > 0)
        v.insert(QStringLiteral("capacity"), Value::makeInteger(s.capacity));
    return v;
}

Value boolean(bool b)
{
    Value v;
    v.type = json::Type::Bool;
    v.boolean = b;
    return v;
}

Value spawner(const Spawner &sp)
{
    Value v = Value::makeObject();
    v.insert(QStringLiteral("template"), Value::makeString(sp.templateId));
    v.insert(QStringLiteral("at"), point(sp.at));
    v.insert(QStringLiteral("first"), number(sp.first));
    v.insert(QStringLiteral("every"), number(sp.every));
    v.insert(QStringLiteral("max"), Value::makeInteger(sp.max));
    return v;
}

Value action(const Action &a)
{
    Value v = Value::makeObject();
    v.insert(QStringLiteral("id"), Value::makeString(a.id));
    v.insert(QStringLiteral("label"), Value::makeString(a.label));
    if (!a.alternatives.isEmpty()) { // version 2
        Value list = Value::makeArray();
        for (const QString &id : a.stations())
            list.array.push_back(Value::makeString(id));
        v.insert(QStringLiteral("station"), std::move(list));
    } else if (!a.station.isEmpty()) {
        v.insert(QStringLiteral("station"), Value::makeString(a.station));
    }
    v.insert(QStringLiteral("duration"), number(a.duration));
    v.insert(QStringLiteral("cost"), number(a.cost));
    if (!a.pre.isEmpty())
        v.insert(QStringLiteral("pre"), conditions(a.pre));
    if (!a.set.isEmpty())
        v.insert(QStringLiteral("set"), effects(a.set));
    if (!a.add.isEmpty())
        v.insert(QStringLiteral("add"), effects(a.add));
    if (!a.enqueue.isEmpty())
        v.insert(QStringLiteral("enqueue"), Value::makeString(a.enqueue));
    if (!a.takePartner.isEmpty())
        v.insert(QStringLiteral("takePartner"), Value::makeString(a.takePartner));
    if (a.release)
        v.insert(QStringLiteral("release"), boolean(true));
    if (a.leave)
        v.insert(QStringLiteral("leave"), boolean(true));
    if (a.external) // written only when true: files without it stay as they were
        v.insert(QStringLiteral("external"), boolean(true));
    return v;
}

Value goal(const Goal &g)
{
    Value v = Value::makeObject();
    v.insert(QStringLiteral("id"), Value::makeString(g.id));
    v.insert(QStringLiteral("label"), Value::makeString(g.label));
    v.insert(QStringLiteral("kind"), Value::makeString(toString(g.kind)));
    if (isExtreme(g.kind)) { // version 2: the fact compared and the budget, no conditions
        v.insert(QStringLiteral("fact"), Value::makeString(g.fact));
        v.insert(QStringLiteral("budget"), number(g.budget));
    } else {
        v.insert(QStringLiteral("conditions"), conditions(g.conditions));
    }
    if (climbs(g.kind)) {
        v.insert(QStringLiteral("start"), number(g.start));
        v.insert(QStringLiteral("rate"), number(g.rate));
    } else {
        v.insert(QStringLiteral("urgency"), number(g.urgency));
    }
    return v;
}

Value goalRef(const GoalRef &r)
{
    Value v = Value::makeObject();
    v.insert(QStringLiteral("goal"), Value::makeString(r.goal));
    if (r.start)
        v.insert(QStringLiteral("start"), number(*r.start));
    if (r.rate)
        v.insert(QStringLiteral("rate"), number(*r.rate));
    if (r.urgency)
        v.insert(QStringLiteral("urgency"), number(*r.urgency));
    return v;
}

Value agent(const Agent &a)
{
    Value v = Value::makeObject();
    v.insert(QStringLiteral("id"), Value::makeString(a.id));
    v.insert(QStringLiteral("label"), Value::makeString(a.label));
    v.insert(QStringLiteral("at"), point(a.at));
    v.insert(QStringLiteral("speed"), number(a.speed));
    v.insert(QStringLiteral("facts"), seeds(a.facts));
    Value actions = Value::makeArray();
    for (const QString &id : a.actions)
        actions.array.push_back(Value::makeString(id));
    v.insert(QStringLiteral("actions"), std::move(actions));
    Value goals = Value::makeArray();
    for (const GoalRef &r : a.goals)
        goals.array.push_back(goalRef(r));
    v.insert(QStringLiteral("goals"), std::move(goals));
    return v;
}

template<typename T, typename F> Value list(const QList<T> &items, F one)
{
    Value v = Value::makeArray();
    for (const T &item : items)
        v.array.push_back(one(item));
    return v;
}

} // namespace

int requiredVersion(const Scenario &s)
{
    const bool operators
        = std::any_of(s.actions.begin(), s.actions.end(), [](const Action &a) { return usesOperators(a.pre); })
        || std::any_of(s.goals.begin(), s.goals.end(), [](const Goal &g) { return usesOperators(g.conditions); });
    const bool alternatives
        = std::any_of(s.actions.begin(), s.actions.end(), [](const Action &a) { return !a.alternatives.isEmpty(); });
    const bool extremes = std::any_of(s.goals.begin(), s.goals.end(), [](const Goal &g) { return isExtreme(g.kind); });
    return operators || alternatives || extremes || s.planner.heuristic != PlannerHeuristic::Unmet
            || s.planner.travelCost != 0 || !s.map.walls.isEmpty() || !s.map.doors.isEmpty()
        ? 2
        : 1;
}

json::Value scenarioJson(const Scenario &s)
{
    Value root = Value::makeObject();
    root.insert(QStringLiteral("format"), Value::makeString(QStringLiteral("goap-scenario")));
    root.insert(QStringLiteral("version"), Value::makeInteger(requiredVersion(s)));
    root.insert(QStringLiteral("name"), Value::makeString(s.name));
    root.insert(QStringLiteral("description"), Value::makeString(s.description));
    Value &day = root.insert(QStringLiteral("day"), Value::makeObject());
    day.insert(QStringLiteral("length"), number(s.day.length));
    day.insert(QStringLiteral("tick"), number(s.day.tick));
    Value &planner = root.insert(QStringLiteral("planner"), Value::makeObject());
    planner.insert(QStringLiteral("maxNodes"), Value::makeInteger(s.planner.maxNodes));
    planner.insert(QStringLiteral("costWeight"), number(s.planner.costWeight));
    planner.insert(QStringLiteral("switchMargin"), number(s.planner.switchMargin));
    planner.insert(QStringLiteral("restBelow"), number(s.planner.restBelow));
    if (s.planner.heuristic != PlannerHeuristic::Unmet) // version 2
        planner.insert(QStringLiteral("heuristic"),
                       Value::makeString(QString::fromLatin1(heuristicName(s.planner.heuristic))));
    if (s.planner.travelCost != 0) // version 2
        planner.insert(QStringLiteral("travelCost"), number(s.planner.travelCost));
    Value &map = root.insert(QStringLiteral("map"), Value::makeObject());
    map.insert(QStringLiteral("width"), number(s.map.width));
    map.insert(QStringLiteral("height"), number(s.map.height));
    if (!s.map.walls.isEmpty()) { // version 2
        Value &walls = map.insert(QStringLiteral("walls"), Value::makeArray());
        for (const Wall &w : s.map.walls) {
            Value v = Value::makeArray();
            for (double d : {w.x, w.y, w.w, w.h})
                v.array.push_back(number(d));
            walls.array.push_back(std::move(v));
        }
    }
    if (!s.map.doors.isEmpty()) { // version 2; absent when there are none (older files are written as they were)
        Value &doors = map.insert(QStringLiteral("doors"), Value::makeArray());
        for (const Door &d : s.map.doors) {
            Value v = Value::makeObject();
            v.insert(QStringLiteral("id"), Value::makeString(d.id));
            Value rect = Value::makeArray();
            for (double n : {d.rect.x, d.rect.y, d.rect.w, d.rect.h})
                rect.array.push_back(number(n));
            v.insert(QStringLiteral("rect"), std::move(rect));
            v.insert(QStringLiteral("open"), boolean(d.open));
            doors.array.push_back(std::move(v));
        }
    }
    root.insert(QStringLiteral("world"), seeds(s.world));
    root.insert(QStringLiteral("stations"), list(s.stations, station));
    root.insert(QStringLiteral("actions"), list(s.actions, action));
    root.insert(QStringLiteral("goals"), list(s.goals, goal));
    root.insert(QStringLiteral("agents"), list(s.agents, agent));
    if (!s.templates.isEmpty())
        root.insert(QStringLiteral("templates"), list(s.templates, agent));
    if (!s.spawners.isEmpty())
        root.insert(QStringLiteral("spawners"), list(s.spawners, spawner));
    return root;
}

QByteArray writeScenario(const Scenario &s)
{
    return json::write(scenarioJson(s));
}

QString saveScenarioFile(const Scenario &scenario, const QString &fileName)
{
    return saveFileSafely(fileName, writeScenario(scenario));
}

} // namespace goap
