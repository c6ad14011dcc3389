#include "markdownsummary.h"

#include <map>
#include <set>

namespace goap {

namespace {

QString cell(QString s)
{
    s.replace(u'|', QStringLiteral("\\|")).replace(u'\n', u' ');
    return s;
}

QString conditions(const QList<Condition> &list)
{
    QStringList out;
    for (const Condition &c : list)
        out << QLatin1Char('`') + conditionText(c) + QLatin1Char('`');
    return out.isEmpty() ? QStringLiteral("—") : out.join(QStringLiteral(", "));
}

QString effects(const Action &a)
{
    QStringList out;
    for (const Effect &e : a.set)
        out << QStringLiteral("`%1 = %2`").arg(e.fact).arg(e.value);
    for (const Effect &e : a.add)
        out << QStringLiteral("`%1 %2 %3`")
                   .arg(e.fact, e.value < 0 ? QStringLiteral("-=") : QStringLiteral("+="))
                   .arg(std::abs(qint64(e.value)));
    return out.isEmpty() ? QStringLiteral("—") : out.join(QStringLiteral(", "));
}

struct FactRow
{
    QString seed = QStringLiteral("—");
    QStringList read, spent, added, set, goals;
};

} // namespace

QString markdownSummary(const Scenario &s)
{
    QString md;
    md += QStringLiteral("# %1\n\n").arg(s.name);
    if (!s.description.isEmpty())
        md += s.description + QStringLiteral("\n\n");
    md += QStringLiteral("Day %1 s at %2 s per tick; planner: node cap %3, cost weight %4, switch margin %5, rest "
                         "below %6; map %7 x %8.\n\n")
              .arg(s.day.length)
              .arg(s.day.tick)
              .arg(s.planner.maxNodes)
              .arg(s.planner.costWeight)
              .arg(s.planner.switchMargin)
              .arg(s.planner.restBelow)
              .arg(s.map.width)
              .arg(s.map.height);

    std::map<QString, FactRow> facts;
    for (const FactValue &f : s.world)
        facts[QStringLiteral("world.") + f.name].seed = QString::number(f.value);
    for (const Action &a : s.actions) {
        for (const Condition &c : a.pre)
            facts[c.fact].read << a.id;
        for (const Effect &e : a.set)
            facts[e.fact].set << a.id;
        for (const Effect &e : a.add)
            (e.value < 0 ? facts[e.fact].spent : facts[e.fact].added) << a.id;
    }
    for (const Goal &g : s.goals)
        for (const Condition &c : g.conditions)
            facts[c.fact].goals << g.id;
    for (const Agent &a : s.agents)
        for (const FactValue &f : a.facts)
            facts.try_emplace(QStringLiteral("agent.") + f.name);
    md += QStringLiteral("## Facts\n\n| fact | scope | world seed | read by | spent by | added by | set by | goals "
                         "|\n|---|---|---|---|---|---|---|---|\n");
    for (const auto &[name, r] : facts)
        md += QStringLiteral("| `%1` | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                  .arg(name, name.startsWith(u"world.") ? QStringLiteral("🌐 world") : QStringLiteral("🎒 agent"), r.seed,
                       r.read.join(QStringLiteral(", ")), r.spent.join(QStringLiteral(", ")),
                       r.added.join(QStringLiteral(", ")), r.set.join(QStringLiteral(", ")),
                       r.goals.join(QStringLiteral(", ")));

    md += QStringLiteral("\n## Stations\n\n| id | label | at |\n|---|---|---|\n");
    for (const Station &st : s.stations)
        md += QStringLiteral("| `%1` | %2 | (%3, %4) |\n").arg(st.id, cell(st.label)).arg(st.at.x).arg(st.at.y);

    md += QStringLiteral("\n## Actions\n\n| id | label | station | duration | cost | needs | effects "
                         "|\n|---|---|---|---|---|---|---|\n");
    for (const Action &a : s.actions)
        md += QStringLiteral("| `%1` | %2 | %3 | %4 s | %5 | %6 | %7 |\n")
                  .arg(a.id, cell(a.label),
                       a.station.isEmpty() ? QStringLiteral("where it stands") : QStringLiteral("`%1`").arg(a.station))
                  .arg(a.duration)
                  .arg(a.cost)
                  .arg(conditions(a.pre), effects(a));

    md += QStringLiteral("\n## Goals\n\n| id | label | kind | conditions | insistence |\n|---|---|---|---|---|\n");
    for (const Goal &g : s.goals)
        md += QStringLiteral("| `%1` | %2 | %3 | %4 | %5 |\n")
                  .arg(g.id, cell(g.label), toString(g.kind),
                       isExtreme(g.kind) ? QStringLiteral("`%1`, budget %2").arg(g.fact).arg(g.budget)
                                         : conditions(g.conditions),
                       climbs(g.kind) ? QStringLiteral("starts at %1, +%2/s").arg(g.start).arg(g.rate)
                                      : QStringLiteral("urgency %1 x day progress x shortfall").arg(g.urgency));

    md += QStringLiteral("\n## Characters\n\n| id | label | starts at | speed | own facts | actions | goals "
                         "|\n|---|---|---|---|---|---|---|\n");
    for (const Agent &a : s.agents) {
        QStringList own, goals;
        for (const FactValue &f : a.facts)
            own << QStringLiteral("`%1 = %2`").arg(f.name).arg(f.value);
        for (const GoalRef &r : a.goals) {
            QStringList o;
            if (r.start)
                o << QStringLiteral("start %1").arg(*r.start);
            if (r.rate)
                o << QStringLiteral("rate %1").arg(*r.rate);
            if (r.urgency)
                o << QStringLiteral("urgency %1").arg(*r.urgency);
            goals << (o.isEmpty() ? QStringLiteral("`%1`").arg(r.goal)
                                  : QStringLiteral("`%1` (%2)").arg(r.goal, o.join(QStringLiteral(", "))));
        }
        md += QStringLiteral("| `%1` | %2 | (%3, %4) | %5 | %6 | %7 | %8 |\n")
                  .arg(a.id, cell(a.label))
                  .arg(a.at.x)
                  .arg(a.at.y)
                  .arg(a.speed)
                  .arg(own.isEmpty() ? QStringLiteral("—") : own.join(QStringLiteral(", ")),
                       a.actions.join(QStringLiteral(", ")), goals.join(QStringLiteral(", ")));
    }
    return md;
}

} // namespace goap
