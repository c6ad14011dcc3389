#pragma once
// Writes a run's insistence chart and, below it, its quota chart (or its
// world facts when nobody has a quota, as in the hospital) under a title, without a window (goap-plot): PNG at a chosen
// size and scale, or vector PDF when the file name ends in .pdf.

#include "charts/daychart.h"

namespace goap::editor {

struct PlotOptions
{
    QSize size {1400, 1000}; // logical pixels (PNG) or pixels at 96 dpi (PDF)
    double scale = 1; // PNG: pixels per logical pixel
    QString title;
};

// Writes the picture to an open device, as a vector PDF when `pdf`, else a
// PNG; returns why it could not (empty on success). The caller opens and
// commits the device (goap-plot writes devices and standard output in place).
QString writeDayCharts(std::shared_ptr<const CompiledScenario> scenario, const sim::Samples &samples,
                       const sim::EventLog &events, const PlotOptions &options, QIODevice *device, bool pdf);

} // namespace goap::editor
