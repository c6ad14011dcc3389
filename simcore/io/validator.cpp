#include "validator.h"

#include "space/grid.h"
#include "space/paths.h"

#include "model/factname.h"

#include <QHash>
#include <QLocale>
#include <QSet>

#include <cmath>
#include <limits>

namespace goap {

namespace {

constexpr qint32 kUnbounded = std::numeric_limits<qint32>::max();

class Validator
{
public:
    explicit Validator(const Scenario &s)
        : m_s(s)
    {
        for (qsizetype i = 0; i < s.agents.size(); ++i)
            m_chars.push_back({&s.agents[i], pathIndex(QStringLiteral("agents"), i), false});
        for (qsizetype i = 0; i < s.templates.size(); ++i)
            m_chars.push_back({&s.templates[i], pathIndex(QStringLiteral("templates"), i), true});
        // Scenario::action() and friends scan their list; with 10,000 entities
        // and a lookup per reference that is quadratic, so index the ids once.
        index(m_stationIndex, s.stations);
        index(m_actionIndex, s.actions);
        index(m_goalIndex, s.goals);
        index(m_agentIndex, s.agents);
        index(m_templateIndex, s.templates);
    }

    Issues run()
    {
        settings();
        seeds(m_s.world, QStringLiteral("world"));
        uniqueIds(m_s.stations, QStringLiteral("stations"));
        uniqueIds(m_s.actions, QStringLiteral("actions"));
        uniqueIds(m_s.goals, QStringLiteral("goals"));
        uniqueIds(m_s.agents, QStringLiteral("agents"));
        uniqueIds(m_s.templates, QStringLiteral("templates"));
        for (qsizetype i = 0; i < m_s.templates.size(); ++i)
            if (m_agentIndex.contains(m_s.templates[i].id))
                error(pathKey(pathIndex(QStringLiteral("templates"), i), QStringLiteral("id")),
                      QStringLiteral("\"%1\" is already a character's id").arg(m_s.templates[i].id));
        for (qsizetype i = 0; i < m_s.stations.size(); ++i) {
            position(m_s.stations[i].at, pathKey(pathIndex(QStringLiteral("stations"), i), QStringLiteral("at")));
            notInWall(m_s.stations[i].at, pathKey(pathIndex(QStringLiteral("stations"), i), QStringLiteral("at")));
        }
        for (qsizetype i = 0; i < m_s.agents.size(); ++i)
            notInWall(m_s.agents[i].at, pathKey(pathIndex(QStringLiteral("agents"), i), QStringLiteral("at")));
        for (qsizetype i = 0; i < m_s.spawners.size(); ++i)
            notInWall(m_s.spawners[i].at, pathKey(pathIndex(QStringLiteral("spawners"), i), QStringLiteral("at")));
        for (qsizetype i = 0; i < m_s.actions.size(); ++i)
            action(m_s.actions[i], pathIndex(QStringLiteral("actions"), i));
        for (qsizetype i = 0; i < m_s.goals.size(); ++i)
            goal(m_s.goals[i], pathIndex(QStringLiteral("goals"), i));
        for (qsizetype i = 0; i < m_s.agents.size(); ++i)
            agent(m_s.agents[i], pathIndex(QStringLiteral("agents"), i));
        for (qsizetype i = 0; i < m_s.templates.size(); ++i)
            agent(m_s.templates[i], pathIndex(QStringLiteral("templates"), i));
        for (qsizetype i = 0; i < m_s.spawners.size(); ++i)
            spawner(m_s.spawners[i], pathIndex(QStringLiteral("spawners"), i));
        for (qsizetype i = 0; i < m_s.stations.size(); ++i)
            if (const QString why = capacityError(m_s.stations[i].capacity); !why.isEmpty())
                error(pathKey(pathIndex(QStringLiteral("stations"), i), QStringLiteral("capacity")), why);
        if (!hasErrors(m_issues)) {
            warnings();
            unreachableStations();
            placesFit();
        }
        return m_issues;
    }

private:
    // The first entity with each id, as Scenario::action() finds it.
    template<typename List> static void index(QHash<QString, qsizetype> &out, const List &list)
    {
        out.reserve(list.size());
        for (qsizetype i = 0; i < list.size(); ++i)
            if (!out.contains(list[i].id))
                out.insert(list[i].id, i);
    }
    template<typename List>
    static auto lookup(const QHash<QString, qsizetype> &index, const List &list, const QString &id)
        -> decltype(&list[0])
    {
        const auto it = index.constFind(id);
        return it == index.cend() ? nullptr : &list[it.value()];
    }
    const Station *findStation(const QString &id) const { return lookup(m_stationIndex, m_s.stations, id); }
    const Action *findAction(const QString &id) const { return lookup(m_actionIndex, m_s.actions, id); }
    const Goal *findGoal(const QString &id) const { return lookup(m_goalIndex, m_s.goals, id); }

    void error(const QString &path, const QString &message)
    {
        m_issues.append(Issue {Issue::Severity::Error, path, message, 0, 0});
    }
    void warning(const QString &path, const QString &message)
    {
        m_issues.append(Issue {Issue::Severity::Warning, path, message, 0, 0});
    }

    // A number field against its rule (model/rules.h), reported at `path`.
    void range(double v, const NumberRule &rule, const QString &path)
    {
        if (const QString why = numberError(v, rule); !why.isEmpty())
            error(path, why);
    }

    void count(qsizetype n, const QString &path)
    {
        if (n > limits::kMaxItems)
            error(path, QStringLiteral("%1 entries; at most %2 are allowed").arg(n).arg(limits::kMaxItems));
    }

    void settings()
    {
        range(m_s.day.length, rules::dayLength, QStringLiteral("day.length"));
        range(m_s.day.tick, rules::tick, QStringLiteral("day.tick"));
        if (m_s.day.tick > 0 && m_s.day.length / m_s.day.tick > limits::kMaxTicksPerDay)
            error(QStringLiteral("day.tick"),
                  QStringLiteral("a day of %1 s at %2 s per tick is %3 ticks; at most %4 are allowed")
                      .arg(m_s.day.length)
                      .arg(m_s.day.tick)
                      .arg(m_s.day.length / m_s.day.tick, 0, 'g', 3)
                      .arg(limits::kMaxTicksPerDay, 0, 'g', 3));
        if (m_s.day.tick > 0 && m_s.day.length >= m_s.day.tick
            && m_s.day.length / m_s.day.tick <= limits::kMaxTicksPerDay) {
            const double ticks = m_s.day.length / m_s.day.tick;
            const auto whole = double(m_s.day.ticksPerDay()); // what the simulation runs
            if (std::abs(ticks - whole) > 1e-6 * whole)
                warning(QStringLiteral("day.length"),
                        QStringLiteral("%1 s is not a whole number of %2-s ticks (%3): the day runs %4 ticks, %5 s")
                            .arg(m_s.day.length)
                            .arg(m_s.day.tick)
                            .arg(ticks, 0, 'g', 6)
                            .arg(whole, 0, 'f', 0)
                            .arg(whole * m_s.day.tick, 0, 'g', 10));
        }
        if (m_s.day.tick > m_s.day.length)
            error(
                QStringLiteral("day.tick"),
                QStringLiteral("the tick (%1 s) is longer than the day (%2 s)").arg(m_s.day.tick).arg(m_s.day.length));
        range(m_s.planner.maxNodes, rules::nodeCap, QStringLiteral("planner.maxNodes"));
        range(m_s.planner.costWeight, rules::costWeight, QStringLiteral("planner.costWeight"));
        range(m_s.planner.travelCost, rules::travelCost, QStringLiteral("planner.travelCost"));
        range(m_s.planner.switchMargin, rules::switchMargin, QStringLiteral("planner.switchMargin"));
        range(m_s.planner.restBelow, rules::restBelow, QStringLiteral("planner.restBelow"));
        range(m_s.map.width, rules::mapWidth, QStringLiteral("map.width"));
        range(m_s.map.height, rules::mapHeight, QStringLiteral("map.height"));
        walls();
    }

    // map.walls (version 2): rectangles of whole or part cells; a map with
    // walls is a grid of at most Grid::kMaxSide cells a side.
    void walls()
    {
        const QList<Wall> &walls = m_s.map.walls;
        if (walls.isEmpty() && m_s.map.doors.isEmpty())
            return;
        count(walls.size(), QStringLiteral("map.walls"));
        bool ok = true;
        for (const auto &[size, name] : {std::pair {m_s.map.width, "width"}, std::pair {m_s.map.height, "height"}})
            if (size > Grid::kMaxSide) {
                error(pathKey(QStringLiteral("map"), QLatin1String(name)),
                      QStringLiteral("a map with walls is at most %1 cells a side, got %2")
                          .arg(Grid::kMaxSide)
                          .arg(size));
                ok = false;
            }
        for (qsizetype i = 0; i < walls.size(); ++i) {
            const Wall &w = walls[i];
            const QString path = pathIndex(QStringLiteral("map.walls"), i);
            if (!(w.w > 0) || !(w.h > 0)) {
                error(path, QStringLiteral("a wall needs a width and a height above 0, got %1 x %2").arg(w.w).arg(w.h));
                ok = false;
            } else if (w.x + w.w <= 0 || w.y + w.h <= 0 || w.x >= m_s.map.width || w.y >= m_s.map.height) {
                warning(path,
                        QStringLiteral("the wall at (%1, %2) lies outside the %3 x %4 map")
                            .arg(w.x)
                            .arg(w.y)
                            .arg(m_s.map.width)
                            .arg(m_s.map.height));
            }
        }
        ok = doors() && ok;
        if (ok && !hasErrors(m_issues))
            m_grid.emplace(m_s.map); // a closed door blocks like a wall
    }

    // map.doors (version 2): rectangles inside the map, on no station, each
    // with an id of its own.
    bool doors()
    {
        bool ok = true;
        QSet<QString> ids;
        for (qsizetype i = 0; i < m_s.map.doors.size(); ++i) {
            const Door &d = m_s.map.doors[i];
            const Wall &r = d.rect;
            const QString path = pathIndex(QStringLiteral("map.doors"), i);
            if (d.id.isEmpty())
                error(pathKey(path, QStringLiteral("id")), QStringLiteral("a door needs an id"));
            else if (ids.contains(d.id))
                error(pathKey(path, QStringLiteral("id")), QStringLiteral("door id \"%1\" is used twice").arg(d.id));
            ids.insert(d.id);
            if (!(r.w > 0) || !(r.h > 0)) {
                error(pathKey(path, QStringLiteral("rect")),
                      QStringLiteral("a door needs a width and a height above 0, got %1 x %2").arg(r.w).arg(r.h));
                ok = false;
                continue;
            }
            if (r.x < 0 || r.y < 0 || r.x + r.w > m_s.map.width || r.y + r.h > m_s.map.height) {
                error(pathKey(path, QStringLiteral("rect")),
                      QStringLiteral("the door %1 x %2 at (%3, %4) does not lie within the %5 x %6 map")
                          .arg(r.w)
                          .arg(r.h)
                          .arg(r.x)
                          .arg(r.y)
                          .arg(m_s.map.width)
                          .arg(m_s.map.height));
                ok = false;
            }
            for (const Station &st : m_s.stations)
                if (wallBlocksCellAt(r, st.at.x, st.at.y))
                    error(pathKey(path, QStringLiteral("rect")),
                          QStringLiteral("the door would cover station %1").arg(st.id));
        }
        return ok;
    }

    // Nobody stands inside a wall: a station, a character's start, a spawner.
    void notInWall(const Point &p, const QString &path)
    {
        if (m_grid && m_grid->inside(Grid::cellOf(p.x, p.y)) && m_grid->blocked(Grid::cellOf(p.x, p.y)))
            error(path, QStringLiteral("(%1, %2) is inside a wall").arg(p.x).arg(p.y));
    }

    // A station never promises more places than it has (SPEC 12.1): its
    // capacity must fit in the free cells round it (Space's standingCells).
    void placesFit()
    {
        std::optional<Regions> regions;
        for (qsizetype i = 0; i < m_s.stations.size(); ++i) {
            const Station &st = m_s.stations[i];
            if (st.capacity <= 0)
                continue;
            if (m_grid && !regions)
                regions = m_grid->regions();
            const int width = int(std::ceil(std::clamp(m_s.map.width, 1.0, limits::kMaxMapSize)));
            const int height = int(std::ceil(std::clamp(m_s.map.height, 1.0, limits::kMaxMapSize)));
            const qsizetype room = qsizetype(standingCells(m_grid ? &*m_grid : nullptr, regions ? &*regions : nullptr,
                                                           width, height, st.at.x, st.at.y, st.capacity)
                                                 .size());
            if (room < st.capacity)
                error(pathKey(pathIndex(QStringLiteral("stations"), i), QStringLiteral("capacity")),
                      QStringLiteral("station %1 has room for %2 places round it, not %3: walls and the map's edge "
                                     "leave no more free cells in sight within %4 of it")
                          .arg(st.id)
                          .arg(room)
                          .arg(st.capacity)
                          .arg(kSpotRadiusLimit));
        }
    }

    // A station some character needs but cannot walk to (walls in the way).
    void unreachableStations()
    {
        if (!m_grid)
            return;
        const Regions region = m_grid->regions();
        auto regionAt = [&](const Point &p) { return region.at(Grid::cellOf(p.x, p.y)); };
        auto check = [&](const Agent &who, const QString &path, const Point &from) {
            const std::int32_t start = regionAt(from);
            QSet<QString> said;
            for (const QString &id : who.actions) {
                const Action *act = findAction(id);
                const Station *st = act && !act->station.isEmpty() ? findStation(act->station) : nullptr;
                if (!st || said.contains(st->id) || start < 0)
                    continue;
                const QStringList choices = act->stations();
                if (std::any_of(choices.begin(), choices.end(), [&](const QString &c) {
                        const Station *alt = findStation(c);
                        return alt && regionAt(alt->at) == start;
                    }))
                    continue; // one of its stations is in reach
                said.insert(st->id);
                warning(pathKey(path, QStringLiteral("actions")),
                        QStringLiteral(
                            "%1 cannot reach station %2 from (%3, %4): walls are in the way, and %5 is done there")
                            .arg(who.id, st->id)
                            .arg(from.x)
                            .arg(from.y)
                            .arg(act->id));
            }
        };
        for (qsizetype i = 0; i < m_s.agents.size(); ++i)
            check(m_s.agents[i], pathIndex(QStringLiteral("agents"), i), m_s.agents[i].at);
        for (qsizetype i = 0; i < m_s.spawners.size(); ++i)
            if (const auto it = m_templateIndex.constFind(m_s.spawners[i].templateId); it != m_templateIndex.cend())
                check(m_s.templates[it.value()], pathIndex(QStringLiteral("templates"), it.value()),
                      m_s.spawners[i].at);
    }

    void position(const Point &p, const QString &path)
    {
        if (p.x < 0 || p.y < 0 || p.x > m_s.map.width || p.y > m_s.map.height)
            warning(path,
                    QStringLiteral("(%1, %2) lies outside the %3 x %4 map")
                        .arg(p.x)
                        .arg(p.y)
                        .arg(m_s.map.width)
                        .arg(m_s.map.height));
    }

    // Queue lengths and free places are kept by the simulation.

    void spawner(const Spawner &sp, const QString &path)
    {
        if (!m_templateIndex.contains(sp.templateId))
            error(pathKey(path, QStringLiteral("template")),
                  QStringLiteral("unknown template \"%1\"").arg(sp.templateId));
        position(sp.at, pathKey(path, QStringLiteral("at")));
        range(sp.first, rules::spawnFirst, pathKey(path, QStringLiteral("first")));
        range(sp.every, rules::spawnInterval(m_s.day.tick), pathKey(path, QStringLiteral("every")));
        range(sp.max, rules::spawnCount, pathKey(path, QStringLiteral("max")));
    }

    void seeds(const QList<FactValue> &values, const QString &path)
    {
        count(values.size(), path);
        QSet<QString> seen;
        for (const FactValue &f : values) {
            const QString p = pathFact(path, f.name);
            if (path == u"world" && isDerivedFact(worldFact(f.name)))
                error(p,
                      QStringLiteral(
                          "world.%1 is kept by the simulation (queue lengths and free places) and cannot be seeded")
                          .arg(f.name));
            if (seen.contains(f.name))
                error(p, QStringLiteral("fact \"%1\" is given twice").arg(f.name));
            seen.insert(f.name);
            if (const QString why = seedError(f); !why.isEmpty())
                error(p, why);
        }
    }

    template<typename List> void uniqueIds(const List &list, const QString &path)
    {
        count(list.size(), path);
        QHash<QString, qsizetype> first;
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString p = pathKey(pathIndex(path, i), QStringLiteral("id"));
            const QString &id = list[i].id;
            if (const QString why = idError(id); !why.isEmpty()) {
                error(p, why);
                if (id.isEmpty())
                    continue;
            }
            if (const auto it = first.constFind(id); it != first.cend())
                error(p, QStringLiteral("duplicate id \"%1\" (first used by %2)").arg(id, pathIndex(path, it.value())));
            else
                first.insert(id, i);
        }
    }

    // Conditions and effects name scoped facts, each at most once per list.
    template<typename Entry> void factList(const QList<Entry> &list, const QString &path)
    {
        count(list.size(), path);
        QSet<QString> seen;
        for (const Entry &e : list) {
            const QString p = pathFact(path, e.fact);
            if (const QString problem = factNameProblem(e.fact); !problem.isEmpty())
                error(p, problem);
            if (seen.contains(e.fact))
                error(p, QStringLiteral("fact \"%1\" appears twice").arg(e.fact));
            seen.insert(e.fact);
        }
    }

    void action(const Action &a, const QString &path)
    {
        const QStringList stations = a.stations();
        for (qsizetype k = 0; k < stations.size(); ++k) {
            const QString p = a.alternatives.isEmpty() ? pathKey(path, QStringLiteral("station"))
                                                       : pathIndex(pathKey(path, QStringLiteral("station")), k);
            if (!findStation(stations[k]))
                error(p, QStringLiteral("unknown station \"%1\"").arg(stations[k]));
            else if (stations.indexOf(stations[k]) < k)
                error(p, QStringLiteral("station \"%1\" is listed twice").arg(stations[k]));
        }
        range(a.duration, rules::duration, pathKey(path, QStringLiteral("duration")));
        range(a.cost, rules::cost, pathKey(path, QStringLiteral("cost")));
        const QString pre = pathKey(path, QStringLiteral("pre"));
        factList(a.pre, pre);
        for (const Condition &c : a.pre) {
            if (const QString why = conditionError(c, std::nullopt); !why.isEmpty())
                error(pathFact(pre, c.fact), why);
            if (c.fact.startsWith(u"partner."))
                error(pathFact(pre, c.fact), QStringLiteral("partner facts can only be written by effects, not read"));
        }
        for (const QList<Effect> *effects : {&a.set, &a.add})
            for (const Effect &e : *effects)
                if (isDerivedFact(e.fact))
                    error(pathFact(pathKey(path, effects == &a.set ? QStringLiteral("set") : QStringLiteral("add")),
                                   e.fact),
                          QStringLiteral(
                              "%1 is kept by the simulation (queue lengths and free places); actions cannot change it")
                              .arg(e.fact));
        for (const auto &[key, name] : {std::pair {"enqueue", a.enqueue}, std::pair {"takePartner", a.takePartner}})
            if (const QString why = queueNameError(name); !why.isEmpty())
                error(pathKey(path, QLatin1String(key)), why);
        const QString set = pathKey(path, QStringLiteral("set"));
        factList(a.set, set);
        for (const Effect &e : a.set)
            if (const QString why = setValueError(e); !why.isEmpty())
                error(pathFact(set, e.fact), why);
        const QString add = pathKey(path, QStringLiteral("add"));
        factList(a.add, add);
        for (const Effect &e : a.add) {
            const bool both
                = std::any_of(a.set.begin(), a.set.end(), [&](const Effect &s) { return s.fact == e.fact; });
            if (both)
                error(pathFact(add, e.fact),
                      QStringLiteral("%1 is in both \"set\" and \"add\" of one action").arg(e.fact));
        }
    }

    // Whether any seed value, action or goal condition names `scoped`: an
    // extreme goal may compare only a fact the scenario knows.
    bool namedElsewhere(const QString &scoped) const
    {
        const auto inList = [&](const auto &list) {
            return std::any_of(list.begin(), list.end(), [&](const auto &e) { return ownFact(e.fact) == scoped; });
        };
        if (scoped.startsWith(u"world.")) {
            if (std::any_of(m_s.world.begin(), m_s.world.end(),
                            [&](const FactValue &f) { return worldFact(f.name) == scoped; }))
                return true;
        } else {
            for (const QList<Agent> *list : {&m_s.agents, &m_s.templates})
                for (const Agent &a : *list)
                    if (std::any_of(a.facts.begin(), a.facts.end(),
                                    [&](const FactValue &f) { return agentFact(f.name) == scoped; }))
                        return true;
        }
        for (const Action &a : m_s.actions)
            if (inList(a.pre) || inList(a.set) || inList(a.add))
                return true;
        for (const Goal &g : m_s.goals)
            if (inList(g.conditions))
                return true;
        return false;
    }

    // A maximise / minimise goal: a known fact of the character or the world, a budget >= 0.
    void extremeGoal(const Goal &g, const QString &path)
    {
        const QString fact = pathKey(path, QStringLiteral("fact"));
        if (const QString problem = factNameProblem(g.fact); !problem.isEmpty())
            error(fact, problem);
        else if (g.fact.startsWith(u"partner."))
            error(fact, QStringLiteral("a goal cannot name a partner's fact"));
        else if (!namedElsewhere(g.fact))
            error(fact, QStringLiteral("unknown fact %1: no seed value, action or condition names it").arg(g.fact));
        range(g.budget, rules::budget, pathKey(path, QStringLiteral("budget")));
        range(g.start, rules::start, pathKey(path, QStringLiteral("start")));
        range(g.rate, rules::rate, pathKey(path, QStringLiteral("rate")));
    }

    void goal(const Goal &g, const QString &path)
    {
        if (isExtreme(g.kind)) {
            extremeGoal(g, path);
            return;
        }
        const QString conditions = pathKey(path, QStringLiteral("conditions"));
        factList(g.conditions, conditions);
        if (g.conditions.isEmpty())
            error(conditions, QStringLiteral("a goal needs at least one condition"));
        for (const Condition &c : g.conditions)
            if (c.fact.startsWith(u"partner."))
                error(pathFact(conditions, c.fact), QStringLiteral("a goal cannot name a partner's fact"));
        for (const Condition &c : g.conditions)
            if (const QString why = conditionError(c, g.kind); !why.isEmpty())
                error(pathFact(conditions, c.fact), why);
        if (g.kind == GoalKind::Need) {
            range(g.start, rules::start, pathKey(path, QStringLiteral("start")));
            range(g.rate, rules::rate, pathKey(path, QStringLiteral("rate")));
        } else {
            range(g.urgency, rules::urgency, pathKey(path, QStringLiteral("urgency")));
        }
    }

    void agent(const Agent &a, const QString &path)
    {
        position(a.at, pathKey(path, QStringLiteral("at")));
        range(a.speed, rules::speed, pathKey(path, QStringLiteral("speed")));
        seeds(a.facts, pathKey(path, QStringLiteral("facts")));
        const QString actions = pathKey(path, QStringLiteral("actions"));
        count(a.actions.size(), actions);
        QSet<QString> seen;
        for (qsizetype i = 0; i < a.actions.size(); ++i) {
            const QString &id = a.actions[i];
            if (!findAction(id))
                error(pathIndex(actions, i), QStringLiteral("unknown action \"%1\"").arg(id));
            else if (seen.contains(id))
                error(pathIndex(actions, i), QStringLiteral("action \"%1\" is listed twice").arg(id));
            seen.insert(id);
        }
        const QString goals = pathKey(path, QStringLiteral("goals"));
        count(a.goals.size(), goals);
        seen.clear();
        for (qsizetype i = 0; i < a.goals.size(); ++i) {
            const GoalRef &r = a.goals[i];
            const QString p = pathIndex(goals, i);
            const Goal *g = findGoal(r.goal);
            if (!g) {
                error(pathKey(p, QStringLiteral("goal")), QStringLiteral("unknown goal \"%1\"").arg(r.goal));
                continue;
            }
            if (seen.contains(r.goal))
                error(pathKey(p, QStringLiteral("goal")), QStringLiteral("goal \"%1\" is listed twice").arg(r.goal));
            seen.insert(r.goal);
            const bool need = climbs(g->kind);
            auto overrideCheck = [&](const std::optional<double> &v, const char *key, bool forNeed, double hi) {
                if (!v)
                    return;
                const QString kp = pathKey(p, QLatin1String(key));
                if (forNeed != need)
                    error(kp,
                          QStringLiteral("\"%1\" overrides only %2 goals; \"%3\" is a %4")
                              .arg(QLatin1String(key), forNeed ? u"need, maximise and minimise" : u"quota", g->id,
                                   toString(g->kind)));
                else
                    range(*v, NumberRule {0, hi, false, "the override"}, kp);
            };
            overrideCheck(r.start, "start", true, 1);
            overrideCheck(r.rate, "rate", true, limits::kMaxRate);
            overrideCheck(r.urgency, "urgency", false, limits::kMaxUrgency);
        }
    }

    // --- warnings -----------------------------------------------------------

    // Relaxed reachability: the lowest and highest value each fact can ever
    // take, ignoring that effects happen one at a time. World facts are
    // shared, so every agent's usable actions move them; agent facts only the
    // agent's own actions (and anyone's, as somebody's partner).
    struct Span
    {
        qint32 lo = 0, hi = 0;
        bool widen(qint32 to)
        {
            const Span before = *this;
            lo = std::min(lo, to);
            hi = std::max(hi, to);
            return lo != before.lo || hi != before.hi;
        }
    };
    struct Reach
    {
        QHash<QString, Span> world;
        // One pool per kind of character (the same facts and actions: the
        // same spans), poolOf each character's.
        QList<QHash<QString, Span>> agent;
        std::vector<int> poolOf;
        // Agent facts any character may be given as somebody's partner: one
        // pool for all, not a write into every character's (quadratic).
        QHash<QString, Span> partner;
        Span of(int agentIndex, const QString &fact) const
        {
            if (fact.startsWith(u"world."))
                return world.value(fact);
            Span s = agent[poolOf[size_t(agentIndex)]].value(fact);
            if (const auto it = partner.constFind(fact); it != partner.cend()) {
                s.widen(it->lo);
                s.widen(it->hi);
            }
            return s;
        }
        bool canHold(int agentIndex, const Condition &c) const
        {
            const Span s = of(agentIndex, c.fact);
            return conditionCanHold(c.op, s.lo, s.hi, c.value);
        }
    };

    Reach reachability() const
    {
        Reach r;
        for (const FactValue &f : m_s.world)
            r.world[QStringLiteral("world.") + f.name] = Span {f.value, f.value};
        for (const Station &st : m_s.stations)
            if (st.capacity > 0)
                r.world[freePlacesFact(st.id)] = Span {0, st.capacity}; // taken and given back
        // Characters with the same seeds and actions reach the same spans, and
        // move the world the same way: the fixpoint runs once per kind (a town
        // of 10,000 has a few kinds).
        QHash<QString, int> kinds;
        std::vector<int> representative; // per pool, its first character
        for (const Character &ch : m_chars) {
            QString kind; // each name after its length: no name can run into the next
            for (const FactValue &f : ch.agent->facts)
                kind += QString::number(f.name.size()) + u':' + f.name + u'=' + QString::number(f.value) + u';';
            kind += u'|';
            for (const QString &id : ch.agent->actions)
                kind += QString::number(id.size()) + u':' + id;
            if (const auto it = kinds.constFind(kind); it != kinds.cend()) {
                r.poolOf.push_back(it.value());
                continue;
            }
            kinds.insert(kind, int(r.agent.size()));
            r.poolOf.push_back(int(r.agent.size()));
            QHash<QString, Span> pool;
            for (const FactValue &f : ch.agent->facts)
                pool[QStringLiteral("agent.") + f.name] = Span {f.value, f.value};
            r.agent.append(pool);
            representative.push_back(int(r.poolOf.size()) - 1);
        }
        for (bool changed = true; changed;) {
            changed = false;
            for (int pi = 0; pi < int(r.agent.size()); ++pi) {
                const int ai = representative[size_t(pi)];
                for (const QString &id : m_chars[size_t(ai)].agent->actions) {
                    const Action *act = findAction(id);
                    if (!std::all_of(act->pre.begin(), act->pre.end(),
                                     [&](const Condition &c) { return r.canHold(ai, c); }))
                        continue;
                    auto move = [&](const QString &fact, qint32 to) {
                        if (fact.startsWith(u"partner.")) {
                            // A partner's facts: whoever can be somebody's partner may be given them.
                            const QString name = ownFact(fact);
                            auto it = r.partner.find(name);
                            if (it == r.partner.end()) {
                                r.partner.insert(name, Span {to, to});
                                changed = true;
                            } else {
                                changed |= it->widen(to);
                            }
                            return;
                        }
                        auto &pool = fact.startsWith(u"world.") ? r.world : r.agent[pi];
                        changed |= pool[fact].widen(to);
                    };
                    for (const Effect &e : act->add)
                        if (e.value != 0)
                            move(e.fact, e.value > 0 ? kUnbounded : 0); // spent down to 0 at worst
                    for (const Effect &e : act->set)
                        move(e.fact, e.value);
                    if (!act->enqueue.isEmpty())
                        move(queueFact(act->enqueue), kUnbounded);
                }
            }
        }
        return r;
    }

    // Seed 004's lint, the other half of the isTreated trap: a want that can
    // never happen. Below planner.restBelow on every want, a character rests
    // (SPEC §5), so a goal whose insistence never rises that high (a need
    // starting lower with no climb, a quota of small urgency) is never pursued.
    void neverWanted(const Agent &agent, const GoalRef &ref, const Goal &g, const QString &path)
    {
        const double top = climbs(g.kind)
            ? std::min(1.0, ref.start.value_or(g.start) + ref.rate.value_or(g.rate) * m_s.day.length)
            : std::min(1.0, ref.urgency.value_or(g.urgency));
        if (top < m_s.planner.restBelow)
            warning(path,
                    QStringLiteral("%1's \"%2\" never rises to the rest threshold %3 (at most %4 in a day): it rests "
                                   "rather than pursue it; raise its %5")
                        .arg(agent.id, g.label)
                        .arg(m_s.planner.restBelow)
                        .arg(top)
                        .arg(climbs(g.kind) ? QStringLiteral("start or rate") : QStringLiteral("urgency")));
    }

    void warnings()
    {
        const Reach reach = reachability();
        QSet<QString> usedActions, heldGoals;
        for (int ai = 0; ai < int(m_chars.size()); ++ai) {
            const Agent &agent = *m_chars[size_t(ai)].agent;
            const QString &agentPath = m_chars[size_t(ai)].path;
            for (const QString &a : agent.actions)
                usedActions.insert(a);
            if (agent.goals.isEmpty())
                warning(pathKey(agentPath, QStringLiteral("goals")),
                        QStringLiteral("%1 holds no goals, so it will only rest").arg(agent.id));
            if (!m_chars[size_t(ai)].isTemplate)
                selfPartner(agent, agentPath);
            for (int gi = 0; gi < agent.goals.size(); ++gi) {
                const Goal *g = findGoal(agent.goals[gi].goal);
                heldGoals.insert(g->id);
                neverWanted(
                    agent, agent.goals[gi], *g,
                    pathKey(pathIndex(pathKey(agentPath, QStringLiteral("goals")), gi), QStringLiteral("goal")));
                for (const Condition &c : g->conditions) {
                    if (reach.canHold(ai, c))
                        continue;
                    const QString path
                        = pathKey(pathIndex(pathKey(agentPath, QStringLiteral("goals")), gi), QStringLiteral("goal"));
                    if (c.op == ConditionOp::Ge)
                        warning(path,
                                QStringLiteral("%1 can never reach \"%2\": nothing it or anyone can do brings %3 to %4")
                                    .arg(agent.id, g->label, c.fact)
                                    .arg(c.value));
                    else
                        warning(path,
                                QStringLiteral("%1 can never reach \"%2\": nothing it or anyone can do makes %3 hold")
                                    .arg(agent.id, g->label, conditionText(c)));
                }
            }
        }
        // The first used action (in file order) that lowers each fact: one pass,
        // not a scan of every action for every quota condition.
        QHash<QString, qsizetype> drainer;
        for (qsizetype i = 0; i < m_s.actions.size(); ++i) {
            const Action &a = m_s.actions[i];
            if (!usedActions.contains(a.id))
                continue;
            for (const Effect &e : a.add)
                if (e.value < 0 && !drainer.contains(e.fact))
                    drainer.insert(e.fact, i);
            for (const Effect &e : a.set) // a set can overwrite a higher value
                if (!drainer.contains(e.fact))
                    drainer.insert(e.fact, i);
        }
        indexProducers();
        for (int gi = 0; gi < m_s.goals.size(); ++gi) {
            const Goal &g = m_s.goals[gi];
            const QString conditions = pathKey(pathIndex(QStringLiteral("goals"), gi), QStringLiteral("conditions"));
            for (const Condition &c : g.conditions) {
                if (!c.fact.startsWith(u"world."))
                    continue;
                if (g.kind == GoalKind::Quota && spentBy(c.op, 1) > 0) { // a stock that must stay high
                    if (const auto it = drainer.constFind(c.fact); it != drainer.cend())
                        warning(pathFact(conditions, c.fact),
                                QStringLiteral(
                                    "quota on the world pool %1, which %2 drains: the quota may never stay met "
                                    "(phrase it against a tally such as agent.%3Made unless it is a stock level)")
                                    .arg(c.fact, m_s.actions[it.value()].id, bareName(c.fact)));
                }
                otherSetters(g, c, pathFact(conditions, c.fact));
            }
        }
        for (int i = 0; i < m_s.actions.size(); ++i) {
            const Action &a = m_s.actions[i];
            const QString path = pathIndex(QStringLiteral("actions"), i);
            if (!usedActions.contains(a.id))
                warning(pathKey(path, QStringLiteral("id")), QStringLiteral("no character can do %1").arg(a.id));
            for (const Condition &c : a.pre) {
                if (produced(c))
                    continue;
                warning(pathFact(pathKey(path, QStringLiteral("pre")), c.fact),
                        QStringLiteral("nothing produces %1, so %2 can never run").arg(conditionText(c), a.id));
            }
        }
        for (int i = 0; i < m_s.goals.size(); ++i) {
            const Goal &g = m_s.goals[i];
            if (!isExtreme(g.kind))
                continue;
            const bool changed = std::any_of(m_s.actions.begin(), m_s.actions.end(), [&](const Action &a) {
                const auto names = [&](const Effect &e) { return ownFact(e.fact) == g.fact; };
                return usedActions.contains(a.id)
                    && (std::any_of(a.set.begin(), a.set.end(), names)
                        || std::any_of(a.add.begin(), a.add.end(), names));
            });
            if (!changed)
                warning(pathKey(pathIndex(QStringLiteral("goals"), i), QStringLiteral("fact")),
                        QStringLiteral("no action a character can do changes %1, so \"%2\" never has a plan")
                            .arg(g.fact, g.label));
        }
        for (int i = 0; i < m_s.goals.size(); ++i)
            if (!heldGoals.contains(m_s.goals[i].id))
                warning(pathKey(pathIndex(QStringLiteral("goals"), i), QStringLiteral("id")),
                        QStringLiteral("no character holds %1").arg(m_s.goals[i].id));
    }

    // What produced() and otherSetters() ask of every action and character,
    // gathered in one pass so each condition costs a lookup: with 10,000
    // goals, actions and characters, a scan per condition is quadratic.
    void indexProducers()
    {
        for (const FactValue &f : m_s.world)
            if (!m_worldSeed.contains(f.name))
                m_worldSeed.insert(f.name, f.value); // the first, should a name repeat
        for (const Character &ch : m_chars) {
            QSet<QString> seen;
            for (const FactValue &f : ch.agent->facts) {
                if (seen.contains(f.name))
                    continue;
                seen.insert(f.name);
                const auto it = m_agentSeed.find(f.name);
                if (it == m_agentSeed.end())
                    m_agentSeed.insert(f.name, f.value);
                else if (f.value > it.value())
                    it.value() = f.value;
            }
        }
        // An action can bring a fact to `atLeast` by its effects, by joining a
        // queue (world.queue.<name>) or by writing a partner's fact (any
        // character can be somebody's partner): when atLeast <= the best of these.
        QList<QStringList> raisedByAction(m_s.actions.size()); // facts each action raises to >= 1
        for (qsizetype i = 0; i < m_s.actions.size(); ++i) {
            const Action &a = m_s.actions[i];
            auto note = [&](const QString &fact, qint64 to) {
                if (const auto low = m_bestLower.find(fact); low == m_bestLower.end())
                    m_bestLower.insert(fact, to);
                else if (to < low.value())
                    low.value() = to;
                const auto it = m_bestRaise.find(fact);
                if (it == m_bestRaise.end())
                    m_bestRaise.insert(fact, to);
                else if (to > it.value())
                    it.value() = to;
                if (to >= 1)
                    raisedByAction[i].append(fact);
            };
            auto noteWithPartner = [&](const Effect &e, qint64 to) {
                note(e.fact, to);
                if (e.fact.startsWith(u"partner.")) // any character can be somebody's partner
                    note(ownFact(e.fact), to);
            };
            if (!a.enqueue.isEmpty())
                note(queueFact(a.enqueue), kUnbounded);
            for (const Effect &e : a.add)
                if (e.value != 0)
                    noteWithPartner(e, e.value > 0 ? kUnbounded : 0); // a spend goes down to 0 at worst
            for (const Effect &e : a.set)
                noteWithPartner(e, e.value);
        }
        // For each fact, every character that can raise it, in order, with its first such action.
        for (int ci = 0; ci < int(m_chars.size()); ++ci)
            for (const QString &id : m_chars[size_t(ci)].agent->actions)
                if (const auto it = m_actionIndex.constFind(id); it != m_actionIndex.cend())
                    for (const QString &fact : raisedByAction[it.value()]) {
                        QList<Raiser> &list = m_raisers[fact];
                        if (list.isEmpty() || list.last().character != ci)
                            list.append(Raiser {ci, it.value()});
                    }
        for (int ci = 0; ci < int(m_chars.size()); ++ci)
            for (const GoalRef &r : m_chars[size_t(ci)].agent->goals) {
                QList<int> &list = m_holders[r.goal];
                if (list.isEmpty() || list.last() != ci)
                    list.append(ci);
            }
    }

    // Whether any seed value or any action can make `c` hold.
    bool produced(const Condition &c) const
    {
        const bool world = c.fact.startsWith(u"world.");
        const QString name = bareName(c.fact);
        Span span;
        if (world) {
            const qint32 seed = m_worldSeed.value(name, 0);
            span = Span {seed, seed};
            if (const QString free = stationOfFreePlaces(c.fact); !free.isEmpty())
                if (const Station *station = findStation(free); station && station->capacity > 0)
                    span.widen(station->capacity); // free places go from 0 to the capacity
        } else if (!m_chars.empty()) {
            span = Span {0, m_agentSeed.value(name, 0)}; // a character without the fact reads 0
        } else {
            return conditionCanHold(c.op, 0, 0, c.value);
        }
        if (const auto best = m_bestRaise.constFind(c.fact); best != m_bestRaise.cend() && best.value() > span.hi)
            span.hi = qint32(std::min<qint64>(best.value(), kUnbounded));
        if (const auto low = m_bestLower.constFind(c.fact); low != m_bestLower.cend() && low.value() < span.lo)
            span.lo = qint32(low.value());
        return conditionCanHold(c.op, span.lo, span.hi, c.value);
    }

    // A character never takes itself as partner: one that joins a queue and
    // takes from it needs someone else in it (a template's copies are others
    // to each other, so only the scenario's own characters are checked).
    void selfPartner(const Agent &agent, const QString &path)
    {
        for (const QString &joinId : agent.actions) {
            const Action *join = m_s.action(joinId);
            if (!join || join->enqueue.isEmpty())
                continue;
            for (const QString &takeId : agent.actions) {
                const Action *take = m_s.action(takeId);
                if (take && take->takePartner == join->enqueue) {
                    warning(
                        pathKey(path, QStringLiteral("actions")),
                        QStringLiteral("%1 joins the queue \"%2\" (%3) and takes partners from it (%4): it never takes "
                                       "itself, so %4 waits for someone else in the queue")
                            .arg(agent.id, join->enqueue, join->id, take->id));
                    return;
                }
            }
        }
    }

    // The hospital trap of seed 004: a goal on a world fact that other
    // characters' actions set is met for everyone as soon as one of them acts.
    void otherSetters(const Goal &g, const Condition &c, const QString &path)
    {
        const QList<Raiser> raisers = m_raisers.value(c.fact);
        if (raisers.isEmpty())
            return;
        for (const int hi : m_holders.value(g.id)) {
            const Character &h = m_chars[size_t(hi)];
            for (const Raiser &r : raisers) {
                if (r.character == hi && !h.isTemplate)
                    continue; // a template's copies are others to each other
                warning(path,
                        QStringLiteral("%1's goal \"%2\" names the world fact %3, which %4 sets by %5: one "
                                       "character's work satisfies everyone holding this goal (use an agent fact)")
                            .arg(h.agent->id, g.label, c.fact, m_chars[size_t(r.character)].agent->id,
                                 m_s.actions[r.action].id));
                return;
            }
        }
    }

    struct Character
    {
        const Agent *agent;
        QString path;
        bool isTemplate;
    };

    struct Raiser
    {
        int character; // into m_chars
        qsizetype action;
    };

    const Scenario &m_s;
    std::vector<Character> m_chars; // agents, then templates
    QHash<QString, qsizetype> m_stationIndex, m_actionIndex, m_goalIndex, m_agentIndex, m_templateIndex;
    QHash<QString, qint32> m_worldSeed, m_agentSeed; // agent seeds: the highest any character has
    QHash<QString, qint64> m_bestRaise; // the highest value some action brings a fact to
    QHash<QString, qint64> m_bestLower; // the lowest (a spend: 0)
    QHash<QString, QList<Raiser>> m_raisers; // per fact, characters that raise it to >= 1
    QHash<QString, QList<int>> m_holders; // per goal id, characters holding it
    Issues m_issues;
    std::optional<Grid> m_grid; // with walls only
};

} // namespace

Issues validate(const Scenario &scenario)
{
    return Validator(scenario).run();
}

} // namespace goap
