#include "simulation.h"

#include <cassert>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>

namespace goap::sim {

Simulation::Simulation(std::shared_ptr<const CompiledScenario> scenario, Options options)
    : m_scenario(std::move(scenario))
    , m_options(options)
    , m_planner(*m_scenario)
    , m_cache(*m_scenario)
    , m_dt(m_scenario->day.tick)
    , m_space(*m_scenario)
{
    const CompiledScenario &sc = *m_scenario;
    m_ticksPerDay = sc.day.ticksPerDay();
    m_retryTicks = std::max<std::int64_t>(1, std::llround(1.0 / m_dt));
    m_sampleTicks = std::max<std::int64_t>(1, std::llround(m_options.sampleInterval / m_dt));
    m_samples.interval = double(m_sampleTicks) * m_dt;
    m_samples.worldColumns = m_scenario->worldFactCount;

    m_identities.resize(sc.agents.size());
    m_activities.resize(sc.agents.size());
    m_walks.resize(sc.agents.size());
    m_notes.resize(sc.agents.size());
    std::vector<const std::vector<int> *> profiles;
    auto profileOf = [&](const std::vector<int> &actions) {
        const auto same = std::find_if(profiles.begin(), profiles.end(), [&](const auto *p) { return *p == actions; });
        if (same == profiles.end()) {
            profiles.push_back(&actions);
            return int(profiles.size()) - 1;
        }
        return int(same - profiles.begin());
    };
    for (size_t i = 0; i < sc.agents.size(); ++i) {
        const CompiledAgent &ca = sc.agents[i];
        Identity &identity = m_identities[i];
        identity.profile = profileOf(ca.actions);
        identity.serial = int(i);
        identity.actions = &ca.actions;
        identity.id = sc.agentIds[i];
        identity.label = sc.agentLabels[i];
        for (const CompiledAgentGoal &g : ca.goals) {
            Ballots::Entry entry;
            entry.goal = g.goal;
            entry.start = g.start;
            entry.urgency = g.urgency;
            m_ballots.add(entry, {0, g.rate, climbs(sc.goals[size_t(g.goal)].kind)});
        }
        m_ballots.close(1); // (dawn sets it again)
    }
    for (const SampleColumn &c : sampleColumns(sc)) {
        m_samples.slotAgent.push_back(c.agent);
        m_samples.slotGoal.push_back(c.goal);
    }
    m_staticAgents = sc.agents.size();
    for (const CompiledAgent &t : sc.templates)
        m_templateProfile.push_back(profileOf(t.actions));
    m_templateSerial.assign(sc.templates.size(), 0);
    m_crowd.reset(sc.agents.size(), sc.stations.size(), sc.queueNames.size());
    m_spotsStood.assign(sc.stations.size(), 0); // nobody stands anywhere
    m_factQueue.assign(size_t(sc.stateSize()), -1);
    for (size_t q = 0; q < sc.queueFacts.size(); ++q)
        if (sc.queueFacts[q] >= 0)
            m_factQueue[size_t(sc.queueFacts[q])] = int(q);
    const size_t queues = sc.queueFacts.size();
    auto readsQueue = [&](Range conditions, std::vector<char> &reads, size_t row) {
        for (const CCondition &c : sc.conditionsOf(conditions))
            if (const int q = m_factQueue[size_t(c.fact)]; q >= 0)
                reads[row * queues + size_t(q)] = 1;
    };
    m_profileReadsQueue.assign(profiles.size() * queues, 0);
    for (size_t p = 0; p < profiles.size(); ++p)
        for (const int action : *profiles[p])
            readsQueue(sc.actions[size_t(action)].pre, m_profileReadsQueue, p);
    m_goalReadsQueue.assign(sc.goals.size() * queues, 0);
    for (size_t g = 0; g < sc.goals.size(); ++g) {
        readsQueue(sc.goals[g].conditions, m_goalReadsQueue, g);
        if (const FactId f = sc.goals[g].fact; isExtreme(sc.goals[g].kind) && f >= 0 && m_factQueue[size_t(f)] >= 0)
            m_goalReadsQueue[g * queues + size_t(m_factQueue[size_t(f)])] = 1; // a maximised queue length
    }
    // Quotas by the world facts they read; those reading a queue's length
    // (what a character can take from it) are looked at every tick.
    m_quotasOfWorldFact.resize(size_t(sc.worldFactCount));
    m_quotaGoalDirty.assign(sc.goals.size(), 0);
    m_quotaVolatile.assign(sc.goals.size(), 0);
    for (size_t g = 0; g < sc.goals.size(); ++g) {
        if (sc.goals[g].kind != GoalKind::Quota)
            continue;
        for (const CCondition &c : sc.conditionsOf(sc.goals[g].conditions)) {
            if (m_factQueue[size_t(c.fact)] >= 0) {
                m_quotaVolatile[g] = 1;
                m_anyVolatileQuota = true;
            }
            if (c.fact >= sc.agentFactCount) {
                std::vector<int> &goals = m_quotasOfWorldFact[size_t(c.fact - sc.agentFactCount)];
                if (std::find(goals.begin(), goals.end(), int(g)) == goals.end())
                    goals.push_back(int(g));
            }
        }
    }
    m_state.resize(size_t(sc.stateSize()));
    m_serials = m_serialsAtDawn = int(sc.agents.size());
    m_log.agentIds = sc.agentIds;
    m_log.agentLabels = sc.agentLabels;
    m_log.copiesFrom = m_log.firstCopy = int(sc.agents.size());
    setThreads(m_options.threads);
}

std::int32_t &Simulation::fact(int i, FactId f)
{
    const int a = m_scenario->agentFactCount;
    if (f < a)
        quotaInputsChanged(i); // written through the reference (the world's changes are found by comparison)
    return f < a ? m_agentFacts[size_t(i) * size_t(a) + size_t(f)] : m_world[size_t(f - a)];
}

std::span<const std::int32_t> Simulation::agentFacts(int agent) const
{
    const size_t n = size_t(m_scenario->agentFactCount);
    return {m_agentFacts.data() + size_t(agent) * n, n};
}

int Simulation::currentAction(int agent) const
{
    return m_activities[size_t(agent)].action;
}

std::int32_t Simulation::value(int i, FactId f) const
{
    const int a = m_scenario->agentFactCount;
    return f < a ? m_agentFacts[size_t(i) * size_t(a) + size_t(f)] : m_world[size_t(f - a)];
}

// Applies `add` effects: only the spends (negative deltas), or all but them.
void Simulation::applyEffects(int i, Range effects, bool spendOnly, bool skipSpends)
{
    for (const CEffect &e : m_scenario->effectsOf(effects)) {
        if ((spendOnly && e.value >= 0) || (skipSpends && e.value < 0))
            continue;
        std::int32_t &v = fact(i, e.fact);
        v = std::int32_t(
            std::clamp<std::int64_t>(std::int64_t(v) + e.value, 0, std::numeric_limits<std::int32_t>::max()));
    }
}

void Simulation::dawn()
{
    wakeAll(); // (everything below begins afresh)
    const CompiledScenario &sc = *m_scenario;
    m_world = sc.worldSeed;
    const size_t a = size_t(sc.agentFactCount);
    // Yesterday's copies are gone: storage returns to the scenario's own characters.
    m_identities.resize(m_staticAgents);
    m_activities.resize(m_staticAgents);
    m_walks.resize(m_staticAgents);
    m_notes.resize(m_staticAgents);
    m_ballots.truncate(m_staticAgents);
    m_runPhase.assign(m_staticAgents, -1); // today's runs begin at each one's first turn
    m_runFrom.assign(m_staticAgents, 0);
    m_agentFacts.assign(sc.agents.size() * a, 0);
    m_active.clear();
    for (size_t i = 0; i < m_staticAgents; ++i)
        m_active.push_back(int(i));
    m_orderStale = true;
    m_crowd.reset(m_staticAgents, sc.stations.size(), sc.queueNames.size());
    m_spotsStood.assign(sc.stations.size(), 0);
    m_dawnRings.clear();
    for (size_t st = 0; st < sc.stations.size(); ++st) {
        // As many places as there are cells for them (the validator refuses a
        // capacity its surroundings cannot hold; this keeps any other file honest).
        const size_t places = std::min(size_t(sc.stations[st].capacity), m_space.spots(int(st)).size());
        m_crowd.setPlaces(int(st), places);
        if (sc.stations[st].freeFact >= 0)
            m_world[size_t(sc.stations[st].freeFact - sc.agentFactCount)] = std::int32_t(places);
    }
    m_nextSpawn.clear();
    for (const CompiledSpawner &sp : sc.spawners)
        m_nextSpawn.push_back(std::llround(sp.first / m_dt));
    m_spawned.assign(sc.spawners.size(), 0);
    DayReport report;
    report.day = m_day;
    report.agents.resize(sc.agents.size());
    for (size_t i = 0; i < sc.agents.size(); ++i) {
        const CompiledAgent &ca = sc.agents[i];
        std::copy(ca.initialFacts.begin(), ca.initialFacts.end(), m_agentFacts.begin() + std::ptrdiff_t(i * a));
        // Everything but who it is starts afresh (the scenario's own characters keep their identity).
        m_activities[i] = Activity();
        m_notes[i] = Notes();
        Walk &w = m_walks[i];
        w = Walk();
        w.speed = ca.speed;
        report.agents[i].id = sc.agentIds[i];
        w.x = ca.x;
        w.y = ca.y;
        m_placingDawn = true;
        stand(int(i), true); // no two on one spot: a later one takes the nearest free cell
        m_placingDawn = false;
        for (size_t k = 0; k < m_ballots.of(int(i)).size(); ++k) {
            Ballots::Entry &entry = m_ballots.of(int(i))[k];
            m_ballots.needs(int(i))[k].need = entry.start;
            entry.cost = entry.score = 0;
            entry.viable = entry.satisfied = entry.met = false;
            entry.spent = entry.stepCost = 0; // a maximise / minimise goal's episode begins with its whole budget
            report.agents[i].goals.push_back(GoalReport {entry.goal, std::nullopt, 0});
        }
        m_ballots.needsFrom(int(i)) = m_totalTicks + 1; // from the day's first tick
    }
    m_reports.push_back(std::move(report));
    m_serialsAtDawn = m_serials; // yesterday's copies are gone for good
    record(Event {0, 0, -1, EventKind::Dawn});
    checkQuotas(true);
    if (m_options.recordSamples)
        sample();
}

void Simulation::start()
{
    if (m_started)
        return;
    m_started = true;
    m_tickInDay = 0;
    dawn();
}

void Simulation::step()
{
    tick();
    settleDozers();
}

void Simulation::tick()
{
    if (!m_started) {
        start();
    } else if (m_tickInDay == m_ticksPerDay) {
        foldPhaseRuns(m_tickInDay + 1); // yesterday's report complete
        ++m_day;
        m_tickInDay = 0;
        dawn();
    }
    applyWallChanges();
    ++m_tickInDay;
    ++m_totalTicks;
    m_turn = -1; // (lastTurnOf: nobody's turn this tick came yet)
    spawnDue();
    if (m_orderStale) { // characters may leave during the tick: its order is a copy, made when they came or went
        m_order = m_active;
        m_orderStale = false;
    }
    const bool timed = autoTrial();
    const auto began = timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
    prepareTick();
    if (m_prepared) {
        m_crowd.logChanges(true); // for arrivalStale
        // The arrivals taken ahead, in order: chunk after chunk, each chunk's in order.
        size_t chunk = 0, next = 0;
        // The positions to visit, in order: each chunk's (in order, chunk after chunk) and those put back.
        size_t visitChunk = 0, visitNext = 0;
        m_putBack.clear();
        m_visiting = 0;
        for (;;) {
            while (visitChunk < m_chunkCount && visitNext == m_chunks[visitChunk].visit.size()) {
                ++visitChunk;
                visitNext = 0;
            }
            const bool listed = visitChunk < m_chunkCount;
            size_t position;
            if (!m_putBack.empty() && (!listed || m_putBack.front() < m_chunks[visitChunk].visit[visitNext])) {
                std::pop_heap(m_putBack.begin(), m_putBack.end(), std::greater<>());
                position = m_putBack.back();
                m_putBack.pop_back();
            } else if (listed) {
                position = m_chunks[visitChunk].visit[visitNext++];
            } else {
                break;
            }
            m_visiting = position;
            const int i = m_order[position];
            if (m_settled[size_t(i)] == kArrivedAhead) {
                const ArrivalTaken *t = nullptr;
                while (!t && chunk < m_chunkCount) { // one put back before its turn (touch) leaves its record behind
                    const std::vector<ArrivalTaken> &taken = m_chunks[chunk].taken;
                    if (next == taken.size()) {
                        ++chunk;
                        next = 0;
                    } else if (taken[next].position < position) {
                        ++next;
                    } else {
                        t = &taken[next++];
                    }
                }
                assert(t && t->position == position);
                if (!t || t->position != position) // (never: then in order, as the serial run)
                    unsettle(i);
                else {
                    ++m_arrivalsAhead;
                    checkArrival(i, *t);
                }
            }
            if (!m_settled[size_t(i)] && m_activities[size_t(i)].active) {
                m_turn = i;
                updateAgent(i);
                if (m_doze && doze(i, true))
                    ++m_dozers;
            }
        }
        m_crowd.logChanges(false);
    } else {
        growDozers();
        const std::int64_t now = m_totalTicks;
        for (const int i : m_order) {
            if (const std::int64_t wakeAt = m_wakeAt[size_t(i)]; wakeAt != 0) {
                if (wakeAt > now)
                    continue; // dozing: this turn is its own alone (dozing.cpp)
                wake(i); // its turn is due: caught up to the tick before (m_turn is an earlier one's)
            }
            if (!m_activities[size_t(i)].active)
                continue;
            m_turn = i;
            updateAgent(i);
            if (m_doze && doze(i, true))
                ++m_dozers;
        }
    }
    m_turn = std::numeric_limits<int>::max();
    m_prepared = false;
    checkQuotas(false);
    if (timed)
        autoTimed(std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
    if (m_options.recordSamples && m_tickInDay % m_sampleTicks == 0) {
        settleDozers(); // what a sample reads
        sample();
    }
}

void Simulation::stepTicks(std::int64_t count)
{
    for (std::int64_t k = 0; k < count; ++k)
        tick();
    settleDozers();
}

void Simulation::runUntil(int day, double time)
{
    const std::int64_t target = m_scenario->day.tickAt(day, time);
    while (m_totalTicks < target)
        tick();
    settleDozers();
}

void Simulation::runDays(int days)
{
    const std::int64_t target = std::int64_t(days) * m_ticksPerDay;
    while (m_totalTicks < target)
        tick();
    settleDozers();
}

void Simulation::endPhaseRun(int i, std::int64_t end) const
{
    const std::int8_t phase = m_runPhase[size_t(i)];
    if (phase >= 0)
        m_reports.back().agents[size_t(i)].phaseTicks[phase] += end - m_runFrom[size_t(i)];
    m_runFrom[size_t(i)] = end;
}

void Simulation::foldPhaseRuns(std::int64_t end) const
{
    if (m_reports.empty()) // nothing begun (or every report taken): no day to count in
        return;
    for (size_t i = 0; i < m_runPhase.size(); ++i)
        if (m_runPhase[i] >= 0)
            endPhaseRun(int(i), end);
}

void Simulation::settleNeeds(int i)
{
    const std::int64_t ticks = owedClimbs(i);
    if (ticks <= 0)
        return;
    m_ballots.needsFrom(i) = needsThrough(i) + 1;
    for (Ballots::Need &need : m_ballots.needs(i))
        if (need.climbs) // needs and maximise / minimise goals
            need.need = climbed(need.need, need.rate * m_dt, ticks);
}

void Simulation::updateAgent(int i)
{
    Activity &a = m_activities[size_t(i)];
    Walk &w = m_walks[size_t(i)];
    countTurn(i, a.phase); // (its needs climb when read: settleNeeds)

    if (a.heldBy >= 0) {
        follow(i); // a partner keeps beside the character holding it
        return;
    }
    if (w.stepping && a.phase != Phase::Walking && (w.noWay || moveAlong(i)))
        w.stepping = false; // aside, up the line, or onto its cell (or, walled off, where it is)

    switch (a.phase) {
    case Phase::Idle:
        safePoint(i);
        break;
    case Phase::Walking:
        if (w.noWay) {
            wayClosed(i);
            break;
        }
        if (moveAlong(i))
            arrive(i);
        break;
    case Phase::Queued:
        if (--a.ticksLeft <= 0) {
            // Still worth waiting for? The action's needs are checked again each second.
            a.ticksLeft = m_retryTicks;
            FactId failed = -1;
            std::int32_t v = 0, needed = 0;
            ConditionOp op = ConditionOp::Ge;
            if (!actionHolds(i, m_scenario->actions[size_t(a.action)], failed, v, needed, op)) {
                failRecheck(i, failed, v, needed, op);
                leaveLine(i);
                dropPlan(i);
            }
        }
        break;
    case Phase::Acting: {
        const CompiledAction &act = m_scenario->actions[size_t(a.action)];
        if (a.firstActingTick) {
            // A partner it walks with (taken by an earlier step) comes along:
            // the action starts when both are there, side by side.
            if (a.partner >= 0 && !beside(a.partner, i))
                break;
            a.firstActingTick = false;
            if (!recheck(i, act)) {
                givePlace(i); // the place it took goes to the line
                dropPlan(i);
                return;
            }
            // Spending is taken at once, so two characters never take the last unit.
            applyEffects(i, act.add, true, false);
            Event e {0, 0, i, EventKind::Start};
            e.action = a.action;
            e.station = a.station;
            const bool still = m_crowd.of(i).standing && !w.stepping;
            e.x = still ? w.x : w.goalX; // where it stands to act
            e.y = still ? w.y : w.goalY;
            record(e);
            if (act.takePartner >= 0) {
                const int partner = firstTakeable(i, act.takePartner); // recheck made sure there is one
                touch(partner);
                m_crowd.dequeue(partner, act.takePartner);
                setQueueFact(act.takePartner);
                if (a.partner >= 0)
                    release(i);
                a.partner = partner;
                Activity &p = m_activities[size_t(partner)];
                p.heldBy = i;
                p.phase = Phase::Waiting;
                p.plan.clear();
                p.action = -1;
                p.incumbent = -1;
                Event e {0, 0, i, EventKind::Partnered};
                e.action = a.action;
                e.queue = act.takePartner;
                e.other = m_identities[size_t(partner)].serial;
                record(e);
            }
            a.ticksLeft = a.actionTicks;
            if (act.external && m_options.hostFinishesExternal) {
                Event x {0, 0, i, EventKind::ExternalStarted};
                x.action = a.action;
                record(x);
            }
        }
        if (act.external && m_options.hostFinishesExternal)
            break; // the host finishes it (finishExternal)
        if (--a.ticksLeft <= 0)
            complete(i);
        break;
    }
    case Phase::Waiting:
    case Phase::Resting:
        if (--a.ticksLeft <= 0)
            safePoint(i);
        break;
    }
}

void Simulation::complete(int i)
{
    Activity &a = m_activities[size_t(i)];
    const CompiledScenario &sc = *m_scenario;
    const CompiledAction &act = sc.actions[size_t(a.action)];
    for (const CEffect &e : sc.effectsOf(act.set))
        fact(i, e.fact) = e.value;
    applyEffects(i, act.add, false, true);
    if (a.partner >= 0) { // the partner's own facts: agent fact ids in its row
        const size_t base = size_t(a.partner) * size_t(sc.agentFactCount);
        quotaInputsChanged(a.partner);
        for (const CEffect &e : sc.effectsOf(act.partnerSet))
            m_agentFacts[base + size_t(e.fact)] = e.value;
        for (const CEffect &e : sc.effectsOf(act.partnerAdd)) {
            std::int32_t &v = m_agentFacts[base + size_t(e.fact)];
            v = std::int32_t(
                std::clamp<std::int64_t>(std::int64_t(v) + e.value, 0, std::numeric_limits<std::int32_t>::max()));
        }
    }
    Event e {0, 0, i, EventKind::Complete};
    e.action = a.action;
    record(e);
    a.action = -1;
    a.station = -1;
    a.phase = Phase::Idle;
    givePlace(i); // it stands there still, until it walks on (or somebody needs the spot)
    if (act.release && a.partner >= 0)
        release(i);
    if (act.enqueue >= 0 && m_crowd.enqueue(i, act.enqueue)) { // one already queued keeps its place
        setQueueFact(act.enqueue);
        Event q {0, 0, i, EventKind::Enqueued};
        q.queue = act.enqueue;
        record(q);
    }
    finishExtreme(i);
    if (act.leave) {
        satisfyNeeds(i); // what leaving achieves still counts
        leave(i);
        return;
    }
    safePoint(i); // after each completed action
}

void Simulation::beginStep(int i)
{
    Activity &a = m_activities[size_t(i)];
    const Walk &w = m_walks[size_t(i)];
    a.action = a.plan.front();
    const CompiledAction &act = m_scenario->actions[size_t(a.action)];
    a.actionTicks = ticksFor(act.duration);
    if (m_prepared && act.stations.size() > 1 && (a.planStations.empty() || a.planStations.front() < 0))
        buildFieldsAhead(act, w.x, w.y); // what chooseStation is about to build, on the pool
    a.station = chooseStation(i, act);
    if (a.station < 0) { // done where it stands
        a.phase = Phase::Acting;
        a.firstActingTick = true;
        return;
    }
    // Already standing on a spot of that station (a place it may take, for a station with places)?
    const CompiledStation &st = m_scenario->stations[size_t(a.station)];
    const std::vector<Cell> &spots = m_space.spots(a.station);
    const size_t usable = st.capacity > 0 ? std::min(spots.size(), size_t(st.capacity)) : spots.size();
    const Cell here = Grid::cellOf(w.x, w.y);
    const auto spot = std::find(spots.begin(), spots.begin() + std::ptrdiff_t(usable), here);
    if (m_crowd.of(i).standing && !w.stepping && spot != spots.begin() + std::ptrdiff_t(usable)) {
        // There already when it is where it would walk to: a free place, or
        // the first spot nobody else stands on.
        const int k = int(spot - spots.begin());
        const bool nearer = st.capacity <= 0 && std::any_of(spots.begin(), spot, [&](Cell c) {
                                return m_crowd.standingOn(Space::key(c)) < 0 && !m_space.isPlace(c);
                            });
        if (!nearer && (st.capacity <= 0 || m_crowd.places(a.station)[size_t(k)] < 0)) {
            if (st.capacity > 0)
                takePlace(i, a.station, k);
            a.phase = Phase::Acting;
            a.firstActingTick = true;
            return;
        }
    }
    unstand(i);
    a.phase = Phase::Walking;
    a.firstActingTick = false;
    headFor(i);
}

void Simulation::enterIdleOrWait(int i, Phase phase)
{
    Activity &a = m_activities[size_t(i)];
    if (a.partner >= 0)
        release(i); // nothing more to do with it
    if (a.phase != phase)
        record(Event {0, 0, i, phase == Phase::Waiting ? EventKind::Waiting : EventKind::Resting});
    a.phase = phase;
    a.ticksLeft = m_retryTicks;
    a.plan.clear();
    a.action = -1;
    a.station = -1;
    a.incumbent = -1;
    if (!m_crowd.of(i).standing && !m_crowd.of(i).sharing)
        stand(i, false);
}

} // namespace goap::sim
