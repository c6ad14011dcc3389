// Documents as tabs, and a split view, in one window (issue #29): the
// Workspace holds each open document in a tab, switched by keys and clicks,
// closed with a save prompt; Split Right shows two groups that run live at
// once; a sweep variant opens in a tab beside its original; closing the
// window asks about every modified tab.

#include "docks/outline.h"
#include "editordriver.h"
#include "mainwindow.h"
#include "model/edits.h"
#include "run/liverun.h"
#include "run/simcontroller.h"
#include "scene/mapscene.h"
#include "sweep/sweepdialog.h"
#include "testutil.h"
#include "workspace.h"

#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolBar>
#include <QtTest>

#include <qcustomplot.h>

using namespace goap;
using namespace goap::editor;
using goap::testing::answerNextDialog;
using goap::testing::kSource;

namespace {

QString scenario(const char *name)
{
    return kSource + QStringLiteral("/scenarios/") + QLatin1String(name);
}

// An edit as a user makes it: the first character a little faster.
void modify(MainWindow *page)
{
    Agent first = page->scenario().agents[0];
    first.speed += 0.5;
    QVERIFY(page->document()
                ->submit(edits::setEntity(page->scenario(), EntityKind::Character, 0, first, Field::Speed))
                .isEmpty());
    QVERIFY(page->document()->isModified());
}

// The action of the window's menu bar (the active page's menus) with this text.
QAction *menuBarAction(Workspace &w, const QString &text)
{
    for (QAction *menu : w.menuBar()->actions())
        for (QAction *a : menu->menu()->actions())
            if (a->text().remove(u'&') == text)
                return a;
    return nullptr;
}

void clickTab(QTabWidget *group, int index)
{
    QTest::mouseClick(group->tabBar(), Qt::LeftButton, {}, group->tabBar()->tabRect(index).center());
}

// A click on an empty corner of the page's map: the focus goes there.
void clickMap(MainWindow *page)
{
    QTest::mouseClick(page->mapView()->viewport(), Qt::LeftButton, {}, QPoint(4, 4));
}

} // namespace

class TestTabs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Two files: two tabs in one window (the blank tab it opened with is
    // replaced), named by scenario and file; the title follows the active
    // tab; Compare With lists the other tab.
    void twoFilesAreTwoTabsOfOneWindow()
    {
        Workspace w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QCOMPARE(w.pages().size(), 1);
        MainWindow *town = w.openFile(scenario("town.json"));
        MainWindow *hospital = w.openFile(scenario("hospital.json"));
        QVERIFY(town && hospital && town != hospital);
        QCOMPARE(w.pages(), (QList<MainWindow *> {town, hospital}));
        QCOMPARE(w.group(0)->count(), 2);
        QVERIFY(!w.isSplit());
        QVERIFY(!town->isWindow() && !hospital->isWindow()); // pages, not windows
        QCOMPARE(w.group(0)->tabText(0), QStringLiteral("Town (town.json)"));
        QVERIFY(w.group(0)->tabText(1).endsWith(u"(hospital.json)"));
        QCOMPARE(w.current(), hospital);
        QVERIFY(w.windowTitle().startsWith(u"hospital.json"));
        // One menu bar: the active page's menus, its own hidden.
        QVERIFY(!hospital->menuBar()->isVisible());
        QCOMPARE(w.menuBar()->actions(), hospital->menuBar()->actions());
        // The same file again: its tab comes to the front, no third one.
        QCOMPARE(w.openFile(scenario("town.json")), town);
        QCOMPARE(w.pages().size(), 2);
        QCOMPARE(w.current(), town);
        QVERIFY(w.windowTitle().startsWith(u"town.json"));
        // File > New (the menu bar's) opens a new tab; again on that blank tab, no other.
        menuBarAction(w, QStringLiteral("New"))->trigger();
        QCOMPARE(w.pages().size(), 3);
        menuBarAction(w, QStringLiteral("New"))->trigger();
        QCOMPARE(w.pages().size(), 3);
        QCOMPARE(MainWindow::openWindows().size(), 3);
        // Compare With lists the other tabs.
        activateOnly(w, town);
        QMenu *compare = town->findChild<QMenu *>(QStringLiteral("compareWithMenu"));
        emit compare->aboutToShow();
        QStringList offered;
        for (QAction *a : compare->actions())
            offered << a->text();
        QVERIFY2(offered.contains(MainWindow::displayName(hospital)), qPrintable(offered.join(u", ")));
    }

    // Ctrl+Tab and Ctrl+Shift+Tab go round the tabs, Ctrl+PgUp/PgDn too; a
    // click on a tab brings it to the front.
    void tabsSwitchByKeysAndClicks()
    {
        Workspace w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        MainWindow *town = w.openFile(scenario("town.json"));
        MainWindow *hospital = w.openFile(scenario("hospital.json"));
        MainWindow *cook = w.openFile(scenario("cook.json"));
        QCOMPARE(w.current(), cook);
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus && cook->isAncestorOf(focus));
        QTest::keyClick(focus, Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(w.current(), town); // round
        QCOMPARE(w.group(0)->currentWidget(), town);
        QVERIFY(w.windowTitle().startsWith(u"town.json"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(w.current(), hospital);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.current(), town);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageUp, Qt::ControlModifier);
        QCOMPARE(w.current(), cook);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageDown, Qt::ControlModifier);
        QCOMPARE(w.current(), town);
        clickTab(w.group(0), 1);
        QCOMPARE(w.current(), hospital);
        QCOMPARE(w.group(0)->currentWidget(), hospital);
        QVERIFY(w.windowTitle().startsWith(u"hospital.json"));
        // The toolbars shown are the active page's.
        bool hospitalsPlay = false;
        for (QToolBar *bar : w.findChildren<QToolBar *>())
            if (bar->isVisible())
                for (QAction *a : bar->actions()) {
                    QVERIFY(a != town->liveRun()->playAction());
                    hospitalsPlay |= a == hospital->liveRun()->playAction();
                }
        QVERIFY(hospitalsPlay);
        QCOMPARE(menuBarAction(w, QStringLiteral("Play")), hospital->liveRun()->playAction());
        // Dragging a tab reorders.
        QTabBar *bar = w.group(0)->tabBar();
        const QPoint from = bar->tabRect(0).center(), to = bar->tabRect(2).center();
        QTest::mousePress(bar, Qt::LeftButton, {}, from);
        for (int step = 1; step <= 10; ++step)
            QTest::mouseMove(bar, from + (to - from) * step / 10);
        QTest::mouseRelease(bar, Qt::LeftButton, {}, to);
        QTRY_COMPARE(w.group(0)->widget(2), town);
    }

    // A modified tab reads *; its close button asks to save, and Cancel
    // keeps it, edits and all; a middle click closes an unmodified one.
    void closingAModifiedTabAsks()
    {
        Workspace w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        MainWindow *town = w.openFile(scenario("town.json"));
        MainWindow *hospital = w.openFile(scenario("hospital.json"));
        activateOnly(w, town);
        modify(town);
        QCOMPARE(w.group(0)->tabText(0), QStringLiteral("Town (town.json) *"));
        QVERIFY(w.isWindowModified());
        QString said;
        std::unique_ptr<QTimer> answer(answerNextDialog(QStringLiteral("Cancel"), &said));
        QWidget *close = w.group(0)->tabBar()->tabButton(0, QTabBar::RightSide);
        QVERIFY(close);
        QTest::mouseClick(close, Qt::LeftButton);
        QVERIFY2(said.contains(u"unsaved changes"), qPrintable(said));
        QCOMPARE(w.pages(), (QList<MainWindow *> {town, hospital}));
        QVERIFY(town->document()->isModified());
        // A middle click on the hospital's tab closes it: nothing to ask.
        QTest::mouseClick(w.group(0)->tabBar(), Qt::MiddleButton, {}, w.group(0)->tabBar()->tabRect(1).center());
        QCOMPARE(w.pages(), QList<MainWindow *> {town});
        QCOMPARE(w.current(), town);
        // Discard closes the town; a blank tab is left.
        answer.reset(answerNextDialog(QStringLiteral("Discard"), &said));
        QTest::mouseClick(w.group(0)->tabBar()->tabButton(0, QTabBar::RightSide), Qt::LeftButton);
        QCOMPARE(w.pages().size(), 1);
        QVERIFY(w.current() && w.current() != town && w.current()->fileName().isEmpty());
    }

    // Window > Split Right: two groups side by side, each with its document;
    // the focus decides which one the menus act on, and both run live.
    void splitViewRunsBothLive()
    {
        Workspace w;
        w.resize(1400, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        MainWindow *town = w.openFile(scenario("town.json"));
        MainWindow *hospital = w.openFile(scenario("hospital.json"));
        QVERIFY(!w.group(1)->isVisible());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backslash, Qt::ControlModifier); // Split Right
        QVERIFY(w.isSplit());
        QVERIFY(w.group(0)->isVisible() && w.group(1)->isVisible());
        QCOMPARE(w.group(0)->currentWidget(), town);
        QCOMPARE(w.group(1)->currentWidget(), hospital);
        QVERIFY(town->isVisible() && hospital->isVisible());
        QVERIFY(w.group(1)->geometry().left() >= w.group(0)->geometry().right()); // side by side
        // The page not active shows its map without its docks: the window fits the screen.
        QCOMPARE(w.current(), hospital);
        QVERIFY(hospital->dock(QStringLiteral("outline"))->isVisible());
        QVERIFY(!town->dock(QStringLiteral("outline"))->isVisible());
        QVERIFY(!town->dock(QStringLiteral("properties"))->isVisible());
        QVERIFY(!town->dock(QStringLiteral("issues"))->isVisible());
        QVERIFY(town->mapView()->isVisible());
        QVERIFY2(w.frameGeometry().width() <= w.screen()->availableGeometry().width(),
                 qPrintable(QString::number(w.frameGeometry().width())));
        // The focus in the town's map: its menus; F5 plays the town alone.
        clickMap(town);
        QCOMPARE(w.current(), town);
        QVERIFY(town->dock(QStringLiteral("outline"))->isVisible());
        QVERIFY(!hospital->dock(QStringLiteral("outline"))->isVisible());
        QCOMPARE(menuBarAction(w, QStringLiteral("Play")), town->liveRun()->playAction());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F5);
        QTRY_VERIFY(town->liveRun()->controller()->isPlaying());
        QVERIFY(!hospital->liveRun()->controller()->isPlaying());
        clickMap(hospital);
        QCOMPARE(w.current(), hospital);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F5);
        QTRY_VERIFY(hospital->liveRun()->controller()->isPlaying());
        // Frames keep coming in both.
        const quint64 townFrames = town->liveRun()->controller()->framesReceived();
        const quint64 hospitalFrames = hospital->liveRun()->controller()->framesReceived();
        QTRY_VERIFY(town->liveRun()->controller()->framesReceived() > townFrames + 2);
        QTRY_VERIFY(hospital->liveRun()->controller()->framesReceived() > hospitalFrames + 2);
        QVERIFY(town->liveRun()->controller()->isPlaying());
        QVERIFY(town->liveRun()->controller()->snapshot().tick > 0);
        QVERIFY(hospital->liveRun()->controller()->snapshot().tick > 0);
        // Move to the other group, then unsplit: one group with both.
        menuBarAction(w, QStringLiteral("Move Tab to Other Group"))->trigger();
        QVERIFY(!w.isSplit());
        QCOMPARE(w.group(0)->count(), 2);
        QVERIFY(!w.group(1)->isVisible());
        QCOMPARE(w.current(), hospital);
    }

    // A heatmap cell opens its variant in a tab right after its original's;
    // split, in the other group.
    void aSweepVariantOpensInATabBeside()
    {
        Workspace w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        MainWindow *hospital = w.openFile(scenario("hospital.json"));
        MainWindow *town = w.openFile(scenario("town.json"));
        activateOnly(w, town);
        modify(town);
        bool asked = false;
        town->setSavePrompt([&asked] {
            asked = true;
            return QMessageBox::Cancel;
        });
        SweepDialog *d = town->showSweep();
        d->resize(1000, 720);
        d->addParameter(QStringLiteral("agents[5].goals[0].urgency"), 0.5, 2, 2);
        d->addParameter(QStringLiteral("agents[3].speed"), 1, 3, 2);
        QSignalSpy finished(d, &SweepDialog::finished);
        QVERIFY(d->start());
        QVERIFY(finished.wait(60000));
        QVERIFY(d->colorMap());
        const auto clickCell = [d](double x, double y) {
            d->plot()->replot();
            QTest::mouseClick(d->plot(), Qt::LeftButton, {},
                              QPoint(int(d->plot()->xAxis->coordToPixel(x)), int(d->plot()->yAxis->coordToPixel(y))));
        };
        clickCell(2, 3);
        QTRY_COMPARE(w.pages().size(), 3);
        MainWindow *variant
            = w.group(0)->widget(2) == town ? nullptr : qobject_cast<MainWindow *>(w.group(0)->widget(2));
        QVERIFY(variant);
        QCOMPARE(w.group(0)->widget(1), town); // right after its original
        QCOMPARE(w.current(), variant);
        QVERIFY(!variant->isWindow());
        QCOMPARE(variant->scenario().agents[3].speed, 3.0);
        QVERIFY(variant->fileName().isEmpty());
        QVERIFY(!asked);
        QVERIFY(town->document()->isModified()); // the original as it was
        // Split: the next variant goes to the other group than its original's.
        activateOnly(w, town);
        w.moveToOtherGroup(hospital);
        QCOMPARE(w.groupOf(town), 0);
        clickCell(0.5, 1);
        QTRY_COMPARE(w.pages().size(), 4);
        QCOMPARE(w.groupOf(w.current()), 1);
        QCOMPARE(w.current()->scenario().agents[3].speed, 1.0);
        QVERIFY(w.current() != hospital && w.current() != variant);
        d->close();
    }

    // Closing the window asks about each modified tab; Cancel at the second
    // keeps every tab and every edit; the window stays.
    void closingTheWindowAsksForEachModifiedTab()
    {
        Workspace w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        MainWindow *town = w.openFile(scenario("town.json"));
        MainWindow *hospital = w.openFile(scenario("hospital.json"));
        w.openFile(scenario("cook.json")); // unmodified: nothing to ask
        modify(town);
        modify(hospital);
        QStringList asked;
        bool hospitalInFront = false;
        town->setSavePrompt([&] {
            asked << QStringLiteral("town");
            return QMessageBox::Discard;
        });
        hospital->setSavePrompt([&] {
            asked << QStringLiteral("hospital");
            hospitalInFront = w.current() == hospital && w.group(0)->currentWidget() == hospital;
            return QMessageBox::Cancel;
        });
        QVERIFY(!w.close());
        QCOMPARE(asked, (QStringList {QStringLiteral("town"), QStringLiteral("hospital")}));
        QVERIFY(hospitalInFront); // in front while asked about
        QVERIFY(w.isVisible());
        QCOMPARE(w.pages().size(), 3);
        QVERIFY(town->document()->isModified() && hospital->document()->isModified());
        // Through the real dialog too: Cancel at the first keeps all.
        town->setSavePrompt({});
        QString said;
        std::unique_ptr<QTimer> answer(answerNextDialog(QStringLiteral("Cancel"), &said));
        QVERIFY(!w.close());
        QVERIFY2(said.contains(u"\"Town\" has unsaved changes"), qPrintable(said));
        QCOMPARE(w.pages().size(), 3);
        hospital->setSavePrompt([] { return QMessageBox::Discard; });
        town->setSavePrompt([] { return QMessageBox::Discard; });
        QVERIFY(w.close());
    }

private:
    static void activateOnly(Workspace &w, MainWindow *page)
    {
        w.activate(page);
        QCOMPARE(w.current(), page);
    }
};

// The split view's picture is taken on a screen of a designer's laptop size.
int main(int argc, char *argv[])
{
    QTemporaryDir dir;
    if (!goap::testing::useOffscreenScreen(dir, QSize(1600, 900)))
        return 1;
    QApplication app(argc, argv);
    TestTabs test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "test_tabs.moc"
