// The live simulation: the worker thread, coalesced frames, the transport,
// the inspector and the event log, with the real window (offscreen).
#include "charts/daycharts.h"
#include "docks/outline.h"
#include "forms/characterform.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "run/chartspanel.h"
#include "run/eventlogpanel.h"
#include "run/inspector.h"
#include "run/liverun.h"
#include "run/pilepicker.h"
#include "run/runlayer.h"
#include "run/simcontroller.h"
#include "run/simrunner.h"
#include "scenarios.h"
#include "scene/mapscene.h"
#include "sim/explain.h"
#include "sim/records.h"
#include "sim/simulation.h"
#include "synthetic.h"
#include "testutil.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSlider>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include <chrono>
#include <thread>

using namespace goap;
using namespace goap::editor;

namespace {

using goap::testing::compileShipped;
using goap::testing::kSource;

QByteArray headless(const std::shared_ptr<const CompiledScenario> &c, qint64 ticks, QByteArray *samples = nullptr)
{
    sim::Simulation s(c);
    s.start();
    s.stepTicks(ticks);
    if (samples)
        *samples = sim::samplesCsv(*c, s.samples());
    return sim::eventsJsonl(*c, s.events());
}

// Until the worker has handled every command and rests: signal-driven, no sleeps.
bool settle(const SimController &c, int timeoutMs = 60000)
{
    return QTest::qWaitFor([&] { return c.isSettled(); }, timeoutMs);
}

// A turn of the mouse wheel on the map view, as a user's: each notch zooms.
void wheel(QGraphicsView *view, int notches)
{
    const QPointF at = QPointF(view->viewport()->rect().center());
    for (int k = 0; k < std::abs(notches); ++k) {
        QWheelEvent event(at, view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, notches > 0 ? 120 : -120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view->viewport(), &event);
    }
}

// Whether a pixel near `at` (within `radius`) has a character's disc colour:
// its colour at 85% over the map's floor.
bool discColourNear(const QImage &image, QPoint at, int radius, const QColor &colour)
{
    const QColor floor(0xfb, 0xfa, 0xf6);
    auto mix = [](int c, int f) { return int(0.85 * c + 0.15 * f); };
    const QColor want(mix(colour.red(), floor.red()), mix(colour.green(), floor.green()),
                      mix(colour.blue(), floor.blue()));
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            const QPoint p = at + QPoint(dx, dy);
            if (!image.rect().contains(p))
                continue;
            const QColor c = image.pixelColor(p);
            if (std::abs(c.red() - want.red()) <= 12 && std::abs(c.green() - want.green()) <= 12
                && std::abs(c.blue() - want.blue()) <= 12)
                return true;
        }
    return false;
}

} // namespace

class TestLive : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void workerDayEqualsTheHeadlessRun()
    {
        const auto town = compileShipped("town.json");
        SimController c;
        c.load(town);
        c.setSpeed(0);
        c.runTo(1, 0);
        const qint64 perDay = 3000;
        QVERIFY(settle(c));
        QCOMPARE(c.snapshot().tick, perDay);
        QByteArray samples;
        QCOMPARE(sim::eventsJsonl(*town, c.events()), headless(town, perDay, &samples));
        QCOMPARE(sim::samplesCsv(*town, c.samples()), samples);
        // How many frames a day takes depends on the wall clock (a fast machine runs
        // the town's day within one 16 ms slice): at least the final one came.
        QVERIFY(c.framesReceived() >= 1);
    }

    void anySpeedGivesTheSameEvents_data()
    {
        QTest::addColumn<double>("speed");
        QTest::addColumn<qint64>("ticks"); // how far to let it run before the pause
        QTest::newRow("0.25x") << 0.25 << qint64(3);
        QTest::newRow("64x") << 64.0 << qint64(200);
        QTest::newRow("as fast as possible") << 0.0 << qint64(2000);
    }

    void anySpeedGivesTheSameEvents()
    {
        QFETCH(double, speed);
        QFETCH(qint64, ticks);
        const auto smithy = compileShipped("smithy.json");
        SimController c;
        c.load(smithy);
        c.setSpeed(speed);
        c.play();
        QTRY_VERIFY_WITH_TIMEOUT(c.snapshot().tick >= ticks, 30000);
        c.pause();
        QVERIFY(settle(c)); // the frame of the pause has arrived
        QVERIFY(c.snapshot().tick >= ticks);
        QCOMPARE(sim::eventsJsonl(*smithy, c.events()), headless(smithy, c.snapshot().tick));
    }

    void atMostOneFrameInFlight()
    {
        // The UI thread stays away from its event loop while the worker runs a
        // whole day at full speed: the worker must not queue frame after frame
        // for it, and the one frame it gets afterwards carries the whole stretch.
        const auto town = compileShipped("town.json");
        SimController c;
        c.load(town);
        c.setSpeed(0);
        QVERIFY(settle(c));
        const quint64 before = c.framesReceived();
        const std::uint64_t postedBefore = c.mailbox().posted();
        c.play();
        QCoreApplication::sendPostedEvents(); // hand the play command to the worker's thread
        std::this_thread::sleep_for(std::chrono::milliseconds(400)); // the UI is busy elsewhere
        // The worker ran on (a day at full speed takes far less than 400 ms)
        // but posted at most the one frame the UI has not taken, and never
        // built a frame only for the mailbox to drop it.
        QVERIFY(c.mailbox().posted() - postedBefore <= 1);
        QCOMPARE(c.mailbox().refused(), std::uint64_t(0));
        QCoreApplication::processEvents();
        QVERIFY2(c.framesReceived() - before <= 2,
                 qPrintable(QStringLiteral("%1 frames queued").arg(c.framesReceived() - before)));
        // Day-end stop: the run rests at the end of day 1 with every event of it.
        QVERIFY(settle(c));
        QCOMPARE(c.snapshot().tick, qint64(3000));
        QCOMPARE(c.eventsDropped(), std::uint64_t(0));
        QCOMPARE(sim::eventsJsonl(*town, c.events()), headless(town, 3000));
    }

    void cappedFramesCountWhatTheyDrop()
    {
        // A run far ahead of the view: the frame carries the newest events up
        // to the cap and counts the rest; the counts stay right.
        const auto town = compileShipped("town.json");
        SimController c;
        c.load(town);
        c.runTo(30, 0, false);
        QVERIFY(settle(c));
        sim::Simulation s(town);
        s.start();
        s.stepTicks(30 * 3000);
        const auto &all = s.events().events;
        QCOMPARE(c.eventsRecorded(), std::uint64_t(all.size()));
        QVERIFY(c.eventsDropped() > 0);
        QCOMPARE(c.events().events.size() + c.eventsDropped() + c.eventsTrimmed(), all.size());
        QVERIFY(!c.events().events.empty());
        QVERIFY(c.events().events.size() <= SimRunner::kMaxFrameEvents);
        // Of a run far ahead, only the days the views keep (the worker forgot the rest).
        QVERIFY(c.events().events.front().day >= c.snapshot().day - (SimRunner::kKeptDays - 1));
        // The newest events are the ones kept, plans and all.
        const sim::Event &last = c.events().events.back();
        QCOMPARE(last.t, all.back().t);
        QCOMPARE(int(last.kind), int(all.back().kind));
        QCOMPARE(sim::eventText(*town, c.events(), c.events().events[c.events().events.size() - 7]),
                 sim::eventText(*town, s.events(), all[all.size() - 7]));
        QVERIFY(c.framesReceived()
                <= 2); // the dawn (if the worker took the load alone) and the arrival: nothing on the way
    }

    void aLongRunKeepsItsLastDays()
    {
        // Keep Running for many days: the controller, the charts and the event
        // log hold the last kKeptDays days, not the whole history.
        const auto town = compileShipped("town.json");
        SimController c;
        ChartsPanel charts(&c);
        EventLogPanel log(&c);
        c.load(town);
        const int days = SimController::kKeptDays + 33;
        for (int d = 1; d <= days; ++d) { // a frame each day, as a view at any speed gets them
            c.runTo(d, 0);
            QVERIFY(settle(c));
        }
        const int first = c.snapshot().day - (SimController::kKeptDays - 1);
        QVERIFY(first > 0);
        QCOMPARE(c.firstKeptDay(), first);
        QVERIFY(c.samples().rows() > 0);
        QCOMPARE(c.samples().rowDay.front(), first);
        QVERIFY(!c.events().events.empty());
        QCOMPARE(c.events().events.front().day, first);
        QVERIFY(c.eventsTrimmed() > 0);
        // What is kept is the headless run's, event for event, plans and all.
        sim::Simulation s(town);
        s.start();
        s.stepTicks(std::int64_t(days) * 3000);
        const auto &all = s.events().events;
        QCOMPARE(c.events().events.size() + c.eventsTrimmed() + c.eventsDropped(), all.size());
        const auto &days_ = s.samples().rowDay;
        QCOMPARE(c.samples().rows(),
                 size_t(std::count_if(days_.begin(), days_.end(), [first](int d) { return d >= first; })));
        QCOMPARE(c.samples().insistence.size(), c.samples().rows() * c.samples().columns());
        const size_t offset = size_t(c.eventsTrimmed());
        for (size_t k = 0; k < c.events().events.size(); k += 97)
            QCOMPARE(sim::eventText(*town, c.events(), c.events().events[k]),
                     sim::eventText(*town, s.events(), all[offset + k]));
        // The charts show the days kept: their axis starts at the first.
        QCOMPARE(charts.insistence()->xAxis->range().lower, double(first) * 300);
        QCOMPARE(charts.insistence()->rowsShown(), c.samples().rows());
        QCOMPARE(log.model()->rowCount(), int(c.events().events.size()));
        // Markers of the days kept only (each kept day: a dawn line and label, the
        // town's reference line and label, six met labels; a few items of its own).
        QVERIFY2(charts.quotas()->itemCount() <= 10 * SimController::kKeptDays + 8,
                 qPrintable(QString::number(charts.quotas()->itemCount())));
    }

    void runForShowsEveryoneWhereTheyAre()
    {
        // --run-for then --screenshot: the map shows where the run put everyone,
        // not tokens easing from their dawn places (no frame came on the way).
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(QStringLiteral(GOAP_SOURCE_DIR "/scenarios/town.json")));
        QVERIFY(w.liveRun()->runFor(195));
        const sim::Snapshot &snap = w.liveRun()->controller()->snapshot();
        QVERIFY(!snap.agents.empty());
        for (const sim::AgentSnapshot &a : snap.agents)
            QCOMPARE(w.liveRun()->layer()->tokenPosition(a.index), MapScene::toScene(Point {a.x, a.y}));
    }

    void pauseStepAndRestart()
    {
        const auto cook = compileShipped("cook.json");
        SimController c;
        c.load(cook);
        QTRY_VERIFY(c.framesReceived() >= 1);
        QCOMPARE(c.snapshot().tick, qint64(0)); // the first dawn, nothing stepped yet
        c.setSpeed(8);
        c.play();
        QTRY_VERIFY(c.snapshot().tick > 20);
        c.pause();
        QVERIFY(settle(c));
        const qint64 paused = c.snapshot().tick;
        c.stepTick();
        QVERIFY(settle(c));
        QCOMPARE(c.snapshot().tick, paused + 1); // a pause is a pause: one step is one tick
        const size_t events = c.events().events.size();
        c.stepToEvent();
        QVERIFY(settle(c));
        QVERIFY(c.events().events.size() > events);
        QCOMPARE(sim::eventsJsonl(*cook, c.events()), headless(cook, c.snapshot().tick));
        c.restart();
        QVERIFY(settle(c));
        QCOMPARE(c.snapshot().tick, qint64(0));
        QCOMPARE(c.events().events.size(), size_t(1)); // just the dawn
        c.nextDay();
        QVERIFY(settle(c));
        QCOMPARE(c.snapshot().tick, qint64(2400));
        QCOMPARE(c.snapshot().day, 0);
        QVERIFY(!c.isPlaying());
    }

    void uiStaysResponsiveDuringAFastMultiDayRun()
    {
        SimController c;
        c.load(compileShipped("town.json"));
        c.setSpeed(0);
        c.setRunDays(0); // keep running
        c.play();
        QTRY_VERIFY_WITH_TIMEOUT(c.snapshot().day >= 2, 30000); // several days go by
        // Whatever the UI posts now is handled before more than one frame
        // arrives: frames never queue up ahead of the user.
        for (int i = 0; i < 20; ++i) {
            const quint64 before = c.framesReceived();
            quint64 framesBefore = 0;
            bool ran = false;
            QMetaObject::invokeMethod(
                &c,
                [&] {
                    ran = true;
                    framesBefore = c.framesReceived() - before;
                },
                Qt::QueuedConnection);
            QTRY_VERIFY(ran);
            QVERIFY2(framesBefore <= 1, qPrintable(QStringLiteral("%1 frames went first").arg(framesBefore)));
        }
        QVERIFY(c.isPlaying());
        c.pause();
        QVERIFY(settle(c));
    }

    void playStopsAtTheEndOfTheDay()
    {
        // The real widgets: the speed box at "as fast as possible", Play.
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        LiveRun *run = w.liveRun();
        QComboBox *speed = run->speedBox();
        const int fastest = speed->findData(0.0);
        QVERIFY(fastest >= 0);
        speed->setCurrentIndex(fastest);
        emit speed->activated(fastest);
        QVERIFY(run->runOneDayAction()->isChecked()); // the default
        run->playAction()->trigger();
        const SimController *c = run->controller();
        QVERIFY(settle(*c));
        QCOMPARE(c->snapshot().tick, qint64(3000));
        QCOMPARE(c->snapshot().day, 0);
        QVERIFY(run->stripText().contains(u"Day 1 · 5:00 of 5:00"));
        QVERIFY(run->playAction()->isEnabled());
        // Play again: the next day, and a stop at its end.
        run->playAction()->trigger();
        QVERIFY(settle(*c));
        QCOMPARE(c->snapshot().tick, qint64(6000));

        // Run N days: three more.
        run->setRunDays(3);
        QVERIFY(run->runDaysAction()->isChecked());
        run->playAction()->trigger();
        QVERIFY(settle(*c));
        QCOMPARE(c->snapshot().tick, qint64(15000));

        // Keep running: past day ends until paused.
        run->keepRunningAction()->trigger();
        QCOMPARE(c->runDays(), 0);
        run->playAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(c->snapshot().tick > 24000, 60000);
        QVERIFY(c->isPlaying());
        run->pause();
        QVERIFY(settle(*c));
        // Every event is either in the log or counted as skipped by the live view.
        sim::Simulation s(c->scenarioPtr());
        s.start();
        s.stepTicks(c->snapshot().tick);
        QCOMPARE(c->events().events.size() + c->eventsDropped() + c->eventsTrimmed(), s.events().events.size());
        QCOMPARE(c->eventsRecorded(), std::uint64_t(s.events().events.size()));
    }

    void inspectorShowsTheBallotAndWhy()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.liveRun()->runFor(30));
        QVERIFY(w.inspect(QStringLiteral("farmer")));
        Inspector *in = w.liveRun()->inspector();
        QCOMPARE(in->character(), 3);
        QCOMPARE(in->ballotTable->rowCount(), 2);
        QCOMPARE(in->ballotTable->item(0, 0)->text(), QStringLiteral("Harvest wheat"));
        QCOMPARE(in->ballotTable->item(1, 0)->text(), QStringLiteral("Hunger"));
        QCOMPARE(in->ballotTable->item(0, 4)->text(), QStringLiteral("no plan"));
        QVERIFY(in->header->text().startsWith(u"Farmer — waiting"));
        QVERIFY2(in->whyLabel->text().contains(
                     u"Harvest wheat needs world.tools >= 1 (now 0): produced by Blacksmith's forgeTool"),
                 qPrintable(in->whyLabel->text()));
        QVERIFY(in->whyLabel->text().contains(u"Hunger needs world.bread >= 1 (now 0): produced by Baker's bakeBread"));
        // The token says why too, verbatim.
        QCOMPARE(w.liveRun()->layer()->bubbleText(3),
                 QStringLiteral("No viable plan — waiting on the world to change"));
        QVERIFY(w.liveRun()->stripText().contains(u"Day 1 · 0:30 of 5:00"));
        // The outline follows the selection.
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Character, 3}));

        // A working character: the plan, its step highlighted (the smelter
        // plans to smelt at 0:48.1, once the miner's third ore exists, and
        // walks round the smithy's walls).
        QVERIFY(w.liveRun()->runFor(51));
        QVERIFY(w.inspect(QStringLiteral("smelter")));
        QVERIFY(in->planTree->topLevelItemCount() >= 1);
        QVERIFY(in->planTree->topLevelItem(0)->text(0).contains(u"smeltIron"));
        QVERIFY(in->planTree->topLevelItem(0)->font(0).bold());
    }

    void heldCharacterSaysWhoHoldsIt()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/hospital.json")));
        LiveRun *run = w.liveRun();
        int held = -1;
        for (double t = 10; t <= 600 && held < 0; t += 5) {
            QVERIFY(run->runFor(t));
            for (const sim::AgentSnapshot &a : run->controller()->snapshot().agents)
                if (a.heldBy >= 0 && held < 0)
                    held = a.index;
        }
        QVERIFY(held >= 0);
        run->selectCharacter(held);
        const sim::Snapshot &snap = run->controller()->snapshot();
        const auto &agents = snap.agents;
        const auto patient
            = std::find_if(agents.begin(), agents.end(), [&](const sim::AgentSnapshot &a) { return a.index == held; });
        const auto nurse = std::find_if(agents.begin(), agents.end(),
                                        [&](const sim::AgentSnapshot &a) { return a.index == patient->heldBy; });
        QVERIFY(nurse != agents.end());
        Inspector *in = run->inspector();
        // The inspector says what the map says: who holds it and what they are doing with it.
        QCOMPARE(run->layer()->bubbleText(held), QStringLiteral("with %1").arg(nurse->label));
        QVERIFY2(in->header->text().contains(QStringLiteral(" — with %1 at").arg(nurse->label)),
                 qPrintable(in->header->text()));
        const QString goal = in->goalLabel->text();
        QVERIFY2(goal.startsWith(QStringLiteral("With %1: ").arg(nurse->label)), qPrintable(goal));
        QVERIFY(!goal.contains(QString::fromUtf8(sim::kWaitingReason)));
        // Registered at the desk, fetched from the waiting room, or walked to a cubicle and treated there.
        if (nurse->phase == sim::Phase::Acting)
            QVERIFY2(goal.contains(u"Register a patient (") || goal.contains(u"Get patient (")
                         || goal.contains(u"Go to cubicle and treat ("),
                     qPrintable(goal));
        else if (nurse->phase == sim::Phase::Walking)
            QVERIFY2(goal.contains(u"walking to Cubicles"), qPrintable(goal));
        QVERIFY(in->whyLabel->text().isEmpty()); // it does not plan while held
    }

    void noPlanWithNothingMissingIsSaidInWords()
    {
        const auto town = compileShipped("town.json");
        sim::GoalExplanation e;
        e.goal = 0;
        const QStringList lines = sim::explanationLines(*town, e);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(!lines[0].contains(u"node cap") && !lines[0].contains(u"within reach"), qPrintable(lines[0]));
        QVERIFY2(lines[0].contains(u"nothing it needs is missing now") && lines[0].contains(u"after trying 5000 steps"),
                 qPrintable(lines[0]));
    }

    void crowdedSpotOffersAPickList()
    {
        // Three of the town on one spot, resting (everyone rests for the first
        // seconds). No two stand on one cell while there is room, so walls
        // close the miner's cell in: the three share it.
        Scenario town = *readScenarioFile(kSource + QStringLiteral("/scenarios/town.json")).scenario;
        town.agents[1].at = town.agents[2].at = town.agents[0].at;
        const double cx = std::floor(town.agents[0].at.x), cy = std::floor(town.agents[0].at.y);
        town.map.walls = {Wall {cx - 1, cy - 1, 3, 1}, Wall {cx - 1, cy + 1, 3, 1}, Wall {cx - 1, cy, 1, 1},
                          Wall {cx + 1, cy, 1, 1}};
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        w.document()->reset(town, {});
        QVERIFY(w.liveRun()->runFor(1));
        RunLayer *layer = w.liveRun()->layer();
        // One name for the pile, and one bubble with a count (issue #29: no towers of bubbles).
        QCOMPARE(layer->nameText(0), QStringLiteral("Miner +2"));
        QVERIFY(layer->nameText(1).isEmpty());
        QVERIFY(layer->nameText(2).isEmpty());
        QCOMPARE(layer->nameText(3), QStringLiteral("Farmer"));
        QCOMPARE(layer->shownBubble(0), layer->bubbleText(0) + QStringLiteral(" ×3"));
        QVERIFY(layer->shownBubble(1).isEmpty());
        QVERIFY(layer->shownBubble(2).isEmpty());

        // A click on the pile, on the real map view, offers the three.
        QGraphicsView *view = w.mapView();
        const QPoint pile = view->mapFromScene(MapScene::toScene(town.agents[0].at));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, pile);
        QMenu *menu = nullptr;
        QTRY_VERIFY((menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) != nullptr);
        QList<int> offered;
        QAction *smith = nullptr;
        for (QAction *a : menu->actions())
            if (a->data().isValid()) {
                offered << a->data().toInt();
                if (a->data().toInt() == 2)
                    smith = a;
            }
        std::sort(offered.begin(), offered.end());
        QCOMPARE(offered, (QList<int> {0, 1, 2}));
        QVERIFY(smith && smith->text().startsWith(u"Blacksmith"));
        smith->trigger();
        menu->close();
        QCOMPARE(w.liveRun()->inspector()->character(), 2);

        // A lone token is selected at once, without a list.
        const QPoint farmer = view->mapFromScene(MapScene::toScene(town.agents[3].at));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, farmer);
        QCOMPARE(w.liveRun()->inspector()->character(), 3);
        QVERIFY(!QApplication::activePopupWidget());
    }

    // Issue #29, 5: a hospital spawning a patient every second piles a
    // hundred of them on one cell. The pile has one bubble with a count, not
    // a tower; a click on it offers a short menu, grouped by what they do and
    // sorted by name, whose "Show all" opens a list to search; a click there
    // selects the character.
    void aBigPileIsReadableAndPickable()
    {
        Scenario hospital = *readScenarioFile(kSource + QStringLiteral("/scenarios/hospital.json")).scenario;
        hospital.spawners[0].every = 1;
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.document()->reset(hospital, {});
        QVERIFY(w.liveRun()->runFor(300));
        QVERIFY(settle(*w.liveRun()->controller()));
        RunLayer *layer = w.liveRun()->layer();
        layer->settle();
        QList<int> pile;
        for (int i = 0; i < 400; ++i)
            if (const QList<int> here = layer->charactersAt(layer->tokenPosition(i)); here.size() > pile.size())
                pile = here;
        QVERIFY2(pile.size() > 100, qPrintable(QString::number(pile.size())));
        const QPointF spot = layer->tokenPosition(pile.first());

        // One bubble for the pile, saying how many.
        QStringList bubbles;
        for (int agent : pile)
            if (const QString b = layer->shownBubble(agent); !b.isEmpty())
                bubbles << b;
        QCOMPARE(bubbles.size(), 1);
        QVERIFY2(bubbles.first().contains(u'×'), qPrintable(bubbles.first()));

        // A click on the pile: a bounded menu, grouped, sorted by name in each group.
        QGraphicsView *view = w.mapView();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(spot));
        QMenu *menu = nullptr;
        QTRY_VERIFY((menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) != nullptr);
        int entries = 0, headings = 0;
        QString previous;
        QAction *all = nullptr;
        for (QAction *a : menu->actions()) {
            if (!a->isSeparator() && !a->isEnabled()) { // a group's heading: what they do, how many
                ++headings;
                previous.clear();
                QVERIFY2(a->text().endsWith(u')'), qPrintable(a->text()));
            } else if (a->data().isValid()) {
                ++entries;
                const QString name = a->text().section(QStringLiteral(" — "), 0, 0);
                QVERIFY2(previous.isEmpty() || !lessByName(name, previous), qPrintable(previous + " > " + name));
                previous = name;
            } else if (a->text().startsWith(u"Show all")) {
                all = a;
            }
        }
        QVERIFY(entries > 0 && entries <= RunLayer::kMenuCap);
        QVERIFY(headings >= 1);
        QVERIFY(lessByName(QStringLiteral("Patient 9"), QStringLiteral("Patient 10")));
        QVERIFY(menu->sizeHint().height() < view->height());
        QVERIFY(all);
        QVERIFY2(all->text().contains(QString::number(pile.size())), qPrintable(all->text()));

        // "Show all": the whole pile in a list, searched by typing, picked by a click.
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(all).center());
        PilePicker *picker = nullptr;
        QTRY_VERIFY((picker = qobject_cast<PilePicker *>(QApplication::activePopupWidget())) != nullptr);
        QVERIFY(picker->height() < view->height());
        const int chosen = pile.last();
        const QString name = layer->tokenToolTip(chosen).section(u'\n', 0, 0).section(QStringLiteral(" — "), 0, 0);
        QVERIFY(!name.isEmpty());
        QTest::keyClicks(picker->filter(), name);
        const QRect row = picker->rowRect(chosen);
        QVERIFY(row.isValid());
        QTest::mouseClick(picker->view()->viewport(), Qt::LeftButton, {}, row.center());
        QCOMPARE(w.liveRun()->inspector()->character(), chosen);
        QTRY_VERIFY(!QApplication::activePopupWidget());
        // The one picked tops its pile: its name is the one shown there.
        QVERIFY2(layer->nameText(chosen).startsWith(name), qPrintable(layer->nameText(chosen)));
    }

    // Issue #29, 5: names and bubbles give way instead of overprinting
    // ("BakerCarpenter"), the selected character's always shown.
    void labelsGiveWayToTheSelectedOne()
    {
        Scenario town = *readScenarioFile(kSource + QStringLiteral("/scenarios/town.json")).scenario;
        town.agents[4].at = Point {town.agents[5].at.x + 1, town.agents[5].at.y}; // the carpenter beside the baker
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.document()->reset(town, {});
        QVERIFY(w.liveRun()->runFor(1));
        RunLayer *layer = w.liveRun()->layer();
        layer->settle();
        const int carpenter = 4, baker = 5;
        QVERIFY(layer->charactersAt(layer->tokenPosition(carpenter)) == QList<int> {carpenter});
        // Side by side, one name shows: the other gave way.
        QCOMPARE(int(layer->nameText(carpenter).isEmpty()) + int(layer->nameText(baker).isEmpty()), 1);
        QCOMPARE(int(layer->shownBubble(carpenter).isEmpty()) + int(layer->shownBubble(baker).isEmpty()), 1);
        // A click on the one hidden selects it, and its label wins.
        const int hidden = layer->nameText(carpenter).isEmpty() ? carpenter : baker;
        const int other = hidden == carpenter ? baker : carpenter;
        QGraphicsView *view = w.mapView();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(layer->tokenPosition(hidden)));
        QCOMPARE(w.liveRun()->inspector()->character(), hidden);
        QVERIFY(!layer->nameText(hidden).isEmpty());
        QVERIFY(layer->nameText(other).isEmpty());
        QVERIFY(!layer->shownBubble(hidden).isEmpty());
        // Hover still tells who the other is.
        QVERIFY(layer->tokenToolTip(other).startsWith(town.agents[other].label));
    }

    // Issue #30: the crowd is one item however many there are. A run of
    // 10,000 characters adds as many items to the map as a run of the
    // town's 6 (the start markers leave the scene while tokens show), and a
    // click picks through the one item: a pile offers its list, exactly the
    // characters standing there.
    void theCrowdIsOneItem()
    {
        const Scenario town = goap::testing::loadShipped(QStringLiteral("town.json"));
        auto itemsDuringARun = [&](const Scenario &s, auto more) {
            MainWindow w;
            w.resize(1400, 900);
            w.show();
            w.document()->reset(s, {});
            const int editing = int(w.mapScene()->items().size());
            [&] { QVERIFY(w.liveRun()->runFor(2)); }();
            const int running = int(w.mapScene()->items().size());
            more(w);
            return std::pair {editing, running};
        };
        const auto [small, smallRun] = itemsDuringARun(town, [](MainWindow &) {});
        const auto [big, bigRun] = itemsDuringARun(goap::testing::replicatedTown(town, 10000), [](MainWindow &w) {
            RunLayer *layer = w.liveRun()->layer();
            layer->settle();
            QCOMPARE(layer->tokenCount(), 10000);
            // The biggest pile there is, clicked on the real view: its list names exactly those there.
            QList<int> pile;
            for (int i = 0; i < 10000; i += 97)
                if (const QList<int> here = layer->charactersAt(layer->tokenPosition(i)); here.size() > pile.size())
                    pile = here;
            QVERIFY(pile.size() > 1);
            QGraphicsView *view = w.mapView();
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                              view->mapFromScene(layer->tokenPosition(pile.first())));
            QMenu *menu = nullptr;
            QTRY_VERIFY((menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) != nullptr);
            QVERIFY2(menu->actions().first()->text().contains(QString::number(pile.size())),
                     qPrintable(menu->actions().first()->text()));
            for (QAction *a : menu->actions())
                if (a->data().isValid())
                    QVERIFY(pile.contains(a->data().toInt()));
            menu->close();
        });
        QCOMPARE(big, small); // editing too: the start markers are one item (issue #28)
        QCOMPARE(bigRun, smallRun); // running: the crowd's one item, whatever its size
        QVERIFY2(bigRun < 100, qPrintable(QString::number(bigRun)));
        QVERIFY(small < 100);
    }

    // Issue #30: a click at a character's token selects exactly that one, at
    // several places of the map; hover names the one under the pointer.
    void aClickAndHoverPickTheTokenUnderThem()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.document()->reset(goap::testing::loadShipped(QStringLiteral("town.json")), {});
        QVERIFY(w.liveRun()->runFor(1));
        RunLayer *layer = w.liveRun()->layer();
        layer->settle();
        QGraphicsView *view = w.mapView();
        for (const int agent : {5, 0, 3, 1}) {
            QCOMPARE(layer->charactersAt(layer->tokenPosition(agent)), QList<int> {agent});
            const QPoint at = view->mapFromScene(layer->tokenPosition(agent));
            QTest::mouseMove(view->viewport(), at + QPoint(2, 1)); // off centre: still on its disc
            QCOMPARE(layer->hovered(), agent);
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at + QPoint(-2, 2));
            QCOMPARE(w.liveRun()->inspector()->character(), agent);
            QCOMPARE(layer->selected(), agent);
        }
        // Off every token, nobody is hovered.
        QTest::mouseMove(view->viewport(), view->mapFromScene(QPointF(-30, -30)));
        QCOMPARE(layer->hovered(), -1);
    }

    // Issue #30: labels show where they can be read. Zoomed out past
    // kReadableScale only the selected character's name and the hovered
    // one's show; zoomed in again, everyone's.
    void labelsShowWhereTheyCanBeRead()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.document()->reset(goap::testing::loadShipped(QStringLiteral("town.json")), {});
        QVERIFY(w.liveRun()->runFor(1));
        RunLayer *layer = w.liveRun()->layer();
        layer->settle();
        QGraphicsView *view = w.mapView();
        QVERIFY(RunLayer::readable(view->transform().m11()));
        for (int i = 0; i < 6; ++i)
            QVERIFY2(!layer->nameText(i).isEmpty(), qPrintable(QString::number(i)));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(layer->tokenPosition(2)));
        QCOMPARE(layer->selected(), 2);
        wheel(view, -6); // out
        QVERIFY2(!RunLayer::readable(view->transform().m11()), qPrintable(QString::number(view->transform().m11())));
        QCOMPARE(layer->nameText(2), w.scenario().agents[2].label); // the selected one's
        for (const int i : {0, 1, 3, 4, 5})
            QVERIFY2(layer->nameText(i).isEmpty(), qPrintable(layer->nameText(i)));
        // The one under the pointer shows its name too.
        QTest::mouseMove(view->viewport(), view->mapFromScene(layer->tokenPosition(4)));
        QCOMPARE(layer->hovered(), 4);
        QCOMPARE(layer->nameText(4), w.scenario().agents[4].label);
        QVERIFY(layer->nameText(3).isEmpty());
        wheel(view, 6); // back in
        QVERIFY(RunLayer::readable(view->transform().m11()));
        for (int i = 0; i < 6; ++i)
            QVERIFY2(!layer->nameText(i).isEmpty(), qPrintable(QString::number(i)));
    }

    // Issue #30: the crowd's one paint draws each token where its frame put
    // it: a character moved by a frame shows at its new place, not its old.
    void aMovedCharacterIsDrawnAtItsNewPlace()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        w.document()->reset(goap::testing::loadShipped(QStringLiteral("town.json")), {});
        QVERIFY(w.liveRun()->runFor(1));
        RunLayer *layer = w.liveRun()->layer();
        layer->settle();
        QGraphicsView *view = w.mapView();
        const int agent = 3;
        const QColor colour = MapScene::characterColor(agent);
        sim::Snapshot snap = w.liveRun()->controller()->snapshot();
        auto it = std::find_if(snap.agents.begin(), snap.agents.end(),
                               [&](const sim::AgentSnapshot &a) { return a.index == agent; });
        QVERIFY(it != snap.agents.end());
        const QPointF was = layer->tokenPosition(agent);
        // An empty floor cell (the map's corner), and a point of the disc's colour left of its figure.
        const QPointF to = MapScene::toScene(Point {0.5, 13.5});
        QVERIFY(layer->charactersAt(to).isEmpty());
        auto discPoint = [&](QPointF centre) { return view->mapFromScene(centre + QPointF(-6, 0)); };
        QImage before = view->viewport()->grab().toImage();
        QVERIFY(discColourNear(before, discPoint(was), 2, colour));
        QVERIFY(!discColourNear(before, discPoint(to), 2, colour));
        it->x = 0.5;
        it->y = 13.5;
        layer->apply(snap);
        layer->settle();
        QCOMPARE(layer->tokenPosition(agent), to);
        QImage after = view->viewport()->grab().toImage();
        QVERIFY(discColourNear(after, discPoint(to), 2, colour));
        QVERIFY(!discColourNear(after, discPoint(was), 2, colour));
    }

    // Issue #15, 5: a run at rest can be scrubbed. The timeline slider moves
    // the map, the inspector, the clock and the charts' cursor to any moment,
    // exactly as a fresh run stepped there; a click on an event jumps to it;
    // the live end shows the run again; while playing it is off.
    void aRunAtRestIsScrubbed()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        LiveRun *ui = w.liveRun();
        QVERIFY(ui->runFor(150));
        QSlider *slider = ui->scrubSlider();
        QTRY_VERIFY(slider->isEnabled());
        QCOMPARE(slider->maximum(), 1500);
        const auto compiled = ui->controller()->scenarioPtr();
        for (const int tick : {0, 1, 600, 1234}) {
            slider->setValue(tick); // as a drag does
            sim::Simulation fresh(compiled);
            fresh.start();
            fresh.stepTicks(tick);
            for (int i = 0; i < 6; ++i)
                QCOMPARE(ui->layer()->tokenPosition(i), MapScene::toScene(Point {fresh.x(i), fresh.y(i)}));
            QVERIFY2(ui->stripText().contains(u"looking back"), qPrintable(ui->stripText()));
        }
        ui->selectCharacter(5);
        slider->setValue(600);
        QVERIFY2(ui->inspector()->header->text().startsWith(u"Baker"), qPrintable(ui->inspector()->header->text()));
        // A click on an event jumps to its moment.
        EventLogPanel *log = ui->eventLog();
        const QModelIndex first = log->view()->model()->index(3, 0);
        const qint64 at = first.data(EventLogModel::TickRole).toLongLong();
        QVERIFY(at > 0 && at < 1500);
        emit log->view()->clicked(first);
        QCOMPARE(slider->value(), int(at));
        // So does a click on a point of a chart.
        w.dock(QStringLiteral("charts"))->show();
        w.dock(QStringLiteral("charts"))->raise();
        InsistenceChart *chart = ui->charts()->insistence();
        QTRY_VERIFY(chart->isVisible());
        chart->replot();
        QCPGraph *line = chart->graphFor(1); // the miner's hunger
        QVERIFY(line && line->dataCount() > 100);
        const double key = line->data()->at(100)->key;
        const QPointF pixel = line->coordsToPixels(key, line->data()->at(100)->value);
        QTest::mouseClick(chart, Qt::LeftButton, {}, pixel.toPoint());
        QTRY_COMPARE(slider->value(), int(std::llround(key * 10)));
        // The live end is the run itself; Play turns the slider off.
        slider->setValue(slider->maximum());
        QVERIFY(!ui->stripText().contains(u"looking back"));
        ui->play();
        QTRY_VERIFY(!slider->isEnabled());
        ui->pause();
        QTRY_VERIFY(slider->isEnabled());
    }

    void eventLogFiltersAndSelects()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        QVERIFY(w.liveRun()->runFor(60));
        EventLogPanel *log = w.liveRun()->eventLog();
        const SimController *c = w.liveRun()->controller();
        QCOMPARE(log->visibleRows(), int(c->events().events.size()));
        log->setCharacterFilter(1);
        int mine = 0;
        for (const sim::Event &e : c->events().events)
            mine += e.agent == 1;
        QCOMPARE(log->visibleRows(), mine);
        log->setKindFilter(int(sim::EventKind::Waiting));
        QCOMPARE(log->visibleRows(), 1);
        const QModelIndex index = log->view()->model()->index(0, 0);
        emit log->view()->clicked(index);
        QCOMPARE(w.liveRun()->inspector()->character(), 1);
        QVERIFY(log->noteText().isEmpty()); // nothing hidden
    }

    void eventLogGroupsSpawnedCopiesByTemplate()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/hospital.json")));
        QVERIFY(w.liveRun()->runFor(120));
        EventLogPanel *log = w.liveRun()->eventLog();
        const SimController *c = w.liveRun()->controller();
        const CompiledScenario &s = *c->scenario();
        QCOMPARE(s.templateIds.size(), size_t(1));
        // The filter offers the template's copies as one entry, chosen with the mouse and keyboard.
        QComboBox *box = log->characterBox();
        const int entry = box->findData(EventLogModel::templateFilter(0));
        QVERIFY(entry > 0);
        QVERIFY(box->itemText(entry).contains(s.templateLabels[0]));
        box->setFocus();
        box->setCurrentIndex(0);
        for (int k = 0; k < entry; ++k)
            QTest::keyClick(box, Qt::Key_Down);
        QCOMPARE(box->currentIndex(), entry);
        int copies = 0;
        for (const sim::Event &e : c->events().events)
            copies += e.agent >= int(s.agents.size());
        QVERIFY(copies > 0);
        QCOMPARE(log->visibleRows(), copies);
    }

    void eventLogKeepsTheNewestEvents()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        EventLogPanel *log = w.liveRun()->eventLog();
        QCOMPARE(log->model()->maxRows(), 100000);
        log->model()->setMaxRows(10);
        w.liveRun()->setSpeed(64);
        w.liveRun()->play();
        QTRY_VERIFY_WITH_TIMEOUT(w.liveRun()->controller()->events().events.size() > 20, 30000);
        w.liveRun()->pause();
        const SimController *c = w.liveRun()->controller();
        QVERIFY(settle(*c));
        const auto &events = c->events().events;
        QCOMPARE(log->visibleRows(), 10);
        QCOMPARE(log->model()->firstEvent(), events.size() - 10);
        const QModelIndex first = log->model()->index(0, EventLogModel::Text);
        QCOMPARE(first.data().toString(), sim::eventText(*c->scenario(), c->events(), events[events.size() - 10]));
        QVERIFY2(log->noteText().contains(QStringLiteral("%1 older ones").arg(events.size() - 10)),
                 qPrintable(log->noteText()));
    }

    void invalidDocumentsCannotRun()
    {
        MainWindow w;
        QVERIFY(w.newDocument());
        w.document()->submit(edits::addEntity(w.document()->scenario(), EntityKind::Goal, {},
                                              GoalKind::Need)); // a goal without conditions is an error
        QVERIFY(hasErrors(w.document()->issues()));
        QVERIFY(!w.liveRun()->play());
        QVERIFY(!w.liveRun()->controller()->hasRun());
    }

    void editsTakeEffectOnRestart()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(w.liveRun()->runFor(5));
        QCOMPARE(w.liveRun()->controller()->scenario()->agents[0].speed, 2.0);
        w.outline()->select(ItemRef {EntityKind::Character, 0});
        w.characterForm()->speedBox->setValue(3);
        QCOMPARE(w.liveRun()->controller()->scenario()->agents[0].speed, 2.0); // the run keeps what it compiled
        w.liveRun()->restart();
        QCOMPARE(w.liveRun()->controller()->scenario()->agents[0].speed, 3.0);
        // Stopping brings back the editable start markers; the stations stay.
        w.liveRun()->stop();
        QVERIFY(!w.liveRun()->controller()->hasRun());
        QCOMPARE(w.liveRun()->layer()->tokenCount(), 0);
    }

    // Walls painted during a run take effect at its next tick (issue #25): the
    // walker whose way closes re-plans and says why; nothing waits for Restart;
    // scrubbing back over the change shows what the run did.
    void wallsPaintedDuringARunTakeEffectAtTheNextTick()
    {
        const QByteArray json = R"({ "format": "goap-scenario", "version": 2, "name": "Live walls",
          "day": { "length": 120, "tick": 0.1 }, "map": { "width": 20, "height": 12 }, "world": {},
          "stations": [ { "id": "s1", "at": [5, 5] }, { "id": "s2", "at": [15, 5] } ],
          "actions": [ { "id": "work", "station": "s1", "duration": 2, "cost": 1, "add": { "agent.worked": 1 } },
                       { "id": "eat", "station": "s2", "duration": 2, "cost": 1, "add": { "agent.fed": 1 } } ],
          "goals": [ { "id": "quota", "kind": "quota", "conditions": { "agent.worked": 3 }, "urgency": 1 },
                     { "id": "hunger", "kind": "need", "conditions": { "agent.fed": 1 }, "start": 0.3, "rate": 0.02 } ],
          "agents": [ { "id": "c", "at": [1, 1], "speed": 2, "facts": {}, "actions": ["work", "eat"],
                        "goals": [ { "goal": "quota" }, { "goal": "hunger" } ] } ] })";
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("live-walls.json"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(json);
        out.close();
        // When it is on its way to s2, headless.
        const auto compiled = std::make_shared<const CompiledScenario>(compile(*readScenario(json).scenario));
        sim::Simulation probe(compiled);
        probe.start();
        while (!(probe.phase(0) == sim::Phase::Walking && probe.currentStation(0) == 1 && probe.x(0) > 6))
            probe.step();
        const qint64 when = probe.totalTicks();

        MainWindow w;
        w.show();
        QVERIFY(w.openFile(file));
        QVERIFY(w.liveRun()->runFor(double(when) * 0.1));
        SimController &c = *w.liveRun()->controller();
        QVERIFY(settle(c));
        QCOMPARE(c.snapshot().tick, when);
        QVERIFY(w.document()->submit(edits::addWall(w.document()->scenario(), Wall {10, 0, 1, 12})).isEmpty());
        QVERIFY(!w.liveRun()->editedSinceStart()); // walls need no Restart
        w.liveRun()->stepTick();
        QVERIFY(settle(c));
        QCOMPARE(c.snapshot().tick, when + 1);
        bool said = false;
        for (const sim::Event &e : c.events().events)
            said = said
                || (e.kind == sim::EventKind::RecheckFailed
                    && sim::eventText(*compiled, c.events(), e).contains(QStringLiteral("s2: no way there from")));
        QVERIFY(said);
        QVERIFY(!(c.snapshot().agents[0].phase == sim::Phase::Walking && c.snapshot().agents[0].x > 10));
        // The rest of the day stays on its side; scrubbing back over the change agrees.
        QVERIFY(w.liveRun()->runFor(60));
        QVERIFY(settle(c));
        QVERIFY(c.snapshot().agents[0].x < 10);
        sim::Simulation again(compiled);
        again.changeWalls(when, {Wall {10, 0, 1, 12}});
        again.stepTicks(when + 30);
        sim::Snapshot shown;
        connect(w.liveRun(), &LiveRun::snapshotShown, this,
                [&](const CompiledScenario *, const sim::Snapshot &snapshot) { shown = snapshot; });
        QVERIFY(w.liveRun()->scrub(when + 30));
        QCOMPARE(shown.tick, when + 30);
        QCOMPARE(shown.agents[0].x, again.snapshot().agents[0].x);
        QCOMPARE(shown.agents[0].y, again.snapshot().agents[0].y);
        // Other edits still wait for Restart.
        w.outline()->select(ItemRef {EntityKind::Character, 0});
        w.characterForm()->speedBox->setValue(3);
        QVERIFY(w.liveRun()->editedSinceStart());
    }
};

QTEST_MAIN(TestLive)
#include "test_live.moc"
