#pragma once
// What an edit changed, as the document tells its views (Tiled's change
// events): which part of the scenario, what happened to it, which items and
// which field. A view updates exactly that: a form the widget of the field,
// the outline the rows named, the map the markers named; only a Replaced
// change asks for a wider refresh.

#include "model/entity.h"

#include <QList>
#include <QMetaType>

namespace goap::editor {

using goap::EntityKind;
using goap::EntityRef;
using goap::Field;
using goap::ItemRef;
using goap::Section;
using goap::Sections;

struct Change
{
    enum Kind {
        Edited, // items of one list changed in place (`indices`, `field`)
        Inserted, // items inserted into one list: `indices` are their new places, ascending
        Removed, // items removed from one list: `indices` are the places they had, ascending
        Replaced, // anything in `sections` (a rename with its fix-ups, a cascading removal, settings, a new document)
    };
    Kind kind = Replaced;
    Sections sections = Section::All; // Edited, Inserted, Removed: exactly one list
    QList<int> indices;
    Field field = Field::None; // Edited (and Replaced settings): the field set; None: any
    Sections resized; // Replaced: the lists whose length changes

    bool touches(Sections p) const { return bool(sections & p); }
    bool isItemChange() const { return kind != Replaced; }
    // The kind whose list an item change is about (none for Replaced).
    std::optional<EntityKind> list() const { return isItemChange() ? kindOf(sections) : std::nullopt; }
    bool isAbout(EntityKind k) const { return isItemChange() && sections == sectionOf(k); }
    // Whether a form showing item `index` of `p` must show `f` again (a field
    // of its own, or anything, for any other change touching `p`).
    bool changesField(Sections p, int index, Field f) const
    {
        if (!touches(p))
            return false;
        if (kind != Edited)
            return true;
        return (field == Field::None || field == f) && indices.contains(index);
    }
};

} // namespace goap::editor

Q_DECLARE_METATYPE(goap::editor::Change)
