#pragma once
// Validation of a scenario against SPEC §8: errors (the scenario cannot run)
// and warnings (it runs, but a designer should look). Shared by the file
// reader, `goap-sim validate` and the editor's live validation panel.

#include "io/issue.h"
#include "model/scenario.h"

#include <optional>

namespace goap {

// Bounds that keep any accepted scenario simulable in bounded time and memory.
namespace limits {
inline constexpr double kMaxDuration = 1e6;
inline constexpr double kMaxCost = 1e6;
inline constexpr double kMaxDayLength = 1e7;
inline constexpr double kMinTick = 1e-3;
inline constexpr double kMaxTicksPerDay = 1e7;
inline constexpr int kMaxNodes = 1'000'000;
inline constexpr double kMaxSpeed = 1e4;
inline constexpr double kMaxMapSize = 1e5;
inline constexpr double kMaxRate = 1e3;
inline constexpr double kMaxUrgency = 1e3;
inline constexpr qsizetype kMaxItems = 10'000; // per list, and facts per pool
inline constexpr int kMaxCapacity = 1000; // places at a station
} // namespace limits

Issues validate(const Scenario &scenario);

// The one home of single-value rules, shared with the editor (which refuses
// an edit with the same words): an empty string when the value is fine.
QString idError(const QString &id);
QString capacityError(int capacity);

// The one rule for a single condition, or an empty string when it is fine:
// one that holds (or fails) whatever the pool holds is an error; a goal's
// `>=` needs at least 1. `goal`: the kind of the goal it belongs to, or none
// for an action's precondition.
QString conditionError(const Condition &c, std::optional<GoalKind> goal);

} // namespace goap
