#include "scenariodocument.h"

#include "commands/commands.h"
#include "document/changetext.h"
#include "document/warnings.h"
#include "io/validator.h"
#include "model/factname.h"
#include "space/grid.h"

#include <QCoreApplication>

#include <QRegularExpression>
#include <QUndoStack>

#include <set>

namespace goap::editor {

Scenario newScenario()
{
    Scenario s;
    s.name = QStringLiteral("Untitled");
    return s;
}

ScenarioDocument::ScenarioDocument(QObject *parent)
    : QObject(parent)
    , m_scenario(newScenario())
    , m_undo(new QUndoStack(this))
{
    m_undo->setUndoLimit(kUndoLimit);
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
    m_validateTimer.setSingleShot(true);
    m_validateTimer.setInterval(100);
    connect(&m_validateTimer, &QTimer::timeout, this, [this] {
        if (m_validationPending) {
            validateNow();
            emit issuesChanged();
        }
    });
    revalidate();
    validateNow();
}

ScenarioDocument::~ScenarioDocument() = default;

bool ScenarioDocument::isModified() const
{
    return !m_undo->isClean();
}

void ScenarioDocument::reset(const Scenario &scenario, const QString &fileName)
{
    m_undo->clear();
    Change change;
    change.resized = Part::All;
    emit aboutToChange(change);
    m_scenario = scenario;
    emit changed(change);
    setFileName(fileName);
    revalidate();
    validateNow(); // a new document shows its issues at once
    emit issuesChanged();
    emit documentReset();
    emit modifiedChanged(false);
}

void ScenarioDocument::setFileName(const QString &fileName)
{
    if (m_fileName == fileName)
        return;
    m_fileName = fileName;
    emit fileNameChanged(fileName);
}

void ScenarioDocument::markSaved()
{
    m_undo->setClean();
}

void ScenarioDocument::revertTo(const Scenario &saved)
{
    // A step like any other, so Undo brings the discarded changes back.
    push(saved, tr("Revert to the saved file"), Part::All);
    m_undo->setClean();
}

void ScenarioDocument::assign(const Scenario &value, Parts parts, const QString &field)
{
    Change change {Change::Replaced, parts, {}, field, {}};
    auto resized = [&](Part part, qsizetype a, qsizetype b) {
        if (a != b)
            change.resized |= part;
    };
    resized(Part::Stations, m_scenario.stations.size(), value.stations.size());
    resized(Part::Actions, m_scenario.actions.size(), value.actions.size());
    resized(Part::Goals, m_scenario.goals.size(), value.goals.size());
    resized(Part::Agents, m_scenario.agents.size(), value.agents.size());
    resized(Part::Templates, m_scenario.templates.size(), value.templates.size());
    resized(Part::Spawners, m_scenario.spawners.size(), value.spawners.size());
    emit aboutToChange(change);
    m_scenario = value;
    revalidate();
    emit changed(change);
}

namespace {
template<typename T> QList<T> &listFor(Scenario &s, Part part);
template<> QList<Station> &listFor(Scenario &s, Part)
{
    return s.stations;
}
template<> QList<Action> &listFor(Scenario &s, Part)
{
    return s.actions;
}
template<> QList<Goal> &listFor(Scenario &s, Part)
{
    return s.goals;
}
template<> QList<Agent> &listFor(Scenario &s, Part part)
{
    return part == Part::Templates ? s.templates : s.agents;
}
template<> QList<Spawner> &listFor(Scenario &s, Part)
{
    return s.spawners;
}
} // namespace

void ScenarioDocument::applyItems(Part part, const QList<int> &indices, const QList<ItemValue> &values,
                                  const QString &field)
{
    const Change change {Change::Edited, part, indices, field, {}};
    emit aboutToChange(change);
    for (int k = 0; k < indices.size(); ++k)
        std::visit(
            [&](const auto &item) {
                using T = std::decay_t<decltype(item)>;
                listFor<T>(m_scenario, part)[indices[k]] = item;
            },
            values[k]);
    revalidate();
    emit changed(change);
}

void ScenarioDocument::insertItems(Part part, int first, const QList<ItemValue> &values)
{
    Change change {Change::Inserted, part, {}, {}, {}};
    for (int k = 0; k < values.size(); ++k)
        change.indices << first + k;
    emit aboutToChange(change);
    for (int k = 0; k < values.size(); ++k)
        std::visit(
            [&](const auto &item) {
                using T = std::decay_t<decltype(item)>;
                listFor<T>(m_scenario, part).insert(first + k, item);
            },
            values[k]);
    revalidate();
    emit changed(change);
}

void ScenarioDocument::removeItems(Part part, const QList<int> &indices)
{
    // Run by run, the last first, so the indices of the runs before hold.
    for (qsizetype end = indices.size(); end > 0;) {
        qsizetype begin = end - 1;
        while (begin > 0 && indices[begin - 1] == indices[begin] - 1)
            --begin;
        const Change change {Change::Removed, part, indices.mid(begin, end - begin), {}, {}};
        emit aboutToChange(change);
        auto removeRun = [&](auto &list) { list.remove(indices[begin], end - begin); };
        switch (part) {
        case Part::Stations:
            removeRun(m_scenario.stations);
            break;
        case Part::Actions:
            removeRun(m_scenario.actions);
            break;
        case Part::Goals:
            removeRun(m_scenario.goals);
            break;
        case Part::Agents:
            removeRun(m_scenario.agents);
            break;
        case Part::Templates:
            removeRun(m_scenario.templates);
            break;
        case Part::Spawners:
            removeRun(m_scenario.spawners);
            break;
        default:
            Q_UNREACHABLE();
        }
        revalidate();
        emit changed(change);
        end = begin;
    }
}

void ScenarioDocument::push(const Scenario &after, const QString &text, Parts parts, const QString &field)
{
    if (after == m_scenario)
        return;
    m_undo->push(makeCommand(this, m_scenario, after, parts, text, field));
}

void ScenarioDocument::revalidate()
{
    m_validationPending = true;
    m_validateTimer.start(); // restarted by every edit: typing validates once, after the last key
}

Issues ScenarioDocument::issues() const
{
    validateNow();
    return m_issues;
}

void ScenarioDocument::validateNow() const
{
    if (!m_validationPending)
        return;
    m_validationPending = false;
    m_issues = validate(m_scenario);
    // Errors first, then the warnings, which the validator leaves out while
    // there are errors: a designer fixing one should still see the others.
    if (hasErrors(m_issues))
        m_issues += warningsDespiteErrors(m_scenario);
}

// A validator's message as a refusal: a capital first letter and a full stop.
static QString sentence(QString message)
{
    if (!message.isEmpty())
        message[0] = message[0].toUpper();
    if (!message.endsWith(u'.'))
        message += u'.';
    return message;
}

QString ScenarioDocument::checkId(const QString &id, const QStringList &taken, const QString &previous) const
{
    if (const QString why = idError(id); !why.isEmpty())
        return sentence(why);
    if (id != previous && taken.contains(id))
        return tr("The id \"%1\" is already used.").arg(id);
    return {};
}

QString ScenarioDocument::uniqueId(const QString &base, const QStringList &taken) const
{
    if (!taken.contains(base))
        return base;
    for (int n = 2;; ++n)
        if (const QString id = base + QString::number(n); !taken.contains(id))
            return id;
}

namespace {

// Why a list of scoped fact rows cannot be stored (empty when it can).
template<typename Entry> QString factRowsProblem(const QList<Entry> &rows)
{
    QStringList seen;
    for (const Entry &e : rows) {
        if (e.fact.isEmpty()) // not ": a fact must start with ..."
            return ScenarioDocument::tr("A row has no fact: name one, or remove the row.");
        if (const QString problem = factNameProblem(e.fact); !problem.isEmpty())
            return QStringLiteral("%1: %2").arg(e.fact, problem);
        if (seen.contains(e.fact))
            return ScenarioDocument::tr("%1 appears twice.").arg(e.fact);
        seen << e.fact;
    }
    return {};
}

} // namespace

// --- settings and world --------------------------------------------------

QString ScenarioDocument::setSettings(const QString &name, const QString &description, const DaySettings &day,
                                      const PlannerSettings &planner, const MapSettings &map, const QString &field)
{
    if (name.trimmed().isEmpty())
        return tr("The scenario needs a name.");
    Scenario s = m_scenario;
    s.name = name;
    s.description = description;
    s.day = day;
    s.planner = planner;
    s.map = map;
    push(s, changeText(m_scenario, s), Part::Settings, field);
    return {};
}

namespace {
QString wallText(const Wall &w)
{
    return QCoreApplication::translate("goap::editor::ScenarioDocument", "%1 x %2 at (%3, %4)")
        .arg(w.w)
        .arg(w.h)
        .arg(w.x)
        .arg(w.y);
}
} // namespace

// What a wall edit would break, or empty: the one home of the editor's wall rule.
static QString wallProblem(const Scenario &s, const Wall &wall)
{
    auto tr = [](const char *text) { return QCoreApplication::translate("goap::editor::ScenarioDocument", text); };
    if (!(wall.w > 0) || !(wall.h > 0))
        return tr("A wall needs a width and a height.");
    if (wall.x < 0 || wall.y < 0 || wall.x + wall.w > s.map.width + 1e-9 || wall.y + wall.h > s.map.height + 1e-9)
        return tr("A wall must lie inside the map (%1 x %2).").arg(s.map.width).arg(s.map.height);
    auto covers = [&](const Point &p) { return wallBlocksCellAt(wall, p.x, p.y); };
    for (const Station &st : s.stations)
        if (covers(st.at))
            return tr("The wall would cover station %1.").arg(st.id);
    for (const Agent &a : s.agents)
        if (covers(a.at))
            return tr("The wall would cover where %1 starts.").arg(a.id);
    for (const Spawner &sp : s.spawners)
        if (covers(sp.at))
            return tr("The wall would cover the spawner of %1.").arg(sp.templateId);
    return {};
}

// Why nobody may stand at `p`, or empty.
static QString insideWall(const MapSettings &map, const Point &p)
{
    for (const Wall &w : map.walls)
        if (wallBlocksCellAt(w, p.x, p.y))
            return QCoreApplication::translate("goap::editor::ScenarioDocument", "(%1, %2) is inside a wall.")
                .arg(p.x)
                .arg(p.y);
    return {};
}

QString ScenarioDocument::addWall(const Wall &wall)
{
    if (const QString problem = wallProblem(m_scenario, wall); !problem.isEmpty())
        return problem;
    Scenario s = m_scenario;
    s.map.walls.append(wall);
    push(s, tr("Add wall %1").arg(wallText(wall)), Part::Settings);
    return {};
}

QString ScenarioDocument::setWall(int index, const Wall &wall)
{
    if (index < 0 || index >= m_scenario.map.walls.size())
        return tr("There is no such wall.");
    const Wall &before = m_scenario.map.walls[index];
    if (before == wall)
        return {};
    if (const QString problem = wallProblem(m_scenario, wall); !problem.isEmpty())
        return problem;
    Scenario s = m_scenario;
    s.map.walls[index] = wall;
    const bool moved = before.w == wall.w && before.h == wall.h;
    push(s, (moved ? tr("Move wall to %1") : tr("Resize wall to %1")).arg(wallText(wall)), Part::Settings);
    return {};
}

namespace {
// Whole cells to rectangles: runs along each row, then runs of equal rows stacked.
QList<Wall> rectanglesOf(std::vector<Cell> cells)
{
    std::sort(cells.begin(), cells.end(), [](Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    struct Run
    {
        int x0, x1, y0, y1;
    };
    std::vector<Run> runs, open;
    for (size_t k = 0; k < cells.size();) {
        size_t e = k + 1;
        while (e < cells.size() && cells[e].y == cells[k].y && cells[e].x == cells[e - 1].x + 1)
            ++e;
        runs.push_back({cells[k].x, cells[e - 1].x + 1, cells[k].y, cells[k].y + 1});
        k = e;
    }
    QList<Wall> out;
    for (const Run &r : runs) {
        // Extend a rectangle of the row above with the same span.
        const auto above = std::find_if(open.begin(), open.end(),
                                        [&](const Run &o) { return o.x0 == r.x0 && o.x1 == r.x1 && o.y1 == r.y0; });
        if (above != open.end())
            above->y1 = r.y1;
        else
            open.push_back(r);
    }
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

QString ScenarioDocument::paintWalls(const QList<Cell> &cells, bool erase)
{
    const Scenario &now = m_scenario;
    const auto inMap = [&](Cell c) {
        return c.x >= 0 && c.y >= 0 && c.x + 1 <= now.map.width + 1e-9 && c.y + 1 <= now.map.height + 1e-9;
    };
    const auto blockedBy = [&](Cell c) {
        return std::any_of(now.map.walls.begin(), now.map.walls.end(),
                           [&](const Wall &w) { return wallBlocksCellAt(w, c.x + 0.5, c.y + 0.5); });
    };
    Scenario s = now;
    int changed = 0;
    QString note;
    if (!erase) {
        std::vector<Cell> fresh;
        int kept = 0;
        for (const Cell c : cells) {
            if (!inMap(c) || blockedBy(c))
                continue;
            if (!wallProblem(now, Wall {double(c.x), double(c.y), 1, 1}).isEmpty()) {
                ++kept; // a station, a start or a spawner stands there
                continue;
            }
            fresh.push_back(c);
        }
        if (kept > 0)
            note = kept == 1 ? tr("1 cell with a station, a start or a spawner on it stays free.")
                             : tr("%1 cells with a station, a start or a spawner on them stay free.").arg(kept);
        const QList<Wall> added = rectanglesOf(fresh);
        changed = int(fresh.size());
        s.map.walls += added;
    } else {
        QList<Wall> kept;
        for (const Wall &w : now.map.walls) {
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
                kept.append(w);
            else
                kept += rectanglesOf(left);
        }
        s.map.walls = kept;
    }
    if (changed == 0)
        return note;
    const QString cellsText = changed == 1 ? tr("1 wall cell") : tr("%1 wall cells").arg(changed);
    push(s, (erase ? tr("Erase %1") : tr("Paint %1")).arg(cellsText), Part::Settings);
    return note;
}

QString ScenarioDocument::removeWall(int index)
{
    if (index < 0 || index >= m_scenario.map.walls.size())
        return tr("There is no such wall.");
    Scenario s = m_scenario;
    const Wall wall = s.map.walls.takeAt(index);
    push(s, tr("Remove wall %1").arg(wallText(wall)), Part::Settings);
    return {};
}

QString ScenarioDocument::setWorldSeed(const QString &name, qint32 value)
{
    if (!isValidFactName(name))
        return tr("\"%1\" is not a valid fact name.").arg(name);
    if (value < 0)
        return tr("Pools never go negative.");
    Scenario s = m_scenario;
    auto it = std::find_if(s.world.begin(), s.world.end(), [&](const FactValue &f) { return f.name == name; });
    if (it == s.world.end()) {
        s.world.append(FactValue {name, value});
        std::sort(s.world.begin(), s.world.end(),
                  [](const FactValue &a, const FactValue &b) { return a.name < b.name; });
    } else {
        it->value = value;
    }
    push(s, tr("Set the seed of world.%1 to %2").arg(name).arg(value), Part::World, QStringLiteral("seed ") + name);
    return {};
}

QString ScenarioDocument::removeWorldSeed(const QString &name)
{
    Scenario s = m_scenario;
    s.world.removeIf([&](const FactValue &f) { return f.name == name; });
    push(s, tr("Remove the seed of world.%1").arg(name), Part::World);
    return {};
}

namespace {

template<typename Entry> bool renameIn(QList<Entry> &list, const QString &from, const QString &to)
{
    bool any = false;
    for (Entry &e : list) {
        if (e.fact == from) {
            e.fact = to;
            any = true;
        }
    }
    if (any)
        std::sort(list.begin(), list.end(), [](const Entry &a, const Entry &b) { return a.fact < b.fact; });
    return any;
}

bool renameSeed(QList<FactValue> &list, const QString &from, const QString &to)
{
    bool any = false;
    for (FactValue &f : list) {
        if (f.name == from) {
            f.name = to;
            any = true;
        }
    }
    if (any)
        std::sort(list.begin(), list.end(), [](const FactValue &a, const FactValue &b) { return a.name < b.name; });
    return any;
}

} // namespace

QString ScenarioDocument::renameFact(const QString &from, const QString &to)
{
    const auto source = parseFactName(from);
    if (!source)
        return tr("\"%1\" is not a fact.").arg(from);
    if (!to.startsWith(scopePrefix(source->scope)))
        return tr("A fact keeps its scope: the new name must start with \"%1\".").arg(scopePrefix(source->scope));
    if (const QString problem = factNameProblem(to); !problem.isEmpty())
        return problem;
    if (from == to)
        return {};
    if (factsInUse().contains(to))
        return tr("%1 is already in use.").arg(to);
    // Facts the simulation keeps: a station's free places follow its id; a
    // queue's length is renamed with the queue itself.
    if (const QString station = stationOfFreePlaces(from); !station.isEmpty() && m_scenario.station(station))
        return tr("%1 counts the free places of station %2: rename the station instead.").arg(from, station);
    if (const QString station = stationOfFreePlaces(to); !station.isEmpty() && m_scenario.station(station))
        return tr("%1 counts the free places of station %2.").arg(to, station);
    const QString queuePrefix = queueFact(QString());
    const QString nameFrom = queueOfFact(from), nameTo = queueOfFact(to);
    const bool queue = !nameFrom.isEmpty();
    if (queue != !nameTo.isEmpty())
        return queue ? tr("%1 is the length of a queue: its new name must start with \"%2\".").arg(from, queuePrefix)
                     : tr("Names starting with \"%1\" are the lengths of queues.").arg(queuePrefix);
    Scenario s = m_scenario;
    if (queue) { // the queue itself: who joins it and who takes from it
        for (const Action &a : s.actions)
            if (a.enqueue == nameTo || a.takePartner == nameTo)
                return tr("There is already a queue \"%1\" (%2 uses it).").arg(nameTo, a.id);
        for (Action &a : s.actions) {
            if (a.enqueue == nameFrom)
                a.enqueue = nameTo;
            if (a.takePartner == nameFrom)
                a.takePartner = nameTo;
        }
    }
    const QString bareFrom = bareName(from), bareTo = bareName(to);
    if (source->scope == Scope::World)
        renameSeed(s.world, bareFrom, bareTo);
    const bool agentFact = source->scope == Scope::Agent;
    for (Action &a : s.actions) {
        renameIn(a.pre, from, to);
        renameIn(a.set, from, to);
        renameIn(a.add, from, to);
        if (agentFact) { // what partners are given is the same fact
            renameIn(a.set, QStringLiteral("partner.") + bareFrom, QStringLiteral("partner.") + bareTo);
            renameIn(a.add, QStringLiteral("partner.") + bareFrom, QStringLiteral("partner.") + bareTo);
        }
    }
    for (Goal &g : s.goals)
        renameIn(g.conditions, from, to);
    if (agentFact) {
        for (Agent &a : s.agents)
            renameSeed(a.facts, bareFrom, bareTo);
        for (Agent &a : s.templates)
            renameSeed(a.facts, bareFrom, bareTo);
    }
    push(s, tr("Rename %1 to %2").arg(from, to), Part::All);
    return {};
}

QString ScenarioDocument::addWorldFact(QString *newFact)
{
    QStringList taken;
    for (const QString &f : factsInUse())
        if (f.startsWith(u"world."))
            taken << bareName(f);
    const QString name = uniqueId(QStringLiteral("fact"), taken);
    Scenario s = m_scenario;
    s.world.append(FactValue {name, 0});
    std::sort(s.world.begin(), s.world.end(), [](const FactValue &a, const FactValue &b) { return a.name < b.name; });
    push(s, tr("Add fact world.%1").arg(name), Part::World);
    if (newFact)
        *newFact = QStringLiteral("world.") + name;
    return {};
}

// --- duplicates ------------------------------------------------------------

namespace {
template<typename Item> Item copyOf(const Item &item, const QString &id)
{
    Item copy = item;
    copy.id = id;
    copy.label = ScenarioDocument::tr("%1 (copy)").arg(item.label);
    return copy;
}
} // namespace

QString ScenarioDocument::duplicateStation(int index, QString *newId)
{
    Scenario s = m_scenario;
    Station copy = copyOf(s.stations.value(index), uniqueId(s.stations.value(index).id, idsOf(s.stations)));
    copy.at.x += 1; // beside it, not hidden under it
    s.stations.insert(index + 1, copy);
    push(s, tr("Duplicate station %1 as %2").arg(m_scenario.stations[index].id, copy.id), Part::Stations);
    if (newId)
        *newId = copy.id;
    return {};
}

QString ScenarioDocument::duplicateAction(int index, QString *newId)
{
    Scenario s = m_scenario;
    const Action copy = copyOf(s.actions.value(index), uniqueId(s.actions.value(index).id, idsOf(s.actions)));
    s.actions.insert(index + 1, copy);
    push(s, tr("Duplicate action %1 as %2").arg(m_scenario.actions[index].id, copy.id), Part::Actions);
    if (newId)
        *newId = copy.id;
    return {};
}

QString ScenarioDocument::duplicateGoal(int index, QString *newId)
{
    Scenario s = m_scenario;
    const Goal copy = copyOf(s.goals.value(index), uniqueId(s.goals.value(index).id, idsOf(s.goals)));
    s.goals.insert(index + 1, copy);
    push(s, tr("Duplicate goal %1 as %2").arg(m_scenario.goals[index].id, copy.id), Part::Goals);
    if (newId)
        *newId = copy.id;
    return {};
}

QString ScenarioDocument::duplicateAgent(int index, QString *newId)
{
    Scenario s = m_scenario;
    Agent copy
        = copyOf(s.agents.value(index), uniqueId(s.agents.value(index).id, idsOf(s.agents) + idsOf(s.templates)));
    copy.at.x += 1;
    s.agents.insert(index + 1, copy);
    push(s, tr("Duplicate character %1 as %2").arg(m_scenario.agents[index].id, copy.id), Part::Agents);
    if (newId)
        *newId = copy.id;
    return {};
}

QString ScenarioDocument::duplicateTemplate(int index, QString *newId)
{
    Scenario s = m_scenario;
    const Agent copy
        = copyOf(s.templates.value(index), uniqueId(s.templates.value(index).id, idsOf(s.agents) + idsOf(s.templates)));
    s.templates.insert(index + 1, copy);
    push(s, tr("Duplicate template %1 as %2").arg(m_scenario.templates[index].id, copy.id), Part::Templates);
    if (newId)
        *newId = copy.id;
    return {};
}

QString ScenarioDocument::duplicateSpawner(int index)
{
    Scenario s = m_scenario;
    s.spawners.insert(index + 1, s.spawners.value(index));
    push(s, tr("Duplicate a spawner of %1").arg(m_scenario.spawners[index].templateId), Part::Spawners);
    return {};
}

// --- stations --------------------------------------------------------------

QString ScenarioDocument::addStation(const Point &at, QString *newId)
{
    if (const QString problem = insideWall(m_scenario.map, at); !problem.isEmpty())
        return problem;
    Scenario s = m_scenario;
    const QString id = uniqueId(QStringLiteral("station"), idsOf(s.stations));
    s.stations.append(Station {id, tr("Station"), at});
    push(s, tr("Add station %1").arg(id), Part::Stations);
    if (newId)
        *newId = id;
    return {};
}

QString ScenarioDocument::removeStation(int index)
{
    Scenario s = m_scenario;
    const QString id = s.stations.takeAt(index).id;
    for (Action &a : s.actions) {
        a.alternatives.removeAll(id);
        if (a.station == id) // its next alternative, or where the character stands
            a.station = a.alternatives.isEmpty() ? QString() : a.alternatives.takeFirst();
    }
    push(s, tr("Remove station %1").arg(id), Part::Stations | Part::Actions);
    return {};
}

QString ScenarioDocument::setStation(int index, const Station &station, const QString &field)
{
    Scenario s = m_scenario;
    const QString previous = s.stations[index].id;
    if (const QString error = checkId(station.id, idsOf(s.stations), previous); !error.isEmpty())
        return error;
    if (const QString why = capacityError(station.capacity); !why.isEmpty())
        return sentence(why);
    if (const QString problem = insideWall(m_scenario.map, station.at);
        !problem.isEmpty() && station.at != s.stations[index].at)
        return problem;
    s.stations[index] = station;
    Parts parts = Part::Stations;
    if (station.id != previous) {
        for (Action &a : s.actions) {
            if (a.station == previous)
                a.station = station.id;
            a.alternatives.replaceInStrings(
                QRegularExpression(QStringLiteral("^%1$").arg(QRegularExpression::escape(previous))), station.id);
        }
        // Its free places are world.free.<id>: conditions on the old name
        // would read a fact nothing keeps, and the action could never run.
        const QString freeFrom = freePlacesFact(previous), freeTo = freePlacesFact(station.id);
        for (Action &a : s.actions) {
            renameIn(a.pre, freeFrom, freeTo);
            renameIn(a.set, freeFrom, freeTo);
            renameIn(a.add, freeFrom, freeTo);
        }
        for (Goal &g : s.goals)
            renameIn(g.conditions, freeFrom, freeTo);
        parts |= Part::Actions | Part::Goals;
    }
    push(s, changeText(m_scenario.stations[index], station), parts, field);
    return {};
}

// --- actions ---------------------------------------------------------------

QString ScenarioDocument::addAction(QString *newId)
{
    Scenario s = m_scenario;
    Action a;
    a.id = uniqueId(QStringLiteral("action"), idsOf(s.actions));
    a.label = tr("New action");
    s.actions.append(a);
    push(s, tr("Add action %1").arg(a.id), Part::Actions);
    if (newId)
        *newId = a.id;
    return {};
}

QString ScenarioDocument::removeAction(int index)
{
    Scenario s = m_scenario;
    const QString id = s.actions.takeAt(index).id;
    for (QList<Agent> *list : {&s.agents, &s.templates})
        for (Agent &a : *list)
            a.actions.removeAll(id);
    push(s, tr("Remove action %1").arg(id), Part::Actions | Part::Agents | Part::Templates);
    return {};
}

QString ScenarioDocument::setAction(int index, const Action &action, const QString &field)
{
    Scenario s = m_scenario;
    const QString previous = s.actions[index].id;
    if (const QString error = checkId(action.id, idsOf(s.actions), previous); !error.isEmpty())
        return error;
    if (!action.station.isEmpty() && !s.station(action.station))
        return tr("There is no station \"%1\".").arg(action.station);
    for (const QString &id : action.alternatives) {
        if (!s.station(id))
            return tr("There is no station \"%1\".").arg(id);
        if (id == action.station || action.alternatives.count(id) > 1)
            return tr("Station \"%1\" is listed twice.").arg(id);
    }
    if (!(action.duration > 0))
        return tr("The duration must be more than 0 seconds.");
    for (const QString &queue : {action.enqueue, action.takePartner})
        if (!queue.isEmpty() && !isValidFactName(queue))
            return tr("\"%1\" is not a valid queue name.").arg(queue);
    if (action.cost < 0)
        return tr("The cost cannot be negative.");
    for (const QString &problem :
         {factRowsProblem(action.pre), factRowsProblem(action.set), factRowsProblem(action.add)})
        if (!problem.isEmpty())
            return problem;
    for (const Condition &c : action.pre)
        if (const QString why = conditionError(c, std::nullopt); !why.isEmpty())
            return QStringLiteral("%1: %2.").arg(c.fact, why);
    for (const Effect &e : action.set) {
        if (e.value < 0)
            return tr("Cannot set %1 to %2: pools never go negative.").arg(e.fact).arg(e.value);
        if (std::any_of(action.add.begin(), action.add.end(), [&](const Effect &a) { return a.fact == e.fact; }))
            return tr("%1 cannot be both set and added by one action.").arg(e.fact);
    }
    Action sorted = action;
    auto byFact = [](const auto &a, const auto &b) { return a.fact < b.fact; };
    std::sort(sorted.pre.begin(), sorted.pre.end(), byFact);
    std::sort(sorted.set.begin(), sorted.set.end(), byFact);
    std::sort(sorted.add.begin(), sorted.add.end(), byFact);
    s.actions[index] = sorted;
    Parts parts = Part::Actions;
    if (action.id != previous) {
        for (QList<Agent> *list : {&s.agents, &s.templates})
            for (Agent &a : *list)
                for (QString &id : a.actions)
                    if (id == previous)
                        id = action.id;
        parts |= Part::Agents | Part::Templates;
    }
    push(s, changeText(m_scenario.actions[index], sorted), parts, field);
    return {};
}

// --- goals -----------------------------------------------------------------

QString ScenarioDocument::addGoal(GoalKind kind, QString *newId)
{
    Scenario s = m_scenario;
    Goal g;
    g.id = uniqueId(kind == GoalKind::Need ? QStringLiteral("need") : QStringLiteral("quota"), idsOf(s.goals));
    g.label = kind == GoalKind::Need ? tr("New need") : tr("New quota");
    g.kind = kind;
    s.goals.append(g);
    push(s, kind == GoalKind::Need ? tr("Add need %1").arg(g.id) : tr("Add quota %1").arg(g.id), Part::Goals);
    if (newId)
        *newId = g.id;
    return {};
}

QString ScenarioDocument::removeGoal(int index)
{
    Scenario s = m_scenario;
    const QString id = s.goals.takeAt(index).id;
    for (QList<Agent> *list : {&s.agents, &s.templates})
        for (Agent &a : *list)
            a.goals.removeIf([&](const GoalRef &r) { return r.goal == id; });
    push(s, tr("Remove goal %1").arg(id), Part::Goals | Part::Agents | Part::Templates);
    return {};
}

QString ScenarioDocument::setGoal(int index, const Goal &goal, const QString &field)
{
    Scenario s = m_scenario;
    const QString previous = s.goals[index].id;
    if (const QString error = checkId(goal.id, idsOf(s.goals), previous); !error.isEmpty())
        return error;
    if (const QString problem = factRowsProblem(goal.conditions); !problem.isEmpty())
        return problem;
    for (const Condition &c : goal.conditions)
        if (const QString why = conditionError(c, goal.kind); !why.isEmpty())
            return QStringLiteral("%1: %2.").arg(c.fact, why);
    Goal sorted = goal;
    std::sort(sorted.conditions.begin(), sorted.conditions.end(),
              [](const Condition &a, const Condition &b) { return a.fact < b.fact; });
    s.goals[index] = sorted;
    Parts parts = Part::Goals;
    const bool kindChanged = goal.kind != m_scenario.goals[index].kind;
    for (QList<Agent> *list : {&s.agents, &s.templates}) {
        for (Agent &a : *list) {
            for (GoalRef &r : a.goals) {
                if (r.goal != previous)
                    continue;
                r.goal = goal.id;
                if (kindChanged) { // overrides of the other kind no longer apply
                    r.urgency.reset();
                    r.start.reset();
                    r.rate.reset();
                }
                parts |= Part::Agents | Part::Templates;
            }
        }
    }
    push(s, changeText(m_scenario.goals[index], sorted), parts, field);
    return {};
}

// --- agents ----------------------------------------------------------------

QString ScenarioDocument::addAgent(const Point &at, QString *newId)
{
    if (const QString problem = insideWall(m_scenario.map, at); !problem.isEmpty())
        return problem;
    Scenario s = m_scenario;
    Agent a;
    a.id = uniqueId(QStringLiteral("character"), idsOf(s.agents) + idsOf(s.templates));
    a.label = tr("Character");
    a.at = at;
    s.agents.append(a);
    push(s, tr("Add character %1").arg(a.id), Part::Agents);
    if (newId)
        *newId = a.id;
    return {};
}

QString ScenarioDocument::removeAgent(int index)
{
    Scenario s = m_scenario;
    const QString id = s.agents.takeAt(index).id;
    push(s, tr("Remove character %1").arg(id), Part::Agents);
    return {};
}

QString ScenarioDocument::checkCharacter(const Agent &agent) const
{
    if (!(agent.speed > 0))
        return tr("The speed must be more than 0.");
    for (const FactValue &f : agent.facts) {
        if (!isValidFactName(f.name))
            return tr("\"%1\" is not a valid fact name.").arg(f.name);
        if (f.value < 0)
            return tr("Pools never go negative.");
    }
    return {};
}

QString ScenarioDocument::setAgent(int index, const Agent &agent, const QString &field)
{
    Scenario s = m_scenario;
    if (const QString error = checkId(agent.id, idsOf(s.agents) + idsOf(s.templates), s.agents[index].id);
        !error.isEmpty())
        return error;
    if (const QString error = checkCharacter(agent); !error.isEmpty())
        return error;
    if (const QString problem = insideWall(m_scenario.map, agent.at);
        !problem.isEmpty() && agent.at != s.agents[index].at)
        return problem;
    Agent sorted = agent;
    std::sort(sorted.facts.begin(), sorted.facts.end(),
              [](const FactValue &a, const FactValue &b) { return a.name < b.name; });
    s.agents[index] = sorted;
    push(s, changeText(tr("character"), m_scenario.agents[index], sorted), Part::Agents, field);
    return {};
}

// --- templates and spawners --------------------------------------------------

QString ScenarioDocument::addTemplate(QString *newId)
{
    Scenario s = m_scenario;
    Agent a;
    a.id = uniqueId(QStringLiteral("visitor"), idsOf(s.agents) + idsOf(s.templates));
    a.label = tr("Visitor");
    s.templates.append(a);
    push(s, tr("Add template %1").arg(a.id), Part::Templates);
    if (newId)
        *newId = a.id;
    return {};
}

QString ScenarioDocument::removeTemplate(int index)
{
    Scenario s = m_scenario;
    const QString id = s.templates.takeAt(index).id;
    s.spawners.removeIf([&](const Spawner &sp) { return sp.templateId == id; });
    push(s, tr("Remove template %1").arg(id), Part::Templates | Part::Spawners);
    return {};
}

QString ScenarioDocument::setTemplate(int index, const Agent &agent, const QString &field)
{
    Scenario s = m_scenario;
    const QString previous = s.templates[index].id;
    if (const QString error = checkId(agent.id, idsOf(s.agents) + idsOf(s.templates), previous); !error.isEmpty())
        return error;
    if (const QString error = checkCharacter(agent); !error.isEmpty())
        return error;
    Agent sorted = agent;
    std::sort(sorted.facts.begin(), sorted.facts.end(),
              [](const FactValue &a, const FactValue &b) { return a.name < b.name; });
    s.templates[index] = sorted;
    for (Spawner &sp : s.spawners)
        if (sp.templateId == previous)
            sp.templateId = agent.id;
    push(s, changeText(tr("template"), m_scenario.templates[index], sorted), Part::Templates | Part::Spawners, field);
    return {};
}

QString ScenarioDocument::addSpawner()
{
    if (m_scenario.templates.isEmpty())
        return tr("Add a template first: a spawner brings copies of one.");
    Scenario s = m_scenario;
    Spawner sp;
    sp.templateId = s.templates.first().id;
    sp.at = Point {1, std::round(s.map.height / 2)};
    s.spawners.append(sp);
    push(s, tr("Add a spawner of %1").arg(sp.templateId), Part::Spawners);
    return {};
}

QString ScenarioDocument::removeSpawner(int index)
{
    Scenario s = m_scenario;
    s.spawners.removeAt(index);
    push(s, tr("Remove a spawner"), Part::Spawners);
    return {};
}

namespace {
// Several items of one list changed at once, one undo step: each checked by
// `problem` (an empty string when fine), ids unchanged.
template<typename T, typename Check>
QString applyMany(QList<T> &list, const QList<int> &indices, const QList<T> &items, Check problem)
{
    for (qsizetype k = 0; k < indices.size() && k < items.size(); ++k) {
        const int i = indices[k];
        if (i < 0 || i >= list.size())
            return QCoreApplication::translate("goap::editor::ScenarioDocument", "There is no such item.");
        if (items[k].id != list[i].id)
            return QCoreApplication::translate("goap::editor::ScenarioDocument", "Ids are changed one at a time.");
        if (const QString why = problem(items[k], list[i]); !why.isEmpty())
            return QStringLiteral("%1: %2").arg(items[k].id, why);
        list[i] = items[k];
    }
    return {};
}

} // namespace

QString ScenarioDocument::setAgents(bool templates, const QList<int> &indices, const QList<Agent> &agents,
                                    const QString &field)
{
    if (indices.size() == 1)
        return templates ? setTemplate(indices[0], agents.value(0), field)
                         : setAgent(indices[0], agents.value(0), field);
    Scenario s = m_scenario;
    QList<Agent> sorted = agents;
    for (Agent &a : sorted)
        std::sort(a.facts.begin(), a.facts.end(),
                  [](const FactValue &x, const FactValue &y) { return x.name < y.name; });
    const QString error
        = applyMany(templates ? s.templates : s.agents, indices, sorted, [&](const Agent &now, const Agent &was) {
              if (const QString why = checkCharacter(now); !why.isEmpty())
                  return why;
              return now.at != was.at ? insideWall(s.map, now.at) : QString();
          });
    if (!error.isEmpty())
        return error;
    const QString text
        = (templates ? tr("Set %1 of %2 templates") : tr("Set %1 of %2 characters")).arg(field).arg(indices.size());
    push(s, text, templates ? Part::Templates : Part::Agents, field);
    return {};
}

// Several items of one list edited at once: applyMany's checks, then one undo step.
template<typename T, typename Check>
QString ScenarioDocument::setSeveral(QList<T> Scenario::*list, const QList<int> &indices, const QList<T> &items,
                                     Check check, const QString &noun, Parts parts, const QString &field)
{
    Scenario s = m_scenario;
    if (const QString error = applyMany(s.*list, indices, items, check); !error.isEmpty())
        return error;
    push(s, tr("Set %1 of %2 %3").arg(field).arg(indices.size()).arg(noun), parts, field);
    return {};
}

QString ScenarioDocument::setStations(const QList<int> &indices, const QList<Station> &stations, const QString &field)
{
    if (indices.size() == 1)
        return setStation(indices[0], stations.value(0), field);
    return setSeveral(
        &Scenario::stations, indices, stations,
        [&](const Station &now, const Station &was) {
            if (const QString why = capacityError(now.capacity); !why.isEmpty())
                return sentence(why);
            return now.at != was.at ? insideWall(m_scenario.map, now.at) : QString();
        },
        tr("stations"), Part::Stations, field);
}

QString ScenarioDocument::setGoals(const QList<int> &indices, const QList<Goal> &goals, const QString &field)
{
    if (indices.size() == 1)
        return setGoal(indices[0], goals.value(0), field);
    return setSeveral(
        &Scenario::goals, indices, goals,
        [&](const Goal &now, const Goal &was) {
            if (now.id != was.id || now.kind != was.kind || now.conditions != was.conditions)
                return tr("Several goals change their label, start, rate or urgency together; ids, kinds and "
                          "conditions one at a time.");
            return QString();
        },
        tr("goals"), Part::Goals, field);
}

QString ScenarioDocument::setActions(const QList<int> &indices, const QList<Action> &actions, const QString &field)
{
    if (indices.size() == 1)
        return setAction(indices[0], actions.value(0), field);
    return setSeveral(
        &Scenario::actions, indices, actions,
        [&](const Action &now, const Action &) {
            for (const QString &id : now.stations())
                if (!m_scenario.station(id))
                    return tr("There is no station \"%1\".").arg(id);
            if (!(now.duration > 0) || now.cost < 0)
                return tr("An action takes more than 0 s and costs 0 or more.");
            return QString();
        },
        tr("actions"), Part::Actions, field);
}

QString ScenarioDocument::setSpawner(int index, const Spawner &spawner, const QString &field)
{
    if (!m_scenario.characterTemplate(spawner.templateId))
        return tr("There is no template \"%1\".").arg(spawner.templateId);
    if (!(spawner.every > 0) || spawner.first < 0 || spawner.max < 0)
        return tr("A spawner needs an interval above 0, a first time and a count from 0.");
    if (const QString problem = insideWall(m_scenario.map, spawner.at);
        !problem.isEmpty() && spawner.at != m_scenario.spawners[index].at)
        return problem;
    Scenario s = m_scenario;
    s.spawners[index] = spawner;
    push(s, changeText(m_scenario.spawners[index], spawner), Part::Spawners, field);
    return {};
}

// --- queries ---------------------------------------------------------------

QStringList ScenarioDocument::actionsAtStation(int station) const
{
    QStringList out;
    for (const Action &a : m_scenario.actions)
        if (a.stations().contains(m_scenario.stations.value(station).id))
            out << a.id;
    return out;
}

QStringList ScenarioDocument::holdersOfAction(int action) const
{
    const QString id = m_scenario.actions.value(action).id;
    QStringList out;
    for (const QList<Agent> *list : {&m_scenario.agents, &m_scenario.templates})
        for (const Agent &a : *list)
            if (a.actions.contains(id))
                out << a.id;
    return out;
}

QStringList ScenarioDocument::holdersOfGoal(int goal) const
{
    const QString id = m_scenario.goals.value(goal).id;
    QStringList out;
    for (const QList<Agent> *list : {&m_scenario.agents, &m_scenario.templates})
        for (const Agent &a : *list)
            if (std::any_of(a.goals.begin(), a.goals.end(), [&](const GoalRef &r) { return r.goal == id; }))
                out << a.id;
    return out;
}

int ScenarioDocument::spawnersOfTemplate(int characterTemplate) const
{
    const QString id = m_scenario.templates.value(characterTemplate).id;
    return int(std::count_if(m_scenario.spawners.begin(), m_scenario.spawners.end(),
                             [&](const Spawner &sp) { return sp.templateId == id; }));
}

QStringList ScenarioDocument::factsInUse() const
{
    std::set<QString> facts;
    for (const FactValue &f : m_scenario.world)
        facts.insert(worldFact(f.name));
    for (const Agent &a : m_scenario.agents)
        for (const FactValue &f : a.facts)
            facts.insert(agentFact(f.name));
    // A partner's fact is one of its own agent facts.
    for (const Action &a : m_scenario.actions) {
        for (const Condition &c : a.pre)
            facts.insert(c.fact);
        for (const Effect &e : a.set)
            facts.insert(ownFact(e.fact));
        for (const Effect &e : a.add)
            facts.insert(ownFact(e.fact));
    }
    for (const Goal &g : m_scenario.goals)
        for (const Condition &c : g.conditions)
            facts.insert(c.fact);
    for (const Agent &a : m_scenario.templates)
        for (const FactValue &f : a.facts)
            facts.insert(agentFact(f.name));
    QStringList out;
    for (const QString &f : facts)
        if (!f.isEmpty())
            out << f;
    return out;
}

FactUsage ScenarioDocument::usage(const QString &fact) const
{
    FactUsage u;
    const QString partner = partnerFact(fact);
    for (const Action &a : m_scenario.actions) {
        for (const Condition &c : a.pre)
            if (c.fact == fact)
                u.readBy << a.id;
        for (const Effect &e : a.set) {
            if (e.fact == fact)
                u.setBy << a.id;
            if (!partner.isEmpty() && e.fact == partner)
                u.setBy << a.id + tr(" (on its partner)");
        }
        for (const Effect &e : a.add) {
            if (e.fact == fact)
                (e.value < 0 ? u.spentBy : u.addedBy) << a.id;
            if (!partner.isEmpty() && e.fact == partner)
                (e.value < 0 ? u.spentBy : u.addedBy) << a.id + tr(" (on its partner)");
        }
    }
    for (const Goal &g : m_scenario.goals)
        for (const Condition &c : g.conditions)
            if (c.fact == fact)
                u.goals << g.id;
    const QString bare = bareName(fact);
    if (fact.startsWith(u"world.")) {
        for (const FactValue &f : m_scenario.world)
            if (f.name == bare)
                u.seededBy << QStringLiteral("world");
    } else {
        for (const Agent &a : m_scenario.agents)
            for (const FactValue &f : a.facts)
                if (f.name == bare)
                    u.seededBy << a.id;
    }
    return u;
}

} // namespace goap::editor
