// Keyframes: the whole live state at one tick, restored to look back over a
// day (the editor's timeline).

#include "simulation.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

struct Simulation::Keyframe
{
    int day = 0;
    std::int64_t tickInDay = 0, totalTicks = 0;
    bool started = false;
    std::vector<std::int32_t> world, agentFacts;
    std::vector<Identity> identities;
    std::vector<Activity> activities;
    std::vector<Walk> walks;
    std::vector<Notes> notes;
    Crowd crowd;
    Ballots ballots;
    std::vector<int> active;
    std::vector<std::int64_t> nextSpawn;
    std::vector<int> spawned, templateSerial;
    int serials = 0, serialsAtDawn = 0;
    DayReport report; // today's, so far
};

std::shared_ptr<const Simulation::Keyframe> Simulation::keyframe() const
{
    auto k = std::make_shared<Keyframe>();
    k->day = m_day;
    k->tickInDay = m_tickInDay;
    k->totalTicks = m_totalTicks;
    k->started = m_started;
    k->world = m_world;
    k->agentFacts = m_agentFacts;
    k->identities = m_identities;
    k->activities = m_activities;
    k->walks = m_walks;
    k->notes = m_notes;
    k->crowd = m_crowd;
    k->ballots = m_ballots;
    k->active = m_active;
    k->nextSpawn = m_nextSpawn;
    k->spawned = m_spawned;
    k->templateSerial = m_templateSerial;
    k->serials = m_serials;
    k->serialsAtDawn = m_serialsAtDawn;
    foldPhaseRuns(m_tickInDay + 1); // the report so far, every turn counted (taken between ticks)
    if (!m_reports.empty())
        k->report = m_reports.back();
    return k;
}

void Simulation::restore(const Keyframe &k)
{
    m_day = k.day;
    m_tickInDay = k.tickInDay;
    m_totalTicks = k.totalTicks;
    m_started = k.started;
    m_world = k.world;
    m_agentFacts = k.agentFacts;
    m_identities = k.identities; // their action lists point into the scenario, which is shared: they stay valid
    m_activities = k.activities;
    m_walks = k.walks;
    m_notes = k.notes;
    m_crowd = k.crowd;
    recountSpots();
    m_ballots = k.ballots;
    m_active = k.active;
    m_orderStale = true;
    m_nextSpawn = k.nextSpawn;
    m_spawned = k.spawned;
    m_templateSerial = k.templateSerial;
    m_serials = k.serials;
    m_serialsAtDawn = k.serialsAtDawn;
    m_reports.assign(1, k.report);
    m_runPhase.assign(m_activities.size(), -1); // the report counts every turn until then: runs begin afresh
    m_wakeAt.assign(m_activities.size(), 0); // everyone awake: the state restored is whole
    m_ahead.assign(m_ahead.size(), Ahead {}); // strides stamped with ticks to come again: none valid
    m_dozes.assign(m_activities.size(), Doze {});
    m_dozers = 0;
    m_turn = std::numeric_limits<int>::max();
    m_runFrom.assign(m_activities.size(), 0);
    discardRecords();
    quotasCheckedNow(); // a keyframe is taken between ticks, its quotas checked
    // The walls in force then: the last change before that tick (the state
    // restored already stands and walks on them).
    if (const int inForce = wallsInForceAt(m_totalTicks); inForce != m_wallsInForce)
        useWalls(inForce, false);
}

} // namespace goap::sim
