#pragma once
// Cheap value snapshots of a running simulation, for the GUI: they hold no
// pointers into the simulation, so they can cross threads by value.

#include "planner/planner.h"
#include "sim/events.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace goap::sim {

struct BallotEntry
{
    int goal = -1; // scenario goal index
    double insistence = 0; // now
    double cost = 0; // of its plan at the last safe point
    double score = 0; // insistence - costWeight x cost, at the last safe point
    bool viable = false; // it had a plan at the last safe point
    bool satisfied = false; // its conditions held at the last safe point
    PlanReason reason = PlanReason::Exhausted; // why it had none, when not viable
};

struct AgentSnapshot
{
    int index = 0; // the character's index: stable for its life, spawned copies after the scenario's own
    QString id, label;
    int heldBy = -1; // the character whose partner it is, -1 when none
    int partner = -1; // its partner, -1 when none
    double x = 0, y = 0;
    Phase phase = Phase::Idle;
    int currentGoal = -1; // scenario goal index, -1 when none
    std::vector<int> plan; // action indices of the plan being followed
    int planStep = 0; // index into plan of the action under way
    int action = -1; // the action walked to or under way, -1 when none
    double actionProgress = 0; // 0..1 while acting
    int station = -1; // where the action is done (the alternative chosen), -1 where it stands
    int lineStation = -1; // queued: the station whose line it stands in
    int linePosition = 0; // queued: 1 for the front of the line
    bool moving = false; // walking, or stepping aside / up a line
    double goalX = 0, goalY = 0; // moving: where to
    int walkField = -1; // moving: the station whose field leads there (Space::path draws the way)
    std::vector<BallotEntry> ballot;
    std::vector<std::int32_t> facts; // the agent's own pool, by agent fact id
    QString lastSwitch; // e.g. "Hunger (0.72) overtook Smelt iron (0.51)"
    QString lastFailure; // e.g. "collectIron: world.ironIngot is 0, needs 1"
};

struct Snapshot
{
    int day = 0;
    double time = 0; // seconds since dawn
    double dayLength = 0;
    std::int64_t tick = 0; // ticks since the start of the run
    std::vector<std::int32_t> world; // by world fact id - agentFactCount
    std::vector<AgentSnapshot> agents; // the characters present, by index (the scenario's own first)
};

} // namespace goap::sim
