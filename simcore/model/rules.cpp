#include "rules.h"

#include "model/factname.h"
#include "space/grid.h"

#include <QLocale>

#include <cmath>
#include <limits>

namespace goap {

namespace {
constexpr qint32 kUnbounded = std::numeric_limits<qint32>::max();
}

QString numberText(double v)
{
    if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 1e15)
        return QString::number(qint64(v));
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString numberError(double v, const NumberRule &rule)
{
    const bool bad = rule.loOpen ? !(v > rule.lo) : !(v >= rule.lo);
    if (!bad && v <= rule.hi && std::isfinite(v))
        return {};
    return QStringLiteral("%1 must be %2 %3 and at most %4, got %5")
        .arg(QLatin1String(rule.what), rule.loOpen ? u">" : u">=")
        .arg(numberText(rule.lo), numberText(rule.hi), numberText(v));
}

QString idError(const QString &id)
{
    if (id.isEmpty())
        return QStringLiteral("the id is empty");
    if (!isValidId(id))
        return QStringLiteral("\"%1\" is not a valid id (a letter or '_', then letters, digits, '_' or '-'; "
                              "at most 64 characters)")
            .arg(id);
    return {};
}

QString capacityError(int capacity)
{
    if (capacity < 0 || capacity > limits::kMaxCapacity)
        return QStringLiteral("a station has 1 to %1 places (or 0 for no limit), got %2")
            .arg(limits::kMaxCapacity)
            .arg(capacity);
    return {};
}

QString seedError(const FactValue &seed)
{
    if (!isValidFactName(seed.name))
        return QStringLiteral("\"%1\" is not a valid fact name (write it without the scope prefix; "
                              "letters, digits, '_' and inner dots)")
            .arg(seed.name);
    if (seed.value < 0)
        return QStringLiteral("initial value %1 is negative; pools never go negative").arg(seed.value);
    return {};
}

QString setValueError(const Effect &e)
{
    if (e.value < 0)
        return QStringLiteral("cannot set %1 to %2; pools never go negative").arg(e.fact).arg(e.value);
    return {};
}

QString queueNameError(const QString &queue)
{
    if (!queue.isEmpty() && !isValidFactName(queue))
        return QStringLiteral("\"%1\" is not a valid queue name").arg(queue);
    return {};
}

QString conditionError(const Condition &c, std::optional<GoalKind> goal)
{
    if (c.op == ConditionOp::Ge) { // version 1's wording
        if (goal && c.value < 1)
            return QStringLiteral("%1 minimum must be at least 1, got %2 (a smaller one always holds)")
                .arg(*goal == GoalKind::Quota ? u"a quota's" : u"a need's")
                .arg(c.value);
        if (c.value < 0)
            return QStringLiteral("a minimum below 0 always holds (pools never go negative)");
        return {};
    }
    if (!conditionCanHold(negated(c.op), 0, kUnbounded, c.value))
        return QStringLiteral("%1 always holds (pools never go negative)").arg(conditionText(c));
    if (!conditionCanHold(c.op, 0, kUnbounded, c.value))
        return QStringLiteral("%1 can never hold (pools never go negative)").arg(conditionText(c));
    return {};
}

namespace {
template<typename Entry> QString rowsError(const QList<Entry> &rows)
{
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QString &fact = rows[i].fact;
        if (fact.isEmpty())
            return QStringLiteral("a row has no fact: name one, or remove the row");
        if (const QString problem = factNameProblem(fact); !problem.isEmpty())
            return QStringLiteral("%1: %2").arg(fact, problem);
        for (qsizetype j = 0; j < i; ++j)
            if (rows[j].fact == fact)
                return QStringLiteral("fact \"%1\" appears twice").arg(fact);
    }
    return {};
}
} // namespace

QString factRowsError(const QList<Condition> &rows)
{
    return rowsError(rows);
}

QString factRowsError(const QList<Effect> &rows)
{
    return rowsError(rows);
}

QString insideWallError(const MapSettings &map, const Point &p)
{
    for (const Wall &w : map.walls)
        if (wallBlocksCellAt(w, p.x, p.y))
            return QStringLiteral("(%1, %2) is inside a wall").arg(p.x).arg(p.y);
    for (const Door &d : map.doors)
        if (wallBlocksCellAt(d.rect, p.x, p.y)) // open or not: a door's cells are kept clear
            return QStringLiteral("(%1, %2) is in door %3").arg(p.x).arg(p.y).arg(d.id);
    return {};
}

} // namespace goap
