// Issue #29: two scenarios compared entity by entity and field by field
// (model/diff.h). Links simcore only.

#include "model/diff.h"
#include "model/edits.h"
#include "model/queries.h"
#include "randomedits.h"
#include "scenarios.h"
#include "testutil.h"

#include <QDir>
#include <QtTest>

#include <random>

using namespace goap;
using goap::testing::loadShipped;
using goap::testing::randomEdit;
using Change = ScenarioDifference::Change;
using Area = ScenarioDifference::Area;

namespace {

// "changed action bakeBread" and its field lines, one text per difference.
QStringList texts(const QList<ScenarioDifference> &diff)
{
    QStringList out;
    for (const ScenarioDifference &d : diff)
        out << differenceLines(d).join(u'\n');
    return out;
}

// What differs, told apart by plain value comparison of the model (no JSON):
// "kind:id" of each entity whose value differs, is gone or is new ("#n" for
// spawners, by place), "world:name" of each seed, "wall:n" counts, "settings".
QSet<QString> touchedByValue(const Scenario &a, const Scenario &b)
{
    QSet<QString> out;
    if (a.name != b.name || a.description != b.description || a.day != b.day || a.planner != b.planner
        || a.map.width != b.map.width || a.map.height != b.map.height)
        out << QStringLiteral("settings");
    QHash<QString, qint32> wa, wb;
    for (const FactValue &f : a.world)
        wa.insert(f.name, f.value);
    for (const FactValue &f : b.world)
        wb.insert(f.name, f.value);
    for (auto it = wa.cbegin(); it != wa.cend(); ++it)
        if (!wb.contains(it.key()) || wb.value(it.key()) != it.value())
            out << QStringLiteral("world:world.") + it.key();
    for (auto it = wb.cbegin(); it != wb.cend(); ++it)
        if (!wa.contains(it.key()))
            out << QStringLiteral("world:world.") + it.key();
    if (a.map.walls != b.map.walls) {
        QList<Wall> left = b.map.walls;
        int gone = 0;
        for (const Wall &w : a.map.walls)
            if (!left.removeOne(w))
                ++gone;
        if (gone)
            out << QStringLiteral("walls-removed:%1").arg(gone);
        if (!left.isEmpty())
            out << QStringLiteral("walls-added:%1").arg(left.size());
    }
    for (EntityKind kind : kEntityKinds) {
        visitKind(kind, [&](auto traits) {
            using T = typename decltype(traits)::Type;
            const QList<T> &la = a.*traits.list, &lb = b.*traits.list;
            const auto key = [&](const T &item, int i) {
                const QString id = idOfItem(item);
                return QLatin1StringView(traits.noun) + u':' + (id.isEmpty() ? QStringLiteral("#%1").arg(i + 1) : id);
            };
            QHash<QString, T> inA, inB;
            for (int i = 0; i < la.size(); ++i)
                inA.insert(key(la[i], i), la[i]);
            for (int i = 0; i < lb.size(); ++i)
                inB.insert(key(lb[i], i), lb[i]);
            for (auto it = inA.cbegin(); it != inA.cend(); ++it)
                if (!inB.contains(it.key()) || !(inB.value(it.key()) == it.value()))
                    out << it.key();
            for (auto it = inB.cbegin(); it != inB.cend(); ++it)
                if (!inA.contains(it.key()))
                    out << it.key();
        });
    }
    return out;
}

// The same named from the diff: a rename names both its ids.
QSet<QString> touchedByDiff(const QList<ScenarioDifference> &diff)
{
    QSet<QString> out;
    int wallsAdded = 0, wallsRemoved = 0;
    for (const ScenarioDifference &d : diff) {
        switch (d.area) {
        case Area::Settings:
            out << QStringLiteral("settings");
            break;
        case Area::World:
            out << QStringLiteral("world:") + d.id;
            break;
        case Area::Wall:
            ++(d.change == Change::Added ? wallsAdded : wallsRemoved);
            break;
        case Area::Entity:
            out << QLatin1StringView(nounOf(d.kind)) + u':' + d.id;
            if (d.change == Change::Renamed)
                out << QLatin1StringView(nounOf(d.kind)) + u':' + d.previousId;
            break;
        }
    }
    if (wallsRemoved)
        out << QStringLiteral("walls-removed:%1").arg(wallsRemoved);
    if (wallsAdded)
        out << QStringLiteral("walls-added:%1").arg(wallsAdded);
    return out;
}

} // namespace

class TestDiff : public QObject
{
    Q_OBJECT

private slots:
    void identicalScenariosDiffEmpty()
    {
        for (const QString &file :
             QDir(goap::testing::kSource + QStringLiteral("/scenarios")).entryList({QStringLiteral("*.json")})) {
            const Scenario s = loadShipped(file);
            QVERIFY2(diffScenarios(s, s).isEmpty(), qPrintable(file));
        }
    }

    // Each kind of field change is found, named by its path in the file.
    void fieldChangesNamedByPath()
    {
        const Scenario a = loadShipped(QStringLiteral("town.json"));
        Scenario b = a;
        b.actions[b.indexOfAction(u"bakeBread")].duration = 4;
        Agent &baker = b.agents[b.indexOfAgent(u"baker")];
        for (GoalRef &r : baker.goals)
            if (r.goal == u"hunger")
                r.rate = 0.02;
        baker.at = Point {1, 2};
        for (FactValue &f : b.world)
            if (f.name == u"bread")
                f.value = 3;
        b.planner.maxNodes = 900;
        b.day.length = 400;
        b.name = QStringLiteral("Town 2");
        b.goals[b.indexOfGoal(u"hunger")].conditions[0].op = ConditionOp::Gt;
        b.map.walls.removeAt(2);
        b.map.walls.append(Wall {0, 13, 2, 1});
        const QStringList got = texts(diffScenarios(a, b));
        const QString bakerRate = [&] {
            for (const GoalRef &r : a.agent(u"baker")->goals)
                if (r.goal == u"hunger")
                    return QString::number(*r.rate);
            return QString();
        }();
        const QString hungerFact = a.goal(u"hunger")->conditions[0].fact;
        const QStringList want {
            QStringLiteral("changed settings\n  name: \"Town\" → \"Town 2\"\n  day.length: 300 → 400\n"
                           "  planner.maxNodes: 5000 → 900"),
            QStringLiteral("changed world seed world.bread\n  world.bread: 2 → 3"),
            QStringLiteral("removed wall [5, 5, 4, 1]"),
            QStringLiteral("added wall [0, 13, 2, 1]"),
            QStringLiteral("changed action bakeBread\n  actions[bakeBread].duration: 6 → 4"),
            QStringLiteral("changed goal hunger\n  goals[hunger].conditions[%1]: %2 → { \">\": %2 }")
                .arg(hungerFact)
                .arg(a.goal(u"hunger")->conditions[0].value),
            QStringLiteral("changed character baker\n  agents[baker].at: [%1, %2] → [1, 2]\n"
                           "  agents[baker].goals[hunger].rate: %3 → 0.02")
                .arg(a.agent(u"baker")->at.x)
                .arg(a.agent(u"baker")->at.y)
                .arg(bakerRate),
        };
        QCOMPARE(got, want);
    }

    void addedRemovedAndRenamed()
    {
        const Scenario a = loadShipped(QStringLiteral("town.json"));
        Scenario b = a;
        b.stations.removeAt(0); // mine: gone (the actions there still name it: a plain value edit)
        Action extra = b.actions[0];
        extra.id = QStringLiteral("mineMore");
        extra.duration = 9;
        b.actions.append(extra);
        b.goals[0].id = QStringLiteral("appetite"); // a rename: the same content under another id
        const QList<ScenarioDifference> d = diffScenarios(a, b);
        QCOMPARE(d.size(), 3);
        QCOMPARE(d[0].change, Change::Removed);
        QCOMPARE(d[0].kind, EntityKind::Station);
        QCOMPARE(d[0].id, QStringLiteral("mine"));
        QCOMPARE(d[0].indexA, 0);
        QCOMPARE(d[1].change, Change::Added);
        QCOMPARE(d[1].id, QStringLiteral("mineMore"));
        QCOMPARE(d[1].indexB, int(b.actions.size()) - 1);
        QCOMPARE(d[2].change, Change::Renamed);
        QCOMPARE(d[2].previousId, a.goals[0].id);
        QCOMPARE(d[2].id, QStringLiteral("appetite"));
        QCOMPARE(differenceLines(d[2]).last(),
                 QStringLiteral("  goals[%1].id: \"%1\" → \"appetite\"").arg(a.goals[0].id));
        // The other way round, the same entities, the other way.
        const QList<ScenarioDifference> back = diffScenarios(b, a);
        QCOMPARE(back.size(), 3);
        QCOMPARE(back[0].change, Change::Added);
        QCOMPARE(back[1].change, Change::Removed);
        QCOMPARE(back[2].previousId, QStringLiteral("appetite"));
    }

    void spawnersAndTemplates()
    {
        const Scenario a = loadShipped(QStringLiteral("hospital.json"));
        QVERIFY(!a.spawners.isEmpty());
        Scenario b = a;
        b.spawners[0].every += 5;
        const QList<ScenarioDifference> d = diffScenarios(a, b);
        QCOMPARE(d.size(), 1);
        QCOMPARE(d[0].kind, EntityKind::Spawner);
        QCOMPARE(d[0].id, QStringLiteral("#1"));
        QCOMPARE(d[0].fields.size(), 1);
        QCOMPARE(d[0].fields[0].path, QStringLiteral("spawners[#1].every"));
    }

    // Property: random edits (model/edits.h) on every shipped scenario; the
    // diff names exactly the entities, seeds, walls and settings whose
    // values differ, found apart by comparing the model's values.
    void randomEditsNameExactlyWhatTheyTouched()
    {
        const QStringList files
            = QDir(goap::testing::kSource + QStringLiteral("/scenarios")).entryList({QStringLiteral("*.json")});
        QVERIFY(files.size() >= 4);
        for (const QString &file : files) {
            const Scenario start = loadShipped(file);
            Scenario s = start;
            std::mt19937 rng(uint32_t(qHash(file)) + 29);
            int applied = 0;
            for (int step = 0; step < 120; ++step) {
                const edits::Result r = randomEdit(s, rng);
                if (r.refused() || !r.edit)
                    continue;
                const Scenario before = s;
                edits::apply(s, *r.edit);
                ++applied;
                // One edit at a time, and everything so far.
                for (const Scenario *from : {&before, &start}) {
                    const QSet<QString> want = touchedByValue(*from, s), got = touchedByDiff(diffScenarios(*from, s));
                    QVERIFY2(got == want,
                             qPrintable(QStringLiteral("%1 step %2 op %3: diff %4, values %5")
                                            .arg(file)
                                            .arg(step)
                                            .arg(int(r.edit->op))
                                            .arg(QStringList(got.values()).join(u' '),
                                                 QStringList(want.values()).join(u' '))));
                }
                QVERIFY(diffScenarios(s, s).isEmpty());
            }
            QVERIFY(applied > 40);
        }
    }
};

QTEST_GUILESS_MAIN(TestDiff)
#include "test_diff.moc"
