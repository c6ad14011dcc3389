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

Snapshot Timeline::at(std::int64_t tick)
{
    tick = std::max<std::int64_t>(0, tick);
    const size_t k = size_t(tick / m_every);
    if (k < m_keyframes.size()) {
        m_sim.restore(*m_keyframes[k]);
    } else {
        // Run on from the last keyframe, keeping one every interval.
        m_sim.restore(*m_keyframes.back());
        while (m_keyframes.size() <= k) {
            m_sim.stepTicks(m_every);
            m_keyframes.push_back(m_sim.keyframe());
        }
    }
    m_sim.stepTicks(tick - std::int64_t(k) * m_every);
    return m_sim.snapshot();
}

} // namespace goap::sim
