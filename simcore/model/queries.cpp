#include "queries.h"

#include "model/factname.h"

#include <algorithm>
#include <set>

namespace goap {

QStringList factsInUse(const Scenario &s)
{
    std::set<QString> facts;
    for (const FactValue &f : s.world)
        facts.insert(worldFact(f.name));
    for (const QList<Agent> *list : {&s.agents, &s.templates})
        for (const Agent &a : *list)
            for (const FactValue &f : a.facts)
                facts.insert(agentFact(f.name));
    // A partner's fact is one of its own agent facts.
    for (const Action &a : s.actions) {
        for (const Condition &c : a.pre)
            facts.insert(c.fact);
        for (const Effect &e : a.set)
            facts.insert(ownFact(e.fact));
        for (const Effect &e : a.add)
            facts.insert(ownFact(e.fact));
    }
    for (const Goal &g : s.goals) {
        for (const Condition &c : g.conditions)
            facts.insert(c.fact);
        if (isExtreme(g.kind))
            facts.insert(g.fact);
    }
    QStringList out;
    for (const QString &f : facts)
        if (!f.isEmpty())
            out << f;
    return out;
}

FactUsage factUsage(const Scenario &s, const QString &fact)
{
    FactUsage u;
    const QString partner = partnerFact(fact);
    const QString onPartner = QStringLiteral(" (on its partner)");
    for (const Action &a : s.actions) {
        for (const Condition &c : a.pre)
            if (c.fact == fact)
                u.readBy << a.id;
        for (const Effect &e : a.set) {
            if (e.fact == fact)
                u.setBy << a.id;
            if (!partner.isEmpty() && e.fact == partner)
                u.setBy << a.id + onPartner;
        }
        for (const Effect &e : a.add) {
            if (e.fact == fact)
                (e.value < 0 ? u.spentBy : u.addedBy) << a.id;
            if (!partner.isEmpty() && e.fact == partner)
                (e.value < 0 ? u.spentBy : u.addedBy) << a.id + onPartner;
        }
    }
    for (const Goal &g : s.goals)
        if (goalReads(g, fact))
            u.goals << g.id;
    const QString bare = bareName(fact);
    if (fact.startsWith(u"world.")) {
        for (const FactValue &f : s.world)
            if (f.name == bare)
                u.seededBy << QStringLiteral("world");
    } else {
        for (const Agent &a : s.agents)
            for (const FactValue &f : a.facts)
                if (f.name == bare)
                    u.seededBy << a.id;
    }
    return u;
}

QString uniqueId(const QString &base, const QStringList &taken)
{
    if (!taken.contains(base))
        return base;
    for (int n = 2;; ++n)
        if (const QString id = base + QString::number(n); !taken.contains(id))
            return id;
}

QStringList takenIds(const Scenario &s, EntityKind kind)
{
    if (kind == EntityKind::Character || kind == EntityKind::Template)
        return idsOf(s.agents) + idsOf(s.templates);
    return visitKind(kind, [&](auto traits) {
        if constexpr (traits.kind == EntityKind::Spawner)
            return QStringList();
        else
            return idsOf(s.*traits.list);
    });
}

QStringList actionsAtStation(const Scenario &s, int station)
{
    QStringList out;
    for (const Action &a : s.actions)
        if (a.stations().contains(s.stations.value(station).id))
            out << a.id;
    return out;
}

QStringList holdersOfAction(const Scenario &s, int action)
{
    const QString id = s.actions.value(action).id;
    QStringList out;
    for (const QList<Agent> *list : {&s.agents, &s.templates})
        for (const Agent &a : *list)
            if (a.actions.contains(id))
                out << a.id;
    return out;
}

QStringList holdersOfGoal(const Scenario &s, int goal)
{
    const QString id = s.goals.value(goal).id;
    QStringList out;
    for (const QList<Agent> *list : {&s.agents, &s.templates})
        for (const Agent &a : *list)
            if (std::any_of(a.goals.begin(), a.goals.end(), [&](const GoalRef &r) { return r.goal == id; }))
                out << a.id;
    return out;
}

int spawnersOfTemplate(const Scenario &s, int characterTemplate)
{
    const QString id = s.templates.value(characterTemplate).id;
    return int(
        std::count_if(s.spawners.begin(), s.spawners.end(), [&](const Spawner &sp) { return sp.templateId == id; }));
}

} // namespace goap
