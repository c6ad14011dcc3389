#pragma once
// Edits made at random, for the suites that check what any edit must keep
// (test_edits: round trips; test_diff: the diff names what an edit touched),
// and the errors a scenario validates with.

#include "model/edits.h"

#include <QStringList>

#include <random>

namespace goap::testing {

// One random edit of any kind (a field, an id, several at once, duplicate,
// remove, add, a fact's rename, seeds, walls, settings), built against `s`
// as it is; refused or empty results are the caller's to skip.
edits::Result randomEdit(const Scenario &s, std::mt19937 &rng);

// The texts of validate(s)'s errors (warnings left out).
QStringList errorsOf(const Scenario &s);

} // namespace goap::testing
