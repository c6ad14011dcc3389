#pragma once
// The text of an undo step: what an edit did, with the new value
// ("Set chopWood duration to 3 s", "Rename goal hunger to appetite"), found by
// comparing the item before and after, so the History never guesses.

#include "model/edits.h"
#include "model/scenario.h"

#include <QString>

namespace goap::editor {

QString changeText(const Station &before, const Station &after);
QString changeText(const Action &before, const Action &after);
QString changeText(const Goal &before, const Goal &after);
// `kind` is "character" or "template".
QString changeText(const QString &kind, const Agent &before, const Agent &after);
QString changeText(const Spawner &before, const Spawner &after);
QString changeText(const Scenario &before, const Scenario &after); // the settings

// The text of the step `edit` makes of `before`.
QString editText(const Scenario &before, const edits::Edit &edit);
// A field as the History names it ("duration", "start position").
QString fieldText(Field field, EntityKind kind);

// What removing an entity also changes, said before (to confirm) and after
// (in Issues): the actions at a station, the holders of an action or a goal,
// a template's spawners. `users` is empty when it changes nothing else.
struct RemovalText
{
    QStringList users;
    QString title, question, detail, note;
};
RemovalText removalText(const Scenario &scenario, EntityRef entity);
// Names for a question that fits on the screen: the first eight and "and N more".
QString someOf(const QStringList &names);

} // namespace goap::editor
