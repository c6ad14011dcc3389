#pragma once
// Two scenarios compared entity by entity and field by field (issue #29): what
// `goap-sim diff A.json B.json` prints and the editor's Compare With... shows.
//
// Entities are matched by id within their kind (spawners, which have none, by
// their place in the list). One that is gone from B and one that is new in B
// whose contents are equal but for the id is a rename. Fields are compared on
// the canonical file form (io/scenariowriter.h), so each difference is named
// by its path in the file: "actions[bakeBread].duration",
// "agents[baker].goals[hunger].rate", "world.bread", "planner.maxNodes".
// Values are shown as the file writes them ("4", "\"Bake\"", "[3, 4]").

#include "model/entity.h"

#include <QList>
#include <QString>

namespace goap {

struct FieldDifference
{
    QString path; // "actions[bakeBread].duration"
    QString before; // as written in A; empty: absent from A
    QString after; // as written in B; empty: absent from B
    bool operator==(const FieldDifference &) const = default;
};

struct ScenarioDifference
{
    // What is compared: the settings (name, description, day, planner, the
    // map's size), one world seed, one wall, or one entity.
    enum class Area : quint8 { Settings, World, Wall, Entity };
    enum class Change : quint8 { Added, Removed, Changed, Renamed };
    Area area = Area::Settings;
    Change change = Change::Changed;
    EntityKind kind = EntityKind::Station; // Area::Entity
    QString id; // the entity's id in B (in A when removed), the fact's scoped name, the wall as [x, y, w, h]
    QString previousId; // Renamed: its id in A
    int indexA = -1; // Area::Entity and Area::Wall: its place in A's list (-1: not in A)
    int indexB = -1; // ... and in B's
    QList<FieldDifference> fields; // what differs; an added or removed entity or wall: none, a seed: its value
    bool operator==(const ScenarioDifference &) const = default;
};

// What differs from `a` to `b`, in the file's order: settings, world seeds,
// walls, then each kind's entities in A's order with B's new ones after them.
// Empty when the scenarios are equal.
QList<ScenarioDifference> diffScenarios(const Scenario &a, const Scenario &b);

// "settings", "world", "wall", or the entity kind's noun ("action").
QString areaName(const ScenarioDifference &d);
// "added", "removed", "changed", "renamed".
QString changeName(ScenarioDifference::Change change);
// The difference in lines of text: a heading ("changed action bakeBread")
// then one indented line a field ("  actions[bakeBread].duration: 4 → 6").
QStringList differenceLines(const ScenarioDifference &d);

} // namespace goap
