// The scenario editor driven through its real widgets (offscreen): building
// a scenario from scratch, undo/redo, renames, refusals, files and prompts.
#include "commands/commands.h"
#include "docks/issuespanel.h"
#include "document/scenariodocument.h"
#include "document/warnings.h"
#include "filedialogs.h"
#include "forms/actionform.h"
#include "forms/agentform.h"
#include "forms/factform.h"
#include "forms/facttable.h"
#include "forms/goalform.h"
#include "forms/scenarioform.h"
#include "forms/spawnerform.h"
#include "forms/stationform.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/validator.h"
#include "mainwindow.h"

#include "charts/daycharts.h"
#include "run/chartspanel.h"
#include "run/eventlogpanel.h"
#include "run/inspector.h"
#include "run/planstrip.h"
#include "run/runlayer.h"
#include "run/runui.h"
#include "scene/mapscene.h"
#include "sweep/sweepdialog.h"
#include "testutil.h"
#include <qcustomplot.h>
#include <sys/stat.h>

#include "graph/chainview.h"
#include "graph/productionchain.h"
#include "graph/searchview.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "space/paths.h"
#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>
#include <memory>

using namespace goap;
using namespace goap::editor;

namespace {

const QString kSource = QStringLiteral(GOAP_SOURCE_DIR);

using goap::testing::readAll;

// Types into a line edit as a user would, replacing its text, and presses Return.
void type(QLineEdit *edit, const QString &text)
{
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

double before1Speed(MainWindow &)
{
    return readScenarioFile(kSource + QStringLiteral("/scenarios/town.json")).scenario->agents[1].speed;
}

QAction *menuAction(MainWindow &w, const QString &text)
{
    for (QAction *a : w.findChildren<QAction *>())
        if (a->text().remove(u'&') == text)
            return a;
    qFatal("no action %s", qPrintable(text));
}

// Builds scenarios/cook.json through the forms, step by step.
void buildCook(MainWindow &w)
{
    w.outline()->select(ItemRef::settings());
    ScenarioForm *sf = w.scenarioForm();
    type(sf->nameEdit, QStringLiteral("Cook"));
    sf->descriptionEdit->setPlainText(QString::fromUtf8("One cook, one hunger. The cook's only want is to be fed, and "
                                                        "nothing says how: the planner links chopWood, lightFire, "
                                                        "cookMeal and eatMeal because that is the only chain whose "
                                                        "preconditions meet. Watch cookMeal put out the fire it "
                                                        "needed, so after every meal a fresh search finds the fire out "
                                                        "and the arms empty and returns the same four steps for "
                                                        "a new reason."));
    sf->dayLength->setValue(240);

    const struct
    {
        const char *id, *label;
        double x, y;
    } stations[] = {{"woodpile", "Woodpile", 3, 3}, {"hearth", "Hearth", 10, 6}, {"table", "Table", 16, 9}};
    for (const auto &st : stations) {
        menuAction(w, QStringLiteral("Add Station"))->trigger();
        StationForm *f = w.stationForm();
        QCOMPARE(w.currentForm(), f);
        type(f->idEdit, QLatin1String(st.id));
        type(f->labelEdit, QLatin1String(st.label));
        f->xBox->setValue(st.x);
        f->yBox->setValue(st.y);
    }

    struct Row
    {
        const char *fact;
        const char *op;
        int value;
    };
    const struct
    {
        const char *id, *label, *station;
        double duration;
        std::vector<Row> pre, effects;
    } actions[] = {
        {"chopWood", "Chop wood", "woodpile", 3, {}, {{"agent.wood", "add", 1}}},
        {"lightFire",
         "Light fire",
         "hearth",
         2,
         {{"agent.wood", "", 1}},
         {{"world.fireLit", "set", 1}, {"agent.wood", "add", -1}}},
        {"cookMeal",
         "Cook meal",
         "hearth",
         4,
         {{"world.fireLit", "", 1}},
         {{"world.fireLit", "set", 0}, {"agent.meal", "add", 1}}},
        {"eatMeal",
         "Eat meal",
         "table",
         3,
         {{"agent.meal", "", 1}},
         {{"agent.fed", "add", 1}, {"agent.meal", "add", -1}}},
    };
    for (const auto &a : actions) {
        menuAction(w, QStringLiteral("Add Action"))->trigger();
        ActionForm *f = w.actionForm();
        QCOMPARE(w.currentForm(), f);
        type(f->idEdit, QLatin1String(a.id));
        type(f->labelEdit, QLatin1String(a.label));
        f->stationBox->setCurrentIndex(f->stationBox->findData(QLatin1String(a.station)));
        emit f->stationBox->activated(f->stationBox->currentIndex());
        f->durationBox->setValue(a.duration);
        for (const Row &r : a.pre)
            f->preTable->addRow(QLatin1String(r.fact), {}, r.value);
        for (const Row &r : a.effects)
            f->effectTable->addRow(QLatin1String(r.fact), QLatin1String(r.op), r.value);
        QCOMPARE(f->errorText(), QString());
    }

    // The fire's seed: the fact exists now that actions name it.
    w.outline()->select(ItemRef::ofFact(QStringLiteral("world.fireLit")));
    QCOMPARE(w.currentForm(), w.factForm());
    w.factForm()->seededBox->setChecked(true);

    menuAction(w, QStringLiteral("Add Goal"))->trigger();
    GoalForm *g = w.goalForm();
    type(g->idEdit, QStringLiteral("hunger"));
    type(g->labelEdit, QStringLiteral("Hunger"));
    g->conditionTable->addRow(QStringLiteral("agent.fed"), {}, 1);
    g->startBox->setValue(0);
    g->rateBox->setValue(0.01);

    menuAction(w, QStringLiteral("Add Character"))->trigger();
    AgentForm *c = w.agentForm();
    type(c->idEdit, QStringLiteral("cook"));
    type(c->labelEdit, QStringLiteral("Cook"));
    c->xBox->setValue(8);
    c->yBox->setValue(3);
    c->speedBox->setValue(2);
    for (const char *fact : {"fed", "meal", "wood"})
        c->factTable->addRow(QLatin1String(fact), {}, 0);
    for (int i = 0; i < c->actionList->count(); ++i)
        c->actionList->item(i)->setCheckState(Qt::Checked);
    for (int row = 0; row < c->goalTable->rowCount(); ++row)
        if (c->goalTable->item(row, 0)->data(Qt::UserRole).toString() == u"hunger")
            c->goalTable->item(row, 0)->setCheckState(Qt::Checked);
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

// Types into a spin box as a user would (select all, type, Return).
void typeInto(QAbstractSpinBox *box, const QString &text)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

// Answers the next file dialog by typing a name and pressing Return; keeps
// the folder and the name it suggested.
QTimer *answerFileDialog(const QString &typed, QString *folder, QString *suggested)
{
    auto *timer = new QTimer;
    timer->setInterval(0);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, typed, folder, suggested] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible())
            return;
        timer->stop();
        *folder = dialog->directory().absolutePath();
        auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
        *suggested = edit ? edit->text() : QString();
        if (!edit) {
            dialog->reject();
            return;
        }
        edit->setText(typed); // typing would open the name completer's popup
        QTest::keyClick(edit, Qt::Key_Return);
    });
    timer->start();
    return timer;
}

// Answers the next message box by clicking the button with that text, and
// keeps what it said. Delete the timer returned to stop waiting.
QTimer *answerNextDialog(const QString &button, QString *said)
{
    auto *timer = new QTimer;
    timer->setInterval(0);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, button, said] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->isVisible())
            return;
        timer->stop();
        *said = box->text() + u'\n' + box->informativeText();
        for (QAbstractButton *b : box->buttons())
            if (b->text().remove(u'&') == button)
                QTest::mouseClick(b, Qt::LeftButton);
    });
    timer->start();
    return timer;
}

} // namespace

// Whether a done undo step keeps a change of this kind (its inverse: an
// insertion keeps a removal; an item edit and a replacement keep their own kind).
template<typename Kept> bool keeps(const QUndoCommand *command)
{
    const auto *step = dynamic_cast<const EditCommand *>(command);
    return step && std::holds_alternative<Kept>(step->edit().change);
}

class TestEditor : public QObject
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

    void renameAFactUpdatesEveryReference()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        const Scenario before = w.scenario();
        w.outline()->select(ItemRef::ofFact(QStringLiteral("world.tools")));
        QCOMPARE(w.currentForm(), w.factForm());
        QVERIFY(w.factForm()->usageLabel->text().contains(u"harvestWheat"));
        type(w.factForm()->nameEdit, QStringLiteral("world.toolkit"));
        QCOMPARE(w.factForm()->errorText(), QString());
        const Scenario &s = w.scenario();
        QVERIFY(!factsInUse(w.document()->scenario()).contains(QStringLiteral("world.tools")));
        QVERIFY(factsInUse(w.document()->scenario()).contains(QStringLiteral("world.toolkit")));
        QCOMPARE(s.action(u"harvestWheat")->pre.first().fact, QStringLiteral("world.toolkit"));
        QCOMPARE(s.action(u"fellTree")->pre.first().fact, QStringLiteral("world.toolkit"));
        QVERIFY(std::any_of(s.action(u"forgeTool")->add.begin(), s.action(u"forgeTool")->add.end(),
                            [](const Effect &e) { return e.fact == u"world.toolkit"; }));
        QVERIFY(std::any_of(s.world.begin(), s.world.end(), [](const FactValue &f) { return f.name == u"toolkit"; }));
        QCOMPARE(w.outline()->current().fact, QStringLiteral("world.toolkit"));
        // One undoable step.
        w.document()->undoStack()->undo();
        QCOMPARE(w.scenario(), before);

        // An agent fact too, across goals and characters' own facts.
        w.outline()->select(ItemRef::ofFact(QStringLiteral("agent.fed")));
        type(w.factForm()->nameEdit, QStringLiteral("agent.fullness"));
        QCOMPARE(w.scenario().goal(u"hunger")->conditions.first().fact, QStringLiteral("agent.fullness"));
        const auto &eat = w.scenario().action(u"eatBread")->add;
        QVERIFY(std::any_of(eat.begin(), eat.end(), [](const Effect &e) { return e.fact == u"agent.fullness"; }));
        // A rename onto a fact in use, or across scopes, is refused with a message.
        w.outline()->select(ItemRef::ofFact(QStringLiteral("agent.fullness")));
        type(w.factForm()->nameEdit, QStringLiteral("agent.bread"));
        QVERIFY2(
            w.factForm()->errorText().contains(u"already in use"),
            qPrintable(w.factForm()->errorText() + "|" + w.factForm()->fact() + "|" + w.factForm()->nameEdit->text()));
        type(w.factForm()->nameEdit, QStringLiteral("world.fullness"));
        QVERIFY(w.factForm()->errorText().contains(u"keeps its scope"));
        QCOMPARE(w.factForm()->nameEdit->text(), QStringLiteral("agent.fullness"));
    }

    void partnerFactsAreTheirOwnFacts()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/hospital.json")));
        const QStringList facts = factsInUse(w.document()->scenario());
        QVERIFY(facts.contains(QStringLiteral("agent.treated")));
        QVERIFY(!facts.contains(QStringLiteral("partner.treated")));
        QVERIFY(factUsage(w.document()->scenario(), QStringLiteral("agent.treated"))
                    .addedBy.contains(QStringLiteral("treatPatient (on its partner)")));
        QVERIFY(w.document()
                    ->submit(edits::renameFact(w.document()->scenario(), QStringLiteral("agent.treated"),
                                               QStringLiteral("agent.cured")))
                    .isEmpty());
        const auto &add = w.scenario().action(u"treatPatient")->add;
        QVERIFY(std::any_of(add.begin(), add.end(), [](const Effect &e) { return e.fact == u"partner.cured"; }));
        QCOMPARE(w.scenario().action(u"goHome")->pre.first().fact, QStringLiteral("agent.cured"));
        // Templates and spawners survive a save.
        QTemporaryDir dir;
        QVERIFY(w.saveAs(dir.filePath(QStringLiteral("h.json"))));
        const ReadResult again = readScenarioFile(dir.filePath(QStringLiteral("h.json")));
        QVERIFY(again.ok());
        QCOMPARE(again.scenario->templates.size(), 1);
        QCOMPARE(again.scenario->spawners.size(), 1);
        QCOMPARE(again.scenario->stations[3].capacity, 3);
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

    void removingUpdatesReferencesAndUndoes()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        const Scenario before = w.scenario();
        w.outline()->select(ItemRef {EntityKind::Action, 0});
        QString said;
        std::unique_ptr<QTimer> answer(answerNextDialog(QStringLiteral("Delete"), &said));
        menuAction(w, QStringLiteral("Remove Selected"))->trigger();
        QVERIFY(said.contains(u"done by cook"));
        QVERIFY(!w.scenario().agents[0].actions.contains(QStringLiteral("chopWood")));
        QCOMPARE(w.scenario().actions.size(), 3);
        w.document()->undoStack()->undo();
        QCOMPARE(w.scenario(), before);
    }

    void dragOnTheMapIsOneStep()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        const int steps = w.document()->undoStack()->count();
        QGraphicsItem *item = w.mapScene()->itemFor({EntityKind::Station, 0});
        QVERIFY(item);
        w.mapScene()->itemMoved({EntityKind::Station, 0}, QPointF(5.2 * MapScene::kScale, 7.9 * MapScene::kScale),
                                true);
        QCOMPARE(w.scenario().stations[0].at, (Point {5, 8})); // snapped to half units
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        w.mapScene()->itemMoved({EntityKind::Character, 0}, QPointF(1.26 * MapScene::kScale, 2 * MapScene::kScale),
                                false);
        QCOMPARE(w.scenario().agents[0].at, (Point {1.26, 2}));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QCOMPARE(w.scenario().stations[0].at, (Point {3, 3}));
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

    void issuesPanelIsLiveAndNavigates()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(!hasErrors(w.document()->issues()));
        w.outline()->select(ItemRef {EntityKind::Character, 0});
        // Untick every goal: a warning appears ("holds no goals").
        AgentForm *c = w.agentForm();
        QSignalSpy validated(w.document(), &ScenarioDocument::issuesChanged);
        for (int row = 0; row < c->goalTable->rowCount(); ++row)
            c->goalTable->item(row, 0)->setCheckState(Qt::Unchecked);
        // Validation runs once, 100 ms after the last edit, not inside each.
        QCOMPARE(validated.count(), 0);
        QVERIFY(validated.wait(1000));
        QVERIFY(!w.document()->validationPending()); // nothing more is due: one validation for all the edits
        QCOMPARE(validated.count(), 1);
        bool found = false;
        for (int i = 0; i < w.issuesPanel()->count(); ++i) {
            QListWidgetItem *item = w.issuesPanel()->item(i);
            if (item->text().contains(u"holds no goals")) {
                found = true;
                w.outline()->select(ItemRef::settings());
                emit w.issuesPanel()->itemClicked(item);
                QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Character, 0}));
                QCOMPARE(w.currentForm(), w.agentForm());
            }
        }
        QVERIFY(found);
        QCOMPARE(IssuesPanel::itemForPath(QStringLiteral("actions[3].add[\"agent.wood\"]")),
                 (ItemRef {EntityKind::Action, 3}));
        QCOMPARE(IssuesPanel::itemForPath(QStringLiteral("world[\"bread\"]")),
                 (ItemRef::ofFact(QStringLiteral("world.bread"))));
    }

    void badFilesLeaveTheDocumentIntact_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : QDir(kSource + "/tests/data/bad").entryList({"*.json"}))
            QTest::newRow(qPrintable(f)) << kSource + "/tests/data/bad/" + f;
    }

    void badFilesLeaveTheDocumentIntact()
    {
        QFETCH(QString, file);
        MainWindow w;
        QVERIFY(w.openFile(kSource + "/scenarios/smithy.json"));
        w.outline()->select(ItemRef {EntityKind::Station, 0});
        w.stationForm()->xBox->setValue(4); // unsaved work that must survive
        const Scenario before = w.scenario();
        const QString title = w.windowTitle();
        w.setSavePrompt([] { return QMessageBox::Discard; });
        QVERIFY(!w.openFile(file));
        QCOMPARE(w.scenario(), before);
        QCOMPARE(w.windowTitle(), title);
        QVERIFY(w.document()->isModified());
        QVERIFY(w.issuesPanel()->count() >= 2);
        QVERIFY(w.issuesPanel()->item(0)->text().contains(u"could not be opened"));
        QVERIFY(w.issuesPanel()->item(1)->text().contains(u": error: "));
        const ReadResult expected = readScenarioFile(file);
        QCOMPARE(w.issuesPanel()->count(), 1 + expected.issues.size());
    }

    void shippedScenariosSaveAndReloadByteForByte_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : QDir(kSource + "/scenarios").entryList({"*.json"}))
            QTest::newRow(qPrintable(f)) << kSource + "/scenarios/" + f;
    }

    void shippedScenariosSaveAndReloadByteForByte()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(w.openFile(file));
        const QString copy = dir.filePath(QStringLiteral("copy.json"));
        QVERIFY(w.saveAs(copy));
        QCOMPARE(readAll(copy), readAll(file));
        MainWindow again;
        QVERIFY(again.openFile(copy));
        QCOMPARE(again.scenario(), w.scenario());
        // Save a Copy leaves the document's own file alone.
        QVERIFY(again.saveCopy(dir.filePath(QStringLiteral("other.json"))));
        QCOMPARE(again.fileName(), QFileInfo(copy).absoluteFilePath());
    }

    void dirtyStateAndSavePrompt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cook.json"));
        QFile::copy(kSource + QStringLiteral("/scenarios/cook.json"), path);
        MainWindow w;
        w.show(); // the title the window system shows: Qt turns [*] into * when modified, or drops it
        const auto shownTitle = [&] { return w.windowHandle()->title(); };
        QVERIFY(w.openFile(path));
        QVERIFY(!w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json — GOAP Studio"));
        w.outline()->select(ItemRef::settings());
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook II"));
        QVERIFY(w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json* — GOAP Studio"));

        int asked = 0;
        w.setSavePrompt([&] {
            ++asked;
            return QMessageBox::Cancel;
        });
        QVERIFY(!w.newDocument());
        QCOMPARE(asked, 1);
        QCOMPARE(w.scenario().name, QStringLiteral("Cook II")); // kept
        QVERIFY(!w.close()); // the window stays open
        QCOMPARE(asked, 2);

        w.setSavePrompt([&] {
            ++asked;
            return QMessageBox::Save;
        });
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        QCOMPARE(readScenarioFile(path).scenario->name, QStringLiteral("Cook II")); // saved before switching

        type(w.scenarioForm()->nameEdit, QStringLiteral("Smithy II"));
        w.setSavePrompt([&] {
            ++asked;
            return QMessageBox::Discard;
        });
        QVERIFY(w.newDocument());
        QCOMPARE(w.scenario(), newScenario());
        QVERIFY(!w.isWindowModified());

        // Undoing back to the saved state is clean again; Revert restores the file.
        QVERIFY(w.openFile(path));
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook III"));
        w.document()->undoStack()->undo();
        QVERIFY(!w.isWindowModified());
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook IV"));
        QVERIFY(w.revert());
        QCOMPARE(w.scenario().name, QStringLiteral("Cook II"));
        QVERIFY(!w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json — GOAP Studio"));

        // Saving makes it clean, in the title too.
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook V"));
        QCOMPARE(shownTitle(), QStringLiteral("cook.json* — GOAP Studio"));
        QVERIFY(w.save());
        QVERIFY(!w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json — GOAP Studio"));
        QCOMPARE(readScenarioFile(path).scenario->name, QStringLiteral("Cook V"));
        w.document()->undoStack()->undo(); // away from the saved state
        QVERIFY(w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json* — GOAP Studio"));
    }

    void saveOfAnUntitledDocumentAsksWhere()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(w.newFromTemplate(kSource + QStringLiteral("/scenarios/bakery.json")));
        QVERIFY(w.fileName().isEmpty()); // a template is a copy
        QCOMPARE(w.scenario().name, QStringLiteral("Bakery"));
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        w.setSaveAsPrompt([&] { return path; });
        QVERIFY(w.save());
        QCOMPARE(w.fileName(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(readAll(path), readAll(kSource + QStringLiteral("/scenarios/bakery.json")));
        QVERIFY(MainWindow::templateFiles().size() >= 4);
    }

    void dropAJsonFileOpensIt()
    {
        MainWindow w;
        w.show();
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(kSource + QStringLiteral("/scenarios/smithy.json"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QCOMPARE(w.scenario().name, QStringLiteral("Smithy"));
        QMimeData text;
        text.setUrls({QUrl::fromLocalFile(QStringLiteral("/tmp/notes.txt"))});
        QDragEnterEvent refuse(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &refuse);
        QVERIFY(!refuse.isAccepted());
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

    void markdownSummary()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        const QString path = dir.filePath(QStringLiteral("town.md"));
        QVERIFY(w.exportSummary(path));
        const QString md = QString::fromUtf8(readAll(path));
        QVERIFY(md.startsWith(u"# Town\n"));
        for (const char *heading : {"## Facts", "## Stations", "## Actions", "## Goals", "## Characters"})
            QVERIFY(md.contains(QLatin1String(heading)));
        QVERIFY(md.contains(u"| `world.tools` | 🌐 world | 0 | harvestWheat, fellTree |"));
        QVERIFY(md.contains(u"`world.bread >= 1`"));
        QVERIFY(md.contains(u"`agent.oreMined += 1`"));
    }

    void screenshotWritesAPng()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(w.openFile(kSource + "/scenarios/smithy.json"));
        const QString png = dir.filePath("shot.png");
        QVERIFY(w.saveScreenshot(png));
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800);
    }

    void everyFieldHasATooltip()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + "/scenarios/town.json"));
        for (QWidget *form : {static_cast<QWidget *>(w.scenarioForm()), static_cast<QWidget *>(w.factForm()),
                              static_cast<QWidget *>(w.stationForm()), static_cast<QWidget *>(w.actionForm()),
                              static_cast<QWidget *>(w.goalForm()), static_cast<QWidget *>(w.agentForm()),
                              static_cast<QWidget *>(w.templateForm()), static_cast<QWidget *>(w.spawnerForm())}) {
            for (QWidget *field : form->findChildren<QWidget *>()) {
                const bool input = qobject_cast<QLineEdit *>(field) || qobject_cast<QAbstractSpinBox *>(field)
                    || qobject_cast<QComboBox *>(field) || qobject_cast<QPlainTextEdit *>(field)
                    || qobject_cast<QCheckBox *>(field);
                if (!input || field->parentWidget() == nullptr
                    || qobject_cast<QAbstractSpinBox *>(field->parentWidget()))
                    continue;
                if (qobject_cast<QComboBox *>(field->parentWidget()))
                    continue;
                QVERIFY2(!field->toolTip().isEmpty(),
                         qPrintable(form->metaObject()->className() + QStringLiteral(" field without a tooltip")));
            }
        }
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

    // Issue #13, 1: walls are drawn on the map with the wall tool (whole
    // cells, one undo step), never over a station, and removed with Delete.
    void wallsAreDrawnMovedAndRemovedOnTheMap()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource
                           + QStringLiteral("/scenarios/cook.json"))); // woodpile (3, 3), hearth (10, 6), table (16, 9)
        MapView *view = w.mapView();
        auto at = [&](double x, double y) {
            return view->mapFromScene(QPointF(x * MapScene::kScale, y * MapScene::kScale));
        };
        auto drag = [&](QPointF from, QPointF to) {
            QTest::mousePress(view->viewport(), Qt::LeftButton, {}, at(from.x(), from.y()));
            for (const QPoint p : {at((from.x() + to.x()) / 2, (from.y() + to.y()) / 2), at(to.x(), to.y())}) {
                // With the button held (QTest::mouseMove sends no buttons to a widget).
                QMouseEvent move(QEvent::MouseMove, p, view->viewport()->mapToGlobal(p), Qt::NoButton, Qt::LeftButton,
                                 Qt::NoModifier);
                QApplication::sendEvent(view->viewport(), &move);
            }
            QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, at(to.x(), to.y()));
        };
        w.wallToolAction()->trigger();
        QVERIFY(w.mapScene()->wallTool());
        drag({5.2, 1.5}, {6.7, 7.4}); // cells 5..6 x 1..7
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {5, 1, 2, 7}}));
        QUndoStack *stack = w.document()->undoStack();
        QVERIFY2(stack->undoText().contains(u"2 x 7 at (5, 1)"), qPrintable(stack->undoText()));
        // Over the hearth: refused with the reason, nothing drawn.
        drag({9.5, 5.5}, {11.5, 6.5});
        QCOMPARE(w.scenario().map.walls.size(), 1);
        QVERIFY2(w.statusBar()->currentMessage().contains(u"hearth"), qPrintable(w.statusBar()->currentMessage()));
        w.wallToolAction()->trigger();
        QVERIFY(!w.mapScene()->wallTool());

        // A station dragged into the wall is refused and stays where it was.
        const Point before = w.scenario().stations[0].at;
        w.mapScene()->itemMoved({EntityKind::Station, 0}, QPointF(5.5 * MapScene::kScale, 3.5 * MapScene::kScale),
                                true);
        QCOMPARE(w.scenario().stations[0].at, before);
        QVERIFY(w.statusBar()->currentMessage().contains(u"inside a wall"));

        // Selected and dragged: moved by whole cells.
        QVERIFY(w.mapScene()->wallItem(0));
        drag({5.5, 4.5}, {5.4, 7.6});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {5, 4, 2, 7}}));
        QVERIFY(stack->undoText().startsWith(u"Move wall"));
        // Onto the cook's start (8, 3): refused, the wall snaps back.
        drag({5.5, 4.5}, {8.5, 2.5});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {5, 4, 2, 7}}));
        QVERIFY2(w.statusBar()->currentMessage().contains(u"cook"), qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(w.mapScene()->wallItem(0)->pos(), QPointF(5 * MapScene::kScale, 4 * MapScene::kScale));
        // Its corner handle resizes it, by whole cells.
        w.mapScene()->wallItem(0)->setSelected(true);
        const double inside = 3 / MapScene::kScale; // a few pixels inside the lower right corner
        drag({7 - inside, 11 - inside}, {9.1, 10.8});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {5, 4, 4, 7}}));
        QVERIFY2(stack->undoText().startsWith(u"Resize wall"), qPrintable(stack->undoText()));
        // Delete in the map removes the selected wall; Undo brings it back.
        w.mapScene()->wallItem(0)->setSelected(true);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete);
        QVERIFY(w.scenario().map.walls.isEmpty());
        stack->undo();
        QCOMPARE(w.scenario().map.walls.size(), 1);
    }

    // Issue #13, 5: the wall brush paints cells (a drag, one undo step, merged
    // into rectangles, never over a station), the eraser opens a door in a
    // wall, warnings follow live as walls cut a station off, and a station's
    // places are shown where the simulation puts them.
    void wallBrushAndEraserPaintAndOpenDoors()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(
            w.openFile(kSource
                       + QStringLiteral(
                           "/scenarios/cook.json"))); // woodpile (3, 3), hearth (10, 6), table (16, 9); cook at (8, 3)
        MapView *view = w.mapView();
        auto at = [&](double x, double y) {
            return view->mapFromScene(QPointF(x * MapScene::kScale, y * MapScene::kScale));
        };
        auto stroke = [&](const QList<QPointF> &points) {
            QTest::mousePress(view->viewport(), Qt::LeftButton, {}, at(points.first().x(), points.first().y()));
            for (const QPointF &q : points) {
                const QPoint p = at(q.x(), q.y());
                QMouseEvent move(QEvent::MouseMove, p, view->viewport()->mapToGlobal(p), Qt::NoButton, Qt::LeftButton,
                                 Qt::NoModifier);
                QApplication::sendEvent(view->viewport(), &move);
            }
            QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, at(points.last().x(), points.last().y()));
        };
        QUndoStack *stack = w.document()->undoStack();
        const int before = stack->count();
        w.wallBrushAction()->trigger();
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::Brush);
        // A stroke down column 6 from row 0 to row 11 (a fast drag: the cells between count too).
        stroke({{6.5, 0.5}, {6.5, 5.2}, {6.5, 11.5}});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {6, 0, 1, 12}}));
        QCOMPARE(stack->count(), before + 1);
        QVERIFY2(stack->undoText().contains(u"Paint 12 wall cells"), qPrintable(stack->undoText()));
        // The woodpile (3, 3) is cut off from the cook (8, 3): the Issues panel says so, live.
        // (issues() is a value: one copy, not two, for begin and end.)
        auto mentions = [&](const QString &fragment) {
            const Issues issues = w.document()->issues();
            return std::any_of(issues.begin(), issues.end(),
                               [&](const Issue &i) { return i.message.contains(fragment); });
        };
        QTRY_VERIFY(mentions(QStringLiteral("cannot reach station woodpile")));
        // Painting over the hearth leaves its cell free and says why.
        stroke({{9.5, 6.5}, {11.5, 6.5}});
        QCOMPARE(w.scenario().map.walls.size(), 3); // cells 9 and 11 of row 6; the hearth's cell 10 stays free
        QCOMPARE(w.scenario().map.walls[1], (Wall {9, 6, 1, 1}));
        QCOMPARE(w.scenario().map.walls[2], (Wall {11, 6, 1, 1}));
        QVERIFY2(w.statusBar()->currentMessage().contains(u"stays free"), qPrintable(w.statusBar()->currentMessage()));
        stack->undo();
        QCOMPARE(w.scenario().map.walls.size(), 1);
        // The eraser opens a door of two cells: the wall is cut in two, one undo step.
        w.wallEraserAction()->trigger();
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::Eraser);
        QVERIFY(!w.wallBrushAction()->isChecked());
        stroke({{6.5, 4.5}, {6.5, 5.5}});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {6, 0, 1, 4}, Wall {6, 6, 1, 6}}));
        QVERIFY2(stack->undoText().contains(u"Erase 2 wall cells"), qPrintable(stack->undoText()));
        QTRY_VERIFY(!mentions(QStringLiteral("cannot reach")));
        stack->undo();
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {6, 0, 1, 12}}));
        w.wallEraserAction()->trigger();
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::None);
        // Saved and read back: the walls round-trip.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("brushed.json"));
        QVERIFY(w.saveAs(file));
        QCOMPARE(readScenarioFile(file).scenario->map.walls, (QList<Wall> {Wall {6, 0, 1, 12}}));

        // Places: a capacity-2 hearth shows two place cells beside it, as the simulation has them.
        Station hearth = w.scenario().stations[1];
        hearth.capacity = 2;
        QVERIFY(
            w.document()
                ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Station, 1, hearth, Field::Capacity))
                .isEmpty());
        QCOMPARE(w.mapScene()->placeCells().size(), 2);
        const CompiledScenario c = compile(w.scenario());
        const Space space(c);
        QCOMPARE(w.mapScene()->placeCells()[0], space.spots(1)[0]);
        QCOMPARE(w.mapScene()->placeCells()[1], space.spots(1)[1]);
        QVERIFY(!w.mapScene()->lineCells().isEmpty());
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

    // Issue #14, 1: the production chain dock. Selection round-trips between
    // it and the outline, a selected node brings out what feeds it and what
    // it feeds, and a document edit lays it out again (debounced).
    // Issue #27, 2: a 500-action chain crashed the editor on open (Graphviz's
    // recursion overflowed the stack); a graph Graphviz is not asked to lay
    // out, or refuses, is a note in the dock, and the document is open.
    void productionChainTooLargeIsANoteNotACrash()
    {
        QTemporaryDir dir;
        const auto write = [&](const QString &name, int actions, int sharedNeeds) {
            QStringList list, ids;
            for (int k = 0; k < actions; ++k) {
                QStringList pre;
                if (k && !sharedNeeds)
                    pre << QStringLiteral(R"("agent.f%1": 1)").arg(k);
                for (int j = 0; j < sharedNeeds; ++j)
                    pre << QStringLiteral(R"("world.s%1": 0)").arg(j);
                list << QStringLiteral(
                            R"({ "id": "a%1", "duration": 1, "cost": 1, "pre": { %2 }, "add": { "agent.f%3": 1 } })")
                            .arg(k)
                            .arg(pre.join(u", "))
                            .arg(k + 1);
                ids << QStringLiteral("\"a%1\"").arg(k);
            }
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::WriteOnly))
                return QString();
            f.write(QStringLiteral(R"({ "format": "goap-scenario", "version": 1, "name": "Big",
              "map": { "width": 20, "height": 12 }, "world": {}, "stations": [], "actions": [%1],
              "goals": [ { "id": "g", "kind": "quota", "conditions": { "agent.f%2": 1 }, "urgency": 1 } ],
              "agents": [ { "id": "c", "at": [1, 1], "speed": 1, "facts": {}, "actions": [%3], "goals": [ { "goal": "g" } ] } ] })")
                        .arg(list.join(u','))
                        .arg(actions)
                        .arg(ids.join(u','))
                        .toUtf8());
            return f.fileName();
        };
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.dock(QStringLiteral("productionChain"))->show();
        const auto notes = [&] {
            QStringList texts;
            for (QGraphicsItem *item : w.chainView()->scene()->items())
                if (auto *t = dynamic_cast<QGraphicsSimpleTextItem *>(item))
                    texts << t->text();
            return texts.join(u'\n');
        };
        // 1,002 nodes: over the bound, not laid out at all.
        QVERIFY(w.openFile(write(QStringLiteral("chain500.json"), 500, 0)));
        QCOMPARE(w.scenario().actions.size(), 500);
        QTRY_VERIFY2(notes().contains(u"too many to lay out here (at most 800)"), qPrintable(notes()));
        QCOMPARE(w.chainView()->nodeCount(), 0);
        // 614 nodes but 3,900 edges: Graphviz is asked, refuses, and the dock says why.
        QVERIFY(w.openFile(write(QStringLiteral("wide.json"), 300, 12)));
        QTRY_VERIFY_WITH_TIMEOUT(!w.chainView()->layoutError().isEmpty(), 30000);
        QVERIFY2(notes().contains(u"Not laid out: the graph has")
                     && notes().contains(u"at most 800 nodes and 3200 edges"),
                 qPrintable(notes()));
    }

    void productionChainDockFollowsTheDocument()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        w.dock(QStringLiteral("productionChain"))->show();
        w.dock(QStringLiteral("productionChain"))->raise();
        ChainView *chain = w.chainView();
        const ProductionChain expected = productionChain(w.scenario());
        QTRY_COMPARE(chain->nodeCount(), int(expected.nodes.size()));
        // The outline selects Bake bread: the chain brings out its upstream and downstream.
        const Scenario &s = w.scenario();
        w.outline()->select(ItemRef {EntityKind::Action, s.indexOfAction(u"bakeBread")});
        QCOMPARE(chain->selectedNode(), chain->chain().find(EntityKind::Action, QStringLiteral("bakeBread")));
        QVERIFY(chain->isHighlighted(chain->chain().findFact(QStringLiteral("world.wheat")))); // feeds it
        QVERIFY(chain->isHighlighted(chain->chain().findFact(QStringLiteral("world.bread")))); // it feeds
        QVERIFY(!chain->isHighlighted(chain->chain().findFact(QStringLiteral("agent.oreMined")))); // neither
        // A click on a node (the real view) selects it in the outline.
        const int mine = chain->chain().find(EntityKind::Action, QStringLiteral("mineOre"));
        chain->centerOn(chain->nodePosition(mine));
        QTest::mouseClick(chain->viewport(), Qt::LeftButton, {}, chain->mapFromScene(chain->nodePosition(mine)));
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Action, s.indexOfAction(u"mineOre")}));
        QCOMPARE(chain->selectedNode(), mine);
        // A label edit changes that node in place after the pause: no new
        // layout, and every other node is the same item as before.
        const quint64 before = chain->layouts(), inPlace = chain->inPlaceUpdates();
        const int bake = chain->chain().find(EntityKind::Action, QStringLiteral("bakeBread"));
        QGraphicsItem *bakeItem = chain->nodeItem(bake);
        const QPointF bakeAt = chain->nodePosition(bake);
        Action mineOre = s.actions[s.indexOfAction(u"mineOre")];
        mineOre.label = QStringLiteral("Dig ore");
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Action, s.indexOfAction(u"mineOre"),
                                              mineOre, Field::Label))
                    .isEmpty());
        QTRY_VERIFY(chain->inPlaceUpdates() > inPlace);
        QCOMPARE(chain->layouts(), before);
        QCOMPARE(chain->nodeItem(bake), bakeItem);
        QCOMPARE(chain->nodePosition(bake), bakeAt);
        QCOMPARE(chain->chain().nodes[size_t(mine)].label, QStringLiteral("Dig ore"));
        QVERIFY(chain->nodeItem(mine)->toolTip().contains(u"Dig ore"));
        QCOMPARE(chain->selectedNode(), mine); // kept
        // A new edge (the miner's action now also needs bread) is a new layout.
        mineOre.pre.append(Condition {QStringLiteral("world.bread"), 0, ConditionOp::Ge});
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Action, s.indexOfAction(u"mineOre"),
                                              mineOre, Field::Needs))
                    .isEmpty());
        QTRY_VERIFY(chain->layouts() > before);
        QCOMPARE(chain->selectedNode(),
                 chain->chain().find(EntityKind::Action, QStringLiteral("mineOre"))); // kept across the layout
        // Export as drawn.
        QTemporaryDir dir;
        for (const char *name : {"chain.png", "chain.svg", "chain.dot"})
            QCOMPARE(chain->exportTo(dir.filePath(QLatin1String(name))), QString());
        QVERIFY(QImage(dir.filePath(QStringLiteral("chain.png"))).width() > 200);
        QVERIFY(QFile(dir.filePath(QStringLiteral("chain.svg"))).size() > 1000);
        // During a run: world facts show their values, actions who is at them.
        QVERIFY(w.runUi()->runFor(40));
        const int ore = chain->chain().findFact(QStringLiteral("world.ore"));
        QTRY_VERIFY(chain->liveText(ore).startsWith(u"= "));
        bool someoneAtWork = false;
        for (size_t n = 0; n < chain->chain().nodes.size(); ++n)
            someoneAtWork |= chain->chain().nodes[n].isAction() && chain->liveText(int(n)).startsWith(u"▶");
        QVERIFY(someoneAtWork);
        w.runUi()->stop();
        QCOMPARE(chain->liveText(ore), QString()); // the run is over
        // A goal nobody holding it can reach is greyed (the validator's finding).
        Goal gold;
        gold.id = QStringLiteral("gold");
        gold.kind = GoalKind::Quota;
        gold.conditions = {Condition {QStringLiteral("world.gold"), 1, ConditionOp::Ge}};
        QString goalId;
        QVERIFY(w.document()
                    ->submit(edits::addEntity(w.document()->scenario(), EntityKind::Goal, {}, GoalKind::Quota))
                    .isEmpty());
        const int g = int(w.scenario().goals.size()) - 1;
        goalId = w.scenario().goals[g].id;
        gold.id = goalId;
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Goal, g, gold, Field::Conditions))
                    .isEmpty());
        Agent miner = w.scenario().agents[0];
        miner.goals.append(GoalRef {goalId, {}, {}, {}});
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Character, 0, miner, Field::Goals))
                    .isEmpty());
        QTRY_VERIFY(chain->chain().find(EntityKind::Goal, goalId) >= 0
                    && chain->chain().nodes[size_t(chain->chain().find(EntityKind::Goal, goalId))].unreachable);
        QVERIFY(chain->nodeItem(chain->chain().find(EntityKind::Goal, goalId))->toolTip().contains(u"can ever reach"));
    }

    // Issue #14, 2: the Search Tree dock draws the planner's trace: cook's
    // search has the counts plan --json gives and exactly the four steps (and
    // the start) on the highlighted path; a large tree is drawn collapsed and
    // a click on a "+N" marker opens that node; Show Search in the inspector
    // searches from the moment shown.
    void searchTreeDockDrawsThePlannersTrace()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.dock(QStringLiteral("searchTree"))->show();
        w.dock(QStringLiteral("searchTree"))->raise();
        SearchView *search = w.searchView();
        QTRY_VERIFY(search->layouts() > 0); // the first character's first goal, at once
        const CompiledScenario compiled = compile(w.scenario());
        Planner planner(compiled);
        Plan plan;
        planner.planForAgent(compiled.dawnState(0), 0, compiled.agents[0].goals[0].goal, plan);
        QCOMPARE(search->tree().result.expanded, plan.expanded);
        QCOMPARE(search->tree().result.generated, plan.generated);
        QCOMPARE(search->tree().expandedCount(), plan.expanded);
        QStringList path;
        for (size_t i = 0; i < search->tree().nodes.size(); ++i)
            if (search->tree().nodes[i].onPlan) {
                QVERIFY(search->isDrawn(int(i)));
                path << (search->tree().nodes[i].action < 0
                             ? QStringLiteral("start")
                             : compiled.actionIds[size_t(search->tree().nodes[i].action)]);
            }
        QCOMPARE(path, (QStringList {"start", "chopWood", "lightFire", "cookMeal", "eatMeal"}));
        QCOMPARE(search->drawnNodes(), int(search->tree().nodes.size())); // small: all of it
        QVERIFY(search->summary().contains(u"a plan of 4 steps"));
        QTemporaryDir dir;
        QCOMPARE(search->exportTo(dir.filePath(QStringLiteral("cook.dot"))), QString());
        QCOMPARE(search->exportTo(dir.filePath(QStringLiteral("cook.png"))), QString());
        QVERIFY(QImage(dir.filePath(QStringLiteral("cook.png"))).width() > 100);

        // A wide search (61 actions always applicable, capped at 400 nodes): collapsed.
        QFile wide(kSource + QStringLiteral("/tests/fuzz/corpus/wide-61-actions.json"));
        QVERIFY(wide.open(QIODevice::ReadOnly));
        QByteArray text = wide.readAll();
        text.replace("\"maxNodes\": 1000000", "\"maxNodes\": 400");
        const QString wideFile = dir.filePath(QStringLiteral("wide.json"));
        QFile out(wideFile);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        QVERIFY(w.openFile(wideFile));
        QTRY_VERIFY(search->tree().nodes.size() > 5000);
        QTRY_COMPARE(search->drawnNodes(), search->view().shownCount);
        QVERIFY(search->drawnNodes() <= SearchView::kNodes + search->tree().maxDepth() + 12);
        int parent = -1;
        for (size_t i = 0; i < search->view().hidden.size(); ++i)
            if (search->view().shown[i] && search->view().hidden[i] > 0 && search->isDrawn(int(i))) {
                parent = int(i);
                break;
            }
        QVERIFY(parent >= 0);
        const int hidden = search->view().hidden[size_t(parent)];
        const int drawn = search->drawnNodes();
        const quint64 layouts = search->layouts();
        QGraphicsView *view = search->graphicsView();
        view->centerOn(search->markerPosition(parent));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(search->markerPosition(parent)));
        QTRY_VERIFY(search->layouts() > layouts);
        QTRY_COMPARE(search->drawnNodes(), search->view().shownCount);
        QCOMPARE(search->drawnNodes(), drawn + hidden);
        QCOMPARE(search->view().hidden[size_t(parent)], 0);

        // A document with errors is not searched: the dock says so (compile() wants a valid scenario).
        Scenario broken = w.scenario();
        broken.agents[0].actions << QStringLiteral("noSuchAction");
        QVERIFY(hasErrors(validate(broken)));
        search->setScenario(broken, true);
        QVERIFY(search->summary().isEmpty());
        QCOMPARE(search->drawnNodes(), 0);

        // Errors arriving while a large layout is on the worker: that layout is
        // never drawn (it used to be, with no scenario behind it: a crash).
        search->setScenario(w.scenario(), false);
        QVERIFY(w.openFile(wideFile));
        QTRY_VERIFY(search->tree().nodes.size() > 5000);
        QTest::qWait(600); // the main window's debounced refresh has come and gone
        for (size_t i = 0; i < search->view().hidden.size() && search->view().shownCount <= SearchView::kWorkerNodes;
             ++i)
            if (search->view().shown[i] && search->view().hidden[i] > 0)
                search->open(int(i)); // until the drawing goes to the worker
        QVERIFY(search->view().shownCount > SearchView::kWorkerNodes);
        search->setScenario(broken, true);
        QVERIFY(search->layoutBusy()); // the layout of the valid document is under way
        QTRY_VERIFY_WITH_TIMEOUT(!search->layoutBusy(), 30000); // it came back, and was dropped
        QCOMPARE(search->drawnNodes(), 0);
        QVERIFY(search->summary().isEmpty());

        // Show Search from the inspector: the moment shown, not dawn.
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.runUi()->runFor(20));
        QVERIFY(w.inspect(QStringLiteral("baker")));
        Inspector *inspector = w.runUi()->inspector();
        QTRY_VERIFY(inspector->searchButton->isEnabled());
        QTest::mouseClick(inspector->searchButton, Qt::LeftButton);
        QTRY_VERIFY(search->summary().startsWith(u"baker -> "));
        QVERIFY2(search->summary().contains(u"from day 1, 20"), qPrintable(search->summary()));
        QVERIFY(w.dock(QStringLiteral("searchTree"))->isVisible());
    }

    // Graphs over 200 nodes are laid out on a worker (LayoutWorker), one at a
    // time: of three documents set in a row, only the newest is drawn (the
    // first's layout is stale when it comes, the second's never starts); the
    // UI thread stays free meanwhile.
    void largeGraphsAreLaidOutOnAWorkerNewestLast()
    {
        auto chainOf = [](int actions) {
            Scenario s;
            s.name = QStringLiteral("Chain");
            for (int i = 0; i < actions; ++i) {
                Action a;
                a.id = QStringLiteral("a%1").arg(i);
                a.label = a.id;
                a.duration = 1;
                a.add.append(Effect {QStringLiteral("world.f%1").arg(i + 1), 1});
                if (i > 0)
                    a.pre.append(Condition {QStringLiteral("world.f%1").arg(i), 1, ConditionOp::Ge});
                s.actions.append(a);
            }
            return s;
        };
        ChainView view;
        view.resize(800, 500);
        view.show();
        QSignalSpy drawn(&view, &ChainView::laidOut);
        view.setScenario(chainOf(120)); // 240 nodes: on the worker
        QCOMPARE(drawn.count(), 0); // not on the UI thread
        view.setScenario(chainOf(130)); // waits
        view.setScenario(chainOf(140)); // replaces the one waiting
        QTRY_COMPARE_WITH_TIMEOUT(drawn.count(), 1, 30000);
        QCOMPARE(view.nodeCount(), 140 * 2); // the newest: 140 actions, facts f1 to f140
        QTRY_VERIFY(!view.layoutBusy()); // the worker is done: nothing more can come
        QCOMPARE(drawn.count(), 1); // nothing older came after it
    }

    // Issue #14, 3: the plan timeline in the inspector: the steps left to
    // right, the one under way highlighted, each with its station and the
    // walk there by path (seconds at the character's speed, and metres).
    void planTimelineShowsStepsStationsAndWalks()
    {
        MainWindow w;
        w.resize(1400, 1000);
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.runUi()->runFor(13)); // the miner has just planned three trips to the mine
        QVERIFY(w.inspect(QStringLiteral("miner")));
        Inspector *inspector = w.runUi()->inspector();
        PlanStrip *strip = inspector->planStrip;
        QTRY_VERIFY(!strip->steps().isEmpty());
        const QList<PlanStripStep> steps = strip->steps();
        int current = 0;
        for (const PlanStripStep &s : steps) {
            QVERIFY2(s.title.contains(u"Mine ore"), qPrintable(s.title));
            current += s.current;
            if (!s.done) {
                QCOMPARE(s.where, QStringLiteral("at Mine"));
                QVERIFY2(s.walk.startsWith(u"walk ") || s.walk == u"there already", qPrintable(s.walk));
            }
            QVERIFY(s.details.contains(u"needs") && s.details.contains(u"does"));
        }
        QCOMPARE(current, 1);
        // The walk shown is the path's: from the miner's spot to the mine and back is no walk at all.
        QVERIFY(steps.back().walk == u"there already" || steps.back().walk.startsWith(u"walk 0."));
        // The step under way is drawn highlighted (blue), the others not.
        const QImage picture = strip->grab().toImage();
        int currentIndex = 0;
        while (!steps[currentIndex].current)
            ++currentIndex;
        const QRect r = strip->stepRect(currentIndex);
        QCOMPARE(picture.pixelColor(r.center().x(), r.bottom() - 6), QColor(0xd8, 0xe9, 0xfb));
        if (const QString grab = qEnvironmentVariable("GOAP_GRAB_DIR"); !grab.isEmpty())
            w.runUi()->inspectorView()->grab().save(grab + QStringLiteral("/inspector.png"));
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
             "ReplaceParts"},
            {"an action removed with its references",
             [&] {
                 return doc->submit(
                     edits::remove(doc->scenario(),
                                   EntityRef {EntityKind::Action,
                                              doc->scenario().indexOfAction(doc->scenario().agents[0].actions[0])}));
             },
             "ReplaceParts"},
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
             "ReplaceParts"},
            {"a world seed",
             [&] { return doc->submit(edits::setWorldSeed(doc->scenario(), QStringLiteral("flour"), 7)); },
             "ReplaceParts"},
            {"a wall",
             [&] {
                 return doc->submit(edits::addWall(doc->scenario(), Wall {14, 0, 1, 3}));
             },
             "ReplaceParts"},
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
                || (QByteArray(step.kind) == "ReplaceParts" && std::holds_alternative<edits::ReplaceParts>(kept));
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
            QVERIFY(keeps<edits::ReplaceParts>(stack->command(stack->index() - 1)));
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
        QCOMPARE(w.agentForm()->indices(), QList<int> {6});
        QCOMPARE(w.agentForm()->idEdit->text(), id);
        stack->undo();
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Character, 5}));
        QCOMPARE(w.agentForm()->idEdit->text(), id);
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
        type(w.agentForm()->labelEdit, QStringLiteral("Smith of the hill"));
        QCOMPARE(w.scenario().agents[2].label, QStringLiteral("Smith of the hill"));
        QVERIFY(keeps<edits::SetEntities>(stack->command(stack->count() - 1)));
        QCOMPARE(w.outline()->outlineModel()->resetCount(), rebuilds); // the row was updated, the tree kept
        QVERIFY(
            w.outline()->indexOf(ItemRef {EntityKind::Character, 2}).data().toString().endsWith(u"Smith of the hill"));
        QCOMPARE(w.mapScene()->itemFor({EntityKind::Character, 0}), untouched); // other markers kept
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Character, 2}));
        // A new own fact shows in Facts without a rebuild.
        w.agentForm()->factTable->addRow(QStringLiteral("stamina"), {}, 3);
        QVERIFY(factsInUse(w.document()->scenario()).contains(QStringLiteral("agent.stamina")));
        QCOMPARE(w.outline()->indexOf(ItemRef::ofFact(QStringLiteral("agent.stamina"))).data().toString(),
                 QStringLiteral("agent.stamina"));
        QCOMPARE(w.outline()->outlineModel()->resetCount(), rebuilds);
        stack->undo();
        stack->undo();
        QCOMPARE(w.scenario().agents[2].label, QStringLiteral("Blacksmith"));
        QVERIFY(w.outline()->indexOf(ItemRef {EntityKind::Character, 2}).data().toString().endsWith(u"Blacksmith"));
        // A rename fixes references elsewhere: a ReplaceParts step, and the
        // outline repaints its rows without a reset (no list changed length).
        w.outline()->select(ItemRef {EntityKind::Station, 0});
        type(w.stationForm()->idEdit, QStringLiteral("deepMine"));
        QVERIFY(keeps<edits::ReplaceParts>(stack->command(stack->count() - 1)));
        QVERIFY(w.outline()->indexOf(ItemRef {EntityKind::Station, 0}).data().toString().startsWith(u"deepMine"));
        QCOMPARE(w.outline()->outlineModel()->resetCount(), rebuilds);
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
        AgentForm *form = w.agentForm();
        QCOMPARE(w.currentForm(), form);
        QCOMPARE(form->indices(), (QList<int> {0, 2, 4}));
        QVERIFY(!form->idEdit->isEnabled());
        QCOMPARE(form->labelEdit->placeholderText(), AgentForm::mixedText()); // Miner, Blacksmith, Carpenter
        const QList<double> speeds {w.scenario().agents[0].speed, w.scenario().agents[2].speed,
                                    w.scenario().agents[4].speed};
        if (!(speeds[0] == speeds[1] && speeds[1] == speeds[2]))
            QCOMPARE(form->speedBox->text(), AgentForm::mixedText());
        QUndoStack *stack = w.document()->undoStack();
        const int steps = stack->count();
        typeInto(form->speedBox, QStringLiteral("3.5"));
        for (int i : {0, 2, 4})
            QCOMPARE(w.scenario().agents[i].speed, 3.5);
        QCOMPARE(w.scenario().agents[1].speed, before1Speed(w));
        QCOMPARE(stack->count(), steps + 1);
        QVERIFY2(stack->undoText().contains(u"speed of 3 characters"), qPrintable(stack->undoText()));
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

    // Issue #15, 3: Run > Sweep varies fields of the document, runs in the
    // background, shows a table and a heatmap; a cell opens its variant.
    void sweepDialogRunsAndOpensAVariant()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        SweepDialog *d = w.showSweep();
        d->resize(1000, 720);
        QVERIFY(!d->start()); // nothing to vary yet
        d->addParameter(QStringLiteral("agents[99].speed"), 1, 2, 2);
        QVERIFY(!d->start());
        QVERIFY2(d->findChild<QLabel *>() != nullptr, "a status line");
        d->parameterTable()->removeRow(0);
        d->addParameter(QStringLiteral("agents[5].goals[0].urgency"), 0.5, 2, 3);
        d->addParameter(QStringLiteral("agents[3].speed"), 1, 3, 2);
        QCOMPARE(d->variantCount(), 6);
        QVERIFY(d->variantText().startsWith(u"6 variant"));
        QSignalSpy finished(d, &SweepDialog::finished);
        QVERIFY(d->start());
        QVERIFY(finished.wait(60000));
        QCOMPARE(d->rows().size(), 6);
        QCOMPARE(d->resultTable()->rowCount(), 6);
        QCOMPARE(d->resultTable()->horizontalHeaderItem(1)->text(), QStringLiteral("agents[5].goals[0].urgency"));
        QVERIFY(d->rows()[5].startsWith(u"5,2,3,"));
        QVERIFY(d->colorMap());
        QCOMPARE(d->colorMap()->data()->keySize(), 3);
        QCOMPARE(d->colorMap()->data()->valueSize(), 2);
        d->metricBox()->setCurrentText(QStringLiteral("baker.bakeQuota.metAt"));
        QVERIFY(d->colorMap());
        // A click on the cell (urgency 2, speed 3) opens that variant, unsaved.
        d->plot()->replot();
        const QPoint cell(int(d->plot()->xAxis->coordToPixel(2)), int(d->plot()->yAxis->coordToPixel(3)));
        QTest::mouseClick(d->plot(), Qt::LeftButton, {}, cell);
        QTRY_COMPARE(w.scenario().agents[3].speed, 3.0);
        QCOMPARE(w.scenario().agents[5].goals[0].urgency.value_or(-1), 2.0);
        QVERIFY(w.scenario().name.contains(u"variant 5"));
        QVERIFY(w.fileName().isEmpty());
        // Export: byte for byte what goap-sim sweep writes for the same sweep.
        QTemporaryDir dir;
        QVERIFY(d->exportCsv(dir.filePath(QStringLiteral("s.csv"))));
        QVERIFY(
            QFile::copy(kSource + QStringLiteral("/scenarios/town.json"), dir.filePath(QStringLiteral("town.json"))));
        QFile spec(dir.filePath(QStringLiteral("town.sweep.json")));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write("{ \"scenario\": \"town.json\", \"vary\": [ { \"path\": \"agents[5].goals[0].urgency\", \"from\": "
                   "0.5, \"to\": 2, \"steps\": 3 },"
                   " { \"path\": \"agents[3].speed\", \"from\": 1, \"to\": 3, \"steps\": 2 } ] }");
        spec.close();
#if defined(__SANITIZE_THREAD__)
        // ThreadSanitizer cannot fork a multi-threaded process (QProcess):
        // goap-sim's own engine and shard format, in this process.
        Issues sweepIssues;
        const std::optional<sweep::SweepSpec> sweep = sweep::readSweep(spec.fileName(), sweepIssues);
        QVERIFY(sweep);
        QString sweepError;
        const QStringList sweepRows = sweep::runShard(*sweep, 1, 1, 1, sweepError);
        QVERIFY(sweepError.isEmpty());
        const QByteArray shard = (sweep::shardIdentityLine(*sweep, 1, 1) + u'\n' + sweep::sweepHeader(*sweep).join(u',')
                                  + u'\n' + sweepRows.join(u'\n') + u'\n')
                                     .toUtf8();
#else
        QProcess cli;
        cli.start(
            QStringLiteral(GOAP_SIM_BINARY),
            {QStringLiteral("sweep"), spec.fileName(), QStringLiteral("--out"), dir.filePath(QStringLiteral("out"))});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        const QByteArray shard = readAll(dir.filePath(QStringLiteral("out/results-1-of-1.csv")));
#endif
        // The shard is the same CSV under its identity line ("# goap-sweep ID, 6 variants, shard 1 of 1").
        QVERIFY2(shard.startsWith("# goap-sweep ") && shard.contains(", 6 variants, shard 1 of 1\n"), shard.left(80));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("s.csv"))), shard.mid(shard.indexOf('\n') + 1));
        // Open Sweep reads that file's fields back; a list of uneven values is refused with the reason.
        SweepDialog again(w.document());
        QCOMPARE(again.loadSweep(spec.fileName()), QString());
        QCOMPARE(again.variantCount(), 6);
        QCOMPARE(again.daysBox()->value(), 1);
        QCOMPARE(static_cast<QComboBox *>(again.parameterTable()->cellWidget(1, 0))->currentText(),
                 QStringLiteral("agents[3].speed"));
        QFile uneven(dir.filePath(QStringLiteral("uneven.sweep.json")));
        QVERIFY(uneven.open(QIODevice::WriteOnly));
        uneven.write(
            "{ \"scenario\": \"town.json\", \"vary\": [ { \"path\": \"agents[3].speed\", \"values\": [1, 2, 5] } ] }");
        uneven.close();
        QVERIFY(again.loadSweep(uneven.fileName()).contains(u"not evenly spaced"));
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

    // Review: a station's free places are world.free.<id> and a queue's
    // length world.queue.<name>: renaming the station renames the fact (the
    // hospital's nurses never treated anyone after cubicle became bay), and
    // renaming a queue's fact renames the queue; the free places are never
    // renamed on their own.
    void renamesKeepStationPlacesAndQueues()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/hospital.json")));
        const Scenario before = w.scenario();
        const int cubicle = int(std::find_if(before.stations.begin(), before.stations.end(),
                                             [](const Station &s) { return s.id == u"cubicle"; })
                                - before.stations.begin());
        w.outline()->select(ItemRef {EntityKind::Station, cubicle});
        type(w.stationForm()->idEdit, QStringLiteral("bay"));
        QCOMPARE(w.stationForm()->errorText(), QString());
        QCOMPARE(w.scenario().action(u"treatPatient")->station, QStringLiteral("bay"));
        const Action *treat = w.scenario().action(u"fetchPatient"); // fetches only when a cubicle is free
        QVERIFY2(std::any_of(treat->pre.begin(), treat->pre.end(),
                             [](const Condition &c) { return c.fact == u"world.free.bay"; }),
                 qPrintable(treat->pre.value(0).fact));
        for (const Issue &issue : w.document()->issues())
            QVERIFY2(!issue.message.contains(u"world.free"), qPrintable(issue.message));
        w.document()->undoStack()->undo();
        QCOMPARE(w.scenario(), before);

        ScenarioDocument *doc = w.document();
        QVERIFY(doc->submit(edits::renameFact(doc->scenario(), QStringLiteral("world.free.cubicle"),
                                              QStringLiteral("world.free.bay")))
                    .contains(u"rename the station"));
        QVERIFY(!doc->submit(edits::renameFact(doc->scenario(), QStringLiteral("world.queue.waiting"),
                                               QStringLiteral("world.line")))
                     .isEmpty());
        QCOMPARE(w.scenario(), before);
        QCOMPARE(doc->submit(edits::renameFact(doc->scenario(), QStringLiteral("world.queue.waiting"),
                                               QStringLiteral("world.queue.line"))),
                 QString());
        QCOMPARE(w.scenario().action(u"goToWaitingRoom")->enqueue, QStringLiteral("line"));
        QCOMPARE(w.scenario().action(u"fetchPatient")->takePartner, QStringLiteral("line"));
        QVERIFY(std::any_of(w.scenario().action(u"fetchPatient")->pre.begin(),
                            w.scenario().action(u"fetchPatient")->pre.end(),
                            [](const Condition &c) { return c.fact == u"world.queue.line"; }));
        QVERIFY(!hasErrors(w.document()->issues()));
        for (const Issue &issue : w.document()->issues())
            QVERIFY2(!issue.message.contains(u"queue"), qPrintable(issue.message));

        // A row left with no fact says so, not ": a fact must start with".
        w.outline()->select(ItemRef {EntityKind::Goal, 0});
        Goal g = w.scenario().goals[0];
        g.conditions.append(Condition {QString(), 1});
        QCOMPARE(doc->submit(edits::setEntity(doc->scenario(), EntityKind::Goal, 0, g, Field::Conditions)),
                 QStringLiteral("A row has no fact: name one, or remove the row."));
    }

    // Issue #17, 3: removing what something uses asks first, naming who, and
    // the Issues panel says what changed.
    void removingAUsedItemAsksFirst()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        const Scenario before = w.scenario();
        w.outline()->select(ItemRef {EntityKind::Station, 0}); // woodpile: chopWood is done there
        QString said;
        std::unique_ptr<QTimer> answer(answerNextDialog(QStringLiteral("Cancel"), &said));
        menuAction(w, QStringLiteral("Remove Selected"))->trigger();
        QVERIFY2(said.contains(u"used by chopWood"), qPrintable(said));
        QVERIFY(said.contains(u"without a station"));
        QCOMPARE(w.scenario(), before); // cancelled

        answer.reset(answerNextDialog(QStringLiteral("Delete"), &said));
        menuAction(w, QStringLiteral("Remove Selected"))->trigger();
        QCOMPARE(w.scenario().stations.size(), 2);
        QCOMPARE(w.scenario().action(u"chopWood")->station, QString());
        QVERIFY(w.issuesPanel()->item(0)->text().contains(u"chopWood is now done where the character stands"));

        // Goals name their holders.
        w.outline()->select(ItemRef {EntityKind::Goal, 0});
        answer.reset(answerNextDialog(QStringLiteral("Cancel"), &said));
        menuAction(w, QStringLiteral("Remove Selected"))->trigger();
        QVERIFY2(said.contains(u"held by cook"), qPrintable(said));
        QCOMPARE(w.scenario().goals.size(), 1);

        // Nothing uses a new station: it goes without a question.
        said.clear();
        answer.reset(answerNextDialog(QStringLiteral("Cancel"), &said));
        menuAction(w, QStringLiteral("Add Station"))->trigger();
        menuAction(w, QStringLiteral("Remove Selected"))->trigger();
        QCOMPARE(said, QString());
        QCOMPARE(w.scenario().stations.size(), 2);
    }

    // Review: removing a goal held by many names a few of them, not every
    // one in a dialog taller than the screen.
    void removingAnItemUsedByManyNamesAFew()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        for (int n = 0; n < 20; ++n)
            QCOMPARE(
                w.document()->submit(edits::duplicate(w.document()->scenario(), EntityRef {EntityKind::Character, 0})),
                QString());
        QCOMPARE(w.scenario().agents.size(), 21);
        const int hunger = int(std::find_if(w.scenario().goals.begin(), w.scenario().goals.end(),
                                            [](const Goal &g) { return g.id == u"hunger"; })
                               - w.scenario().goals.begin());
        w.outline()->select(ItemRef {EntityKind::Goal, hunger});
        QString said;
        std::unique_ptr<QTimer> answer(answerNextDialog(QStringLiteral("Cancel"), &said));
        menuAction(w, QStringLiteral("Remove Selected"))->trigger();
        QVERIFY2(said.contains(u"Goal hunger is held by cook, "), qPrintable(said));
        QVERIFY2(said.contains(u" and 13 more."), qPrintable(said));
        QCOMPARE(said.count(u"cook"), 8); // eight named
        QCOMPARE(w.scenario().goals.size(), 1); // cancelled
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

    // Issue #17, 13: errors and warnings together, errors first, in the UI's
    // words with the JSON path as the detail; a new goal says what to fill in.
    void issuesShowErrorsAndWarningsTogether()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(ItemRef {EntityKind::Character, 0});
        AgentForm *c = w.agentForm();
        for (int row = 0; row < c->goalTable->rowCount(); ++row)
            c->goalTable->item(row, 0)->setCheckState(Qt::Unchecked);
        menuAction(w, QStringLiteral("Add Goal"))->trigger(); // no condition yet: an error
        QSignalSpy validated(w.document(), &ScenarioDocument::issuesChanged);
        QVERIFY(validated.wait(1000));
        IssuesPanel *panel = w.issuesPanel();
        int error = -1, warning = -1;
        for (int i = 0; i < panel->count(); ++i) {
            const QString text = panel->item(i)->text();
            if (text.startsWith(u"Goal New need: needs a condition: add one in its Conditions table"))
                error = i;
            if (text.startsWith(u"Character Cook: cook holds no goals"))
                warning = i;
        }
        QVERIFY2(error >= 0, "the new goal's error, said plainly");
        QVERIFY2(warning >= 0, "the warning, shown beside the error");
        QVERIFY(error < warning);
        QVERIFY(panel->item(error)->toolTip().contains(u"goals[1].conditions"));
        QVERIFY(panel->item(warning)->toolTip().contains(u"agents[0].goals"));
        QVERIFY(panel->wordWrap());
        // Clicking the error goes to the goal.
        emit panel->itemClicked(panel->item(error));
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Goal, 1}));
    }

    // The warnings found beside errors: every kind of broken reference is set
    // aside without crashing, and the warnings keep the document's paths.
    void warningsAreFoundBesideEveryKindOfError()
    {
        Scenario s = *readScenarioFile(kSource + QStringLiteral("/scenarios/town.json")).scenario;
        Action unused;
        unused.id = QStringLiteral("unusedAction");
        s.actions.append(unused); // a warning: no character can do it
        s.agents[0].actions << QStringLiteral("nope"); // unknown action
        s.agents[0].goals.append(GoalRef {QStringLiteral("nope"), {}, {}, {}}); // unknown goal
        s.agents[1].goals.append(GoalRef {QStringLiteral("hunger"), {}, {}, {}}); // listed twice
        s.actions[0].station = QStringLiteral("nope"); // unknown station
        s.actions[1].duration = -1;
        s.stations[1].id = s.stations[0].id; // duplicate id
        s.goals[1].conditions.clear(); // empty goal
        s.actions[2].add.append(Effect {QStringLiteral("wood"), 1}); // unscoped fact
        s.world.append(FactValue {QStringLiteral("bad name"), 1});
        s.day.tick = -1;
        QVERIFY(hasErrors(validate(s)));
        const Issues warnings = warningsDespiteErrors(s);
        QVERIFY(!warnings.isEmpty());
        bool unusedFound = false;
        for (const Issue &w : warnings) {
            QVERIFY(!w.isError());
            QVERIFY2(!w.message.contains(u"StandIn") && !w.path.contains(u"StandIn"), qPrintable(w.text()));
            if (w.path == QStringLiteral("actions[%1].id").arg(s.actions.size() - 1))
                unusedFound = w.message.contains(u"no character can do unusedAction");
        }
        QVERIFY(unusedFound);
    }

    // Issue #17, 4: Revert asks first, and Undo brings the changes back.
    void revertAsksAndCanBeUndone()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cook.json"));
        QFile::copy(kSource + QStringLiteral("/scenarios/cook.json"), path);
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(path));
        w.outline()->select(ItemRef::settings());
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook II"));
        QVERIFY(w.document()->isModified());

        QString said;
        std::unique_ptr<QTimer> answer(answerNextDialog(QStringLiteral("Cancel"), &said));
        menuAction(w, QStringLiteral("Revert"))->trigger();
        QVERIFY2(said.contains(u"Discard the changes made since cook.json was saved"), qPrintable(said));
        QCOMPARE(w.scenario().name, QStringLiteral("Cook II")); // cancelled

        answer.reset(answerNextDialog(QStringLiteral("Revert"), &said));
        menuAction(w, QStringLiteral("Revert"))->trigger();
        QCOMPARE(w.scenario().name, QStringLiteral("Cook"));
        QVERIFY(!w.document()->isModified());
        QVERIFY(!w.isWindowModified());

        w.document()->undoStack()->undo();
        QCOMPARE(w.scenario().name, QStringLiteral("Cook II"));
        QVERIFY(w.document()->isModified());
        w.document()->undoStack()->redo();
        QCOMPARE(w.scenario().name, QStringLiteral("Cook"));
        QVERIFY(!w.document()->isModified());
    }

    void suffixesAreAppendedWhenMissing_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QStringList>("accepted");
        QTest::addColumn<QString>("saved");
        QTest::newRow("none") << "/tmp/wood"
                              << "json" << QStringList() << "/tmp/wood.json";
        QTest::newRow("already") << "/tmp/wood.json"
                                 << "json" << QStringList() << "/tmp/wood.json";
        QTest::newRow("case") << "/tmp/wood.JSON"
                              << "json" << QStringList() << "/tmp/wood.JSON";
        QTest::newRow("dot") << "/tmp/wood."
                             << "png" << QStringList() << "/tmp/wood.png";
        QTest::newRow("other") << "/tmp/wood.v2"
                               << "json" << QStringList() << "/tmp/wood.v2.json";
        QTest::newRow("accepted") << "/tmp/notes.markdown"
                                  << "md" << QStringList {"md", "markdown"} << "/tmp/notes.markdown";
        QTest::newRow("dotted folder") << "/tmp/my.folder/plot"
                                       << "pdf" << QStringList() << "/tmp/my.folder/plot.pdf";
        QTest::newRow("cancelled") << ""
                                   << "csv" << QStringList() << "";
    }

    void suffixesAreAppendedWhenMissing()
    {
        QFETCH(QString, typed);
        QFETCH(QString, suffix);
        QFETCH(QStringList, accepted);
        QFETCH(QString, saved);
        QCOMPARE(withSuffix(typed, suffix, accepted), saved);
    }

    void suggestedNamesAreFileNames()
    {
        QCOMPARE(suggestedBaseName(QStringLiteral("Town")), QStringLiteral("Town"));
        QCOMPARE(suggestedBaseName(QStringLiteral("a/b: c?")), QStringLiteral("a-b- c-"));
        QCOMPARE(suggestedBaseName(QStringLiteral("  ")), QStringLiteral("Untitled"));
        QCOMPARE(suggestedBaseName(QStringLiteral("..hidden")), QStringLiteral("hidden"));
    }

    // Issue #17, 6: save and export dialogs suggest a name, add the suffix
    // and start in the folder last used for that kind of file.
    void saveDialogsSuggestANameAndAddTheSuffix()
    {
        QTemporaryDir scenarios, exports;
        QSettings().remove(QStringLiteral("fileDialogs"));
        MainWindow w;
        w.show();
        QVERIFY(w.newFromTemplate(kSource + QStringLiteral("/scenarios/cook.json")));
        QString folder, suggested;
        std::unique_ptr<QTimer> answer(
            answerFileDialog(scenarios.filePath(QStringLiteral("wood")), &folder, &suggested));
        menuAction(w, QStringLiteral("Save As..."))->trigger();
        QCOMPARE(suggested, QStringLiteral("Cook.json"));
        QCOMPARE(w.fileName(), QFileInfo(scenarios.filePath(QStringLiteral("wood.json"))).absoluteFilePath());
        QVERIFY(QFileInfo::exists(scenarios.filePath(QStringLiteral("wood.json"))));

        answer.reset(answerFileDialog(exports.filePath(QStringLiteral("notes")), &folder, &suggested));
        menuAction(w, QStringLiteral("Export Summary (Markdown)..."))->trigger();
        QCOMPARE(suggested, QStringLiteral("Cook.md"));
        QVERIFY(folder != QFileInfo(scenarios.path()).absoluteFilePath()); // not the scenario's folder
        QVERIFY(QFileInfo::exists(exports.filePath(QStringLiteral("notes.md"))));

        // The next export starts where the last one went; a copy, where scenarios went.
        answer.reset(answerFileDialog(QStringLiteral("again"), &folder, &suggested));
        menuAction(w, QStringLiteral("Export Summary (Markdown)..."))->trigger();
        QCOMPARE(folder, QFileInfo(exports.path()).absoluteFilePath());
        QVERIFY(QFileInfo::exists(exports.filePath(QStringLiteral("again.md"))));
        answer.reset(answerFileDialog(QStringLiteral("spare"), &folder, &suggested));
        menuAction(w, QStringLiteral("Save a Copy..."))->trigger();
        QCOMPARE(folder, QFileInfo(scenarios.path()).absoluteFilePath());
        QCOMPARE(suggested, QStringLiteral("Cook copy.json"));
        QVERIFY(QFileInfo::exists(scenarios.filePath(QStringLiteral("spare.json"))));
    }

    // Review: the suffix appended after the dialog ("wood.v2" saved as
    // wood.v2.json) never replaces an existing file without asking.
    void anAppendedSuffixAsksBeforeReplacing()
    {
        QTemporaryDir dir;
        QSettings().remove(QStringLiteral("fileDialogs"));
        const QString existing = dir.filePath(QStringLiteral("wood.v2.json"));
        {
            QFile f(existing);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("keep me");
        }
        MainWindow w;
        w.show();
        QVERIFY(w.newFromTemplate(kSource + QStringLiteral("/scenarios/cook.json")));
        QString folder, suggested, said;
        std::unique_ptr<QTimer> answer(answerFileDialog(dir.filePath(QStringLiteral("wood.v2")), &folder, &suggested));
        std::unique_ptr<QTimer> no(answerNextDialog(QStringLiteral("No"), &said));
        menuAction(w, QStringLiteral("Save As..."))->trigger();
        QVERIFY2(said.contains(u"wood.v2.json already exists"), qPrintable(said));
        QCOMPARE(readAll(existing), QByteArray("keep me"));
        QCOMPARE(w.fileName(), QString());

        answer.reset(answerFileDialog(dir.filePath(QStringLiteral("wood.v2")), &folder, &suggested));
        no.reset(answerNextDialog(QStringLiteral("Yes"), &said));
        menuAction(w, QStringLiteral("Save As..."))->trigger();
        QCOMPARE(w.fileName(), QFileInfo(existing).absoluteFilePath());
        QVERIFY(readAll(existing).contains("\"Cook\""));
    }

    // Issue #17, also: menus in order, Help pages, Add Fact, and the outline's
    // context menu with Ctrl+D and F2.
    void menusHelpAddFactAndOutlineMenus()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QStringList titles;
        for (QAction *a : w.menuBar()->actions())
            titles << a->text().remove(u'&');
        QCOMPARE(titles, (QStringList {"File", "Edit", "View", "Run", "Help"}));
        // Issue #11, 4: every dock is in View, each with its shortcut; the Run menu holds the transport.
        QMenu *view = w.menuBar()->actions()[2]->menu();
        QStringList docks;
        for (QDockWidget *dock : w.findChildren<QDockWidget *>()) {
            QVERIFY2(view->actions().contains(dock->toggleViewAction()), qPrintable(dock->windowTitle()));
            QVERIFY(!dock->toggleViewAction()->shortcut().isEmpty());
            docks << dock->windowTitle();
        }
        docks.sort();
        QCOMPARE(docks,
                 (QStringList {"Charts", "Event Log", "History", "Inspector", "Issues", "Outline", "Production Chain",
                               "Properties", "Search Tree"}));
        QDockWidget *charts = w.dock(QStringLiteral("charts"));
        QTest::keyClick(&w, Qt::Key_7, Qt::AltModifier); // Charts is the seventh dock: Alt+7 hides it
        QVERIFY(charts->isHidden());
        QTest::keyClick(&w, Qt::Key_7, Qt::AltModifier);
        QVERIFY(!charts->isHidden());
        QMenu *run = w.menuBar()->actions()[3]->menu();
        QCOMPARE(run->actions().value(0), w.runUi()->playAction());
        QVERIFY(run->actions().contains(w.runUi()->keepRunningAction()));

        const QString start = w.helpText(MainWindow::HelpPage::GettingStarted);
        for (const char *word : {"need", "quota", "Insistence", "ballot", "waits", "town", "Town"})
            QVERIFY2(start.contains(QLatin1String(word)), word);
        const QString keys = w.helpText(MainWindow::HelpPage::Shortcuts);
        for (const char *key : {"Ctrl+S", "Ctrl+D", "F2", "Ctrl+Z"})
            QVERIFY2(keys.contains(QLatin1String(key)), key);

        // Add Fact: a new world fact, its name ready to type over.
        menuAction(w, QStringLiteral("Add Fact"))->trigger();
        QVERIFY(factsInUse(w.document()->scenario()).contains(QStringLiteral("world.fact")));
        QCOMPARE(w.currentForm(), w.factForm());
        QCOMPARE(QApplication::focusWidget(), w.factForm()->nameEdit);
        QTest::keyClicks(w.factForm()->nameEdit, QStringLiteral("world.firewood"));
        QTest::keyClick(w.factForm()->nameEdit, Qt::Key_Return);
        QVERIFY(factsInUse(w.document()->scenario()).contains(QStringLiteral("world.firewood")));
        QVERIFY(!factsInUse(w.document()->scenario()).contains(QStringLiteral("world.fact")));

        // The context menu of an item and of a section.
        w.outline()->select(ItemRef {EntityKind::Station, 0});
        std::unique_ptr<QMenu> menu(w.outlineMenu(w.outline()->current()));
        QStringList items;
        for (QAction *a : menu->actions())
            if (!a->isSeparator())
                items << a->text().remove(u'&');
        QCOMPARE(items, (QStringList {"Add Station", "Duplicate", "Rename", "Remove Selected"}));
        menu.reset(w.outlineMenu(ItemRef::ofFact({})));
        QCOMPARE(menu->actions().first()->text().remove(u'&'), QStringLiteral("Add Fact"));

        // Ctrl+D and F2 in the outline.
        w.outline()->setFocus();
        QTest::keyClick(w.outline(), Qt::Key_D, Qt::ControlModifier);
        QCOMPARE(w.scenario().stations.size(), 4);
        QCOMPARE(w.scenario().stations[1].id, QStringLiteral("woodpile2"));
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Station, 1}));
        w.outline()->setFocus();
        QTest::keyClick(w.outline(), Qt::Key_F2);
        QCOMPARE(QApplication::focusWidget(), w.stationForm()->idEdit);
        QTest::keyClicks(w.stationForm()->idEdit, QStringLiteral("logpile"));
        QTest::keyClick(w.stationForm()->idEdit, Qt::Key_Return);
        QCOMPARE(w.scenario().stations[1].id, QStringLiteral("logpile"));
    }

    // Issue #17, also: opening another scenario ends the previous one's run.
    void aFifoIsRefusedNotWaitedOn()
    {
        // Opening a FIFO with no writer used to block the window for ever.
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(!w.openFile(fifo));
        QCOMPARE(w.document()->scenario().name, QStringLiteral("Cook")); // the open document is untouched
        bool said = false;
        for (int i = 0; i < w.issuesPanel()->count(); ++i)
            said = said || w.issuesPanel()->item(i)->text().contains(QStringLiteral("a FIFO, not a regular file"))
                || w.issuesPanel()->item(i)->toolTip().contains(QStringLiteral("a FIFO, not a regular file"));
        QVERIFY(said);
    }

    // Issue #12, 3: the inspector and the waiting token's tooltip say why
    // there is no plan, in words: the blacksmith can never make an ingot itself.
    void whyNoPlanIsSaidInWords()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        QVERIFY(w.runUi()->runFor(2));
        const int smith = int(std::find_if(w.scenario().agents.begin(), w.scenario().agents.end(),
                                           [](const Agent &a) { return a.id == u"blacksmith"; })
                              - w.scenario().agents.begin());
        const QString tip = w.runUi()->layer()->tokenToolTip(smith);
        QVERIFY2(tip.contains(u"no sequence of actions can ever reach this"), qPrintable(tip));
        QVERIFY(w.inspect(QStringLiteral("blacksmith")));
        const QString why = w.runUi()->inspector()->whyLabel->text();
        QVERIFY2(why.contains(u"no sequence of actions can ever reach this"), qPrintable(why));
    }

    void openingAnotherScenarioEndsTheRun()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.runUi()->runFor(30));
        QVERIFY(w.runUi()->eventLog()->visibleRows() > 0);
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(!w.runUi()->controller()->hasRun());
        QCOMPARE(w.runUi()->eventLog()->visibleRows(), 0);
        QCOMPARE(w.runUi()->layer()->tokenCount(), 0);
        // The charts forget the town's run: no characters to choose, no samples to export.
        QCOMPARE(w.runUi()->charts()->agentList()->count(), 0);
        QCOMPARE(w.runUi()->charts()->insistence()->graphCount(), 0);
    }
};

QTEST_MAIN(TestEditor)
#include "test_editor.moc"
