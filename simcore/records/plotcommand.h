#pragma once
// goap-plot's command line (FILE --output P [options], --help, --version):
// simulates like `goap-sim run` and draws the charts with the writer that
// goap-plot (editor/plot) passes in, the one piece that needs QtGui.

#include "records/runrecords.h"

#include <QStringList>

namespace goap::records {

int plotMain(const QStringList &args, const tool::Streams &io, PlotWriter writer);

} // namespace goap::records
