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
    for (const int c : m_queues[size_t(q)])
        n += takeable(i, c) ? 1 : 0;
    m_queueScans += std::int64_t(m_queues[size_t(q)].size());
    return n;
}

bool Simulation::takeable(int taker, int candidate) const
{
    const Agent &c = m_agents[size_t(candidate)];
    return candidate != taker && c.active && c.heldBy < 0 && c.partner < 0 && c.phase != Phase::Walking
        && c.phase != Phase::Acting && c.phase != Phase::Queued;
}

int Simulation::firstTakeable(int taker, int queue) const
{
    for (const int c : m_queues[size_t(queue)])
        if (takeable(taker, c))
            return c;
    return -1;
}

void Simulation::setQueueFact(int queue)
{
    m_world[size_t(m_scenario->queueFacts[size_t(queue)] - m_scenario->agentFactCount)]
        = std::int32_t(m_queues[size_t(queue)].size());
}

void Simulation::release(int i)
{
    Agent &a = m_agents[size_t(i)];
    const int partner = a.partner;
    Agent &p = m_agents[size_t(partner)];
    Event e {0, 0, i, EventKind::Released};
    e.other = p.serial;
    record(e);
    p.heldBy = -1;
    p.phase = Phase::Idle; // it looks again at its next tick
    a.partner = -1;
    if (!p.standing)
        stand(partner, false); // where it was following to
}

// Whether a partner stands beside its holder: done stepping, within a cell
// and a half (or it cannot come closer: no free cell near, walls between).
bool Simulation::beside(int partner, int holder) const
{
    const Agent &p = m_agents[size_t(partner)], &h = m_agents[size_t(holder)];
    if (p.noWay || p.sharing)
        return true;
    return !p.stepping && std::max(std::abs(p.x - h.x), std::abs(p.y - h.y)) <= 1.5;
}

void Simulation::follow(int i)
{
    Agent &a = m_agents[size_t(i)];
    const Agent &h = m_agents[size_t(a.heldBy)];
    if (h.phase == Phase::Walking || h.stepping || !h.standing) {
        // On the move: a step behind the holder, by its path.
        unstand(i);
        if (std::hypot(h.x - a.x, h.y - a.y) > 1.0) {
            setWalk(a, h.x, h.y, h.phase == Phase::Walking ? h.station : -1);
            moveAlong(a);
        }
        return;
    }
    if (!a.standing || a.followCell != h.standCell) {
        a.followCell = h.standCell;
        claim(i, freeCellNear(Grid::cellOf(h.x, h.y), i, true));
        if (a.stepping && m_space.hasWalls())
            a.walkField = h.station >= 0 ? h.station : -1;
    }
    if (a.stepping && moveAlong(a))
        a.stepping = false;
}

} // namespace goap::sim
