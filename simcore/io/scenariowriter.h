#pragma once
// Writes scenario files in canonical form: fixed key order, fact maps sorted
// by name, two-space indentation, shortest round-trip numbers, final newline.
// load -> save -> load -> save is byte-identical.

#include "io/json.h"
#include "model/scenario.h"

#include <QByteArray>
#include <QString>

namespace goap {

QByteArray writeScenario(const Scenario &scenario);
// The same as a JSON tree, in the file's key order (what the scenario diff
// compares, so a field the writer learns is compared with no more code).
json::Value scenarioJson(const Scenario &scenario);

// The lowest format version that can express `scenario` (SPEC 11): 1 unless
// it uses a version 2 feature (a condition operator other than >=, a planner
// heuristic other than `unmet`, walls). The one place that decides it: every feature
// that needs a newer version adds its test here.
int requiredVersion(const Scenario &scenario);

// Writes atomically (QSaveFile): a failure leaves the old file untouched.
// Returns an empty string on success, else the reason.
QString saveScenarioFile(const Scenario &scenario, const QString &fileName);

} // namespace goap
