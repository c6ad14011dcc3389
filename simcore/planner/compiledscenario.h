#pragma once
// The compiled form of a scenario, for planning and simulation.
//
// Facts are interned to small integer ids and a character's view of the world
// is one flat array of int32: its own pool, then the world pool. Conditions
// and effects live in flat arrays that actions and goals index by range, so
// the planner and the simulation step never touch a string or a map. It is a
// value type: copying it to a worker thread is safe.

#include "model/scenario.h"

#include <QAnyStringView>
#include <QString>

#include <cstdint>
#include <span>
#include <vector>

namespace goap {

using FactId = std::int32_t; // index into a state array

struct CCondition
{
    FactId fact;
    std::int32_t value;
    ConditionOp op = ConditionOp::Ge;
    bool holds(std::int64_t have) const { return conditionHolds(op, have, value); }
};

// `fact op value` as one unsigned range test: it holds when (uint32(value) -
// lo) <= span, flipped for `!=` (every operator is one interval of int32, or
// its complement), so a test needs no branch per operator (the planner's
// preconditions, the relaxation's conditions).
struct RangeTest
{
    FactId fact;
    std::uint32_t lo, span, flip;
    bool holds(std::int32_t v) const { return ((std::uint32_t(v) - lo <= span) ^ flip) != 0; }
};
RangeTest rangeTest(const CCondition &c);

struct CEffect
{
    FactId fact;
    std::int32_t value;
};

struct Range
{
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
};

struct CompiledAction
{
    int station = -1; // -1: done where the character stands; else stations[0]
    std::vector<int> stations; // where it can be done: the station and its alternatives (SPEC 11.3)
    double duration = 1;
    double cost = 1;
    Range pre, set, add; // into CompiledScenario::conditions / effects
    Range spend; // the negative adds, taken when the action starts
    Range partnerSet, partnerAdd; // effects on the partner's own pool (agent fact ids), on completion
    int enqueue = -1; // queue joined on completion
    int takePartner = -1; // queue whose front becomes the partner on start
    bool release = false; // the partner is let go on completion
    bool leave = false; // the character leaves on completion
    bool external = false; // the host finishes it (Options::hostFinishesExternal)
};

struct CompiledGoal
{
    GoalKind kind = GoalKind::Need;
    Range conditions;
    double start = 0, rate = 0, urgency = 1;
    FactId fact = -1; // maximise / minimise: the fact compared
    double budget = 0; // maximise / minimise: the most a plan may cost
};

struct CompiledAgentGoal
{
    int goal = 0; // index into CompiledScenario::goals
    double start = 0, rate = 0, urgency = 1; // with the agent's overrides applied
};

struct CompiledAgent
{
    double x = 0, y = 0, speed = 1;
    std::vector<int> actions; // indices into CompiledScenario::actions
    std::vector<CompiledAgentGoal> goals;
    std::vector<std::int32_t> initialFacts; // agentFactCount values
};

struct CompiledStation
{
    double x = 0, y = 0;
    int capacity = 0; // places; 0: unlimited
    FactId freeFact = -1; // world.free.<id> when it has places
};

struct CompiledSpawner
{
    int tmpl = 0; // index into CompiledScenario::templates
    double x = 0, y = 0;
    double first = 0, every = 1;
    int max = 0;
};

struct CompiledScenario
{
    // State layout: [0, agentFactCount) the agent's pool, then the world pool.
    int agentFactCount = 0;
    int worldFactCount = 0;
    int stateSize() const { return agentFactCount + worldFactCount; }

    std::vector<QString> factNames; // by FactId, scoped ("world.bread")
    std::vector<std::int32_t> worldSeed; // worldFactCount values
    std::vector<CCondition> conditions; // all preconditions and goal conditions
    std::vector<CEffect> effects; // all set and add effects
    std::vector<CompiledStation> stations;
    std::vector<CompiledAction> actions;
    std::vector<CompiledGoal> goals;
    std::vector<CompiledAgent> agents;
    std::vector<CompiledAgent> templates; // spawned as copies
    std::vector<CompiledSpawner> spawners;
    std::vector<QString> queueNames;
    std::vector<FactId> queueFacts; // world.queue.<name>, by queue
    PlannerSettings planner;
    DaySettings day;
    MapSettings map;

    // Ids for names from the authoring model, in the same order.
    std::vector<QString> stationIds, actionIds, goalIds, agentIds, goalLabels, agentLabels, templateIds, templateLabels;

    std::span<const CCondition> conditionsOf(Range r) const { return {conditions.data() + r.begin, r.end - r.begin}; }
    std::span<const CEffect> effectsOf(Range r) const { return {effects.data() + r.begin, r.end - r.begin}; }

    FactId fact(QAnyStringView scoped) const; // -1 when the scenario never names it
    int agentIndex(QAnyStringView id) const;
    int goalIndex(QAnyStringView id) const;
    bool isWorldFact(FactId f) const { return f >= agentFactCount; }

    // The dawn state of one agent: its initial facts, then the world seed.
    std::vector<std::int32_t> dawnState(int agent) const;
};

// Compiles a scenario that validate() accepts without errors.
CompiledScenario compile(const Scenario &scenario);

} // namespace goap
