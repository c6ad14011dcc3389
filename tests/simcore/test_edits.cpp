// Issue #28: edits are values (model/edits.h). Each builder checks its edit
// with the validator's own rules and applying an edit gives the edit that
// undoes it; this suite links simcore only (no Qt GUI).

#include "io/validator.h"
#include "model/edits.h"
#include "model/queries.h"
#include "model/rules.h"
#include "planner/compiledscenario.h"
#include "randomedits.h"
#include "scenarios.h"
#include "testutil.h"

#include <QDir>
#include <QtTest>

#include <random>

using namespace goap;

namespace {

using goap::testing::loadShipped;
using goap::testing::randomEdit;

QStringList shippedScenarios()
{
    return QDir(goap::testing::kSource + QStringLiteral("/scenarios")).entryList({QStringLiteral("*.json")});
}

// Applies a built edit; fails the test when it was refused or empty.
edits::Edit applyBuilt(Scenario &s, const edits::Result &r)
{
    if (r.refused())
        qFatal("refused: %s", qPrintable(r.error));
    if (!r.edit)
        qFatal("nothing to change");
    return edits::apply(s, *r.edit);
}

} // namespace

class TestEdits : public QObject
{
    Q_OBJECT

private slots:
    // Every kind of edit, on every shipped scenario: applied, it changes the
    // scenario; its inverse brings it back exactly; the inverse of the
    // inverse redoes it exactly. 300 random edits in a row undo to the start.
    void randomEditsRoundTripOnEveryScenario()
    {
        const QStringList files = shippedScenarios();
        QVERIFY(files.size() >= 4);
        for (const QString &file : files) {
            const Scenario start = loadShipped(file);
            Scenario s = start;
            std::mt19937 rng(uint32_t(qHash(file)));
            std::vector<edits::Edit> undo;
            std::vector<Scenario> states {s};
            QSet<int> kindsSeen;
            for (int step = 0; step < 300; ++step) {
                const edits::Result r = randomEdit(s, rng);
                if (r.refused() || !r.edit)
                    continue;
                kindsSeen.insert(int(r.edit->op));
                const Scenario before = s;
                edits::Edit inverse = edits::apply(s, *r.edit);
                QVERIFY2(!(s == before),
                         qPrintable(QStringLiteral("%1: op %2 changed nothing").arg(file).arg(int(r.edit->op))));
                QVERIFY(!edits::changesNothing(s, inverse));
                // Undo, redo, as a stack does.
                Scenario undone = s;
                const edits::Edit redo = edits::apply(undone, inverse);
                QVERIFY2(undone == before,
                         qPrintable(QStringLiteral("%1: the inverse of op %2").arg(file).arg(int(r.edit->op))));
                Scenario redone = undone;
                edits::apply(redone, redo);
                QVERIFY2(redone == s, qPrintable(QStringLiteral("%1: redo of op %2").arg(file).arg(int(r.edit->op))));
                undo.push_back(std::move(inverse));
                states.push_back(s);
            }
            QVERIFY2(kindsSeen.size() >= 12,
                     qPrintable(QStringLiteral("%1: %2 kinds").arg(file).arg(kindsSeen.size())));
            for (size_t k = undo.size(); k-- > 0;) {
                edits::apply(s, std::move(undo[k]));
                QVERIFY(s == states[k]);
            }
            QVERIFY(s == start);
        }
    }

    // An edit keeps only what it changes: setting one of 10,000 characters
    // holds that character, not the list (so the document's list is never
    // copied by an edit of one of its items).
    void anEditKeepsOnlyWhatItChanges()
    {
        Scenario s = loadShipped(QStringLiteral("town.json"));
        const Agent first = s.agents.first();
        for (int i = 0; s.agents.size() < 10000; ++i) {
            Agent a = first;
            a.id = QStringLiteral("c%1").arg(i);
            s.agents.append(a);
        }
        Agent a = s.agents[5000];
        a.label = QStringLiteral("Reeve");
        const edits::Result r = edits::setEntity(s, EntityKind::Character, 5000, a, Field::Label);
        QVERIFY(r.edit);
        const auto *set = std::get_if<edits::SetEntities>(&r.edit->change);
        QVERIFY(set);
        QCOMPARE(set->indices, QList<int> {5000});
        QCOMPARE(std::get<QList<Agent>>(set->values).size(), 1);
        const QList<Agent> shared = s.agents; // shares the data until written
        edits::apply(s, *r.edit);
        QCOMPARE(s.agents[5000].label, QStringLiteral("Reeve"));
        QCOMPARE(shared[5000].label, first.label); // the copy kept its value
        // A rename keeps the lists it fixed up, not the others.
        Station st = s.stations[0];
        st.id = QStringLiteral("deepMine");
        const edits::Result renamed = edits::setEntity(s, EntityKind::Station, 0, st, Field::Id);
        QVERIFY(renamed.edit);
        const auto *replace = std::get_if<edits::ReplaceSections>(&renamed.edit->change);
        QVERIFY(replace);
        QCOMPARE(replace->sections, Sections(Section::Stations | Section::Actions));
        QVERIFY(replace->value->agents.isEmpty());
    }

    // One rule per field: the builders refuse with the validator's words.
    void buildersRefuseWithTheValidatorsRules()
    {
        const Scenario s = loadShipped(QStringLiteral("town.json"));
        Action a = s.actions[0];
        a.duration = 0;
        const edits::Result r = edits::setEntity(s, EntityKind::Action, 0, a, Field::Duration);
        QVERIFY(r.refused());
        QCOMPARE(r.error, numberError(0, rules::duration));
        Scenario bad = s;
        bad.actions[0].duration = 0;
        const Issues issues = validate(bad);
        QVERIFY(std::any_of(issues.begin(), issues.end(), [&](const Issue &i) { return i.message == r.error; }));

        Agent c = s.agents[0];
        c.speed = -1;
        QCOMPARE(edits::setEntity(s, EntityKind::Character, 0, c, Field::Speed).error, numberError(-1, rules::speed));
        Station st = s.stations[0];
        st.capacity = 5000;
        QCOMPARE(edits::setEntity(s, EntityKind::Station, 0, st, Field::Capacity).error, capacityError(5000));
        st = s.stations[0];
        st.id = s.stations[1].id;
        QVERIFY(edits::setEntity(s, EntityKind::Station, 0, st, Field::Id).error.contains(u"already used"));
        // Several at once keep their ids; several goals keep kinds and conditions.
        QList<Agent> two {s.agents[0], s.agents[1]};
        two[1].id = QStringLiteral("renamed");
        QVERIFY(edits::setEntities(s, EntityKind::Character, {0, 1}, edits::Values {two}, Field::Id)
                    .error.contains(u"one at a time"));
        // Nothing to change: no edit, no refusal.
        const edits::Result same = edits::setEntity(s, EntityKind::Action, 0, s.actions[0], Field::Label);
        QVERIFY(!same.edit && !same.refused());
    }

    // Duplicate and add never put anything inside a wall (the old
    // duplicateStation did, where addStation refused).
    void nothingIsPlacedInAWall()
    {
        Scenario s = loadShipped(QStringLiteral("town.json"));
        const Station &st = s.stations[0];
        // A wall on the cell right of the station.
        applyBuilt(s, edits::addWall(s, Wall {std::floor(st.at.x) + 1, std::floor(st.at.y), 1, 1}));
        const edits::Result r = edits::duplicate(s, EntityRef {EntityKind::Station, 0});
        applyBuilt(s, r);
        const Station &copy = s.stations[r.created.index];
        QVERIFY(insideWallError(s.map, copy.at).isEmpty());
        QVERIFY(!(copy.at == s.stations[0].at));
        QCOMPARE(copy.id, uniqueId(s.stations[0].id, idsOf(s.stations.mid(0, 1))));
        // Adding at a walled spot is refused with the same rule.
        const Point walled {std::floor(st.at.x) + 1.5, std::floor(st.at.y) + 0.5};
        QCOMPARE(edits::addEntity(s, EntityKind::Station, walled).error, insideWallError(s.map, walled));
        QCOMPARE(edits::addEntity(s, EntityKind::Character, walled).error, insideWallError(s.map, walled));
        QVERIFY(!hasErrors(validate(s)));
    }

    // Issue #29 (wall tools, 1): the fill. A room becomes wall as few
    // rectangles as its rows allow, undone exactly; a wall clears as one;
    // a room with a station in it, or larger than kFillCellLimit, is refused.
    void fillWallsFillsARoomAndRoundTrips()
    {
        Scenario s = loadShipped(QStringLiteral("cook.json")); // 20 x 12, nothing right of x = 17 above y = 8
        const Scenario before = s;
        // A 4 x 3 room at 14..17 x 0..2 (with a notch at (17, 2)): walls left, below and right of it.
        for (const Wall &wall : {Wall {13, 0, 1, 4}, Wall {14, 3, 5, 1}, Wall {18, 0, 1, 3}, Wall {17, 2, 1, 1}})
            applyBuilt(s, edits::addWall(s, wall));
        const Scenario walled = s;
        const edits::Result r = edits::fillWalls(s, Cell {15, 1}, false);
        QVERIFY2(!r.refused(), qPrintable(r.error));
        QCOMPARE(r.edit->count, 11);
        const edits::Edit undo = applyBuilt(s, r);
        QCOMPARE(s.map.walls.mid(walled.map.walls.size()), (QList<Wall> {Wall {14, 0, 4, 2}, Wall {14, 2, 3, 1}}));
        const Scenario filled = s;
        const edits::Edit redo = edits::apply(s, undo);
        QCOMPARE(s, walled);
        edits::apply(s, redo);
        QCOMPARE(s, filled);

        // Clearing from one wall cell clears every wall cell touching it: the room and its walls.
        const edits::Result clear = edits::fillWalls(s, Cell {13, 0}, true);
        QVERIFY2(!clear.refused(), qPrintable(clear.error));
        applyBuilt(s, clear);
        QVERIFY(s.map.walls.isEmpty());
        QCOMPARE(s, before);

        // Refusals: the open map holds the stations; a wall cell is no room; a free cell no wall.
        s = walled;
        QVERIFY(edits::fillWalls(s, Cell {0, 11}, false).error.contains(u"bury station"));
        QVERIFY(edits::fillWalls(s, Cell {13, 1}, false).refused());
        QVERIFY(edits::fillWalls(s, Cell {15, 1}, true).refused());
        QVERIFY(edits::fillWalls(s, Cell {25, 1}, false).refused());
        // An open map larger than the bound: refused, whatever it holds.
        s.map.width = 300;
        s.map.height = 300;
        const edits::Result big = edits::fillWalls(s, Cell {200, 200}, false);
        QVERIFY2(big.error.contains(u"65536"), qPrintable(big.error));
        QVERIFY(!big.edit);
    }

    // Issue #29 (wall tools, 4): doors added (closed, a fresh id), opened,
    // closed and removed, each undone exactly; a closed door blocks, in the
    // grid and in what a run compiles; refused over a station or off the map.
    void doorsAddToggleRemoveRoundTrip()
    {
        Scenario s = loadShipped(QStringLiteral("cook.json")); // hearth (10, 6)
        const Scenario before = s;
        std::vector<edits::Edit> undo;
        std::vector<Scenario> states {s};
        const edits::Result add = edits::addDoor(s, Wall {12, 5, 1, 2});
        QVERIFY2(!add.refused(), qPrintable(add.error));
        QCOMPARE(add.edit->about, QStringLiteral("door1"));
        undo.push_back(applyBuilt(s, add));
        states.push_back(s);
        QCOMPARE(s.map.doors, (QList<Door> {Door {QStringLiteral("door1"), Wall {12, 5, 1, 2}, false}}));
        QVERIFY(Grid(s.map).blocked({12, 6}));
        QCOMPARE(compile(s).map.walls, (QList<Wall> {Wall {12, 5, 1, 2}})); // the run sees a wall
        QVERIFY(compile(s).map.doors.isEmpty());
        undo.push_back(applyBuilt(s, edits::toggleDoor(s, 0)));
        states.push_back(s);
        QVERIFY(s.map.doors[0].open);
        QVERIFY(!Grid(s.map).blocked({12, 6}));
        QVERIFY(compile(s).map.walls.isEmpty());
        undo.push_back(applyBuilt(s, edits::addDoor(s, Wall {2, 8, 2, 1})));
        states.push_back(s);
        QCOMPARE(s.map.doors[1].id, QStringLiteral("door2"));
        undo.push_back(applyBuilt(s, edits::removeDoor(s, 0)));
        states.push_back(s);
        QCOMPARE(s.map.doors.size(), 1);
        // Undone one by one, back to the start; each inverse's inverse redoes it.
        while (!undo.empty()) {
            states.pop_back();
            const edits::Edit redo = edits::apply(s, undo.back());
            QCOMPARE(s, states.back());
            const Scenario undone = s;
            const edits::Edit again = edits::apply(s, redo);
            edits::apply(s, again);
            QCOMPARE(s, undone);
            undo.pop_back();
        }
        QCOMPARE(s, before);
        // Refusals.
        QVERIFY(edits::addDoor(s, Wall {10, 6, 1, 1}).error.contains(u"door would cover station hearth"));
        QVERIFY(edits::addDoor(s, Wall {19, 6, 2, 1}).refused());
        QVERIFY(edits::toggleDoor(s, 0).refused()); // no door
    }

    // A removal takes its references with it, as one edit; without
    // references it is a plain removal of the item.
    void removalsCascadeOrNot()
    {
        Scenario s = loadShipped(QStringLiteral("town.json"));
        const int held = s.indexOfAction(s.agents[0].actions[0]);
        const edits::Result cascade = edits::remove(s, EntityRef {EntityKind::Action, held});
        QVERIFY(std::holds_alternative<edits::ReplaceSections>(cascade.edit->change));
        const QString id = s.actions[held].id;
        const Scenario before = s;
        const edits::Edit undo = applyBuilt(s, cascade);
        for (const Agent &a : s.agents)
            QVERIFY(!a.actions.contains(id));
        edits::apply(s, undo);
        QVERIFY(s == before);
        // A character nobody refers to.
        const edits::Result plain = edits::remove(s, EntityRef {EntityKind::Character, 0});
        QVERIFY(std::holds_alternative<edits::RemoveEntities>(plain.edit->change));
        QVERIFY(edits::remove(s, EntityRef {EntityKind::Character, 999}).refused());
    }

    // Merging: edits of one field of the same items share a target; a
    // step typed back to where it started changes nothing.
    void targetsAndNoOps()
    {
        Scenario s = loadShipped(QStringLiteral("town.json"));
        auto label = [&](int i, const QString &text) {
            Agent a = s.agents[i];
            a.label = text;
            return *edits::setEntity(s, EntityKind::Character, i, a, Field::Label).edit;
        };
        const edits::Edit a = label(0, QStringLiteral("A")), b = label(0, QStringLiteral("B")),
                          c = label(1, QStringLiteral("B"));
        QVERIFY(edits::sameTarget(a, b));
        QVERIFY(!edits::sameTarget(a, c));
        Agent fast = s.agents[0];
        fast.speed = 3;
        QVERIFY(!edits::sameTarget(a, *edits::setEntity(s, EntityKind::Character, 0, fast, Field::Speed).edit));
        const edits::Edit undo = edits::apply(s, a);
        QVERIFY(!edits::changesNothing(s, undo));
        edits::apply(s, undo);
        QVERIFY(edits::changesNothing(s, undo)); // its values are the document's again
    }
};

QTEST_GUILESS_MAIN(TestEdits)
#include "test_edits.moc"
