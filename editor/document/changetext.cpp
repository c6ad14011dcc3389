#include "changetext.h"

#include "model/queries.h"

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
    QStringList sections;
    if (idBefore != idAfter)
        sections << tr("Rename %1 %2 to %3").arg(kind, idBefore, idAfter);
    QStringList changed;
    for (qsizetype i = 0; i < after.size() && i < before.size(); ++i)
        if (before[i].second != after[i].second)
            changed << tr("%1 to %2").arg(after[i].first, after[i].second);
    if (!changed.isEmpty())
        sections << tr("Set %1 %2 %3").arg(kind, idAfter, changed.join(QStringLiteral(", ")));
    if (sections.isEmpty())
        return tr("Change %1 %2").arg(kind, idAfter);
    return sections.join(QStringLiteral("; "));
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
            {tr("leave"), onOff(a.leave)},
            {tr("external"), onOff(a.external)}};
}

Fields fields(const Goal &g)
{
    return {{tr("label"), text(g.label)},
            {tr("kind"), toString(g.kind)},
            {tr("conditions"), conditions(g.conditions)},
            {tr("start"), number(g.start)},
            {tr("rate"), number(g.rate) + tr(" /s")},
            {tr("urgency"), number(g.urgency)},
            {tr("fact"), orNone(g.fact)},
            {tr("budget"), number(g.budget)}};
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

namespace {

QString plural(EntityKind kind)
{
    switch (kind) {
    case EntityKind::Station:
        return tr("stations");
    case EntityKind::Action:
        return tr("actions");
    case EntityKind::Goal:
        return tr("goals");
    case EntityKind::Character:
        return tr("characters");
    case EntityKind::Template:
        return tr("templates");
    case EntityKind::Spawner:
        break;
    }
    return tr("spawners");
}

QString noun(EntityKind kind)
{
    return tr(nounOf(kind));
}

// One entity before and after, as changeText() words it.
template<typename T> QString entityText(EntityKind kind, const T &was, const T &now)
{
    if constexpr (std::is_same_v<T, Agent>)
        return changeText(noun(kind), was, now);
    else
        return changeText(was, now);
}

QString entityText(EntityKind kind, const Scenario &before, int index, const Scenario &after)
{
    return visitKind(
        kind, [&](auto traits) { return entityText(kind, (before.*traits.list)[index], (after.*traits.list)[index]); });
}

// What a multi-edit gave every entity, as the single-edit text words it
// ("2 /s"), when it gave them all the same; empty when the values differ
// (a drag moves each to its own place).
QString sharedNewValue(const Scenario &before, const edits::SetEntities &set)
{
    return visitKind(set.kind, [&](auto traits) {
        using T = typename decltype(traits)::Type;
        const QList<T> &now = std::get<QList<T>>(set.values);
        QString shared;
        for (qsizetype i = 0; i < set.indices.size() && i < now.size(); ++i) {
            const Fields was = fields((before.*traits.list)[set.indices[i]]), is = fields(now[i]);
            QStringList changed;
            for (qsizetype f = 0; f < was.size() && f < is.size(); ++f)
                if (was[f].second != is[f].second)
                    changed << is[f].second;
            const QString value = changed.join(QStringLiteral(", "));
            if (i > 0 && value != shared && !value.isEmpty() && !shared.isEmpty())
                return QString();
            if (shared.isEmpty())
                shared = value;
        }
        return shared;
    });
}

QString wallCells(int n)
{
    return n == 1 ? tr("1 wall cell") : tr("%1 wall cells").arg(n);
}

} // namespace

QString fieldText(Field field, EntityKind kind)
{
    if (field == Field::Position && kind == EntityKind::Character)
        return tr("start position");
    return tr(fieldName(field));
}

QString editText(const Scenario &before, const edits::Edit &edit)
{
    using edits::Op;
    const auto *set = std::get_if<edits::SetEntities>(&edit.change);
    const auto *insert = std::get_if<edits::InsertEntities>(&edit.change);
    const auto *replace = std::get_if<edits::ReplaceSections>(&edit.change);
    switch (edit.op) {
    case Op::Set:
        if (set && set->indices.size() > 1) {
            const QString what = tr("Set %1 of %2 %3")
                                     .arg(fieldText(edit.field, set->kind))
                                     .arg(set->indices.size())
                                     .arg(plural(set->kind));
            const QString value = sharedNewValue(before, *set);
            return value.isEmpty() ? what : tr("%1 to %2").arg(what, value);
        }
        if (set)
            return visitKind(set->kind, [&](auto traits) {
                using T = typename decltype(traits)::Type;
                return entityText(set->kind, (before.*traits.list)[set->indices.first()],
                                  std::get<QList<T>>(set->values).first());
            });
        if (replace) { // an id with its references
            for (EntityKind kind : kEntityKinds)
                if (replace->sections & sectionOf(kind))
                    if (const EntityRef ref = findEntity(before, kind, edit.about);
                        ref.isValid() && countOf(replace->value, kind) == countOf(before, kind))
                        return entityText(kind, before, ref.index, replace->value);
        }
        return tr("Change %1").arg(edit.about);
    case Op::Add: {
        const EntityKind kind = insert->kind;
        if (kind == EntityKind::Spawner)
            return tr("Add a spawner of %1").arg(edit.about);
        if (kind == EntityKind::Goal) {
            const Goal &g = std::get<QList<Goal>>(insert->values).first();
            switch (g.kind) {
            case GoalKind::Need:
                return tr("Add need %1").arg(g.id);
            case GoalKind::Quota:
                return tr("Add quota %1").arg(g.id);
            case GoalKind::Maximise:
                return tr("Add maximise goal %1").arg(g.id);
            case GoalKind::Minimise:
                return tr("Add minimise goal %1").arg(g.id);
            }
            return tr("Add goal %1").arg(g.id);
        }
        return tr("Add %1 %2").arg(noun(kind), edit.about);
    }
    case Op::Duplicate:
        if (insert->kind == EntityKind::Spawner)
            return tr("Duplicate a spawner of %1").arg(edit.about);
        return tr("Duplicate %1 %2 as %3").arg(noun(insert->kind), edit.detail, edit.about);
    case Op::Paste:
        return tr("Paste %1").arg(edit.about);
    case Op::Remove: {
        EntityKind kind = EntityKind::Spawner;
        if (const auto *remove = std::get_if<edits::RemoveEntities>(&edit.change))
            kind = remove->kind;
        else
            for (EntityKind k : kEntityKinds) // a cascade: the list that got shorter
                if ((replace->sections & sectionOf(k)) && countOf(replace->value, k) < countOf(before, k))
                    kind = k;
        if (kind == EntityKind::Spawner)
            return tr("Remove a spawner");
        return tr("Remove %1 %2").arg(noun(kind), edit.about);
    }
    case Op::RenameFact:
        return tr("Rename %1 to %2").arg(edit.about, edit.detail);
    case Op::SetSeed:
        for (const FactValue &f : replace->value->world)
            if (f.name == edit.about)
                return tr("Set the seed of world.%1 to %2").arg(f.name).arg(f.value);
        return tr("Set the seed of world.%1").arg(edit.about);
    case Op::RemoveSeed:
        return tr("Remove the seed of world.%1").arg(edit.about);
    case Op::AddFact:
        return tr("Add fact world.%1").arg(edit.about);
    case Op::Settings: {
        Scenario after = before;
        edits::apply(after, edit);
        return changeText(before, after);
    }
    case Op::AddWall:
        return tr("Add wall %1").arg(edit.about);
    case Op::MoveWall:
        return tr("Move wall to %1").arg(edit.about);
    case Op::ResizeWall:
        return tr("Resize wall to %1").arg(edit.about);
    case Op::RemoveWall:
        return tr("Remove wall %1").arg(edit.about);
    case Op::PaintWalls:
        return tr("Paint %1").arg(wallCells(edit.count));
    case Op::EraseWalls:
        return tr("Erase %1").arg(wallCells(edit.count));
    case Op::FillWalls:
        return tr("Fill %1").arg(wallCells(edit.count));
    case Op::ClearWalls:
        return tr("Clear %1").arg(wallCells(edit.count));
    case Op::AddDoor:
        return tr("Add door %1").arg(edit.about);
    case Op::RemoveDoor:
        return tr("Remove door %1").arg(edit.about);
    case Op::OpenDoor:
        return tr("Open door %1").arg(edit.about);
    case Op::CloseDoor:
        return tr("Close door %1").arg(edit.about);
    case Op::Revert:
        return tr("Revert to the saved file");
    }
    return {};
}

QString someOf(const QStringList &names)
{
    constexpr qsizetype kShown = 8; // a goal held by 200 characters once named them all in one dialog
    if (names.size() <= kShown + 1)
        return names.join(QStringLiteral(", "));
    return QCoreApplication::translate("ChangeText", "%1 and %n more", nullptr, int(names.size() - kShown))
        .arg(names.first(kShown).join(QStringLiteral(", ")));
}

RemovalText removalText(const Scenario &s, EntityRef entity)
{
    RemovalText r;
    const QString id = idOf(s, entity);
    switch (entity.kind) {
    case EntityKind::Station:
        r.users = actionsAtStation(s, entity.index);
        r.title = tr("Delete station %1?").arg(id);
        r.question = tr("Station %1 is used by %2.").arg(id, someOf(r.users));
        r.detail = tr("Delete it and leave them without a station (done where the character stands), or cancel.");
        r.note
            = tr("Deleted station %1: %2 now done where the character stands.")
                  .arg(id, r.users.size() == 1 ? tr("%1 is").arg(r.users.value(0)) : tr("%1 are").arg(someOf(r.users)));
        break;
    case EntityKind::Action:
        r.users = holdersOfAction(s, entity.index);
        r.title = tr("Delete action %1?").arg(id);
        r.question = tr("Action %1 is done by %2.").arg(id, someOf(r.users));
        r.detail = tr("Delete it and take it from their actions, or cancel.");
        r.note = tr("Deleted action %1: %2 can no longer do it.").arg(id, someOf(r.users));
        break;
    case EntityKind::Goal:
        r.users = holdersOfGoal(s, entity.index);
        r.title = tr("Delete goal %1?").arg(id);
        r.question = tr("Goal %1 is held by %2.").arg(id, someOf(r.users));
        r.detail = tr("Delete it and take it from their goals, or cancel.");
        r.note = tr("Deleted goal %1: %2 no longer hold it.").arg(id, someOf(r.users));
        break;
    case EntityKind::Template: {
        if (const int n = spawnersOfTemplate(s, entity.index); n > 0)
            r.users << QCoreApplication::translate("ChangeText", "%n spawner(s)", nullptr, n);
        const QString spawners = r.users.join(QString());
        r.title = tr("Delete template %1?").arg(id);
        r.question = tr("Template %1 is brought in by %2.").arg(id, spawners);
        r.detail = tr("Delete it and its spawners, or cancel.");
        r.note = tr("Deleted template %1 and %2.").arg(id, spawners);
        break;
    }
    case EntityKind::Character:
    case EntityKind::Spawner:
        break; // nothing else refers to them
    }
    return r;
}

} // namespace goap::editor
