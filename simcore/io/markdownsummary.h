#pragma once
// A readable Markdown summary of a scenario for design reviews: settings,
// facts (scope, seed, who reads, spends, sets and adds them), stations,
// actions with needs and effects, goals, characters.

#include "model/scenario.h"

#include <QString>

namespace goap {

QString markdownSummary(const Scenario &scenario);

} // namespace goap
