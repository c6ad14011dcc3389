#pragma once
// Renders a run's insistence and quota charts into one picture, without a
// window (goap-sim run --plot, and the GUI's "export both").

#include "planner/compiledscenario.h"
#include "sim/events.h"

#include <QImage>

namespace goap::editor {

QImage renderDayCharts(std::shared_ptr<const CompiledScenario> scenario, const sim::Samples &samples,
                       const sim::EventLog &events, const QSize &size, const QString &title);

} // namespace goap::editor
