#pragma once
// What a run records (SPEC §7): the event log, samples and the day report.
//
// Events are small fixed-size records (ids and numbers, no strings), so the
// simulation step never formats text; eventText() renders an event for the
// log, the CLI and the GUI, always the same way.

#include "planner/compiledscenario.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace goap::sim {

// Queued: standing in line at a station whose places are all taken (SPEC 11.3).
enum class Phase : std::uint8_t { Idle, Walking, Acting, Waiting, Resting, Queued };
inline constexpr int kPhaseCount = 6;
QString phaseName(Phase phase);

enum class EventKind : std::uint8_t {
    Dawn, // a day begins (agent -1)
    Switch, // a challenger overtook the incumbent goal
    Plan, // a plan was adopted at a safe point
    Start, // an action passed its re-check and began
    Complete, // an action completed
    RecheckFailed, // an action's preconditions no longer held on arrival
    Waiting, // no goal has a viable plan
    Resting, // every want is below the rest threshold
    NeedSatisfied, // a need's conditions held: spent and reset
    QuotaMet, // a quota's conditions held for the first time today
    Spawned, // a copy of a template arrived
    Left, // the character left the simulation
    Enqueued, // the character joined the back of a queue
    Partnered, // the character took the front of a queue as its partner
    Released, // the character let its partner go
    Queued, // the station's places were all taken: the character joined its line
    // An external action (Options::hostFinishesExternal) began: the host performs it now.
    ExternalStarted,
    ExternalFailed, // the host said an external action failed: the plan is dropped
};
QString eventKindName(EventKind kind);

inline constexpr char kWaitingReason[] = "No viable plan — waiting on the world to change";

// Each field but the first four is read for the kinds named beside it (and
// keeps its default for the others). Ints before doubles: no padding inside.
struct Event
{
    double t = 0; // simulated seconds since dawn
    int day = 0;
    int agent = -1;
    EventKind kind = EventKind::Dawn;
    ConditionOp op = ConditionOp::Ge; // RecheckFailed: the condition was `fact <op> needed`
    int goal = -1; // Switch (winner), Plan, NeedSatisfied, QuotaMet
    int otherGoal = -1; // Switch: the goal overtaken
    int action = -1; // Start, Complete, RecheckFailed, Queued, Partnered, ExternalStarted, ExternalFailed
    FactId fact = -1; // RecheckFailed: the first condition that failed (-1: walls closed its way)
    std::int32_t value = 0, needed = 0; // RecheckFailed: the fact's value, and the condition's
    std::uint32_t planBegin = 0, planEnd = 0; // Plan: range in EventLog::planActions
    int other = -1; // Partnered, Released: the partner; Spawned: the template
    int queue = -1; // Enqueued, Partnered: the queue
    int station = -1; // Start, Queued, RecheckFailed (walls): the station (one of the action's alternatives), -1 where
                      // it stands
    double score = 0, otherScore = 0; // Switch: the winner's and the overtaken goal's scores
    double planCost = 0; // Plan: the plan's cost
    double metAt = 0; // QuotaMet: the fraction of the day (0..1) when the quota was first met
    double x = 0, y = 0; // Start: where the character stands while acting; RecheckFailed (walls): where it stood;
                         // Queued: its place in line in x (1 = first)
};

struct EventLog
{
    std::vector<Event> events;
    std::vector<int> planActions; // the action lists of Plan events
    // Every character's id and label by its index, spawned copies included.
    // A log drained by Simulation::takeEvents() drops the names of copies
    // gone at an earlier dawn: it holds the scenario's own characters'
    // names (indices below copiesFrom), then the copies' from index
    // firstCopy on. Undrained, firstCopy == copiesFrom and agentIds[i] names
    // character i; agentId()/agentLabel() read both.
    std::vector<QString> agentIds, agentLabels;
    int copiesFrom = 0;
    int firstCopy = 0;
    const QString &agentId(int index) const { return nameOf(agentIds, index); }
    const QString &agentLabel(int index) const { return nameOf(agentLabels, index); }
    void clear()
    {
        events.clear();
        planActions.clear();
        agentIds.clear();
        agentLabels.clear();
        copiesFrom = firstCopy = 0;
    }
    // Forgets the events of the days before `day` (events are in time order)
    // and the plan actions only they named; returns how many were forgotten.
    std::size_t dropBefore(int day);
    // Forgets the oldest `count` events (all when fewer) and the plan actions
    // only they named; returns how many were forgotten.
    std::size_t dropFirst(std::size_t count);

private:
    const QString &nameOf(const std::vector<QString> &names, int index) const;
};

// Plain-text forms, e.g. "Hunger (0.72) overtook Smelt iron (0.51)".
QString eventText(const CompiledScenario &scenario, const EventLog &log, const Event &event);
QString switchReason(const CompiledScenario &scenario, int winner, double winnerScore, int loser, double loserScore);
QString eventName(const std::vector<QString> &names, int index);
QString ordinal(int n); // "1st", "2nd", "3rd", "11th" // names[index], or "?" when out of range
QString recheckReason(const CompiledScenario &scenario, int action, FactId fact, std::int32_t value,
                      std::int32_t needed, ConditionOp op = ConditionOp::Ge);

// Samples every `interval` simulated seconds: for each agent and each goal it
// holds, the insistence and (quotas) the progress 1 - shortfall; then for each
// template and each goal it holds, the mean over its copies present (NaN when
// none is), so spawned characters can be charted as a group. A column's
// `agent` is a character index, or agentCount + template index for a group.
struct Samples
{
    double interval = 1;
    std::vector<int> slotAgent; // per column: the agent
    std::vector<int> slotGoal; // per column: the scenario goal index
    std::vector<int> rowDay; // per row
    std::vector<double> rowTime; // per row: seconds since dawn
    std::vector<float> insistence; // rows x columns
    std::vector<float> progress; // rows x columns (NaN for needs)
    int worldColumns = 0; // world facts, in world-fact order
    std::vector<std::int32_t> world; // rows x worldColumns: the world pool at each sample
    size_t columns() const { return slotGoal.size(); }
    size_t rows() const { return rowTime.size(); }
    void dropRowsBefore(int day); // forgets the rows of the days before `day` (rows are in time order)
};

struct SampleColumn
{
    int agent; // a scenario character, or agents.size() + template for "every copy"
    int goal;
};
// The columns of the samples, in order: the one home of their layout.
std::vector<SampleColumn> sampleColumns(const CompiledScenario &scenario);
// "Miner", or "Patient (every copy)" for a template's group.
QString columnLabel(const CompiledScenario &scenario, int agent);
// "miner", or "patient*" for a template's group (the samples CSV's agent column).
QString columnId(const CompiledScenario &scenario, int agent);

struct GoalReport
{
    int goal = -1; // scenario goal index
    std::optional<double> metAt; // quota: fraction of the day when first met
    int satisfied = 0; // need: times satisfied
};

struct AgentReport
{
    QString id;
    std::vector<GoalReport> goals;
    std::int64_t phaseTicks[kPhaseCount] = {};
    int plans = 0;
    int recheckFailures = 0;
    int goalSwitches = 0;
};

struct DayReport
{
    int day = 0;
    std::vector<AgentReport> agents;
};

} // namespace goap::sim
