#pragma once
// The map as a grid of 1 x 1 cells (SPEC 11.3): cell (cx, cy) covers
// [cx, cx + 1) x [cy, cy + 1) in map units, its centre is (cx + 0.5, cy + 0.5).
// A cell whose centre lies inside a wall is blocked; cells outside the map are
// blocked too, so a walker never leaves it.

#include "model/scenario.h"

#include <cmath>
#include <cstdint>
#include <vector>

namespace goap {

struct Cell
{
    int x = 0, y = 0;
    bool operator==(const Cell &) const = default;
};

// Connected regions of a grid's free cells, kept as runs of free cells a row
// (8 bytes a run: two a row on an open map with one wall, at most one per
// two cells on a checkerboard), so a 4096 x 4096 map labels in milliseconds
// and a few kilobytes. Regions are numbered in row-major order of their first cell.
class Regions
{
public:
    int at(Cell c) const; // the region of a cell, -1 when blocked or outside
    int count() const { return m_count; }

private:
    friend class Grid;
    struct Run
    {
        std::uint16_t x0, x1; // [x0, x1): free cells of one row
        std::int32_t label;
    };
    int m_width = 0, m_height = 0, m_count = 0;
    std::vector<std::uint32_t> m_rowBegin; // per row, the first of its runs in m_runs; height + 1
    std::vector<Run> m_runs;
};

class Grid
{
public:
    static constexpr int kMaxSide = 4096; // cells per side at most (the validator bounds the map)

    Grid() = default;
    explicit Grid(const MapSettings &map); // walls burnt in

    int width() const { return m_width; }
    int height() const { return m_height; }
    int cellCount() const { return m_width * m_height; }
    bool hasWalls() const { return m_blockedCount > 0; }

    bool inside(Cell c) const { return c.x >= 0 && c.y >= 0 && c.x < m_width && c.y < m_height; }
    bool blocked(Cell c) const { return !inside(c) || m_blocked[size_t(index(c))] != 0; }
    int index(Cell c) const { return c.y * m_width + c.x; }
    Cell cellAt(int index) const { return {index % m_width, index / m_width}; }

    // The cell holding point (x, y). Coordinates are clamped to +-2^30 first
    // (NaN to -2^30), so a point however far outside the map (the validator only
    // warns of it) is a cell outside it, never an undefined conversion.
    static Cell cellOf(double x, double y) { return {cellCoordinate(x), cellCoordinate(y)}; }
    static int cellCoordinate(double v)
    {
        constexpr double kFar = double(1 << 30);
        const double c = v >= -kFar ? (v <= kFar ? v : kFar) : -kFar;
        const int t = int(c); // toward zero, exactly (|c| <= 2^30)
        return t - int(double(t) > c); // floor(c), without a branch or a call
    }
    static double centreX(Cell c) { return c.x + 0.5; }
    static double centreY(Cell c) { return c.y + 0.5; }

    // Connected regions of free cells (-1: blocked). Walking is 8-connected
    // without cutting corners, which reaches exactly the cells 4-connected
    // steps reach, so two cells are connected by a path exactly when their
    // regions are equal. One pass over the rows, once per map.
    Regions regions() const;

    // The cells 4-connected to `at` that are alike (all free, or all
    // blocked), `at` first, breadth first; `mask` (one byte a cell) marks
    // them. Stops once it has more than `limit` (the fill tool's bound).
    std::vector<Cell> floodFrom(Cell at, int limit, std::vector<std::uint8_t> &mask) const;

private:
    int m_width = 0, m_height = 0, m_blockedCount = 0;
    std::vector<std::uint8_t> m_blocked; // per cell, row-major
};

// Whether a wall blocks the cell that holds point (x, y): the cell's centre
// lies inside [wall.x, wall.x + w) x [wall.y, wall.y + h), as Grid burns them.
inline bool wallBlocksCellAt(const Wall &wall, double x, double y)
{
    const double cx = std::floor(x) + 0.5, cy = std::floor(y) + 0.5;
    return cx >= wall.x && cx < wall.x + wall.w && cy >= wall.y && cy < wall.y + wall.h;
}

} // namespace goap
