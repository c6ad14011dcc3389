#pragma once
// Questions the editor asks of a scenario: which facts are in use and by
// whom, who refers to an entity, a fresh id. Plain functions of the value.

#include "model/entity.h"

#include <QStringList>

namespace goap {

// Where a fact is used, for the Facts form.
struct FactUsage
{
    QStringList readBy; // actions whose preconditions read it
    QStringList spentBy; // actions whose negative adds spend it
    QStringList addedBy; // actions whose positive adds raise it
    QStringList setBy; // actions that set it
    QStringList goals; // goals whose conditions name it
    QStringList seededBy; // "world" or character ids with an initial value
};

QStringList factsInUse(const Scenario &s); // scoped, sorted
FactUsage factUsage(const Scenario &s, const QString &fact);

// `base` if free, else base2, base3, ...
QString uniqueId(const QString &base, const QStringList &taken);
// Ids of a list of entities.
template<typename List> QStringList idsOf(const List &list)
{
    QStringList out;
    out.reserve(list.size());
    for (const auto &item : list)
        out << item.id;
    return out;
}
// The ids an entity of `kind` may not take: its list's, and for characters
// and templates both lists' (they share one name space).
QStringList takenIds(const Scenario &s, EntityKind kind);

// Who refers to an entity, so removing it can say what it will change.
QStringList actionsAtStation(const Scenario &s, int station); // action ids
QStringList holdersOfAction(const Scenario &s, int action); // character and template ids
QStringList holdersOfGoal(const Scenario &s, int goal); // character and template ids
int spawnersOfTemplate(const Scenario &s, int characterTemplate);

} // namespace goap
