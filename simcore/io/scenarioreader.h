#pragma once
// Reads scenario files (format "goap-scenario", versions 1 and 2).
//
// A read yields the scenario *or* its errors, never a half-built scenario.
// Warnings (the file runs, but a designer should look) come with a scenario.

#include "io/issue.h"
#include "model/scenario.h"

#include <QByteArray>

#include <optional>

namespace goap {

// The newest version this build reads; the writer writes the lowest version
// that can express a document (requiredVersion in scenariowriter.h).
inline constexpr int kNewestFormatVersion = 2;
inline constexpr qsizetype kMaxScenarioFileSize = 16 * 1024 * 1024;

struct ReadResult
{
    std::optional<Scenario> scenario; // set only when there are no errors
    Issues issues; // errors, or warnings alongside a scenario
    bool ioError = false; // the file could not be read at all
    bool ok() const { return scenario.has_value(); }
};

ReadResult readScenario(const QByteArray &bytes);
ReadResult readScenarioFile(const QString &fileName);

} // namespace goap
