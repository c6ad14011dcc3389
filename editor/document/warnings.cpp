#include "warnings.h"

#include "io/validator.h"

#include <QRegularExpression>

namespace goap::editor {

namespace {

const QString kStandIn = QStringLiteral("zzGoapStudioStandIn");

QString standInId(qsizetype i)
{
    return kStandIn + QString::number(i);
}

// The fact a quoted key names: `["agent.wood"]` -> agent.wood.
QString keyOf(const QString &rest)
{
    static const QRegularExpression key(QStringLiteral(R"re(\["([^"]*)"\])re"));
    const auto m = key.match(rest);
    return m.hasMatch() ? m.captured(1) : QString();
}

template<typename Entry> void dropFact(QList<Entry> &list, const QString &fact)
{
    list.removeIf([&](const Entry &e) { return e.fact == fact; });
}

void dropSeed(QList<FactValue> &list, const QString &name)
{
    list.removeIf([&](const FactValue &f) { return f.name == name; });
}

void giveStandInCondition(Goal &g)
{
    if (g.conditions.isEmpty())
        g.conditions.append(Condition {QStringLiteral("world.") + kStandIn, 1});
}

// A stand-in goal for references to unknown goals: index kept, nothing to warn about.
QString standInGoal(Scenario &s)
{
    const QString id = kStandIn + QStringLiteral("Goal");
    if (!s.goal(id)) {
        Goal g;
        g.id = id;
        g.label = id;
        giveStandInCondition(g);
        s.goals.append(g);
    }
    return id;
}

void setAsideCharacter(Scenario &s, Agent &a, qsizetype i, const QString &rest)
{
    static const QRegularExpression goalRef(QStringLiteral(R"(^\.goals\[(\d+)\](\.(\w+))?)"));
    if (rest == u".id") {
        a.id = standInId(i + 5000);
    } else if (rest.startsWith(u".speed")) {
        a.speed = 1;
    } else if (rest.startsWith(u".facts")) {
        dropSeed(a.facts, keyOf(rest));
    } else if (rest.startsWith(u".actions")) {
        QStringList known;
        for (const QString &id : a.actions)
            if (s.action(id) && !known.contains(id))
                known << id;
        a.actions = known;
    } else if (const auto m = goalRef.match(rest); m.hasMatch()) {
        GoalRef &r = a.goals[m.captured(1).toInt()];
        if (m.captured(3) == u"goal")
            r.goal = standInGoal(s);
        else
            r.start.reset(), r.rate.reset(), r.urgency.reset();
    }
}

// Sets aside what one error is about; false when it cannot.
bool setAside(Scenario &s, const Issue &e)
{
    static const QRegularExpression entity(
        QStringLiteral(R"(^(stations|actions|goals|agents|templates|spawners)\[(\d+)\](.*)$)"));
    const auto m = entity.match(e.path);
    if (!m.hasMatch()) {
        if (e.path.startsWith(u"world"))
            dropSeed(s.world, keyOf(e.path));
        else if (e.path.startsWith(u"day"))
            s.day = DaySettings {};
        else if (e.path.startsWith(u"planner"))
            s.planner = PlannerSettings {};
        else if (e.path.startsWith(u"map"))
            s.map = MapSettings {};
        else
            return false;
        return true;
    }
    const QString list = m.captured(1), rest = m.captured(3);
    const qsizetype i = m.captured(2).toInt();
    if (list == u"spawners") { // warnings never look at spawners
        s.spawners.clear();
        return true;
    }
    if (list == u"stations" && i < s.stations.size()) {
        Station &st = s.stations[i];
        if (rest == u".id")
            st.id = standInId(i);
        else
            st.capacity = 0;
        return true;
    }
    if (list == u"actions" && i < s.actions.size()) {
        Action &a = s.actions[i];
        if (rest == u".id")
            a.id = standInId(i + 1000);
        else if (rest.startsWith(u".station"))
            a.station.clear();
        else if (rest.startsWith(u".duration"))
            a.duration = 1;
        else if (rest.startsWith(u".cost"))
            a.cost = 1;
        else if (rest.startsWith(u".pre"))
            dropFact(a.pre, keyOf(rest));
        else if (rest.startsWith(u".set"))
            dropFact(a.set, keyOf(rest));
        else if (rest.startsWith(u".add"))
            dropFact(a.add, keyOf(rest));
        else if (rest.startsWith(u".enqueue"))
            a.enqueue.clear();
        else if (rest.startsWith(u".takePartner"))
            a.takePartner.clear();
        else
            return false;
        return true;
    }
    if (list == u"goals" && i < s.goals.size()) {
        Goal &g = s.goals[i];
        if (rest == u".id")
            g.id = standInId(i + 2000);
        else if (rest.startsWith(u".conditions["))
            dropFact(g.conditions, keyOf(rest));
        else if (rest.startsWith(u".start"))
            g.start = 0;
        else if (rest.startsWith(u".rate"))
            g.rate = 0.01;
        else if (rest.startsWith(u".urgency"))
            g.urgency = 1;
        else if (rest.startsWith(u".fact") || rest.startsWith(u".budget")) {
            g.kind = GoalKind::Need; // a maximise / minimise goal in error: a plain stand-in need
            g.fact.clear();
            g.budget = 0;
        } else if (rest != u".conditions")
            return false;
        if (!isExtreme(g.kind))
            giveStandInCondition(g);
        return true;
    }
    QList<Agent> &characters = list == u"agents" ? s.agents : s.templates;
    if ((list == u"agents" || list == u"templates") && i < characters.size()) {
        setAsideCharacter(s, characters[i], list == u"agents" ? i : i + 10000, rest);
        return true;
    }
    return false;
}

} // namespace

Issues warningsDespiteErrors(const Scenario &scenario)
{
    Scenario copy = scenario;
    // Each pass sets aside the errors found; one may uncover another (a
    // renamed duplicate leaves its references unknown), so a few passes.
    for (int pass = 0; pass < 4; ++pass) {
        const Issues issues = validate(copy);
        if (!hasErrors(issues)) {
            Issues out;
            for (const Issue &w : issues)
                if (!w.message.contains(kStandIn) && !w.path.contains(kStandIn))
                    out.append(w);
            return out;
        }
        for (const Issue &e : issues)
            if (e.isError() && !setAside(copy, e))
                return {};
    }
    return {};
}

} // namespace goap::editor
