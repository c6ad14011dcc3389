#pragma once
// One search the Search Tree dock shows: what the planner tries for one
// character and one goal from one state. The inspector asks for it from the
// moment it shows; the dock's own chooser from the character's dawn state.

#include "planner/compiledscenario.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace goap::editor {

struct SearchRequest
{
    std::shared_ptr<const CompiledScenario> scenario;
    int character = -1; // an index into scenario->agents
    int goal = -1; // an index into scenario->goals
    std::vector<std::int32_t> state; // planner layout: the character's pool, then the world
    double x = 0, y = 0; // where the character stands
    QString when; // which moment that is: "dawn", "day 1, 64.0 s (1:04)"
};

} // namespace goap::editor
