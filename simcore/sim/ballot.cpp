// Needs and the ballot (SPEC §5): a goal's insistence (a need's climb, a
// quota's shortfall against the day), needs satisfied when they hold, and the
// safe point where each character plans every goal on its ballot, scores
// each `insistence - costWeight x plan cost` and keeps its incumbent unless
// another beats it by the hysteresis margin.

#include "simulation.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace goap::sim {

double Simulation::insistence(int agent, int goal) const
{
    return insistenceOf(agent, size_t(goal));
}

double Simulation::quotaProgress(int i, const Ballots::Entry &entry) const
{
    const auto conditions = m_scenario->conditionsOf(m_scenario->goals[size_t(entry.goal)].conditions);
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

double climbed(double value, double rise, std::int64_t times)
{
    while (times > 0) {
        // Inside one binade [2^e, 2^(e+1)) below 1 a sum `value + rise`
        // rounds to value plus the rise rounded to the binade's ulp (unless
        // the rise is half an ulp off a multiple: then the rounding depends
        // on value's last bit), so n sums are value + n such steps, exactly,
        // as long as they stay below the binade's top. (A few sums are
        // quicker one by one.)
        const auto bits = std::bit_cast<std::uint64_t>(value);
        const std::uint64_t e = bits >> 52; // the biased exponent (sign 0: value >= 0)
        if (times > 8 && e - 100 < 1023 - 100 && rise > 0) {
            const double q = rise * std::bit_cast<double>((1023 + 1075 - e) << 52); // rise / ulp, exact
            if (q < 0x1p52) {
                const auto whole = std::int64_t(q);
                const double part = q - double(whole); // exact
                if (part != 0.5) {
                    const std::int64_t step = whole + (part > 0.5 ? 1 : 0);
                    if (step == 0)
                        return value; // each sum rounds back to it
                    // Whole steps to the binade's last value below its top: the ulps between.
                    const auto room = std::int64_t(((1ULL << 52) - 1) - (bits & ((1ULL << 52) - 1)));
                    const std::int64_t n = std::min(times, room / step);
                    if (n > 0) {
                        const double ulp = std::bit_cast<double>((e - 52) << 52);
                        value += double(n * step) * ulp; // exact: a value of the binade
                        times -= n;
                        continue;
                    }
                }
            }
        }
        // One sum: a step across a binade's top, one of a few, or anything else.
        const double next = std::min(1.0, value + rise);
        if (next == value)
            return value;
        value = next;
        --times;
    }
    return value;
}

double Simulation::insistenceOf(int i, size_t k) const
{
    const Ballots::Need &need = m_ballots.needs(i)[k];
    if (need.climbs) { // a need's climb, or a maximise / minimise goal's: with the ticks it is owed
        const std::int64_t owed = owedClimbs(i);
        return owed > 0 ? climbed(need.need, need.rate * m_dt, owed) : need.need;
    }
    const Ballots::Entry &entry = m_ballots.of(i)[k];
    // Insistence is a number between 0 and 1 (seed 003, SPEC 12.1): the
    // quota's formula, clamped, so an urgency above 1 reaches 1 sooner and stays there.
    const double progress = double(m_tickInDay) / double(m_ticksPerDay);
    return std::clamp(entry.urgency * progress * (1.0 - quotaProgress(i, entry)), 0.0, 1.0);
}

bool Simulation::satisfyNeeds(int i)
{
    settleNeeds(i); // (a need met starts again from its start)
    const CompiledScenario &sc = *m_scenario;
    const Activity &a = m_activities[size_t(i)];
    AgentReport &report = m_reports.back().agents[size_t(i)];
    const std::span<Ballots::Entry> ballot = m_ballots.of(i);
    bool incumbentDone = false;
    for (size_t k = 0; k < ballot.size(); ++k) {
        Ballots::Entry &entry = ballot[k];
        const CompiledGoal &g = sc.goals[size_t(entry.goal)];
        if (g.kind != GoalKind::Need || !holds(i, g.conditions))
            continue;
        for (const CCondition &c : sc.conditionsOf(g.conditions)) {
            if (m_factQueue[size_t(c.fact)] >= 0)
                continue; // a queue's length is kept by the simulation, not spent
            std::int32_t &v = fact(i, c.fact);
            v = std::int32_t(std::max<std::int64_t>(0, v - spentBy(c.op, c.value))); // only >= and > spend (SPEC §11.1)
        }
        m_ballots.needs(i)[k].need = entry.start;
        ++report.goals[k].satisfied;
        Event e {0, 0, i, EventKind::NeedSatisfied};
        e.goal = entry.goal;
        record(e);
        if (int(k) == a.incumbent)
            incumbentDone = true;
    }
    return incumbentDone;
}

// A maximise / minimise goal is satisfied when the plan made for it runs to
// its end: the action just completed was the last step of the incumbent's
// plan. Like a need, its insistence returns to its start and the day counts
// one more; nothing is spent (the value reached is the point). The incumbent
// is let go, so the next safe point chooses afresh.
void Simulation::finishExtreme(int i)
{
    Activity &a = m_activities[size_t(i)];
    if (a.incumbent < 0)
        return;
    Ballots::Entry &entry = m_ballots.of(i)[size_t(a.incumbent)];
    if (!isExtreme(m_scenario->goals[size_t(entry.goal)].kind))
        return;
    entry.spent += entry.stepCost; // what the step just done took from the episode's budget
    if (a.plan.size() != 1)
        return;
    endEpisode(i, size_t(a.incumbent));
    a.incumbent = -1;
}

Extreme Simulation::episodeGoal(int goal, double spent) const
{
    const CompiledGoal &g = m_scenario->goals[size_t(goal)];
    return Extreme {g.fact, g.kind == GoalKind::Maximise, std::max(0.0, g.budget - spent)};
}

// The end of a maximise / minimise goal's episode: satisfied, like a need
// (an event, one more in the day's count, insistence back to its start) and
// its whole budget again for the next.
void Simulation::endEpisode(int i, size_t k)
{
    Ballots::Entry &entry = m_ballots.of(i)[k];
    settleNeeds(i);
    m_ballots.needs(i)[k].need = entry.start;
    entry.spent = 0;
    ++m_reports.back().agents[size_t(i)].goals[k].satisfied;
    Event e {0, 0, i, EventKind::NeedSatisfied};
    e.goal = entry.goal;
    record(e);
}

void Simulation::safePoint(int i)
{
    settleNeeds(i); // the ballot reads them all
    const CompiledScenario &sc = *m_scenario;
    Activity &a = m_activities[size_t(i)];
    const Identity &who = m_identities[size_t(i)];
    AgentReport &report = m_reports.back().agents[size_t(i)];
    const std::span<Ballots::Entry> ballot = m_ballots.of(i);

    // Satisfaction first: a need whose conditions hold is spent and reset.
    bool incumbentDone = satisfyNeeds(i);

    // The ballot: a fresh search for every goal that does not hold.
    const size_t agentFacts = size_t(sc.agentFactCount);
    std::copy_n(m_agentFacts.begin() + std::ptrdiff_t(size_t(i) * agentFacts), agentFacts, m_state.begin());
    std::copy(m_world.begin(), m_world.end(), m_state.begin() + std::ptrdiff_t(agentFacts));
    // Queue lengths as i sees them, for the queues its actions or goals read
    // (the others stay the plain length: nothing i plans with reads them).
    const size_t queues = sc.queueFacts.size();
    for (size_t q = 0; q < queues; ++q) {
        bool reads = m_profileReadsQueue[size_t(who.profile) * queues + q] != 0;
        for (const Ballots::Entry &entry : ballot)
            reads = reads || m_goalReadsQueue[size_t(entry.goal) * queues + q] != 0;
        if (reads)
            m_state[size_t(sc.queueFacts[q])] = seen(i, sc.queueFacts[q]);
    }
    const std::vector<int> &actions = *who.actions;
    // Travel costed: walks are measured from the centre of the cell it stands on.
    Travel travel;
    const Travel *travelling = nullptr;
    if (sc.planner.travelCost > 0 || m_space.hasWalls()) { // walls: what is in reach from here
        travel = travelFrom(m_space, sc.planner.travelCost, m_walks[size_t(i)].speed, m_walks[size_t(i)].x,
                            m_walks[size_t(i)].y);
        travelling = &travel;
    }
    // Seed 003: a want with no viable plan scores nothing and drops out of
    // the ballot, and "below 0.05 on everything, they rest": the rest test
    // counts the wants it could act on, so hunger pinned at 1 with no bread
    // anywhere does not keep a character from resting.
    bool anyOpen = false, anyViable = false, allQuiet = true;
    for (size_t k = 0; k < ballot.size(); ++k) {
        Ballots::Entry &entry = ballot[k];
        const double insistence = insistenceOf(i, k);
        const bool extreme = isExtreme(sc.goals[size_t(entry.goal)].kind);
        entry.satisfied = !extreme && holds(i, sc.goals[size_t(entry.goal)].conditions);
        entry.viable = false;
        if (entry.satisfied) {
            if (int(k) == a.incumbent)
                incumbentDone = true;
            continue;
        }
        Plan &plan = m_ballots.plan(i, k);
        if (extreme) { // what is left of the episode's budget: never memoised (the budget is not in the key)
            m_planner.planExtreme(m_state, actions, episodeGoal(entry.goal, entry.spent), plan, sc.planner.maxNodes,
                                  travelling);
        } else if (m_options.memoiseSearches) {
            m_cache.plan(m_planner, m_state, who.profile, actions, entry.goal, plan, travelling);
        } else {
            m_planner.plan(m_state, actions, sc.conditionsOf(sc.goals[size_t(entry.goal)].conditions), plan,
                           sc.planner.maxNodes, sc.planner.heuristic, travelling);
        }
        // A maximise / minimise goal whose best plan is empty is at its best:
        // off the ballot like a need that holds. An episode under way (steps
        // were done for it, then another goal took over) ends here, satisfied.
        if (extreme && plan.found && plan.actions.empty()) {
            if (entry.spent > 0)
                endEpisode(i, k);
            entry.satisfied = true;
            if (int(k) == a.incumbent)
                incumbentDone = true;
            continue;
        }
        anyOpen = true;
        entry.viable = plan.found;
        allQuiet = allQuiet && !(plan.found && insistence >= sc.planner.restBelow);
        entry.cost = plan.found ? plan.cost : 0;
        entry.score = insistence - sc.planner.costWeight * entry.cost;
        anyViable = anyViable || plan.found;
    }
    if (incumbentDone)
        a.incumbent = -1;

    if (!anyOpen || (anyViable && allQuiet)) {
        enterIdleOrWait(i, Phase::Resting);
        return;
    }
    if (!anyViable) {
        enterIdleOrWait(i, Phase::Waiting);
        return;
    }

    int best = -1;
    for (size_t k = 0; k < ballot.size(); ++k)
        if (ballot[k].viable && (best < 0 || ballot[k].score > ballot[size_t(best)].score))
            best = int(k);
    const int incumbent = a.incumbent;
    if (incumbent >= 0 && ballot[size_t(incumbent)].viable) {
        // Hysteresis: a challenger must beat the incumbent by the margin.
        if (best != incumbent
            && ballot[size_t(best)].score > ballot[size_t(incumbent)].score + sc.planner.switchMargin) {
            Event e {0, 0, i, EventKind::Switch};
            e.goal = ballot[size_t(best)].goal;
            e.otherGoal = ballot[size_t(incumbent)].goal;
            e.score = ballot[size_t(best)].score;
            e.otherScore = ballot[size_t(incumbent)].score;
            record(e);
            m_notes[size_t(i)].lastSwitch = switchReason(sc, e.goal, e.score, e.otherGoal, e.otherScore);
            ++report.goalSwitches;
            a.incumbent = best;
        }
    } else {
        a.incumbent = best;
    }

    // Follow the fresh plan of the winner: never a stored routine.
    const Plan &chosen = m_ballots.plan(i, size_t(a.incumbent));
    ballot[size_t(a.incumbent)].stepCost = chosen.firstCost;
    a.plan.assign(chosen.actions.begin(), chosen.actions.end());
    a.planStations.assign(chosen.stations.begin(), chosen.stations.end());
    ++report.plans;
    if (m_options.recordEvents) {
        Event e {0, 0, i, EventKind::Plan};
        e.goal = ballot[size_t(a.incumbent)].goal;
        e.planCost = chosen.cost;
        e.planBegin = std::uint32_t(m_log.planActions.size());
        m_log.planActions.insert(m_log.planActions.end(), chosen.actions.begin(), chosen.actions.end());
        e.planEnd = std::uint32_t(m_log.planActions.size());
        record(e);
    }
    beginStep(i);
}

void Simulation::quotasCheckedNow()
{
    m_worldAtCheck = m_world;
    for (const int i : m_quotaDirtyList)
        if (size_t(i) < m_quotaDirty.size())
            m_quotaDirty[size_t(i)] = 0;
    m_quotaDirtyList.clear();
    m_quotaDirty.resize(m_activities.size(), 0); // all clear now; sized to who is stored (dawn truncates, a restore
                                                 // may bring more)
}

void Simulation::checkQuotas(bool all)
{
    const CompiledScenario &sc = *m_scenario;
    // World facts that changed since the last check: the quotas reading them
    // are looked at for everyone who holds them.
    bool anyGoal = m_anyVolatileQuota;
    std::fill(m_quotaGoalDirty.begin(), m_quotaGoalDirty.end(), 0);
    for (size_t f = 0; !all && f < m_world.size(); ++f)
        if (m_world[f] != m_worldAtCheck[f]) {
            for (const int g : m_quotasOfWorldFact[f])
                m_quotaGoalDirty[size_t(g)] = 1;
            anyGoal = anyGoal || !m_quotasOfWorldFact[f].empty();
        }
    const auto check = [&](int i) {
        const bool own = all || m_quotaDirty[size_t(i)];
        const std::span<Ballots::Entry> ballot = m_ballots.of(i);
        for (size_t k = 0; k < ballot.size(); ++k) {
            Ballots::Entry &entry = ballot[k];
            const CompiledGoal &g = sc.goals[size_t(entry.goal)];
            if (entry.met || g.kind != GoalKind::Quota)
                continue;
            if (!own && !m_quotaGoalDirty[size_t(entry.goal)] && !m_quotaVolatile[size_t(entry.goal)])
                continue; // nothing it reads changed since it last did not hold
            if (!holds(i, g.conditions))
                continue;
            entry.met = true;
            const double fraction = double(m_tickInDay) / double(m_ticksPerDay);
            m_reports.back().agents[size_t(i)].goals[k].metAt = fraction;
            Event e {0, 0, i, EventKind::QuotaMet};
            e.goal = entry.goal;
            e.metAt = fraction;
            record(e);
        }
    };
    if (all || anyGoal) {
        for (const int i : m_active)
            check(i);
    } else {
        // Only those whose own facts changed, in the order of m_active
        // (ascending storage indices); one that left since is not present.
        std::sort(m_quotaDirtyList.begin(), m_quotaDirtyList.end());
        for (const int i : m_quotaDirtyList)
            if (m_activities[size_t(i)].active)
                check(i);
    }
    quotasCheckedNow();
}

} // namespace goap::sim
