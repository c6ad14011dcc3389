#include "changetext.h"

#include <QCoreApplication>

#include <utility>

namespace goap::editor {

namespace {

using Fields = QList<std::pair<QString, QString>>; // (field, value as shown)

QString tr(const char *text)
{
    return QCoreApplication::translate("ChangeText", text);
}

QString number(double v)
{
    return QString::number(v, 'g', 8);
}
QString seconds(double v)
{
    return number(v) + tr(" s");
}
QString point(const Point &p)
{
    return QStringLiteral("(%1, %2)").arg(number(p.x), number(p.y));
}
QString text(const QString &s)
{
    const QString shown = s.size() > 32 ? s.left(31) + QChar(0x2026) : s;
    return QStringLiteral("\u201c%1\u201d").arg(shown);
}
QString orNone(const QString &s)
{
    return s.isEmpty() ? tr("none") : s;
}
QString onOff(bool on)
{
    return on ? tr("on") : tr("off");
}
QString list(const QStringList &items)
{
    return items.isEmpty() ? tr("none") : items.join(QStringLiteral(", "));
}

QString conditions(const QList<Condition> &rows)
{
    QStringList out;
    for (const Condition &c : rows)
        out << conditionText(c);
    return list(out);
}

QString effects(const QList<Effect> &set, const QList<Effect> &add)
{
    QStringList out;
    for (const Effect &e : set)
        out << QStringLiteral("%1 = %2").arg(e.fact).arg(e.value);
    for (const Effect &e : add)
        out << QStringLiteral("%1 %2%3").arg(e.fact, e.value < 0 ? QString() : QStringLiteral("+")).arg(e.value);
    return list(out);
}

QString facts(const QList<FactValue> &rows)
{
    QStringList out;
    for (const FactValue &f : rows)
        out << QStringLiteral("%1 %2").arg(f.name).arg(f.value);
    return list(out);
}

QString goalRefs(const QList<GoalRef> &refs)
{
    QStringList out;
    for (const GoalRef &r : refs) {
        QStringList overrides;
        if (r.start)
            overrides << tr("start %1").arg(number(*r.start));
        if (r.rate)
            overrides << tr("rate %1").arg(number(*r.rate));
        if (r.urgency)
            overrides << tr("urgency %1").arg(number(*r.urgency));
        out << (overrides.isEmpty() ? r.goal
                                    : QStringLiteral("%1 (%2)").arg(r.goal, overrides.join(QStringLiteral(", "))));
    }
    return list(out);
}

// "Rename station a to b", "Set station a label to “Anvil”", or both.
QString describe(const QString &kind, const QString &idBefore, const QString &idAfter, const Fields &before,
                 const Fields &after)
{
    QStringList parts;
    if (idBefore != idAfter)
        parts << tr("Rename %1 %2 to %3").arg(kind, idBefore, idAfter);
    QStringList changed;
    for (qsizetype i = 0; i < after.size() && i < before.size(); ++i)
        if (before[i].second != after[i].second)
            changed << tr("%1 to %2").arg(after[i].first, after[i].second);
    if (!changed.isEmpty())
        parts << tr("Set %1 %2 %3").arg(kind, idAfter, changed.join(QStringLiteral(", ")));
    if (parts.isEmpty())
        return tr("Change %1 %2").arg(kind, idAfter);
    return parts.join(QStringLiteral("; "));
}

Fields fields(const Station &s)
{
    return {{tr("label"), text(s.label)},
            {tr("position"), point(s.at)},
            {tr("places"), s.capacity == 0 ? tr("no limit") : QString::number(s.capacity)}};
}

Fields fields(const Action &a)
{
    return {{tr("label"), text(a.label)},
            {tr("station"), a.station.isEmpty() ? tr("where the character stands") : a.station},
            {tr("duration"), seconds(a.duration)},
            {tr("cost"), number(a.cost)},
            {tr("needs"), conditions(a.pre)},
            {tr("effects"), effects(a.set, a.add)},
            {tr("queue joined"), orNone(a.enqueue)},
            {tr("partner queue"), orNone(a.takePartner)},
            {tr("release"), onOff(a.release)},
            {tr("leave"), onOff(a.leave)}};
}

Fields fields(const Goal &g)
{
    return {{tr("label"), text(g.label)},
            {tr("kind"), toString(g.kind)},
            {tr("conditions"), conditions(g.conditions)},
            {tr("start"), number(g.start)},
            {tr("rate"), number(g.rate) + tr(" /s")},
            {tr("urgency"), number(g.urgency)}};
}

Fields fields(const Agent &a)
{
    return {
        {tr("label"), text(a.label)},  {tr("start position"), point(a.at)}, {tr("speed"), number(a.speed) + tr(" /s")},
        {tr("facts"), facts(a.facts)}, {tr("actions"), list(a.actions)},    {tr("goals"), goalRefs(a.goals)}};
}

Fields fields(const Spawner &s)
{
    return {{tr("template"), s.templateId},
            {tr("position"), point(s.at)},
            {tr("first"), seconds(s.first)},
            {tr("interval"), seconds(s.every)},
            {tr("count"), QString::number(s.max)}};
}

Fields settings(const Scenario &s)
{
    return {{tr("name"), text(s.name)},
            {tr("description"), text(s.description)},
            {tr("day length"), seconds(s.day.length)},
            {tr("tick"), seconds(s.day.tick)},
            {tr("node cap"), QString::number(s.planner.maxNodes)},
            {tr("heuristic"), QString::fromLatin1(heuristicName(s.planner.heuristic))},
            {tr("cost weight"), number(s.planner.costWeight)},
            {tr("switch margin"), number(s.planner.switchMargin)},
            {tr("rest threshold"), number(s.planner.restBelow)},
            {tr("map width"), number(s.map.width)},
            {tr("map height"), number(s.map.height)}};
}

} // namespace

QString changeText(const Station &before, const Station &after)
{
    return describe(tr("station"), before.id, after.id, fields(before), fields(after));
}

QString changeText(const Action &before, const Action &after)
{
    return describe(tr("action"), before.id, after.id, fields(before), fields(after));
}

QString changeText(const Goal &before, const Goal &after)
{
    return describe(tr("goal"), before.id, after.id, fields(before), fields(after));
}

QString changeText(const QString &kind, const Agent &before, const Agent &after)
{
    return describe(kind, before.id, after.id, fields(before), fields(after));
}

QString changeText(const Spawner &before, const Spawner &after)
{
    return describe(tr("spawner of"), before.templateId, before.templateId, fields(before), fields(after));
}

QString changeText(const Scenario &before, const Scenario &after)
{
    const Fields a = settings(before), b = settings(after);
    QStringList changed;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (a[i].second != b[i].second)
            changed << tr("%1 to %2").arg(b[i].first, b[i].second);
    return changed.isEmpty() ? tr("Change the settings") : tr("Set %1").arg(changed.join(QStringLiteral(", ")));
}

} // namespace goap::editor
