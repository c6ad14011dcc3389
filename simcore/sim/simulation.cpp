#include "simulation.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace goap::sim {

namespace {

std::int64_t ticksFor(double seconds, double dt)
{
    return std::max<std::int64_t>(1, std::int64_t(std::ceil(seconds / dt - 1e-9)));
}

} // namespace

Simulation::Simulation(std::shared_ptr<const CompiledScenario> scenario, Options options)
    : m_scenario(std::move(scenario))
    , m_options(options)
    , m_planner(*m_scenario)
    , m_cache(*m_scenario)
    , m_dt(m_scenario->day.tick)
{
    const CompiledScenario &sc = *m_scenario;
    m_ticksPerDay = std::max<std::int64_t>(1, std::llround(sc.day.length / m_dt));
    m_retryTicks = std::max<std::int64_t>(1, std::llround(1.0 / m_dt));
    m_sampleTicks = std::max<std::int64_t>(1, std::llround(m_options.sampleInterval / m_dt));
    m_samples.interval = double(m_sampleTicks) * m_dt;
    m_samples.worldColumns = m_scenario->worldFactCount;

    m_agents.resize(sc.agents.size());
    std::vector<const std::vector<int> *> profiles;
    m_slotBegin.push_back(0);
    for (size_t i = 0; i < sc.agents.size(); ++i) {
        const CompiledAgent &ca = sc.agents[i];
        const auto same = std::find_if(profiles.begin(), profiles.end(), [&](const auto *p) { return *p == ca.actions; });
        m_agents[i].profile = int(same - profiles.begin());
        if (same == profiles.end())
            profiles.push_back(&ca.actions);
        for (const CompiledAgentGoal &g : ca.goals) {
            Slot s;
            s.goal = g.goal;
            s.start = g.start;
            s.rate = g.rate;
            s.urgency = g.urgency;
            m_slots.push_back(s);
            m_samples.slotAgent.push_back(int(i));
            m_samples.slotGoal.push_back(g.goal);
        }
        m_slotBegin.push_back(m_slots.size());
    }
    m_slotPlans.resize(m_slots.size());
    m_state.resize(size_t(sc.stateSize()));
}

std::span<const std::int32_t> Simulation::agentFacts(int agent) const
{
    const size_t n = size_t(m_scenario->agentFactCount);
    return {m_pools.data() + size_t(agent) * n, n};
}

int Simulation::currentAction(int agent) const { return m_agents[size_t(agent)].action; }

double Simulation::insistence(int agent, int slot) const { return slotInsistence(agent, goalSlots(agent)[size_t(slot)]); }

std::int32_t &Simulation::fact(int i, FactId f)
{
    const int a = m_scenario->agentFactCount;
    return f < a ? m_pools[size_t(i) * size_t(a) + size_t(f)] : m_world[size_t(f - a)];
}

std::int32_t Simulation::value(int i, FactId f) const
{
    const int a = m_scenario->agentFactCount;
    return f < a ? m_pools[size_t(i) * size_t(a) + size_t(f)] : m_world[size_t(f - a)];
}

bool Simulation::holds(int i, Range conditions) const
{
    for (const CCondition &c : m_scenario->conditionsOf(conditions))
        if (value(i, c.fact) < c.min)
            return false;
    return true;
}

// Applies `add` effects: only the spends (negative deltas), or all but them.
void Simulation::applyEffects(int i, Range effects, bool spendOnly, bool skipSpends)
{
    for (const CEffect &e : m_scenario->effectsOf(effects)) {
        if ((spendOnly && e.value >= 0) || (skipSpends && e.value < 0))
            continue;
        std::int32_t &v = fact(i, e.fact);
        v = std::int32_t(std::clamp<std::int64_t>(std::int64_t(v) + e.value, 0, std::numeric_limits<std::int32_t>::max()));
    }
}

double Simulation::quotaProgress(int i, const Slot &s) const
{
    const auto conditions = m_scenario->conditionsOf(m_scenario->goals[size_t(s.goal)].conditions);
    double shortfall = 0;
    for (const CCondition &c : conditions)
        shortfall += std::clamp(double(c.min - std::int64_t(value(i, c.fact))) / double(c.min), 0.0, 1.0);
    return 1.0 - (conditions.empty() ? 0.0 : shortfall / double(conditions.size()));
}

double Simulation::slotInsistence(int i, const Slot &s) const
{
    if (m_scenario->goals[size_t(s.goal)].kind == GoalKind::Need)
        return s.need;
    const double progress = double(m_tickInDay) / double(m_ticksPerDay);
    return s.urgency * progress * (1.0 - quotaProgress(i, s));
}

void Simulation::record(Event e)
{
    if (!m_options.recordEvents)
        return;
    e.t = now();
    e.day = m_day;
    m_log.events.push_back(e);
}

void Simulation::dawn()
{
    const CompiledScenario &sc = *m_scenario;
    m_world = sc.worldSeed;
    const size_t a = size_t(sc.agentFactCount);
    m_pools.assign(sc.agents.size() * a, 0);
    DayReport report;
    report.day = m_day;
    report.agents.resize(sc.agents.size());
    for (size_t i = 0; i < sc.agents.size(); ++i) {
        const CompiledAgent &ca = sc.agents[i];
        std::copy(ca.initialFacts.begin(), ca.initialFacts.end(), m_pools.begin() + std::ptrdiff_t(i * a));
        Agent &ag = m_agents[i];
        const int profile = ag.profile;
        ag = Agent();
        ag.profile = profile;
        ag.x = ca.x;
        ag.y = ca.y;
        for (Slot &s : goalSlots(int(i))) {
            s.need = s.start;
            s.cost = s.score = 0;
            s.viable = s.satisfied = s.met = false;
            report.agents[i].goals.push_back(GoalReport{s.goal, std::nullopt, 0});
        }
    }
    m_reports.push_back(std::move(report));
    record(Event{0, 0, -1, EventKind::Dawn});
    checkQuotas();
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
    if (!m_started) {
        start();
    } else if (m_tickInDay == m_ticksPerDay) {
        ++m_day;
        m_tickInDay = 0;
        dawn();
    }
    ++m_tickInDay;
    ++m_totalTicks;
    for (int i = 0; i < int(m_agents.size()); ++i)
        updateAgent(i);
    checkQuotas();
    if (m_options.recordSamples && m_tickInDay % m_sampleTicks == 0)
        sample();
}

void Simulation::stepTicks(std::int64_t count)
{
    for (std::int64_t k = 0; k < count; ++k)
        step();
}

void Simulation::runUntil(int day, double time)
{
    const std::int64_t target = std::int64_t(day) * m_ticksPerDay + std::llround(time / m_dt);
    while (m_totalTicks < target)
        step();
}

void Simulation::runDays(int days)
{
    const std::int64_t target = std::int64_t(days) * m_ticksPerDay;
    while (m_totalTicks < target)
        step();
}

void Simulation::updateAgent(int i)
{
    Agent &a = m_agents[size_t(i)];
    for (Slot &s : goalSlots(i))
        if (m_scenario->goals[size_t(s.goal)].kind == GoalKind::Need)
            s.need = std::min(1.0, s.need + s.rate * m_dt);
    ++m_reports.back().agents[size_t(i)].phaseTicks[int(a.phase)];

    switch (a.phase) {
    case Phase::Idle:
        safePoint(i);
        break;
    case Phase::Walking: {
        const CompiledStation &st = m_scenario->stations[size_t(m_scenario->actions[size_t(a.action)].station)];
        const double dx = st.x - a.x, dy = st.y - a.y;
        const double distance = std::hypot(dx, dy);
        const double stride = m_scenario->agents[size_t(i)].speed * m_dt;
        if (distance <= stride) {
            a.x = st.x;
            a.y = st.y;
            a.phase = Phase::Acting;
            a.firstActingTick = true;
        } else {
            a.x += dx / distance * stride;
            a.y += dy / distance * stride;
        }
        break;
    }
    case Phase::Acting: {
        const CompiledAction &act = m_scenario->actions[size_t(a.action)];
        if (a.firstActingTick) {
            a.firstActingTick = false;
            // The plan was made on a snapshot: check it against the live world.
            for (const CCondition &c : m_scenario->conditionsOf(act.pre)) {
                const std::int32_t v = value(i, c.fact);
                if (v >= c.min)
                    continue;
                Event e{0, 0, i, EventKind::RecheckFailed};
                e.action = a.action;
                e.fact = c.fact;
                e.value = v;
                e.needed = c.min;
                record(e);
                a.lastFailAction = a.action;
                a.lastFailFact = c.fact;
                a.lastFailValue = v;
                a.lastFailNeeded = c.min;
                ++m_reports.back().agents[size_t(i)].recheckFailures;
                a.plan.clear();
                a.action = -1;
                a.phase = Phase::Idle;
                safePoint(i); // entering idle is a safe point
                return;
            }
            // Spending is taken at once, so two characters never take the last unit.
            applyEffects(i, act.add, true, false);
            Event e{0, 0, i, EventKind::Start};
            e.action = a.action;
            record(e);
            a.ticksLeft = a.actionTicks;
        }
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
    Agent &a = m_agents[size_t(i)];
    const CompiledAction &act = m_scenario->actions[size_t(a.action)];
    for (const CEffect &e : m_scenario->effectsOf(act.set))
        fact(i, e.fact) = e.value;
    applyEffects(i, act.add, false, true);
    Event e{0, 0, i, EventKind::Complete};
    e.action = a.action;
    record(e);
    a.action = -1;
    a.phase = Phase::Idle;
    safePoint(i); // after each completed action
}

void Simulation::safePoint(int i)
{
    const CompiledScenario &sc = *m_scenario;
    Agent &a = m_agents[size_t(i)];
    AgentReport &report = m_reports.back().agents[size_t(i)];
    const std::span<Slot> ss = goalSlots(i);
    bool incumbentDone = false;

    // Satisfaction first: a need whose conditions hold is spent and reset.
    for (size_t k = 0; k < ss.size(); ++k) {
        Slot &s = ss[k];
        const CompiledGoal &g = sc.goals[size_t(s.goal)];
        if (g.kind != GoalKind::Need || !holds(i, g.conditions))
            continue;
        for (const CCondition &c : sc.conditionsOf(g.conditions)) {
            std::int32_t &v = fact(i, c.fact);
            v = std::max(0, v - c.min);
        }
        s.need = s.start;
        ++report.goals[k].satisfied;
        Event e{0, 0, i, EventKind::NeedSatisfied};
        e.goal = s.goal;
        record(e);
        if (int(k) == a.goalSlot)
            incumbentDone = true;
    }

    // The ballot: a fresh search for every goal that does not hold.
    const size_t agentFacts = size_t(sc.agentFactCount);
    std::copy_n(m_pools.begin() + std::ptrdiff_t(size_t(i) * agentFacts), agentFacts, m_state.begin());
    std::copy(m_world.begin(), m_world.end(), m_state.begin() + std::ptrdiff_t(agentFacts));
    const std::vector<int> &actions = sc.agents[size_t(i)].actions;
    bool anyOpen = false, anyViable = false, allQuiet = true;
    for (size_t k = 0; k < ss.size(); ++k) {
        Slot &s = ss[k];
        const double insistence = slotInsistence(i, s);
        allQuiet = allQuiet && insistence < sc.planner.restBelow;
        s.satisfied = holds(i, sc.goals[size_t(s.goal)].conditions);
        s.viable = false;
        if (s.satisfied) {
            if (int(k) == a.goalSlot)
                incumbentDone = true;
            continue;
        }
        anyOpen = true;
        Plan &plan = m_slotPlans[m_slotBegin[size_t(i)] + k];
        if (m_options.memoiseSearches)
            m_cache.plan(m_planner, m_state, a.profile, actions, s.goal, plan);
        else
            m_planner.plan(m_state, actions, sc.conditionsOf(sc.goals[size_t(s.goal)].conditions), plan, sc.planner.maxNodes);
        s.viable = plan.found;
        s.cost = plan.found ? plan.cost : 0;
        s.score = insistence - sc.planner.costWeight * s.cost;
        anyViable = anyViable || plan.found;
    }
    if (incumbentDone)
        a.goalSlot = -1;

    if (!anyOpen || (anyViable && allQuiet)) {
        enterIdleOrWait(i, Phase::Resting);
        return;
    }
    if (!anyViable) {
        enterIdleOrWait(i, Phase::Waiting);
        return;
    }

    int best = -1;
    for (size_t k = 0; k < ss.size(); ++k)
        if (ss[k].viable && (best < 0 || ss[k].score > ss[size_t(best)].score))
            best = int(k);
    const int incumbent = a.goalSlot;
    if (incumbent >= 0 && ss[size_t(incumbent)].viable) {
        // Hysteresis: a challenger must beat the incumbent by the margin.
        if (best != incumbent && ss[size_t(best)].score > ss[size_t(incumbent)].score + sc.planner.switchMargin) {
            Event e{0, 0, i, EventKind::Switch};
            e.goal = ss[size_t(best)].goal;
            e.otherGoal = ss[size_t(incumbent)].goal;
            e.score = ss[size_t(best)].score;
            e.otherScore = ss[size_t(incumbent)].score;
            record(e);
            a.lastSwitchWinner = e.goal;
            a.lastSwitchLoser = e.otherGoal;
            a.lastSwitchWinnerScore = e.score;
            a.lastSwitchLoserScore = e.otherScore;
            ++report.goalSwitches;
            a.goalSlot = best;
        }
    } else {
        a.goalSlot = best;
    }

    // Follow the fresh plan of the winner: never a stored routine.
    const Plan &chosen = m_slotPlans[m_slotBegin[size_t(i)] + size_t(a.goalSlot)];
    a.plan.assign(chosen.actions.begin(), chosen.actions.end());
    ++report.plans;
    if (m_options.recordEvents) {
        Event e{0, 0, i, EventKind::Plan};
        e.goal = ss[size_t(a.goalSlot)].goal;
        e.score = chosen.cost;
        e.planBegin = std::uint32_t(m_log.planActions.size());
        m_log.planActions.insert(m_log.planActions.end(), chosen.actions.begin(), chosen.actions.end());
        e.planEnd = std::uint32_t(m_log.planActions.size());
        record(e);
    }
    beginStep(i);
}

void Simulation::beginStep(int i)
{
    Agent &a = m_agents[size_t(i)];
    a.action = a.plan.front();
    const CompiledAction &act = m_scenario->actions[size_t(a.action)];
    a.actionTicks = ticksFor(act.duration, m_dt);
    const bool there = act.station < 0
        || (m_scenario->stations[size_t(act.station)].x == a.x && m_scenario->stations[size_t(act.station)].y == a.y);
    a.phase = there ? Phase::Acting : Phase::Walking;
    a.firstActingTick = there;
}

void Simulation::enterIdleOrWait(int i, Phase phase)
{
    Agent &a = m_agents[size_t(i)];
    if (a.phase != phase)
        record(Event{0, 0, i, phase == Phase::Waiting ? EventKind::Waiting : EventKind::Resting});
    a.phase = phase;
    a.ticksLeft = m_retryTicks;
    a.plan.clear();
    a.action = -1;
    a.goalSlot = -1;
}

void Simulation::checkQuotas()
{
    const CompiledScenario &sc = *m_scenario;
    for (int i = 0; i < int(m_agents.size()); ++i) {
        const std::span<Slot> ss = goalSlots(i);
        for (size_t k = 0; k < ss.size(); ++k) {
            Slot &s = ss[k];
            const CompiledGoal &g = sc.goals[size_t(s.goal)];
            if (s.met || g.kind != GoalKind::Quota || !holds(i, g.conditions))
                continue;
            s.met = true;
            const double fraction = double(m_tickInDay) / double(m_ticksPerDay);
            m_reports.back().agents[size_t(i)].goals[k].metAt = fraction;
            Event e{0, 0, i, EventKind::QuotaMet};
            e.goal = s.goal;
            e.score = fraction;
            record(e);
        }
    }
}

void Simulation::sample()
{
    m_samples.rowDay.push_back(m_day);
    m_samples.rowTime.push_back(now());
    m_samples.world.insert(m_samples.world.end(), m_world.begin(), m_world.end());
    for (int i = 0; i < int(m_agents.size()); ++i) {
        for (const Slot &s : goalSlots(i)) {
            m_samples.insistence.push_back(float(slotInsistence(i, s)));
            m_samples.progress.push_back(m_scenario->goals[size_t(s.goal)].kind == GoalKind::Quota
                                             ? float(quotaProgress(i, s))
                                             : std::numeric_limits<float>::quiet_NaN());
        }
    }
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
    out.agents.resize(m_agents.size());
    for (int i = 0; i < int(m_agents.size()); ++i) {
        const Agent &a = m_agents[size_t(i)];
        AgentSnapshot &as = out.agents[size_t(i)];
        as.x = a.x;
        as.y = a.y;
        as.phase = a.phase;
        as.currentGoal = a.goalSlot >= 0 ? goalSlots(i)[size_t(a.goalSlot)].goal : -1;
        as.plan = a.plan;
        as.planStep = 0; // each safe point plans afresh: the action under way is always the plan's first
        as.action = a.action;
        as.actionProgress = a.phase == Phase::Acting && !a.firstActingTick && a.actionTicks > 0
            ? 1.0 - double(a.ticksLeft) / double(a.actionTicks)
            : 0.0;
        as.ballot.clear();
        for (const Slot &s : goalSlots(i))
            as.ballot.push_back(BallotEntry{s.goal, slotInsistence(i, s), s.cost, s.score, s.viable, s.satisfied});
        const auto facts = agentFacts(i);
        as.facts.assign(facts.begin(), facts.end());
        as.lastSwitch = a.lastSwitchWinner >= 0
            ? switchReason(sc, a.lastSwitchWinner, a.lastSwitchWinnerScore, a.lastSwitchLoser, a.lastSwitchLoserScore)
            : QString();
        as.lastFailure = a.lastFailAction >= 0 ? recheckReason(sc, a.lastFailAction, a.lastFailFact, a.lastFailValue, a.lastFailNeeded)
                                               : QString();
    }
}

} // namespace goap::sim
