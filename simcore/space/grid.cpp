#include "space/grid.h"

#include <algorithm>

namespace goap {

namespace {
// ceil(v) clamped to [lo, hi] without converting an out-of-range double.
int ceilClamped(double v, int lo, int hi)
{
    if (!(v == v)) // NaN
        return lo;
    return int(std::clamp(std::ceil(v), double(lo), double(hi)));
}
} // namespace

Grid::Grid(const MapSettings &map)
    : m_width(ceilClamped(map.width, 1, kMaxSide))
    , m_height(ceilClamped(map.height, 1, kMaxSide))
    , m_blocked(size_t(m_width) * size_t(m_height), 0)
{
    // Each wall once, as the cells whose centre lies inside [x, x + w) x [y, y + h),
    // then a sweep down the rows: a wall opens at its first row (+1 at its first
    // column, -1 past its last) and closes after its last; a row's running sum
    // of those marks says how many walls cover each cell. O(cells + walls),
    // however the walls overlap (10,000 copies of one wall cost one row pass each).
    struct Span
    {
        int x0, x1, y0, y1;
    };
    std::vector<Span> spans;
    spans.reserve(size_t(map.walls.size() + map.doors.size()));
    // The walls and the closed doors (an open door is a gap).
    QList<Wall> walls = map.walls;
    for (const Door &d : map.doors)
        if (!d.open)
            walls.append(d.rect);
    for (const Wall &w : walls) {
        const Span s {ceilClamped(w.x - 0.5, 0, m_width), ceilClamped(w.x + w.w - 0.5, 0, m_width),
                      ceilClamped(w.y - 0.5, 0, m_height), ceilClamped(w.y + w.h - 0.5, 0, m_height)};
        if (s.x0 < s.x1 && s.y0 < s.y1)
            spans.push_back(s);
    }
    if (spans.empty())
        return;
    // Row events: walls opening at a row, walls closing at a row.
    std::vector<std::int32_t> opens(size_t(m_height) + 1, 0), closes(size_t(m_height) + 1, 0);
    for (const Span &s : spans) {
        ++opens[size_t(s.y0)];
        ++closes[size_t(s.y1)];
    }
    // Counting sort of the spans by first row and by row past their last.
    std::vector<std::int32_t> openAt(size_t(m_height) + 2, 0), closeAt(size_t(m_height) + 2, 0);
    for (int y = 0; y <= m_height; ++y) {
        openAt[size_t(y) + 1] = openAt[size_t(y)] + opens[size_t(y)];
        closeAt[size_t(y) + 1] = closeAt[size_t(y)] + closes[size_t(y)];
    }
    std::vector<std::int32_t> byOpen(spans.size()), byClose(spans.size());
    {
        std::vector<std::int32_t> o(openAt.begin(), openAt.end() - 1), c(closeAt.begin(), closeAt.end() - 1);
        for (size_t k = 0; k < spans.size(); ++k) {
            byOpen[size_t(o[size_t(spans[k].y0)]++)] = std::int32_t(k);
            byClose[size_t(c[size_t(spans[k].y1)]++)] = std::int32_t(k);
        }
    }
    std::vector<std::int32_t> marks(size_t(m_width) + 1, 0);
    int active = 0;
    for (int y = 0; y < m_height; ++y) {
        for (std::int32_t k = closeAt[size_t(y)]; k < closeAt[size_t(y) + 1]; ++k) {
            const Span &s = spans[size_t(byClose[size_t(k)])];
            --marks[size_t(s.x0)];
            ++marks[size_t(s.x1)];
            --active;
        }
        for (std::int32_t k = openAt[size_t(y)]; k < openAt[size_t(y) + 1]; ++k) {
            const Span &s = spans[size_t(byOpen[size_t(k)])];
            ++marks[size_t(s.x0)];
            --marks[size_t(s.x1)];
            ++active;
        }
        if (active == 0)
            continue;
        std::uint8_t *row = m_blocked.data() + size_t(y) * size_t(m_width);
        std::int32_t covering = 0;
        for (int x = 0; x < m_width; ++x) {
            covering += marks[size_t(x)];
            if (covering > 0) {
                m_blockedCount += row[x] == 0;
                row[x] = 1;
            }
        }
    }
}

std::vector<Cell> Grid::floodFrom(Cell at, int limit, std::vector<std::uint8_t> &mask) const
{
    mask.assign(size_t(cellCount()), 0);
    if (!inside(at))
        return {};
    const bool walls = blocked(at);
    std::vector<Cell> out {at};
    mask[size_t(index(at))] = 1;
    for (size_t k = 0; k < out.size() && int(out.size()) <= limit; ++k) {
        const Cell c = out[k];
        for (const Cell n : {Cell {c.x + 1, c.y}, Cell {c.x - 1, c.y}, Cell {c.x, c.y + 1}, Cell {c.x, c.y - 1}}) {
            if (!inside(n) || blocked(n) != walls || mask[size_t(index(n))])
                continue;
            mask[size_t(index(n))] = 1;
            out.push_back(n);
        }
    }
    return out;
}

Regions Grid::regions() const
{
    Regions out;
    out.m_width = m_width;
    out.m_height = m_height;
    out.m_rowBegin.reserve(size_t(m_height) + 1);
    // Runs row by row; a run overlapping one of the row above joins its set.
    std::vector<std::uint32_t> parent;
    const auto find = [&](std::uint32_t r) {
        while (parent[r] != r)
            r = parent[r] = parent[parent[r]];
        return r;
    };
    for (int y = 0; y < m_height; ++y) {
        out.m_rowBegin.push_back(std::uint32_t(out.m_runs.size()));
        const std::uint8_t *row = m_blocked.data() + size_t(y) * size_t(m_width);
        for (int x = 0; x < m_width;) {
            if (row[x]) {
                ++x;
                continue;
            }
            const int x0 = x;
            while (x < m_width && !row[x])
                ++x;
            out.m_runs.push_back({std::uint16_t(x0), std::uint16_t(x), 0});
            parent.push_back(std::uint32_t(parent.size()));
        }
        if (y == 0)
            continue;
        // Two pointers over the row above and this one.
        std::uint32_t a = out.m_rowBegin[size_t(y) - 1], b = out.m_rowBegin[size_t(y)];
        const std::uint32_t aEnd = out.m_rowBegin[size_t(y)], bEnd = std::uint32_t(out.m_runs.size());
        while (a < aEnd && b < bEnd) {
            const Regions::Run &ra = out.m_runs[a], &rb = out.m_runs[b];
            if (std::max(ra.x0, rb.x0) < std::min(ra.x1, rb.x1)) {
                const std::uint32_t pa = find(a), pb = find(b);
                if (pa != pb)
                    parent[std::max(pa, pb)] = std::min(pa, pb); // the earlier run stays the root
            }
            if (ra.x1 < rb.x1)
                ++a;
            else
                ++b;
        }
    }
    out.m_rowBegin.push_back(std::uint32_t(out.m_runs.size()));
    // Labels in order of each set's first run (its root: roots are the smallest index).
    std::vector<std::int32_t> label(parent.size(), -1);
    for (std::uint32_t r = 0; r < parent.size(); ++r) {
        const std::uint32_t root = find(r);
        if (label[root] < 0)
            label[root] = out.m_count++;
        out.m_runs[r].label = label[root];
    }
    return out;
}

int Regions::at(Cell c) const
{
    if (c.x < 0 || c.y < 0 || c.x >= m_width || c.y >= m_height)
        return -1;
    const auto begin = m_runs.begin() + std::ptrdiff_t(m_rowBegin[size_t(c.y)]);
    const auto end = m_runs.begin() + std::ptrdiff_t(m_rowBegin[size_t(c.y) + 1]);
    // The last run starting at or before x.
    auto it = std::upper_bound(begin, end, c.x, [](int x, const Run &r) { return x < r.x0; });
    if (it == begin)
        return -1;
    --it;
    return c.x < it->x1 ? it->label : -1;
}

} // namespace goap
