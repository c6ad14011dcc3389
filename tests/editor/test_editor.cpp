// The scenario editor driven through its real widgets (offscreen): building
// a scenario from scratch, undo/redo, renames, refusals, files and prompts.
#include "docks/issuespanel.h"
#include "document/scenariodocument.h"
#include "forms/actionform.h"
#include "forms/agentform.h"
#include "forms/factform.h"
#include "forms/facttable.h"
#include "forms/goalform.h"
#include "forms/scenarioform.h"
#include "forms/spawnerform.h"
#include "forms/stationform.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "testutil.h"
#include "scene/mapscene.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QMimeData>
#include <QToolButton>
#include <QtTest>

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
    w.outline()->select(Subject{Subject::Settings, -1, {}});
    ScenarioForm *sf = w.scenarioForm();
    type(sf->nameEdit, QStringLiteral("Cook"));
    sf->descriptionEdit->setPlainText(QString::fromUtf8(
        "One cook, one hunger. The cook's only want is to be fed, and nothing says how: the planner links chopWood, lightFire, "
        "cookMeal and eatMeal because that is the only chain whose preconditions meet. Watch cookMeal put out the fire it "
        "needed, so after every meal a fresh search finds the fire out and the arms empty and returns the same four steps for "
        "a new reason."));
    sf->dayLength->setValue(240);

    const struct { const char *id, *label; double x, y; } stations[] = {
        {"woodpile", "Woodpile", 3, 3}, {"hearth", "Hearth", 10, 6}, {"table", "Table", 16, 9}};
    for (const auto &st : stations) {
        menuAction(w, QStringLiteral("Add Station"))->trigger();
        StationForm *f = w.stationForm();
        QCOMPARE(w.currentForm(), f);
        type(f->idEdit, QLatin1String(st.id));
        type(f->labelEdit, QLatin1String(st.label));
        f->xBox->setValue(st.x);
        f->yBox->setValue(st.y);
    }

    struct Row { const char *fact; const char *op; int value; };
    const struct {
        const char *id, *label, *station;
        double duration;
        std::vector<Row> pre, effects;
    } actions[] = {
        {"chopWood", "Chop wood", "woodpile", 3, {}, {{"agent.wood", "add", 1}}},
        {"lightFire", "Light fire", "hearth", 2, {{"agent.wood", "", 1}}, {{"world.fireLit", "set", 1}, {"agent.wood", "add", -1}}},
        {"cookMeal", "Cook meal", "hearth", 4, {{"world.fireLit", "", 1}}, {{"world.fireLit", "set", 0}, {"agent.meal", "add", 1}}},
        {"eatMeal", "Eat meal", "table", 3, {{"agent.meal", "", 1}}, {{"agent.fed", "add", 1}, {"agent.meal", "add", -1}}},
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
    w.outline()->select(Subject{Subject::Fact, -1, QStringLiteral("world.fireLit")});
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

} // namespace

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
        w.outline()->select(Subject{Subject::Fact, -1, QStringLiteral("world.tools")});
        QCOMPARE(w.currentForm(), w.factForm());
        QVERIFY(w.factForm()->usageLabel->text().contains(u"harvestWheat"));
        type(w.factForm()->nameEdit, QStringLiteral("world.toolkit"));
        QCOMPARE(w.factForm()->errorText(), QString());
        const Scenario &s = w.scenario();
        QVERIFY(!w.document()->factsInUse().contains(QStringLiteral("world.tools")));
        QVERIFY(w.document()->factsInUse().contains(QStringLiteral("world.toolkit")));
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
        w.outline()->select(Subject{Subject::Fact, -1, QStringLiteral("agent.fed")});
        type(w.factForm()->nameEdit, QStringLiteral("agent.fullness"));
        QCOMPARE(w.scenario().goal(u"hunger")->conditions.first().fact, QStringLiteral("agent.fullness"));
        const auto &eat = w.scenario().action(u"eatBread")->add;
        QVERIFY(std::any_of(eat.begin(), eat.end(), [](const Effect &e) { return e.fact == u"agent.fullness"; }));
        // A rename onto a fact in use, or across scopes, is refused with a message.
        w.outline()->select(Subject{Subject::Fact, -1, QStringLiteral("agent.fullness")});
        type(w.factForm()->nameEdit, QStringLiteral("agent.bread"));
        QVERIFY2(w.factForm()->errorText().contains(u"already in use"), qPrintable(w.factForm()->errorText() + "|" + w.factForm()->fact() + "|" + w.factForm()->nameEdit->text()));
        type(w.factForm()->nameEdit, QStringLiteral("world.fullness"));
        QVERIFY(w.factForm()->errorText().contains(u"keeps its scope"));
        QCOMPARE(w.factForm()->nameEdit->text(), QStringLiteral("agent.fullness"));
    }

    void partnerFactsAreTheirOwnFacts()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/hospital.json")));
        const QStringList facts = w.document()->factsInUse();
        QVERIFY(facts.contains(QStringLiteral("agent.treated")));
        QVERIFY(!facts.contains(QStringLiteral("partner.treated")));
        QVERIFY(w.document()->usage(QStringLiteral("agent.treated")).addedBy.contains(QStringLiteral("treatPatient (on its partner)")));
        QVERIFY(w.document()->renameFact(QStringLiteral("agent.treated"), QStringLiteral("agent.cured")).isEmpty());
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
        const int stations = w.outline()->topLevelItemCount();
        QVERIFY(stations >= 8); // ... Templates, Spawners
        w.outline()->select(Subject{Subject::Template, 0, {}});
        QCOMPARE(w.currentForm(), w.templateForm());
        w.templateForm()->speedBox->setValue(1.5);
        QCOMPARE(w.scenario().templates[0].speed, 1.5);
        type(w.templateForm()->idEdit, QStringLiteral("visitor"));
        QCOMPARE(w.scenario().spawners[0].templateId, QStringLiteral("visitor")); // the spawner follows the rename
        type(w.templateForm()->idEdit, QStringLiteral("nurse1"));
        QVERIFY(w.templateForm()->errorText().contains(u"already used")); // ids are unique across characters and templates

        w.outline()->select(Subject{Subject::Spawner, 0, {}});
        QCOMPARE(w.currentForm(), w.spawnerForm());
        w.spawnerForm()->everyBox->setValue(30);
        QCOMPARE(w.scenario().spawners[0].every, 30.0);

        w.outline()->select(Subject{Subject::Station, 3, {}});
        QCOMPARE(w.stationForm()->capacityBox->value(), 3);
        w.stationForm()->capacityBox->setValue(4);
        QCOMPARE(w.scenario().stations[3].capacity, 4);

        w.outline()->select(Subject{Subject::Action, 4, {}});
        QCOMPARE(w.actionForm()->takePartnerEdit->text(), QStringLiteral("waiting"));
        QVERIFY(w.actionForm()->releaseBox->isChecked());
        QVERIFY(!w.actionForm()->leaveBox->isChecked());
        type(w.actionForm()->takePartnerEdit, QStringLiteral("bad name!"));
        QVERIFY(w.actionForm()->errorText().contains(u"not a valid queue name"));
        w.outline()->select(Subject{Subject::Action, 3, {}});
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
        w.outline()->select(Subject{Subject::Station, 1, {}});
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
        w.outline()->select(Subject{Subject::Action, 0, {}});
        w.actionForm()->effectTable->addRow(QStringLiteral("wood"), QStringLiteral("add"), 1);
        QVERIFY(w.actionForm()->errorText().contains(u"world.\" or \"agent."));
        QCOMPARE(w.scenario().actions[0].add.size(), 1);
        w.outline()->select(Subject{Subject::Goal, 0, {}});
        w.goalForm()->conditionTable->addRow(QStringLiteral("agent.meal"), {}, 0);
        QVERIFY(w.goalForm()->errorText().contains(u"at least 1"));
    }

    void removingUpdatesReferencesAndUndoes()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        const Scenario before = w.scenario();
        w.outline()->select(Subject{Subject::Action, 0, {}});
        menuAction(w, QStringLiteral("Remove Selected"))->trigger();
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
        QGraphicsItem *item = w.mapScene()->itemFor(Subject::Station, 0);
        QVERIFY(item);
        w.mapScene()->itemMoved(Subject::Station, 0, QPointF(5.2 * MapScene::kScale, 7.9 * MapScene::kScale), true);
        QCOMPARE(w.scenario().stations[0].at, (Point{5, 8})); // snapped to half units
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        w.mapScene()->itemMoved(Subject::Agent, 0, QPointF(1.26 * MapScene::kScale, 2 * MapScene::kScale), false);
        QCOMPARE(w.scenario().agents[0].at, (Point{1.26, 2}));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QCOMPARE(w.scenario().stations[0].at, (Point{3, 3}));
    }

    void editsMergePerField()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(Subject{Subject::Action, 0, {}});
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
        w.outline()->select(Subject{Subject::Agent, 0, {}});
        // Untick every goal: a warning appears ("holds no goals").
        AgentForm *c = w.agentForm();
        for (int row = 0; row < c->goalTable->rowCount(); ++row)
            c->goalTable->item(row, 0)->setCheckState(Qt::Unchecked);
        bool found = false;
        for (int i = 0; i < w.issuesPanel()->count(); ++i) {
            QListWidgetItem *item = w.issuesPanel()->item(i);
            if (item->text().contains(u"holds no goals")) {
                found = true;
                w.outline()->select(Subject{Subject::Settings, -1, {}});
                emit w.issuesPanel()->itemClicked(item);
                QCOMPARE(w.outline()->current(), (Subject{Subject::Agent, 0, {}}));
                QCOMPARE(w.currentForm(), w.agentForm());
            }
        }
        QVERIFY(found);
        QCOMPARE(IssuesPanel::subjectForPath(QStringLiteral("actions[3].add[\"agent.wood\"]")), (Subject{Subject::Action, 3, {}}));
        QCOMPARE(IssuesPanel::subjectForPath(QStringLiteral("world[\"bread\"]")), (Subject{Subject::Fact, -1, QStringLiteral("world.bread")}));
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
        w.outline()->select(Subject{Subject::Station, 0, {}});
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
        w.outline()->select(Subject{Subject::Settings, -1, {}});
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook II"));
        QVERIFY(w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json* — GOAP Studio"));

        int asked = 0;
        w.setSavePrompt([&] { ++asked; return QMessageBox::Cancel; });
        QVERIFY(!w.newDocument());
        QCOMPARE(asked, 1);
        QCOMPARE(w.scenario().name, QStringLiteral("Cook II")); // kept
        QVERIFY(!w.close());                                   // the window stays open
        QCOMPARE(asked, 2);

        w.setSavePrompt([&] { ++asked; return QMessageBox::Save; });
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        QCOMPARE(readScenarioFile(path).scenario->name, QStringLiteral("Cook II")); // saved before switching

        type(w.scenarioForm()->nameEdit, QStringLiteral("Smithy II"));
        w.setSavePrompt([&] { ++asked; return QMessageBox::Discard; });
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
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(Subject{Subject::Action, 3, {}});
        QToolButton *plus = nullptr;
        for (QToolButton *b : w.actionForm()->preTable->findChildren<QToolButton *>())
            if (b->text() == u"+") plus = b;
        QVERIFY(plus);
        plus->click();
        plus->click();
        QCOMPARE(w.actionForm()->errorText(), QString());
        QCOMPARE(w.scenario().actions[3].pre.size(), 3); // agent.meal, agent.fact, agent.fact2
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
                    || qobject_cast<QComboBox *>(field) || qobject_cast<QPlainTextEdit *>(field) || qobject_cast<QCheckBox *>(field);
                if (!input || field->parentWidget() == nullptr || qobject_cast<QAbstractSpinBox *>(field->parentWidget()))
                    continue;
                if (qobject_cast<QComboBox *>(field->parentWidget()))
                    continue;
                QVERIFY2(!field->toolTip().isEmpty(), qPrintable(form->metaObject()->className() + QStringLiteral(" field without a tooltip")));
            }
        }
    }
};

QTEST_MAIN(TestEditor)
#include "test_editor.moc"
