#pragma once
// Why a character has no plan for a goal: the conditions its search cannot
// reach from the state it is in, and which characters' actions produce those
// facts ("Forge tools needs world.ironIngot >= 1: produced by Smelter's
// smeltIron"). The dependency the seed calls "a property of the fact they
// both name", made visible.

#include "planner/compiledscenario.h"
#include "space/paths.h"

#include <QStringList>

namespace goap::sim {

struct Blocker
{
    FactId fact = -1;
    std::int32_t min = 0; // the condition's value
    ConditionOp op = ConditionOp::Ge;
    std::int32_t value = 0;
    std::vector<std::pair<int, int>>
        producers; // (agent, action) of other characters that raise it; agent -1 - t: template t's copies
};

struct GoalExplanation
{
    int goal = -1; // scenario goal index
    std::vector<Blocker> blockers;
    // Own actions that would help but are done only at stations walls cut it
    // off from: (action, station), and where it stands.
    std::vector<std::pair<int, int>> outOfReach;
    double x = 0, y = 0;
};

// Walks back from the goal's unmet conditions through the agent's own actions
// that could meet them, collecting the conditions none of its own actions can
// raise. `state` is the agent's view: its pool, then the world.
// With `space`, an action none of whose stations is in reach from (x, y) is
// named as out of reach ("eat at s2: no way there from (1, 1)") instead.
GoalExplanation explainGoal(const CompiledScenario &scenario, int agent, int goal, std::span<const std::int32_t> state,
                            const Space *space = nullptr, double x = 0, double y = 0);

// "s2: no way there from (1, 1)": why a station is out of reach.
QString noWayReason(const CompiledScenario &scenario, int station, double x, double y);

// One line per blocker, e.g. "Forge tools needs world.ironIngot >= 1 (now 0): produced by Smelter's smeltIron".
QStringList explanationLines(const CompiledScenario &scenario, const GoalExplanation &explanation);

} // namespace goap::sim
