#pragma once
// goap-sim's commands, and goap-plot's, which shares their run and records.
// Each returns the process exit code (SPEC §10). Qt6::Core only: the charts
// come in through a PlotWriter that goap-plot (editor/plot) passes in.

#include "planner/compiledscenario.h"
#include "sim/events.h"

#include <QIODevice>
#include <QStringList>

#include <cstdio>
#include <memory>

namespace goap::cli {

enum ExitCode { Success = 0, Usage = 1, Invalid = 2, IoError = 3, NoPlan = 4 };

struct Streams
{
    std::FILE *out = stdout;
    std::FILE *err = stderr;
    const char *program = "goap-sim"; // signs the messages: "goap-sim: ..."
};

int run(const QStringList &args, const Streams &io = {});

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

// goap-plot's whole command line (FILE --output P [options], --help, --version):
// simulates like `goap-sim run` and draws the charts with `writer`.
int plotMain(const QStringList &args, const Streams &io, PlotWriter writer);

// The goap-plot command line that draws what `goap-sim run ARGS --plot P ...`
// asked for (ARGS without the leading "run"), as arguments and as a line to
// paste into a shell. goap-sim runs it from its own folder, or prints it.
QStringList plotArgumentsFor(const QStringList &runArgs);
QString shellLine(const QString &program, const QStringList &args);

int validateCommand(const QStringList &args, const Streams &io);
int planCommand(const QStringList &args, const Streams &io);
int runCommand(const QStringList &args, const Streams &io);
int formatCommand(const QStringList &args, const Streams &io);

} // namespace goap::cli
