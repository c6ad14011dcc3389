#pragma once
// Walking on the grid (SPEC 11.3): line of sight, distance fields, and where
// characters stand around a station.
//
// A distance field holds, for every cell, the length of the shortest
// 8-connected path to a station's cell without cutting corners (a diagonal
// step needs both orthogonal neighbours free), computed once per station and
// map on first use (Dijkstra, O(cells log cells)) and shared by every walker:
// a walker follows the field downhill, so a step costs O(1) however many walk.
// Paths are smoothed by line of sight: a walker heads for the furthest cell
// down the field it can see. On a map without walls every line of sight is
// free and characters walk straight, as in version 1.
//
// Memory: 4 bytes a cell for each station whose field has been asked for,
// and at most kFieldBudget bytes in all: past it the field used longest ago
// is dropped, to be computed again (the same values) if it is needed again.
// None at all on a map without walls. Maps larger than kFieldCells use the
// corners instead (see Method): C x C bytes of who-sees-whom and 8 x C bytes a
// station, C <= kMaxCorners; plus, for every walled map, a byte and a region
// label (4 bytes) a cell: 80 MiB for the largest, 4096 x 4096; and on maps of
// at most kFieldCells a byte a cell more, the steps from it (m_stepMask).

#include "planner/planner.h"
#include "space/grid.h"
#include "space/occupancy.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

namespace goap {

struct CompiledScenario;

// Whether the segment from (x0, y0) to (x1, y1) touches no blocked cell; a
// segment through a cell corner touches the cells on both sides of it, so a
// line never slips between two walls that meet at a corner.
bool lineOfSight(const Grid &grid, double x0, double y0, double x1, double y1);

// Cells to stand on around the point (x, y) (a station's), nearest first
// (ties: south, west, east, north of it), free, in the region of the point's
// cell and in its line of sight; at most `count`. `walls` is null on a map
// without walls (then only the map's edge bounds them); `regions` are
// `walls`' regions. The search widens ring by ring until it has `count` or the
// rings reach kSpotRadiusLimit: what the validator checks a capacity
// against, and what a station's places are.
std::vector<Cell> standingCells(const Grid *walls, const Regions *regions, int width, int height, double x, double y,
                                int count);
inline constexpr int kSpotRadiusLimit = 40;

class Space
{
public:
    static constexpr float kUnreachable = std::numeric_limits<float>::infinity();

    explicit Space(const CompiledScenario &scenario);
    // The scenario's stations on another map (walls changed during a run).
    Space(const CompiledScenario &scenario, const MapSettings &map);
    // The scenario's map with these walls instead (a view of a run whose walls changed).
    static std::unique_ptr<Space> withWalls(const CompiledScenario &scenario, const QList<Wall> &walls);

    // How distances and walks are found on a map with walls:
    //  Fields:  per station, a distance field over every cell (exact 8-connected
    //           lengths), for maps of at most kFieldCells cells, or with more than
    //           kMaxCorners corners;
    //  Corners: a visibility graph over the corner cells (free cells diagonal
    //           to a wall's convex corner) for larger maps: a distance is one
    //           search over the corners, whatever the map's size.
    enum class Method { Straight, Fields, Corners };
    Method method() const { return m_method; }
    static constexpr std::int64_t kFieldCells = std::int64_t(1) << 18; // 512 x 512
    static constexpr int kMaxCorners = 2048;
    int cornerCount() const { return int(m_corners.size()); }

    const Grid &grid() const { return m_grid; } // empty (0 x 0) on a map without walls
    bool hasWalls() const { return m_walls; }
    // Outside the map, or in a wall.
    bool blocked(Cell c) const;
    static std::int64_t key(Cell c) { return std::int64_t(c.y) << 32 | std::uint32_t(c.x); }

    // The shortest path length from point (x, y) to the station's point: a
    // straight line without walls, else by path; kUnreachable when walls cut it off.
    double distance(int station, double x, double y) const;
    // From one station's point to another's, by path.
    double distance(int from, int to) const;

    // The way from (x, y) to (tx, ty), as the points to head for in turn,
    // (tx, ty) last: every leg a straight line in sight (it enters no blocked
    // cell and cuts no corner). `station` is the station the walk is for (its
    // field leads there; -1: none). False, with `out` empty, when there is no
    // way: a blocked end, or walls between them.
    bool route(int station, double x, double y, double tx, double ty,
               std::vector<std::pair<double, double>> &out) const;
    // Whether (tx, ty) is in sight of (x, y), so that route() goes straight
    // there. Reads the map alone: safe on any thread.
    bool inSight(double x, double y, double tx, double ty) const
    {
        return !m_walls || lineOfSight(m_grid, x, y, tx, ty);
    }
    // The whole way as its corners, (x, y) first and (tx, ty) last (the live
    // view draws it); just the two ends when there is no way.
    std::vector<std::pair<double, double>> path(int station, double x, double y, double tx, double ty) const;

    // Cells to stand on around a station (standingCells): at least
    // kSpotsPerStation, or its capacity when larger. A station with capacity
    // N uses the first N as its places (the validator makes sure there are N).
    static constexpr int kSpotsPerStation = 64;
    const std::vector<Cell> &spots(int station) const { return m_spots[size_t(station)]; }
    // The cells of a station's line, front first: a straight row away from
    // the station along the side with the most room, past its places.
    const std::vector<Cell> &line(int station) const { return m_lines[size_t(station)]; }
    // Whether a cell is one of a station's places (a cell for acting, kept clear).
    bool isPlace(Cell c) const;
    // The spots of the stations without places as the bits of a mask, bit k
    // for spots(station)[k] (issue #30): whoever keeps count of who stands
    // where sets and clears them as cells are taken and given back, and a
    // station's first free spot is then its mask's first clear bit, not a
    // scan of its spots. spotMask: every spot of the station (0 for a station
    // with places); placeSpots: those that are some station's place, never
    // free; spotBitsOn: the stations and bits a cell is a spot of.
    struct SpotBit
    {
        int station = -1;
        std::uint64_t bit = 0;
    };
    std::uint64_t spotMask(int station) const { return m_spotMask[size_t(station)]; }
    std::uint64_t placeSpots(int station) const { return m_placeSpots[size_t(station)]; }
    std::span<const SpotBit> spotBitsOn(std::int64_t cellKey) const
    {
        const int g = m_spotGroupOf.at(cellKey);
        if (g < 0)
            return {};
        return {m_spotBits.data() + m_spotGroups[size_t(g)], m_spotBits.data() + m_spotGroups[size_t(g) + 1]};
    }
    // Whether spot `to` of such a station is in sight (inSight, centre to
    // centre) from the centre of its spot `from`: a crowd's arrivals step
    // from spot to spot, the same few pairs over and over. A line of sight
    // the first time a pair is asked; remembered (two bits) with `remember`,
    // which must not be asked on the pool (which reads what was remembered
    // before), and answered from memory after: 1 KiB a station, when first
    // remembered.
    bool spotInSight(int station, int from, int to, bool remember) const;
    // Connected region of a cell (-1 blocked); all 0 without walls. Two cells
    // are joined by a path exactly when their regions are equal.
    int region(Cell c) const
    {
        return blocked(c)          ? -1
            : !m_walls             ? 0
            : m_cellRegion.empty() ? m_regions.at(c)
                                   : m_cellRegion[size_t(m_grid.index(c))];
    }
    int stationRegion(int station) const { return m_stationRegion[size_t(station)]; }

    // Bytes the fields kept now hold (at most kFieldBudget, or one field when a
    // single field is larger).
    std::size_t fieldBytes() const { return m_fieldBytes; }
    static constexpr std::size_t kFieldBudget = std::size_t(256) << 20;
    void setFieldBudget(std::size_t bytes) { m_budget = bytes; } // for tests
    // Fields built on several threads (issue #30), the same values as built
    // when first asked for: whether distance(station, x, y) would build the
    // station's field now; buildField() computes a field and may run on any
    // thread (it reads the map only, and concurrently with nothing but other
    // buildField calls); adoptField() keeps it, as distanceField() would.
    bool wouldBuildField(int station, double x, double y) const;
    void buildField(int station, std::vector<float> &out) const;
    void adoptField(int station, std::vector<float> &&field);

private:
    const std::vector<float> &distanceField(int station) const;
    void makeRoomForField() const; // drops the fields used longest ago while a new one would pass the budget
    bool fieldRoute(int station, double x, double y, double tx, double ty,
                    std::vector<std::pair<double, double>> &out) const;
    void waypoint(int station, double x, double y, double tx, double ty, double &wx, double &wy) const;
    bool gridRoute(double x, double y, double tx, double ty, std::vector<std::pair<double, double>> &out) const;
    bool cornerRoute(double x, double y, double tx, double ty, std::vector<std::pair<double, double>> &out) const;
    bool cornerSeen(int a, int b) const;
    int cornerSearch(const std::vector<double> *tail) const; // Dijkstra over m_cornerDist; the best end, -1
    const std::vector<double> &cornerField(int station) const;
    double cx(int corner) const { return Grid::centreX(m_corners[size_t(corner)]); }
    double cy(int corner) const { return Grid::centreY(m_corners[size_t(corner)]); }

    Grid m_grid;
    bool m_walls = false;
    Method m_method = Method::Straight;
    int m_width = 0, m_height = 0; // cells
    std::vector<double> m_stationX, m_stationY;
    std::vector<Cell> m_stationCell;
    std::vector<int> m_stationRegion;
    Regions m_regions;
    std::vector<std::int32_t> m_cellRegion; // per cell, on maps of at most kFieldCells (a lookup, not a search)
    std::vector<std::uint8_t> m_stepMask; // per cell there, the steps a walker may take from it (a lookup)
    mutable std::vector<std::unique_ptr<std::vector<float>>> m_fields;
    mutable std::vector<std::uint64_t> m_fieldUsed; // when each was last asked for
    mutable std::uint64_t m_clock = 0;
    mutable std::size_t m_fieldBytes = 0;
    std::size_t m_budget = kFieldBudget;
    // Corners: the cells, which pairs see each other (0 not yet asked, 1 yes,
    // 2 no; C x C bytes), per station the distance to each corner, scratch.
    std::vector<Cell> m_corners;
    mutable std::vector<std::uint8_t> m_cornerSight;
    mutable std::vector<std::unique_ptr<std::vector<double>>> m_cornerFields;
    mutable std::vector<double> m_cornerDist, m_cornerTail;
    mutable std::vector<std::int32_t> m_cornerPrev;
    mutable std::vector<std::uint8_t> m_cornerDone;
    // gridRoute's scratch: per cell (allocated on the first search that needs it), and what it touched.
    mutable std::vector<float> m_searchG;
    mutable std::vector<std::int32_t> m_searchParent, m_searchTouched;
    mutable std::vector<std::pair<float, int>> m_searchOpen;
    mutable std::vector<std::pair<double, double>> m_searchPath;
    std::vector<std::vector<Cell>> m_spots, m_lines;
    std::vector<std::int64_t> m_placeCells; // sorted cell keys of every station's places
    std::vector<std::uint64_t> m_spotMask, m_placeSpots; // per station (spotMask)
    std::vector<SpotBit> m_spotBits; // grouped by cell
    std::vector<std::uint32_t> m_spotGroups; // a cell's group: m_spotBits[m_spotGroups[g], m_spotGroups[g + 1])
    Occupancy m_spotGroupOf; // cell key -> its group (-1: a spot of no station without places)
    static constexpr std::uint32_t kNoSight = ~std::uint32_t(0);
    // On a map with walls, per station remembered (spotInSight): per spot `from`, the spots `to` asked and, of
    // those, the ones in sight.
    mutable std::vector<std::uint64_t> m_spotSight;
    mutable std::vector<std::uint32_t> m_spotSightAt; // per station, its first word; kNoSight: none remembered
};

// The travel of a search whose character stands at (x, y): walks are
// measured from the centre of its cell, so a run, `goap-sim plan` and the C
// API cost a plan alike (and the plan cache may key on the cell).
inline Travel travelFrom(const Space &space, double weight, double speed, double x, double y)
{
    const Cell c = Grid::cellOf(x, y);
    return Travel {&space, weight, speed, Grid::centreX(c), Grid::centreY(c)};
}

} // namespace goap
