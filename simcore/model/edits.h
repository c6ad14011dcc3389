#pragma once
// Edits of a scenario as values (SPEC 12, "The edit model"): what a designer
// does to a scenario, built by a pure function that checks it against the
// scenario (the same rules as the validator, model/rules.h) and applied by
// apply(), which returns the edit that undoes it. The editor's undo stack
// keeps these; tests and tools use them without Qt Widgets.
//
//   SetEntities     N entities of one kind get new values (a label typed, a
//                   station dragged, several characters' speed at once)
//   InsertEntities  entities inserted (Add, Duplicate, the undo of Remove)
//   RemoveEntities  entities removed when nothing else changes with them
//   ReplaceSections    whole sections replaced: settings, walls, world seeds, or
//                   every list a rename or a cascading removal touches
//
// Each keeps only what it changes: an edit of one character of 10,000 holds
// one character, never the scenario.

#include "model/entity.h"
#include "space/grid.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <variant>

namespace goap::edits {

// N entities of one kind, as values.
using Values = std::variant<QList<Station>, QList<Action>, QList<Goal>, QList<Agent>, QList<Spawner>>;

struct SetEntities
{
    EntityKind kind;
    QList<int> indices; // ascending or not; each once
    Values values; // in the order of `indices`
};

struct InsertEntities
{
    EntityKind kind;
    QList<int> indices; // ascending: the places the values will have
    Values values;
};

struct RemoveEntities
{
    EntityKind kind;
    QList<int> indices; // ascending: the places they have
};

// A value kept on the heap, copied whole with its holder. An edit is a
// variant: held inline, ReplaceSections' scenario (344 bytes, mostly empty
// lists) would be the size of every edit, a typed label's too, on every step
// of the undo stack. Converts to the value; -> reaches its members. A
// moved-from box is empty: only assigned to or destroyed.
template<typename T> class Boxed
{
public:
    Boxed()
        : m_value(std::make_unique<T>())
    {
    }
    Boxed(T value)
        : m_value(std::make_unique<T>(std::move(value)))
    {
    }
    Boxed(const Boxed &other)
        : m_value(std::make_unique<T>(*other.m_value))
    {
    }
    Boxed(Boxed &&) noexcept = default;
    Boxed &operator=(const Boxed &other)
    {
        m_value = std::make_unique<T>(*other.m_value);
        return *this;
    }
    Boxed &operator=(Boxed &&) noexcept = default;
    operator T &() { return *m_value; }
    operator const T &() const { return *m_value; }
    T &operator*() { return *m_value; }
    const T &operator*() const { return *m_value; }
    T *operator->() { return m_value.get(); }
    const T *operator->() const { return m_value.get(); }

private:
    std::unique_ptr<T> m_value;
};

struct ReplaceSections
{
    Sections sections; // Settings, World and whole lists
    Boxed<Scenario> value; // holds only `sections`; the rest is empty
};

// What the designer did, for the undo step's text.
enum class Op : quint8 {
    Set,
    Add,
    Duplicate,
    Paste, // a fragment pasted (model/fragment.h); about: what was inserted, count: how many
    Remove,
    RenameFact,
    SetSeed,
    RemoveSeed,
    AddFact,
    Settings,
    AddWall,
    MoveWall,
    ResizeWall,
    RemoveWall,
    PaintWalls,
    EraseWalls,
    FillWalls,
    ClearWalls,
    AddDoor,
    RemoveDoor,
    OpenDoor,
    CloseDoor,
    Revert,
};

struct Edit
{
    Op op = Op::Set;
    Field field = Field::None; // what it sets; consecutive edits of one field on the same items merge
    QString about; // the fact, seed, id or wall it is about (RenameFact: the old name), for texts and merging
    QString detail; // RenameFact: the new name; Duplicate: the original's id
    int count = 0; // PaintWalls, EraseWalls: cells
    std::variant<SetEntities, InsertEntities, RemoveEntities, ReplaceSections> change;
};

// Applies `edit` to `s` and returns the edit that undoes it (the same op,
// field and about). `edit` must have been built against `s` as it is (or
// be the inverse of the last edit applied): indices are not checked again.
Edit apply(Scenario &s, Edit edit);

// The sections an edit touches, and the entity kind of an item edit.
Sections sectionsOf(const Edit &edit);

// What a builder gives: an edit, or why not. Neither: nothing to change.
struct Result
{
    std::optional<Edit> edit;
    QString error; // lower case, no full stop, as the validator words it
    QString note; // said even when applied (cells a brush left free)
    EntityRef created; // Add, Duplicate: where the new entity will be
    bool refused() const { return !error.isEmpty(); }
};

// Entities set to new values. One entity may change its id (references to
// it follow); several keep their ids. Rows of facts are kept sorted.
Result setEntities(const Scenario &s, EntityKind kind, const QList<int> &indices, Values values, Field field);
template<typename T> Result setEntity(const Scenario &s, EntityKind kind, int index, const T &value, Field field)
{
    return setEntities(s, kind, {index}, Values {QList<T> {value}}, field);
}

// A new entity with a fresh id at the end of its list: a station or a
// character at `at`, a goal of `goalKind`, a spawner of the first template.
Result addEntity(const Scenario &s, EntityKind kind, const Point &at = {}, GoalKind goalKind = GoalKind::Need);
// A copy right after the original, with a fresh id; one that stands on the
// map stands one cell beside it where no wall is.
Result duplicate(const Scenario &s, EntityRef ref);
// Removes an entity and every reference to it: a station from the actions
// done there, an action or a goal from whoever holds it, a template's spawners.
Result remove(const Scenario &s, EntityRef ref);

// Renames a fact everywhere it is used (scoped names; the scope is kept).
Result renameFact(const Scenario &s, const QString &from, const QString &to);
Result setWorldSeed(const Scenario &s, const QString &name, qint32 value); // name without prefix
Result removeWorldSeed(const Scenario &s, const QString &name);
Result addWorldFact(const Scenario &s); // world.fact, world.fact2, ... seeded at 0; about: its name

// The settings: name, description, day, planner and the map's size (the
// walls of `map` are ignored: they change through the wall edits).
Result setSettings(const Scenario &s, const QString &name, const QString &description, const DaySettings &day,
                   const PlannerSettings &planner, const MapSettings &map, Field field);

// Walls, in map units: refused when a wall would leave the map, have no
// area, or cover a station, a character's start or a spawner.
Result addWall(const Scenario &s, const Wall &wall);
Result setWall(const Scenario &s, int index, const Wall &wall); // moved or resized
Result removeWall(const Scenario &s, int index);
// The wall brush and eraser (SPEC 11.3): paints whole cells as walls (merged
// into as few rectangles as rows and runs allow; cells under a station, a
// start or a spawner are left free and said so in `note`) or erases them (a
// wall that loses cells is cut into the rectangles that remain).
Result paintWalls(const Scenario &s, const QList<Cell> &cells, bool erase);
QString wallError(const Scenario &s, const Wall &wall); // why a wall cannot stand, or empty
// The fill tool (SPEC 11.3), like a paint bucket: every free cell of the
// region holding `at` (4-connected, bounded by walls and the map's edge)
// becomes wall, merged into rectangles (runs of a row stacked); with `erase`,
// every wall cell 4-connected to `at` is cleared. Refused when the region
// holds a station, a character's start or a spawner (it would bury them), or
// has more than kFillCellLimit cells (an open map is not a room). `count`: cells.
inline constexpr int kFillCellLimit = 1 << 16;
Result fillWalls(const Scenario &s, Cell at, bool erase);

// Doors (map.doors): a door is added closed, with a fresh id (door1,
// door2...), where a wall could stand (not on a station, a start or a
// spawner, within the map); toggling opens or closes it (closing is refused
// when something now stands in it). `about`: the door's id.
Result addDoor(const Scenario &s, const Wall &rect);
Result removeDoor(const Scenario &s, int index);
Result toggleDoor(const Scenario &s, int index);

// The whole scenario replaced by `saved` (Revert), as one edit.
Result revertTo(const Scenario &s, const Scenario &saved);

} // namespace goap::edits

namespace goap::edits {

// Whether applying `edit` to `s` would change nothing (a step typed back to
// where it started).
bool changesNothing(const Scenario &s, const Edit &edit);
// Whether two edits set the same field of the same items (or the same
// settings field, or the same seed): consecutive ones merge into one step.
bool sameTarget(const Edit &a, const Edit &b);

} // namespace goap::edits
