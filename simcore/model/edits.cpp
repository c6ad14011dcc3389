#include "edits.h"

#include "model/factname.h"
#include "model/queries.h"
#include "model/rules.h"

#include <algorithm>
#include <cmath>

namespace goap::edits {

namespace {

template<typename T> using ListOf = QList<T>;

Result refused(const QString &why)
{
    Result r;
    r.error = why;
    return r;
}

Result made(Edit edit)
{
    Result r;
    r.edit = std::move(edit);
    return r;
}

// --- apply -------------------------------------------------------------------

void swapParts(Scenario &s, Scenario &v, Sections sections)
{
    if (sections & Section::Settings) {
        std::swap(s.name, v.name);
        std::swap(s.description, v.description);
        std::swap(s.day, v.day);
        std::swap(s.planner, v.planner);
        std::swap(s.map, v.map);
    }
    if (sections & Section::World)
        s.world.swap(v.world);
    for (EntityKind kind : kEntityKinds)
        if (sections & sectionOf(kind))
            visitKind(kind, [&](auto traits) { (s.*traits.list).swap(v.*traits.list); });
}

struct Applier
{
    Scenario &s;

    // Each returns the inverse.
    SetEntities operator()(SetEntities e) const
    {
        visitKind(e.kind, [&](auto traits) {
            using T = typename decltype(traits)::Type;
            auto &list = s.*traits.list;
            auto &values = std::get<QList<T>>(e.values);
            for (qsizetype k = 0; k < e.indices.size(); ++k)
                std::swap(list[e.indices[k]], values[k]);
        });
        return e;
    }
    RemoveEntities operator()(InsertEntities e) const
    {
        visitKind(e.kind, [&](auto traits) {
            using T = typename decltype(traits)::Type;
            auto &list = s.*traits.list;
            const auto &values = std::get<QList<T>>(e.values);
            for (qsizetype k = 0; k < e.indices.size(); ++k)
                list.insert(e.indices[k], values[k]);
        });
        return RemoveEntities {e.kind, std::move(e.indices)};
    }
    InsertEntities operator()(RemoveEntities e) const
    {
        Values values = visitKind(e.kind, [&](auto traits) {
            using T = typename decltype(traits)::Type;
            auto &list = s.*traits.list;
            QList<T> removed;
            removed.reserve(e.indices.size());
            for (int i : e.indices)
                removed << list[i];
            // Run by run, the last first, so the places of the runs before hold.
            for (qsizetype end = e.indices.size(); end > 0;) {
                qsizetype begin = end - 1;
                while (begin > 0 && e.indices[begin - 1] == e.indices[begin] - 1)
                    --begin;
                list.remove(e.indices[begin], end - begin);
                end = begin;
            }
            return Values {std::move(removed)};
        });
        return InsertEntities {e.kind, std::move(e.indices), std::move(values)};
    }
    ReplaceSections operator()(ReplaceSections e) const
    {
        swapParts(s, e.value, e.sections);
        return e;
    }
};

// --- rules of one entity -----------------------------------------------------

QString checkId(const Scenario &s, EntityKind kind, const QString &id, const QString &previous)
{
    if (id == previous)
        return {};
    if (const QString why = idError(id); !why.isEmpty())
        return why;
    if (takenIds(s, kind).contains(id))
        return QStringLiteral("the id \"%1\" is already used").arg(id);
    return {};
}

// Where something placed may stand: `p` moved by `d`, kept inside the map and out of walls.
QString placeError(const Scenario &s, const Point &now, const Point *was)
{
    return was && now == *was ? QString() : insideWallError(s.map, now);
}

QString entityError(const Scenario &s, EntityKind kind, const Station &now, const Station *was)
{
    if (const QString why = checkId(s, kind, now.id, was ? was->id : QString()); !why.isEmpty())
        return why;
    if (const QString why = capacityError(now.capacity); !why.isEmpty())
        return why;
    return placeError(s, now.at, was ? &was->at : nullptr);
}

QString entityError(const Scenario &s, EntityKind kind, const Action &now, const Action *was)
{
    if (const QString why = checkId(s, kind, now.id, was ? was->id : QString()); !why.isEmpty())
        return why;
    const QStringList stations = now.stations();
    for (qsizetype k = 0; k < stations.size(); ++k) {
        if (!s.station(stations[k]))
            return QStringLiteral("there is no station \"%1\"").arg(stations[k]);
        if (stations.indexOf(stations[k]) < k)
            return QStringLiteral("station \"%1\" is listed twice").arg(stations[k]);
    }
    for (const QString &why :
         {numberError(now.duration, rules::duration), numberError(now.cost, rules::cost), queueNameError(now.enqueue),
          queueNameError(now.takePartner), factRowsError(now.pre), factRowsError(now.set), factRowsError(now.add)})
        if (!why.isEmpty())
            return why;
    for (const Condition &c : now.pre)
        if (const QString why = conditionError(c, std::nullopt); !why.isEmpty())
            return QStringLiteral("%1: %2").arg(c.fact, why);
    for (const Effect &e : now.set) {
        if (const QString why = setValueError(e); !why.isEmpty())
            return why;
        if (std::any_of(now.add.begin(), now.add.end(), [&](const Effect &a) { return a.fact == e.fact; }))
            return QStringLiteral("%1 is in both \"set\" and \"add\" of one action").arg(e.fact);
    }
    return {};
}

QString entityError(const Scenario &s, EntityKind kind, const Goal &now, const Goal *was)
{
    if (const QString why = checkId(s, kind, now.id, was ? was->id : QString()); !why.isEmpty())
        return why;
    if (const QString why = factRowsError(now.conditions); !why.isEmpty())
        return why;
    for (const Condition &c : now.conditions)
        if (const QString why = conditionError(c, now.kind); !why.isEmpty())
            return QStringLiteral("%1: %2").arg(c.fact, why);
    for (const QString &why : {numberError(now.start, rules::start), numberError(now.rate, rules::rate),
                               numberError(now.urgency, rules::urgency)})
        if (!why.isEmpty())
            return why;
    if (isExtreme(now.kind)) {
        if (!now.conditions.isEmpty())
            return QStringLiteral("a %1 goal has no conditions: it compares its fact").arg(toString(now.kind));
        if (const QString why = factNameProblem(now.fact); !why.isEmpty())
            return why;
        if (now.fact.startsWith(u"partner."))
            return QStringLiteral("a goal cannot name a partner's fact");
        if (const QString why = numberError(now.budget, rules::budget); !why.isEmpty())
            return why;
    }
    return {};
}

QString entityError(const Scenario &s, EntityKind kind, const Agent &now, const Agent *was)
{
    if (const QString why = checkId(s, kind, now.id, was ? was->id : QString()); !why.isEmpty())
        return why;
    if (const QString why = numberError(now.speed, rules::speed); !why.isEmpty())
        return why;
    for (qsizetype i = 0; i < now.facts.size(); ++i) {
        if (const QString why = seedError(now.facts[i]); !why.isEmpty())
            return why;
        for (qsizetype j = 0; j < i; ++j)
            if (now.facts[j].name == now.facts[i].name)
                return QStringLiteral("fact \"%1\" is given twice").arg(now.facts[i].name);
    }
    return kind == EntityKind::Character ? placeError(s, now.at, was ? &was->at : nullptr) : QString();
}

QString entityError(const Scenario &s, EntityKind, const Spawner &now, const Spawner *was)
{
    if (!s.characterTemplate(now.templateId))
        return QStringLiteral("there is no template \"%1\"").arg(now.templateId);
    for (const QString &why :
         {numberError(now.first, rules::spawnFirst), numberError(now.every, rules::spawnInterval(s.day.tick)),
          numberError(now.max, rules::spawnCount)})
        if (!why.isEmpty())
            return why;
    return placeError(s, now.at, was ? &was->at : nullptr);
}

// Rows of facts kept sorted, as files write them.
void normalize(Station &) { }
void normalize(Spawner &) { }
void normalize(Action &a)
{
    auto byFact = [](const auto &x, const auto &y) { return x.fact < y.fact; };
    std::sort(a.pre.begin(), a.pre.end(), byFact);
    std::sort(a.set.begin(), a.set.end(), byFact);
    std::sort(a.add.begin(), a.add.end(), byFact);
}
void normalize(Goal &g)
{
    std::sort(g.conditions.begin(), g.conditions.end(),
              [](const Condition &x, const Condition &y) { return x.fact < y.fact; });
}
void normalize(Agent &a)
{
    std::sort(a.facts.begin(), a.facts.end(), [](const FactValue &x, const FactValue &y) { return x.name < y.name; });
}

// --- references --------------------------------------------------------------

// Changes the rows naming `from` to `to` (kept sorted); the list is left
// shared when no row names it.
template<typename Entry> void renameRows(QList<Entry> &rows, const QString &from, const QString &to)
{
    if (std::none_of(rows.cbegin(), rows.cend(), [&](const Entry &e) { return e.fact == from; }))
        return;
    for (Entry &e : rows)
        if (e.fact == from)
            e.fact = to;
    std::sort(rows.begin(), rows.end(), [](const Entry &a, const Entry &b) { return a.fact < b.fact; });
}

void renameSeeds(QList<FactValue> &seeds, const QString &from, const QString &to)
{
    if (std::none_of(seeds.cbegin(), seeds.cend(), [&](const FactValue &f) { return f.name == from; }))
        return;
    for (FactValue &f : seeds)
        if (f.name == from)
            f.name = to;
    std::sort(seeds.begin(), seeds.end(), [](const FactValue &a, const FactValue &b) { return a.name < b.name; });
}

// Edits the items of `list` that `matches` picks with `edit`; leaves the
// list shared when none does.
template<typename T, typename Match, typename Fn> void editWhere(QList<T> &list, Match matches, Fn edit)
{
    for (qsizetype i = 0; i < list.size(); ++i)
        if (matches(std::as_const(list)[i]))
            edit(list[i]);
}

// A goal's conditions and, for a maximise / minimise goal, the fact it compares, renamed.
void renameFactInGoal(Goal &g, const QString &from, const QString &to)
{
    renameRows(g.conditions, from, to);
    if (g.fact == from)
        g.fact = to;
}

// An action's fact rows, renamed.
void renameFactInAction(Action &a, const QString &from, const QString &to)
{
    renameRows(a.pre, from, to);
    renameRows(a.set, from, to);
    renameRows(a.add, from, to);
}

bool actionNames(const Action &a, const QString &fact)
{
    auto names = [&](const auto &rows) {
        return std::any_of(rows.cbegin(), rows.cend(), [&](const auto &e) { return e.fact == fact; });
    };
    return names(a.pre) || names(a.set) || names(a.add);
}

bool goalNames(const Goal &g, const QString &fact)
{
    return goalReads(g, fact);
}

// The sections where `after` differs from `before`, copied into an edit's value.
Edit replaceEdit(const Scenario &before, Scenario after, Op op, Field field = Field::None)
{
    Sections sections;
    const bool settings = before.name != after.name || before.description != after.description
        || before.day != after.day || before.planner != after.planner || before.map != after.map;
    if (settings)
        sections |= Section::Settings;
    if (!after.world.isSharedWith(before.world) && after.world != before.world)
        sections |= Section::World;
    for (EntityKind kind : kEntityKinds)
        visitKind(kind, [&](auto traits) {
            const auto &a = after.*traits.list, &b = before.*traits.list;
            if (!a.isSharedWith(b) && a != b)
                sections |= traits.section;
            else
                (after.*traits.list).clear(); // the edit keeps only what it changes
        });
    if (!(sections & Section::World))
        after.world.clear();
    Edit e;
    e.op = op;
    e.field = field;
    e.change = ReplaceSections {sections, std::move(after)};
    return e;
}

bool isEmptyReplace(const Edit &e)
{
    const auto *r = std::get_if<ReplaceSections>(&e.change);
    return r && !r->sections;
}

// After entity `index` of `kind` changes from `was` to `now`: references that
// follow it (an id, a station's free places, a goal's kind) in `after`.
void followReferences(Scenario &after, EntityKind kind, const Station &was, const Station &now)
{
    if (was.id == now.id)
        return;
    editWhere(
        after.actions, [&](const Action &a) { return a.stations().contains(was.id); },
        [&](Action &a) {
            if (a.station == was.id)
                a.station = now.id;
            for (QString &alt : a.alternatives)
                if (alt == was.id)
                    alt = now.id;
        });
    // Its free places are world.free.<id>: conditions on the old name would
    // read a fact nothing keeps, and the action could never run.
    const QString freeFrom = freePlacesFact(was.id), freeTo = freePlacesFact(now.id);
    editWhere(
        after.actions, [&](const Action &a) { return actionNames(a, freeFrom); },
        [&](Action &a) { renameFactInAction(a, freeFrom, freeTo); });
    editWhere(
        after.goals, [&](const Goal &g) { return goalNames(g, freeFrom); },
        [&](Goal &g) { renameFactInGoal(g, freeFrom, freeTo); });
    Q_UNUSED(kind);
}

void followReferences(Scenario &after, EntityKind, const Action &was, const Action &now)
{
    if (was.id == now.id)
        return;
    for (QList<Agent> *list : {&after.agents, &after.templates})
        editWhere(
            *list, [&](const Agent &a) { return a.actions.contains(was.id); },
            [&](Agent &a) { a.actions.replaceInStrings(was.id, now.id, Qt::CaseSensitive); });
}

void followReferences(Scenario &after, EntityKind, const Goal &was, const Goal &now)
{
    if (was.id == now.id && was.kind == now.kind)
        return;
    const bool kindChanged = was.kind != now.kind;
    auto holds = [&](const Agent &a) {
        return std::any_of(a.goals.cbegin(), a.goals.cend(), [&](const GoalRef &r) { return r.goal == was.id; });
    };
    for (QList<Agent> *list : {&after.agents, &after.templates})
        editWhere(*list, holds, [&](Agent &a) {
            for (GoalRef &r : a.goals) {
                if (r.goal != was.id)
                    continue;
                r.goal = now.id;
                if (kindChanged) { // overrides of the other kind no longer apply
                    r.urgency.reset();
                    r.start.reset();
                    r.rate.reset();
                }
            }
        });
}

void followReferences(Scenario &after, EntityKind kind, const Agent &was, const Agent &now)
{
    if (kind != EntityKind::Template || was.id == now.id)
        return;
    editWhere(
        after.spawners, [&](const Spawner &sp) { return sp.templateId == was.id; },
        [&](Spawner &sp) { sp.templateId = now.id; });
}

void followReferences(Scenario &, EntityKind, const Spawner &, const Spawner &) { }

// A place beside `p` where something may stand: one cell right, left, down
// or up, else `p` itself.
Point spotBeside(const Scenario &s, const Point &p)
{
    const Point tries[] = {{p.x + 1, p.y}, {p.x - 1, p.y}, {p.x, p.y + 1}, {p.x, p.y - 1}};
    for (const Point &q : tries)
        if (q.x >= 0 && q.y >= 0 && q.x <= s.map.width && q.y <= s.map.height && insideWallError(s.map, q).isEmpty())
            return q;
    return p;
}

// A free place at or near `p` (rings of cells around it), else `p`.
Point freeSpotNear(const Scenario &s, const Point &p)
{
    for (int r = 0; r <= 8; ++r)
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != r)
                    continue;
                const Point q {p.x + dx, p.y + dy};
                if (q.x >= 0 && q.y >= 0 && q.x <= s.map.width && q.y <= s.map.height
                    && insideWallError(s.map, q).isEmpty())
                    return q;
            }
    return p;
}

} // namespace

Edit apply(Scenario &s, Edit edit)
{
    edit.change = std::visit([&](auto change) -> decltype(Edit::change) { return Applier {s}(std::move(change)); },
                             std::move(edit.change));
    return edit;
}

Sections sectionsOf(const Edit &edit)
{
    return std::visit(
        [](const auto &c) -> Sections {
            if constexpr (std::is_same_v<std::decay_t<decltype(c)>, ReplaceSections>)
                return c.sections;
            else
                return sectionOf(c.kind);
        },
        edit.change);
}

// --- entities ----------------------------------------------------------------

Result setEntities(const Scenario &s, EntityKind kind, const QList<int> &indices, Values values, Field field)
{
    return visitKind(kind, [&](auto traits) -> Result {
        using T = typename decltype(traits)::Type;
        const auto &list = s.*traits.list;
        auto *items = std::get_if<QList<T>>(&values);
        if (!items || items->size() != indices.size() || indices.isEmpty())
            return refused(QStringLiteral("the values do not match the %1s").arg(QLatin1String(traits.noun)));
        const bool several = indices.size() > 1;
        QList<int> changed;
        QList<T> after;
        for (qsizetype k = 0; k < indices.size(); ++k) {
            const int i = indices[k];
            if (i < 0 || i >= list.size() || indices.indexOf(i) < k)
                return refused(QStringLiteral("there is no such %1").arg(QLatin1String(traits.noun)));
            T now = (*items)[k];
            normalize(now);
            const T &was = list[i];
            if (now == was)
                continue;
            if (several && idOfItem(now) != idOfItem(was))
                return refused(QStringLiteral("ids are changed one at a time"));
            if constexpr (std::is_same_v<T, Goal>)
                if (several && (now.kind != was.kind || now.conditions != was.conditions))
                    return refused(QStringLiteral("several goals change their label, start, rate or urgency "
                                                  "together; ids, kinds and conditions one at a time"));
            if (const QString why = entityError(s, kind, now, &was); !why.isEmpty())
                return refused(several ? QStringLiteral("%1: %2").arg(idOfItem(was), why) : why);
            changed << i;
            after << std::move(now);
        }
        if (changed.isEmpty())
            return {};
        Edit e;
        e.op = Op::Set;
        e.field = field;
        e.about = idOfItem(list[changed.first()]);
        bool followed = !several && idOfItem(after.first()) != e.about;
        if constexpr (std::is_same_v<T, Goal>)
            followed = followed || (!several && after.first().kind != list[changed.first()].kind);
        if (followed) { // an id (or a goal's kind) that others refer to
            Scenario moved = s;
            followReferences(moved, kind, list[changed.first()], after.first());
            (moved.*traits.list)[changed.first()] = after.first();
            Edit replaced = replaceEdit(s, std::move(moved), Op::Set, field);
            if (sectionsOf(replaced) != Sections(traits.section)) {
                replaced.about = e.about;
                return made(std::move(replaced));
            }
        }
        e.change = SetEntities {kind, std::move(changed), Values {std::move(after)}};
        return made(std::move(e));
    });
}

Result addEntity(const Scenario &s, EntityKind kind, const Point &at, GoalKind goalKind)
{
    return visitKind(kind, [&](auto traits) -> Result {
        using T = typename decltype(traits)::Type;
        T item {};
        if constexpr (std::is_same_v<T, Spawner>) {
            if (s.templates.isEmpty())
                return refused(QStringLiteral("add a template first: a spawner brings copies of one"));
            item.templateId = s.templates.first().id;
            item.at = freeSpotNear(s, Point {1, std::round(s.map.height / 2)});
        } else {
            QString base = QLatin1String(traits.idBase);
            if constexpr (std::is_same_v<T, Station>)
                item.label = QStringLiteral("Station");
            if constexpr (std::is_same_v<T, Action>)
                item.label = QStringLiteral("New action");
            if constexpr (std::is_same_v<T, Goal>) {
                item.kind = goalKind;
                base = toString(goalKind);
                item.label = goalKind == GoalKind::Need ? QStringLiteral("New need")
                    : goalKind == GoalKind::Quota       ? QStringLiteral("New quota")
                                                        : QStringLiteral("New %1 goal").arg(toString(goalKind));
                if (isExtreme(goalKind)) { // the first fact in use (else agent.fact) within a budget of 10
                    const QStringList facts = factsInUse(s);
                    item.fact = facts.isEmpty() ? QStringLiteral("agent.fact") : facts.first();
                    item.budget = 10;
                }
            }
            if constexpr (std::is_same_v<T, Agent>)
                item.label = kind == EntityKind::Character ? QStringLiteral("Character") : QStringLiteral("Visitor");
            item.id = uniqueId(base, takenIds(s, kind));
            if constexpr (traits.placed) {
                if (const QString why = insideWallError(s.map, at); !why.isEmpty())
                    return refused(why);
                item.at = at;
            }
        }
        const int index = int((s.*traits.list).size());
        Edit e;
        e.op = Op::Add;
        e.about = idOfItem(item);
        if constexpr (std::is_same_v<T, Spawner>)
            e.about = item.templateId;
        e.change = InsertEntities {kind, {index}, Values {QList<T> {item}}};
        Result r = made(std::move(e));
        r.created = EntityRef {kind, index};
        return r;
    });
}

Result duplicate(const Scenario &s, EntityRef ref)
{
    return visitKind(ref.kind, [&](auto traits) -> Result {
        using T = typename decltype(traits)::Type;
        const auto &list = s.*traits.list;
        if (ref.index < 0 || ref.index >= list.size())
            return refused(QStringLiteral("there is no such %1").arg(QLatin1String(traits.noun)));
        T copy = list[ref.index];
        Edit e;
        e.op = Op::Duplicate;
        if constexpr (std::is_same_v<T, Spawner>) {
            e.about = e.detail = copy.templateId;
        } else {
            e.detail = copy.id;
            copy.id = uniqueId(copy.id, takenIds(s, ref.kind));
            copy.label = QStringLiteral("%1 (copy)").arg(copy.label);
            e.about = copy.id;
            if constexpr (traits.placed)
                copy.at = spotBeside(s, copy.at); // beside it, not hidden under it, never in a wall
        }
        e.change = InsertEntities {ref.kind, {ref.index + 1}, Values {QList<T> {copy}}};
        Result r = made(std::move(e));
        r.created = EntityRef {ref.kind, ref.index + 1};
        return r;
    });
}

Result remove(const Scenario &s, EntityRef ref)
{
    if (ref.index < 0 || ref.index >= countOf(s, ref.kind))
        return refused(QStringLiteral("there is no such %1").arg(QLatin1String(nounOf(ref.kind))));
    Scenario after = s;
    const QString id = idOf(s, ref);
    switch (ref.kind) {
    case EntityKind::Station:
        editWhere(
            after.actions, [&](const Action &a) { return a.stations().contains(id); },
            [&](Action &a) {
                a.alternatives.removeAll(id);
                if (a.station == id) // its next alternative, or where the character stands
                    a.station = a.alternatives.isEmpty() ? QString() : a.alternatives.takeFirst();
            });
        break;
    case EntityKind::Action:
        for (QList<Agent> *list : {&after.agents, &after.templates})
            editWhere(
                *list, [&](const Agent &a) { return a.actions.contains(id); },
                [&](Agent &a) { a.actions.removeAll(id); });
        break;
    case EntityKind::Goal:
        for (QList<Agent> *list : {&after.agents, &after.templates})
            editWhere(
                *list,
                [&](const Agent &a) {
                    return std::any_of(a.goals.cbegin(), a.goals.cend(),
                                       [&](const GoalRef &r) { return r.goal == id; });
                },
                [&](Agent &a) { a.goals.removeIf([&](const GoalRef &r) { return r.goal == id; }); });
        break;
    case EntityKind::Template:
        if (std::any_of(s.spawners.cbegin(), s.spawners.cend(), [&](const Spawner &sp) { return sp.templateId == id; }))
            after.spawners.removeIf([&](const Spawner &sp) { return sp.templateId == id; });
        break;
    case EntityKind::Character:
    case EntityKind::Spawner:
        break;
    }
    Edit e = replaceEdit(s, after, Op::Remove);
    e.about = ref.kind == EntityKind::Spawner ? s.spawners[ref.index].templateId : id;
    if (!isEmptyReplace(e)) { // a cascade: the removal and its fix-ups, one step
        visitKind(ref.kind, [&](auto traits) { (after.*traits.list).removeAt(ref.index); });
        Edit cascade = replaceEdit(s, std::move(after), Op::Remove);
        cascade.about = e.about;
        return made(std::move(cascade));
    }
    e.change = RemoveEntities {ref.kind, {ref.index}};
    return made(std::move(e));
}

// --- facts -------------------------------------------------------------------

Result renameFact(const Scenario &s, const QString &from, const QString &to)
{
    const auto source = parseFactName(from);
    if (!source)
        return refused(QStringLiteral("\"%1\" is not a fact").arg(from));
    if (!to.startsWith(scopePrefix(source->scope)))
        return refused(QStringLiteral("a fact keeps its scope: the new name must start with \"%1\"")
                           .arg(scopePrefix(source->scope)));
    if (const QString problem = factNameProblem(to); !problem.isEmpty())
        return refused(problem);
    if (from == to)
        return {};
    if (factsInUse(s).contains(to))
        return refused(QStringLiteral("%1 is already in use").arg(to));
    // Facts the simulation keeps: a station's free places follow its id; a
    // queue's length is renamed with the queue itself.
    if (const QString station = stationOfFreePlaces(from); !station.isEmpty() && s.station(station))
        return refused(
            QStringLiteral("%1 counts the free places of station %2: rename the station instead").arg(from, station));
    if (const QString station = stationOfFreePlaces(to); !station.isEmpty() && s.station(station))
        return refused(QStringLiteral("%1 counts the free places of station %2").arg(to, station));
    const QString queuePrefix = queueFact(QString());
    const QString nameFrom = queueOfFact(from), nameTo = queueOfFact(to);
    const bool queue = !nameFrom.isEmpty();
    if (queue != !nameTo.isEmpty())
        return refused(queue ? QStringLiteral("%1 is the length of a queue: its new name must start with \"%2\"")
                                   .arg(from, queuePrefix)
                             : QStringLiteral("names starting with \"%1\" are the lengths of queues").arg(queuePrefix));
    Scenario after = s;
    if (queue) { // the queue itself: who joins it and who takes from it
        for (const Action &a : s.actions)
            if (a.enqueue == nameTo || a.takePartner == nameTo)
                return refused(QStringLiteral("there is already a queue \"%1\" (%2 uses it)").arg(nameTo, a.id));
        editWhere(
            after.actions, [&](const Action &a) { return a.enqueue == nameFrom || a.takePartner == nameFrom; },
            [&](Action &a) {
                if (a.enqueue == nameFrom)
                    a.enqueue = nameTo;
                if (a.takePartner == nameFrom)
                    a.takePartner = nameTo;
            });
    }
    const QString bareFrom = bareName(from), bareTo = bareName(to);
    if (source->scope == Scope::World)
        renameSeeds(after.world, bareFrom, bareTo);
    const bool agentFact = source->scope == Scope::Agent;
    const QString partnerFrom = QStringLiteral("partner.") + bareFrom, partnerTo = QStringLiteral("partner.") + bareTo;
    editWhere(
        after.actions,
        [&](const Action &a) { return actionNames(a, from) || (agentFact && actionNames(a, partnerFrom)); },
        [&](Action &a) {
            renameFactInAction(a, from, to);
            if (agentFact) { // what partners are given is the same fact
                renameRows(a.set, partnerFrom, partnerTo);
                renameRows(a.add, partnerFrom, partnerTo);
            }
        });
    editWhere(
        after.goals, [&](const Goal &g) { return goalNames(g, from); },
        [&](Goal &g) { renameFactInGoal(g, from, to); });
    if (agentFact) {
        auto seeds = [&](const Agent &a) {
            return std::any_of(a.facts.cbegin(), a.facts.cend(),
                               [&](const FactValue &f) { return f.name == bareFrom; });
        };
        for (QList<Agent> *list : {&after.agents, &after.templates})
            editWhere(*list, seeds, [&](Agent &a) { renameSeeds(a.facts, bareFrom, bareTo); });
    }
    Edit e = replaceEdit(s, std::move(after), Op::RenameFact);
    e.about = from;
    e.detail = to;
    if (isEmptyReplace(e))
        return {};
    return made(std::move(e));
}

namespace {
void sortSeeds(QList<FactValue> &seeds)
{
    std::sort(seeds.begin(), seeds.end(), [](const FactValue &a, const FactValue &b) { return a.name < b.name; });
}
} // namespace

Result setWorldSeed(const Scenario &s, const QString &name, qint32 value)
{
    if (const QString why = seedError(FactValue {name, value}); !why.isEmpty())
        return refused(why);
    Scenario after = s;
    const auto it = std::find_if(s.world.cbegin(), s.world.cend(), [&](const FactValue &f) { return f.name == name; });
    if (it == s.world.cend()) {
        after.world.append(FactValue {name, value});
        sortSeeds(after.world);
    } else if (it->value != value) {
        after.world[it - s.world.cbegin()].value = value;
    }
    Edit e = replaceEdit(s, std::move(after), Op::SetSeed, Field::Seed);
    e.about = name;
    if (isEmptyReplace(e))
        return {};
    return made(std::move(e));
}

Result removeWorldSeed(const Scenario &s, const QString &name)
{
    if (std::none_of(s.world.cbegin(), s.world.cend(), [&](const FactValue &f) { return f.name == name; }))
        return {};
    Scenario after = s;
    after.world.removeIf([&](const FactValue &f) { return f.name == name; });
    Edit e = replaceEdit(s, std::move(after), Op::RemoveSeed);
    e.about = name;
    return made(std::move(e));
}

Result addWorldFact(const Scenario &s)
{
    QStringList taken;
    for (const QString &f : factsInUse(s))
        if (f.startsWith(u"world."))
            taken << bareName(f);
    const QString name = uniqueId(QStringLiteral("fact"), taken);
    Scenario after = s;
    after.world.append(FactValue {name, 0});
    sortSeeds(after.world);
    Edit e = replaceEdit(s, std::move(after), Op::AddFact);
    e.about = name;
    return made(std::move(e));
}

// --- settings and walls ------------------------------------------------------

Result setSettings(const Scenario &s, const QString &name, const QString &description, const DaySettings &day,
                   const PlannerSettings &planner, const MapSettings &map, Field field)
{
    if (name.trimmed().isEmpty())
        return refused(QStringLiteral("the scenario needs a name"));
    Scenario after = s;
    after.name = name;
    after.description = description;
    after.day = day;
    after.planner = planner;
    after.map.width = map.width;
    after.map.height = map.height;
    Edit e = replaceEdit(s, std::move(after), Op::Settings, field);
    if (isEmptyReplace(e))
        return {};
    return made(std::move(e));
}

QString wallError(const Scenario &s, const Wall &wall)
{
    if (!(wall.w > 0) || !(wall.h > 0))
        return QStringLiteral("a wall needs a width and a height");
    if (wall.x < 0 || wall.y < 0 || wall.x + wall.w > s.map.width + 1e-9 || wall.y + wall.h > s.map.height + 1e-9)
        return QStringLiteral("a wall must lie inside the map (%1 x %2)").arg(s.map.width).arg(s.map.height);
    auto covers = [&](const Point &p) { return wallBlocksCellAt(wall, p.x, p.y); };
    for (const Station &st : s.stations)
        if (covers(st.at))
            return QStringLiteral("the wall would cover station %1").arg(st.id);
    for (const Agent &a : s.agents)
        if (covers(a.at))
            return QStringLiteral("the wall would cover where %1 starts").arg(a.id);
    for (const Spawner &sp : s.spawners)
        if (covers(sp.at))
            return QStringLiteral("the wall would cover the spawner of %1").arg(sp.templateId);
    return {};
}

namespace {
// An edit of the map's walls or doors (one field: what blocks), none when nothing changes.
Result mapEdit(const Scenario &s, Scenario after, Op op, int count, const QString &about)
{
    Edit e = replaceEdit(s, std::move(after), op, Field::Walls);
    e.count = count;
    e.about = about;
    if (isEmptyReplace(e))
        return {};
    return made(std::move(e));
}

Result wallsEdit(const Scenario &s, QList<Wall> walls, Op op, int count = 0)
{
    Scenario after = s;
    after.map.walls = std::move(walls);
    return mapEdit(s, std::move(after), op, count, {});
}

QString wallText(const Wall &w)
{
    return QStringLiteral("%1 x %2 at (%3, %4)").arg(w.w).arg(w.h).arg(w.x).arg(w.y);
}

// Whole cells to rectangles: runs along each row, then runs of equal rows stacked.
QList<Wall> rectanglesOf(std::vector<Cell> cells)
{
    std::sort(cells.begin(), cells.end(), [](Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    struct Run
    {
        int x0, x1, y0, y1;
    };
    std::vector<Run> open;
    for (size_t k = 0; k < cells.size();) {
        size_t e = k + 1;
        while (e < cells.size() && cells[e].y == cells[k].y && cells[e].x == cells[e - 1].x + 1)
            ++e;
        const Run r {cells[k].x, cells[e - 1].x + 1, cells[k].y, cells[k].y + 1};
        k = e;
        // Extend a rectangle of the row above with the same span.
        const auto above = std::find_if(open.begin(), open.end(),
                                        [&](const Run &o) { return o.x0 == r.x0 && o.x1 == r.x1 && o.y1 == r.y0; });
        if (above != open.end())
            above->y1 = r.y1;
        else
            open.push_back(r);
    }
    QList<Wall> out;
    for (const Run &o : open)
        out.append(Wall {double(o.x0), double(o.y0), double(o.x1 - o.x0), double(o.y1 - o.y0)});
    return out;
}

// The cells a wall blocks (as Grid burns them: centres inside it).
std::vector<Cell> cellsOf(const Wall &w)
{
    std::vector<Cell> out;
    for (int y = int(std::ceil(w.y - 0.5)); y + 0.5 < w.y + w.h; ++y)
        for (int x = int(std::ceil(w.x - 0.5)); x + 0.5 < w.x + w.w; ++x)
            out.push_back(Cell {x, y});
    return out;
}
} // namespace

Result addWall(const Scenario &s, const Wall &wall)
{
    if (const QString why = wallError(s, wall); !why.isEmpty())
        return refused(why);
    Result r = wallsEdit(s, s.map.walls + QList<Wall> {wall}, Op::AddWall);
    if (r.edit)
        r.edit->about = wallText(wall);
    return r;
}

Result setWall(const Scenario &s, int index, const Wall &wall)
{
    if (index < 0 || index >= s.map.walls.size())
        return refused(QStringLiteral("there is no such wall"));
    const Wall &before = s.map.walls[index];
    if (before == wall)
        return {};
    if (const QString why = wallError(s, wall); !why.isEmpty())
        return refused(why);
    QList<Wall> walls = s.map.walls;
    walls[index] = wall;
    const bool moved = before.w == wall.w && before.h == wall.h;
    Result r = wallsEdit(s, std::move(walls), moved ? Op::MoveWall : Op::ResizeWall);
    if (r.edit)
        r.edit->about = wallText(wall);
    return r;
}

Result removeWall(const Scenario &s, int index)
{
    if (index < 0 || index >= s.map.walls.size())
        return refused(QStringLiteral("there is no such wall"));
    QList<Wall> walls = s.map.walls;
    const Wall wall = walls.takeAt(index);
    Result r = wallsEdit(s, std::move(walls), Op::RemoveWall);
    if (r.edit)
        r.edit->about = wallText(wall);
    return r;
}

Result paintWalls(const Scenario &s, const QList<Cell> &cells, bool erase)
{
    const auto inMap = [&](Cell c) {
        return c.x >= 0 && c.y >= 0 && c.x + 1 <= s.map.width + 1e-9 && c.y + 1 <= s.map.height + 1e-9;
    };
    const auto blocked = [&](Cell c) {
        return std::any_of(s.map.walls.begin(), s.map.walls.end(),
                           [&](const Wall &w) { return wallBlocksCellAt(w, c.x + 0.5, c.y + 0.5); });
    };
    int changed = 0;
    QString note;
    QList<Wall> walls;
    if (!erase) {
        std::vector<Cell> fresh;
        int kept = 0;
        for (const Cell c : cells) {
            if (!inMap(c) || blocked(c))
                continue;
            if (!wallError(s, Wall {double(c.x), double(c.y), 1, 1}).isEmpty()) {
                ++kept; // a station, a start or a spawner stands there
                continue;
            }
            fresh.push_back(c);
        }
        if (kept > 0)
            note = kept == 1
                ? QStringLiteral("1 cell with a station, a start or a spawner on it stays free")
                : QStringLiteral("%1 cells with a station, a start or a spawner on them stay free").arg(kept);
        changed = int(fresh.size());
        walls = s.map.walls + rectanglesOf(fresh);
    } else {
        for (const Wall &w : s.map.walls) {
            std::vector<Cell> left;
            bool cut = false;
            for (const Cell c : cellsOf(w)) {
                if (cells.contains(c)) {
                    cut = true;
                    ++changed;
                } else {
                    left.push_back(c);
                }
            }
            if (!cut)
                walls.append(w);
            else
                walls += rectanglesOf(left);
        }
    }
    Result r;
    if (changed > 0)
        r = wallsEdit(s, std::move(walls), erase ? Op::EraseWalls : Op::PaintWalls, changed);
    r.note = note;
    return r;
}

Result fillWalls(const Scenario &s, Cell at, bool erase)
{
    // A fill stops at every door, open or closed (a door's cells are the
    // door's); a clear takes walls only.
    MapSettings bounds = s.map;
    for (Door &d : bounds.doors)
        d.open = false;
    if (erase)
        bounds.doors.clear();
    const Grid grid(bounds);
    if (!grid.inside(at))
        return refused(QStringLiteral("cell (%1, %2) is outside the map").arg(at.x).arg(at.y));
    if (grid.blocked(at) != erase)
        return refused(
            erase ? QStringLiteral("cell (%1, %2) is no wall: nothing to clear").arg(at.x).arg(at.y)
                  : QStringLiteral("cell (%1, %2) is a wall already (Shift+click clears a wall)").arg(at.x).arg(at.y));
    std::vector<std::uint8_t> seen;
    const std::vector<Cell> region = grid.floodFrom(at, kFillCellLimit, seen);
    if (int(region.size()) > kFillCellLimit)
        return refused(QStringLiteral("the region has more than %1 cells, the most a fill covers; draw walls "
                                      "round a smaller one")
                           .arg(kFillCellLimit));
    const auto inRegion = [&](const Point &p) {
        const Cell c = Grid::cellOf(p.x, p.y);
        return grid.inside(c) && seen[size_t(grid.index(c))];
    };
    if (!erase) {
        for (const Station &st : s.stations)
            if (inRegion(st.at))
                return refused(QStringLiteral("the fill would bury station %1").arg(st.id));
        for (const Agent &a : s.agents)
            if (inRegion(a.at))
                return refused(QStringLiteral("the fill would bury where %1 starts").arg(a.id));
        for (const Spawner &sp : s.spawners)
            if (inRegion(sp.at))
                return refused(QStringLiteral("the fill would bury the spawner of %1").arg(sp.templateId));
        return wallsEdit(s, s.map.walls + rectanglesOf(region), Op::FillWalls, int(region.size()));
    }
    // A wall that loses cells is cut into the rectangles that remain; one
    // wholly cleared goes.
    QList<Wall> walls;
    for (const Wall &w : s.map.walls) {
        std::vector<Cell> left;
        bool cut = false;
        for (const Cell c : cellsOf(w)) {
            if (grid.inside(c) && seen[size_t(grid.index(c))])
                cut = true;
            else
                left.push_back(c);
        }
        if (!cut)
            walls.append(w);
        else
            walls += rectanglesOf(std::move(left));
    }
    return wallsEdit(s, std::move(walls), Op::ClearWalls, int(region.size()));
}

namespace {
Result doorsEdit(const Scenario &s, QList<Door> doors, Op op, const QString &id)
{
    Scenario after = s;
    after.map.doors = std::move(doors);
    return mapEdit(s, std::move(after), op, 0, id);
}
} // namespace

Result addDoor(const Scenario &s, const Wall &rect)
{
    if (!(rect.w > 0) || !(rect.h > 0) || rect.x < 0 || rect.y < 0 || rect.x + rect.w > s.map.width + 1e-9
        || rect.y + rect.h > s.map.height + 1e-9)
        return refused(QStringLiteral("a door must lie within the map"));
    if (const QString why = wallError(s, rect); !why.isEmpty())
        return refused(QString(why).replace(QStringLiteral("the wall"), QStringLiteral("the door")));
    QString id;
    for (int n = 1; id.isEmpty(); ++n) {
        const QString candidate = QStringLiteral("door%1").arg(n);
        if (std::none_of(s.map.doors.begin(), s.map.doors.end(), [&](const Door &d) { return d.id == candidate; }))
            id = candidate;
    }
    return doorsEdit(s, s.map.doors + QList<Door> {Door {id, rect, false}}, Op::AddDoor, id);
}

Result removeDoor(const Scenario &s, int index)
{
    if (index < 0 || index >= s.map.doors.size())
        return refused(QStringLiteral("there is no such door"));
    QList<Door> doors = s.map.doors;
    const QString id = doors.takeAt(index).id;
    return doorsEdit(s, std::move(doors), Op::RemoveDoor, id);
}

Result toggleDoor(const Scenario &s, int index)
{
    if (index < 0 || index >= s.map.doors.size())
        return refused(QStringLiteral("there is no such door"));
    QList<Door> doors = s.map.doors;
    Door &d = doors[index];
    if (d.open) { // closing it: nothing may stand in it
        if (const QString why = wallError(s, d.rect); !why.isEmpty())
            return refused(QString(why).replace(QStringLiteral("the wall"), QStringLiteral("the closed door")));
    }
    d.open = !d.open;
    return doorsEdit(s, doors, d.open ? Op::OpenDoor : Op::CloseDoor, d.id);
}

Result revertTo(const Scenario &s, const Scenario &saved)
{
    Edit e = replaceEdit(s, saved, Op::Revert);
    if (isEmptyReplace(e))
        return {};
    return made(std::move(e));
}

} // namespace goap::edits

namespace goap::edits {

bool changesNothing(const Scenario &s, const Edit &edit)
{
    if (const auto *set = std::get_if<SetEntities>(&edit.change))
        return visitKind(set->kind, [&](auto traits) {
            using T = typename decltype(traits)::Type;
            const auto &list = s.*traits.list;
            const auto &values = std::get<QList<T>>(set->values);
            for (qsizetype k = 0; k < set->indices.size(); ++k)
                if (!(list[set->indices[k]] == values[k]))
                    return false;
            return true;
        });
    if (const auto *replace = std::get_if<ReplaceSections>(&edit.change)) {
        const Scenario &v = replace->value;
        if ((replace->sections & Section::Settings)
            && !(s.name == v.name && s.description == v.description && s.day == v.day && s.planner == v.planner
                 && s.map == v.map))
            return false;
        if ((replace->sections & Section::World) && s.world != v.world)
            return false;
        for (EntityKind kind : kEntityKinds)
            if ((replace->sections & sectionOf(kind))
                && !visitKind(kind, [&](auto traits) { return s.*traits.list == v.*traits.list; }))
                return false;
        return true;
    }
    if (const auto *insert = std::get_if<InsertEntities>(&edit.change))
        return insert->indices.isEmpty();
    return std::get<RemoveEntities>(edit.change).indices.isEmpty();
}

bool sameTarget(const Edit &a, const Edit &b)
{
    if (a.op != b.op || a.field != b.field || a.change.index() != b.change.index())
        return false;
    if (const auto *x = std::get_if<SetEntities>(&a.change)) {
        const auto &y = std::get<SetEntities>(b.change);
        return x->kind == y.kind && x->indices == y.indices;
    }
    if (const auto *x = std::get_if<ReplaceSections>(&a.change))
        return x->sections == std::get<ReplaceSections>(b.change).sections && a.about == b.about;
    return false;
}

} // namespace goap::edits
