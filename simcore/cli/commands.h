#pragma once
// goap-sim's commands. Each returns the process exit code (SPEC §10).

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
};

int run(const QStringList &args, const Streams &io = {});

// What --plot asks for: the file (PNG, or vector PDF for *.pdf), its title,
// size (--plot-size WxH) and scale (--plot-scale S, pixels per unit of size).
struct PlotRequest
{
    QString fileName, title;
    int width = 1400, height = 1000;
    double scale = 1;
};
// Writes a run's charts to an open device (the file named by the request, or
// standard output) and returns why it could not (empty on success).
// goap-sim's main installs one when the charts are built in.
using PlotWriter = QString (*)(std::shared_ptr<const CompiledScenario> scenario, const sim::Samples &samples,
                               const sim::EventLog &events, const PlotRequest &request, QIODevice *device);
void setPlotWriter(PlotWriter writer);

int validateCommand(const QStringList &args, const Streams &io);
int planCommand(const QStringList &args, const Streams &io);
int runCommand(const QStringList &args, const Streams &io);
int formatCommand(const QStringList &args, const Streams &io);

} // namespace goap::cli
