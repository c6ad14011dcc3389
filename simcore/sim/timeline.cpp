#include "sim/timeline.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

namespace {
Options quiet()
{
    Options o;
    o.recordEvents = false;
    o.recordSamples = false;
    return o;
}
} // namespace

Timeline::Timeline(std::shared_ptr<const CompiledScenario> scenario, double interval)
    : m_sim(std::move(scenario), quiet())
    , m_every(std::max<std::int64_t>(1, std::llround(interval / m_sim.scenario().day.tick)))
{
    m_sim.start();
    m_keyframes.push_back(m_sim.keyframe());
}

void Timeline::changeWalls(std::int64_t tick, QList<Wall> walls)
{
    m_sim.changeWalls(tick, std::move(walls));
    // Keyframe k holds the state at k x m_every, which a change at `tick` reaches only past it.
    const size_t keep = size_t(std::max<std::int64_t>(0, tick) / m_every) + 1;
    if (m_keyframes.size() > keep)
        m_keyframes.resize(keep);
}

Snapshot Timeline::at(std::int64_t tick)
{
    tick = std::max<std::int64_t>(0, tick);
    const size_t k = size_t(tick / m_every);
    if (k < m_keyframes.size()) {
        m_sim.restore(*m_keyframes[k]);
    } else {
        // Run on from the last keyframe, keeping one every interval.
        m_sim.restore(*m_keyframes.back());
        std::int64_t at = std::int64_t(m_keyframes.size() - 1) * m_every;
        while (at + m_every <= tick) {
            m_sim.stepTicks(m_every);
            at += m_every;
            m_keyframes.push_back(m_sim.keyframe());
            if (m_keyframes.size() > kMaxKeyframes) {
                // Thin out: every other keyframe, twice the interval.
                for (size_t j = 0; 2 * j < m_keyframes.size(); ++j)
                    m_keyframes[j] = m_keyframes[2 * j];
                m_keyframes.resize((m_keyframes.size() + 1) / 2);
                m_every *= 2; // the newest keyframe (an even index: 512) is kept, and is the state now
                at = std::int64_t(m_keyframes.size() - 1) * m_every;
            }
        }
        m_sim.stepTicks(tick - at);
        return m_sim.snapshot();
    }
    m_sim.stepTicks(tick - std::int64_t(k) * m_every);
    return m_sim.snapshot();
}

} // namespace goap::sim
