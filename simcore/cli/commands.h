#pragma once
// goap-sim's commands. Each returns the process exit code (SPEC §10).

#include <QStringList>

#include <cstdio>

namespace goap::cli {

enum ExitCode { Success = 0, Usage = 1, Invalid = 2, IoError = 3, NoPlan = 4 };

struct Streams
{
    std::FILE *out = stdout;
    std::FILE *err = stderr;
};

int run(const QStringList &args, const Streams &io = {});

int validateCommand(const QStringList &args, const Streams &io);
int planCommand(const QStringList &args, const Streams &io);
int runCommand(const QStringList &args, const Streams &io);
int formatCommand(const QStringList &args, const Streams &io);

} // namespace goap::cli
