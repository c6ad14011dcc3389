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
    for (const Wall &w : map.walls) {
        // Cells whose centre lies inside [x, x + w) x [y, y + h).
        const int x0 = ceilClamped(w.x - 0.5, 0, m_width);
        const int y0 = ceilClamped(w.y - 0.5, 0, m_height);
        const int x1 = ceilClamped(w.x + w.w - 0.5, 0, m_width);
        const int y1 = ceilClamped(w.y + w.h - 0.5, 0, m_height);
        for (int cy = y0; cy < y1; ++cy)
            for (int cx = x0; cx < x1; ++cx) {
                std::uint8_t &b = m_blocked[size_t(cy) * size_t(m_width) + size_t(cx)];
                m_blockedCount += b == 0;
                b = 1;
            }
    }
}

std::vector<std::int32_t> Grid::regions() const
{
    std::vector<std::int32_t> label(m_blocked.size(), -1);
    std::vector<std::int32_t> stack;
    std::int32_t next = 0;
    for (size_t start = 0; start < m_blocked.size(); ++start) {
        if (m_blocked[start] || label[start] >= 0)
            continue;
        label[start] = next;
        stack.push_back(std::int32_t(start));
        while (!stack.empty()) {
            const Cell c = cellAt(stack.back());
            stack.pop_back();
            const Cell around[] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
            for (const Cell n : around) {
                if (blocked(n))
                    continue;
                const int i = index(n);
                if (label[size_t(i)] < 0) {
                    label[size_t(i)] = next;
                    stack.push_back(i);
                }
            }
        }
        ++next;
    }
    return label;
}

} // namespace goap
