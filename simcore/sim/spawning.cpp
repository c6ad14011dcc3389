// Spawning (SPEC §7): spawners bring copies of a template during the day;
// a copy leaves when its goals are done or the day ends.

#include "simulation.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

void Simulation::leave(int i)
{
    // Gone, it takes no more turns: its needs stay where its last turn left
    // them (settled, and owed nothing more until dawn starts them afresh).
    settleNeeds(i);
    m_ballots.needsFrom(i) = std::numeric_limits<std::int64_t>::max();
    Activity &a = m_activities[size_t(i)];
    if (a.partner >= 0)
        release(i);
    if (a.heldBy >= 0) {
        m_activities[size_t(a.heldBy)].partner = -1;
        a.heldBy = -1;
    }
    for (size_t q = 0; q < m_crowd.queues(); ++q)
        if (m_crowd.dequeue(i, int(q)))
            setQueueFact(int(q));
    leaveLine(i);
    givePlace(i);
    unstand(i);
    record(Event {0, 0, i, EventKind::Left});
    endPhaseRun(i, m_tickInDay + 1); // its turns end with this tick's (or the host's finish after it)
    m_runPhase[size_t(i)] = -1;
    a.active = false;
    a.action = -1;
    a.plan.clear();
    m_active.erase(std::find(m_active.begin(), m_active.end(), i));
    m_orderStale = true;
}

void Simulation::spawnDue()
{
    const CompiledScenario &sc = *m_scenario;
    for (size_t k = 0; k < sc.spawners.size(); ++k) {
        const CompiledSpawner &sp = sc.spawners[k];
        while (m_spawned[k] < sp.max && m_tickInDay >= m_nextSpawn[k]) {
            spawn(sp.tmpl, sp.x, sp.y);
            ++m_spawned[k];
            m_nextSpawn[k] += ticksFor(sp.every);
        }
    }
}

int Simulation::spawn(int tmpl, double x, double y)
{
    const CompiledScenario &sc = *m_scenario;
    const CompiledAgent &t = sc.templates[size_t(tmpl)];
    const int i = int(m_identities.size());
    Identity &who = m_identities.emplace_back();
    who.profile = m_templateProfile[size_t(tmpl)];
    who.tmpl = tmpl;
    who.actions = &t.actions;
    who.serial = m_serials++;
    const int n = ++m_templateSerial[size_t(tmpl)];
    who.id = QStringLiteral("%1-%2").arg(sc.templateIds[size_t(tmpl)]).arg(n);
    who.label = QStringLiteral("%1 %2").arg(sc.templateLabels[size_t(tmpl)]).arg(n);
    if (m_options.recordEvents) {
        m_log.agentIds.push_back(who.id);
        m_log.agentLabels.push_back(who.label);
    }
    m_activities.emplace_back();
    m_runPhase.push_back(-1);
    m_runFrom.push_back(0);
    Walk &w = m_walks.emplace_back();
    w.speed = t.speed;
    w.x = x;
    w.y = y;
    m_notes.emplace_back();
    m_crowd.add();
    m_quotaDirty.push_back(0);
    quotaInputsChanged(i); // a newcomer's quotas are looked at at the end of the tick
    m_agentFacts.insert(m_agentFacts.end(), t.initialFacts.begin(), t.initialFacts.end());
    AgentReport report;
    report.id = who.id;
    for (const CompiledAgentGoal &g : t.goals) {
        Ballots::Entry entry;
        entry.goal = g.goal;
        entry.start = g.start;
        entry.urgency = g.urgency;
        m_ballots.add(entry, {g.start, g.rate, climbs(sc.goals[size_t(g.goal)].kind)});
        report.goals.push_back(GoalReport {g.goal, std::nullopt, 0});
    }
    m_ballots.close(m_totalTicks); // its first turn is this tick's
    m_reports.back().agents.push_back(std::move(report));
    m_active.push_back(i);
    m_orderStale = true;
    stand(i, true);
    Event e {0, 0, i, EventKind::Spawned};
    e.other = tmpl;
    record(e);
    return i;
}

} // namespace goap::sim
