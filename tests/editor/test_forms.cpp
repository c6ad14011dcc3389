// The property forms driven through their real widgets (offscreen): a
// scenario built from scratch by typing, every kind of item edited, ids and
// values refused with the reason and the field, the fact tables (operators,
// "+" rows, Tab), and several items of a kind edited at once.
#include "editordriver.h"
#include "forms/actionform.h"
#include "forms/characterform.h"
#include "forms/factform.h"
#include "forms/facttable.h"
#include "forms/goalform.h"
#include "forms/spawnerform.h"
#include "forms/stationform.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "mainwindow.h"
#include "model/queries.h"
#include "scenarios.h"
#include "scene/mapscene.h"
#include "testutil.h"

#include "forms/scenarioform.h"
#include <QCheckBox>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPainterPath>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

using namespace goap;
using namespace goap::editor;

using goap::testing::buildCook;
using goap::testing::kSource;
using goap::testing::loadShipped;
using goap::testing::readAll;
using goap::testing::type;
using goap::testing::typeInto;

namespace {

// The speed of the town's second character (the smelter) as the file has it.
double before1Speed(MainWindow &)
{
    return loadShipped(QStringLiteral("town.json")).agents[1].speed;
}

QToolButton *tableButton(FactTable *table, const QString &text)
{
    for (QToolButton *b : table->findChildren<QToolButton *>())
        if (b->text() == text)
            return b;
    qFatal("no button %s", qPrintable(text));
}

// Replaces the text of the focused editor by typing, as a user would.
void typeInFocus(const QString &text)
{
    QWidget *editor = QApplication::focusWidget();
    QVERIFY(editor);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, text);
}

} // namespace

class TestForms : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void buildCookFromScratchThroughTheForms()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.newDocument());
        buildCook(w);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cook.json"));
        QVERIFY(w.saveAs(path));
        QCOMPARE(readAll(path), readAll(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(!w.isWindowModified());
        QVERIFY(w.windowTitle().startsWith(u"cook.json"));
    }

    void templatesSpawnersPlacesAndQueuesAreEditable()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/hospital.json")));
        const int stations = w.outline()->model()->rowCount();
        QVERIFY(stations >= 8); // ... Templates, Spawners
        w.outline()->select(ItemRef {EntityKind::Template, 0});
        QCOMPARE(w.currentForm(), w.templateForm());
        w.templateForm()->speedBox->setValue(1.5);
        QCOMPARE(w.scenario().templates[0].speed, 1.5);
        type(w.templateForm()->idEdit, QStringLiteral("visitor"));
        QCOMPARE(w.scenario().spawners[0].templateId, QStringLiteral("visitor")); // the spawner follows the rename
        type(w.templateForm()->idEdit, QStringLiteral("nurse1"));
        QVERIFY(
            w.templateForm()->errorText().contains(u"already used")); // ids are unique across characters and templates

        w.outline()->select(ItemRef {EntityKind::Spawner, 0});
        QCOMPARE(w.currentForm(), w.spawnerForm());
        w.spawnerForm()->everyBox->setValue(30);
        QCOMPARE(w.scenario().spawners[0].every, 30.0);

        w.outline()->select(ItemRef {EntityKind::Station, 3});
        QCOMPARE(w.stationForm()->capacityBox->value(), 3);
        w.stationForm()->capacityBox->setValue(4);
        QCOMPARE(w.scenario().stations[3].capacity, 4);

        w.outline()->select(ItemRef {EntityKind::Action, 4});
        QCOMPARE(w.actionForm()->takePartnerEdit->text(), QStringLiteral("desk"));
        QVERIFY(w.actionForm()->releaseBox->isChecked());
        QVERIFY(!w.actionForm()->leaveBox->isChecked());
        type(w.actionForm()->takePartnerEdit, QStringLiteral("bad name!"));
        QVERIFY(w.actionForm()->errorText().contains(u"not a valid queue name"));
        w.outline()->select(ItemRef {EntityKind::Action, 3});
        QVERIFY(w.actionForm()->leaveBox->isChecked());
        // Issue #32: the action a game performs, ticked with the mouse.
        QVERIFY(!w.actionForm()->externalBox->isChecked());
        QTest::mouseClick(w.actionForm()->externalBox, Qt::LeftButton, {},
                          w.actionForm()->externalBox->rect().bottomLeft() + QPoint(8, -4));
        QVERIFY(w.scenario().actions[3].external);
        QVERIFY(!w.scenario().actions[4].external);
        w.outline()->select(ItemRef {EntityKind::Action, 4});
        QVERIFY(!w.actionForm()->externalBox->isChecked());
        w.outline()->select(ItemRef {EntityKind::Action, 3});
        QVERIFY(w.actionForm()->externalBox->isChecked());

        // Every one of these edits is undoable, back to the file.
        QUndoStack *stack = w.document()->undoStack();
        while (stack->canUndo())
            stack->undo();
        QCOMPARE(w.scenario(), *readScenarioFile(kSource + QStringLiteral("/scenarios/hospital.json")).scenario);
    }

    void duplicateAndInvalidIdsAreRefused()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        const Scenario before = w.scenario();
        const int steps = w.document()->undoStack()->count();
        w.outline()->select(ItemRef {EntityKind::Station, 1});
        StationForm *f = w.stationForm();
        f->idEdit->selectAll();
        QTest::keyClicks(f->idEdit, QStringLiteral("woodpile"));
        QVERIFY(f->errorText().contains(u"already used")); // while typing
        QTest::keyClick(f->idEdit, Qt::Key_Return);
        QVERIFY(f->errorText().contains(u"already used"));
        QCOMPARE(f->idEdit->text(), QStringLiteral("hearth")); // restored
        type(f->idEdit, QStringLiteral("9lives"));
        QVERIFY(f->errorText().contains(u"not a valid id"));
        f->idEdit->selectAll();
        QTest::keyClick(f->idEdit, Qt::Key_Backspace);
        QVERIFY(f->errorText().contains(u"empty")); // while typing
        QTest::keyClick(f->idEdit, Qt::Key_Return);
        QVERIFY(f->errorText().contains(u"empty"));
        QCOMPARE(f->idEdit->text(), QStringLiteral("hearth"));
        QCOMPARE(w.scenario(), before);
        QCOMPARE(w.document()->undoStack()->count(), steps);

        // A station rename updates the actions done there, in one step.
        type(f->idEdit, QStringLiteral("fireplace"));
        QCOMPARE(f->errorText(), QString());
        QCOMPARE(w.scenario().action(u"lightFire")->station, QStringLiteral("fireplace"));
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);

        // Bad values in tables are refused too.
        w.outline()->select(ItemRef {EntityKind::Action, 0});
        w.actionForm()->effectTable->addRow(QStringLiteral("wood"), QStringLiteral("add"), 1);
        QVERIFY(w.actionForm()->errorText().contains(u"world.\" or \"agent."));
        QCOMPARE(w.scenario().actions[0].add.size(), 1);
        w.outline()->select(ItemRef {EntityKind::Goal, 0});
        w.goalForm()->conditionTable->addRow(QStringLiteral("agent.meal"), {}, 0);
        QVERIFY(w.goalForm()->errorText().contains(u"at least 1"));
    }

    void addedRowsGetFreshNames()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(ItemRef {EntityKind::Action, 3});
        QToolButton *plus = tableButton(w.actionForm()->preTable, QStringLiteral("+"));
        QTest::mouseClick(plus, Qt::LeftButton);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return); // keeps the suggested name
        QTRY_COMPARE(w.scenario().actions[3].pre.size(), 2);
        QTest::mouseClick(plus, Qt::LeftButton);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QTRY_COMPARE(w.scenario().actions[3].pre.size(), 3); // agent.meal, agent.fact, agent.fact2
        QCOMPARE(w.actionForm()->errorText(), QString());
        QCOMPARE(w.scenario().actions[3].pre[2].fact, QStringLiteral("agent.meal"));
    }

    // Issue #17, 1: "+" edits the row it adds, where it appears; the
    // placeholder is no fact until committed; Tab goes from cell to cell.
    void plusEditsTheNewRowWhereItAppears()
    {
        QTest::failOnWarning(QRegularExpression(QStringLiteral("closeEditor")));
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(ItemRef {EntityKind::Action, 1}); // lightFire: set world.fireLit 1, add agent.wood -1
        FactTable *effects = w.actionForm()->effectTable;
        QTableWidget *table = effects->table();
        QCOMPARE(table->rowCount(), 2);
        QTest::mouseClick(tableButton(effects, QStringLiteral("+")), Qt::LeftButton);
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(table->currentRow(), 2);
        QCOMPARE(table->item(2, 0)->text(), QStringLiteral("agent.fact"));
        QVERIFY(table->isAncestorOf(QApplication::focusWidget())); // its editor is open
        QVERIFY(!factsInUse(w.document()->scenario()).contains(QStringLiteral("agent.fact"))); // not a fact yet
        QCOMPARE(w.scenario().actions[1].add.size(), 1);

        typeInFocus(QStringLiteral("agent.gold"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(table->currentRow(), 2);
        QCOMPARE(table->currentColumn(), 1); // Tab: the next cell, not out of the table
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(table->currentColumn(), 2);
        typeInFocus(QStringLiteral("3"));
        QTest::keyClick(QApplication::focusWidget(),
                        Qt::Key_Return); // the delegate commits on the next event loop pass
        QTRY_COMPARE(w.scenario().actions[1].add,
                     (QList<Effect> {{QStringLiteral("agent.gold"), 3}, {QStringLiteral("agent.wood"), -1}}));
        QCOMPARE(w.scenario().actions[1].set, (QList<Effect> {{QStringLiteral("world.fireLit"), 1}}));
        QCOMPARE(w.actionForm()->errorText(), QString());
        QVERIFY(factsInUse(w.document()->scenario()).contains(QStringLiteral("agent.gold")));

        w.activateWindow(); // the offscreen platform leaves no window active after the completer's popup
        QVERIFY(QTest::qWaitForWindowActive(&w));
        // Tab in the last cell leaves the table rather than wrapping to the first.
        table->setFocus();
        table->setCurrentCell(2, 2);
        QWidget *inTable = QApplication::focusWidget();
        QVERIFY(inTable == table || table->isAncestorOf(inTable));
        QTest::keyClick(inTable, Qt::Key_Tab);
        QVERIFY(QApplication::focusWidget() != table && !table->isAncestorOf(QApplication::focusWidget()));

        // Escape drops a placeholder without a trace.
        const Scenario before = w.scenario();
        QTest::mouseClick(tableButton(effects, QStringLiteral("+")), Qt::LeftButton);
        QCOMPARE(table->rowCount(), 4);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(w.scenario(), before);
    }

    // Issue #29, 6: a fact that exists, typed whole in a fact cell while the
    // completer's popup offers it, is taken by one Return (it took two).
    void anExistingFactTakesOneReturn()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(ItemRef {EntityKind::Action, 1}); // lightFire: set world.fireLit 1, add agent.wood -1
        FactTable *effects = w.actionForm()->effectTable;
        QTest::mouseClick(tableButton(effects, QStringLiteral("+")), Qt::LeftButton);
        typeInFocus(QStringLiteral("agent.meal"));
        QWidget *popup = QApplication::activePopupWidget();
        QVERIFY(popup); // the completer offers agent.meal
        QTest::keyClick(popup, Qt::Key_Return); // keys go to the popup while it is open
        QTRY_COMPARE(w.scenario().actions[1].add,
                     (QList<Effect> {{QStringLiteral("agent.meal"), 1}, {QStringLiteral("agent.wood"), -1}}));
        QVERIFY(!effects->table()->isAncestorOf(QApplication::focusWidget())); // its editor closed
        w.activateWindow(); // the offscreen platform leaves no window active after the completer's popup
    }

    // Issue #12, 1: the condition tables have an operator column; choosing
    // one is one undo step named with the new condition, and a version 2 file.
    void conditionOperatorsAreChosenInTheTable()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(ItemRef {EntityKind::Action, 2}); // cookMeal: needs world.fireLit 1
        QTableWidget *table = w.actionForm()->preTable->table();
        QCOMPARE(table->columnCount(), 3);
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral(">="));
        table->setFocus();
        table->setCurrentCell(0, 1); // opens the operator's editor
        auto *box = qobject_cast<QComboBox *>(QApplication::focusWidget());
        QVERIFY(box);
        QCOMPARE(box->count(), 6);
        box->setCurrentText(QStringLiteral("!="));
        QTest::keyClick(box, Qt::Key_Tab); // commits and moves to the value
        QTRY_COMPARE(w.scenario().actions[2].pre,
                     (QList<Condition> {{QStringLiteral("world.fireLit"), 1, ConditionOp::Ne}}));
        QUndoStack *stack = w.document()->undoStack();
        QVERIFY2(stack->undoText().contains(u"world.fireLit != 1"), qPrintable(stack->undoText()));
        QVERIFY(writeScenario(w.scenario()).contains("\"version\": 2"));
        // A goal's condition that can never hold is refused with the reason, and nothing changes.
        w.outline()->select(ItemRef {EntityKind::Goal, 0});
        FactTable *conditions = w.goalForm()->conditionTable;
        conditions->table()->item(0, 1)->setText(QStringLiteral("<")); // agent.fed < 1: fine
        QCOMPARE(w.scenario().goals[0].conditions.value(0).op, ConditionOp::Lt);
        const Scenario before = w.scenario();
        conditions->table()->item(0, 2)->setData(Qt::EditRole, 0); // agent.fed < 0: never
        QVERIFY2(w.goalForm()->errorText().contains(u"can never hold"), qPrintable(w.goalForm()->errorText()));
        QCOMPARE(w.scenario(), before);
        stack->undo();
        stack->undo();
        QCOMPARE(w.scenario().actions[2].pre.value(0).op, ConditionOp::Ge);
    }

    // Issue #11, 3: several goals edited at once: a quota's urgency for three
    // quotas in one undo step; mixed values shown as such; kind, conditions
    // and a need's start and rate closed while the selection is all quotas.
    void severalGoalsAreEditedTogether()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        const Scenario &s = w.scenario();
        const int mine = s.indexOfGoal(u"mineQuota"), forge = s.indexOfGoal(u"forgeQuota"),
                  bake = s.indexOfGoal(u"bakeQuota");
        w.outline()->selectMany(
            {ItemRef {EntityKind::Goal, mine}, ItemRef {EntityKind::Goal, forge}, ItemRef {EntityKind::Goal, bake}});
        GoalForm *form = w.goalForm();
        QTRY_COMPARE(form->indices().size(), 3);
        QVERIFY(!form->kindBox->isEnabled());
        QVERIFY(!form->conditionTable->isEnabled());
        QVERIFY(!form->rateBox->isEnabled());
        QVERIFY(form->urgencyBox->isEnabled());
        QCOMPARE(form->labelEdit->placeholderText(), GoalForm::mixedText()); // three labels
        QUndoStack *stack = w.document()->undoStack();
        const int before = stack->count();
        form->urgencyBox->setValue(3.5);
        for (const int g : {mine, forge, bake})
            QCOMPARE(w.scenario().goals[g].urgency, 3.5);
        QCOMPARE(w.scenario().goals[s.indexOfGoal(u"sawQuota")].urgency, 2.0); // not selected
        QCOMPARE(stack->count(), before + 1);
        QVERIFY2(stack->undoText().contains(u"3 goals"), qPrintable(stack->undoText()));
        stack->undo();
        for (const int g : {mine, forge, bake})
            QCOMPARE(w.scenario().goals[g].urgency, 2.0);
    }

    // Issue #11, 3 and #13, 3: several actions edited at once (duration, one
    // undo step), and an action's alternative stations in its form, kept
    // through a station's rename and removal.
    void severalActionsAndAlternativeStations()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        const Scenario &s = w.scenario();
        const int mine = s.indexOfAction(u"mineOre"), fell = s.indexOfAction(u"fellTree");
        w.outline()->selectMany({ItemRef {EntityKind::Action, mine}, ItemRef {EntityKind::Action, fell}});
        ActionForm *form = w.actionForm();
        QTRY_COMPARE(form->indices().size(), 2);
        QVERIFY(!form->preTable->isEnabled());
        QCOMPARE(form->stationBox->currentText(), ActionForm::mixedText()); // mine and forest
        QUndoStack *stack = w.document()->undoStack();
        const int before = stack->count();
        form->durationBox->setValue(7);
        QCOMPARE(w.scenario().actions[mine].duration, 7.0);
        QCOMPARE(w.scenario().actions[fell].duration, 7.0);
        QCOMPARE(stack->count(), before + 1);
        QVERIFY2(stack->undoText().contains(u"2 actions"), qPrintable(stack->undoText()));
        stack->undo();
        QCOMPARE(w.scenario().actions[mine].duration, 9.0);
        // A click back on the first of the two (the current item): one action again.
        w.outline()->select(ItemRef {EntityKind::Action, mine});
        QTRY_COMPARE(form->indices(), QList<int> {mine});
        QVERIFY(form->preTable->isEnabled());

        // One action: "Also at" lists its alternatives; an unknown id is refused.
        w.outline()->select(ItemRef {EntityKind::Action, fell});
        QTRY_COMPARE(form->indices(), QList<int> {fell});
        form->alternativesEdit->setText(QStringLiteral("mine, nowhere"));
        emit form->alternativesEdit->editingFinished();
        QVERIFY(w.scenario().actions[fell].alternatives.isEmpty());
        QVERIFY2(form->errorText().contains(u"nowhere"), qPrintable(form->errorText()));
        form->alternativesEdit->setText(QStringLiteral("mine"));
        emit form->alternativesEdit->editingFinished();
        QCOMPARE(w.scenario().actions[fell].alternatives, QStringList {QStringLiteral("mine")});
        QCOMPARE(w.scenario().actions[fell].stations(),
                 (QStringList {QStringLiteral("forest"), QStringLiteral("mine")}));
        // Renaming the mine renames the alternative; removing the forest makes the mine its station.
        auto stationIndex = [&](const char *id) {
            const QList<Station> &list = w.scenario().stations;
            return int(
                std::find_if(list.begin(), list.end(), [&](const Station &x) { return x.id == QLatin1String(id); })
                - list.begin());
        };
        Station pit = w.scenario().stations[stationIndex("mine")];
        pit.id = QStringLiteral("pit");
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Station, stationIndex("mine"), pit,
                                              Field::Id))
                    .isEmpty());
        QCOMPARE(w.scenario().actions[fell].alternatives, QStringList {QStringLiteral("pit")});
        QVERIFY(w.document()
                    ->submit(edits::remove(w.document()->scenario(),
                                           EntityRef {EntityKind::Station, stationIndex("forest")}))
                    .isEmpty());
        QCOMPARE(w.scenario().actions[fell].station, QStringLiteral("pit"));
        QVERIFY(w.scenario().actions[fell].alternatives.isEmpty());
    }

    // Issue #11, 3: several characters selected (outline or map) are edited
    // together: mixed values shown as such, one undo step for all.
    void severalCharactersAreEditedAtOnce()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        // Ctrl+click three characters in the outline, as a user would.
        for (int i : {0, 2, 4}) {
            const QModelIndex row = w.outline()->indexOf(ItemRef {EntityKind::Character, i});
            w.outline()->scrollTo(row);
            QTest::mouseClick(w.outline()->viewport(), Qt::LeftButton, i == 0 ? Qt::NoModifier : Qt::ControlModifier,
                              w.outline()->visualRect(row).center());
        }
        CharacterForm *form = w.characterForm();
        QCOMPARE(w.currentForm(), form);
        QCOMPARE(form->indices(), (QList<int> {0, 2, 4}));
        QVERIFY(!form->idEdit->isEnabled());
        QCOMPARE(form->labelEdit->placeholderText(), CharacterForm::mixedText()); // Miner, Blacksmith, Carpenter
        const QList<double> speeds {w.scenario().agents[0].speed, w.scenario().agents[2].speed,
                                    w.scenario().agents[4].speed};
        if (!(speeds[0] == speeds[1] && speeds[1] == speeds[2]))
            QCOMPARE(form->speedBox->text(), CharacterForm::mixedText());
        QUndoStack *stack = w.document()->undoStack();
        const int steps = stack->count();
        typeInto(form->speedBox, QStringLiteral("3.5"));
        for (int i : {0, 2, 4})
            QCOMPARE(w.scenario().agents[i].speed, 3.5);
        QCOMPARE(w.scenario().agents[1].speed, before1Speed(w));
        QCOMPARE(stack->count(), steps + 1);
        QVERIFY2(stack->undoText().contains(u"speed of 3 characters"), qPrintable(stack->undoText()));
        // Issue #29, 10: the history says the value, as a single edit's text does.
        QCOMPARE(stack->undoText(), QStringLiteral("Set speed of 3 characters to 3.5 /s"));
        // An action given to all three at once (it was nobody's or somebody's: partly checked).
        QListWidgetItem *eat = nullptr;
        for (int i = 0; i < form->actionList->count(); ++i)
            if (form->actionList->item(i)->data(Qt::UserRole).toString() == u"sawPlanks")
                eat = form->actionList->item(i);
        QVERIFY(eat);
        QCOMPARE(eat->checkState(), Qt::PartiallyChecked); // only the carpenter saws
        eat->setCheckState(Qt::Checked);
        for (int i : {0, 2, 4})
            QVERIFY(w.scenario().agents[i].actions.contains(QStringLiteral("sawPlanks")));
        QCOMPARE(stack->count(), steps + 2);
        stack->undo();
        stack->undo();
        QVERIFY(!w.scenario().agents[0].actions.contains(QStringLiteral("sawPlanks")));
        QCOMPARE(w.scenario().agents[0].speed, speeds[0]);
        // On the map: a rubber band over two start markers edits those two.
        MapView *view = w.mapView();
        const Point a = w.scenario().agents[0].at, b = w.scenario().agents[1].at;
        w.mapScene()->clearSelection();
        QPainterPath area;
        area.addRect(QRectF(QPointF(std::min(a.x, b.x) - 0.3, std::min(a.y, b.y) - 0.3) * MapScene::kScale,
                            QPointF(std::max(a.x, b.x) + 0.3, std::max(a.y, b.y) + 0.3) * MapScene::kScale));
        w.mapScene()->setSelectionArea(area, Qt::ReplaceSelection, Qt::IntersectsItemShape, view->transform());
        QTRY_VERIFY(form->indices().size() >= 2);
        QVERIFY(form->indices().contains(0) && form->indices().contains(1));

        // Stations too: two selected, their places set in one step.
        for (int i : {1, 6}) {
            const QModelIndex row = w.outline()->indexOf(ItemRef {EntityKind::Station, i});
            w.outline()->scrollTo(row);
            QTest::mouseClick(w.outline()->viewport(), Qt::LeftButton, i == 1 ? Qt::NoModifier : Qt::ControlModifier,
                              w.outline()->visualRect(row).center());
        }
        QCOMPARE(w.currentForm(), w.stationForm());
        QCOMPARE(w.stationForm()->indices(), (QList<int> {1, 6}));
        QVERIFY(!w.stationForm()->idEdit->isEnabled());
        const int before = stack->index();
        typeInto(w.stationForm()->capacityBox, QStringLiteral("3"));
        QCOMPARE(w.scenario().stations[1].capacity, 3);
        QCOMPARE(w.scenario().stations[6].capacity, 3);
        QCOMPARE(w.scenario().stations[0].capacity, 0);
        QCOMPARE(stack->index(), before + 1);
        QVERIFY2(stack->undoText().contains(u"of 2 stations"), qPrintable(stack->undoText()));
        stack->undo();
        QCOMPARE(w.scenario().stations[1].capacity, 0);
    }

    // Issue #17, 5: a refusal is shown for its item and field only, and
    // showing it moves no field.
    void refusalsStayWithTheirItemAndMoveNoField()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        w.outline()->select(ItemRef::ofFact(QStringLiteral("agent.fed")));
        FactForm *f = w.factForm();
        QApplication::processEvents(); // lay the form out
        const int nameY = f->nameEdit->mapTo(f, QPoint()).y(), seedY = f->seededBox->mapTo(f, QPoint()).y();
        f->nameEdit->setFocus();
        type(f->nameEdit, QStringLiteral("agent.gold"));
        QCOMPARE(f->errorText(), QString());
        type(f->nameEdit, QStringLiteral("agent.bread"));
        QVERIFY2(f->errorText().contains(u"agent.bread is already in use"), qPrintable(f->errorText()));
        QApplication::processEvents();
        QCOMPARE(f->nameEdit->mapTo(f, QPoint()).y(), nameY); // nothing moved under the pointer
        QCOMPARE(f->seededBox->mapTo(f, QPoint()).y(), seedY);
        QVERIFY(f->errorText().startsWith(u"Name: ")); // it names its field

        // Another fact's form does not carry it.
        w.outline()->select(ItemRef::ofFact(QStringLiteral("world.tools")));
        QCOMPARE(f->errorText(), QString());
        f->nameEdit->setFocus();
        type(f->nameEdit, QStringLiteral("agent.tools"));
        QVERIFY2(f->errorText().contains(u"keeps its scope"), qPrintable(f->errorText()));
        w.outline()->select(ItemRef::ofFact(QStringLiteral("agent.gold")));
        QCOMPARE(f->errorText(), QString());

        // Nor does another action's.
        w.outline()->select(ItemRef {EntityKind::Action, 0});
        type(w.actionForm()->idEdit, QStringLiteral("smeltIron"));
        QVERIFY(w.actionForm()->errorText().contains(u"already used"));
        w.outline()->select(ItemRef {EntityKind::Action, 1});
        QCOMPARE(w.actionForm()->errorText(), QString());
    }

    // Issue #17, 11: a typed number outside a field's range is refused with
    // the reason, not clamped in silence.
    // Issue #31: the heuristic combo offers landmark-cut, its tooltip says
    // what it costs, and choosing it with the keyboard sets the scenario's.
    void theHeuristicComboOffersLandmarkCut()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(ItemRef::settings());
        QComboBox *combo = w.scenarioForm()->heuristic;
        QVERIFY(combo->toolTip().contains(u"Landmark cut (optimal)"));
        QVERIFY(combo->toolTip().contains(u"fewer nodes"));
        QCOMPARE(w.scenario().planner.heuristic, PlannerHeuristic::Unmet);
        combo->setFocus();
        QTest::keyClick(combo, Qt::Key_End); // the last item
        QCOMPARE(combo->currentText(), QStringLiteral("Landmark cut (optimal)"));
        QCOMPARE(w.scenario().planner.heuristic, PlannerHeuristic::Lmcut);
    }

    void typedValuesOutOfRangeAreRefusedWithAReason()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(ItemRef {EntityKind::Action, 0}); // chopWood, 3 s
        ActionForm *f = w.actionForm();
        typeInto(f->durationBox, QStringLiteral("-5"));
        QCOMPARE(w.scenario().actions[0].duration, 3.0);
        QCOMPARE(f->durationBox->value(), 3.0);
        QVERIFY2(f->errorText().contains(u"Duration: -5 was not applied: an action takes more than 0 s"),
                 qPrintable(f->errorText()));
        typeInto(f->durationBox, QStringLiteral("0"));
        QCOMPARE(w.scenario().actions[0].duration, 3.0);
        QVERIFY2(f->errorText().contains(u"0 was not applied"), qPrintable(f->errorText()));
        typeInto(f->durationBox, QStringLiteral("4"));
        QCOMPARE(w.scenario().actions[0].duration, 4.0);
        QCOMPARE(f->errorText(), QString());

        w.outline()->select(ItemRef {EntityKind::Goal, 0});
        const double start = w.scenario().goals[0].start;
        typeInto(w.goalForm()->startBox, QStringLiteral("2"));
        QCOMPARE(w.scenario().goals[0].start, start);
        QVERIFY2(w.goalForm()->errorText().contains(u"insistence runs from 0 to 1"),
                 qPrintable(w.goalForm()->errorText()));

        w.outline()->select(ItemRef {EntityKind::Station, 0});
        typeInto(w.stationForm()->capacityBox, QStringLiteral("-1"));
        QCOMPARE(w.scenario().stations[0].capacity, 0);
        QVERIFY(w.stationForm()->errorText().contains(u"1 to 1000 places (or 0 for no limit)"));
    }
};

QTEST_MAIN(TestForms)
#include "test_forms.moc"
