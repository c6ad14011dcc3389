// The undo stack: every kind of edit undoes and redoes exactly, typing into
// one field merges into one step named with its value, and the outline and
// the map follow each step in place.
#include "commands/commands.h"
#include "editordriver.h"
#include "forms/actionform.h"
#include "forms/characterform.h"
#include "forms/factform.h"
#include "forms/facttable.h"
#include "forms/goalform.h"
#include "forms/stationform.h"
#include "io/scenariowriter.h"
#include "mainwindow.h"
#include "model/queries.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "scene/mapscene.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QUndoStack>
#include <QtTest>

#include <functional>

using namespace goap;
using namespace goap::editor;

using goap::testing::buildCook;
using goap::testing::kSource;
using goap::testing::menuAction;
using goap::testing::type;
using goap::testing::typeInto;

// Whether a done undo step keeps a change of this kind (its inverse: an
// insertion keeps a removal; an item edit and a replacement keep their own kind).
template<typename Kept> bool keeps(const QUndoCommand *command)
{
    const auto *step = dynamic_cast<const EditCommand *>(command);
    return step && std::holds_alternative<Kept>(step->edit().change);
}

class TestUndo : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void undoEverythingAndRedoItAll()
    {
        MainWindow w;
        w.show();
        buildCook(w);
        const Scenario built = w.scenario();
        QUndoStack *stack = w.document()->undoStack();
        QVERIFY(stack->count() >= 30);
        while (stack->canUndo())
            stack->undo();
        QCOMPARE(w.scenario(), newScenario());
        while (stack->canRedo())
            stack->redo();
        QCOMPARE(w.scenario(), built);
        // Redo -> undo -> redo of any single step is the identity.
        stack->setIndex(stack->count() / 2);
        const Scenario middle = w.scenario();
        stack->redo();
        stack->undo();
        QCOMPARE(w.scenario(), middle);
    }

    void editsMergePerField()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(ItemRef {EntityKind::Action, 0});
        const int steps = w.document()->undoStack()->count();
        for (double d : {3.5, 4.0, 4.5, 5.0})
            w.actionForm()->durationBox->setValue(d);
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        QCOMPARE(w.scenario().actions[0].duration, 5.0);
        w.document()->undoStack()->undo();
        QCOMPARE(w.scenario().actions[0].duration, 3.0);
    }

    // Issue #11, 2: every kind of command undoes to exactly the scenario
    // before it and redoes to exactly the one after; the outline's model
    // passes Qt's model tester throughout and always shows the document's
    // lists, row for row; the map has a marker per station and character.
    void commandKindsKeepTheOutlineAndMapInStep()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QAbstractItemModelTester tester(w.outline()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        ScenarioDocument *doc = w.document();
        QUndoStack *stack = doc->undoStack();
        auto shownAsInDocument = [&] {
            const Scenario &s = doc->scenario();
            const OutlineModel *m = w.outline()->outlineModel();
            const QList<QPair<EntityKind, QStringList>> lists {{EntityKind::Station, idsOf(s.stations)},
                                                               {EntityKind::Action, idsOf(s.actions)},
                                                               {EntityKind::Goal, idsOf(s.goals)},
                                                               {EntityKind::Character, idsOf(s.agents)}};
            for (const auto &[kind, ids] : lists) {
                const QModelIndex section = m->sectionIndex(ItemRef {kind, -1});
                if (m->rowCount(section) != ids.size())
                    return false;
                for (int i = 0; i < ids.size(); ++i)
                    if (!m->index(i, 0, section).data().toString().startsWith(ids[i] + u' '))
                        return false;
            }
            if (m->rowCount(m->sectionIndex(ItemRef::ofFact({}))) != factsInUse(doc->scenario()).size())
                return false;
            for (int i = 0; i < s.agents.size(); ++i)
                if (!w.mapScene()->itemFor({EntityKind::Character, i}))
                    return false;
            return !w.mapScene()->itemFor({EntityKind::Character, int(s.agents.size())})
                && !w.mapScene()->itemFor({EntityKind::Station, int(s.stations.size())});
        };
        struct Step
        {
            const char *what;
            std::function<QString()> edit;
            const char *kind; // the command class expected on top of the stack
        };
        Agent relabelled = doc->scenario().agents[3];
        relabelled.label = QStringLiteral("Reeve");
        Station moved = doc->scenario().stations[1];
        moved.at = Point {moved.at.x + 1, moved.at.y};
        QList<Goal> goals {doc->scenario().goals[0], doc->scenario().goals[1]};
        for (Goal &g : goals)
            g.urgency = 2.5;
        const QList<Step> steps {
            {"a label",
             [&] {
                 return doc->submit(
                     edits::setEntity(doc->scenario(), EntityKind::Character, 3, relabelled, Field::Label));
             },
             "ChangeItems"},
            {"a station moved",
             [&] {
                 return doc->submit(edits::setEntity(doc->scenario(), EntityKind::Station, 1, moved, Field::Position));
             },
             "ChangeItems"},
            {"two goals at once",
             [&] {
                 return doc->submit(edits::setEntities(doc->scenario(), EntityKind::Goal, {0, 1}, edits::Values {goals},
                                                       Field::Urgency));
             },
             "ChangeItems"},
            {"a character added",
             [&] {
                 return doc->submit(edits::addEntity(doc->scenario(), EntityKind::Character, Point {2, 2}));
             },
             "InsertItems"},
            {"a character duplicated",
             [&] {
                 return doc->submit(edits::duplicate(doc->scenario(), EntityRef {EntityKind::Character, 1}));
             },
             "InsertItems"},
            {"a station duplicated",
             [&] {
                 return doc->submit(edits::duplicate(doc->scenario(), EntityRef {EntityKind::Station, 0}));
             },
             "InsertItems"},
            {"a character removed",
             [&] {
                 return doc->submit(edits::remove(doc->scenario(), EntityRef {EntityKind::Character, 0}));
             },
             "RemoveItems"},
            {"a goal added",
             [&] { return doc->submit(edits::addEntity(doc->scenario(), EntityKind::Goal, {}, GoalKind::Quota)); },
             "InsertItems"},
            {"a fact renamed",
             [&] {
                 return doc->submit(
                     edits::renameFact(doc->scenario(), QStringLiteral("world.ore"), QStringLiteral("world.stone")));
             },
             "ReplaceSections"},
            {"an action removed with its references",
             [&] {
                 return doc->submit(
                     edits::remove(doc->scenario(),
                                   EntityRef {EntityKind::Action,
                                              doc->scenario().indexOfAction(doc->scenario().agents[0].actions[0])}));
             },
             "ReplaceSections"},
            {"an action nobody has removed",
             [&] {
                 return doc->submit(edits::remove(
                     doc->scenario(), EntityRef {EntityKind::Action, doc->scenario().indexOfAction(u"mineOre")}));
             },
             "RemoveItems"},
            {"a station removed with its references",
             [&] {
                 return doc->submit(edits::remove(doc->scenario(), EntityRef {EntityKind::Station, 2}));
             },
             "ReplaceSections"},
            {"a world seed",
             [&] { return doc->submit(edits::setWorldSeed(doc->scenario(), QStringLiteral("flour"), 7)); },
             "ReplaceSections"},
            {"a wall",
             [&] {
                 return doc->submit(edits::addWall(doc->scenario(), Wall {14, 0, 1, 3}));
             },
             "ReplaceSections"},
        };
        QList<Scenario> states {doc->scenario()};
        for (const Step &step : steps) {
            QVERIFY2(step.edit().isEmpty(), step.what);
            const QUndoCommand *top = stack->command(stack->index() - 1);
            // The step keeps its inverse once done: an insertion keeps a removal.
            const auto &kept = static_cast<const EditCommand *>(top)->edit().change;
            const bool kindOk
                = (QByteArray(step.kind) == "ChangeItems" && std::holds_alternative<edits::SetEntities>(kept))
                || (QByteArray(step.kind) == "InsertItems" && std::holds_alternative<edits::RemoveEntities>(kept))
                || (QByteArray(step.kind) == "RemoveItems" && std::holds_alternative<edits::InsertEntities>(kept))
                || (QByteArray(step.kind) == "ReplaceSections" && std::holds_alternative<edits::ReplaceSections>(kept));
            QVERIFY2(kindOk, step.what);
            QVERIFY2(!(doc->scenario() == states.last()), step.what);
            QVERIFY2(shownAsInDocument(), step.what);
            states << doc->scenario();
        }
        QCOMPARE(stack->count(), int(steps.size()));
        for (qsizetype k = steps.size() - 1; k >= 0; --k) {
            stack->undo();
            QVERIFY2(doc->scenario() == states[k], steps[k].what);
            QVERIFY2(shownAsInDocument(), steps[k].what);
        }
        for (qsizetype k = 0; k < steps.size(); ++k) {
            stack->redo();
            QVERIFY2(doc->scenario() == states[k + 1], steps[k].what);
            QVERIFY2(shownAsInDocument(), steps[k].what);
        }
        // Consecutive edits of one field of the same item merge into one step;
        // another field, or another item, is a step of its own.
        const int count = stack->count();
        for (const QString &label : {QStringLiteral("R"), QStringLiteral("Re"), QStringLiteral("Ree")}) {
            Agent a = doc->scenario().agents[2];
            a.label = label;
            QVERIFY(
                doc->submit(edits::setEntity(doc->scenario(), EntityKind::Character, 2, a, Field::Label)).isEmpty());
        }
        QCOMPARE(stack->count(), count + 1);
        Agent fast = doc->scenario().agents[2];
        fast.speed = 4;
        QVERIFY(doc->submit(edits::setEntity(doc->scenario(), EntityKind::Character, 2, fast, Field::Speed)).isEmpty());
        QCOMPARE(stack->count(), count + 2);
        Agent other = doc->scenario().agents[4];
        other.speed = 4;
        QVERIFY(
            doc->submit(edits::setEntity(doc->scenario(), EntityKind::Character, 4, other, Field::Speed)).isEmpty());
        QCOMPARE(stack->count(), count + 3);
        // Typed back to where it started: the merged step is obsolete and leaves.
        Agent back = doc->scenario().agents[4];
        back.speed = states.last().agents[4].speed;
        QVERIFY(doc->submit(edits::setEntity(doc->scenario(), EntityKind::Character, 4, back, Field::Speed)).isEmpty());
        QCOMPARE(stack->count(), count + 2);
        // Renames with fix-ups of two different stations are two steps (a rename never merges).
        const int renames = stack->count();
        QList<int> used; // two stations some action is done at
        for (const Action &a : doc->scenario().actions)
            for (int st = 0; st < doc->scenario().stations.size(); ++st)
                if (doc->scenario().stations[st].id == a.station && !used.contains(st) && used.size() < 2)
                    used << st;
        QCOMPARE(used.size(), 2);
        for (int k : used) {
            Station st = doc->scenario().stations[k];
            st.id = QStringLiteral("renamed%1").arg(k);
            QVERIFY(doc->submit(edits::setEntity(doc->scenario(), EntityKind::Station, k, st, Field::Id)).isEmpty());
            QVERIFY(keeps<edits::ReplaceSections>(stack->command(stack->index() - 1)));
        }
        QCOMPARE(stack->count(), renames + 2);
        stack->undo();
        QCOMPARE(doc->scenario().stations[used[0]].id, QStringLiteral("renamed%1").arg(used[0]));
        QCOMPARE(doc->scenario().stations[used[1]].id, states.last().stations[used[1]].id);
        stack->redo();
        // The selection follows its entity through an insertion before it.
        w.outline()->select(ItemRef {EntityKind::Character, 5});
        const QString id = doc->scenario().agents[5].id;
        QVERIFY(doc->submit(edits::duplicate(doc->scenario(), EntityRef {EntityKind::Character, 0})).isEmpty());
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Character, 6}));
        QCOMPARE(w.characterForm()->indices(), QList<int> {6});
        QCOMPARE(w.characterForm()->idEdit->text(), id);
        stack->undo();
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Character, 5}));
        QCOMPARE(w.characterForm()->idEdit->text(), id);
    }

    // Issue #11, 2: an edit of one item is an undo step that keeps only that
    // item, and the outline and the map update its row and marker in place.
    void oneItemEditsAreTypedAndUpdateInPlace()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QUndoStack *stack = w.document()->undoStack();
        const int rebuilds = w.outline()->outlineModel()->resetCount();
        QGraphicsItem *untouched = w.mapScene()->itemFor({EntityKind::Character, 0});
        w.outline()->select(ItemRef {EntityKind::Character, 2});
        type(w.characterForm()->labelEdit, QStringLiteral("Smith of the hill"));
        QCOMPARE(w.scenario().agents[2].label, QStringLiteral("Smith of the hill"));
        QVERIFY(keeps<edits::SetEntities>(stack->command(stack->count() - 1)));
        QCOMPARE(w.outline()->outlineModel()->resetCount(), rebuilds); // the row was updated, the tree kept
        QVERIFY(
            w.outline()->indexOf(ItemRef {EntityKind::Character, 2}).data().toString().endsWith(u"Smith of the hill"));
        QCOMPARE(w.mapScene()->itemFor({EntityKind::Character, 0}), untouched); // other markers kept
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Character, 2}));
        // A new own fact shows in Facts without a rebuild.
        w.characterForm()->factTable->addRow(QStringLiteral("stamina"), {}, 3);
        QVERIFY(factsInUse(w.document()->scenario()).contains(QStringLiteral("agent.stamina")));
        QCOMPARE(w.outline()->indexOf(ItemRef::ofFact(QStringLiteral("agent.stamina"))).data().toString(),
                 QStringLiteral("agent.stamina"));
        QCOMPARE(w.outline()->outlineModel()->resetCount(), rebuilds);
        stack->undo();
        stack->undo();
        QCOMPARE(w.scenario().agents[2].label, QStringLiteral("Blacksmith"));
        QVERIFY(w.outline()->indexOf(ItemRef {EntityKind::Character, 2}).data().toString().endsWith(u"Blacksmith"));
        // A rename fixes references elsewhere: a ReplaceSections step, and the
        // outline repaints its rows without a reset (no list changed length).
        w.outline()->select(ItemRef {EntityKind::Station, 0});
        type(w.stationForm()->idEdit, QStringLiteral("deepMine"));
        QVERIFY(keeps<edits::ReplaceSections>(stack->command(stack->count() - 1)));
        QVERIFY(w.outline()->indexOf(ItemRef {EntityKind::Station, 0}).data().toString().startsWith(u"deepMine"));
        QCOMPARE(w.outline()->outlineModel()->resetCount(), rebuilds);
    }

    // Issue #11, 2: every kind of command undoes to exactly the document it
    // started from and redoes to exactly where it ended, whichever way it is
    // stored (one item, or the whole value).
    void everyCommandKindUndoesAndRedoesExactly()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        ScenarioDocument *doc = w.document();
        QUndoStack *stack = doc->undoStack();
        std::vector<Scenario> states {doc->scenario()};
        auto step = [&](const QString &refusal) {
            QVERIFY2(refusal.isEmpty(), qPrintable(refusal));
            states.push_back(doc->scenario());
        };
        Agent miner = doc->scenario().agents[0];
        miner.label = QStringLiteral("Digger");
        step(doc->submit(edits::setEntity(doc->scenario(), EntityKind::Character, 0, miner, Field::Label))); // one item
        Station mine = doc->scenario().stations[0];
        mine.id = QStringLiteral("pit");
        step(doc->submit(
            edits::setEntity(doc->scenario(), EntityKind::Station, 0, mine, Field::Id))); // a rename with fix-ups
        step(doc->submit(edits::setWorldSeed(doc->scenario(), QStringLiteral("bread"), 3))); // a seed
        step(doc->submit(edits::renameFact(doc->scenario(), QStringLiteral("world.bread"),
                                           QStringLiteral("world.loaves")))); // a fact rename
        step(doc->submit(edits::addWall(doc->scenario(), Wall {14, 0, 1, 3}))); // walls
        step(doc->submit(edits::setWall(doc->scenario(), 0, Wall {14, 0, 1, 4})));
        QList<Agent> two {doc->scenario().agents[1], doc->scenario().agents[2]};
        for (Agent &a : two)
            a.speed = 4;
        step(doc->submit(edits::setEntities(doc->scenario(), EntityKind::Character, {1, 2}, edits::Values {two},
                                            Field::Speed))); // several at once
        step(doc->submit(edits::addEntity(doc->scenario(), EntityKind::Action))); // add
        step(doc->submit(edits::remove(
            doc->scenario(), EntityRef {EntityKind::Action, int(doc->scenario().actions.size()) - 1}))); // remove
        step(doc->submit(edits::addEntity(doc->scenario(), EntityKind::Goal, {}, GoalKind::Quota)));
        Goal g = doc->scenario().goals.last();
        g.conditions = {Condition {QStringLiteral("agent.made"), 2, ConditionOp::Eq}};
        step(doc->submit(edits::setEntity(doc->scenario(), EntityKind::Goal, int(doc->scenario().goals.size()) - 1, g,
                                          Field::Conditions))); // operators
        step(doc->submit(edits::removeWall(doc->scenario(), 0)));
        QCOMPARE(stack->count(), int(states.size()) - 1);
        for (int k = int(states.size()) - 2; k >= 0; --k) {
            stack->undo();
            QVERIFY2(doc->scenario() == states[size_t(k)], qPrintable(QStringLiteral("undo to state %1").arg(k)));
        }
        for (size_t k = 1; k < states.size(); ++k) {
            stack->redo();
            QVERIFY2(doc->scenario() == states[k], qPrintable(QStringLiteral("redo to state %1").arg(k)));
        }
        // Typing into one field merges into one step, named by its final value.
        const int before = stack->count();
        for (const char *label : {"D", "Di", "Dig"}) {
            Agent a = doc->scenario().agents[3];
            a.label = QLatin1String(label);
            QVERIFY(
                doc->submit(edits::setEntity(doc->scenario(), EntityKind::Character, 3, a, Field::Label)).isEmpty());
        }
        QCOMPARE(stack->count(), before + 1);
        QVERIFY(stack->undoText().contains(u"Dig"));
    }

    // Issue #17, 9: every undo step names what it did, with the new value.
    void historyNamesEachStepWithItsValue()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QUndoStack *stack = w.document()->undoStack();
        auto last = [stack] { return stack->text(stack->count() - 1); };

        // Seeding world.ore and typing 10: the merged step names 10, not the 0 it started from.
        w.outline()->select(ItemRef::ofFact(QStringLiteral("world.ore")));
        QTest::mouseClick(w.factForm()->seededBox, Qt::LeftButton, {}, QPoint(5, 5));
        QCOMPARE(last(), QStringLiteral("Remove the seed of world.ore"));
        QTest::mouseClick(w.factForm()->seededBox, Qt::LeftButton, {}, QPoint(5, 5));
        const int steps = stack->count();
        typeInto(w.factForm()->seedBox, QStringLiteral("10"));
        QCOMPARE(stack->count(), steps); // merged into the step that seeded it
        QCOMPARE(last(), QStringLiteral("Set the seed of world.ore to 10"));

        w.outline()->select(ItemRef {EntityKind::Action, 0});
        typeInto(w.actionForm()->durationBox, QStringLiteral("3"));
        QCOMPARE(last(), QStringLiteral("Set action mineOre duration to 3 s"));
        type(w.actionForm()->idEdit, QStringLiteral("digOre"));
        QCOMPARE(last(), QStringLiteral("Rename action mineOre to digOre"));

        // A goal made a quota says so, with its kind.
        menuAction(w, QStringLiteral("Add Goal"))->trigger();
        QCOMPARE(last(), QStringLiteral("Add need need"));
        w.goalForm()->kindBox->setFocus();
        QTest::keyClick(w.goalForm()->kindBox, Qt::Key_Down);
        QVERIFY(w.scenario().goals.last().kind == GoalKind::Quota);
        QCOMPARE(last(), QStringLiteral("Set goal need kind to quota"));
        typeInto(w.goalForm()->urgencyBox, QStringLiteral("2.5"));
        QCOMPARE(last(), QStringLiteral("Set goal need urgency to 2.5"));
    }

    // Issue #31: a goal that maximises a fact, made through the goal form by
    // keys alone: Add Goal, the kind box down to "maximise", the fact box down
    // to agent.wood, a budget typed. Each is an undoable step; the scenario
    // then holds the goal (version 2) and plans for it; renaming the fact in
    // the fact form renames the goal's reference too; undoing every step
    // gives back the file as it was opened.
    void aMaximiseGoalIsMadeInTheFormAndUndone()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        const Scenario opened = w.scenario();
        QUndoStack *stack = w.document()->undoStack();
        const int start = stack->index();
        auto last = [stack] { return stack->text(stack->index() - 1); };

        menuAction(w, QStringLiteral("Add Goal"))->trigger();
        GoalForm *form = w.goalForm();
        QVERIFY(!form->factBox->isEnabled() && !form->budgetBox->isEnabled()); // a need has neither
        form->kindBox->setFocus();
        QTest::keyClick(form->kindBox, Qt::Key_Down); // quota
        QTest::keyClick(form->kindBox, Qt::Key_Down); // maximise
        QVERIFY(w.scenario().goals.last().kind == GoalKind::Maximise);
        QCOMPARE(last(), QStringLiteral("Set goal need kind to maximise, fact to agent.fed, budget to 10"));
        QVERIFY(form->factBox->isEnabled() && form->budgetBox->isEnabled());
        QVERIFY(!form->conditionTable->isEnabled());
        QCOMPARE(form->factBox->currentText(), QStringLiteral("agent.fed")); // the first fact in use
        form->factBox->setFocus();
        QTest::keyClick(form->factBox, Qt::Key_Down); // agent.meal
        QTest::keyClick(form->factBox, Qt::Key_Down); // agent.wood
        QCOMPARE(w.scenario().goals.last().fact, QStringLiteral("agent.wood"));
        typeInto(form->budgetBox, QStringLiteral("6.5"));
        const Goal made = w.scenario().goals.last();
        QCOMPARE(made.budget, 6.5);
        QVERIFY(made.conditions.isEmpty());
        QCOMPARE(last(), QStringLiteral("Set goal need budget to 6.5"));
        QCOMPARE(requiredVersion(w.scenario()), 2);
        // It plans: as much wood as 6.5 buys, six chops at 1 each.
        Scenario held = w.scenario();
        held.agents[0].goals.append(GoalRef {made.id, {}, {}, {}});
        const CompiledScenario c = compile(held);
        Planner planner(c);
        Plan plan;
        QVERIFY(planner.planForAgent(c.dawnState(0), 0, c.goalIndex(made.id), plan));
        QCOMPARE(plan.value, 6);
        QCOMPARE(plan.cost, 6.0);

        // The fact renamed in its form: the goal follows, and undo takes both back.
        w.outline()->select(ItemRef::ofFact(QStringLiteral("agent.wood")));
        w.factForm()->nameEdit->setFocus();
        type(w.factForm()->nameEdit, QStringLiteral("agent.logs"));
        QCOMPARE(w.scenario().goals.last().fact, QStringLiteral("agent.logs"));
        QVERIFY(w.scenario().actions[0].add.first().fact == QStringLiteral("agent.logs"));
        stack->undo();
        QCOMPARE(w.scenario().goals.last().fact, QStringLiteral("agent.wood"));

        while (stack->index() > start)
            stack->undo();
        QCOMPARE(w.scenario(), opened);
        QCOMPARE(requiredVersion(w.scenario()), 1);
    }
};

QTEST_MAIN(TestUndo)
#include "test_undo.moc"
