#pragma once
// The validator only looks for warnings in a scenario without errors (its
// checks follow references an error may have broken). The editor wants both
// at once, so the designer is not blind to warnings while fixing an error:
// this finds the warnings of a copy in which each error's entry is set aside
// (an unknown reference dropped, a bad value reset, an empty goal given a
// stand-in condition), keeping every index, so the warnings' JSON paths are
// the document's own. Warnings about the stand-ins are left out.

#include "io/issue.h"
#include "model/scenario.h"

namespace goap::editor {

// The warnings of `scenario`, found even when it has errors (empty when its
// errors cannot be set aside).
Issues warningsDespiteErrors(const Scenario &scenario);

} // namespace goap::editor
