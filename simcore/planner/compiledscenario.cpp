#include "compiledscenario.h"

#include "model/factname.h"

#include <QHash>

#include <algorithm>
#include <limits>
#include <set>

namespace goap {

namespace {
int indexIn(const std::vector<QString> &names, QAnyStringView name)
{
    for (size_t i = 0; i < names.size(); ++i)
        if (QAnyStringView::equal(names[i], name))
            return int(i);
    return -1;
}
} // namespace

FactId CompiledScenario::fact(QAnyStringView scoped) const
{
    return indexIn(factNames, scoped);
}
int CompiledScenario::agentIndex(QAnyStringView id) const
{
    return indexIn(agentIds, id);
}
int CompiledScenario::goalIndex(QAnyStringView id) const
{
    return indexIn(goalIds, id);
}

std::vector<std::int32_t> CompiledScenario::dawnState(int agent) const
{
    std::vector<std::int32_t> state = agents[size_t(agent)].initialFacts;
    state.insert(state.end(), worldSeed.begin(), worldSeed.end());
    return state;
}

namespace {

// Collects every fact the scenario names, then numbers them: agent facts
// first, world facts after, each sorted by name so ids do not depend on the
// order things are listed in.
QHash<QString, FactId> internFacts(const Scenario &s, CompiledScenario &c)
{
    std::set<QString> agentFacts, worldFacts;
    auto note = [&](const QString &scoped) {
        if (scoped.startsWith(u"world."))
            worldFacts.insert(scoped);
        else // a partner's fact is one of its own agent facts
            agentFacts.insert(ownFact(scoped));
    };
    for (const FactValue &f : s.world)
        worldFacts.insert(QStringLiteral("world.") + f.name);
    for (const QList<Agent> *list : {&s.agents, &s.templates})
        for (const Agent &a : *list)
            for (const FactValue &f : a.facts)
                agentFacts.insert(QStringLiteral("agent.") + f.name);
    for (const Station &st : s.stations)
        if (st.capacity > 0)
            worldFacts.insert(freePlacesFact(st.id));
    for (const Action &a : s.actions) {
        for (const Condition &x : a.pre)
            note(x.fact);
        for (const Effect &x : a.set)
            note(x.fact);
        for (const Effect &x : a.add)
            note(x.fact);
        if (!a.enqueue.isEmpty())
            worldFacts.insert(queueFact(a.enqueue));
        if (!a.takePartner.isEmpty())
            worldFacts.insert(queueFact(a.takePartner));
    }
    for (const Goal &g : s.goals) {
        for (const Condition &x : g.conditions)
            note(x.fact);
        if (isExtreme(g.kind))
            note(g.fact);
    }

    QHash<QString, FactId> ids;
    for (const QString &f : agentFacts) {
        ids.insert(f, FactId(c.factNames.size()));
        c.factNames.push_back(f);
    }
    for (const QString &f : worldFacts) {
        ids.insert(f, FactId(c.factNames.size()));
        c.factNames.push_back(f);
    }
    c.agentFactCount = int(agentFacts.size());
    c.worldFactCount = int(worldFacts.size());
    return ids;
}

// Ids to list indices (the first of each, as Scenario::action() finds it):
// a scan per reference is quadratic on a file of 10,000 characters and actions.
struct IdIndex
{
    QHash<QString, int> stations, actions, goals, templates, queues;

    template<typename List> static QHash<QString, int> of(const List &list)
    {
        QHash<QString, int> out;
        out.reserve(list.size());
        for (int i = 0; i < int(list.size()); ++i)
            if (!out.contains(list[i].id))
                out.insert(list[i].id, i);
        return out;
    }
};

int queueIndex(CompiledScenario &c, const QHash<QString, FactId> &ids, IdIndex &index, const QString &name)
{
    if (name.isEmpty())
        return -1;
    if (const auto it = index.queues.constFind(name); it != index.queues.cend())
        return it.value();
    index.queues.insert(name, int(c.queueNames.size()));
    c.queueNames.push_back(name);
    c.queueFacts.push_back(ids.value(queueFact(name)));
    return int(c.queueNames.size()) - 1;
}

CompiledAgent compileAgent(const IdIndex &index, const Agent &a, const CompiledScenario &c,
                           const QHash<QString, FactId> &ids)
{
    CompiledAgent ca;
    ca.x = a.at.x;
    ca.y = a.at.y;
    ca.speed = a.speed;
    for (const QString &id : a.actions)
        ca.actions.push_back(index.actions.value(id, -1));
    for (const GoalRef &r : a.goals) {
        const int gi = index.goals.value(r.goal, -1);
        const CompiledGoal &g = c.goals[size_t(gi)];
        ca.goals.push_back({gi, r.start.value_or(g.start), r.rate.value_or(g.rate), r.urgency.value_or(g.urgency)});
    }
    ca.initialFacts.assign(size_t(c.agentFactCount), 0);
    for (const FactValue &f : a.facts)
        ca.initialFacts[size_t(ids.value(QStringLiteral("agent.") + f.name))] = f.value;
    return ca;
}

Range appendConditions(const QList<Condition> &list, const QHash<QString, FactId> &ids, CompiledScenario &c)
{
    Range r {std::uint32_t(c.conditions.size()), 0};
    for (const Condition &x : list)
        c.conditions.push_back({ids.value(x.fact), x.value, x.op});
    r.end = std::uint32_t(c.conditions.size());
    return r;
}

} // namespace

CompiledScenario compile(const Scenario &s)
{
    CompiledScenario c;
    c.planner = s.planner;
    c.day = s.day;
    c.map = s.map;
    // Doors fold into the walls: a run sees closed doors as walls, and a door
    // toggled during a run reaches it as a change of walls (Simulation::changeWalls).
    c.map.walls = s.map.blockingWalls();
    c.map.doors.clear();
    const QHash<QString, FactId> ids = internFacts(s, c);
    IdIndex index {IdIndex::of(s.stations), IdIndex::of(s.actions), IdIndex::of(s.goals), IdIndex::of(s.templates), {}};

    c.worldSeed.assign(size_t(c.worldFactCount), 0);
    for (const FactValue &f : s.world)
        c.worldSeed[size_t(ids.value(QStringLiteral("world.") + f.name) - c.agentFactCount)] = f.value;

    for (const Station &st : s.stations) {
        const FactId free = st.capacity > 0 ? ids.value(freePlacesFact(st.id)) : -1;
        c.stations.push_back({st.at.x, st.at.y, st.capacity, free});
        c.stationIds.push_back(st.id);
        if (free >= 0)
            c.worldSeed[size_t(free - c.agentFactCount)] = st.capacity; // every place free at dawn
    }
    for (const Action &a : s.actions) {
        CompiledAction ca;
        ca.station = index.stations.value(a.station, -1);
        for (const QString &id : a.stations())
            ca.stations.push_back(index.stations.value(id, -1));
        ca.duration = a.duration;
        ca.cost = a.cost;
        ca.pre = appendConditions(a.pre, ids, c);
        // The character's own and the world's effects; a partner's are kept apart
        // (the planner never sees them: they change somebody else).
        auto own = [](const Effect &e) { return !e.fact.startsWith(u"partner."); };
        auto range = [&](const QList<Effect> &list, bool partner, bool spendOnly) {
            Range r {std::uint32_t(c.effects.size()), 0};
            for (const Effect &e : list)
                if (own(e) != partner && (!spendOnly || e.value < 0))
                    c.effects.push_back({ids.value(ownFact(e.fact)), e.value});
            r.end = std::uint32_t(c.effects.size());
            return r;
        };
        ca.set = range(a.set, false, false);
        ca.add = range(a.add, false, false);
        ca.spend = range(a.add, false, true);
        ca.partnerSet = range(a.set, true, false);
        ca.partnerAdd = range(a.add, true, false);
        ca.enqueue = queueIndex(c, ids, index, a.enqueue);
        ca.takePartner = queueIndex(c, ids, index, a.takePartner);
        ca.release = a.release;
        ca.leave = a.leave;
        ca.external = a.external;
        c.actions.push_back(ca);
        c.actionIds.push_back(a.id);
    }
    for (const Goal &g : s.goals) {
        CompiledGoal cg;
        cg.kind = g.kind;
        cg.conditions = appendConditions(g.conditions, ids, c);
        cg.start = g.start;
        cg.rate = g.rate;
        cg.urgency = g.urgency;
        if (isExtreme(g.kind)) {
            cg.fact = ids.value(g.fact, -1);
            cg.budget = g.budget;
        }
        c.goals.push_back(cg);
        c.goalIds.push_back(g.id);
        c.goalLabels.push_back(g.label);
    }
    for (const Agent &a : s.agents) {
        c.agents.push_back(compileAgent(index, a, c, ids));
        c.agentIds.push_back(a.id);
        c.agentLabels.push_back(a.label);
    }
    for (const Agent &a : s.templates) {
        c.templates.push_back(compileAgent(index, a, c, ids));
        c.templateIds.push_back(a.id);
        c.templateLabels.push_back(a.label);
    }
    for (const Spawner &sp : s.spawners) {
        const int t = index.templates.value(sp.templateId, int(c.templateIds.size()));
        c.spawners.push_back({t, sp.at.x, sp.at.y, sp.first, sp.every, sp.max});
    }
    return c;
}

// `have op value` as one unsigned range test: every operator holds on one
// interval of int32 ([lo, lo + span], wrapping), or on its complement (flip).
RangeTest rangeTest(const CCondition &c)
{
    constexpr std::int64_t kMin = std::numeric_limits<std::int32_t>::min();
    constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
    const std::int64_t v = c.value;
    std::int64_t lo = kMin, hi = kMax; // never: the whole range, flipped
    bool flip = false;
    switch (c.op) {
    case ConditionOp::Ge:
        lo = v;
        break;
    case ConditionOp::Gt:
        lo = v + 1;
        flip = v == kMax;
        break;
    case ConditionOp::Le:
        hi = v;
        break;
    case ConditionOp::Lt:
        hi = v - 1;
        flip = v == kMin;
        break;
    case ConditionOp::Eq:
    case ConditionOp::Ne:
        lo = hi = v;
        flip = c.op == ConditionOp::Ne;
        break;
    }
    if (flip && c.op != ConditionOp::Ne)
        lo = kMin, hi = kMax;
    return RangeTest {c.fact, std::uint32_t(lo), std::uint32_t(hi) - std::uint32_t(lo), flip ? 1u : 0u};
}

} // namespace goap
