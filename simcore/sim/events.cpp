#include "events.h"

#include "sim/explain.h"

#include <algorithm>

namespace goap::sim {

namespace {
// A name by index, or "?" for an index that names nothing: formatting never
// trusts an event to be well formed (a record is better than a crash).
QString nameAt(const std::vector<QString> &names, int index)
{
    return index >= 0 && size_t(index) < names.size() ? names[size_t(index)] : QStringLiteral("?");
}
} // namespace

QString eventName(const std::vector<QString> &names, int index)
{
    return nameAt(names, index);
}

const QString &EventLog::nameOf(const std::vector<QString> &names, int index) const
{
    static const QString unknown = QStringLiteral("?");
    const std::int64_t k = index < copiesFrom ? index : std::int64_t(index) - firstCopy + copiesFrom;
    return index >= 0 && k >= 0 && k < std::int64_t(names.size()) && (index < copiesFrom || index >= firstCopy)
        ? names[size_t(k)]
        : unknown;
}

QString phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Idle:
        return QStringLiteral("idle");
    case Phase::Walking:
        return QStringLiteral("walking");
    case Phase::Acting:
        return QStringLiteral("acting");
    case Phase::Waiting:
        return QStringLiteral("waiting");
    case Phase::Resting:
        return QStringLiteral("resting");
    case Phase::Queued:
        return QStringLiteral("queued");
    }
    return {};
}

QString eventKindName(EventKind kind)
{
    switch (kind) {
    case EventKind::Dawn:
        return QStringLiteral("dawn");
    case EventKind::Switch:
        return QStringLiteral("switch");
    case EventKind::Plan:
        return QStringLiteral("plan");
    case EventKind::Start:
        return QStringLiteral("start");
    case EventKind::Complete:
        return QStringLiteral("complete");
    case EventKind::RecheckFailed:
        return QStringLiteral("recheck");
    case EventKind::Waiting:
        return QStringLiteral("waiting");
    case EventKind::Resting:
        return QStringLiteral("resting");
    case EventKind::NeedSatisfied:
        return QStringLiteral("satisfied");
    case EventKind::QuotaMet:
        return QStringLiteral("quota");
    case EventKind::Spawned:
        return QStringLiteral("spawned");
    case EventKind::Left:
        return QStringLiteral("left");
    case EventKind::Enqueued:
        return QStringLiteral("enqueued");
    case EventKind::Partnered:
        return QStringLiteral("partnered");
    case EventKind::Released:
        return QStringLiteral("released");
    case EventKind::Queued:
        return QStringLiteral("queued");
    case EventKind::ExternalStarted:
        return QStringLiteral("external");
    case EventKind::ExternalFailed:
        return QStringLiteral("externalFailed");
    }
    return {};
}

std::vector<SampleColumn> sampleColumns(const CompiledScenario &s)
{
    std::vector<SampleColumn> out;
    for (size_t i = 0; i < s.agents.size(); ++i)
        for (const CompiledAgentGoal &g : s.agents[i].goals)
            out.push_back({int(i), g.goal});
    for (size_t t = 0; t < s.templates.size(); ++t)
        for (const CompiledAgentGoal &g : s.templates[t].goals)
            out.push_back({int(s.agents.size() + t), g.goal});
    return out;
}

QString columnLabel(const CompiledScenario &s, int agent)
{
    if (agent >= 0 && size_t(agent) < s.agentLabels.size())
        return s.agentLabels[size_t(agent)];
    const size_t t = size_t(agent) - s.agents.size();
    return t < s.templateLabels.size() ? QStringLiteral("%1 (every copy)").arg(s.templateLabels[t])
                                       : QStringLiteral("?");
}

QString columnId(const CompiledScenario &s, int agent)
{
    if (agent >= 0 && size_t(agent) < s.agentIds.size())
        return s.agentIds[size_t(agent)];
    const size_t t = size_t(agent) - s.agents.size();
    return t < s.templateIds.size() ? s.templateIds[t] + u'*' : QStringLiteral("?");
}

QString ordinal(int n)
{
    const int tens = n % 100, ones = n % 10;
    const char *suffix = tens >= 11 && tens <= 13 ? "th"
        : ones == 1                               ? "st"
        : ones == 2                               ? "nd"
        : ones == 3                               ? "rd"
                                                  : "th";
    return QString::number(n) + QLatin1String(suffix);
}

QString switchReason(const CompiledScenario &s, int winner, double winnerScore, int loser, double loserScore)
{
    return QStringLiteral("%1 (%2) overtook %3 (%4)")
        .arg(s.goalLabels[size_t(winner)])
        .arg(winnerScore, 0, 'f', 2)
        .arg(s.goalLabels[size_t(loser)])
        .arg(loserScore, 0, 'f', 2);
}

QString recheckReason(const CompiledScenario &s, int action, FactId fact, std::int32_t value, std::int32_t needed,
                      ConditionOp op)
{
    // ">= 1" reads "needs 1", as version 1 always said; other operators are named.
    const QString want = op == ConditionOp::Ge ? QString::number(needed)
                                               : QStringLiteral("%1 %2").arg(QLatin1String(toString(op))).arg(needed);
    return QStringLiteral("%1: %2 is %3, needs %4")
        .arg(nameAt(s.actionIds, action), nameAt(s.factNames, fact))
        .arg(value)
        .arg(want);
}

QString eventText(const CompiledScenario &s, const EventLog &log, const Event &e)
{
    switch (e.kind) {
    case EventKind::Dawn:
        return QStringLiteral("Day %1 begins").arg(e.day + 1);
    case EventKind::Switch:
        return switchReason(s, e.goal, e.score, e.otherGoal, e.otherScore);
    case EventKind::Plan: {
        QStringList steps;
        for (std::uint32_t i = e.planBegin; i < e.planEnd; ++i)
            steps << s.actionIds[size_t(log.planActions[i])];
        return QStringLiteral("%1: %2 (cost %3)")
            .arg(s.goalLabels[size_t(e.goal)], steps.join(QStringLiteral(", ")))
            .arg(e.planCost);
    }
    case EventKind::Start:
        return QStringLiteral("%1 started").arg(nameAt(s.actionIds, e.action));
    case EventKind::Complete:
        return QStringLiteral("%1 completed").arg(nameAt(s.actionIds, e.action));
    case EventKind::RecheckFailed:
        if (e.fact < 0) // no way to the station: walls
            return QStringLiteral("%1: %2").arg(nameAt(s.actionIds, e.action), noWayReason(s, e.station, e.x, e.y));
        return recheckReason(s, e.action, e.fact, e.value, e.needed, e.op);
    case EventKind::Waiting:
        return QString::fromUtf8(kWaitingReason);
    case EventKind::Resting:
        return QStringLiteral("Resting: every want is below %1").arg(s.planner.restBelow);
    case EventKind::NeedSatisfied:
        return QStringLiteral("%1 satisfied").arg(s.goalLabels[size_t(e.goal)]);
    case EventKind::QuotaMet:
        return QStringLiteral("%1 met at %2% of the day").arg(s.goalLabels[size_t(e.goal)]).arg(qRound(e.metAt * 100));
    case EventKind::Spawned:
        return QStringLiteral("arrived");
    case EventKind::Left:
        return QStringLiteral("left");
    case EventKind::Enqueued:
        return QStringLiteral("joined the %1 queue").arg(nameAt(s.queueNames, e.queue));
    case EventKind::Partnered:
        return QStringLiteral("%1: took %2 from the %3 queue")
            .arg(nameAt(s.actionIds, e.action), log.agentLabel(e.other), nameAt(s.queueNames, e.queue));
    case EventKind::Released:
        return QStringLiteral("let %1 go").arg(log.agentLabel(e.other));
    case EventKind::Queued:
        return QStringLiteral("%1: in line at %2, %3 (its places are taken)")
            .arg(nameAt(s.actionIds, e.action), nameAt(s.stationIds, e.station), ordinal(qRound(e.x)));
    case EventKind::ExternalStarted:
        return QStringLiteral("%1: the game performs it").arg(nameAt(s.actionIds, e.action));
    case EventKind::ExternalFailed:
        return QStringLiteral("%1: the game says it failed").arg(nameAt(s.actionIds, e.action));
    }
    return {};
}

std::size_t EventLog::dropBefore(int day)
{
    const auto end = std::find_if(events.begin(), events.end(), [day](const Event &e) { return e.day >= day; });
    return dropFirst(std::size_t(end - events.begin()));
}

std::size_t EventLog::dropFirst(std::size_t count)
{
    const std::size_t dropped = std::min(count, events.size());
    events.erase(events.begin(), events.begin() + std::ptrdiff_t(dropped));
    auto first = std::uint32_t(planActions.size());
    for (const Event &e : events)
        if (e.kind == EventKind::Plan) {
            first = e.planBegin;
            break; // plans are appended in event order
        }
    planActions.erase(planActions.begin(), planActions.begin() + std::ptrdiff_t(first));
    for (Event &e : events)
        if (e.kind == EventKind::Plan) {
            e.planBegin -= first;
            e.planEnd -= first;
        }
    return dropped;
}

void Samples::dropRowsBefore(int day)
{
    const auto end = std::lower_bound(rowDay.begin(), rowDay.end(), day);
    const auto n = std::ptrdiff_t(end - rowDay.begin());
    const auto perRow = std::ptrdiff_t(columns());
    rowDay.erase(rowDay.begin(), end);
    rowTime.erase(rowTime.begin(), rowTime.begin() + n);
    insistence.erase(insistence.begin(), insistence.begin() + n * perRow);
    progress.erase(progress.begin(), progress.begin() + n * perRow);
    world.erase(world.begin(), world.begin() + n * std::ptrdiff_t(worldColumns));
}

} // namespace goap::sim
