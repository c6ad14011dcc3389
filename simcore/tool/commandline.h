#pragma once
// What goap-sim (simcore/cli) and goap-plot (records/plotcommand.h) share as
// command-line tools: exit codes (SPEC §10), the streams they write, option
// parsing, messages, reading a scenario with its issues printed, and the
// checks of output files. Qt6::Core only.

#include "model/scenario.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <optional>
#include <utility>

namespace goap::tool {

enum ExitCode { Success = 0, Usage = 1, Invalid = 2, IoError = 3, NoPlan = 4 };

struct Streams
{
    std::FILE *out = stdout;
    std::FILE *err = stderr;
    const char *program = "goap-sim"; // signs the messages: "goap-sim: ..."
};

void print(std::FILE *f, const QString &s);
void println(std::FILE *f, const QString &s);
// "goap-sim: ", the start of every message of the program's own.
QString signature(const Streams &io);
// Says `message` and how to get help on standard error; returns Usage.
int usageError(const Streams &io, const QString &message);
// Call first in main(): a standard stream the caller closed (`>&-`) is held
// by /dev/null, so no file opened later takes its number (a record meant for
// that file would go to standard output, and what is written there into it);
// standard output is held read-only, so a record for it is refused up front
// ("cannot write standard output: it is closed").
void holdClosedStandardStreams();

// Parsed `--name value` options and positional arguments.
struct Options
{
    QStringList positional;
    QHash<QString, QString> values;
    QSet<QString> flags;
    QString error;
};

// `withValue` options take a value (--name value, --name=value), `flags` none;
// '--' ends the options. `error` says what was wrong (the rest is then partial).
Options parseOptions(const QStringList &args, const QStringList &withValue, const QStringList &flags);

// The options of a command that takes one scenario file (`command` names it
// in the message). False, with the usage error said, when an option is wrong
// or there is not exactly one file.
bool oneScenarioFile(const Options &o, const QString &command, const Streams &io);

// Reads a scenario, printing its issues; nullopt (and the exit code) on failure.
std::optional<Scenario> load(const QString &file, const Streams &io, int &exitCode);

// Every output of a command checked against its input and against the other
// outputs before anything is written: an output that would replace the
// scenario ("graph c.json --dot c.json" once wrote DOT over it), or two
// outputs naming one file (the DOT lost under the SVG). '-' is standard
// output, at most one; the null device swallows any number. `outputs` are
// (option, file). Empty when fine, else the usage error.
QString outputsClash(const QString &input, const QList<std::pair<QString, QString>> &outputs);

// --days N of a run: 1 when not given, else a whole number from 1 to 10000,
// digits only (" 5", "+3", "5x" and "0x10" are not). Nullopt, with the usage
// error said, when it is not.
std::optional<int> daysOption(const Options &o, const Streams &io);

} // namespace goap::tool
