#include "fragment.h"

#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "model/factname.h"
#include "model/queries.h"
#include "model/rules.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace goap {

namespace {

QStringList &rootsOf(Fragment &f, EntityKind kind)
{
    return f.roots[size_t(kind)];
}

// The world facts an action or a goal names (partner and agent facts live
// in the characters' own pools, which travel with them).
template<typename Rows> void worldFactsOf(const Rows &rows, QSet<QString> &out)
{
    for (const auto &row : rows)
        if (row.fact.startsWith(u"world."))
            out.insert(bareName(row.fact));
}

struct Gatherer
{
    const Scenario &s;
    QSet<QString> stations, actions, goals, agents, templates;
    QList<int> spawners;

    void station(const QString &id) { stations.insert(id); }
    void action(const QString &id)
    {
        if (actions.contains(id) || !s.action(id))
            return;
        actions.insert(id);
        for (const QString &st : s.action(id)->stations())
            station(st);
    }
    void goal(const QString &id) { goals.insert(id); }
    void holder(const Agent &a)
    {
        for (const QString &id : a.actions)
            action(id);
        for (const GoalRef &r : a.goals)
            goal(r.goal);
    }
    void add(EntityRef ref)
    {
        if (ref.index < 0 || ref.index >= countOf(s, ref.kind))
            return;
        switch (ref.kind) {
        case EntityKind::Station:
            station(s.stations[ref.index].id);
            break;
        case EntityKind::Action:
            action(s.actions[ref.index].id);
            break;
        case EntityKind::Goal:
            goal(s.goals[ref.index].id);
            break;
        case EntityKind::Character:
            agents.insert(s.agents[ref.index].id);
            holder(s.agents[ref.index]);
            break;
        case EntityKind::Template:
            templates.insert(s.templates[ref.index].id);
            holder(s.templates[ref.index]);
            break;
        case EntityKind::Spawner:
            if (!spawners.contains(ref.index))
                spawners << ref.index;
            if (const Agent *t = s.characterTemplate(s.spawners[ref.index].templateId)) {
                templates.insert(t->id);
                holder(*t);
            }
            break;
        }
    }
};

// `list`'s items whose ids are in `ids`, in the source's order.
template<typename T> QList<T> picked(const QList<T> &list, const QSet<QString> &ids)
{
    QList<T> out;
    for (const T &item : list)
        if (ids.contains(item.id))
            out << item;
    return out;
}

QString plural(qsizetype n, const char *one, const char *many)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

// Renames the rows naming `from` (kept sorted, as files and the edits keep them).
template<typename Entry> void renameRows(QList<Entry> &rows, const QString &from, const QString &to)
{
    bool any = false;
    for (Entry &e : rows)
        if (e.fact == from) {
            e.fact = to;
            any = true;
        }
    if (any)
        std::sort(rows.begin(), rows.end(), [](const Entry &a, const Entry &b) { return a.fact < b.fact; });
}

// The ids of a kind as the fragment's entities will have them in the target.
using Renames = QHash<QString, QString>;

QString renamed(const Renames &r, const QString &id)
{
    return r.value(id, id);
}

void follow(Action &a, const Renames &stations)
{
    a.station = a.station.isEmpty() ? a.station : renamed(stations, a.station);
    for (QString &alt : a.alternatives)
        alt = renamed(stations, alt);
    for (auto it = stations.cbegin(); it != stations.cend(); ++it) {
        const QString from = freePlacesFact(it.key()), to = freePlacesFact(it.value());
        renameRows(a.pre, from, to);
        renameRows(a.set, from, to);
        renameRows(a.add, from, to);
    }
}

void follow(Goal &g, const Renames &stations)
{
    for (auto it = stations.cbegin(); it != stations.cend(); ++it) {
        renameRows(g.conditions, freePlacesFact(it.key()), freePlacesFact(it.value()));
        if (g.fact == freePlacesFact(it.key()))
            g.fact = freePlacesFact(it.value());
    }
}

void follow(Agent &a, const Renames &actions, const Renames &goals)
{
    for (QString &id : a.actions)
        id = renamed(actions, id);
    for (GoalRef &r : a.goals)
        r.goal = renamed(goals, r.goal);
}

bool inMap(const MapSettings &map, const Point &p)
{
    return p.x >= 0 && p.y >= 0 && p.x <= map.width && p.y <= map.height;
}

// A free place at or near `p` inside the map (rings of cells around it).
std::optional<Point> freeSpotNear(const MapSettings &map, const Point &p)
{
    for (int r = 0; r <= 16; ++r)
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != r)
                    continue;
                const Point q {p.x + dx, p.y + dy};
                if (inMap(map, q) && insideWallError(map, q).isEmpty())
                    return q;
            }
    return std::nullopt;
}

} // namespace

bool Fragment::isEmpty() const
{
    return content.stations.isEmpty() && content.actions.isEmpty() && content.goals.isEmpty()
        && content.agents.isEmpty() && content.templates.isEmpty() && content.spawners.isEmpty();
}

bool Fragment::isRoot(EntityKind kind, const QString &id) const
{
    return kind == EntityKind::Spawner || roots[size_t(kind)].contains(id);
}

Fragment fragmentOf(const Scenario &s, const QList<EntityRef> &selection)
{
    Gatherer g {s, {}, {}, {}, {}, {}, {}};
    Fragment f;
    for (const EntityRef &ref : selection) {
        g.add(ref);
        if (ref.kind != EntityKind::Spawner && ref.index >= 0 && ref.index < countOf(s, ref.kind))
            if (QStringList &roots = rootsOf(f, ref.kind); !roots.contains(idOf(s, ref)))
                roots << idOf(s, ref);
    }
    Scenario &c = f.content;
    c.name = s.name;
    c.day = s.day;
    c.planner = s.planner;
    c.map.width = s.map.width;
    c.map.height = s.map.height;
    c.stations = picked(s.stations, g.stations);
    c.actions = picked(s.actions, g.actions);
    c.goals = picked(s.goals, g.goals);
    c.agents = picked(s.agents, g.agents);
    c.templates = picked(s.templates, g.templates);
    std::sort(g.spawners.begin(), g.spawners.end());
    for (int i : g.spawners)
        c.spawners << s.spawners[i];
    QSet<QString> world;
    for (const Action &a : c.actions) {
        worldFactsOf(a.pre, world);
        worldFactsOf(a.set, world);
        worldFactsOf(a.add, world);
    }
    for (const Goal &goal : c.goals) {
        worldFactsOf(goal.conditions, world);
        if (isExtreme(goal.kind) && goal.fact.startsWith(u"world."))
            world.insert(bareName(goal.fact));
    }
    for (const FactValue &seed : s.world)
        if (world.contains(seed.name))
            c.world << seed;
    return f;
}

Fragment allRoots(Fragment f)
{
    for (EntityKind kind : kEntityKinds)
        if (kind != EntityKind::Spawner)
            rootsOf(f, kind) = visitKind(kind, [&](auto traits) {
                if constexpr (traits.kind == EntityKind::Spawner)
                    return QStringList();
                else
                    return idsOf(f.content.*traits.list);
            });
    return f;
}

QString countsText(const std::array<qsizetype, 6> &n)
{
    static constexpr const char *names[6][2]
        = {{"station", "stations"},     {"action", "actions"},     {"goal", "goals"},
           {"character", "characters"}, {"template", "templates"}, {"spawner", "spawners"}};
    QStringList parts;
    for (size_t k = 0; k < n.size(); ++k)
        if (n[k] > 0)
            parts << plural(n[k], names[k][0], names[k][1]);
    return parts.isEmpty() ? QStringLiteral("nothing") : parts.join(QStringLiteral(", "));
}

QString summaryOf(const Fragment &f)
{
    std::array<qsizetype, 6> n {};
    for (EntityKind kind : kEntityKinds)
        n[size_t(kind)] = countOf(f.content, kind);
    return countsText(n);
}

QByteArray writeFragment(const Fragment &f)
{
    QJsonObject roots;
    for (EntityKind kind : kEntityKinds)
        if (kind != EntityKind::Spawner && !f.roots[size_t(kind)].isEmpty())
            roots.insert(QLatin1String(visitKind(kind, [](auto traits) { return traits.fileKey; })),
                         QJsonArray::fromStringList(f.roots[size_t(kind)]));
    const QJsonDocument scenario = QJsonDocument::fromJson(writeScenario(f.content));
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("goap-fragment"));
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("roots"), roots);
    root.insert(QStringLiteral("scenario"), scenario.object());
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

FragmentRead readFragment(const QByteArray &bytes)
{
    FragmentRead out;
    if (bytes.size() > kMaxScenarioFileSize) {
        out.error = QStringLiteral("it is too large (%1 MB; at most %2 MB)")
                        .arg(bytes.size() / (1024 * 1024))
                        .arg(kMaxScenarioFileSize / (1024 * 1024));
        return out;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        out.error = QStringLiteral("it is not JSON (%1 at character %2)")
                        .arg(parseError.errorString())
                        .arg(parseError.offset);
        return out;
    }
    const QJsonObject root = doc.object();
    if (!doc.isObject() || root.value(QStringLiteral("format")).toString() != u"goap-fragment") {
        out.error = QStringLiteral("it holds no copied stations, actions, goals or characters");
        return out;
    }
    if (root.value(QStringLiteral("version")).toInt(-1) != 1) {
        out.error = QStringLiteral("it is a fragment of a version this build does not read");
        return out;
    }
    // The content goes through the reader and the validator of scenario
    // files: ids, references, numbers and walls are checked as a file's are.
    const ReadResult read = readScenario(QJsonDocument(root.value(QStringLiteral("scenario")).toObject()).toJson());
    if (!read.ok()) {
        const auto first
            = std::find_if(read.issues.cbegin(), read.issues.cend(), [](const Issue &i) { return i.isError(); });
        out.error = QStringLiteral("its content is not valid (%1)")
                        .arg(first != read.issues.cend() ? first->text() : QStringLiteral("unreadable"));
        return out;
    }
    Fragment f;
    f.content = *read.scenario;
    f.content.map.walls.clear();
    const QJsonObject roots = root.value(QStringLiteral("roots")).toObject();
    for (EntityKind kind : kEntityKinds) {
        if (kind == EntityKind::Spawner)
            continue;
        const QString key = QLatin1String(visitKind(kind, [](auto traits) { return traits.fileKey; }));
        for (const QJsonValue &v : roots.value(key).toArray())
            if (findEntity(f.content, kind, v.toString()).isValid() && !rootsOf(f, kind).contains(v.toString()))
                rootsOf(f, kind) << v.toString();
    }
    out.fragment = std::move(f);
    return out;
}

PasteResult pasteEdit(const Scenario &target, const Fragment &fragment)
{
    PasteResult out;
    auto refuse = [&](const QString &why) {
        out.result.error = why;
        return out;
    };
    if (fragment.isEmpty())
        return refuse(QStringLiteral("there is nothing to paste"));
    const Scenario &c = fragment.content;
    Scenario after = target;
    Renames stations, actions, goals, characters;
    QList<EntityRef> created;

    // One kind: each entity reused or inserted with a unique id; `fix` has
    // renamed its references already.
    auto place = [&](EntityKind kind, auto item, Renames &renames) {
        using T = std::decay_t<decltype(item)>;
        auto &list = [&]() -> QList<T> & {
            if constexpr (std::is_same_v<T, Station>)
                return after.stations;
            else if constexpr (std::is_same_v<T, Action>)
                return after.actions;
            else if constexpr (std::is_same_v<T, Goal>)
                return after.goals;
            else
                return kind == EntityKind::Template ? after.templates : after.agents;
        }();
        if (!fragment.isRoot(kind, item.id)) {
            const auto same = std::find_if(list.cbegin(), list.cend(), [&](const T &t) { return t.id == item.id; });
            if (same != list.cend() && *same == item) {
                ++out.reused;
                return;
            }
        }
        const QString id = uniqueId(item.id, takenIds(after, kind));
        if (id != item.id)
            renames.insert(item.id, id);
        item.id = id;
        created << EntityRef {kind, int(list.size())};
        list << item;
    };

    for (const Station &st : c.stations)
        place(EntityKind::Station, st, stations);
    for (Action a : c.actions) {
        follow(a, stations);
        place(EntityKind::Action, a, actions);
    }
    for (Goal g : c.goals) {
        follow(g, stations);
        place(EntityKind::Goal, g, goals);
    }
    Renames templates;
    for (Agent t : c.templates) {
        follow(t, actions, goals);
        place(EntityKind::Template, t, templates);
    }
    for (Agent a : c.agents) {
        follow(a, actions, goals);
        place(EntityKind::Character, a, characters);
    }
    for (Spawner sp : c.spawners) {
        sp.templateId = renamed(templates, sp.templateId);
        created << EntityRef {EntityKind::Spawner, int(after.spawners.size())};
        after.spawners << sp;
    }

    // What stands on the map moves as one block, off what is there already.
    QList<Point *> moving;
    QList<Point> standing;
    for (EntityKind kind : {EntityKind::Station, EntityKind::Character, EntityKind::Spawner}) {
        const qsizetype before = countOf(target, kind);
        for (const EntityRef &ref : created)
            if (ref.kind == kind)
                moving << (kind == EntityKind::Station         ? &after.stations[ref.index].at
                               : kind == EntityKind::Character ? &after.agents[ref.index].at
                                                               : &after.spawners[ref.index].at);
        for (qsizetype i = 0; i < before; ++i)
            standing << (kind == EntityKind::Station         ? target.stations[i].at
                             : kind == EntityKind::Character ? target.agents[i].at
                                                             : target.spawners[i].at);
    }
    const MapSettings &map = target.map;
    auto clamp = [&](Point p) { return Point {std::clamp(p.x, 0.0, map.width), std::clamp(p.y, 0.0, map.height)}; };
    for (int step = 0; step <= 64; ++step) {
        const bool onTop = std::any_of(moving.cbegin(), moving.cend(), [&](const Point *p) {
            return standing.contains(clamp(Point {p->x + step, p->y + step}));
        });
        if (onTop && step < 64)
            continue;
        for (Point *p : moving)
            *p = clamp(Point {p->x + step, p->y + step});
        break;
    }
    for (Point *p : moving)
        if (!insideWallError(map, *p).isEmpty()) {
            const std::optional<Point> free = freeSpotNear(map, *p);
            if (!free)
                return refuse(insideWallError(map, *p));
            *p = *free;
        }

    // World seeds the target lacks.
    for (const FactValue &seed : c.world)
        if (std::none_of(after.world.cbegin(), after.world.cend(),
                         [&](const FactValue &f) { return f.name == seed.name; }))
            after.world << seed;
    std::sort(after.world.begin(), after.world.end(),
              [](const FactValue &a, const FactValue &b) { return a.name < b.name; });

    for (EntityKind kind : kEntityKinds)
        if (countOf(after, kind) > limits::kMaxItems)
            return refuse(QStringLiteral("the scenario would have more than %1 %2s")
                              .arg(limits::kMaxItems)
                              .arg(QLatin1String(nounOf(kind))));
    if (created.isEmpty())
        return refuse(QStringLiteral("everything in it is here already"));

    // One edit: the lists that grew (and the world seeds), as ReplaceSections.
    edits::ReplaceSections change;
    change.value->map = MapSettings {};
    for (EntityKind kind : kEntityKinds)
        visitKind(kind, [&](auto traits) {
            if (after.*traits.list != target.*traits.list) {
                change.sections |= traits.section;
                (*change.value).*traits.list = after.*traits.list;
            }
        });
    if (after.world != target.world) {
        change.sections |= Section::World;
        change.value->world = after.world;
    }
    edits::Edit e;
    e.op = edits::Op::Paste;
    std::array<qsizetype, 6> made {};
    for (const EntityRef &ref : created)
        ++made[size_t(ref.kind)];
    e.about = countsText(made);
    e.count = int(created.size());
    e.change = std::move(change);
    out.result.edit = std::move(e);
    out.result.created = created.first();
    out.created = created;
    return out;
}

} // namespace goap
