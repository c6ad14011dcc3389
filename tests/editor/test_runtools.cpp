// Tools for watching a run (issue #29): breakpoints, set from the
// Breakpoints dock and from a fact's context menu, that pause the run where
// they hit and say so; and a camera that follows the selected character.
#include "docks/docklayout.h"
#include "editordriver.h"
#include "mainwindow.h"
#include "run/breakpoints.h"
#include "run/inspector.h"
#include "run/liverun.h"
#include "run/runlayer.h"
#include "scene/mapscene.h"
#include "sim/records.h"
#include "sim/simulation.h"
#include "testutil.h"

#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QGraphicsView>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <functional>

using namespace goap;
using namespace goap::editor;

using goap::testing::kSource;

namespace {

// Runs `answer` on the next modal dialog named `name` once it is shown (it
// runs inside the dialog's own event loop, as a user at it would).
void onDialog(const QString &name, std::function<void(QDialog *)> answer)
{
    auto *timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, name, answer] {
        auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
        if (!dialog || dialog->objectName() != name || !dialog->isVisible())
            return;
        timer->stop();
        timer->deleteLater();
        answer(dialog);
    });
    timer->start();
}

// Chooses a combo box's entry with the arrow keys, as a user at the keyboard does.
void choose(QComboBox *box, const QString &text)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Home);
    for (int k = 0; k < box->count() && !box->currentText().startsWith(text); ++k)
        QTest::keyClick(box, Qt::Key_Down);
    QVERIFY2(box->currentText().startsWith(text), qPrintable(box->currentText()));
}

// Runs `answer` on the next popup menu once it is open.
void onMenu(std::function<void(QMenu *)> answer)
{
    auto *timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, answer] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu || !menu->isVisible())
            return;
        timer->stop();
        timer->deleteLater();
        answer(menu);
    });
    timer->start();
}

// Down the next popup menu to the entry that says `text`, and Return (Escape when there is none).
void pickFromNextMenu(const QString &text)
{
    onMenu([text](QMenu *menu) {
        const auto there
            = [&] { return menu->activeAction() && menu->activeAction()->text().remove(u'&').contains(text); };
        for (int k = 0; k <= menu->actions().size() && !there(); ++k)
            QTest::keyClick(menu, Qt::Key_Down);
        QTest::keyClick(menu, there() ? Qt::Key_Return : Qt::Key_Escape);
    });
}

int indexOfAgent(const Scenario &s, const QString &id)
{
    for (int i = 0; i < s.agents.size(); ++i)
        if (s.agents[i].id == id)
            return i;
    return -1;
}

} // namespace

class TestRunTools : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Add... in the Breakpoints dock: "Baker switches goal". Play pauses
    // after the very tick of the baker's switch, says so in the status bar,
    // selects the baker and counts the hit; unticked, it stops nothing.
    void aGoalSwitchBreakpointPausesTheRunThere()
    {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        const int baker = indexOfAgent(w.scenario(), QStringLiteral("baker"));
        QVERIFY(baker >= 0);
        QDockWidget *dock = w.dock(QStringLiteral("breakpoints"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        BreakpointsPanel *panel = w.breakpointsPanel();
        onDialog(QStringLiteral("addBreakpoint"), [](QDialog *d) {
            choose(d->findChild<QComboBox *>(QStringLiteral("kind")), QStringLiteral("A character switches"));
            choose(d->findChild<QComboBox *>(QStringLiteral("character")), QStringLiteral("Baker"));
            QVERIFY(!d->findChild<QSpinBox *>(QStringLiteral("value"))->isVisible()); // no value for an event
            QTest::keyClick(d->findChild<QComboBox *>(QStringLiteral("character")), Qt::Key_Return);
        });
        QTest::mouseClick(panel->addButton(), Qt::LeftButton);
        Breakpoints *breakpoints = w.breakpoints();
        QCOMPARE(breakpoints->entries().size(), 1);
        QCOMPARE(panel->table()->item(0, 1)->text(), QStringLiteral("Baker switches goal"));
        const int id = breakpoints->entries().front().id;

        LiveRun *run = w.liveRun();
        run->setSpeed(0);
        QVERIFY(run->play());
        SimController *controller = run->controller();
        QTRY_VERIFY_WITH_TIMEOUT(breakpoints->lastHit() == id && !controller->isPlaying(), 20000);
        const sim::Snapshot &snap = controller->snapshot();
        QVERIFY(snap.tick < controller->scenario()->day.length / controller->scenario()->day.tick); // day 1, early
        // The run stands at the tick of the baker's switch: its last event is that switch.
        const std::vector<sim::Event> &events = controller->events().events;
        const auto last = std::find_if(events.rbegin(), events.rend(),
                                       [&](const sim::Event &e) { return e.kind == sim::EventKind::Switch; });
        QVERIFY(last != events.rend());
        QCOMPARE(last->agent, baker);
        QCOMPARE(last->t, snap.time);
        QCOMPARE(run->inspector()->character(), baker);
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.startsWith(u"Breakpoint at day 1,") && said.contains(u"Baker"), qPrintable(said));
        QCOMPARE(panel->table()->item(0, 2)->text(), QStringLiteral("1"));
        QVERIFY(!run->playAction()->isEnabled() || !controller->isPlaying());
        QVERIFY(run->playAction()->isEnabled());

        // Unticked (Space on its row), Play runs the day out.
        panel->table()->setFocus();
        panel->table()->setCurrentCell(0, 0);
        QTest::keyClick(panel->table()->viewport(), Qt::Key_Space);
        QVERIFY(!breakpoints->entries().front().spec.enabled);
        const qint64 stoppedAt = snap.tick;
        QVERIFY(run->play());
        QTRY_VERIFY_WITH_TIMEOUT(!controller->isPlaying() && controller->snapshot().tick > stoppedAt, 30000);
        QCOMPARE(controller->snapshot().time, controller->scenario()->day.length); // the day's end
        QCOMPARE(breakpoints->entries().front().hits, 1);
    }

    // A fact's context menu in the outline: Break When It Falls Below...,
    // value 1. The run pauses when the town's bread runs out, not before.
    void aFactsContextMenuSetsACrossingBreakpoint()
    {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        const QModelIndex row = w.outline()->indexOf(ItemRef::ofFact(QStringLiteral("world.bread")));
        QVERIFY(row.isValid());
        w.outline()->scrollTo(row);
        const QPoint at = w.outline()->visualRect(row).center();
        onDialog(QStringLiteral("addBreakpoint"), [](QDialog *d) {
            QCOMPARE(d->findChild<QComboBox *>(QStringLiteral("fact"))->currentText(), QStringLiteral("world.bread"));
            QCOMPARE(d->findChild<QComboBox *>(QStringLiteral("kind"))->currentIndex(), 1); // falls below
            testing::typeInto(d->findChild<QSpinBox *>(QStringLiteral("value")), QStringLiteral("1")); // Return: OK
        });
        pickFromNextMenu(QStringLiteral("Falls Below"));
        QContextMenuEvent rightClick(QContextMenuEvent::Mouse, at, w.outline()->viewport()->mapToGlobal(at));
        QApplication::sendEvent(w.outline()->viewport(), &rightClick);
        Breakpoints *breakpoints = w.breakpoints();
        QCOMPARE(breakpoints->entries().size(), 1);
        QCOMPARE(describe(breakpoints->entries().front().spec, w.scenario()),
                 QStringLiteral("world.bread falls below 1"));

        LiveRun *run = w.liveRun();
        run->setSpeed(0);
        QVERIFY(run->play());
        SimController *controller = run->controller();
        QTRY_VERIFY_WITH_TIMEOUT(breakpoints->lastHit() != 0 && !controller->isPlaying(), 20000);
        const CompiledScenario &s = *controller->scenario();
        const FactId bread = s.fact(u"world.bread");
        QCOMPARE(controller->snapshot().world[size_t(bread - s.agentFactCount)], 0);
        // The same scenario run by itself: the bread first runs out at this very tick.
        sim::Simulation plain(controller->scenarioPtr());
        plain.start();
        while (plain.world()[size_t(bread - s.agentFactCount)] >= 1)
            plain.step();
        QCOMPARE(plain.totalTicks(), controller->snapshot().tick);
        QVERIFY2(w.statusBar()->currentMessage().contains(u"world.bread went from 1 to 0"),
                 qPrintable(w.statusBar()->currentMessage()));
    }

    // The inspector's Break menu sets one on the character it shows.
    void theInspectorsBreakMenuWatchesItsCharacter()
    {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        LiveRun *run = w.liveRun();
        QVERIFY(run->start());
        Inspector *inspector = run->inspector();
        QVERIFY(!inspector->breakButton->isEnabled()); // nobody shown yet
        QVERIFY(w.inspect(QStringLiteral("miner")));
        QVERIFY(inspector->breakButton->isEnabled());
        w.dock(QStringLiteral("inspector"))->raise();
        pickFromNextMenu(QStringLiteral("Quota"));
        QTest::mouseClick(inspector->breakButton, Qt::LeftButton);
        Breakpoints *breakpoints = w.breakpoints();
        QCOMPARE(breakpoints->entries().size(), 1);
        QCOMPARE(describe(breakpoints->entries().front().spec, w.scenario()),
                 QStringLiteral("A quota is met by Miner"));
        run->setSpeed(0);
        QVERIFY(run->play());
        QTRY_VERIFY_WITH_TIMEOUT(breakpoints->lastHit() != 0 && !run->controller()->isPlaying(), 20000);
        QCOMPARE(inspector->character(), 0);
        const std::vector<sim::Event> &events = run->controller()->events().events;
        QCOMPARE(events.back().kind, sim::EventKind::QuotaMet);
        QCOMPARE(events.back().agent, 0);
    }

    // goap-studio --break SPEC: the text form, checked against the scenario,
    // and --run-for stops where one hits rather than waiting for the time.
    void breakpointsWrittenAsTextAndRunForStopsAtThem()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        const Scenario &s = w.scenario();
        QString why;
        const auto parsed = [&](const QString &text) {
            const auto spec = parseBreakpoint(text, s, &why);
            return spec ? describe(*spec, s) : QStringLiteral("error: ") + why;
        };
        QCOMPARE(parsed(QStringLiteral("world.bread<1")), QStringLiteral("world.bread falls below 1"));
        QCOMPARE(parsed(QStringLiteral("world.bread>=3")), QStringLiteral("world.bread rises to 3"));
        QCOMPARE(parsed(QStringLiteral("miner:agent.oreMined>=2")),
                 QStringLiteral("Miner's agent.oreMined rises to 2"));
        QCOMPARE(parsed(QStringLiteral("switch")), QStringLiteral("Anyone switches goal"));
        QCOMPARE(parsed(QStringLiteral("switch:baker:hunger")), QStringLiteral("Baker switches to Hunger"));
        QCOMPARE(parsed(QStringLiteral("planfails:farmer")), QStringLiteral("Farmer's plan fails"));
        QCOMPARE(parsed(QStringLiteral("noplan")), QStringLiteral("Anyone has no plan"));
        QCOMPARE(parsed(QStringLiteral("quota::bakeQuota")), QStringLiteral("Bake bread is met"));
        for (const char *bad : {"world.bred<1", "agent.fed>=1", "baker:world.bread<1", "world.bread<x", "switch:nobody",
                                "quota:baker:nogoal", "noplan:baker:hunger", "explode"}) {
            QVERIFY2(parsed(QString::fromLatin1(bad)).startsWith(u"error: "), bad);
            QVERIFY(!why.isEmpty());
        }

        w.breakpoints()->add(*parseBreakpoint(QStringLiteral("switch:baker"), s, nullptr));
        w.show();
        LiveRun *run = w.liveRun();
        QVERIFY(run->runFor(300)); // the whole day, but for the baker's first switch
        const qint64 at = run->controller()->snapshot().tick;
        QVERIFY(at > 0 && at < 3000);
        QCOMPARE(w.breakpoints()->entries().front().hits, 1);
    }

    // The program itself: --break stops --run-for early, --maximize fills
    // the window with the raised dock, and bad options are refused plainly.
    void theProgramTakesBreakAndMaximize()
    {
#if defined(__SANITIZE_THREAD__)
        // A fork of this multi-threaded process confuses ThreadSanitizer into
        // reports with impossible stacks; the plain build runs this.
        QSKIP("ThreadSanitizer does not follow a fork of a multi-threaded process");
#endif
        QTemporaryDir dir;
        const QString town = kSource + QStringLiteral("/scenarios/town.json");
        const QString picture = dir.filePath(QStringLiteral("shot.png"));
        const auto run = [](const QStringList &args, QByteArray *err) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(GOAP_STUDIO_BINARY), args);
            if (!p.waitForFinished(60000))
                return -1;
            *err = p.readAllStandardError();
            return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
        };
        QByteArray err;
        QCOMPARE(run({town, QStringLiteral("--break"), QStringLiteral("switch:baker"), QStringLiteral("--run-for"),
                      QStringLiteral("300"), QStringLiteral("--raise"), QStringLiteral("breakpoints"),
                      QStringLiteral("--maximize"), QStringLiteral("--screenshot"), picture},
                     &err),
                 0);
        QImage shot(picture);
        QVERIFY(!shot.isNull());
        QCOMPARE(run({town, QStringLiteral("--break"), QStringLiteral("explode"), QStringLiteral("--run-for"),
                      QStringLiteral("3")},
                     &err),
                 1);
        QVERIFY2(err.contains("--break explode: not a breakpoint"), err.constData());
        QCOMPARE(run({town, QStringLiteral("--maximize"), QStringLiteral("--screenshot"), picture}, &err), 1);
        QVERIFY2(err.contains("--maximize goes with --raise"), err.constData());
        QCOMPARE(run({town, QStringLiteral("--raise"), QStringLiteral("nope"), QStringLiteral("--screenshot"), picture},
                     &err),
                 1);
        QVERIFY2(err.contains("breakpoints") && err.contains("prefabs"), err.constData());
    }

    // Issue #32, 3: --help and --version answer without a display (no
    // QT_QPA_PLATFORM, no DISPLAY: QApplication would abort), and the help
    // names every dock --raise takes.
    void helpAndVersionNeedNoDisplay()
    {
#if defined(__SANITIZE_THREAD__)
        QSKIP("ThreadSanitizer does not follow a fork of a multi-threaded process");
#endif
        const auto run = [](const QString &option, QByteArray *out) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            for (const char *name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
                env.remove(QString::fromLatin1(name));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(GOAP_STUDIO_BINARY), {option});
            if (!p.waitForFinished(60000))
                return -1;
            *out = p.readAllStandardOutput();
            return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
        };
        QByteArray out;
        QCOMPARE(run(QStringLiteral("--version"), &out), 0);
        QCOMPARE(out, QByteArray("GOAP Studio " GOAP_VERSION "\n"));
        QCOMPARE(run(QStringLiteral("--help"), &out), 0);
        QVERIFY2(out.startsWith("Usage: goap-studio [options] [SCENARIO]\n"), out.constData());
        const int start = out.indexOf("--raise <DOCK>");
        QVERIFY(start > 0);
        const QString raiseHelp = QString::fromUtf8(out.mid(start, out.indexOf("--maximize") - start)).simplified();
        MainWindow window;
        QVERIFY(window.dockNames().size() >= 11);
        for (const QString &dock : window.dockNames())
            QVERIFY2(raiseHelp.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(dock))), qPrintable(dock));
    }

    // Stopping at every hit and playing on gives the same day as a run
    // with no breakpoints: the event log, byte for byte.
    void stoppingAtBreakpointsChangesNothing()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/hospital.json")));
        for (BreakpointSpec::Kind kind : {BreakpointSpec::Kind::PlanFails, BreakpointSpec::Kind::GoalSwitch}) {
            BreakpointSpec spec;
            spec.kind = kind;
            w.breakpoints()->add(spec);
        }
        LiveRun *run = w.liveRun();
        run->setSpeed(0);
        SimController *controller = run->controller();
        int stops = 0;
        QVERIFY(run->play());
        while (true) {
            QTRY_VERIFY_WITH_TIMEOUT(!controller->isPlaying() && controller->isSettled(), 30000);
            if (controller->snapshot().time >= controller->scenario()->day.length)
                break;
            ++stops;
            QVERIFY(run->play());
        }
        QVERIFY(stops > 3);
        sim::Simulation plain(controller->scenarioPtr());
        plain.start();
        plain.stepTicks(plain.ticksPerDay());
        QCOMPARE(sim::eventsJsonl(*controller->scenario(), controller->events()),
                 sim::eventsJsonl(plain.scenario(), plain.events()));
    }

    // Docks that grow: Ctrl+Shift+M on the dock being worked in fills the
    // window with it (again: the layout as it was); Ctrl+Shift+P pops it
    // out into a window of its own; a dock's title bar menu offers both.
    void aDockIsMaximizedAndPoppedOut()
    {
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QDockWidget *charts = w.dock(QStringLiteral("charts")), *outline = w.dock(QStringLiteral("outline"));
        charts->show();
        charts->raise();
        QApplication::processEvents();
        // The outline's title bar: right-click, Maximize Outline.
        pickFromNextMenu(QStringLiteral("Maximize Outline"));
        const QPoint title(outline->width() / 2, 6);
        QCoreApplication::postEvent(
            outline, new QContextMenuEvent(QContextMenuEvent::Mouse, title, outline->mapToGlobal(title)));
        QTRY_COMPARE(w.dockLayout()->maximized(), outline);
        w.dockLayout()->restore();
        QVERIFY(w.centralWidget()->isVisible());
        const QByteArray before = w.saveState();
        QList<QDockWidget *> shown;
        for (QDockWidget *d : w.findChildren<QDockWidget *>())
            if (d->isVisible())
                shown << d;
        QVERIFY(shown.size() > 3);
        charts->widget()->setFocus(); // working in the charts
        QTest::keyClick(&w, Qt::Key_M, Qt::ControlModifier | Qt::ShiftModifier);
        QApplication::processEvents();
        QCOMPARE(w.dockLayout()->maximized(), charts);
        QVERIFY(!w.centralWidget()->isVisible());
        QVERIFY(!outline->isVisible());
        QVERIFY(charts->isVisible());
        QVERIFY2(charts->width() > w.width() * 9 / 10, qPrintable(QString::number(charts->width())));
        QCOMPARE(w.dockLayout()->layoutToSave(), before); // never remembered maximised
        QTest::keyClick(&w, Qt::Key_M, Qt::ControlModifier | Qt::ShiftModifier);
        QApplication::processEvents();
        QVERIFY(!w.dockLayout()->maximized());
        QVERIFY(w.centralWidget()->isVisible());
        for (QDockWidget *d : shown)
            QVERIFY2(d->isVisible(), qPrintable(d->windowTitle()));

        // Pop out, from the keyboard, and back.
        charts->widget()->setFocus();
        QTest::keyClick(&w, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(charts->isFloating());
        QVERIFY(charts->isWindow());
        const QRect screen = w.screen()->availableGeometry(); // two thirds of it, at most 900 x 600
        QCOMPARE(charts->size(),
                 QSize(std::min(900, screen.width() * 2 / 3), std::min(600, screen.height() * 2 / 3))
                     .expandedTo(charts->minimumSizeHint()));
        QTest::keyClick(charts, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!charts->isFloating());
    }

    // View > Follow Selected Character (Ctrl+J): the map keeps the selected
    // walker in its middle as the run plays.
    void theCameraFollowsTheSelectedCharacter()
    {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/travel.json")));
        QGraphicsView *view = w.mapView();
        view->scale(3, 3); // close up, so the map scrolls
        LiveRun *run = w.liveRun();
        QVERIFY(run->start());
        run->selectCharacter(0);
        QTest::keyClick(&w, Qt::Key_J, Qt::ControlModifier);
        QVERIFY(w.followAction()->isChecked());
        const auto middle = [&] { return view->mapToScene(view->viewport()->rect().center()); };
        const auto distance = [](QPointF a, QPointF b) { return std::hypot(a.x() - b.x(), a.y() - b.y()); };
        const double cell = view->transform().m11(); // pixels per scene unit
        QList<QPointF> seen;
        for (double t : {1.0, 3.5, 6.0}) { // anna on her way to the south well
            QVERIFY(run->runFor(t));
            QApplication::processEvents();
            const QPointF token = run->layer()->tokenPosition(0);
            seen << token;
            // Centred on it, but for an axis where the map's edge stops the camera.
            const QPointF at = middle();
            const QScrollBar *h = view->horizontalScrollBar(), *v = view->verticalScrollBar();
            const bool xOk = std::abs(at.x() - token.x()) * cell < 3
                || (token.x() < at.x() ? h->value() == h->minimum() : h->value() == h->maximum());
            const bool yOk = std::abs(at.y() - token.y()) * cell < 3
                || (token.y() < at.y() ? v->value() == v->minimum() : v->value() == v->maximum());
            QVERIFY2(
                xOk && yOk,
                qPrintable(
                    QStringLiteral("middle %1,%2, token %3,%4").arg(at.x()).arg(at.y()).arg(token.x()).arg(token.y())));
            QVERIFY(view->viewport()->rect().contains(view->mapFromScene(token)));
        }
        QVERIFY(distance(seen.front(), seen.back()) > 1); // it did walk, and the camera with it
        // Off again: the camera stays where it is.
        QTest::keyClick(&w, Qt::Key_J, Qt::ControlModifier);
        const QPointF stay = middle();
        QVERIFY(run->runFor(30));
        QApplication::processEvents();
        QVERIFY(distance(middle(), stay) * cell < 2);
    }
};

QTEST_MAIN(TestRunTools)
#include "test_runtools.moc"
