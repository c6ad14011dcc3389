#pragma once
// The one home of each single-value rule (SPEC §8): the validator reports a
// file's value with it and the editor refuses an edit with the same words.
// A rule is a value (NumberRule) or a function returning an empty string
// when the value is fine, else why not ("the duration must be > 0 and at
// most 1000000, got 0").

#include "model/scenario.h"

#include <QString>

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
inline constexpr int kMaxSpawnsADay = 100'000;
} // namespace limits

// A number field's range: lo (or above it, when loOpen) to hi, finite.
struct NumberRule
{
    double lo, hi;
    bool loOpen;
    const char *what; // "the duration"
};

namespace rules {
inline constexpr NumberRule duration {0, limits::kMaxDuration, true, "the duration"};
inline constexpr NumberRule cost {0, limits::kMaxCost, false, "the cost"};
inline constexpr NumberRule speed {0, limits::kMaxSpeed, true, "the speed"};
inline constexpr NumberRule start {0, 1, false, "the starting insistence"};
inline constexpr NumberRule rate {0, limits::kMaxRate, false, "the rate"};
inline constexpr NumberRule urgency {0, limits::kMaxUrgency, false, "the urgency"};
// A maximise / minimise goal's plan-cost budget (inclusive): at most 1,000 dear actions.
inline constexpr NumberRule budget {0, limits::kMaxCost * 1000, false, "the budget"};
inline constexpr NumberRule spawnFirst {0, limits::kMaxDayLength, false, "the first spawn time"};
inline constexpr NumberRule spawnCount {0, limits::kMaxSpawnsADay, false, "the number a day"};
inline constexpr NumberRule dayLength {0, limits::kMaxDayLength, true, "the day length"};
inline constexpr NumberRule tick {limits::kMinTick, 60, false, "the tick"};
inline constexpr NumberRule nodeCap {1, limits::kMaxNodes, false, "the node cap"};
inline constexpr NumberRule costWeight {0, 100, false, "the cost weight"};
inline constexpr NumberRule travelCost {0, 1000, false, "the travel cost"};
inline constexpr NumberRule switchMargin {0, 10, false, "the switch margin"};
inline constexpr NumberRule restBelow {0, 1, false, "the rest threshold"};
inline constexpr NumberRule mapWidth {0, limits::kMaxMapSize, true, "the map width"};
inline constexpr NumberRule mapHeight {0, limits::kMaxMapSize, true, "the map height"};
// A spawner's interval: at least one tick of the day.
constexpr NumberRule spawnInterval(double tick)
{
    return {tick, limits::kMaxDayLength, false, "the interval"};
}
} // namespace rules

// A number as a person wrote it: 1000001, not 1e+06; 0.1, not 0.100000001.
QString numberText(double v);
// "the duration must be > 0 and at most 1000000, got 0", or empty.
QString numberError(double v, const NumberRule &rule);

QString idError(const QString &id);
QString capacityError(int capacity);
// A seed value of a pool (world or a character's own facts).
QString seedError(const FactValue &seed);
// A `set` effect's value: pools never go negative.
QString setValueError(const Effect &e);
// A queue named by enqueue or takePartner ("" is none, and fine).
QString queueNameError(const QString &queue);

// The one rule for a single condition, or an empty string when it is fine:
// one that holds (or fails) whatever the pool holds is an error; a goal's
// `>=` needs at least 1. `goal`: the kind of the goal it belongs to, or none
// for an action's precondition.
QString conditionError(const Condition &c, std::optional<GoalKind> goal);

// Why a list of fact rows (conditions or effects) cannot stand: a row with
// no fact or a bad name, or a fact twice; empty when it can.
QString factRowsError(const QList<Condition> &rows);
QString factRowsError(const QList<Effect> &rows);

// A station, a character's start or a spawner inside a wall: why nobody may
// stand at `p`, or empty (SPEC 11.3).
QString insideWallError(const MapSettings &map, const Point &p);

} // namespace goap
