#include "space/paths.h"

#include "planner/compiledscenario.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <queue>

namespace goap {

namespace {
constexpr float kDiagonal = 1.41421356f;
constexpr int kLineLength = 24; // cells a line runs at most before it bends into free cells

// The 8 steps from a cell as bits (bit k: kStepDx/kStepDy[k], row by row),
// and each one's length.
constexpr int kStepDx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
constexpr int kStepDy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
constexpr float kStepLength[8] = {kDiagonal, 1.0f, kDiagonal, 1.0f, 1.0f, kDiagonal, 1.0f, kDiagonal};

// The steps from cell c a walker may take: into a free neighbour, and
// diagonally only when both cells beside the diagonal are free (no corner
// cutting). The one statement of that rule: buildField keeps it per cell.
std::uint8_t stepMask(const Grid &grid, Cell c)
{
    std::uint8_t mask = 0;
    for (int k = 0; k < 8; ++k) {
        const int dx = kStepDx[k], dy = kStepDy[k];
        if (grid.blocked({c.x + dx, c.y + dy}))
            continue;
        if (dx != 0 && dy != 0 && (grid.blocked({c.x + dx, c.y}) || grid.blocked({c.x, c.y + dy})))
            continue;
        mask = std::uint8_t(mask | 1u << k);
    }
    return mask;
}

// f(neighbour, length of the step) for each step stepMask allows, row by row.
template<typename F> void forEachStep(const Grid &grid, Cell c, F &&f)
{
    for (unsigned steps = stepMask(grid, c); steps != 0; steps &= steps - 1) {
        const int k = std::countr_zero(steps);
        f(Cell {c.x + kStepDx[k], c.y + kStepDy[k]}, kStepLength[k]);
    }
}

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

std::vector<Cell> standingCells(const Grid *walls, const Regions *regions, int width, int height, double x, double y,
                                int count)
{
    std::vector<Cell> out;
    if (count <= 0)
        return out;
    const auto blocked
        = [&](Cell c) { return c.x < 0 || c.y < 0 || c.x >= width || c.y >= height || (walls && walls->blocked(c)); };
    const Cell home = Grid::cellOf(x, y);
    const int homeRegion = walls && regions ? regions->at(home) : 0;
    struct Candidate
    {
        double d;
        int side;
        Cell c;
    };
    std::vector<Candidate> candidates;
    // Rings out to a radius that holds `count` cells (a square of side
    // 2r + 1 does when nothing is in the way), further while short of them.
    int radius = 6;
    while ((2 * radius + 1) * (2 * radius + 1) < count + 1 && radius < kSpotRadiusLimit)
        ++radius;
    int searched = -1; // rings up to this one are in `candidates`
    for (;;) {
        for (int r = searched + 1; r <= radius; ++r)
            for (int dy = -r; dy <= r; ++dy)
                for (int dx = -r; dx <= r; ++dx) {
                    if (std::max(std::abs(dx), std::abs(dy)) != r)
                        continue;
                    const Cell c {home.x + dx, home.y + dy};
                    if (blocked(c))
                        continue;
                    if (walls && regions && regions->at(c) != homeRegion)
                        continue;
                    const double ox = Grid::centreX(c) - x, oy = Grid::centreY(c) - y;
                    const double d = std::hypot(ox, oy);
                    if (d < 0.25)
                        continue; // the station itself stands there
                    if (walls && !lineOfSight(*walls, x, y, Grid::centreX(c), Grid::centreY(c)))
                        continue;
                    // Ties: south, west, east, north of the station.
                    const int side = oy > 0 ? 0 : ox < 0 ? 1 : ox > 0 ? 2 : 3;
                    candidates.push_back({d, side, c});
                }
        searched = radius;
        if (candidates.size() >= size_t(count) || radius >= kSpotRadiusLimit)
            break;
        radius = std::min(kSpotRadiusLimit, radius * 2);
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
    for (size_t k = 0; k < candidates.size() && int(k) < count; ++k)
        out.push_back(candidates[k].c);
    return out;
}

Space::Space(const CompiledScenario &sc)
    : Space(sc, sc.map)
{
}

Space::Space(const CompiledScenario &sc, const MapSettings &map)
{
    m_width = Grid::cellCoordinate(std::ceil(std::clamp(map.width, 1.0, 2e9)));
    m_height = Grid::cellCoordinate(std::ceil(std::clamp(map.height, 1.0, 2e9)));
    m_walls = !map.walls.isEmpty();
    if (m_walls) {
        m_grid = Grid(map);
        m_walls = m_grid.hasWalls();
    }
    if (m_walls) {
        m_regions = m_grid.regions();
        m_method = Method::Fields;
        if (std::int64_t(m_grid.cellCount()) <= kFieldCells) {
            m_cellRegion.resize(size_t(m_grid.cellCount()));
            m_stepMask.resize(size_t(m_grid.cellCount()));
            for (int i = 0; i < m_grid.cellCount(); ++i) {
                m_cellRegion[size_t(i)] = m_regions.at(m_grid.cellAt(i));
                m_stepMask[size_t(i)] = stepMask(m_grid, m_grid.cellAt(i));
            }
        }
        if (std::int64_t(m_grid.cellCount()) > kFieldCells) {
            // Corner cells: free, with a blocked diagonal neighbour whose two
            // cells beside it are free (a wall's convex corner, seen from outside).
            for (int y = 0; y < m_grid.height() && int(m_corners.size()) <= kMaxCorners; ++y)
                for (int x = 0; x < m_grid.width(); ++x) {
                    const Cell c {x, y};
                    if (m_grid.blocked(c))
                        continue;
                    bool corner = false;
                    for (const int dy : {-1, 1})
                        for (const int dx : {-1, 1})
                            corner = corner
                                || (m_grid.blocked({x + dx, y + dy}) && m_grid.inside({x + dx, y + dy})
                                    && !m_grid.blocked({x + dx, y}) && !m_grid.blocked({x, y + dy}));
                    if (corner)
                        m_corners.push_back(c);
                }
            if (int(m_corners.size()) <= kMaxCorners) {
                m_method = Method::Corners;
                const size_t n = m_corners.size();
                m_cornerSight.assign(n * n, 0);
                m_cornerFields.resize(sc.stations.size());
            } else {
                m_corners.clear();
            }
        }
    }
    m_width = m_walls ? m_grid.width() : m_width;
    m_height = m_walls ? m_grid.height() : m_height;
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
        m_stationRegion.push_back(region(m_stationCell.back()));
    }
    constexpr int radius = 6;
    for (size_t s = 0; s < n; ++s) {
        const Cell home = m_stationCell[s];
        const int capacity = sc.stations[s].capacity;
        m_spots[s] = standingCells(m_walls ? &m_grid : nullptr, m_walls ? &m_regions : nullptr, m_width, m_height,
                                   m_stationX[s], m_stationY[s], std::max(kSpotsPerStation, capacity));
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
        const int reach = kLineLength + std::max(radius, int(std::ceil(std::sqrt(double(places)))));
        for (const Cell d : directions) {
            std::vector<Cell> row;
            Cell c = home;
            for (int k = 0; k < reach; ++k) {
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
    // A station without places has kSpotsPerStation spots at most (above): one mask holds them.
    static_assert(kSpotsPerStation <= 64, "a station without places keeps its spots in one mask");
    m_spotMask.assign(n, 0);
    m_placeSpots.assign(n, 0);
    std::vector<std::pair<std::int64_t, SpotBit>> bits;
    for (size_t s = 0; s < n; ++s) {
        const std::vector<Cell> &spots = m_spots[s];
        if (sc.stations[s].capacity > 0)
            continue;
        for (size_t k = 0; k < spots.size(); ++k) {
            const std::uint64_t bit = std::uint64_t(1) << k;
            m_spotMask[s] |= bit;
            if (isPlace(spots[k]))
                m_placeSpots[s] |= bit;
            bits.push_back({key(spots[k]), SpotBit {int(s), bit}});
        }
    }
    std::sort(bits.begin(), bits.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first < b.first : a.second.station < b.second.station;
    });
    for (size_t k = 0; k < bits.size(); ++k) {
        if (k == 0 || bits[k].first != bits[k - 1].first) {
            m_spotGroupOf.put(bits[k].first, int(m_spotGroups.size()));
            m_spotGroups.push_back(std::uint32_t(k));
        }
        m_spotBits.push_back(bits[k].second);
    }
    m_spotGroups.push_back(std::uint32_t(bits.size()));
    m_spotSightAt.assign(n, kNoSight);
}

bool Space::spotInSight(int station, int from, int to, bool remember) const
{
    if (!m_walls)
        return true;
    std::uint32_t &at = m_spotSightAt[size_t(station)];
    const std::uint64_t bit = std::uint64_t(1) << to;
    if (at != kNoSight && (m_spotSight[at + 2 * size_t(from)] & bit) != 0)
        return (m_spotSight[at + 2 * size_t(from) + 1] & bit) != 0;
    const std::vector<Cell> &spots = m_spots[size_t(station)];
    const Cell a = spots[size_t(from)], b = spots[size_t(to)];
    const bool sight = inSight(Grid::centreX(a), Grid::centreY(a), Grid::centreX(b), Grid::centreY(b));
    if (remember) {
        if (at == kNoSight) {
            at = std::uint32_t(m_spotSight.size());
            m_spotSight.resize(m_spotSight.size() + 2 * 64);
        }
        m_spotSight[at + 2 * size_t(from)] |= bit;
        if (sight)
            m_spotSight[at + 2 * size_t(from) + 1] |= bit;
    }
    return sight;
}

std::unique_ptr<Space> Space::withWalls(const CompiledScenario &scenario, const QList<Wall> &walls)
{
    MapSettings map = scenario.map;
    map.walls = walls;
    return std::make_unique<Space>(scenario, map);
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

const std::vector<float> &Space::distanceField(int station) const
{
    auto &slot = m_fields[size_t(station)];
    m_fieldUsed[size_t(station)] = ++m_clock;
    if (slot)
        return *slot;
    makeRoomForField();
    slot = std::make_unique<std::vector<float>>();
    buildField(station, *slot);
    return *slot;
}

// Within the budget: drop the fields used longest ago first.
void Space::makeRoomForField() const
{
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
}

void Space::buildField(int station, std::vector<float> &dist) const
{
    // Dijkstra from the station's cell over 8 neighbours, no corner cutting,
    // with its queue as buckets of whole distances (Dial's): a step adds 1 or
    // sqrt 2, so a cell settled at d only improves cells in the next two
    // buckets, and the cells of one bucket, all final once the buckets before
    // it are done, are settled in any order. Each cell's distance is the least
    // over its neighbours of theirs plus the step, in float arithmetic; that
    // fixpoint is unique (a step adds at least 1 to a distance far below
    // 2^24), so the order of the search changes no value.
    dist.assign(size_t(m_grid.cellCount()), kUnreachable);
    const Cell home = m_stationCell[size_t(station)];
    if (m_grid.blocked(home))
        return;
    thread_local std::array<std::vector<std::pair<float, int>>, 3> scratch; // a thread's: fields are built on the pool
    std::array<std::vector<std::pair<float, int>>, 3> &buckets = scratch;
    for (auto &bucket : buckets)
        bucket.clear();
    const int width = m_grid.width();
    int offset[8];
    for (int k = 0; k < 8; ++k)
        offset[k] = kStepDy[k] * width + kStepDx[k];
    dist[size_t(m_grid.index(home))] = 0;
    buckets[0].push_back({0.0f, m_grid.index(home)});
    for (size_t whole = 0, empty = 0; empty < 2; ++whole) { // two empty in a row: none left (a step lands 1-2 on)
        std::vector<std::pair<float, int>> &bucket = buckets[whole % 3];
        empty = bucket.empty() ? empty + 1 : 0;
        for (size_t e = 0; e < bucket.size(); ++e) { // no step lands in this bucket: it does not grow
            const float d = bucket[e].first;
            const int i = bucket[e].second;
            if (d > dist[size_t(i)])
                continue; // improved since
            unsigned steps = m_stepMask.empty() ? stepMask(m_grid, m_grid.cellAt(i)) : m_stepMask[size_t(i)];
            for (; steps != 0; steps &= steps - 1) {
                const int k = std::countr_zero(steps);
                const int n = i + offset[k];
                const float nd = d + kStepLength[k];
                if (nd < dist[size_t(n)]) {
                    dist[size_t(n)] = nd;
                    buckets[size_t(nd) % 3].push_back({nd, n});
                }
            }
        }
        bucket.clear();
    }
}

bool Space::wouldBuildField(int station, double x, double y) const
{
    // What distance() does first, up to its asking for the field.
    if (m_method != Method::Fields || m_fields[size_t(station)])
        return false;
    if (lineOfSight(m_grid, x, y, m_stationX[size_t(station)], m_stationY[size_t(station)]))
        return false;
    const Cell c = Grid::cellOf(x, y);
    return !m_grid.blocked(c) && region(c) == m_stationRegion[size_t(station)];
}

void Space::adoptField(int station, std::vector<float> &&field)
{
    auto &slot = m_fields[size_t(station)];
    m_fieldUsed[size_t(station)] = ++m_clock;
    if (slot)
        return;
    makeRoomForField();
    slot = std::make_unique<std::vector<float>>(std::move(field));
}

double Space::distance(int station, double x, double y) const
{
    const double sx = m_stationX[size_t(station)], sy = m_stationY[size_t(station)];
    if (!m_walls || lineOfSight(m_grid, x, y, sx, sy))
        return std::hypot(sx - x, sy - y);
    const Cell c = Grid::cellOf(x, y);
    if (m_grid.blocked(c) || region(c) != m_stationRegion[size_t(station)])
        return kUnreachable; // walls between them: no search needed
    if (m_method == Method::Corners) {
        // Through the corner in sight that is nearest the station by path.
        const std::vector<double> &toCorner = cornerField(station);
        double best = kUnreachable;
        for (size_t k = 0; k < m_corners.size(); ++k)
            if (toCorner[k] < best && lineOfSight(m_grid, x, y, cx(int(k)), cy(int(k))))
                best = std::min(best, toCorner[k] + std::hypot(cx(int(k)) - x, cy(int(k)) - y));
        if (best < kUnreachable)
            return best;
        // (Not expected in one region; the exact field answers then.)
    }
    const float d = distanceField(station)[size_t(m_grid.index(c))];
    if (d == kUnreachable)
        return kUnreachable;
    // Field lengths run centre to centre: add the stretches at both ends.
    const Cell home = m_stationCell[size_t(station)];
    return double(d) + std::hypot(Grid::centreX(c) - x, Grid::centreY(c) - y)
        + std::hypot(Grid::centreX(home) - sx, Grid::centreY(home) - sy);
}

double Space::distance(int from, int to) const
{
    return distance(to, m_stationX[size_t(from)], m_stationY[size_t(from)]);
}

bool Space::route(int station, double x, double y, double tx, double ty,
                  std::vector<std::pair<double, double>> &out) const
{
    out.clear();
    if (inSight(x, y, tx, ty)) {
        out.emplace_back(tx, ty);
        return true;
    }
    const Cell from = Grid::cellOf(x, y), to = Grid::cellOf(tx, ty);
    if (blocked(from) || blocked(to) || region(from) != region(to))
        return false;
    if (m_method == Method::Corners && cornerRoute(x, y, tx, ty, out))
        return true;
    if (m_method == Method::Fields && station >= 0 && fieldRoute(station, x, y, tx, ty, out))
        return true;
    return gridRoute(x, y, tx, ty, out); // the exact search on cells: every other case
}

std::vector<std::pair<double, double>> Space::path(int station, double x, double y, double tx, double ty) const
{
    std::vector<std::pair<double, double>> corners {{x, y}}, way;
    if (route(station, x, y, tx, ty, way))
        corners.insert(corners.end(), way.begin(), way.end());
    else
        corners.emplace_back(tx, ty);
    return corners;
}

// Down the station's field, smoothed by line of sight (as walkers always
// walked it); false when that does not end at (tx, ty) with every leg in sight.
bool Space::fieldRoute(int station, double x, double y, double tx, double ty,
                       std::vector<std::pair<double, double>> &out) const
{
    if (distanceField(station)[size_t(m_grid.index(Grid::cellOf(x, y)))] == kUnreachable)
        return false;
    double px = x, py = y;
    for (int k = 0; k < 4096; ++k) {
        double wx = tx, wy = ty;
        waypoint(station, px, py, tx, ty, wx, wy);
        if (!lineOfSight(m_grid, px, py, wx, wy) || (wx == px && wy == py))
            break;
        out.emplace_back(wx, wy);
        if (wx == tx && wy == ty)
            return true;
        px = wx;
        py = wy;
    }
    out.clear();
    return false;
}

// A* over cells from (x, y)'s to (tx, ty)'s (8-connected, no corner cutting,
// octile estimate), then pulled taut by line of sight.
bool Space::gridRoute(double x, double y, double tx, double ty, std::vector<std::pair<double, double>> &out) const
{
    out.clear();
    const Cell from = Grid::cellOf(x, y), to = Grid::cellOf(tx, ty);
    const int goal = m_grid.index(to);
    // Scratch kept between searches (a cell's g and parent, reset only where
    // the last search wrote): a search allocates nothing once they have grown.
    std::vector<float> &g = m_searchG;
    std::vector<std::int32_t> &parent = m_searchParent;
    if (g.size() != size_t(m_grid.cellCount())) {
        g.assign(size_t(m_grid.cellCount()), kUnreachable);
        parent.assign(size_t(m_grid.cellCount()), -1);
    }
    for (const std::int32_t i : m_searchTouched) {
        g[size_t(i)] = kUnreachable;
        parent[size_t(i)] = -1;
    }
    m_searchTouched.clear();
    const auto octile = [&](Cell c) {
        const float dx = float(std::abs(c.x - to.x)), dy = float(std::abs(c.y - to.y));
        return std::max(dx, dy) + (kDiagonal - 1) * std::min(dx, dy);
    };
    using Item = std::pair<float, int>;
    std::vector<Item> &open = m_searchOpen; // a binary heap (std::push_heap / pop_heap)
    open.clear();
    const auto push = [&](float f, int i) {
        open.emplace_back(f, i);
        std::push_heap(open.begin(), open.end(), std::greater<>());
    };
    g[size_t(m_grid.index(from))] = 0;
    m_searchTouched.push_back(m_grid.index(from));
    push(octile(from), m_grid.index(from));
    bool found = false;
    while (!open.empty()) {
        std::pop_heap(open.begin(), open.end(), std::greater<>());
        const float f = open.back().first; // (not a structured binding: see distanceField())
        const int i = open.back().second;
        open.pop_back();
        if (i == goal) {
            found = true;
            break;
        }
        const Cell c = m_grid.cellAt(i);
        if (f > g[size_t(i)] + octile(c) + 1e-4f)
            continue; // a stale entry
        forEachStep(m_grid, c, [&](Cell n, float step) {
            const float ng = g[size_t(i)] + step;
            const int ni = m_grid.index(n);
            if (ng < g[size_t(ni)]) {
                if (g[size_t(ni)] == kUnreachable)
                    m_searchTouched.push_back(ni);
                g[size_t(ni)] = ng;
                parent[size_t(ni)] = i;
                push(ng + octile(n), ni);
            }
        });
    }
    std::vector<std::pair<double, double>> &cells = m_searchPath;
    cells.clear();
    for (int i = found ? goal : -1; i >= 0; i = parent[size_t(i)])
        cells.emplace_back(Grid::centreX(m_grid.cellAt(i)), Grid::centreY(m_grid.cellAt(i)));
    if (std::int64_t(m_grid.cellCount()) > kFieldCells) {
        // On a map large enough for corners this search is the rare way out:
        // its per-cell scratch (8 bytes a cell) is not kept.
        std::vector<float>().swap(m_searchG);
        std::vector<std::int32_t>().swap(m_searchParent);
        m_searchTouched.clear();
    }
    if (!found)
        return false;
    std::reverse(cells.begin(), cells.end());
    cells.back() = {tx, ty};
    // Taut: from each anchor, on to the furthest cell of the path still in sight.
    double ax = x, ay = y;
    size_t k = 0;
    while (k < cells.size()) {
        size_t far = k;
        while (far + 1 < cells.size() && lineOfSight(m_grid, ax, ay, cells[far + 1].first, cells[far + 1].second))
            ++far;
        if (far == k && !lineOfSight(m_grid, ax, ay, cells[k].first, cells[k].second)) {
            // Off its cell's centre beside a corner: the centre first.
            out.emplace_back(Grid::centreX(from), Grid::centreY(from));
            ax = out.back().first;
            ay = out.back().second;
            continue;
        }
        out.push_back(cells[far]);
        ax = cells[far].first;
        ay = cells[far].second;
        k = far + 1;
    }
    return true;
}

bool Space::cornerSeen(int a, int b) const
{
    const size_t n = m_corners.size();
    std::uint8_t &seen = m_cornerSight[size_t(a) * n + size_t(b)];
    if (seen == 0) {
        seen = lineOfSight(m_grid, cx(a), cy(a), cx(b), cy(b)) ? 1 : 2;
        m_cornerSight[size_t(b) * n + size_t(a)] = seen;
    }
    return seen == 1;
}

// Dijkstra over the corners from the start distances in m_cornerDist (a
// dense graph: a linear scan for the nearest, C^2 at most). With `tail` (the
// straight walk from each corner to the end, infinite where out of sight) it
// stops once no corner can lead to a shorter way and returns the corner the
// best way leaves from; without, it settles every corner.
int Space::cornerSearch(const std::vector<double> *tail) const
{
    const size_t n = m_corners.size();
    m_cornerPrev.assign(n, -1);
    m_cornerDone.assign(n, 0);
    double best = kUnreachable;
    int bestCorner = -1;
    for (;;) {
        int u = -1;
        for (size_t k = 0; k < n; ++k)
            if (!m_cornerDone[k] && m_cornerDist[k] < kUnreachable
                && (u < 0 || m_cornerDist[k] < m_cornerDist[size_t(u)]))
                u = int(k);
        if (u < 0 || m_cornerDist[size_t(u)] >= best)
            break;
        m_cornerDone[size_t(u)] = 1;
        if (tail && m_cornerDist[size_t(u)] + (*tail)[size_t(u)] < best) {
            best = m_cornerDist[size_t(u)] + (*tail)[size_t(u)];
            bestCorner = u;
        }
        for (size_t v = 0; v < n; ++v) {
            if (m_cornerDone[v])
                continue;
            const double d = m_cornerDist[size_t(u)] + std::hypot(cx(u) - cx(int(v)), cy(u) - cy(int(v)));
            if (d < m_cornerDist[v] && cornerSeen(u, int(v))) {
                m_cornerDist[v] = d;
                m_cornerPrev[v] = u;
            }
        }
    }
    return bestCorner;
}

const std::vector<double> &Space::cornerField(int station) const
{
    auto &slot = m_cornerFields[size_t(station)];
    if (slot)
        return *slot;
    const double sx = m_stationX[size_t(station)], sy = m_stationY[size_t(station)];
    const size_t n = m_corners.size();
    m_cornerDist.assign(n, kUnreachable);
    for (size_t k = 0; k < n; ++k)
        if (lineOfSight(m_grid, sx, sy, cx(int(k)), cy(int(k))))
            m_cornerDist[k] = std::hypot(cx(int(k)) - sx, cy(int(k)) - sy);
    cornerSearch(nullptr);
    slot = std::make_unique<std::vector<double>>(m_cornerDist);
    return *slot;
}

bool Space::cornerRoute(double x, double y, double tx, double ty, std::vector<std::pair<double, double>> &out) const
{
    const size_t n = m_corners.size();
    m_cornerDist.assign(n, kUnreachable);
    m_cornerTail.assign(n, kUnreachable);
    for (size_t k = 0; k < n; ++k) {
        const double px = cx(int(k)), py = cy(int(k));
        if (lineOfSight(m_grid, x, y, px, py))
            m_cornerDist[k] = std::hypot(px - x, py - y);
        if (lineOfSight(m_grid, px, py, tx, ty))
            m_cornerTail[k] = std::hypot(tx - px, ty - py);
    }
    const int last = cornerSearch(&m_cornerTail);
    if (last < 0)
        return false;
    out.clear();
    for (int k = last; k >= 0; k = m_cornerPrev[size_t(k)])
        out.emplace_back(cx(k), cy(k));
    std::reverse(out.begin(), out.end());
    out.emplace_back(tx, ty);
    return true;
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
    const std::vector<float> &dist = distanceField(station);
    if (dist[size_t(m_grid.index(start))] == kUnreachable)
        return;
    // Down the field, remembering the furthest cell still in sight.
    Cell c = start, seen = start;
    bool any = false;
    for (int steps = 0; steps < 32; ++steps) {
        Cell next = c;
        float bestD = dist[size_t(m_grid.index(c))];
        forEachStep(m_grid, c, [&](Cell n, float) {
            const float d = dist[size_t(m_grid.index(n))];
            if (d < bestD) {
                bestD = d;
                next = n;
            }
        });
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
