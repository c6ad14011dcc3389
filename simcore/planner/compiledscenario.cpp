#include "compiledscenario.h"

#include "model/factname.h"

#include <QHash>

#include <algorithm>
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

FactId CompiledScenario::fact(QAnyStringView scoped) const { return indexIn(factNames, scoped); }
int CompiledScenario::agentIndex(QAnyStringView id) const { return indexIn(agentIds, id); }
int CompiledScenario::goalIndex(QAnyStringView id) const { return indexIn(goalIds, id); }
int CompiledScenario::actionIndex(QAnyStringView id) const { return indexIn(actionIds, id); }

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
        (scoped.startsWith(u"world.") ? worldFacts : agentFacts).insert(scoped);
    };
    for (const FactValue &f : s.world) worldFacts.insert(QStringLiteral("world.") + f.name);
    for (const Agent &a : s.agents)
        for (const FactValue &f : a.facts) agentFacts.insert(QStringLiteral("agent.") + f.name);
    for (const Action &a : s.actions) {
        for (const Condition &x : a.pre) note(x.fact);
        for (const Effect &x : a.set) note(x.fact);
        for (const Effect &x : a.add) note(x.fact);
    }
    for (const Goal &g : s.goals)
        for (const Condition &x : g.conditions) note(x.fact);

    QHash<QString, FactId> ids;
    for (const QString &f : agentFacts) { ids.insert(f, FactId(c.factNames.size())); c.factNames.push_back(f); }
    for (const QString &f : worldFacts) { ids.insert(f, FactId(c.factNames.size())); c.factNames.push_back(f); }
    c.agentFactCount = int(agentFacts.size());
    c.worldFactCount = int(worldFacts.size());
    return ids;
}

Range appendConditions(const QList<Condition> &list, const QHash<QString, FactId> &ids, CompiledScenario &c)
{
    Range r{std::uint32_t(c.conditions.size()), 0};
    for (const Condition &x : list) c.conditions.push_back({ids.value(x.fact), x.min});
    r.end = std::uint32_t(c.conditions.size());
    return r;
}

} // namespace

CompiledScenario compile(const Scenario &s)
{
    CompiledScenario c;
    c.planner = s.planner;
    c.day = s.day;
    const QHash<QString, FactId> ids = internFacts(s, c);

    c.worldSeed.assign(size_t(c.worldFactCount), 0);
    for (const FactValue &f : s.world)
        c.worldSeed[size_t(ids.value(QStringLiteral("world.") + f.name) - c.agentFactCount)] = f.value;

    for (const Station &st : s.stations) {
        c.stations.push_back({st.at.x, st.at.y});
        c.stationIds.push_back(st.id);
    }
    for (const Action &a : s.actions) {
        CompiledAction ca;
        ca.station = s.station(a.station) ? int(s.station(a.station) - s.stations.data()) : -1;
        ca.duration = a.duration;
        ca.cost = a.cost;
        ca.pre = appendConditions(a.pre, ids, c);
        ca.set.begin = std::uint32_t(c.effects.size());
        for (const Effect &e : a.set) c.effects.push_back({ids.value(e.fact), e.value});
        ca.set.end = ca.add.begin = std::uint32_t(c.effects.size());
        for (const Effect &e : a.add) c.effects.push_back({ids.value(e.fact), e.value});
        ca.add.end = ca.spend.begin = std::uint32_t(c.effects.size());
        for (const Effect &e : a.add)
            if (e.value < 0) c.effects.push_back({ids.value(e.fact), e.value});
        ca.spend.end = std::uint32_t(c.effects.size());
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
        c.goals.push_back(cg);
        c.goalIds.push_back(g.id);
        c.goalLabels.push_back(g.label);
    }
    for (const Agent &a : s.agents) {
        CompiledAgent ca;
        ca.x = a.at.x;
        ca.y = a.at.y;
        ca.speed = a.speed;
        for (const QString &id : a.actions) ca.actions.push_back(s.indexOfAction(id));
        for (const GoalRef &r : a.goals) {
            const int gi = s.indexOfGoal(r.goal);
            const CompiledGoal &g = c.goals[size_t(gi)];
            ca.goals.push_back({gi, r.start.value_or(g.start), r.rate.value_or(g.rate), r.urgency.value_or(g.urgency)});
        }
        ca.initialFacts.assign(size_t(c.agentFactCount), 0);
        for (const FactValue &f : a.facts)
            ca.initialFacts[size_t(ids.value(QStringLiteral("agent.") + f.name))] = f.value;
        c.agents.push_back(std::move(ca));
        c.agentIds.push_back(a.id);
        c.agentLabels.push_back(a.label);
    }
    return c;
}

} // namespace goap
