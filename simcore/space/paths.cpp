#include "space/paths.h"

#include "planner/compiledscenario.h"

#include <algorithm>
#include <cmath>
#include <queue>

namespace goap {

namespace {
constexpr float kDiagonal = 1.41421356f;
constexpr int kLineLength = 24; // cells a line runs at most before it bends into free cells
} // namespace

bool lineOfSight(const Grid &grid, double x0, double y0, double x1, double y1)
{
    // Amanatides & Woo's traversal; where the segment passes exactly through
    // a cell corner, both cells beside it are checked.
    Cell c = Grid::cellOf(x0, y0);
    const Cell end = Grid::cellOf(x1, y1);
    if (grid.blocked(c) || grid.blocked(end))
        return false;
    const double dx = x1 - x0, dy = y1 - y0;
    const int stepX = dx > 0 ? 1 : -1, stepY = dy > 0 ? 1 : -1;
    const double inf = std::numeric_limits<double>::infinity();
    const double tDeltaX = dx != 0 ? std::abs(1.0 / dx) : inf;
    const double tDeltaY = dy != 0 ? std::abs(1.0 / dy) : inf;
    double tMaxX = dx != 0 ? (dx > 0 ? (c.x + 1 - x0) : (x0 - c.x)) * tDeltaX : inf;
    double tMaxY = dy != 0 ? (dy > 0 ? (c.y + 1 - y0) : (y0 - c.y)) * tDeltaY : inf;
    // A start on a cell's left/top edge moving left/up enters the next cell at once.
    if (dx < 0 && x0 == c.x)
        tMaxX = 0;
    if (dy < 0 && y0 == c.y)
        tMaxY = 0;
    for (int guard = 0; guard < 4 * Grid::kMaxSide + 8 && !(c == end); ++guard) {
        const double tx = tMaxX, ty = tMaxY;
        if (std::min(tx, ty) > 1.0)
            break;
        if (std::abs(tx - ty) < 1e-12) {
            if (grid.blocked({c.x + stepX, c.y}) || grid.blocked({c.x, c.y + stepY}))
                return false;
            c.x += stepX;
            c.y += stepY;
            tMaxX += tDeltaX;
            tMaxY += tDeltaY;
        } else if (tx < ty) {
            c.x += stepX;
            tMaxX += tDeltaX;
        } else {
            c.y += stepY;
            tMaxY += tDeltaY;
        }
        if (grid.blocked(c))
            return false;
    }
    return true;
}

Space::Space(const CompiledScenario &sc)
{
    m_width = int(std::clamp(std::ceil(sc.map.width), 1.0, 2e9));
    m_height = int(std::clamp(std::ceil(sc.map.height), 1.0, 2e9));
    m_walls = !sc.map.walls.isEmpty();
    if (m_walls) {
        m_grid = Grid(sc.map);
        m_walls = m_grid.hasWalls();
        m_regions = m_grid.regions();
    }
    const size_t n = sc.stations.size();
    m_fields.resize(n);
    m_fieldUsed.assign(n, 0);
    m_spots.resize(n);
    m_lines.resize(n);
    for (size_t s = 0; s < n; ++s) {
        const CompiledStation &st = sc.stations[s];
        m_stationX.push_back(st.x);
        m_stationY.push_back(st.y);
        m_stationCell.push_back(Grid::cellOf(st.x, st.y));
    }
    // Spots: cells near the station's point, nearest first.
    constexpr int radius = 6;
    struct Candidate
    {
        double d;
        int side;
        Cell c;
    };
    std::vector<Candidate> candidates;
    for (size_t s = 0; s < n; ++s) {
        const Cell home = m_stationCell[s];
        const int homeRegion = region(home);
        candidates.clear();
        for (int y = home.y - radius; y <= home.y + radius; ++y)
            for (int x = home.x - radius; x <= home.x + radius; ++x) {
                const Cell c {x, y};
                if (blocked(c) || (m_walls && region(c) != homeRegion))
                    continue;
                const double cx = Grid::centreX(c) - m_stationX[s], cy = Grid::centreY(c) - m_stationY[s];
                const double d = std::hypot(cx, cy);
                if (d < 0.25)
                    continue; // the station itself stands there
                if (m_walls && !lineOfSight(m_grid, m_stationX[s], m_stationY[s], Grid::centreX(c), Grid::centreY(c)))
                    continue;
                // Ties: south, west, east, north of the station.
                const int side = cy > 0 ? 0 : cx < 0 ? 1 : cx > 0 ? 2 : 3;
                candidates.push_back({d, side, c});
            }
        std::sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
            if (std::abs(a.d - b.d) > 1e-9)
                return a.d < b.d;
            if (a.side != b.side)
                return a.side < b.side;
            if (a.c.y != b.c.y)
                return a.c.y < b.c.y;
            return a.c.x < b.c.x;
        });
        for (size_t k = 0; k < candidates.size() && int(k) < kSpotsPerStation; ++k)
            m_spots[s].push_back(candidates[k].c);

        const int capacity = sc.stations[s].capacity;
        if (capacity <= 0)
            continue;
        const size_t places = std::min(size_t(capacity), m_spots[s].size());
        for (size_t k = 0; k < places; ++k)
            m_placeCells.push_back(key(m_spots[s][k]));
        // The line: along the side with the most free cells in a row past the places.
        const auto isOwnPlace = [&](Cell c) {
            return std::find(m_spots[s].begin(), m_spots[s].begin() + std::ptrdiff_t(places), c)
                != m_spots[s].begin() + std::ptrdiff_t(places);
        };
        const Cell directions[] = {{0, 1}, {-1, 0}, {1, 0}, {0, -1}};
        std::vector<Cell> best;
        for (const Cell d : directions) {
            std::vector<Cell> row;
            Cell c = home;
            for (int k = 0; k < kLineLength + radius; ++k) {
                c = {c.x + d.x, c.y + d.y};
                if (blocked(c))
                    break;
                if (isOwnPlace(c))
                    continue;
                row.push_back(c);
                if (int(row.size()) == kLineLength)
                    break;
            }
            if (row.size() > best.size())
                best = std::move(row);
        }
        m_lines[s] = std::move(best);
    }
    std::sort(m_placeCells.begin(), m_placeCells.end());
}

bool Space::blocked(Cell c) const
{
    if (c.x < 0 || c.y < 0 || c.x >= m_width || c.y >= m_height)
        return true;
    return m_walls && m_grid.blocked(c);
}

bool Space::isPlace(Cell c) const
{
    return std::binary_search(m_placeCells.begin(), m_placeCells.end(), key(c));
}

const std::vector<float> &Space::field(int station) const
{
    auto &slot = m_fields[size_t(station)];
    m_fieldUsed[size_t(station)] = ++m_clock;
    if (slot)
        return *slot;
    // Within the budget: drop the fields used longest ago first.
    const std::size_t bytes = size_t(m_grid.cellCount()) * sizeof(float);
    while (m_fieldBytes > 0 && m_fieldBytes + bytes > m_budget) {
        size_t oldest = m_fields.size();
        for (size_t k = 0; k < m_fields.size(); ++k)
            if (m_fields[k] && (oldest == m_fields.size() || m_fieldUsed[k] < m_fieldUsed[oldest]))
                oldest = k;
        m_fields[oldest].reset();
        m_fieldBytes -= bytes;
    }
    m_fieldBytes += bytes;
    // Dijkstra from the station's cell over 8 neighbours, no corner cutting.
    slot = std::make_unique<std::vector<float>>(size_t(m_grid.cellCount()), kUnreachable);
    std::vector<float> &dist = *slot;
    using Item = std::pair<float, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
    const Cell home = m_stationCell[size_t(station)];
    if (m_grid.blocked(home))
        return dist;
    dist[size_t(m_grid.index(home))] = 0;
    open.push({0.0f, m_grid.index(home)});
    while (!open.empty()) {
        const auto [d, i] = open.top();
        open.pop();
        if (d > dist[size_t(i)])
            continue;
        const Cell c = m_grid.cellAt(i);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                if (dx == 0 && dy == 0)
                    continue;
                const Cell n {c.x + dx, c.y + dy};
                if (m_grid.blocked(n))
                    continue;
                if (dx != 0 && dy != 0 && (m_grid.blocked({c.x + dx, c.y}) || m_grid.blocked({c.x, c.y + dy})))
                    continue; // no corner cutting
                const float nd = d + (dx != 0 && dy != 0 ? kDiagonal : 1.0f);
                float &slotDist = dist[size_t(m_grid.index(n))];
                if (nd < slotDist) {
                    slotDist = nd;
                    open.push({nd, m_grid.index(n)});
                }
            }
    }
    return dist;
}

double Space::distance(int station, double x, double y) const
{
    const double sx = m_stationX[size_t(station)], sy = m_stationY[size_t(station)];
    if (!m_walls || lineOfSight(m_grid, x, y, sx, sy))
        return std::hypot(sx - x, sy - y);
    const Cell c = Grid::cellOf(x, y);
    if (m_grid.blocked(c))
        return kUnreachable;
    const float d = field(station)[size_t(m_grid.index(c))];
    if (d == kUnreachable)
        return kUnreachable;
    // Field lengths run centre to centre: add the stretches at both ends.
    const Cell home = m_stationCell[size_t(station)];
    return double(d) + std::hypot(Grid::centreX(c) - x, Grid::centreY(c) - y)
        + std::hypot(Grid::centreX(home) - sx, Grid::centreY(home) - sy);
}

std::vector<std::pair<double, double>> Space::path(int station, double x, double y, double tx, double ty) const
{
    std::vector<std::pair<double, double>> corners {{x, y}};
    for (int k = 0; k < 256; ++k) {
        double wx = tx, wy = ty;
        if (station >= 0)
            waypoint(station, x, y, tx, ty, wx, wy);
        corners.emplace_back(wx, wy);
        if ((wx == tx && wy == ty) || (wx == x && wy == y))
            break;
        x = wx;
        y = wy;
    }
    if (corners.back() != std::pair {tx, ty})
        corners.emplace_back(tx, ty);
    return corners;
}

double Space::distance(int from, int to) const
{
    return distance(to, m_stationX[size_t(from)], m_stationY[size_t(from)]);
}

void Space::waypoint(int station, double x, double y, double tx, double ty, double &wx, double &wy) const
{
    wx = tx;
    wy = ty;
    if (!m_walls || lineOfSight(m_grid, x, y, tx, ty))
        return;
    const Cell start = Grid::cellOf(x, y);
    if (m_grid.blocked(start))
        return; // nowhere to walk from: straight on (the validator warns of such maps)
    const std::vector<float> &dist = field(station);
    if (dist[size_t(m_grid.index(start))] == kUnreachable)
        return;
    // Down the field, remembering the furthest cell still in sight.
    Cell c = start, seen = start;
    bool any = false;
    for (int steps = 0; steps < 32; ++steps) {
        Cell next = c;
        float bestD = dist[size_t(m_grid.index(c))];
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const Cell n {c.x + dx, c.y + dy};
                if ((dx == 0 && dy == 0) || m_grid.blocked(n))
                    continue;
                if (dx != 0 && dy != 0 && (m_grid.blocked({c.x + dx, c.y}) || m_grid.blocked({c.x, c.y + dy})))
                    continue;
                const float d = dist[size_t(m_grid.index(n))];
                if (d < bestD) {
                    bestD = d;
                    next = n;
                }
            }
        if (next == c)
            break; // the station's cell
        c = next;
        if (lineOfSight(m_grid, x, y, Grid::centreX(c), Grid::centreY(c))) {
            seen = c;
            any = true;
        } else if (any) {
            break; // out of sight: the last seen cell is the corner to turn
        }
    }
    if (!any) {
        // Not even the first cell down the field is in sight (the walker is
        // off its cell's centre beside a corner): its own cell's centre first.
        wx = Grid::centreX(start);
        wy = Grid::centreY(start);
        if (std::abs(wx - x) < 1e-9
            && std::abs(wy - y) < 1e-9) { // already there: the next cell, which is safe from a centre
            wx = Grid::centreX(c);
            wy = Grid::centreY(c);
        }
        return;
    }
    wx = Grid::centreX(seen);
    wy = Grid::centreY(seen);
    if (seen == Grid::cellOf(tx, ty)) {
        wx = tx;
        wy = ty;
    }
}

} // namespace goap
