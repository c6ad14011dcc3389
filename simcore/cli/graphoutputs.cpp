// --dot and --svg, written by plan (the search tree) and graph (the production chain).
#include "subcommands.h"

#include "graph/render.h"
#include "io/savefile.h"

namespace goap::cli {

using namespace goap::tool;

namespace {
// The --dot and --svg outputs asked for, as (option, file).
QList<std::pair<QString, QString>> graphOutputs(const Options &o)
{
    QList<std::pair<QString, QString>> out;
    for (const char *key : {"dot", "svg"})
        if (o.values.contains(QLatin1String(key)))
            out.append({QLatin1String(key), o.values.value(QLatin1String(key))});
    return out;
}

// An empty --dot or --svg (an unset shell variable, most likely), an output
// that would replace the scenario, or two outputs on one file: the usage error.
QString graphOutputsProblem(const Options &o)
{
    for (const auto &[option, file] : graphOutputs(o))
        if (file.isEmpty())
            return QStringLiteral("an empty file name was given for --%1").arg(option);
    return outputsClash(o.positional.first(), graphOutputs(o));
}
} // namespace

std::optional<Scenario> loadForGraph(const Options &o, const Streams &io, int &exitCode)
{
    if (const QString problem = graphOutputsProblem(o); !problem.isEmpty()) {
        exitCode = usageError(io, problem);
        return std::nullopt;
    }
    return load(o.positional.first(), io, exitCode);
}

bool writeGraph(const Options &o, const QByteArray &dot, const Streams &io)
{
    auto write = [&](const QString &file, const QByteArray &bytes) {
        if (file == u"-") { // standard output
            if (std::fwrite(bytes.constData(), 1, size_t(bytes.size()), io.out) == size_t(bytes.size()))
                return true;
            println(io.err, signature(io) + QStringLiteral("cannot write standard output"));
            return false;
        }
        if (const QString why = saveFileSafely(file, bytes); !why.isEmpty()) {
            println(io.err, signature(io) + why);
            return false;
        }
        return true;
    };
    if (o.values.contains(QStringLiteral("dot")) && !write(o.values.value(QStringLiteral("dot")), dot))
        return false;
    if (o.values.contains(QStringLiteral("svg"))) {
        QString error;
        const std::optional<QByteArray> svg = renderDot(dot, "svg", error);
        if (!svg) {
            println(io.err, signature(io) + error);
            return false;
        }
        if (!write(o.values.value(QStringLiteral("svg")), *svg))
            return false;
    }
    return true;
}

} // namespace goap::cli
