#include "records.h"

#include "io/json.h"

#include <cmath>

namespace goap::sim {

namespace {

using json::Value;

// Rounded to a millionth so float noise (0.30000000000000004) never shows.
Value number(double d)
{
    const double r = std::round(d * 1e6) / 1e6;
    if (std::abs(r) < 1e15 && r == double(qint64(r)))
        return Value::makeInteger(qint64(r));
    return Value::makeNumber(r);
}

Value string(const QString &s)
{
    return Value::makeString(s);
}

Value null()
{
    return Value();
}

QString csvNumber(double d)
{
    if (std::isnan(d))
        return {};
    return QString::number(std::round(d * 1e6) / 1e6, 'g', 10);
}

} // namespace

double phaseSeconds(const CompiledScenario &scenario, const AgentReport &report, Phase phase)
{
    return double(report.phaseTicks[int(phase)]) * scenario.day.tick;
}

namespace {

Value dayValue(const CompiledScenario &sc, const DayReport &d)
{
    Value day = Value::makeObject();
    day.insert(QStringLiteral("day"), Value::makeInteger(d.day));
    Value &agents = day.insert(QStringLiteral("agents"), Value::makeArray());
    for (size_t i = 0; i < d.agents.size(); ++i) {
        const AgentReport &r = d.agents[i];
        Value a = Value::makeObject();
        a.insert(QStringLiteral("id"), string(r.id));
        Value &goals = a.insert(QStringLiteral("goals"), Value::makeArray());
        for (const GoalReport &g : r.goals) {
            Value o = Value::makeObject();
            o.insert(QStringLiteral("id"), string(sc.goalIds[size_t(g.goal)]));
            const bool quota = sc.goals[size_t(g.goal)].kind == GoalKind::Quota;
            o.insert(QStringLiteral("kind"), string(toString(sc.goals[size_t(g.goal)].kind)));
            if (quota)
                o.insert(QStringLiteral("metAt"), g.metAt ? number(*g.metAt) : null());
            else
                o.insert(QStringLiteral("satisfied"), Value::makeInteger(g.satisfied));
            goals.array.push_back(std::move(o));
        }
        Value &phases = a.insert(QStringLiteral("phaseSeconds"), Value::makeObject());
        for (int p = 0; p < kPhaseCount; ++p)
            phases.insert(phaseName(Phase(p)), number(phaseSeconds(sc, r, Phase(p))));
        a.insert(QStringLiteral("plans"), Value::makeInteger(r.plans));
        a.insert(QStringLiteral("recheckFailures"), Value::makeInteger(r.recheckFailures));
        a.insert(QStringLiteral("goalSwitches"), Value::makeInteger(r.goalSwitches));
        agents.array.push_back(std::move(a));
    }
    return day;
}

// A non-empty "days" array is three levels deep, so the writer never puts
// it on one line: the document is the head, each day at an indent of four
// joined by ",\n", and the tail. A day written inside a one-day document
// (same indent) gives its exact text, so a report streamed a day at a time
// is byte for byte the report written at once.
const QByteArray kDaysOpen = "\n  \"days\": [\n";
const QByteArray kDaysClose = "\n  ]\n}\n";

QByteArray oneDayDocument(const Value &head, Value day)
{
    Value root = head;
    Value &days = root.insert(QStringLiteral("days"), Value::makeArray());
    days.array.push_back(std::move(day));
    return json::write(root);
}

Value headValue(const CompiledScenario &sc, const QString &name)
{
    Value root = Value::makeObject();
    root.insert(QStringLiteral("scenario"), string(name));
    root.insert(QStringLiteral("dayLength"), number(sc.day.length));
    return root;
}

} // namespace

QByteArray reportHead(const CompiledScenario &sc, const QString &name)
{
    const QByteArray doc = oneDayDocument(headValue(sc, name), dayValue(sc, DayReport {}));
    return doc.left(doc.indexOf(kDaysOpen) + kDaysOpen.size());
}

QByteArray reportDay(const CompiledScenario &sc, const DayReport &day)
{
    Value head = Value::makeObject();
    head.insert(QStringLiteral("scenario"), Value::makeString(QString()));
    head.insert(QStringLiteral("dayLength"), Value::makeInteger(0));
    const QByteArray doc = oneDayDocument(head, dayValue(sc, day));
    const qsizetype begin = doc.indexOf(kDaysOpen) + kDaysOpen.size();
    return doc.mid(begin, doc.size() - kDaysClose.size() - begin);
}

QByteArray reportTail()
{
    return kDaysClose;
}

QByteArray reportJson(const CompiledScenario &sc, const QString &name, const std::vector<DayReport> &days)
{
    if (days.empty()) {
        Value root = headValue(sc, name);
        root.insert(QStringLiteral("days"), Value::makeArray());
        return json::write(root);
    }
    QByteArray out = reportHead(sc, name);
    for (size_t k = 0; k < days.size(); ++k) {
        if (k > 0)
            out += ",\n";
        out += reportDay(sc, days[k]);
    }
    return out + reportTail();
}

QByteArray eventLine(const CompiledScenario &sc, const EventLog &log, const Event &e)
{
    Value o = Value::makeObject();
    o.insert(QStringLiteral("t"), number(e.t));
    o.insert(QStringLiteral("day"), Value::makeInteger(e.day));
    o.insert(QStringLiteral("agent"), e.agent >= 0 ? string(log.agentId(e.agent)) : null());
    o.insert(QStringLiteral("kind"), string(eventKindName(e.kind)));
    o.insert(QStringLiteral("text"), string(eventText(sc, log, e)));
    switch (e.kind) {
    case EventKind::Switch:
        o.insert(QStringLiteral("goal"), string(sc.goalIds[size_t(e.goal)]));
        o.insert(QStringLiteral("score"), number(e.score));
        o.insert(QStringLiteral("from"), string(sc.goalIds[size_t(e.otherGoal)]));
        o.insert(QStringLiteral("fromScore"), number(e.otherScore));
        break;
    case EventKind::Plan: {
        o.insert(QStringLiteral("goal"), string(sc.goalIds[size_t(e.goal)]));
        Value actions = Value::makeArray();
        for (std::uint32_t k = e.planBegin; k < e.planEnd; ++k)
            actions.array.push_back(string(sc.actionIds[size_t(log.planActions[k])]));
        o.insert(QStringLiteral("actions"), std::move(actions));
        o.insert(QStringLiteral("cost"), number(e.planCost));
        break;
    }
    case EventKind::Start: {
        o.insert(QStringLiteral("action"), string(eventName(sc.actionIds, e.action)));
        if (e.station >= 0 && sc.actions[size_t(e.action)].stations.size() > 1) // the alternative chosen
            o.insert(QStringLiteral("station"), string(sc.stationIds[size_t(e.station)]));
        Value at = Value::makeArray();
        at.array.push_back(number(e.x));
        at.array.push_back(number(e.y));
        o.insert(QStringLiteral("at"), std::move(at));
        break;
    }
    case EventKind::Complete:
    case EventKind::ExternalStarted:
    case EventKind::ExternalFailed:
        o.insert(QStringLiteral("action"), string(eventName(sc.actionIds, e.action)));
        break;
    case EventKind::Queued:
        o.insert(QStringLiteral("action"), string(eventName(sc.actionIds, e.action)));
        o.insert(QStringLiteral("station"), string(sc.stationIds[size_t(e.station)]));
        o.insert(QStringLiteral("position"), Value::makeInteger(qRound(e.x)));
        break;
    case EventKind::RecheckFailed:
        o.insert(QStringLiteral("action"), string(eventName(sc.actionIds, e.action)));
        if (e.fact < 0) { // walls stand between it and the station (SPEC 12.1)
            o.insert(QStringLiteral("station"), string(eventName(sc.stationIds, e.station)));
            break;
        }
        o.insert(QStringLiteral("fact"), string(sc.factNames[size_t(e.fact)]));
        o.insert(QStringLiteral("value"), Value::makeInteger(e.value));
        o.insert(QStringLiteral("needed"), Value::makeInteger(e.needed));
        if (e.op != ConditionOp::Ge) // version 1 logs stay as they were
            o.insert(QStringLiteral("op"), string(QLatin1String(toString(e.op))));
        break;
    case EventKind::NeedSatisfied:
        o.insert(QStringLiteral("goal"), string(sc.goalIds[size_t(e.goal)]));
        break;
    case EventKind::QuotaMet:
        o.insert(QStringLiteral("goal"), string(sc.goalIds[size_t(e.goal)]));
        o.insert(QStringLiteral("metAt"), number(e.metAt));
        break;
    case EventKind::Spawned:
        o.insert(QStringLiteral("template"), string(sc.templateIds[size_t(e.other)]));
        break;
    case EventKind::Enqueued:
        o.insert(QStringLiteral("queue"), string(eventName(sc.queueNames, e.queue)));
        break;
    case EventKind::Partnered:
        o.insert(QStringLiteral("action"), string(eventName(sc.actionIds, e.action)));
        o.insert(QStringLiteral("queue"), string(eventName(sc.queueNames, e.queue)));
        o.insert(QStringLiteral("partner"), string(log.agentId(e.other)));
        break;
    case EventKind::Released:
        o.insert(QStringLiteral("partner"), string(log.agentId(e.other)));
        break;
    case EventKind::Dawn:
    case EventKind::Waiting:
    case EventKind::Resting:
    case EventKind::Left:
        break;
    }
    return json::writeLine(o);
}

QByteArray eventsJsonl(const CompiledScenario &sc, const EventLog &log)
{
    QByteArray out;
    for (const Event &e : log.events) {
        out += eventLine(sc, log, e);
        out += '\n';
    }
    return out;
}

QByteArray samplesCsvHeader()
{
    return "day,t,agent,goal,kind,insistence,progress\n";
}

QByteArray samplesCsvRows(const CompiledScenario &sc, const Samples &s)
{
    QByteArray out;
    const size_t columns = s.columns();
    for (size_t r = 0; r < s.rows(); ++r) {
        for (size_t c = 0; c < columns; ++c) {
            const int goal = s.slotGoal[c];
            const QString line
                = QStringLiteral("%1,%2,%3,%4,%5,%6,%7\n")
                      .arg(s.rowDay[r])
                      .arg(csvNumber(s.rowTime[r]), columnId(sc, s.slotAgent[c]), sc.goalIds[size_t(goal)],
                           toString(sc.goals[size_t(goal)].kind), csvNumber(s.insistence[r * columns + c]),
                           csvNumber(s.progress[r * columns + c]));
            out += line.toUtf8();
        }
    }
    return out;
}

QByteArray samplesCsv(const CompiledScenario &sc, const Samples &s)
{
    return samplesCsvHeader() + samplesCsvRows(sc, s);
}

} // namespace goap::sim
