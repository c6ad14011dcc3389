// goap-sim run FILE: simulate and write the records (records/runrecords.h); --plot hands over to goap-plot.
#include "subcommands.h"

#include "records/runrecords.h"
#include "sim/simulation.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <cerrno>
#include <cstring>
#include <vector>

#include <unistd.h>

namespace goap::cli {

using namespace goap::tool;

namespace {

const QStringList kRunOptions
    = {QStringLiteral("days"), QStringLiteral("report"),    QStringLiteral("events"),     QStringLiteral("samples"),
       QStringLiteral("plot"), QStringLiteral("plot-size"), QStringLiteral("plot-scale"), QStringLiteral("threads")};

// goap-plot next to this program (the build tree's bin/, or /usr/bin), or empty.
QString siblingPlotTool()
{
    if (!QCoreApplication::instance())
        return {};
    const QFileInfo tool(QCoreApplication::applicationDirPath() + QStringLiteral("/goap-plot"));
    return tool.isFile() && tool.isExecutable() ? tool.absoluteFilePath() : QString();
}

// Replaces this process with `tool args`; returns (with errno set) only when it cannot.
void execTool(const QString &tool, const QStringList &args)
{
    std::vector<QByteArray> bytes {QFile::encodeName(tool)};
    for (const QString &a : args)
        bytes.push_back(a.toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &b : bytes)
        argv.push_back(b.data());
    argv.push_back(nullptr);
    std::fflush(stdout);
    std::fflush(stderr);
    ::execv(argv[0], argv.data());
}

} // namespace

QStringList plotArgumentsFor(const QStringList &runArgs)
{
    const Options o = parseOptions(runArgs, kRunOptions, {});
    const QString file = o.positional.value(0);
    const bool fileFirst = !file.startsWith(u'-');
    QStringList args;
    if (fileFirst)
        args << file;
    static const std::pair<const char *, const char *> renamed[]
        = {{"plot", "output"},   {"days", "days"},     {"plot-size", "size"}, {"plot-scale", "scale"},
           {"report", "report"}, {"events", "events"}, {"samples", "samples"}};
    for (const auto &[from, to] : renamed)
        if (o.values.contains(QLatin1String(from)))
            args << QStringLiteral("--") + QLatin1String(to) << o.values.value(QLatin1String(from));
    if (!fileFirst)
        args << QStringLiteral("--") << file;
    return args;
}

QString shellLine(const QString &program, const QStringList &args)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./=:,+@%-]+$"));
    QStringList words {program};
    for (QString a : args) {
        if (!plain.match(a).hasMatch())
            a = u'\'' + a.replace(u'\'', QStringLiteral("'\\''")) + u'\'';
        words << a;
    }
    return words.join(u' ');
}

int runCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, kRunOptions, {});
    if (!oneScenarioFile(o, QStringLiteral("run"), io))
        return Usage;
    const std::optional<int> days = daysOption(o, io);
    if (!days)
        return Usage;
    if (o.values.contains(QStringLiteral("threads"))) {
        static const QRegularExpression digits(QStringLiteral("^[0-9]{1,4}$"));
        const QString text = o.values.value(QStringLiteral("threads"));
        if (!digits.match(text).hasMatch() || text.toInt() > sim::kMaxThreads)
            return usageError(io,
                              QStringLiteral("--threads takes a whole number from 0 (every core) to %1, got '%2'")
                                  .arg(sim::kMaxThreads)
                                  .arg(text));
    }
    if (o.values.contains(QStringLiteral("plot"))) {
        if (const QString tooMany = records::plotDaysError(*days); !tooMany.isEmpty())
            return usageError(io, tooMany);
        // The charts need QtGui, which goap-sim never links: goap-plot draws them.
        const QStringList plotArgs = plotArgumentsFor(args);
        if (const QString tool = siblingPlotTool(); !tool.isEmpty()) {
            execTool(tool, plotArgs);
            println(io.err,
                    signature(io)
                        + QStringLiteral("cannot run %1: %2").arg(tool, QString::fromLocal8Bit(std::strerror(errno))));
        }
        println(io.err,
                signature(io)
                    + QStringLiteral("--plot is drawn by goap-plot, which is not next to %1; run:")
                          .arg(QString::fromLatin1(io.program)));
        println(io.err, QStringLiteral("  ") + shellLine(QStringLiteral("goap-plot"), plotArgs));
        return Usage;
    }
    if (o.values.contains(QStringLiteral("plot-size")) || o.values.contains(QStringLiteral("plot-scale")))
        return usageError(io, QStringLiteral("--plot-size and --plot-scale go with --plot"));
    return records::simulate(o.positional.first(), *days, o, {}, nullptr, QStringLiteral("plot"), io);
}

} // namespace goap::cli
