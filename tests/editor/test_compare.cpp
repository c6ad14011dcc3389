// Documents side by side (issue #29): File > Compare With shows what differs
// between this window's scenario and a file or another window's, follows
// edits, and selects what a double-click names; Window > Tile Side by Side
// puts two windows on the two halves of the screen.

#include "docks/diffdialog.h"
#include "docks/outline.h"
#include "editordriver.h"
#include "mainwindow.h"
#include "model/edits.h"
#include "run/chartspanel.h"
#include "run/liverun.h"
#include "run/simcontroller.h"
#include "sim/compare.h"
#include "testutil.h"

#include <QMenu>
#include <QPointer>
#include <QScreen>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace goap;
using namespace goap::editor;
using goap::testing::kSource;
using goap::testing::menuAction;

namespace {

// town.json with the bakery's oven slower and a seed more: written to `dir`.
QString modifiedTown(const QTemporaryDir &dir)
{
    QFile source(kSource + QStringLiteral("/scenarios/town.json"));
    if (!source.open(QIODevice::ReadOnly))
        return {};
    QByteArray text = source.readAll();
    text.replace("\"station\": \"oven\",\n      \"duration\": 6,", "\"station\": \"oven\",\n      \"duration\": 8,");
    text.replace("\"name\": \"Town\"", "\"name\": \"Town B\"");
    const QString name = dir.filePath(QStringLiteral("townb.json"));
    QFile out(name);
    if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
        return {};
    return name;
}

// The row under `parent` (or at the top) whose first column reads `text`.
QTreeWidgetItem *row(QTreeWidget *tree, QTreeWidgetItem *parent, const QString &text)
{
    const int n = parent ? parent->childCount() : tree->topLevelItemCount();
    for (int i = 0; i < n; ++i) {
        QTreeWidgetItem *item = parent ? parent->child(i) : tree->topLevelItem(i);
        if (item->text(0) == text)
            return item;
    }
    return nullptr;
}

void doubleClick(QTreeWidget *tree, QTreeWidgetItem *item)
{
    tree->scrollToItem(item);
    const QPoint at = tree->visualItemRect(item).center();
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, at);
}

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT

private slots:
    // Two windows: town and a changed copy. Compare With lists the other
    // window; its differences show as rows; a double-click selects the action
    // here; an edit here shows up in the tree without asking.
    void compareWithAnotherWindow()
    {
        QTemporaryDir dir;
        const QString copy = modifiedTown(dir);
        QVERIFY(!copy.isEmpty());
        MainWindow here, there;
        QVERIFY(here.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(there.openFile(copy));
        here.show();
        there.show();
        QVERIFY(QTest::qWaitForWindowExposed(&here));
        auto *compare = here.findChild<QMenu *>(QStringLiteral("compareWithMenu"));
        QVERIFY(compare);
        QTimer *choose = goap::testing::chooseInNextMenu(QStringLiteral("Town B (townb.json)"));
        compare->exec(here.mapToGlobal(QPoint(20, 20)));
        delete choose;
        DiffDialog *diff = nullptr;
        QTRY_VERIFY((diff = here.findChild<DiffDialog *>()) != nullptr);
        QTreeWidget *tree = diff->tree();
        // Town B is the before, this document the after.
        QTreeWidgetItem *settings = row(tree, nullptr, QStringLiteral("Settings"));
        QVERIFY(settings);
        QCOMPARE(settings->child(0)->text(0), QStringLiteral("name"));
        QCOMPARE(settings->child(0)->text(1), QStringLiteral("\"Town B\""));
        QCOMPARE(settings->child(0)->text(2), QStringLiteral("\"Town\""));
        QTreeWidgetItem *actions = row(tree, nullptr, QStringLiteral("Actions"));
        QVERIFY(actions);
        QCOMPARE(actions->childCount(), 1);
        QTreeWidgetItem *bake = row(tree, actions, QStringLiteral("bakeBread"));
        QVERIFY(bake);
        QTreeWidgetItem *duration = row(tree, bake, QStringLiteral("duration"));
        QVERIFY(duration);
        QCOMPARE(duration->text(1), QStringLiteral("8"));
        QCOMPARE(duration->text(2), QStringLiteral("6"));
        QCOMPARE(tree->topLevelItemCount(), 2);
        // A double-click on the field selects its action in this window's outline.
        here.outline()->select(ItemRef::settings());
        QCOMPARE(here.outline()->current(), ItemRef::settings());
        doubleClick(tree, duration);
        const ItemRef bakeBread(EntityKind::Action, here.scenario().indexOfAction(u"bakeBread"));
        QCOMPARE(here.outline()->current(), bakeBread);
        // Live: an edit of this document (a character's speed) appears, debounced.
        Agent miner = here.scenario().agents[0];
        miner.speed = 3.5;
        QVERIFY(here.document()
                    ->submit(edits::setEntity(here.scenario(), EntityKind::Character, 0, miner, Field::Speed))
                    .isEmpty());
        QTRY_VERIFY(row(tree, nullptr, QStringLiteral("Characters")) != nullptr);
        QTreeWidgetItem *minerRow = row(tree, row(tree, nullptr, QStringLiteral("Characters")), miner.id);
        QVERIFY(minerRow);
        QCOMPARE(minerRow->child(0)->text(0), QStringLiteral("speed"));
        QCOMPARE(minerRow->child(0)->text(2), QStringLiteral("3.5"));
        // ... and one of the other window's: the names made the same, the settings row goes.
        Scenario renamed = there.scenario();
        QVERIFY(there.document()
                    ->submit(edits::setSettings(renamed, QStringLiteral("Town"), renamed.description, renamed.day,
                                                renamed.planner, renamed.map, Field::Name))
                    .isEmpty());
        QTRY_VERIFY(row(tree, nullptr, QStringLiteral("Settings")) == nullptr);
        // A double-click on a character's row selects it.
        doubleClick(tree, row(tree, row(tree, nullptr, QStringLiteral("Characters")), miner.id));
        QCOMPARE(here.outline()->current(), ItemRef(EntityKind::Character, 0));
    }

    // Compare With > File...: a file read once; the same file shows no row.
    void compareWithAFile()
    {
        QTemporaryDir dir;
        const QString copy = modifiedTown(dir);
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        w.show();
        DiffDialog *same = w.compareWithFile(kSource + QStringLiteral("/scenarios/town.json"));
        QVERIFY(same);
        QCOMPARE(same->tree()->topLevelItemCount(), 0);
        QVERIFY(same->differences().isEmpty());
        DiffDialog *diff = w.compareWithFile(copy);
        QVERIFY(diff);
        QCOMPARE(diff->differences().size(), 2);
        QCOMPARE(diff->tree()->headerItem()->text(1), QStringLiteral("townb.json"));
        QString said;
        QTimer *answer = goap::testing::answerNextDialog(QStringLiteral("OK"), &said);
        QVERIFY(!w.compareWithFile(dir.filePath(QStringLiteral("missing.json"))));
        delete answer;
        QVERIFY2(said.contains(u"missing.json"), qPrintable(said));
    }

    // Window > Compare Run With: another window's run (the changed copy's)
    // becomes the baseline of this window's charts: the Compare tab lists
    // the rows goap-sim diff prints for the two reports, theirs as A.
    void compareRunWithAnotherWindow()
    {
        QTemporaryDir dir;
        const QString copy = modifiedTown(dir);
        MainWindow here, there;
        QVERIFY(here.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(there.openFile(copy));
        here.show();
        there.show();
        QVERIFY(QTest::qWaitForWindowExposed(&there));
        auto *runs = here.findChild<QMenu *>(QStringLiteral("compareRunWithMenu"));
        QVERIFY(runs);
        // No run there yet: nothing pinned, and said.
        QVERIFY(!here.compareRunWith(&there));
        QVERIFY(!here.liveRun()->charts()->hasBaseline());
        QVERIFY(there.liveRun()->runFor(300));
        QTRY_VERIFY(!there.liveRun()->controller()->report().isEmpty());
        QVERIFY(here.liveRun()->runFor(300));
        QTRY_VERIFY(!here.liveRun()->controller()->report().isEmpty());
        QTimer *choose = goap::testing::chooseInNextMenu(QStringLiteral("Town B (townb.json)"));
        runs->exec(here.mapToGlobal(QPoint(20, 20)));
        delete choose;
        ChartsPanel *charts = here.liveRun()->charts();
        QTRY_VERIFY(charts->hasBaseline());
        QVERIFY(charts->compareTable()->isVisible()); // its tab shown
        const auto theirs = sim::reportMeasures(there.liveRun()->controller()->report());
        const auto mine = sim::reportMeasures(here.liveRun()->controller()->report());
        QVERIFY(theirs && mine);
        const std::vector<sim::CompareRow> rows = sim::compareReports(*theirs, *mine);
        QVERIFY(!rows.empty());
        QCOMPARE(charts->compareTable()->rowCount(), int(rows.size()));
        // The slower oven there: some row differs; each reads theirs | mine.
        bool anyDiffers = false;
        for (int r = 0; r < int(rows.size()); ++r) {
            QCOMPARE(charts->compareTable()->item(r, 2)->text(), rows[size_t(r)].left);
            QCOMPARE(charts->compareTable()->item(r, 3)->text(), rows[size_t(r)].right);
            anyDiffers |= rows[size_t(r)].left != rows[size_t(r)].right;
        }
        QVERIFY(anyDiffers);
    }

    // Window > Tile Side by Side: this window on the left half of the
    // screen's free area, the other on the right.
    void tileSideBySide()
    {
        MainWindow left, right;
        left.show();
        right.show();
        QVERIFY(QTest::qWaitForWindowExposed(&right));
        right.move(300, 200);
        QAction *tile = menuAction(left, QStringLiteral("Tile Side by Side"));
        tile->trigger();
        const QRect area = left.screen()->availableGeometry();
        QTRY_COMPARE(left.frameGeometry(), QRect(area.left(), area.top(), area.width() / 2, area.height()));
        QTRY_COMPARE(right.frameGeometry(),
                     QRect(area.left() + area.width() / 2, area.top(), area.width() - area.width() / 2, area.height()));
    }
};

// A screen wide enough for two windows side by side.
int main(int argc, char *argv[])
{
    QTemporaryDir dir;
    if (!goap::testing::useOffscreenScreen(dir, QSize(2400, 1200)))
        return 1;
    QApplication app(argc, argv);
    TestCompare test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "test_compare.moc"
