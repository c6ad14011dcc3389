#pragma once
// Scenario files of the source tree, and scenario text, read for tests and
// benchmarks. Each stops the run (qFatal) with the reader's first issue when
// the scenario does not read: every caller needs the scenario to go on.

#include "model/scenario.h"

#include <QByteArray>
#include <QString>

#include <memory>

namespace goap {
struct CompiledScenario;
}

namespace goap::testing {

// A file by its path from the top of the source tree: "scenarios/town.json",
// "tests/data/partners/pair.json".
Scenario loadScenario(const QString &relative);

// A shipped scenario: scenarios/<name>.
Scenario loadShipped(const QString &name);

// A shipped scenario compiled, as a simulation or the live run takes it.
std::shared_ptr<const CompiledScenario> compileShipped(const QString &name);

// Scenario JSON written in a test.
Scenario parseScenario(const QByteArray &json);

} // namespace goap::testing
