#include "scenario.h"

namespace goap {

QString toString(GoalKind kind)
{
    switch (kind) {
    case GoalKind::Need:
        return QStringLiteral("need");
    case GoalKind::Quota:
        return QStringLiteral("quota");
    case GoalKind::Maximise:
        return QStringLiteral("maximise");
    case GoalKind::Minimise:
        return QStringLiteral("minimise");
    }
    return QStringLiteral("need");
}

std::optional<GoalKind> goalKindFromString(QStringView s)
{
    if (s == u"need")
        return GoalKind::Need;
    if (s == u"quota")
        return GoalKind::Quota;
    if (s == u"maximise")
        return GoalKind::Maximise;
    if (s == u"minimise")
        return GoalKind::Minimise;
    return std::nullopt;
}

bool goalReads(const Goal &g, QStringView fact)
{
    if (isExtreme(g.kind) && g.fact == fact)
        return true;
    for (const Condition &c : g.conditions)
        if (c.fact == fact)
            return true;
    return false;
}

const char *toString(ConditionOp op)
{
    switch (op) {
    case ConditionOp::Ge:
        return ">=";
    case ConditionOp::Gt:
        return ">";
    case ConditionOp::Le:
        return "<=";
    case ConditionOp::Lt:
        return "<";
    case ConditionOp::Eq:
        return "==";
    case ConditionOp::Ne:
        return "!=";
    }
    return ">=";
}

std::optional<ConditionOp> conditionOpFromString(QStringView s)
{
    for (ConditionOp op : kConditionOps)
        if (s == QLatin1String(toString(op)))
            return op;
    return std::nullopt;
}

QString conditionText(const Condition &c)
{
    return QStringLiteral("%1 %2 %3").arg(c.fact, QLatin1String(toString(c.op))).arg(c.value);
}

namespace {
template<typename List> int indexOfId(const List &list, QStringView id)
{
    for (int i = 0; i < list.size(); ++i)
        if (list[i].id == id)
            return i;
    return -1;
}
template<typename List> auto findById(const List &list, QStringView id) -> decltype(&list[0])
{
    const int i = indexOfId(list, id);
    return i < 0 ? nullptr : &list[i];
}
} // namespace

const Station *Scenario::station(QStringView id) const
{
    return findById(stations, id);
}

QStringList Action::stations() const
{
    if (station.isEmpty())
        return {};
    QStringList all {station};
    all += alternatives;
    return all;
}
const Action *Scenario::action(QStringView id) const
{
    return findById(actions, id);
}
const Goal *Scenario::goal(QStringView id) const
{
    return findById(goals, id);
}
const Agent *Scenario::agent(QStringView id) const
{
    return findById(agents, id);
}
const Agent *Scenario::characterTemplate(QStringView id) const
{
    return findById(templates, id);
}
int Scenario::indexOfAction(QStringView id) const
{
    return indexOfId(actions, id);
}
int Scenario::indexOfGoal(QStringView id) const
{
    return indexOfId(goals, id);
}
int Scenario::indexOfAgent(QStringView id) const
{
    return indexOfId(agents, id);
}

const char *heuristicName(PlannerHeuristic heuristic)
{
    switch (heuristic) {
    case PlannerHeuristic::Unmet:
        return "unmet";
    case PlannerHeuristic::Additive:
        return "additive";
    case PlannerHeuristic::Max:
        return "max";
    case PlannerHeuristic::Lmcut:
        return "lmcut";
    }
    return "unmet";
}

std::optional<PlannerHeuristic> heuristicFromName(QStringView name)
{
    for (const PlannerHeuristic h :
         {PlannerHeuristic::Unmet, PlannerHeuristic::Additive, PlannerHeuristic::Max, PlannerHeuristic::Lmcut})
        if (name == QLatin1String(heuristicName(h)))
            return h;
    return std::nullopt;
}

} // namespace goap
