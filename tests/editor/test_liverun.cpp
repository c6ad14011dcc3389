// A run as the editor shows it: the inspector's plan timeline, why a
// character has no plan, the run ended by opening another scenario, and
// the threads it runs on (Run > Threads).
#include "charts/daycharts.h"
#include "io/scenariowriter.h"
#include "mainwindow.h"
#include "run/chartspanel.h"
#include "run/eventlogpanel.h"
#include "run/inspector.h"
#include "run/liverun.h"
#include "run/planstrip.h"
#include "run/runlayer.h"
#include "scenarios.h"
#include "sim/records.h"
#include "synthetic.h"
#include "testutil.h"

#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <qcustomplot.h>

using namespace goap;
using namespace goap::editor;

using goap::testing::kSource;

class TestLiveRun : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Issue #14, 3: the plan timeline in the inspector: the steps left to
    // right, the one under way highlighted, each with its station and the
    // walk there by path (seconds at the character's speed, and metres).
    void planTimelineShowsStepsStationsAndWalks()
    {
        MainWindow w;
        w.resize(1400, 1000);
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.liveRun()->runFor(13)); // the miner has just planned three trips to the mine
        QVERIFY(w.inspect(QStringLiteral("miner")));
        Inspector *inspector = w.liveRun()->inspector();
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
            w.liveRun()->inspectorView()->grab().save(grab + QStringLiteral("/inspector.png"));
    }

    // Issue #12, 3: the inspector and the waiting token's tooltip say why
    // there is no plan, in words: the blacksmith can never make an ingot itself.
    void whyNoPlanIsSaidInWords()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        QVERIFY(w.liveRun()->runFor(2));
        const int smith = int(std::find_if(w.scenario().agents.begin(), w.scenario().agents.end(),
                                           [](const Agent &a) { return a.id == u"blacksmith"; })
                              - w.scenario().agents.begin());
        const QString tip = w.liveRun()->layer()->tokenToolTip(smith);
        QVERIFY2(tip.contains(u"no sequence of actions can ever reach this"), qPrintable(tip));
        QVERIFY(w.inspect(QStringLiteral("blacksmith")));
        const QString why = w.liveRun()->inspector()->whyLabel->text();
        QVERIFY2(why.contains(u"no sequence of actions can ever reach this"), qPrintable(why));
    }

    // Issue #30: Run > Threads. The choice is in force at once and
    // remembered (run/threads) for runs started afterwards, in any window; a
    // town big enough for the pool runs on the threads chosen, and the events
    // are the same on any number; a setting out of range is brought within it.
    void threadsAreChosenInTheRunMenu()
    {
        QSettings().remove(QStringLiteral("run/threads"));
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("town600.json"));
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(writeScenario(goap::testing::replicatedTown(goap::testing::loadShipped("town.json"), 600)));
        }
        const auto choice = [](LiveRun *run, int threads) -> QAction * {
            for (QAction *a : run->threadsMenu()->actions())
                if (a->data().toInt() == threads)
                    return a;
            return nullptr;
        };
        // A click on the entry in the menu as shown (real mouse events, not QAction::trigger()).
        const auto click = [](QMenu *menu, QAction *entry) {
            menu->popup(QPoint(0, 0));
            if (!QTest::qWaitFor([menu] { return menu->isVisible(); }))
                return false;
            QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(entry).center());
            return QTest::qWaitFor([menu] { return !menu->isVisible(); });
        };
        QByteArray events[3];
        for (const int threads : {1, 2, 0}) {
            MainWindow w;
            w.show();
            QVERIFY(w.openFile(file));
            LiveRun *run = w.liveRun();
            // What the last window chose (every core at first) is checked, and this run will use it.
            const int remembered = threads == 1 ? 0 : threads == 2 ? 1 : 2;
            QVERIFY(choice(run, remembered) && choice(run, remembered)->isChecked());
            QCOMPARE(run->controller()->threads(), remembered);
            // The Run menu lists every core, then 1 and 2 threads at least, in order.
            const QList<QAction *> entries = run->threadsMenu()->actions();
            QVERIFY(entries.size() >= 3);
            for (int k = 0; k < 3; ++k)
                QCOMPARE(entries[k]->data().toInt(), k);
            bool inRunMenu = false;
            for (QAction *menu : w.menuBar()->actions())
                inRunMenu = inRunMenu
                    || (menu->text() == u"&Run" && menu->menu()->actions().contains(run->threadsMenu()->menuAction()));
            QVERIFY(inRunMenu);
            QVERIFY(click(run->threadsMenu(), choice(run, threads)));
            QCOMPARE(QSettings().value(QStringLiteral("run/threads")).toInt(), threads);
            QCOMPARE(run->controller()->threads(), threads);
            QVERIFY(choice(run, threads)->isChecked());
            QVERIFY(run->runFor(5));
            if (threads > 0)
                QCOMPARE(run->threadsInUse(), threads);
            else
                QVERIFY(run->threadsInUse() >= 1);
            // Changed during the run: in force from the next tick, the run unchanged.
            choice(run, threads == 1 ? 2 : 1)->trigger();
            QVERIFY(run->runFor(10));
            QCOMPARE(run->threadsInUse(), threads == 1 ? 2 : 1);
            choice(run, threads)->trigger(); // what the next window starts with
            // The every-core entry says what it uses now, while a run is on.
            run->threadsMenu()->aboutToShow();
            QCOMPARE(choice(run, 0)->text().contains(u"now"), threads == 0);
            events[threads] = sim::eventsJsonl(*run->controller()->scenario(), run->controller()->events());
            if (const QString grab = qEnvironmentVariable("GOAP_GRAB_DIR"); !grab.isEmpty() && threads == 0) {
                run->threadsMenu()->popup(QPoint(0, 0));
                QTRY_VERIFY(run->threadsMenu()->isVisible());
                run->threadsMenu()->grab().save(grab + QStringLiteral("/threads-menu.png"));
                run->threadsMenu()->hide();
            }
        }
        QVERIFY(!events[0].isEmpty());
        QCOMPARE(events[1], events[0]);
        QCOMPARE(events[2], events[0]);
        // A setting out of range (written by hand) comes within 0 to kMaxThreads, listed and checked.
        for (const auto &[written, meant] :
             {std::pair {-3, 0}, std::pair {5000, sim::kMaxThreads}, std::pair {64, 64}}) {
            QSettings().setValue(QStringLiteral("run/threads"), written);
            MainWindow w;
            QCOMPARE(w.liveRun()->controller()->threads(), meant);
            QVERIFY(choice(w.liveRun(), meant) && choice(w.liveRun(), meant)->isChecked());
        }
        QSettings().remove(QStringLiteral("run/threads"));
    }

    void openingAnotherScenarioEndsTheRun()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.liveRun()->runFor(30));
        QVERIFY(w.liveRun()->eventLog()->visibleRows() > 0);
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(!w.liveRun()->controller()->hasRun());
        QCOMPARE(w.liveRun()->eventLog()->visibleRows(), 0);
        QCOMPARE(w.liveRun()->layer()->tokenCount(), 0);
        // The charts forget the town's run: no characters to choose, no samples to export.
        QCOMPARE(w.liveRun()->charts()->characterList()->count(), 0);
        QCOMPARE(w.liveRun()->charts()->insistence()->graphCount(), 0);
    }
};

QTEST_MAIN(TestLiveRun)
#include "test_liverun.moc"
