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
    , m_space(*m_scenario)
{
    const CompiledScenario &sc = *m_scenario;
    m_ticksPerDay = std::max<std::int64_t>(1, std::llround(sc.day.length / m_dt));
    m_retryTicks = std::max<std::int64_t>(1, std::llround(1.0 / m_dt));
    m_sampleTicks = std::max<std::int64_t>(1, std::llround(m_options.sampleInterval / m_dt));
    m_samples.interval = double(m_sampleTicks) * m_dt;
    m_samples.worldColumns = m_scenario->worldFactCount;

    m_agents.resize(sc.agents.size());
    std::vector<const std::vector<int> *> profiles;
    auto profileOf = [&](const std::vector<int> &actions) {
        const auto same = std::find_if(profiles.begin(), profiles.end(), [&](const auto *p) { return *p == actions; });
        if (same == profiles.end()) {
            profiles.push_back(&actions);
            return int(profiles.size()) - 1;
        }
        return int(same - profiles.begin());
    };
    m_slotBegin.push_back(0);
    for (size_t i = 0; i < sc.agents.size(); ++i) {
        const CompiledAgent &ca = sc.agents[i];
        m_agents[i].profile = profileOf(ca.actions);
        m_agents[i].serial = int(i);
        m_agents[i].speed = ca.speed;
        m_agents[i].actions = &ca.actions;
        m_agents[i].id = sc.agentIds[i];
        m_agents[i].label = sc.agentLabels[i];
        for (const CompiledAgentGoal &g : ca.goals) {
            Slot s;
            s.goal = g.goal;
            s.start = g.start;
            s.rate = g.rate;
            s.urgency = g.urgency;
            m_slots.push_back(s);
        }
        m_slotBegin.push_back(m_slots.size());
    }
    for (const SampleColumn &c : sampleColumns(sc)) {
        m_samples.slotAgent.push_back(c.agent);
        m_samples.slotGoal.push_back(c.goal);
    }
    m_staticAgents = sc.agents.size();
    m_staticSlots = m_slots.size();
    for (const CompiledAgent &t : sc.templates)
        m_templateProfile.push_back(profileOf(t.actions));
    m_templateSerial.assign(sc.templates.size(), 0);
    m_queues.resize(sc.queueNames.size());
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
    for (size_t g = 0; g < sc.goals.size(); ++g)
        readsQueue(sc.goals[g].conditions, m_goalReadsQueue, g);
    m_places.resize(sc.stations.size());
    m_lines.resize(sc.stations.size());
    m_slotPlans.resize(m_slots.size());
    m_state.resize(size_t(sc.stateSize()));
    m_serials = m_serialsAtDawn = int(sc.agents.size());
    m_log.agentIds = sc.agentIds;
    m_log.agentLabels = sc.agentLabels;
    m_log.copiesFrom = m_log.firstCopy = int(sc.agents.size());
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

// What character i sees of a fact: a queue's length counts only the
// characters it could take from it, so its plans, its re-check and the take
// itself agree (a character alone in a queue it takes from sees it empty).
std::int32_t Simulation::seen(int i, FactId f) const
{
    const int q = m_factQueue[size_t(f)];
    if (q < 0)
        return value(i, f);
    std::int32_t n = 0;
    for (const int c : m_queues[size_t(q)])
        n += takeable(i, c) ? 1 : 0;
    m_queueScans += std::int64_t(m_queues[size_t(q)].size());
    return n;
}

bool Simulation::takeable(int taker, int candidate) const
{
    const Agent &c = m_agents[size_t(candidate)];
    return candidate != taker && c.active && c.heldBy < 0 && c.partner < 0 && c.phase != Phase::Walking
        && c.phase != Phase::Acting && c.phase != Phase::Queued;
}

int Simulation::firstTakeable(int taker, int queue) const
{
    for (const int c : m_queues[size_t(queue)])
        if (takeable(taker, c))
            return c;
    return -1;
}

bool Simulation::holds(int i, Range conditions) const
{
    for (const CCondition &c : m_scenario->conditionsOf(conditions))
        if (!c.holds(seen(i, c.fact)))
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
    for (const CCondition &c : conditions) {
        const std::int64_t have = value(i, c.fact);
        if (c.op == ConditionOp::Ge) // how far from the bound (SPEC §2)
            shortfall += std::clamp(double(c.value - have) / double(c.value), 0.0, 1.0);
        else // any other operator: met or not (SPEC §11.1)
            shortfall += c.holds(have) ? 0.0 : 1.0;
    }
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
    if (e.agent >= 0)
        e.agent = m_agents[size_t(e.agent)].serial; // events name characters by serial
    m_log.events.push_back(e);
}

void Simulation::dawn()
{
    const CompiledScenario &sc = *m_scenario;
    m_world = sc.worldSeed;
    const size_t a = size_t(sc.agentFactCount);
    // Yesterday's copies are gone: storage returns to the scenario's own characters.
    m_agents.resize(m_staticAgents);
    m_slots.resize(m_staticSlots);
    m_slotBegin.resize(m_staticAgents + 1);
    m_slotPlans.resize(m_staticSlots);
    m_pools.assign(sc.agents.size() * a, 0);
    m_active.clear();
    for (size_t i = 0; i < m_staticAgents; ++i)
        m_active.push_back(int(i));
    for (auto &q : m_queues)
        q.clear();
    for (size_t st = 0; st < m_places.size(); ++st) {
        m_places[st].assign(size_t(sc.stations[st].capacity), -1);
        m_lines[st].clear();
    }
    m_standing.clear();
    m_nextSpawn.clear();
    for (const CompiledSpawner &sp : sc.spawners)
        m_nextSpawn.push_back(std::llround(sp.first / m_dt));
    m_spawned.assign(sc.spawners.size(), 0);
    DayReport report;
    report.day = m_day;
    report.agents.resize(sc.agents.size());
    for (size_t i = 0; i < sc.agents.size(); ++i) {
        const CompiledAgent &ca = sc.agents[i];
        std::copy(ca.initialFacts.begin(), ca.initialFacts.end(), m_pools.begin() + std::ptrdiff_t(i * a));
        Agent &ag = m_agents[i];
        const int profile = ag.profile, serial = ag.serial;
        ag = Agent();
        ag.profile = profile;
        ag.serial = serial;
        ag.id = sc.agentIds[i];
        ag.label = sc.agentLabels[i];
        ag.speed = ca.speed;
        ag.actions = &ca.actions;
        report.agents[i].id = sc.agentIds[i];
        ag.x = ca.x;
        ag.y = ca.y;
        stand(int(i), true); // no two on one spot: a later one takes the nearest free cell
        for (Slot &s : goalSlots(int(i))) {
            s.need = s.start;
            s.cost = s.score = 0;
            s.viable = s.satisfied = s.met = false;
            report.agents[i].goals.push_back(GoalReport{s.goal, std::nullopt, 0});
        }
    }
    m_reports.push_back(std::move(report));
    m_serialsAtDawn = m_serials; // yesterday's copies are gone for good
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
    spawnDue();
    m_order = m_active; // characters may leave during the tick
    for (int i : m_order)
        if (m_agents[size_t(i)].active)
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

    if (a.heldBy >= 0) {
        follow(i); // a partner keeps beside the character holding it
        return;
    }
    if (a.stepping && a.phase != Phase::Walking && moveAlong(a))
        a.stepping = false; // aside, up the line, or onto its cell

    switch (a.phase) {
    case Phase::Idle:
        safePoint(i);
        break;
    case Phase::Walking:
        if (moveAlong(a))
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
            a.firstActingTick = false;
            if (!checkAction(i, act)) {
                givePlace(i); // the place it took goes to the line
                dropPlan(i);
                return;
            }
            // Spending is taken at once, so two characters never take the last unit.
            applyEffects(i, act.add, true, false);
            Event e{0, 0, i, EventKind::Start};
            e.action = a.action;
            e.station = a.station;
            e.x = a.standing && !a.stepping ? a.x : a.goalX; // where it stands to act
            e.y = a.standing && !a.stepping ? a.y : a.goalY;
            record(e);
            if (act.takePartner >= 0) {
                std::deque<int> &queue = m_queues[size_t(act.takePartner)];
                const int partner = firstTakeable(i, act.takePartner); // checkAction made sure there is one
                queue.erase(std::find(queue.begin(), queue.end(), partner));
                setQueueFact(act.takePartner);
                if (a.partner >= 0)
                    release(i);
                a.partner = partner;
                Agent &p = m_agents[size_t(partner)];
                p.heldBy = i;
                p.phase = Phase::Waiting;
                p.plan.clear();
                p.action = -1;
                p.goalSlot = -1;
                Event e{0, 0, i, EventKind::Partnered};
                e.action = a.action;
                e.queue = act.takePartner;
                e.other = p.serial;
                record(e);
            }
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
    const CompiledScenario &sc = *m_scenario;
    const CompiledAction &act = sc.actions[size_t(a.action)];
    for (const CEffect &e : sc.effectsOf(act.set))
        fact(i, e.fact) = e.value;
    applyEffects(i, act.add, false, true);
    if (a.partner >= 0) { // the partner's own facts: agent fact ids in its pool
        const size_t base = size_t(a.partner) * size_t(sc.agentFactCount);
        for (const CEffect &e : sc.effectsOf(act.partnerSet))
            m_pools[base + size_t(e.fact)] = e.value;
        for (const CEffect &e : sc.effectsOf(act.partnerAdd)) {
            std::int32_t &v = m_pools[base + size_t(e.fact)];
            v = std::int32_t(std::clamp<std::int64_t>(std::int64_t(v) + e.value, 0, std::numeric_limits<std::int32_t>::max()));
        }
    }
    Event e{0, 0, i, EventKind::Complete};
    e.action = a.action;
    record(e);
    a.action = -1;
    a.station = -1;
    a.phase = Phase::Idle;
    givePlace(i); // it stands there still, until it walks on (or somebody needs the spot)
    if (act.release && a.partner >= 0)
        release(i);
    std::deque<int> *joined = act.enqueue >= 0 ? &m_queues[size_t(act.enqueue)] : nullptr;
    if (joined && std::find(joined->begin(), joined->end(), i) == joined->end()) { // one already queued keeps its place
        joined->push_back(i);
        setQueueFact(act.enqueue);
        Event q{0, 0, i, EventKind::Enqueued};
        q.queue = act.enqueue;
        record(q);
    }
    if (act.leave) {
        satisfyNeeds(i); // what leaving achieves still counts
        leave(i);
        return;
    }
    safePoint(i); // after each completed action
}

bool Simulation::checkAction(int i, const CompiledAction &act)
{
    // The plan was made on a snapshot: check it against the live world, and
    // that a queue to take from has someone in it. (A place at a station was
    // taken on arrival, or the character stands in its line.)
    FactId failed = -1;
    std::int32_t v = 0, needed = 0;
    ConditionOp op = ConditionOp::Ge;
    if (actionHolds(i, act, failed, v, needed, op))
        return true;
    failRecheck(i, failed, v, needed, op);
    return false;
}

void Simulation::setQueueFact(int queue)
{
    m_world[size_t(m_scenario->queueFacts[size_t(queue)] - m_scenario->agentFactCount)] = std::int32_t(m_queues[size_t(queue)].size());
}

void Simulation::release(int i)
{
    Agent &a = m_agents[size_t(i)];
    const int partner = a.partner;
    Agent &p = m_agents[size_t(partner)];
    Event e{0, 0, i, EventKind::Released};
    e.other = p.serial;
    record(e);
    p.heldBy = -1;
    p.phase = Phase::Idle; // it looks again at its next tick
    a.partner = -1;
    if (!p.standing)
        stand(partner, false); // where it was following to
}

void Simulation::leave(int i)
{
    Agent &a = m_agents[size_t(i)];
    if (a.partner >= 0)
        release(i);
    if (a.heldBy >= 0) {
        m_agents[size_t(a.heldBy)].partner = -1;
        a.heldBy = -1;
    }
    for (size_t q = 0; q < m_queues.size(); ++q) {
        auto &queue = m_queues[q];
        const auto it = std::find(queue.begin(), queue.end(), i);
        if (it != queue.end()) {
            queue.erase(it);
            setQueueFact(int(q));
        }
    }
    leaveLine(i);
    givePlace(i);
    unstand(i);
    record(Event{0, 0, i, EventKind::Left});
    a.active = false;
    a.action = -1;
    a.plan.clear();
    m_active.erase(std::find(m_active.begin(), m_active.end(), i));
}

void Simulation::spawnDue()
{
    const CompiledScenario &sc = *m_scenario;
    for (size_t k = 0; k < sc.spawners.size(); ++k) {
        const CompiledSpawner &sp = sc.spawners[k];
        while (m_spawned[k] < sp.max && m_tickInDay >= m_nextSpawn[k]) {
            spawn(sp.tmpl, sp.x, sp.y);
            ++m_spawned[k];
            m_nextSpawn[k] += ticksFor(sp.every, m_dt);
        }
    }
}

int Simulation::spawn(int tmpl, double x, double y)
{
    const CompiledScenario &sc = *m_scenario;
    const CompiledAgent &t = sc.templates[size_t(tmpl)];
    const int i = int(m_agents.size());
    Agent a;
    a.x = x;
    a.y = y;
    a.profile = m_templateProfile[size_t(tmpl)];
    a.tmpl = tmpl;
    a.speed = t.speed;
    a.actions = &t.actions;
    a.serial = m_serials++;
    const int n = ++m_templateSerial[size_t(tmpl)];
    a.id = QStringLiteral("%1-%2").arg(sc.templateIds[size_t(tmpl)]).arg(n);
    a.label = QStringLiteral("%1 %2").arg(sc.templateLabels[size_t(tmpl)]).arg(n);
    if (m_options.recordEvents) {
        m_log.agentIds.push_back(a.id);
        m_log.agentLabels.push_back(a.label);
    }
    m_agents.push_back(a);
    m_pools.insert(m_pools.end(), t.initialFacts.begin(), t.initialFacts.end());
    AgentReport report;
    report.id = m_agents.back().id;
    for (const CompiledAgentGoal &g : t.goals) {
        Slot s;
        s.goal = g.goal;
        s.start = s.need = g.start;
        s.rate = g.rate;
        s.urgency = g.urgency;
        m_slots.push_back(s);
        report.goals.push_back(GoalReport{g.goal, std::nullopt, 0});
    }
    m_slotBegin.push_back(m_slots.size());
    m_slotPlans.resize(m_slots.size());
    m_reports.back().agents.push_back(std::move(report));
    m_active.push_back(i);
    stand(i, true);
    Event e{0, 0, i, EventKind::Spawned};
    e.other = tmpl;
    record(e);
    return i;
}

bool Simulation::satisfyNeeds(int i)
{
    const CompiledScenario &sc = *m_scenario;
    Agent &a = m_agents[size_t(i)];
    AgentReport &report = m_reports.back().agents[size_t(i)];
    const std::span<Slot> ss = goalSlots(i);
    bool incumbentDone = false;
    for (size_t k = 0; k < ss.size(); ++k) {
        Slot &s = ss[k];
        const CompiledGoal &g = sc.goals[size_t(s.goal)];
        if (g.kind != GoalKind::Need || !holds(i, g.conditions))
            continue;
        for (const CCondition &c : sc.conditionsOf(g.conditions)) {
            if (m_factQueue[size_t(c.fact)] >= 0)
                continue; // a queue's length is kept by the simulation, not spent
            std::int32_t &v = fact(i, c.fact);
            v = std::int32_t(std::max<std::int64_t>(0, v - spentBy(c.op, c.value))); // only >= and > spend (SPEC §11.1)
        }
        s.need = s.start;
        ++report.goals[k].satisfied;
        Event e{0, 0, i, EventKind::NeedSatisfied};
        e.goal = s.goal;
        record(e);
        if (int(k) == a.goalSlot)
            incumbentDone = true;
    }
    return incumbentDone;
}

void Simulation::safePoint(int i)
{
    const CompiledScenario &sc = *m_scenario;
    Agent &a = m_agents[size_t(i)];
    AgentReport &report = m_reports.back().agents[size_t(i)];
    const std::span<Slot> ss = goalSlots(i);

    // Satisfaction first: a need whose conditions hold is spent and reset.
    bool incumbentDone = satisfyNeeds(i);

    // The ballot: a fresh search for every goal that does not hold.
    const size_t agentFacts = size_t(sc.agentFactCount);
    std::copy_n(m_pools.begin() + std::ptrdiff_t(size_t(i) * agentFacts), agentFacts, m_state.begin());
    std::copy(m_world.begin(), m_world.end(), m_state.begin() + std::ptrdiff_t(agentFacts));
    // Queue lengths as i sees them, for the queues its actions or goals read
    // (the others stay the plain length: nothing i plans with reads them).
    const size_t queues = sc.queueFacts.size();
    for (size_t q = 0; q < queues; ++q) {
        bool reads = m_profileReadsQueue[size_t(a.profile) * queues + q] != 0;
        for (const Slot &s : ss)
            reads = reads || m_goalReadsQueue[size_t(s.goal) * queues + q] != 0;
        if (reads)
            m_state[size_t(sc.queueFacts[q])] = seen(i, sc.queueFacts[q]);
    }
    const std::vector<int> &actions = *a.actions;
    // Travel costed: walks are measured from the centre of the cell it stands on.
    Travel travel;
    const Travel *travelling = nullptr;
    if (sc.planner.travelCost > 0) {
        travel = travelFrom(m_space, sc.planner.travelCost, a.speed, a.x, a.y);
        travelling = &travel;
    }
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
            m_cache.plan(m_planner, m_state, a.profile, actions, s.goal, plan, travelling);
        else
            m_planner.plan(m_state, actions, sc.conditionsOf(sc.goals[size_t(s.goal)].conditions), plan, sc.planner.maxNodes,
                           sc.planner.heuristic, travelling);
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
            a.lastSwitch = switchReason(sc, e.goal, e.score, e.otherGoal, e.otherScore);
            ++report.goalSwitches;
            a.goalSlot = best;
        }
    } else {
        a.goalSlot = best;
    }

    // Follow the fresh plan of the winner: never a stored routine.
    const Plan &chosen = m_slotPlans[m_slotBegin[size_t(i)] + size_t(a.goalSlot)];
    a.plan.assign(chosen.actions.begin(), chosen.actions.end());
    a.planStations.assign(chosen.stations.begin(), chosen.stations.end());
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
    const Cell here = Grid::cellOf(a.x, a.y);
    const auto spot = std::find(spots.begin(), spots.begin() + std::ptrdiff_t(usable), here);
    if (a.standing && !a.stepping && spot != spots.begin() + std::ptrdiff_t(usable)) {
        // There already when it is where it would walk to: a free place, or
        // the first spot nobody else stands on.
        const int k = int(spot - spots.begin());
        const bool nearer = st.capacity <= 0 && std::any_of(spots.begin(), spot, [&](Cell c) {
            return m_standing.at(Space::key(c)) < 0 && !m_space.isPlace(c);
        });
        if (!nearer && (st.capacity <= 0 || m_places[size_t(a.station)][size_t(k)] < 0)) {
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
    Agent &a = m_agents[size_t(i)];
    if (a.partner >= 0)
        release(i); // nothing more to do with it
    if (a.phase != phase)
        record(Event{0, 0, i, phase == Phase::Waiting ? EventKind::Waiting : EventKind::Resting});
    a.phase = phase;
    a.ticksLeft = m_retryTicks;
    a.plan.clear();
    a.action = -1;
    a.station = -1;
    a.goalSlot = -1;
    if (!a.standing && !a.sharing)
        stand(i, false);
}

void Simulation::checkQuotas()
{
    const CompiledScenario &sc = *m_scenario;
    for (const int i : m_active) {
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
    for (int i = 0; i < int(m_staticAgents); ++i) {
        for (const Slot &s : goalSlots(i)) {
            m_samples.insistence.push_back(float(slotInsistence(i, s)));
            m_samples.progress.push_back(m_scenario->goals[size_t(s.goal)].kind == GoalKind::Quota
                                             ? float(quotaProgress(i, s))
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
            if (m_agents[size_t(i)].tmpl != int(t))
                continue;
            ++copies;
            const std::span<const Slot> held = goalSlots(i);
            for (size_t k = 0; k < goals && k < held.size(); ++k) {
                m_samples.insistence[first + k] += float(slotInsistence(i, held[k]));
                m_samples.progress[first + k] += float(quotaProgress(i, held[k]));
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
        m_log.agentIds.erase(m_log.agentIds.begin() + std::ptrdiff_t(own), m_log.agentIds.begin() + std::ptrdiff_t(own) + drop);
        m_log.agentLabels.erase(m_log.agentLabels.begin() + std::ptrdiff_t(own), m_log.agentLabels.begin() + std::ptrdiff_t(own) + drop);
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

struct Simulation::Keyframe
{
    int day = 0;
    std::int64_t tickInDay = 0, totalTicks = 0;
    bool started = false;
    std::vector<std::int32_t> world, pools;
    std::vector<Agent> agents;
    std::vector<int> active;
    std::vector<Slot> held; // the goal slots (not "slots": a Qt macro)
    std::vector<size_t> slotBegin;
    std::vector<Plan> slotPlans;
    std::vector<std::deque<int>> queues, lines;
    std::vector<std::vector<int>> places;
    Occupancy standing;
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
    k->pools = m_pools;
    k->agents = m_agents;
    k->active = m_active;
    k->held = m_slots;
    k->slotBegin = m_slotBegin;
    k->slotPlans = m_slotPlans;
    k->queues = m_queues;
    k->lines = m_lines;
    k->places = m_places;
    k->standing = m_standing;
    k->nextSpawn = m_nextSpawn;
    k->spawned = m_spawned;
    k->templateSerial = m_templateSerial;
    k->serials = m_serials;
    k->serialsAtDawn = m_serialsAtDawn;
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
    m_pools = k.pools;
    m_agents = k.agents;
    // The agents' action lists point into the scenario, which is shared: they stay valid.
    m_active = k.active;
    m_slots = k.held;
    m_slotBegin = k.slotBegin;
    m_slotPlans = k.slotPlans;
    m_queues = k.queues;
    m_lines = k.lines;
    m_places = k.places;
    m_standing = k.standing;
    m_nextSpawn = k.nextSpawn;
    m_spawned = k.spawned;
    m_templateSerial = k.templateSerial;
    m_serials = k.serials;
    m_serialsAtDawn = k.serialsAtDawn;
    m_reports.assign(1, k.report);
    discardRecords();
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
        const Agent &a = m_agents[size_t(i)];
        AgentSnapshot &as = out.agents[k];
        as.index = a.serial;
        as.id = a.id;
        as.label = a.label;
        as.heldBy = a.heldBy >= 0 ? m_agents[size_t(a.heldBy)].serial : -1;
        as.partner = a.partner >= 0 ? m_agents[size_t(a.partner)].serial : -1;
        as.x = a.x;
        as.y = a.y;
        as.phase = a.phase;
        as.currentGoal = a.goalSlot >= 0 ? goalSlots(i)[size_t(a.goalSlot)].goal : -1;
        as.plan = a.plan;
        as.planStep = 0; // each safe point plans afresh: the action under way is always the plan's first
        as.action = a.action;
        as.station = a.station;
        as.lineStation = a.lineStation;
        as.linePosition = 0;
        if (a.lineStation >= 0) {
            const std::deque<int> &line = m_lines[size_t(a.lineStation)];
            as.linePosition = int(std::find(line.begin(), line.end(), i) - line.begin()) + 1;
        }
        as.moving = a.phase == Phase::Walking || a.stepping;
        as.goalX = a.goalX;
        as.goalY = a.goalY;
        as.walkField = a.walkField;
        as.actionProgress = a.phase == Phase::Acting && !a.firstActingTick && a.actionTicks > 0
            ? 1.0 - double(a.ticksLeft) / double(a.actionTicks)
            : 0.0;
        as.ballot.clear();
        const std::span<const Slot> held = goalSlots(i); // not "slots": a Qt macro
        for (size_t k = 0; k < held.size(); ++k) {
            const Slot &s = held[k];
            as.ballot.push_back(BallotEntry{s.goal, slotInsistence(i, s), s.cost, s.score, s.viable, s.satisfied,
                                            m_slotPlans[m_slotBegin[size_t(i)] + k].reason});
        }
        const auto facts = agentFacts(i);
        as.facts.assign(facts.begin(), facts.end());
        as.lastSwitch = a.lastSwitch;
        as.lastFailure = a.lastFailure;
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
