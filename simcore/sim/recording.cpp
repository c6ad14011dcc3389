// Records (SPEC §10): events, samples and day reports as they happen, the
// snapshot a live view draws, and draining them for long runs.

#include "simulation.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

void Simulation::record(Event e)
{
    if (!m_options.recordEvents)
        return;
    e.t = now();
    e.day = m_day;
    if (e.agent >= 0)
        e.agent = m_identities[size_t(e.agent)].serial; // events name characters by serial
    m_log.events.push_back(e);
}

void Simulation::sample()
{
    m_samples.rowDay.push_back(m_day);
    m_samples.rowTime.push_back(now());
    m_samples.world.insert(m_samples.world.end(), m_world.begin(), m_world.end());
    for (int i = 0; i < int(m_staticAgents); ++i) {
        settleNeeds(i); // (a second's climbs, not read again from its last ballot at every sample)
        const std::span<const Ballots::Entry> ballot = m_ballots.of(i);
        for (size_t k = 0; k < ballot.size(); ++k) {
            const Ballots::Entry &entry = ballot[k];
            m_samples.insistence.push_back(float(insistenceOf(i, k)));
            m_samples.progress.push_back(m_scenario->goals[size_t(entry.goal)].kind == GoalKind::Quota
                                             ? float(quotaProgress(i, entry))
                                             : std::numeric_limits<float>::quiet_NaN());
        }
    }
    // Spawned copies come and go: each template's copies present, as one mean per goal.
    const CompiledScenario &sc = *m_scenario;
    constexpr float nan = std::numeric_limits<float>::quiet_NaN();
    for (size_t t = 0; t < sc.templates.size(); ++t) {
        const size_t goals = sc.templates[t].goals.size();
        const size_t first = m_samples.insistence.size();
        m_samples.insistence.insert(m_samples.insistence.end(), goals, 0.0f);
        m_samples.progress.insert(m_samples.progress.end(), goals, 0.0f);
        int copies = 0;
        for (const int i : m_active) {
            if (m_identities[size_t(i)].tmpl != int(t))
                continue;
            ++copies;
            settleNeeds(i);
            const std::span<const Ballots::Entry> ballot = m_ballots.of(i);
            for (size_t k = 0; k < goals && k < ballot.size(); ++k) {
                m_samples.insistence[first + k] += float(insistenceOf(i, k));
                m_samples.progress[first + k] += float(quotaProgress(i, ballot[k]));
            }
        }
        for (size_t k = 0; k < goals; ++k) {
            const bool quota = sc.goals[size_t(sc.templates[t].goals[k].goal)].kind == GoalKind::Quota;
            m_samples.insistence[first + k] = copies ? m_samples.insistence[first + k] / float(copies) : nan;
            m_samples.progress[first + k] = copies && quota ? m_samples.progress[first + k] / float(copies) : nan;
        }
    }
}

void Simulation::takeEvents(EventLog &out)
{
    out.events.clear();
    out.planActions.clear();
    std::swap(out.events, m_log.events); // both keep their capacity: no allocation in a steady stream
    std::swap(out.planActions, m_log.planActions);
    // The names these events can name: the scenario's own characters and
    // every copy since the dawn in effect at the previous take.
    const size_t own = size_t(m_log.copiesFrom);
    out.copiesFrom = m_log.copiesFrom;
    out.firstCopy = m_log.firstCopy;
    out.agentIds.assign(m_log.agentIds.begin(), m_log.agentIds.end());
    out.agentLabels.assign(m_log.agentLabels.begin(), m_log.agentLabels.end());
    // Events from now on name no copy older than today's: drop those names,
    // so a drained log stays as small as one day's.
    const int drop = m_serialsAtDawn - m_log.firstCopy;
    if (drop > 0 && m_options.recordEvents) {
        m_log.agentIds.erase(m_log.agentIds.begin() + std::ptrdiff_t(own),
                             m_log.agentIds.begin() + std::ptrdiff_t(own) + drop);
        m_log.agentLabels.erase(m_log.agentLabels.begin() + std::ptrdiff_t(own),
                                m_log.agentLabels.begin() + std::ptrdiff_t(own) + drop);
        m_log.firstCopy = m_serialsAtDawn;
    }
}

void Simulation::takeSamples(Samples &out)
{
    out.interval = m_samples.interval;
    out.slotAgent = m_samples.slotAgent;
    out.slotGoal = m_samples.slotGoal;
    out.worldColumns = m_samples.worldColumns;
    out.rowDay.clear();
    out.rowTime.clear();
    out.insistence.clear();
    out.progress.clear();
    out.world.clear();
    std::swap(out.rowDay, m_samples.rowDay);
    std::swap(out.rowTime, m_samples.rowTime);
    std::swap(out.insistence, m_samples.insistence);
    std::swap(out.progress, m_samples.progress);
    std::swap(out.world, m_samples.world);
}

std::vector<DayReport> Simulation::takeFinishedReports()
{
    std::vector<DayReport> done;
    if (m_reports.size() > 1) {
        done.assign(std::make_move_iterator(m_reports.begin()), std::make_move_iterator(m_reports.end() - 1));
        m_reports.erase(m_reports.begin(), m_reports.end() - 1);
    }
    return done;
}

Snapshot Simulation::snapshot() const
{
    Snapshot s;
    fillSnapshot(s);
    return s;
}

void Simulation::fillSnapshot(Snapshot &out) const
{
    const CompiledScenario &sc = *m_scenario;
    out.day = m_day;
    out.time = now();
    out.dayLength = sc.day.length;
    out.tick = m_totalTicks;
    out.world = m_world;
    out.agents.resize(m_active.size());
    for (size_t k = 0; k < m_active.size(); ++k) {
        const int i = m_active[k];
        const Identity &who = m_identities[size_t(i)];
        const Activity &a = m_activities[size_t(i)];
        const Walk &w = m_walks[size_t(i)];
        const Crowd::Footing &f = m_crowd.of(i);
        AgentSnapshot &as = out.agents[k];
        as.index = who.serial;
        as.id = who.id;
        as.label = who.label;
        as.heldBy = a.heldBy >= 0 ? m_identities[size_t(a.heldBy)].serial : -1;
        as.partner = a.partner >= 0 ? m_identities[size_t(a.partner)].serial : -1;
        as.x = w.x;
        as.y = w.y;
        as.phase = a.phase;
        as.currentGoal = a.incumbent >= 0 ? m_ballots.of(i)[size_t(a.incumbent)].goal : -1;
        as.plan = a.plan;
        as.planStep = 0; // each safe point plans afresh: the action under way is always the plan's first
        as.action = a.action;
        as.station = a.station;
        as.lineStation = f.lineStation;
        as.linePosition = m_crowd.linePosition(i);
        as.moving = a.phase == Phase::Walking || w.stepping;
        as.goalX = w.goalX;
        as.goalY = w.goalY;
        as.walkField = w.walkField;
        as.actionProgress = a.phase == Phase::Acting && !a.firstActingTick && a.actionTicks > 0
            ? 1.0 - double(a.ticksLeft) / double(a.actionTicks)
            : 0.0;
        as.ballot.clear();
        const std::span<const Ballots::Entry> ballot = m_ballots.of(i);
        for (size_t k = 0; k < ballot.size(); ++k) {
            const Ballots::Entry &entry = ballot[k];
            as.ballot.push_back(BallotEntry {entry.goal, insistenceOf(i, k), entry.cost, entry.score, entry.viable,
                                             entry.satisfied, m_ballots.plan(i, k).reason});
        }
        const auto facts = agentFacts(i);
        as.facts.assign(facts.begin(), facts.end());
        as.lastSwitch = m_notes[size_t(i)].lastSwitch;
        as.lastFailure = m_notes[size_t(i)].lastFailure;
    }
}

std::size_t Simulation::discardRecordsBefore(int day)
{
    m_samples.dropRowsBefore(day);
    if (m_reports.size() > 1)
        m_reports.erase(m_reports.begin(), m_reports.end() - 1);
    return m_log.dropBefore(day);
}

void Simulation::discardRecords()
{
    m_log.events.clear();
    m_log.planActions.clear();
    m_samples.rowDay.clear();
    m_samples.rowTime.clear();
    m_samples.world.clear();
    m_samples.insistence.clear();
    m_samples.progress.clear();
}

} // namespace goap::sim
