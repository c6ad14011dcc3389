#pragma once
// The entities a scenario lists, named one way from the file to the editor:
// an EntityKind, an EntityRef (a kind and a place in its list), the Section
// flags that say which lists and settings an edit touches, the Field an edit
// sets, and one traits table (EntityTraits) that every per-kind rule reads,
// so nothing switches over kinds but visitKind().

#include "model/scenario.h"

#include <QFlags>

#include <optional>
#include <utility>

namespace goap {

// What the user calls each: characters are `agents` in the file format.
enum class EntityKind : quint8 { Station, Action, Goal, Character, Template, Spawner };
inline constexpr EntityKind kEntityKinds[] = {EntityKind::Station,   EntityKind::Action,   EntityKind::Goal,
                                              EntityKind::Character, EntityKind::Template, EntityKind::Spawner};

// One entity: its kind and its place in its list (-1: none).
struct EntityRef
{
    EntityKind kind = EntityKind::Station;
    int index = -1;
    bool isValid() const { return index >= 0; }
    bool operator==(const EntityRef &) const = default;
};

// One item of a scenario a user can point at, named one way by the
// document, the outline, the selection, the map, the production chain and
// the issues: the scenario's settings, a fact (its scoped name,
// "world.bread"), or an entity (an EntityRef). An entity index of -1 stands
// for the kind's whole list and a fact "" for the facts as a whole: the
// outline's section headers.
struct ItemRef
{
    enum class Is : quint8 { Nothing, Settings, Fact, Entity };
    Is is = Is::Nothing;
    EntityRef entity; // Is::Entity
    QString fact; // Is::Fact

    ItemRef() = default;
    ItemRef(EntityRef ref) // an entity is an item (implicit on purpose)
        : is(Is::Entity)
        , entity(ref)
    {
    }
    ItemRef(EntityKind kind, int index)
        : ItemRef(EntityRef {kind, index})
    {
    }
    static ItemRef settings() { return ItemRef(Is::Settings, {}); }
    static ItemRef ofFact(const QString &name) { return ItemRef(Is::Fact, name); }

    bool isNothing() const { return is == Is::Nothing; }
    bool isSettings() const { return is == Is::Settings; }
    bool isFact() const { return is == Is::Fact; }
    bool isEntity() const { return is == Is::Entity; }
    bool isEntity(EntityKind kind) const { return is == Is::Entity && entity.kind == kind; }
    // One entity or one fact, not a whole list or the settings.
    bool isOne() const { return (isEntity() && entity.index >= 0) || (isFact() && !fact.isEmpty()); }
    int index() const { return isEntity() ? entity.index : -1; }
    bool operator==(const ItemRef &) const = default;

private:
    ItemRef(Is what, const QString &name)
        : is(what)
        , fact(name)
    {
    }
};

// The sections of a scenario an edit touches.
enum class Section : quint16 {
    Settings = 0x1, // name, description, day, planner, map (its size and walls)
    World = 0x2, // world seed values
    Stations = 0x4,
    Actions = 0x8,
    Goals = 0x10,
    Characters = 0x20,
    Templates = 0x40,
    Spawners = 0x80,
    All = 0xff,
};
Q_DECLARE_FLAGS(Sections, Section)
Q_DECLARE_OPERATORS_FOR_FLAGS(Sections)

// The field an edit sets: what consecutive steps merge on (typing in one
// field is one undo step) and what a form updates. Never a translated text.
enum class Field : quint8 {
    None, // a whole entity or an edit of its own: never merges
    // entities
    Id,
    Label,
    Position,
    Capacity,
    Stations, // an action's station and alternatives
    Duration,
    Cost,
    Needs,
    Effects,
    QueueJoined,
    PartnerQueue,
    Release,
    Leave,
    External,
    GoalKind,
    Conditions,
    Start,
    Rate,
    Urgency,
    GoalFact, // a maximise / minimise goal's fact
    Budget, // a maximise / minimise goal's budget
    Speed,
    Facts,
    Actions,
    Goals,
    Template,
    First,
    Interval,
    Count,
    // settings and world
    Name,
    Description,
    DayLength,
    Tick,
    NodeCap,
    Heuristic,
    CostWeight,
    SwitchMargin,
    RestThreshold,
    TravelCost,
    MapWidth,
    MapHeight,
    Walls,
    Seed,
};

// The field's name as a file and a log write it ("duration", "node cap").
const char *fieldName(Field field);

template<EntityKind K> struct EntityTraits;

template<> struct EntityTraits<EntityKind::Station>
{
    using Type = Station;
    static constexpr EntityKind kind = EntityKind::Station;
    static constexpr QList<Station> Scenario::*list = &Scenario::stations;
    static constexpr Section section = Section::Stations;
    static constexpr const char *noun = "station";
    static constexpr const char *fileKey = "stations"; // its list in a scenario file
    static constexpr const char *idBase = "station";
    static constexpr bool placed = true; // stands on the map at `at`
};
template<> struct EntityTraits<EntityKind::Action>
{
    using Type = Action;
    static constexpr EntityKind kind = EntityKind::Action;
    static constexpr QList<Action> Scenario::*list = &Scenario::actions;
    static constexpr Section section = Section::Actions;
    static constexpr const char *noun = "action";
    static constexpr const char *fileKey = "actions"; // its list in a scenario file
    static constexpr const char *idBase = "action";
    static constexpr bool placed = false;
};
template<> struct EntityTraits<EntityKind::Goal>
{
    using Type = Goal;
    static constexpr EntityKind kind = EntityKind::Goal;
    static constexpr QList<Goal> Scenario::*list = &Scenario::goals;
    static constexpr Section section = Section::Goals;
    static constexpr const char *noun = "goal";
    static constexpr const char *fileKey = "goals"; // its list in a scenario file
    static constexpr const char *idBase = "need";
    static constexpr bool placed = false;
};
template<> struct EntityTraits<EntityKind::Character>
{
    using Type = Agent;
    static constexpr EntityKind kind = EntityKind::Character;
    static constexpr QList<Agent> Scenario::*list = &Scenario::agents;
    static constexpr Section section = Section::Characters;
    static constexpr const char *noun = "character";
    static constexpr const char *fileKey = "agents"; // its list in a scenario file
    static constexpr const char *idBase = "character";
    static constexpr bool placed = true;
};
template<> struct EntityTraits<EntityKind::Template>
{
    using Type = Agent;
    static constexpr EntityKind kind = EntityKind::Template;
    static constexpr QList<Agent> Scenario::*list = &Scenario::templates;
    static constexpr Section section = Section::Templates;
    static constexpr const char *noun = "template";
    static constexpr const char *fileKey = "templates"; // its list in a scenario file
    static constexpr const char *idBase = "visitor";
    static constexpr bool placed = false; // each copy appears where its spawner is
};
template<> struct EntityTraits<EntityKind::Spawner>
{
    using Type = Spawner;
    static constexpr EntityKind kind = EntityKind::Spawner;
    static constexpr QList<Spawner> Scenario::*list = &Scenario::spawners;
    static constexpr Section section = Section::Spawners;
    static constexpr const char *noun = "spawner";
    static constexpr const char *fileKey = "spawners"; // its list in a scenario file
    static constexpr const char *idBase = "";
    static constexpr bool placed = true;
};

// Calls `f(EntityTraits<kind>{})`: the one switch over kinds.
template<typename F> decltype(auto) visitKind(EntityKind kind, F &&f)
{
    switch (kind) {
    case EntityKind::Station:
        return std::forward<F>(f)(EntityTraits<EntityKind::Station> {});
    case EntityKind::Action:
        return std::forward<F>(f)(EntityTraits<EntityKind::Action> {});
    case EntityKind::Goal:
        return std::forward<F>(f)(EntityTraits<EntityKind::Goal> {});
    case EntityKind::Character:
        return std::forward<F>(f)(EntityTraits<EntityKind::Character> {});
    case EntityKind::Template:
        return std::forward<F>(f)(EntityTraits<EntityKind::Template> {});
    case EntityKind::Spawner:
        break;
    }
    return std::forward<F>(f)(EntityTraits<EntityKind::Spawner> {});
}

Section sectionOf(EntityKind kind);
// The kind whose list `sections` is, when it is exactly one list.
std::optional<EntityKind> kindOf(Sections sections);
const char *nounOf(EntityKind kind); // "station", "character", ...
// The kind whose list a scenario file calls `key` ("agents": characters).
std::optional<EntityKind> kindOfFileKey(QStringView key);
qsizetype countOf(const Scenario &s, EntityKind kind);
// The entity's id ("" for a spawner, which has none).
QString idOf(const Scenario &s, EntityRef ref);
// Its label ("" for a spawner, or out of range).
QString labelOf(const Scenario &s, EntityRef ref);
// The entity of `kind` with `id`, or an invalid ref.
EntityRef findEntity(const Scenario &s, EntityKind kind, QStringView id);

// The list of `kind`, whose items are T (characters and templates are both Agent).
template<typename T> const QList<T> &listOf(const Scenario &s, EntityKind kind)
{
    if constexpr (std::is_same_v<T, Agent>)
        return kind == EntityKind::Template ? s.templates : s.agents;
    else if constexpr (std::is_same_v<T, Station>)
        return s.stations;
    else if constexpr (std::is_same_v<T, Action>)
        return s.actions;
    else if constexpr (std::is_same_v<T, Goal>)
        return s.goals;
    else
        return s.spawners;
}

// An entity's id as a generic item's (spawners have none).
template<typename T> QString idOfItem(const T &item)
{
    if constexpr (std::is_same_v<T, Spawner>)
        return {};
    else
        return item.id;
}
template<typename T> QString labelOfItem(const T &item)
{
    if constexpr (std::is_same_v<T, Spawner>)
        return {};
    else
        return item.label;
}

} // namespace goap
