#pragma once
// Writes a run's insistence chart and, below it, its quota chart (or its
// world facts when nobody has a quota, as in the hospital) under a title, without a window (goap-sim run --plot): PNG at a chosen size and
// scale, or vector PDF when the file name ends in .pdf.

#include "charts/daychart.h"

namespace goap::editor {

struct PlotOptions
{
    QSize size{1400, 1000}; // logical pixels (PNG) or pixels at 96 dpi (PDF)
    double scale = 1;       // PNG: pixels per logical pixel
    QString title;
};

// Returns why the file could not be written (empty on success).
QString writeDayCharts(std::shared_ptr<const CompiledScenario> scenario, const sim::Samples &samples,
                       const sim::EventLog &events, const PlotOptions &options, const QString &fileName);

} // namespace goap::editor
