#include "runrecords.h"

#include <cmath>

namespace goap::editor {

namespace {

// Appends to `to` (which names every character by its index) the names of
// `from` (a log drained by Simulation::takeEvents: the scenario's own
// characters, then the copies since an earlier dawn) that `to` lacks.
void appendNames(sim::EventLog &to, const sim::EventLog &from)
{
    const size_t own = size_t(from.copiesFrom);
    const size_t end
        = from.agentIds.size() <= own ? from.agentIds.size() : size_t(from.firstCopy) + (from.agentIds.size() - own);
    for (size_t i = to.agentIds.size(); i < end; ++i) {
        to.agentIds.push_back(from.agentId(int(i)));
        to.agentLabels.push_back(from.agentLabel(int(i)));
    }
}

} // namespace

void RunRecords::reset(const CompiledScenario *scenario)
{
    m_log.clear();
    m_samples = sim::Samples();
    m_eventsDropped = 0;
    m_eventsTrimmed = 0;
    m_firstKeptDay = 0;
    if (scenario) {
        const double dt = scenario->day.tick;
        m_samples.interval = double(std::max<qint64>(1, std::llround(1.0 / dt))) * dt;
        m_samples.worldColumns = scenario->worldFactCount;
        for (const sim::SampleColumn &c : sim::sampleColumns(*scenario)) {
            m_samples.slotAgent.push_back(c.agent);
            m_samples.slotGoal.push_back(c.goal);
        }
    }
}

RecordsDelta RunRecords::apply(const SimFrame &frame)
{
    RecordsDelta delta;
    m_eventsDropped += frame.eventsDropped;
    const sim::EventLog &log = frame.events;
    appendNames(m_log, log);
    const auto base = std::uint32_t(m_log.planActions.size());
    m_log.planActions.insert(m_log.planActions.end(), log.planActions.begin(), log.planActions.end());
    for (sim::Event e : log.events) {
        if (e.kind == sim::EventKind::Plan) {
            e.planBegin += base;
            e.planEnd += base;
        }
        m_log.events.push_back(e);
    }
    delta.eventsAppended = log.events.size();
    const sim::Samples &s = frame.samples;
    m_samples.rowDay.insert(m_samples.rowDay.end(), s.rowDay.begin(), s.rowDay.end());
    m_samples.rowTime.insert(m_samples.rowTime.end(), s.rowTime.begin(), s.rowTime.end());
    m_samples.insistence.insert(m_samples.insistence.end(), s.insistence.begin(), s.insistence.end());
    m_samples.progress.insert(m_samples.progress.end(), s.progress.begin(), s.progress.end());
    m_samples.world.insert(m_samples.world.end(), s.world.begin(), s.world.end());
    delta.rowsAppended = s.rows();
    const int firstDay = frame.snapshot.day - (kKeptDays - 1);
    if (firstDay > m_firstKeptDay) {
        m_firstKeptDay = firstDay;
        delta.trimmed = true;
        const size_t rows = m_samples.rows();
        m_samples.dropRowsBefore(firstDay);
        delta.rowsTrimmed = rows - m_samples.rows();
        delta.eventsTrimmed = m_log.dropBefore(firstDay);
        m_eventsTrimmed += delta.eventsTrimmed;
    }
    return delta;
}

} // namespace goap::editor
