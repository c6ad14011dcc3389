#pragma once
// A run you can scrub (issue #15): the snapshot at any tick, exact, from
// keyframes (Simulation::Keyframe) kept every `interval` simulated seconds
// plus deterministic re-simulation from the nearest one before it. Asking for
// a tick past the keyframes built so far runs on and keeps them on the way.
//
// Memory: one keyframe (the run's state: every character, its facts and
// ballot, the world, queues and places) per interval of the stretch asked
// for, nothing per tick, and at most kMaxKeyframes: a longer stretch keeps
// every other keyframe and doubles the interval. Time: restoring a keyframe
// plus at most one interval of stepping.

#include "sim/simulation.h"

#include <memory>
#include <vector>

namespace goap::sim {

class Timeline
{
public:
    explicit Timeline(std::shared_ptr<const CompiledScenario> scenario, double interval = 15);

    // The snapshot at `tick` ticks since the run's first dawn (0: the first
    // dawn itself, before any tick).
    Snapshot at(std::int64_t tick);
    std::int64_t ticksPerDay() const { return m_sim.ticksPerDay(); }
    // The run's walls changed at `tick` (Simulation::changeWalls): keyframes
    // after it are dropped, to be built again with the change.
    void changeWalls(std::int64_t tick, QList<Wall> walls);
    std::int64_t intervalTicks() const { return m_every; }
    static constexpr size_t kMaxKeyframes = 512;
    size_t keyframes() const { return m_keyframes.size(); }

private:
    Simulation m_sim;
    std::int64_t m_every;
    std::vector<std::shared_ptr<const Simulation::Keyframe>> m_keyframes; // [k]: the state at tick k x m_every
};

} // namespace goap::sim
