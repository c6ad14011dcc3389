#pragma once
// Copy, paste and prefabs (issue #29): a Fragment is a set of entities cut out
// of a scenario with everything they refer to, so it stands on its own, and
// pasteEdit() inserts it into any scenario as one edit.
//
// What a selection pulls in (fragmentOf):
//   station    itself
//   action     itself and its stations (the station and its alternatives)
//   goal       itself
//   character, template   itself, its actions (with their stations), its goals
//   spawner    itself and its template (with the template's own closure)
// plus the world seeds of the world facts the pulled-in actions and goals
// name. Queues are names shared by whoever uses them: they come along as
// names. The entities selected are the fragment's roots; the others came
// along because a root needs them.
//
// How it is pasted (pasteEdit), kind by kind in the order of references
// (stations, actions, goals, templates, characters, spawners):
//   - a root is always inserted as a new entity (its id made unique with
//     uniqueId: "shop" becomes "shop2" where "shop" is taken);
//   - an entity that only came along is reused when the target already has
//     one with the same id and the same content (once its references are
//     renamed as below), else inserted like a root;
//   - every reference inside the fragment follows the new ids (an action's
//     stations, world.free.<station>, a character's actions and goals, a
//     spawner's template);
//   - world seeds the target lacks are added; a seed it has keeps its value;
//   - what stands on the map moves as one block by the smallest diagonal
//     step (0, 1, 2... cells) that puts nothing on top of a station, start
//     or spawner of the target, kept inside the map; one that would stand in
//     a wall goes to the nearest free cell, and the paste is refused when
//     there is none.
// A prefab is a fragment whose entities are all roots: inserting it twice
// gives two shops.

#include "model/edits.h"
#include "model/entity.h"

#include <QByteArray>
#include <QStringList>

#include <array>
#include <optional>

namespace goap {

struct Fragment
{
    // The entities and the world seeds they use, as a scenario: its name is
    // the fragment's (a prefab's name), its map the source's size, no walls.
    Scenario content;
    // Ids of the roots, per kind (index: int(EntityKind)); spawners, which
    // have no id, are always roots.
    std::array<QStringList, 6> roots;

    bool isEmpty() const;
    bool isRoot(EntityKind kind, const QString &id) const;
    bool operator==(const Fragment &) const = default;
};

// The entities of `selection` with what they refer to (see above). Items
// that are not entities (settings, facts, whole lists) are left out.
Fragment fragmentOf(const Scenario &s, const QList<EntityRef> &selection);
// Every entity of `fragment` made a root (a prefab).
Fragment allRoots(Fragment fragment);

// "2 stations, 4 actions": what a fragment holds, for tooltips and undo texts.
QString summaryOf(const Fragment &fragment);
// The same words for counts per kind (index: int(EntityKind)).
QString countsText(const std::array<qsizetype, 6> &counts);

// The clipboard's and a prefab file's form: JSON of format "goap-fragment"
// holding the roots and the content as a scenario document.
inline constexpr const char *kFragmentMimeType = "application/x-goap-fragment+json";
QByteArray writeFragment(const Fragment &fragment);

// A fragment read back through the scenario reader and validator: the
// fragment, or why not (one sentence's worth, lower case). Never trusts
// the bytes: size, JSON, format, ids and references are all checked.
struct FragmentRead
{
    std::optional<Fragment> fragment;
    QString error;
};
FragmentRead readFragment(const QByteArray &bytes);

// The paste of `fragment` into `target` as one edit (Op::Paste), and where
// the inserted entities will be.
struct PasteResult
{
    edits::Result result;
    QList<EntityRef> created; // in `target` once applied
    int reused = 0; // entities that came along and were already there
};
PasteResult pasteEdit(const Scenario &target, const Fragment &fragment);

} // namespace goap
