#pragma once
// goap-sim's subcommands, one file each (validate.cpp, plan.cpp, ...);
// main.cpp dispatches. Each takes the arguments after its name and returns
// the process exit code (SPEC §10). The exit codes, streams and option
// parsing they share with goap-plot are simcore's (tool/commandline.h).

#include "tool/commandline.h"

#include <QStringList>

namespace goap::cli {

using tool::Streams;

int validateCommand(const QStringList &args, const Streams &io);
int planCommand(const QStringList &args, const Streams &io);
int runCommand(const QStringList &args, const Streams &io);
int formatCommand(const QStringList &args, const Streams &io);
int sweepCommand(const QStringList &args, const Streams &io);
int sweepMergeCommand(const QStringList &args, const Streams &io);
int diffCommand(const QStringList &args, const Streams &io);
int graphCommand(const QStringList &args, const Streams &io);

// The goap-plot command line that draws what `goap-sim run ARGS --plot P ...`
// asked for (ARGS without the leading "run"), as arguments and as a line to
// paste into a shell. goap-sim runs it from its own folder, or prints it.
QStringList plotArgumentsFor(const QStringList &runArgs);
QString shellLine(const QString &program, const QStringList &args);

// --dot FILE and --svg FILE of plan and graph. First the scenario, read once
// the outputs are found fine (an empty name, an output that would replace the
// scenario, or two outputs on one file is the usage error); nullopt with the
// exit code otherwise. Then the DOT as it is and laid out by Graphviz, each
// written whole or not at all ("-": to standard output); false when a write or
// the layout failed (said on io.err).
std::optional<Scenario> loadForGraph(const tool::Options &o, const Streams &io, int &exitCode);
bool writeGraph(const tool::Options &o, const QByteArray &dot, const Streams &io);

} // namespace goap::cli
