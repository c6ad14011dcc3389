#pragma once
// A headless run and its records, as `goap-sim run` and goap-plot write them:
// the day summary, --report, --events, --samples and the plot, streamed as
// the simulation goes. Qt6::Core only: the charts come in through a
// PlotWriter that goap-plot (editor/plot) passes in.

#include "planner/compiledscenario.h"
#include "sim/events.h"
#include "tool/commandline.h"

#include <QIODevice>
#include <QString>

#include <memory>

namespace goap::records {

// A plot draws its days side by side and keeps the whole run in memory:
// at most this many days (more are unreadable at any size, and their records
// are what --events and --samples stream without a limit).
inline constexpr int kMaxPlotDays = 30;
// "" when `days` can be plotted, else the usage error.
QString plotDaysError(int days);

// What goap-plot is asked for: the file (PNG, or vector PDF for *.pdf), its
// title (--title; by default the scenario's name and the number of days),
// size (--size WxH) and scale (--scale S, pixels per unit of size).
struct PlotRequest
{
    QString fileName, title;
    int width = 1400, height = 1000;
    double scale = 1;
    bool defaultTitle = true; // the scenario's name (and days) in place of `title`
};
// Writes a run's charts to an open device (the file named by the request, or
// standard output) and returns why it could not (empty on success).
using PlotWriter = QString (*)(std::shared_ptr<const CompiledScenario> scenario, const sim::Samples &samples,
                               const sim::EventLog &events, const PlotRequest &request, QIODevice *device);

// Simulates `file` for `days` and writes the records named in `o` ("report",
// "events", "samples", and "plot" drawn by `plotWriter`, which the option
// `plotOption` names in messages). Every output is opened, and checked
// against the scenario and the others, before anything is simulated; the day
// summary goes to `io.out`, or to `io.err` when a record goes to standard
// output. Returns the exit code.
int simulate(const QString &file, int days, const tool::Options &o, const PlotRequest &plotRequest,
             PlotWriter plotWriter, const QString &plotOption, const tool::Streams &io);

} // namespace goap::records
