#include "scenarioreader.h"

#include "io/json.h"
#include "io/validator.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace goap {

namespace {

using json::Type;
using json::Value;

constexpr qsizetype kMaxReportedErrors = 200;

const QString &factKeyOf(const Effect &e)
{
    return e.fact;
}
const QString &factKeyOf(const FactValue &f)
{
    return f.name;
}

class Reader
{
public:
    explicit Reader(const QByteArray &source)
        : m_source(source)
    {
    }

    Issues issues;

    void error(const Value &at, const QString &path, const QString &message)
    {
        if (issues.size() >= kMaxReportedErrors)
            return;
        Issue issue {Issue::Severity::Error, path, message, 0, 0};
        place(issue, at.offset);
        issues.append(issue);
        if (issues.size() == kMaxReportedErrors)
            issues.append(
                Issue {Issue::Severity::Error, {}, QStringLiteral("too many errors; stopped reporting"), 0, 0});
    }

    void place(Issue &issue, qsizetype offset)
    {
        if (offset < 0)
            return;
        if (!m_lines) // built on the first issue: a clean file never pays for it
            m_lines.emplace(m_source);
        const auto [line, column] = m_lines->lineColumn(offset);
        issue.line = line;
        issue.column = column;
    }

    // Checks that `v` is an object with only `allowed` keys, each once.
    bool object(const Value &v, const QString &path, std::initializer_list<const char *> allowed)
    {
        if (!expect(v, path, Type::Object, "an object"))
            return false;
        QSet<QString> seen;
        for (const json::Member &entry : v.object) {
            // Named references, not a structured binding: clang 14 cannot capture one in a lambda.
            const QString &key = entry.first;
            const Value &member = entry.second;
            const QString memberPath = pathKey(path, key);
            if (seen.contains(key))
                error(member, memberPath, QStringLiteral("duplicate key \"%1\"").arg(key));
            seen.insert(key);
            if (allowed.size() && std::none_of(allowed.begin(), allowed.end(), [&](const char *a) {
                    return key == QLatin1String(a);
                })) {
                QStringList names;
                for (const char *a : allowed)
                    names << QString::fromLatin1(a);
                error(member, memberPath,
                      QStringLiteral("unknown key \"%1\" (expected one of: %2)").arg(key, names.join(u", ")));
            }
        }
        return true;
    }

    // Reports `v` unless it has the type expected.
    bool expect(const Value &v, const QString &path, Type type, const char *what)
    {
        if (v.type == type)
            return true;
        error(v, path, QStringLiteral("expected %1, got %2").arg(QLatin1String(what), json::describe(v)));
        return false;
    }

    bool array(const Value &v, const QString &path) { return expect(v, path, Type::Array, "an array"); }

    std::optional<QString> string(const Value &v, const QString &path)
    {
        return expect(v, path, Type::String, "a string") ? std::optional<QString>(v.string) : std::nullopt;
    }

    std::optional<double> number(const Value &v, const QString &path)
    {
        if (!expect(v, path, Type::Number, "a number"))
            return std::nullopt;
        if (!std::isfinite(v.number) || std::abs(v.number) > 1e15) {
            error(v, path, QStringLiteral("number %1 is out of range").arg(json::describe(v)));
            return std::nullopt;
        }
        return v.number;
    }

    std::optional<qint32> integer(const Value &v, const QString &path)
    {
        if (!expect(v, path, Type::Number, "an integer"))
            return std::nullopt;
        constexpr double lo = std::numeric_limits<qint32>::min();
        constexpr double hi = std::numeric_limits<qint32>::max();
        if (v.integerLiteral && !v.integerOverflow) {
            if (v.integer < qint64(lo) || v.integer > qint64(hi)) {
                error(v, path, QStringLiteral("integer %1 is outside the 32-bit range").arg(v.integer));
                return std::nullopt;
            }
            return qint32(v.integer);
        }
        if (!std::isfinite(v.number) || v.number < lo || v.number > hi) {
            error(v, path, QStringLiteral("integer %1 is outside the 32-bit range").arg(json::describe(v)));
            return std::nullopt;
        }
        if (v.number != std::trunc(v.number)) {
            error(v, path, QStringLiteral("expected an integer, got %1").arg(json::describe(v)));
            return std::nullopt;
        }
        return qint32(v.number);
    }

    // Optional member helpers: leave `out` untouched when the key is absent.
    template<typename T, typename F>
    void optional(const Value &obj, const QString &path, const char *key, T &out, F read)
    {
        if (const Value *m = obj.find(QLatin1String(key)))
            if (auto r = (this->*read)(*m, pathKey(path, QLatin1String(key))))
                out = *r;
    }

    template<typename T, typename F>
    void required(const Value &obj, const QString &path, const char *key, T &out, F read)
    {
        if (!obj.find(QLatin1String(key))) {
            error(obj, pathKey(path, QLatin1String(key)), QStringLiteral("required key is missing"));
            return;
        }
        optional(obj, path, key, out, read);
    }

    // {"fact": integer, ...} maps: conditions, effects and seed values.
    template<typename Entry> QList<Entry> factMap(const Value &v, const QString &path)
    {
        QList<Entry> out;
        if (!object(v, path, {}))
            return out;
        for (const auto &[key, member] : v.object) {
            if (auto value = integer(member, pathFact(path, key)))
                out.append(Entry {key, *value});
        }
        // The model keeps fact maps in canonical (sorted) order, as files are written.
        std::stable_sort(out.begin(), out.end(),
                         [](const Entry &a, const Entry &b) { return factKeyOf(a) < factKeyOf(b); });
        return out;
    }

    // A condition's value (SPEC 11.1): an integer (`>=`) or, from version 2, an
    // object with exactly one operator: {"==": 0}.
    std::optional<Condition> condition(const QString &fact, const Value &v, const QString &path)
    {
        if (v.type != Type::Object) {
            if (v.type != Type::Number) {
                error(v, path,
                      QStringLiteral("expected an integer or an operator object such as {\"==\": 0}, got %1")
                          .arg(json::describe(v)));
                return std::nullopt;
            }
            if (auto value = integer(v, path))
                return Condition {fact, *value, ConditionOp::Ge};
            return std::nullopt;
        }
        static const QString names = QStringLiteral("\">=\", \">\", \"<=\", \"<\", \"==\", \"!=\"");
        if (v.object.size() != 1) {
            error(v, path,
                  QStringLiteral("expected exactly one operator (one of %1), got %2").arg(names).arg(v.object.size()));
            return std::nullopt;
        }
        const auto &[key, member] = v.object.front();
        const QString memberPath = pathKey(path, key);
        const auto op = conditionOpFromString(key);
        if (!op) {
            error(member, memberPath, QStringLiteral("unknown operator \"%1\" (expected one of %2)").arg(key, names));
            return std::nullopt;
        }
        if (m_version == 1) {
            error(v, path, QStringLiteral("an operator object needs \"version\": 2 (this file says version 1)"));
            return std::nullopt;
        }
        if (auto value = integer(member, memberPath))
            return Condition {fact, *value, *op};
        return std::nullopt;
    }

    QList<Condition> conditionMap(const Value &v, const QString &path)
    {
        QList<Condition> out;
        if (!object(v, path, {}))
            return out;
        for (const auto &[key, member] : v.object)
            if (auto c = condition(key, member, pathFact(path, key)))
                out.append(*c);
        std::stable_sort(out.begin(), out.end(),
                         [](const Condition &a, const Condition &b) { return a.fact < b.fact; });
        return out;
    }

    template<typename Entry>
    void optionalFactMap(const Value &obj, const QString &path, const char *key, QList<Entry> &out)
    {
        if (const Value *m = obj.find(QLatin1String(key)))
            out = factMap<Entry>(*m, pathKey(path, QLatin1String(key)));
    }

    std::optional<bool> boolean(const Value &v, const QString &path)
    {
        return expect(v, path, Type::Bool, "true or false") ? std::optional<bool>(v.boolean) : std::nullopt;
    }

    // A fixed-length list of numbers, e.g. a position [x, y]; every element is checked.
    template<size_t N>
    std::optional<std::array<double, N>> numbers(const Value &v, const QString &path, const char *what)
    {
        if (!array(v, path))
            return std::nullopt;
        if (v.array.size() != N) {
            error(v, path, QStringLiteral("expected %1, got %2 numbers").arg(QLatin1String(what)).arg(v.array.size()));
            return std::nullopt;
        }
        std::array<double, N> out {};
        bool ok = true;
        for (size_t k = 0; k < N; ++k) {
            const auto x = number(v.array[k], pathIndex(path, qsizetype(k)));
            ok = ok && x.has_value();
            out[k] = x.value_or(0);
        }
        return ok ? std::optional(out) : std::nullopt;
    }

    std::optional<Point> point(const Value &v, const QString &path)
    {
        const auto n = numbers<2>(v, path, "a position [x, y]");
        return n ? std::optional(Point {(*n)[0], (*n)[1]}) : std::nullopt;
    }

    // [x, y, w, h] in map units.
    std::optional<Wall> wall(const Value &v, const QString &path)
    {
        const auto n = numbers<4>(v, path, "a wall [x, y, width, height]");
        return n ? std::optional(Wall {(*n)[0], (*n)[1], (*n)[2], (*n)[3]}) : std::nullopt;
    }

    // A door: {"id": "d1", "rect": [x, y, width, height], "open": false}.
    Door door(const Value &v, const QString &path)
    {
        Door d;
        if (!object(v, path, {"id", "rect", "open"}))
            return d;
        required(v, path, "id", d.id, &Reader::string);
        if (!v.find(u"rect"))
            error(v, pathKey(path, QStringLiteral("rect")), QStringLiteral("required key is missing"));
        else if (auto w = wall(*v.find(u"rect"), pathKey(path, QStringLiteral("rect"))))
            d.rect = *w;
        optional(v, path, "open", d.open, &Reader::boolean);
        return d;
    }

    template<typename T, typename F> QList<T> list(const Value &obj, const QString &path, const char *key, F readOne)
    {
        QList<T> out;
        const Value *m = obj.find(QLatin1String(key));
        if (!m)
            return out;
        const QString listPath = pathKey(path, QLatin1String(key));
        if (!array(*m, listPath))
            return out;
        for (size_t i = 0; i < m->array.size(); ++i)
            out.append((this->*readOne)(m->array[i], pathIndex(listPath, qsizetype(i))));
        return out;
    }

    Station station(const Value &v, const QString &path)
    {
        Station s;
        if (!object(v, path, {"id", "label", "at", "capacity"}))
            return s;
        required(v, path, "id", s.id, &Reader::string);
        optional(v, path, "label", s.label, &Reader::string);
        required(v, path, "at", s.at, &Reader::point);
        optional(v, path, "capacity", s.capacity, &Reader::integer);
        if (!v.find(u"label"))
            s.label = s.id;
        return s;
    }

    Action action(const Value &v, const QString &path)
    {
        Action a;
        if (!object(v, path,
                    {"id", "label", "station", "duration", "cost", "pre", "set", "add", "enqueue", "takePartner",
                     "release", "leave", "external"}))
            return a;
        optional(v, path, "enqueue", a.enqueue, &Reader::string);
        optional(v, path, "takePartner", a.takePartner, &Reader::string);
        optional(v, path, "release", a.release, &Reader::boolean);
        optional(v, path, "leave", a.leave, &Reader::boolean);
        optional(v, path, "external", a.external, &Reader::boolean);
        required(v, path, "id", a.id, &Reader::string);
        optional(v, path, "label", a.label, &Reader::string);
        if (const Value *st = v.find(u"station"); st && st->type == Type::Array) {
            // A list of alternatives (version 2): the first is the station, the rest alternatives.
            const QString p = pathKey(path, QStringLiteral("station"));
            if (m_version == 1)
                error(*st, p, QStringLiteral("a list of stations needs \"version\": 2 (this file says version 1)"));
            else if (st->array.empty())
                error(*st, p, QStringLiteral("a list of stations needs at least one"));
            else
                for (size_t i = 0; i < st->array.size(); ++i)
                    if (auto id = string(st->array[i], pathIndex(p, qsizetype(i)))) {
                        if (id->isEmpty()) { // an unknown station, as in any other place of the list
                            error(st->array[i], pathIndex(p, qsizetype(i)), QStringLiteral("unknown station \"\""));
                            continue;
                        }
                        if (i == 0)
                            a.station = *id;
                        else
                            a.alternatives.append(*id);
                    }
        } else {
            optional(v, path, "station", a.station, &Reader::string);
        }
        required(v, path, "duration", a.duration, &Reader::number);
        optional(v, path, "cost", a.cost, &Reader::number);
        if (const Value *m = v.find(u"pre"))
            a.pre = conditionMap(*m, pathKey(path, QStringLiteral("pre")));
        optionalFactMap(v, path, "set", a.set);
        optionalFactMap(v, path, "add", a.add);
        if (!v.find(u"label"))
            a.label = a.id;
        return a;
    }

    Goal goal(const Value &v, const QString &path)
    {
        Goal g;
        if (!object(v, path, {"id", "label", "kind", "conditions", "start", "rate", "urgency", "fact", "budget"}))
            return g;
        required(v, path, "id", g.id, &Reader::string);
        optional(v, path, "label", g.label, &Reader::string);
        if (!v.find(u"label"))
            g.label = g.id;
        QString kind;
        required(v, path, "kind", kind, &Reader::string);
        if (const auto k = goalKindFromString(kind)) {
            g.kind = *k;
            if (isExtreme(g.kind) && m_version == 1)
                error(*v.find(u"kind"), pathKey(path, QStringLiteral("kind")),
                      QStringLiteral("the goal kind \"%1\" needs \"version\": 2 (this file says version 1)").arg(kind));
        } else if (const Value *m = v.find(u"kind"); m && m->type == Type::String) {
            error(
                *m, pathKey(path, QStringLiteral("kind")),
                QStringLiteral("unknown goal kind \"%1\" (expected \"need\", \"quota\", \"maximise\" or \"minimise\")")
                    .arg(kind));
        }
        const bool extreme = isExtreme(g.kind);
        if (const Value *m = v.find(u"conditions")) {
            if (extreme)
                error(*m, pathKey(path, QStringLiteral("conditions")),
                      QStringLiteral("a %1 goal has no conditions: it compares its \"fact\"").arg(toString(g.kind)));
            else
                g.conditions = conditionMap(*m, pathKey(path, QStringLiteral("conditions")));
        } else if (!extreme) {
            error(v, pathKey(path, QStringLiteral("conditions")), QStringLiteral("required key is missing"));
        }
        for (const char *key : {"fact", "budget"})
            if (const Value *m = v.find(QLatin1String(key)); m && !extreme)
                error(*m, pathKey(path, QLatin1String(key)),
                      QStringLiteral("\"%1\" applies only to maximise and minimise goals").arg(QLatin1String(key)));
        const bool climbing = climbs(g.kind);
        for (const char *key : {"start", "rate", "urgency"}) {
            const Value *m = v.find(QLatin1String(key));
            const bool forNeed = qstrcmp(key, "urgency") != 0;
            if (m && forNeed != climbing)
                error(*m, pathKey(path, QLatin1String(key)),
                      QStringLiteral("\"%1\" applies only to %2 goals")
                          .arg(QLatin1String(key), forNeed ? u"need, maximise and minimise" : u"quota"));
        }
        if (climbing) {
            optional(v, path, "start", g.start, &Reader::number);
            required(v, path, "rate", g.rate, &Reader::number);
        } else {
            optional(v, path, "urgency", g.urgency, &Reader::number);
        }
        if (extreme) {
            required(v, path, "fact", g.fact, &Reader::string);
            required(v, path, "budget", g.budget, &Reader::number);
        }
        return g;
    }

    GoalRef goalRef(const Value &v, const QString &path)
    {
        GoalRef r;
        if (!object(v, path, {"goal", "start", "rate", "urgency"}))
            return r;
        required(v, path, "goal", r.goal, &Reader::string);
        optional(v, path, "start", r.start, &Reader::number);
        optional(v, path, "rate", r.rate, &Reader::number);
        optional(v, path, "urgency", r.urgency, &Reader::number);
        return r;
    }

    QString actionRef(const Value &v, const QString &path) { return string(v, path).value_or(QString()); }

    Spawner spawner(const Value &v, const QString &path)
    {
        Spawner sp;
        if (!object(v, path, {"template", "at", "first", "every", "max"}))
            return sp;
        required(v, path, "template", sp.templateId, &Reader::string);
        required(v, path, "at", sp.at, &Reader::point);
        optional(v, path, "first", sp.first, &Reader::number);
        required(v, path, "every", sp.every, &Reader::number);
        required(v, path, "max", sp.max, &Reader::integer);
        return sp;
    }

    Agent agent(const Value &v, const QString &path)
    {
        Agent a;
        if (!object(v, path, {"id", "label", "at", "speed", "facts", "actions", "goals"}))
            return a;
        required(v, path, "id", a.id, &Reader::string);
        optional(v, path, "label", a.label, &Reader::string);
        if (!v.find(u"label"))
            a.label = a.id;
        if (m_readingTemplates)
            optional(v, path, "at", a.at, &Reader::point); // a copy appears where its spawner is
        else
            required(v, path, "at", a.at, &Reader::point);
        optional(v, path, "speed", a.speed, &Reader::number);
        optionalFactMap(v, path, "facts", a.facts);
        a.actions = list<QString>(v, path, "actions", &Reader::actionRef);
        a.goals = list<GoalRef>(v, path, "goals", &Reader::goalRef);
        return a;
    }

    void settings(const Value &root, Scenario &s)
    {
        if (const Value *d = root.find(u"day"); d && object(*d, QStringLiteral("day"), {"length", "tick"})) {
            optional(*d, QStringLiteral("day"), "length", s.day.length, &Reader::number);
            optional(*d, QStringLiteral("day"), "tick", s.day.tick, &Reader::number);
        }
        const QString p = QStringLiteral("planner");
        if (const Value *d = root.find(p);
            d && object(*d, p, {"maxNodes", "costWeight", "switchMargin", "restBelow", "heuristic", "travelCost"})) {
            if (const Value *t = d->find(u"travelCost"); t && m_version == 1)
                error(*t, pathKey(p, QStringLiteral("travelCost")),
                      QStringLiteral("travelCost needs \"version\": 2 (this file says version 1)"));
            optional(*d, p, "travelCost", s.planner.travelCost, &Reader::number);
            qint32 maxNodes = s.planner.maxNodes;
            optional(*d, p, "maxNodes", maxNodes, &Reader::integer);
            s.planner.maxNodes = maxNodes;
            optional(*d, p, "costWeight", s.planner.costWeight, &Reader::number);
            optional(*d, p, "switchMargin", s.planner.switchMargin, &Reader::number);
            optional(*d, p, "restBelow", s.planner.restBelow, &Reader::number);
            QString heuristic;
            optional(*d, p, "heuristic", heuristic, &Reader::string);
            if (const Value *h = d->find(u"heuristic"); h && h->type == Type::String) {
                if (const auto known = heuristicFromName(heuristic);
                    known && *known != PlannerHeuristic::Unmet && m_version == 1)
                    error(*h, pathKey(p, QStringLiteral("heuristic")),
                          QStringLiteral("the heuristic \"%1\" needs \"version\": 2 (this file says version 1)")
                              .arg(heuristic));
                else if (known)
                    s.planner.heuristic = *known;
                else
                    error(*h, pathKey(p, QStringLiteral("heuristic")),
                          QStringLiteral(
                              "unknown heuristic \"%1\" (expected \"unmet\", \"additive\", \"max\" or \"lmcut\")")
                              .arg(heuristic));
            }
        }
        if (const Value *d = root.find(u"map");
            d && object(*d, QStringLiteral("map"), {"width", "height", "walls", "doors"})) {
            optional(*d, QStringLiteral("map"), "width", s.map.width, &Reader::number);
            optional(*d, QStringLiteral("map"), "height", s.map.height, &Reader::number);
            if (const Value *walls = d->find(u"walls")) {
                const QString path = QStringLiteral("map.walls");
                if (m_version == 1)
                    error(*walls, path, QStringLiteral("walls need \"version\": 2 (this file says version 1)"));
                else if (array(*walls, path))
                    for (size_t i = 0; i < walls->array.size(); ++i)
                        if (auto w = wall(walls->array[i], pathIndex(path, qsizetype(i))))
                            s.map.walls.append(*w);
            }
            if (const Value *doors = d->find(u"doors")) {
                const QString path = QStringLiteral("map.doors");
                if (m_version == 1)
                    error(*doors, path, QStringLiteral("doors need \"version\": 2 (this file says version 1)"));
                else if (array(*doors, path))
                    for (size_t i = 0; i < doors->array.size(); ++i)
                        s.map.doors.append(door(doors->array[i], pathIndex(path, qsizetype(i))));
            }
        }
    }

    std::optional<Scenario> scenario(const Value &root)
    {
        if (!object(root, {},
                    {"format", "version", "name", "description", "day", "planner", "map", "world", "stations",
                     "actions", "goals", "agents", "templates", "spawners"}))
            return std::nullopt;
        QString format;
        required(root, {}, "format", format, &Reader::string);
        if (const Value *f = root.find(u"format"); f && f->type == Type::String && format != u"goap-scenario")
            error(*f, QStringLiteral("format"),
                  QStringLiteral("expected \"goap-scenario\", got %1: this is not a GOAP Studio scenario")
                      .arg(json::describe(*f)));
        qint32 version = 0;
        required(root, {}, "version", version, &Reader::integer);
        if (const Value *v = root.find(u"version");
            v && version != 0 && (version < 1 || version > kNewestFormatVersion))
            error(*v, QStringLiteral("version"),
                  QStringLiteral("unsupported version %1 (this build reads versions 1 to %2)")
                      .arg(version)
                      .arg(kNewestFormatVersion));
        m_version = version;
        if (hasErrors(issues))
            return std::nullopt; // not a scenario of ours: the rest would only be noise

        Scenario s;
        required(root, {}, "name", s.name, &Reader::string);
        optional(root, {}, "description", s.description, &Reader::string);
        settings(root, s);
        optionalFactMap(root, {}, "world", s.world);
        s.stations = list<Station>(root, {}, "stations", &Reader::station);
        s.actions = list<Action>(root, {}, "actions", &Reader::action);
        s.goals = list<Goal>(root, {}, "goals", &Reader::goal);
        s.agents = list<Agent>(root, {}, "agents", &Reader::agent);
        m_readingTemplates = true;
        s.templates = list<Agent>(root, {}, "templates", &Reader::agent);
        m_readingTemplates = false;
        s.spawners = list<Spawner>(root, {}, "spawners", &Reader::spawner);
        if (hasErrors(issues))
            return std::nullopt;
        return s;
    }

private:
    const QByteArray &m_source;
    std::optional<json::LineIndex> m_lines;
    bool m_readingTemplates = false;
    qint32 m_version = 1;
};

// The value at `path` (issue.h's syntax: a.b, a["x.y"], a[3]) or, when the
// file has no such value, its nearest ancestor the file has; null when not
// even the path's first step is in the file.
const Value *valueAt(const Value &root, QStringView path)
{
    const Value *at = &root, *deepest = nullptr;
    for (qsizetype i = 0; i < path.size();) {
        const Value *next = nullptr;
        if (path[i] == u'[' && i + 1 < path.size() && path[i + 1] == u'"') { // ["key"], a backslash before \\ or "
            QString key;
            qsizetype j = i + 2;
            for (; j < path.size() && path[j] != u'"'; ++j) {
                if (path[j] == u'\\' && j + 1 < path.size())
                    ++j;
                key += path[j];
            }
            if (j + 1 >= path.size() || path[j + 1] != u']')
                break;
            next = at->type == Type::Object ? at->find(QStringView(key)) : nullptr;
            i = j + 2;
        } else if (path[i] == u'[') { // [index]
            qsizetype j = i + 1;
            while (j < path.size() && path[j] != u']')
                ++j;
            bool ok = false;
            const qsizetype index = path.sliced(i + 1, j - i - 1).toLongLong(&ok);
            if (!ok || j == path.size())
                break;
            next = at->type == Type::Array && index >= 0 && size_t(index) < at->array.size() ? &at->array[size_t(index)]
                                                                                             : nullptr;
            i = j + 1;
        } else { // .key, or the first key
            if (path[i] == u'.')
                ++i;
            qsizetype j = i;
            while (j < path.size() && path[j] != u'.' && path[j] != u'[')
                ++j;
            next = at->type == Type::Object ? at->find(path.sliced(i, j - i)) : nullptr;
            i = j;
        }
        if (!next)
            break;
        at = deepest = next;
    }
    return deepest;
}

} // namespace

ReadResult readScenario(const QByteArray &bytes)
{
    ReadResult result;
    if (bytes.size() > kMaxScenarioFileSize) {
        result.issues.append(Issue {Issue::Severity::Error,
                                    {},
                                    QStringLiteral("the file is over %1 MiB; scenario files are at most %1 MiB")
                                        .arg(kMaxScenarioFileSize / (1024 * 1024)),
                                    0,
                                    0});
        return result;
    }
    json::Value root;
    json::ParseError parseError;
    if (!json::parse(bytes, root, parseError)) {
        const auto [line, column] = json::lineColumn(bytes, parseError.offset);
        result.issues.append(
            Issue {Issue::Severity::Error, {}, QStringLiteral("invalid JSON: ") + parseError.message, line, column});
        return result;
    }
    Reader reader(bytes);
    std::optional<Scenario> scenario = reader.scenario(root);
    result.issues = reader.issues;
    if (!scenario)
        return result;
    for (Issue issue : validate(*scenario)) {
        // Placed at the nearest value the file actually has, found by walking
        // the document along the issue's path (no table of every value's path).
        if (const Value *at = valueAt(root, issue.path))
            reader.place(issue, at->offset);
        result.issues.append(issue);
    }
    if (!hasErrors(result.issues))
        result.scenario = std::move(scenario);
    return result;
}

namespace {
QString fileKind(const QString &file)
{
    struct stat st;
    if (::stat(QFile::encodeName(file).constData(), &st) != 0)
        return QStringLiteral("not a regular file");
    if (S_ISDIR(st.st_mode))
        return QStringLiteral("a directory");
    if (S_ISFIFO(st.st_mode))
        return QStringLiteral("a FIFO");
    if (S_ISCHR(st.st_mode))
        return QStringLiteral("a character device");
    if (S_ISBLK(st.st_mode))
        return QStringLiteral("a block device");
    if (S_ISSOCK(st.st_mode))
        return QStringLiteral("a socket");
    return QStringLiteral("not a regular file");
}

ReadResult failure(const QString &message, bool ioError)
{
    ReadResult result;
    result.ioError = ioError;
    result.issues.append(Issue {Issue::Severity::Error, {}, message, 0, 0});
    return result;
}
} // namespace

// What is not a regular file is refused before it is opened (a FIFO with no
// writer would block the read for ever; a device never ends), and a file too
// big with its real size (only the file system knows it: the read below
// stops one byte past the limit).
ReadResult readScenarioFile(const QString &fileName)
{
    if (fileName.isEmpty()) // refused here: QFile would print its own warning on the host program's standard error
        return failure(QStringLiteral("no file name was given"), true);
    const QFileInfo info(fileName);
    if (info.exists() && !info.isFile())
        return failure(QStringLiteral("cannot read %1: it is %2, not a regular file").arg(fileName, fileKind(fileName)),
                       true);
    if (info.isFile() && info.size() > kMaxScenarioFileSize)
        return failure(QStringLiteral("the file is %1 MiB (%2 bytes); scenario files are at most %3 MiB")
                           .arg(double(info.size()) / (1024 * 1024), 0, 'f', 1)
                           .arg(info.size())
                           .arg(kMaxScenarioFileSize / (1024 * 1024)),
                       false);
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        ReadResult result;
        result.ioError = true;
        result.issues.append(Issue {
            Issue::Severity::Error, {}, QStringLiteral("cannot open %1: %2").arg(fileName, file.errorString()), 0, 0});
        return result;
    }
    // Read at most one byte past the limit so a huge file is refused cheaply.
    const QByteArray bytes = file.read(kMaxScenarioFileSize + 1);
    if (file.error() != QFileDevice::NoError) {
        ReadResult result;
        result.ioError = true;
        result.issues.append(Issue {
            Issue::Severity::Error, {}, QStringLiteral("cannot read %1: %2").arg(fileName, file.errorString()), 0, 0});
        return result;
    }
    return readScenario(bytes);
}

} // namespace goap
