#include "crowd.h"

#include <algorithm>

namespace goap::sim {

void Crowd::reset(size_t characters, size_t stations, size_t queues)
{
    m_footing.assign(characters, Footing {});
    m_standing.clear();
    m_places.resize(stations);
    m_lines.resize(stations);
    for (std::deque<int> &line : m_lines)
        line.clear();
    m_queues.resize(queues);
    for (std::deque<int> &queue : m_queues)
        queue.clear();
}

int Crowd::freePlace(int station, int who) const
{
    const std::vector<int> &places = m_places[size_t(station)];
    for (size_t k = 0; k < places.size(); ++k)
        if (places[k] < 0 || places[k] == who)
            return int(k);
    return -1;
}

void Crowd::takePlace(int i, int station, int place)
{
    m_places[size_t(station)][size_t(place)] = i;
    Footing &f = of(i);
    f.placeStation = station;
    f.place = place;
}

int Crowd::givePlace(int i)
{
    Footing &f = of(i);
    const int station = f.placeStation;
    if (station < 0)
        return -1;
    m_places[size_t(station)][size_t(f.place)] = -1;
    f.placeStation = f.place = -1;
    return station;
}

size_t Crowd::joinLine(int i, int station)
{
    std::deque<int> &line = m_lines[size_t(station)];
    line.push_back(i);
    of(i).lineStation = station;
    return line.size();
}

size_t Crowd::leaveLine(int i)
{
    Footing &f = of(i);
    std::deque<int> &line = m_lines[size_t(f.lineStation)];
    const auto it = std::find(line.begin(), line.end(), i);
    const size_t from = size_t(it - line.begin());
    if (it != line.end())
        line.erase(it);
    f.lineStation = -1;
    return from;
}

int Crowd::leaveFront(int station)
{
    std::deque<int> &line = m_lines[size_t(station)];
    const int front = line.front();
    line.pop_front();
    of(front).lineStation = -1;
    return front;
}

int Crowd::linePosition(int i) const
{
    const int station = of(i).lineStation;
    if (station < 0)
        return 0;
    const std::deque<int> &line = m_lines[size_t(station)];
    return int(std::find(line.begin(), line.end(), i) - line.begin()) + 1;
}

bool Crowd::enqueue(int i, int q)
{
    std::deque<int> &queue = m_queues[size_t(q)];
    if (std::find(queue.begin(), queue.end(), i) != queue.end())
        return false;
    queue.push_back(i);
    return true;
}

bool Crowd::dequeue(int i, int q)
{
    std::deque<int> &queue = m_queues[size_t(q)];
    const auto it = std::find(queue.begin(), queue.end(), i);
    if (it == queue.end())
        return false;
    queue.erase(it);
    return true;
}

} // namespace goap::sim
