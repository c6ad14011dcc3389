// goap-sim diff A.json B.json: two run reports side by side, with deltas.
#include "subcommands.h"

#include "io/scenarioreader.h"
#include "sim/compare.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <optional>
#include <vector>

namespace goap::cli {

using namespace goap::tool;

int diffCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {}, {});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 2)
        return usageError(io, QStringLiteral("diff takes two reports: A.json B.json"));
    std::optional<sim::ReportMeasures> reports[2];
    for (int k = 0; k < 2; ++k) {
        const QString &file = o.positional[k];
        QFile f(file);
        if (!QFileInfo(file).isFile() || !f.open(QIODevice::ReadOnly) || f.size() > kMaxScenarioFileSize * 4) {
            println(io.err, signature(io) + QStringLiteral("cannot read the report %1").arg(file));
            return IoError;
        }
        reports[k] = sim::reportMeasures(f.readAll());
        if (!reports[k]) {
            println(io.err, signature(io) + QStringLiteral("%1 is not a run report (goap-sim run --report)").arg(file));
            return IoError;
        }
    }
    const std::vector<sim::CompareRow> rows = sim::compareReports(*reports[0], *reports[1]);
    int widths[5] = {9, 7, 1, 1, 5};
    for (const sim::CompareRow &r : rows) {
        const QString cells[5] = {r.who, r.what, r.left, r.right, r.delta};
        for (int c = 0; c < 5; ++c)
            widths[c] = std::max(widths[c], int(cells[c].size()));
    }
    const auto print = [&](const QString(&cells)[5]) {
        QString line;
        for (int c = 0; c < 5; ++c)
            line += c < 2 ? cells[c].leftJustified(widths[c] + 2) : cells[c].rightJustified(widths[c] + 2);
        while (line.endsWith(u' '))
            line.chop(1);
        println(io.out, line);
    };
    print({QStringLiteral("character"), QStringLiteral("measure"), QStringLiteral("A"), QStringLiteral("B"),
           QStringLiteral("delta")});
    for (const sim::CompareRow &r : rows)
        print({r.who, r.what, r.left, r.right, r.delta});
    return Success;
}

} // namespace goap::cli
