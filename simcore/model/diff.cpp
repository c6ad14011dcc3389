#include "diff.h"

#include "io/json.h"
#include "io/scenariowriter.h"

#include <QHash>

#include <optional>

namespace goap {

namespace {

using json::Value;
using Difference = ScenarioDifference;

QString text(const Value &v)
{
    return QString::fromUtf8(json::writeLine(v));
}

// ".duration" for a plain key, "[world.bread]" for one a dot would split.
QString keyPath(const QString &path, const QString &key)
{
    const bool plain = !key.isEmpty()
        && std::all_of(key.begin(), key.end(), [](QChar c) { return c.isLetterOrNumber() || c == u'_'; });
    if (!plain)
        return path + u'[' + key + u']';
    return path.isEmpty() ? key : path + u'.' + key;
}

// The member that names each item of a list of objects ("id"; "goal" in a
// character's goals): such lists are compared item by item. Nullopt for a
// list of anything else, "" for an empty list (it fits any).
std::optional<QString> itemKey(const Value &list)
{
    if (list.array.empty())
        return QString();
    for (const char *key : {"id", "goal"}) {
        const QLatin1StringView k(key);
        if (std::all_of(list.array.begin(), list.array.end(), [&](const Value &item) {
                const Value *id = item.type == json::Type::Object ? item.find(k) : nullptr;
                return id && id->type == json::Type::String;
            }))
            return QString(k);
    }
    return std::nullopt;
}

const Value *itemWithId(const Value &list, const QString &key, const QString &id)
{
    for (const Value &item : list.array)
        if (item.find(key)->string == id)
            return &item;
    return nullptr;
}

void compare(const Value &a, const Value &b, const QString &path, QList<FieldDifference> &out)
{
    if (a.type == json::Type::Object && b.type == json::Type::Object) {
        for (const json::Member &m : a.object) {
            const Value *other = b.find(m.first);
            if (other)
                compare(m.second, *other, keyPath(path, m.first), out);
            else
                out.append({keyPath(path, m.first), text(m.second), {}});
        }
        for (const json::Member &m : b.object)
            if (!a.find(m.first))
                out.append({keyPath(path, m.first), {}, text(m.second)});
        return;
    }
    if (a.type == json::Type::Array && b.type == json::Type::Array) {
        const std::optional<QString> ka = itemKey(a), kb = itemKey(b);
        if (ka && kb && (ka->isEmpty() || kb->isEmpty() || *ka == *kb) && !(ka->isEmpty() && kb->isEmpty())) {
            const QString key = ka->isEmpty() ? *kb : *ka;
            for (const Value &item : a.array) {
                const QString id = item.find(key)->string;
                const QString itemPath = path + u'[' + id + u']';
                if (const Value *other = itemWithId(b, key, id))
                    compare(item, *other, itemPath, out);
                else
                    out.append({itemPath, text(item), {}});
            }
            for (const Value &item : b.array) {
                const QString id = item.find(key)->string;
                if (!itemWithId(a, key, id))
                    out.append({path + u'[' + id + u']', {}, text(item)});
            }
            return;
        }
    }
    const QString before = text(a), after = text(b);
    if (before != after)
        out.append({path, before, after});
}

const Value &member(const Value &object, const char *key)
{
    static const Value none = Value::makeObject();
    const Value *v = object.find(QLatin1StringView(key));
    return v ? *v : none;
}

void diffSettings(const Value &a, const Value &b, QList<Difference> &out)
{
    QList<FieldDifference> fields;
    for (const char *key : {"name", "description", "day", "planner"})
        compare(member(a, key), member(b, key), QLatin1StringView(key), fields);
    // The map's size here; its walls one by one (diffWalls).
    const auto withoutWalls = [](Value map) {
        std::erase_if(map.object, [](const json::Member &m) { return m.first == u"walls"; });
        return map;
    };
    compare(withoutWalls(member(a, "map")), withoutWalls(member(b, "map")), QStringLiteral("map"), fields);
    if (!fields.isEmpty())
        out.append({Difference::Area::Settings, Difference::Change::Changed, {}, {}, {}, -1, -1, fields});
}

void diffWorld(const Value &a, const Value &b, QList<Difference> &out)
{
    QList<FieldDifference> fields;
    compare(member(a, "world"), member(b, "world"), QStringLiteral("world"), fields);
    for (const FieldDifference &f : fields) {
        Difference d;
        d.area = Difference::Area::World;
        d.change = f.before.isEmpty() ? Difference::Change::Added
            : f.after.isEmpty()       ? Difference::Change::Removed
                                      : Difference::Change::Changed;
        d.id = f.path;
        d.fields = {f};
        out.append(d);
    }
}

// Walls have no id: a wall of A that B has too (the same rectangle) is kept,
// each other one removed; B's left over are added.
void diffWalls(const Value &a, const Value &b, QList<Difference> &out)
{
    const Value &wa = member(member(a, "map"), "walls"), &wb = member(member(b, "map"), "walls");
    QList<QString> inB;
    for (const Value &w : wb.array)
        inB.append(text(w));
    QList<bool> matched(inB.size(), false);
    QList<Difference> added;
    for (int i = 0; i < int(wa.array.size()); ++i) {
        const QString t = text(wa.array[size_t(i)]);
        int j = 0;
        while (j < inB.size() && (matched[j] || inB[j] != t))
            ++j;
        if (j < inB.size()) {
            matched[j] = true;
            continue;
        }
        out.append({Difference::Area::Wall, Difference::Change::Removed, {}, t, {}, i, -1, {}});
    }
    for (int j = 0; j < inB.size(); ++j)
        if (!matched[j])
            out.append({Difference::Area::Wall, Difference::Change::Added, {}, inB[j], {}, -1, j, {}});
}

// Entities by id (spawners, which have none, by place): changed, removed
// (or renamed, when a new one equals it but for the id), then the new ones.
void diffEntities(EntityKind kind, const Value &a, const Value &b, QList<Difference> &out)
{
    const char *fileKey = visitKind(kind, [](auto traits) { return traits.fileKey; });
    const Value &la = member(a, fileKey), &lb = member(b, fileKey);
    const bool byId = kind != EntityKind::Spawner;
    const auto idAt = [&](const Value &list, int i) {
        const Value *id = byId ? list.array[size_t(i)].find(u"id") : nullptr;
        return id ? id->string : QStringLiteral("#%1").arg(i + 1);
    };
    QHash<QString, int> inA, inB;
    for (int i = 0; i < int(la.array.size()); ++i)
        inA.insert(idAt(la, i), i); // a duplicate id (an invalid file): the last one
    for (int j = 0; j < int(lb.array.size()); ++j)
        inB.insert(idAt(lb, j), j);
    QList<int> added;
    for (int j = 0; j < int(lb.array.size()); ++j)
        if (!inA.contains(idAt(lb, j)))
            added.append(j);
    QHash<int, int> renamedTo; // A's place -> B's place
    for (int i = 0; byId && i < int(la.array.size()); ++i) {
        const QString id = idAt(la, i);
        if (inB.contains(id))
            continue;
        const QString before = text(la.array[size_t(i)]);
        for (qsizetype k = 0; k < added.size(); ++k) {
            Value renamedBack = lb.array[size_t(added[k])];
            for (json::Member &m : renamedBack.object)
                if (m.first == u"id")
                    m.second.string = id;
            if (text(renamedBack) == before) {
                renamedTo.insert(i, added.takeAt(k));
                break;
            }
        }
    }
    for (int i = 0; i < int(la.array.size()); ++i) {
        const QString id = idAt(la, i);
        const QString path = QLatin1StringView(fileKey) + u'[' + id + u']';
        if (const auto j = inB.constFind(id); j != inB.cend()) {
            QList<FieldDifference> fields;
            compare(la.array[size_t(i)], lb.array[size_t(*j)], path, fields);
            if (!fields.isEmpty())
                out.append({Difference::Area::Entity, Difference::Change::Changed, kind, id, {}, i, *j, fields});
        } else if (const auto r = renamedTo.constFind(i); r != renamedTo.cend()) {
            const QString now = idAt(lb, *r);
            out.append({Difference::Area::Entity,
                        Difference::Change::Renamed,
                        kind,
                        now,
                        id,
                        i,
                        *r,
                        {{path + QStringLiteral(".id"), text(Value::makeString(id)), text(Value::makeString(now))}}});
        } else {
            out.append({Difference::Area::Entity, Difference::Change::Removed, kind, id, {}, i, -1, {}});
        }
    }
    for (int j : added)
        out.append({Difference::Area::Entity, Difference::Change::Added, kind, idAt(lb, j), {}, -1, j, {}});
}

} // namespace

QList<ScenarioDifference> diffScenarios(const Scenario &a, const Scenario &b)
{
    if (a == b)
        return {};
    const Value ja = scenarioJson(a), jb = scenarioJson(b);
    QList<Difference> out;
    diffSettings(ja, jb, out);
    diffWorld(ja, jb, out);
    diffWalls(ja, jb, out);
    for (EntityKind kind : kEntityKinds)
        diffEntities(kind, ja, jb, out);
    return out;
}

QString areaName(const ScenarioDifference &d)
{
    switch (d.area) {
    case Difference::Area::Settings:
        return QStringLiteral("settings");
    case Difference::Area::World:
        return QStringLiteral("world seed");
    case Difference::Area::Wall:
        return QStringLiteral("wall");
    case Difference::Area::Entity:
        break;
    }
    return QLatin1StringView(nounOf(d.kind));
}

QString changeName(ScenarioDifference::Change change)
{
    switch (change) {
    case Difference::Change::Added:
        return QStringLiteral("added");
    case Difference::Change::Removed:
        return QStringLiteral("removed");
    case Difference::Change::Renamed:
        return QStringLiteral("renamed");
    case Difference::Change::Changed:
        break;
    }
    return QStringLiteral("changed");
}

QStringList differenceLines(const ScenarioDifference &d)
{
    QString heading = changeName(d.change) + u' ' + areaName(d);
    if (d.change == Difference::Change::Renamed)
        heading += u' ' + d.previousId + QStringLiteral(" → ") + d.id;
    else if (!d.id.isEmpty())
        heading += u' ' + d.id;
    QStringList lines {heading};
    for (const FieldDifference &f : d.fields)
        lines << QStringLiteral("  %1: %2 → %3")
                     .arg(f.path, f.before.isEmpty() ? QStringLiteral("(none)") : f.before,
                          f.after.isEmpty() ? QStringLiteral("(none)") : f.after);
    return lines;
}

} // namespace goap
