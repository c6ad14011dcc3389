#include "plotcommand.h"

namespace goap::records {

using namespace goap::tool;

namespace {

const char *const kPlotUsage
    = "usage: goap-plot FILE --output P.png|P.pdf [--size WxH] [--scale S] [--title T] [--days N]\n"
      "                 [--report R.json] [--events E.jsonl] [--samples S.csv]\n"
      "\n"
      "Simulates FILE as 'goap-sim run' does and draws the insistence chart above the quota\n"
      "progress chart (or the world facts when nobody holds a quota), titled with the scenario:\n"
      "a PNG of --size (default 1400x1000) times --scale (default 1; 2 doubles the pixels), or a\n"
      "vector PDF when the name ends in .pdf; '-' writes it to standard output. With no display\n"
      "it renders offscreen. The day summary goes to standard output (to standard error when a\n"
      "record goes there); --report, --events and --samples write the same run's records.\n"
      "--days N: 1 to 30 (the days side by side; the whole run is kept in memory for the plot).\n"
      "\n"
      "Options: -h/--help, --version; '--' ends the options (a file named like an option)\n"
      "Exit codes: 0 success, 1 usage error, 2 invalid scenario, 3 I/O error.\n";

} // namespace

int plotMain(const QStringList &args, const Streams &io, PlotWriter writer)
{
    if (args.size() == 1 && (args.first() == u"-h" || args.first() == u"--help" || args.first() == u"help")) {
        print(io.out, QString::fromLatin1(kPlotUsage));
        return Success;
    }
    if (args.size() == 1 && args.first() == u"--version") {
        println(io.out, QStringLiteral("goap-plot " GOAP_VERSION));
        return Success;
    }
    Options o = parseOptions(args,
                             {QStringLiteral("output"), QStringLiteral("days"), QStringLiteral("size"),
                              QStringLiteral("scale"), QStringLiteral("title"), QStringLiteral("report"),
                              QStringLiteral("events"), QStringLiteral("samples")},
                             {});
    if (!oneScenarioFile(o, QStringLiteral("goap-plot"), io))
        return Usage;
    if (!o.values.contains(QStringLiteral("output")))
        return usageError(io, QStringLiteral("goap-plot needs --output P.png or P.pdf ('-' for standard output)"));
    const std::optional<int> days = daysOption(o, io);
    if (!days)
        return Usage;
    if (const QString tooMany = plotDaysError(*days); !tooMany.isEmpty())
        return usageError(io, tooMany);
    PlotRequest request;
    const QStringList size
        = o.values.value(QStringLiteral("size"), QStringLiteral("1400x1000")).split(QLatin1Char('x'));
    bool okWidth = false, okHeight = false, okScale = true;
    request.width = size.size() == 2 ? size[0].toInt(&okWidth) : 0;
    request.height = size.size() == 2 ? size[1].toInt(&okHeight) : 0;
    if (o.values.contains(QStringLiteral("scale")))
        request.scale = o.values.value(QStringLiteral("scale")).toDouble(&okScale);
    if (!okWidth || !okHeight || request.width < 64 || request.height < 64 || request.width > 20000
        || request.height > 20000)
        return usageError(io, QStringLiteral("--size takes WIDTHxHEIGHT, each from 64 to 20000 (e.g. 1600x900)"));
    if (!okScale || !(request.scale >= 0.25 && request.scale <= 8)) // NaN fails both
        return usageError(io, QStringLiteral("--scale takes a number from 0.25 to 8 (2 doubles the pixels)"));
    if (o.values.contains(QStringLiteral("title"))) { // an empty one: no title line
        request.title = o.values.value(QStringLiteral("title"));
        request.defaultTitle = false;
    }
    request.fileName = o.values.value(QStringLiteral("output"));
    o.values.insert(QStringLiteral("plot"), o.values.take(QStringLiteral("output")));
    return simulate(o.positional.first(), *days, o, request, writer, QStringLiteral("output"), io);
}

} // namespace goap::records
