#include "space/grid.h"

#include <algorithm>

namespace goap {

Grid::Grid(const MapSettings &map)
    : m_width(std::max(1, int(std::ceil(map.width))))
    , m_height(std::max(1, int(std::ceil(map.height))))
    , m_blocked(size_t(m_width) * size_t(m_height), 0)
{
    for (const Wall &w : map.walls) {
        // Cells whose centre lies inside [x, x + w) x [y, y + h).
        const int x0 = std::max(0, int(std::ceil(w.x - 0.5)));
        const int y0 = std::max(0, int(std::ceil(w.y - 0.5)));
        const int x1 = std::min(m_width, int(std::ceil(w.x + w.w - 0.5)));
        const int y1 = std::min(m_height, int(std::ceil(w.y + w.h - 0.5)));
        for (int cy = y0; cy < y1; ++cy)
            for (int cx = x0; cx < x1; ++cx) {
                std::uint8_t &b = m_blocked[size_t(cy) * size_t(m_width) + size_t(cx)];
                m_blockedCount += b == 0;
                b = 1;
            }
    }
}

} // namespace goap
