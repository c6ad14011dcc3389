#pragma once
// The authoring model: what a designer writes and the editor edits.
//
// Plain value types in file order, with facts named by their scoped string
// ("world.bread", "agent.wood"). Simulation and planning never read this form
// directly; they use the CompiledScenario (planner/compiledscenario.h), where
// facts are interned to integer ids and pools are flat arrays.

#include <QList>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

namespace goap {

// How a condition compares its fact with its value (SPEC 11.1). Version 1
// knows only `>=`, written as a bare integer.
enum class ConditionOp : quint8 { Ge, Gt, Le, Lt, Eq, Ne };

// The one home of the comparison: `have <op> want`.
constexpr bool conditionHolds(ConditionOp op, qint64 have, qint64 want)
{
    switch (op) {
    case ConditionOp::Ge:
        return have >= want;
    case ConditionOp::Gt:
        return have > want;
    case ConditionOp::Le:
        return have <= want;
    case ConditionOp::Lt:
        return have < want;
    case ConditionOp::Eq:
        return have == want;
    case ConditionOp::Ne:
        return have != want;
    }
    return false;
}

// Whether `have <op> want` holds for some `have` in [lo, hi]: relaxed
// reachability's question when lo and hi bound every value a fact can take.
constexpr bool conditionCanHold(ConditionOp op, qint64 lo, qint64 hi, qint64 want)
{
    switch (op) {
    case ConditionOp::Ge:
        return hi >= want;
    case ConditionOp::Gt:
        return hi > want;
    case ConditionOp::Le:
        return lo <= want;
    case ConditionOp::Lt:
        return lo < want;
    case ConditionOp::Eq:
        return lo <= want && want <= hi;
    case ConditionOp::Ne:
        return lo != want || hi != want;
    }
    return false;
}

// The operator as written in files and shown in the UI: ">=", ">", "<=", "<", "==", "!=".
const char *toString(ConditionOp op);
std::optional<ConditionOp> conditionOpFromString(QStringView s);
inline constexpr ConditionOp kConditionOps[]
    = {ConditionOp::Ge, ConditionOp::Gt, ConditionOp::Le, ConditionOp::Lt, ConditionOp::Eq, ConditionOp::Ne};

// The operator that holds exactly when `op` does not.
constexpr ConditionOp negated(ConditionOp op)
{
    switch (op) {
    case ConditionOp::Ge:
        return ConditionOp::Lt;
    case ConditionOp::Gt:
        return ConditionOp::Le;
    case ConditionOp::Le:
        return ConditionOp::Gt;
    case ConditionOp::Lt:
        return ConditionOp::Ge;
    case ConditionOp::Eq:
        return ConditionOp::Ne;
    case ConditionOp::Ne:
        return ConditionOp::Eq;
    }
    return op;
}

// What a satisfied need spends of a condition's fact (SPEC 11.1): the bound of
// `>=` (value) and of `>` (value + 1, the least that meets it); 0 for the
// other operators, which are not spent.
constexpr qint64 spentBy(ConditionOp op, qint64 value)
{
    return op == ConditionOp::Ge ? value : op == ConditionOp::Gt ? value + 1 : 0;
}

// `fact <op> value`. `fact` carries its scope prefix ("world." or "agent.").
struct Condition
{
    QString fact;
    qint32 value = 1;
    ConditionOp op = ConditionOp::Ge;
    bool operator==(const Condition &) const = default;
};

// "world.fireLit == 0", "agent.wood >= 1": how texts and the UI write a condition.
QString conditionText(const Condition &c);

// One `set` (fact = value) or `add` (fact += value) effect.
struct Effect
{
    QString fact;
    qint32 value = 0;
    bool operator==(const Effect &) const = default;
};

// A seed value inside `world` or an agent's `facts`: the name has no prefix,
// the scope is implied by where it stands.
struct FactValue
{
    QString name;
    qint32 value = 0;
    bool operator==(const FactValue &) const = default;
};

struct Point
{
    double x = 0;
    double y = 0;
    bool operator==(const Point &) const = default;
};

struct Station
{
    QString id;
    QString label;
    Point at;
    int capacity = 0; // places; 0: unlimited. With places, world.free.<id> counts the free ones
    bool operator==(const Station &) const = default;
};

struct Action
{
    QString id;
    QString label;
    QString station; // empty: done where the character stands
    double duration = 1;
    double cost = 1;
    QList<Condition> pre;
    QList<Effect> set;
    QList<Effect> add;
    QString enqueue {}; // on completion, the character joins the back of this queue
    QString takePartner {}; // on start, the character takes the front of this queue as its partner
    bool release = false; // on completion, the partner is let go
    bool leave = false; // on completion, the character leaves the simulation
    // Performed by the game hosting the engine (the C API): the engine starts
    // it and the host finishes it; with no host it takes its duration.
    bool external = false;
    // Further stations where it can be done too (SPEC 11.3: `"station": [a, b]`
    // is station a with alternatives [b]); the planner chooses one per step.
    QStringList alternatives {};
    QStringList stations() const; // station, then the alternatives; empty when done where it stands
    bool operator==(const Action &) const = default;
};

// `need` and `quota` (SPEC §2) want conditions to hold; `maximise` and
// `minimise` (issue #31, mountain-goap's "extreme goals") want one fact as
// high, or as low, as a plan within a cost budget can leave it. An extreme
// goal's insistence climbs like a need's (start, rate).
enum class GoalKind { Need, Quota, Maximise, Minimise };

constexpr bool isExtreme(GoalKind kind)
{
    return kind == GoalKind::Maximise || kind == GoalKind::Minimise;
}
// Whether insistence climbs by `rate` from `start` (needs and extreme goals) rather than follows the day (quotas).
constexpr bool climbs(GoalKind kind)
{
    return kind != GoalKind::Quota;
}

QString toString(GoalKind kind);
std::optional<GoalKind> goalKindFromString(QStringView s);

struct Goal
{
    QString id;
    QString label;
    GoalKind kind = GoalKind::Need;
    QList<Condition> conditions;
    double start = 0; // need: insistence at dawn and after satisfaction (0..1)
    double rate = 0.01; // need: insistence gained per simulated second
    double urgency = 1; // quota: insistence = urgency x day-progress x shortfall
    QString fact {}; // maximise / minimise: the scoped fact compared ("agent.gold"); no conditions
    double budget = 0; // maximise / minimise: the most a plan may cost (inclusive)
    bool operator==(const Goal &) const = default;
};

// Whether `g` reads `fact` (scoped): in a condition, or as the fact a maximise / minimise goal compares.
bool goalReads(const Goal &g, QStringView fact);

// A goal an agent holds, with optional per-agent overrides.
struct GoalRef
{
    QString goal;
    std::optional<double> start;
    std::optional<double> rate;
    std::optional<double> urgency;
    bool operator==(const GoalRef &) const = default;
};

struct Agent
{
    QString id;
    QString label;
    Point at;
    double speed = 1;
    QList<FactValue> facts; // initial values of its own facts
    QStringList actions; // ids of the actions it can do
    QList<GoalRef> goals;
    bool operator==(const Agent &) const = default;
};

// Brings copies of a template character into the day, one every `every`
// simulated seconds from `first`, at most `max` a day, at `at`.
struct Spawner
{
    QString templateId;
    Point at;
    double first = 0;
    double every = 10;
    int max = 10;
    bool operator==(const Spawner &) const = default;
};

struct DaySettings
{
    double length = 600; // simulated seconds
    double tick = 0.1; // simulated seconds per step
    bool operator==(const DaySettings &) const = default;
    // The ticks a day runs: the whole number nearest length / tick, at least
    // one (the validator warns when the length is not a whole number of ticks).
    std::int64_t ticksPerDay() const { return std::max<std::int64_t>(1, std::llround(length / tick)); }
    // The tick of a moment: `time` seconds after dawn on day `day` (from 0), counted from the first dawn.
    std::int64_t tickAt(int day, double time) const
    {
        return std::int64_t(day) * ticksPerDay() + std::llround(time / tick);
    }
};

// How the planner estimates the cost still to go (SPEC 11.2): `unmet` counts
// unmet goal conditions (the seed's), `additive` sums relaxed costs (more
// informed, not admissible), `max` takes their largest (admissible: the plan
// found is optimal), `lmcut` the landmark-cut heuristic over the same
// relaxation (admissible, at least `max`: fewer nodes, dearer per node).
enum class PlannerHeuristic : quint8 { Unmet, Additive, Max, Lmcut };

// "unmet", "additive", "max", "lmcut": the names in files and in `goap-sim plan --json`.
const char *heuristicName(PlannerHeuristic heuristic);
// The heuristic named `name`, or nullopt.
std::optional<PlannerHeuristic> heuristicFromName(QStringView name);

struct PlannerSettings
{
    int maxNodes = 5000;
    double costWeight = 0.02;
    double switchMargin = 0.15;
    double restBelow = 0.05;
    PlannerHeuristic heuristic = PlannerHeuristic::Unmet;
    double travelCost = 0; // plan cost per walking second (SPEC 11.3); 0: distance is free, as in version 1
    bool operator==(const PlannerSettings &) const = default;
};

// A wall: an axis-aligned rectangle in map units (SPEC 11.3), `[x, y, w, h]`.
struct Wall
{
    double x = 0, y = 0, w = 1, h = 1;
    bool operator==(const Wall &) const = default;
};

// A door (issue #29): a rectangle like a wall that can be open or closed. A
// closed door blocks like a wall; an open one is a gap. Everything that
// walks or plans sees the effective walls, blockingWalls().
struct Door
{
    QString id;
    Wall rect;
    bool open = false;
    bool operator==(const Door &) const = default;
};

struct MapSettings
{
    double width = 20;
    double height = 12;
    QList<Wall> walls;
    QList<Door> doors; // `map.doors`, written only when there are some
    bool operator==(const MapSettings &) const = default;
    // The walls and the closed doors: what blocks.
    QList<Wall> blockingWalls() const
    {
        QList<Wall> out = walls;
        for (const Door &d : doors)
            if (!d.open)
                out.append(d.rect);
        return out;
    }
};

struct Scenario
{
    QString name;
    QString description;
    DaySettings day;
    PlannerSettings planner;
    MapSettings map;
    QList<FactValue> world; // seed values of world facts, reset at every dawn
    QList<Station> stations;
    QList<Action> actions;
    QList<Goal> goals;
    QList<Agent> agents;
    QList<Agent> templates; // characters that only exist as spawned copies
    QList<Spawner> spawners;
    bool operator==(const Scenario &) const = default;

    const Station *station(QStringView id) const;
    const Action *action(QStringView id) const;
    const Goal *goal(QStringView id) const;
    const Agent *agent(QStringView id) const;
    const Agent *characterTemplate(QStringView id) const;
    int indexOfAction(QStringView id) const;
    int indexOfGoal(QStringView id) const;
    int indexOfAgent(QStringView id) const;
};

} // namespace goap
