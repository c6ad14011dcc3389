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
    spans.reserve(size_t(map.walls.size()));
    for (const Wall &w : map.walls) {
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
