#pragma once
// Validation of a scenario against SPEC §8: errors (the scenario cannot run)
// and warnings (it runs, but a designer should look). Shared by the file
// reader, `goap-sim validate` and the editor's live validation panel.

#include "io/issue.h"
#include "model/rules.h" // limits and the single-value rules the validator applies
#include "model/scenario.h"

#include <optional>

namespace goap {

Issues validate(const Scenario &scenario);

} // namespace goap
