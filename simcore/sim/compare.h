#pragma once
// Two runs side by side (issue #15, compare runs): what a run report says of
// each character, summed over its days, and the rows of a comparison with
// deltas. `goap-sim diff A.json B.json` prints them; the editor's Compare tab
// shows the same rows for a pinned baseline and the run after it.

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace goap::sim {

struct CharacterMeasures
{
    QStringList goals; // in the report's order
    QHash<QString, QString> kind; // goal -> "quota" / "need"
    QHash<QString, double> metSum; // quota: sum of metAt over the days it was met
    QHash<QString, int> metDays, satisfied;
    double waiting = 0, total = 0; // seconds
    int rechecks = 0;
};

struct ReportMeasures
{
    QStringList order; // character ids, as the report lists them
    QHash<QString, CharacterMeasures> of;
};

// A run report (goap-sim run --report, sim::reportJson); nullopt when the
// bytes are not one.
std::optional<ReportMeasures> reportMeasures(const QByteArray &reportJson);

struct CompareRow
{
    QString who, what, left, right, delta; // "—" where a side has no value
};

// Per character (A's order, then B's newcomers): each quota's mean metAt (day
// fraction), each need's times satisfied, the waiting share and the re-check
// failures, with B - A.
std::vector<CompareRow> compareReports(const ReportMeasures &a, const ReportMeasures &b);

} // namespace goap::sim
