// The Issues panel: validation after a pause, errors and warnings together in
// the UI's words, a click that goes to the item, and the warnings found
// beside every kind of error.
#include "docks/issuespanel.h"
#include "document/warnings.h"
#include "editordriver.h"
#include "forms/characterform.h"
#include "io/scenarioreader.h"
#include "io/validator.h"
#include "mainwindow.h"
#include "testutil.h"

#include <QAction>
#include <QListWidget>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>

using namespace goap;
using namespace goap::editor;

using goap::testing::kSource;
using goap::testing::menuAction;

class TestIssues : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void issuesPanelIsLiveAndNavigates()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(!hasErrors(w.document()->issues()));
        w.outline()->select(ItemRef {EntityKind::Character, 0});
        // Untick every goal: a warning appears ("holds no goals").
        CharacterForm *c = w.characterForm();
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
                QCOMPARE(w.currentForm(), w.characterForm());
            }
        }
        QVERIFY(found);
        QCOMPARE(IssuesPanel::itemForPath(QStringLiteral("actions[3].add[\"agent.wood\"]")),
                 (ItemRef {EntityKind::Action, 3}));
        QCOMPARE(IssuesPanel::itemForPath(QStringLiteral("world[\"bread\"]")),
                 (ItemRef::ofFact(QStringLiteral("world.bread"))));
    }

    // Issue #17, 13: errors and warnings together, errors first, in the UI's
    // words with the JSON path as the detail; a new goal says what to fill in.
    void issuesShowErrorsAndWarningsTogether()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.outline()->select(ItemRef {EntityKind::Character, 0});
        CharacterForm *c = w.characterForm();
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
};

QTEST_MAIN(TestIssues)
#include "test_issues.moc"
