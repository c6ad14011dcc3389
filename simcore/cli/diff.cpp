// goap-sim diff A.json B.json: two scenarios entity by entity and field by
// field (exit 0 identical, 1 different, 2 invalid; --json for machines), or
// two run reports side by side, with deltas.
#include "subcommands.h"

#include "io/json.h"
#include "io/scenarioreader.h"
#include "model/diff.h"
#include "sim/compare.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <optional>
#include <vector>

namespace goap::cli {

using namespace goap::tool;

namespace {

json::Value differencesJson(const QList<ScenarioDifference> &diff)
{
    const auto text = [](const QString &t) { return t.isEmpty() ? json::Value() : json::Value::makeString(t); };
    json::Value list = json::Value::makeArray();
    for (const ScenarioDifference &d : diff) {
        json::Value v = json::Value::makeObject();
        v.insert(QStringLiteral("change"), json::Value::makeString(changeName(d.change)));
        v.insert(QStringLiteral("what"), json::Value::makeString(areaName(d)));
        v.insert(QStringLiteral("id"), text(d.id));
        if (d.change == ScenarioDifference::Change::Renamed)
            v.insert(QStringLiteral("previousId"), json::Value::makeString(d.previousId));
        json::Value &fields = v.insert(QStringLiteral("fields"), json::Value::makeArray());
        for (const FieldDifference &f : d.fields) {
            json::Value fv = json::Value::makeObject();
            fv.insert(QStringLiteral("path"), json::Value::makeString(f.path));
            fv.insert(QStringLiteral("before"), text(f.before)); // null: absent
            fv.insert(QStringLiteral("after"), text(f.after));
            fields.array.push_back(std::move(fv));
        }
        list.array.push_back(std::move(v));
    }
    json::Value root = json::Value::makeObject();
    json::Value identical;
    identical.type = json::Type::Bool;
    identical.boolean = diff.isEmpty();
    root.insert(QStringLiteral("identical"), identical);
    root.insert(QStringLiteral("differences"), std::move(list));
    return root;
}

// Two scenarios: their issues said as the validator says them (file:line:col:
// error: path: message); exit 2 when either does not read, 3 when a file
// cannot be read at all, else 0 identical or 1 different, as diff(1).
int diffScenarioFiles(const QString (&files)[2], bool asJson, const Streams &io)
{
    std::optional<Scenario> scenarios[2];
    int exitCode = Success;
    for (int k = 0; k < 2; ++k) {
        const ReadResult r = readScenarioFile(files[k]);
        for (const Issue &issue : r.issues)
            if (issue.isError())
                println(io.err, issue.format(files[k]));
        if (r.ioError)
            exitCode = IoError;
        else if (!r.ok() && exitCode == Success)
            exitCode = Invalid;
        scenarios[k] = r.scenario;
    }
    if (exitCode != Success)
        return exitCode;
    const QList<ScenarioDifference> diff = diffScenarios(*scenarios[0], *scenarios[1]);
    if (asJson) {
        print(io.out, QString::fromUtf8(json::write(differencesJson(diff))));
    } else {
        for (const ScenarioDifference &d : diff)
            for (const QString &line : differenceLines(d))
                println(io.out, line);
    }
    return diff.isEmpty() ? Success : 1; // 1: they differ (not a usage error here, as diff(1) says it)
}

bool isReport(const QString &file)
{
    QFile f(file);
    return f.size() <= kMaxScenarioFileSize * 4 && f.open(QIODevice::ReadOnly)
        && sim::reportMeasures(f.readAll()).has_value();
}

} // namespace

int diffCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {}, {QStringLiteral("json")});
    if (!o.error.isEmpty())
        return usageError(io, o.error);
    if (o.positional.size() != 2)
        return usageError(io, QStringLiteral("diff takes two scenarios or two reports: A.json B.json"));
    for (const QString &file : o.positional) {
        if (!QFileInfo(file).isFile() || !QFileInfo(file).isReadable()) {
            println(io.err, signature(io) + QStringLiteral("cannot read %1").arg(file));
            return IoError;
        }
    }
    const QString files[2] = {o.positional[0], o.positional[1]};
    const bool reportA = isReport(files[0]), reportB = isReport(files[1]);
    if (!reportA && !reportB)
        return diffScenarioFiles(files, o.flags.contains(QStringLiteral("json")), io);
    if (o.flags.contains(QStringLiteral("json")))
        return usageError(io, QStringLiteral("--json compares scenarios, not run reports"));
    std::optional<sim::ReportMeasures> reports[2];
    for (int k = 0; k < 2; ++k) {
        const QString &file = files[k];
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly) || f.size() > kMaxScenarioFileSize * 4) {
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
