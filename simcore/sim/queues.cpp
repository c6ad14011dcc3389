// Queues and partners (SPEC §7): characters waiting in a world.queue.* are
// counted as that fact, and an action with a partner takes the first one it
// may from the queue, holds it while acting and releases it after.

#include "simulation.h"

#include <algorithm>
#include <cmath>

namespace goap::sim {

// What character i sees of a fact: a queue's length counts only the
// characters it could take from it, so its plans, its re-check and the take
// itself agree (a character alone in a queue it takes from sees it empty).
std::int32_t Simulation::seen(int i, FactId f) const
{
    const int q = m_factQueue[size_t(f)];
    if (q < 0)
        return value(i, f);
    std::int32_t n = 0;
    const std::deque<int> &queue = m_crowd.queue(q);
    for (const int c : queue)
        n += takeable(i, c) ? 1 : 0;
    m_queueScans += std::int64_t(queue.size());
    return n;
}

bool Simulation::takeable(int taker, int candidate) const
{
    const Activity &c = m_activities[size_t(candidate)];
    return candidate != taker && c.active && c.heldBy < 0 && c.partner < 0 && c.phase != Phase::Walking
        && c.phase != Phase::Acting && c.phase != Phase::Queued;
}

int Simulation::firstTakeable(int taker, int queue) const
{
    for (const int c : m_crowd.queue(queue))
        if (takeable(taker, c))
            return c;
    return -1;
}

void Simulation::setQueueFact(int queue)
{
    m_world[size_t(m_scenario->queueFacts[size_t(queue)] - m_scenario->agentFactCount)]
        = std::int32_t(m_crowd.queue(queue).size());
}

void Simulation::release(int i)
{
    Activity &a = m_activities[size_t(i)];
    const int partner = a.partner;
    Activity &p = m_activities[size_t(partner)];
    Event e {0, 0, i, EventKind::Released};
    e.other = m_identities[size_t(partner)].serial;
    record(e);
    p.heldBy = -1;
    p.phase = Phase::Idle; // it looks again at its next tick
    a.partner = -1;
    if (!m_crowd.of(partner).standing)
        stand(partner, false); // where it was following to
}

// Whether a partner stands beside its holder: done stepping, within a cell
// and a half (or it cannot come closer: no free cell near, walls between).
bool Simulation::beside(int partner, int holder) const
{
    const Walk &p = m_walks[size_t(partner)], &h = m_walks[size_t(holder)];
    if (p.noWay || m_crowd.of(partner).sharing)
        return true;
    return !p.stepping && std::max(std::abs(p.x - h.x), std::abs(p.y - h.y)) <= 1.5;
}

void Simulation::follow(int i)
{
    Walk &w = m_walks[size_t(i)];
    const int holder = m_activities[size_t(i)].heldBy;
    const Activity &h = m_activities[size_t(holder)];
    const Walk &hw = m_walks[size_t(holder)];
    const Crowd::Footing &hf = m_crowd.of(holder);
    if (h.phase == Phase::Walking || hw.stepping || !hf.standing) {
        // On the move: a step behind the holder, by its path.
        unstand(i);
        if (std::hypot(hw.x - w.x, hw.y - w.y) > 1.0) {
            setWalk(i, hw.x, hw.y, h.phase == Phase::Walking ? h.station : -1);
            moveAlong(i);
        }
        return;
    }
    if (Crowd::Footing &f = m_crowd.of(i); !f.standing || f.followCell != hf.standCell) {
        f.followCell = hf.standCell;
        claim(i, freeCellNear(Grid::cellOf(hw.x, hw.y), i, true));
        if (w.stepping && m_space.hasWalls())
            w.walkField = h.station >= 0 ? h.station : -1;
    }
    if (w.stepping && moveAlong(i))
        w.stepping = false;
}

} // namespace goap::sim
