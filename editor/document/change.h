#pragma once
// What an edit changed, as the document tells its views (Tiled's change
// events): which part of the scenario, what happened to it, which items and
// which field. A view updates exactly that: the outline the rows named, the
// map the markers named; only a Replaced change asks for a wider refresh.

#include "model/scenario.h"

#include <QFlags>
#include <QList>
#include <QMetaType>
#include <QString>

#include <variant>

namespace goap::editor {

enum class Part {
    Settings = 0x1, // name, description, day, planner, map
    World = 0x2, // world seed values
    Stations = 0x4,
    Actions = 0x8,
    Goals = 0x10,
    Agents = 0x20,
    Templates = 0x40,
    Spawners = 0x80,
    All = 0xff,
};
Q_DECLARE_FLAGS(Parts, Part)
Q_DECLARE_OPERATORS_FOR_FLAGS(Parts)

// One entity of a list.
using ItemValue = std::variant<Station, Action, Goal, Agent, Spawner>;

struct Change
{
    enum Kind {
        Edited, // items of one list changed in place (`indices`, `field`)
        Inserted, // items inserted into one list: `indices` are their new places, ascending
        Removed, // items removed from one list: `indices` are the places they had, ascending
        Replaced, // anything in `parts` (a rename with its fix-ups, a cascading removal, settings, a new document)
    };
    Kind kind = Replaced;
    Parts parts = Part::All; // Edited, Inserted, Removed: exactly one list
    QList<int> indices;
    QString field; // Edited (and Replaced settings): the field edited, as the form names it; may be empty
    Parts resized; // Replaced: the lists whose length changes

    bool touches(Parts p) const { return bool(parts & p); }
    // The one list an item change is about.
    Part part() const { return Part(int(parts)); }
    bool isItemChange() const { return kind != Replaced; }
};

} // namespace goap::editor

Q_DECLARE_METATYPE(goap::editor::Change)
