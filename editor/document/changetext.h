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

} // namespace goap::editor
