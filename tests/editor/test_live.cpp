// The live simulation: the worker thread, coalesced frames, the transport,
// the inspector and the event log, with the real window (offscreen).
#include "docks/outline.h"
#include "forms/agentform.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "run/eventlogpanel.h"
#include "run/inspector.h"
#include "run/runlayer.h"
#include "run/runui.h"
#include "run/simcontroller.h"
#include "sim/records.h"
#include "sim/simulation.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

using namespace goap;
using namespace goap::editor;

namespace {

const QString kSource = QStringLiteral(GOAP_SOURCE_DIR);

std::shared_ptr<const CompiledScenario> load(const char *name)
{
    const ReadResult r = readScenarioFile(kSource + QStringLiteral("/scenarios/") + QLatin1String(name));
    return std::make_shared<const CompiledScenario>(compile(*r.scenario));
}

QByteArray headless(const std::shared_ptr<const CompiledScenario> &c, qint64 ticks, QByteArray *samples = nullptr)
{
    sim::Simulation s(c);
    s.start();
    s.stepTicks(ticks);
    if (samples)
        *samples = sim::samplesCsv(*c, s.samples());
    return sim::eventsJsonl(*c, s.events());
}

bool waitForTick(SimController &c, qint64 tick, int timeoutMs = 60000)
{
    QElapsedTimer t;
    t.start();
    while (c.snapshot().tick < tick && t.elapsed() < timeoutMs)
        QTest::qWait(5);
    return c.snapshot().tick == tick;
}

} // namespace

class TestLive : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void workerDayEqualsTheHeadlessRun()
    {
        const auto town = load("town.json");
        SimController c;
        c.load(town);
        c.setSpeed(0);
        c.runTo(1, 0);
        const qint64 perDay = 3000;
        QVERIFY(waitForTick(c, perDay));
        QTRY_VERIFY(!c.isPlaying());
        QByteArray samples;
        QCOMPARE(sim::eventsJsonl(*town, c.events()), headless(town, perDay, &samples));
        QCOMPARE(sim::samplesCsv(*town, c.samples()), samples);
        QVERIFY(c.framesReceived() >= 2);
    }

    void anySpeedGivesTheSameEvents_data()
    {
        QTest::addColumn<double>("speed");
        QTest::newRow("0.25x") << 0.25;
        QTest::newRow("64x") << 64.0;
        QTest::newRow("as fast as possible") << 0.0;
    }

    void anySpeedGivesTheSameEvents()
    {
        QFETCH(double, speed);
        const auto smithy = load("smithy.json");
        SimController c;
        c.load(smithy);
        c.setSpeed(speed);
        c.play();
        QTest::qWait(600);
        c.pause();
        QTRY_VERIFY(!c.isPlaying());
        QTest::qWait(50); // the last frame
        const qint64 ticks = c.snapshot().tick;
        QVERIFY(ticks > 0);
        QCOMPARE(sim::eventsJsonl(*smithy, c.events()), headless(smithy, ticks));
    }

    void framesAreCoalesced_data()
    {
        QTest::addColumn<double>("speed");
        QTest::newRow("64x") << 64.0;
        QTest::newRow("as fast as possible") << 0.0;
    }

    void framesAreCoalesced()
    {
        QFETCH(double, speed);
        SimController c;
        c.load(load("town.json"));
        c.setSpeed(speed);
        QElapsedTimer wall;
        wall.start();
        c.play();
        QTest::qWait(1500);
        c.pause();
        const double seconds = double(wall.elapsed()) / 1000.0;
        const qint64 ticks = c.snapshot().tick;
        // At most ~60 frames per wall second whatever the speed...
        QVERIFY2(double(c.framesReceived()) <= seconds * 63 + 4, qPrintable(QStringLiteral("%1 frames in %2 s").arg(c.framesReceived()).arg(seconds)));
        QVERIFY(c.framesReceived() >= 10);
        // ...while the simulation itself ran many ticks per frame.
        QVERIFY(double(ticks) / double(c.framesReceived()) > (speed == 0 ? 20.0 : 5.0));
    }

    void pauseStepAndRestart()
    {
        const auto cook = load("cook.json");
        SimController c;
        c.load(cook);
        QTRY_VERIFY(c.framesReceived() >= 1);
        QCOMPARE(c.snapshot().tick, qint64(0)); // the first dawn, nothing stepped yet
        c.setSpeed(8);
        c.play();
        QTRY_VERIFY(c.snapshot().tick > 20);
        c.pause();
        QTRY_VERIFY(!c.isPlaying());
        QTest::qWait(60);
        const qint64 paused = c.snapshot().tick;
        QTest::qWait(200);
        QCOMPARE(c.snapshot().tick, paused); // a pause is a pause
        c.stepTick();
        QTRY_COMPARE(c.snapshot().tick, paused + 1);
        const size_t events = c.events().events.size();
        c.stepToEvent();
        QTRY_VERIFY(c.events().events.size() > events);
        QCOMPARE(sim::eventsJsonl(*cook, c.events()), headless(cook, c.snapshot().tick));
        c.restart();
        QTRY_VERIFY(c.framesReceived() >= 1);
        QCOMPARE(c.snapshot().tick, qint64(0));
        QCOMPARE(c.events().events.size(), size_t(1)); // just the dawn
        c.nextDay();
        QVERIFY(waitForTick(c, 2400));
        QCOMPARE(c.snapshot().day, 0);
        QVERIFY(!c.isPlaying());
    }

    void uiStaysResponsiveDuringAFastMultiDayRun()
    {
        SimController c;
        c.load(load("town.json"));
        c.setSpeed(0);
        int fired = 0;
        QTimer timer;
        timer.setInterval(10);
        connect(&timer, &QTimer::timeout, [&] { ++fired; });
        timer.start();
        c.play();
        QElapsedTimer wall;
        wall.start();
        QTest::qWait(1500);
        c.pause();
        const double seconds = double(wall.elapsed()) / 1000.0;
        QVERIFY2(fired >= seconds * 25, qPrintable(QStringLiteral("the UI timer fired %1 times in %2 s").arg(fired).arg(seconds)));
        QVERIFY(c.snapshot().day >= 2); // several days went by meanwhile
    }

    void inspectorShowsTheBallotAndWhy()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.runUi()->runFor(30));
        QVERIFY(w.inspect(QStringLiteral("farmer")));
        Inspector *in = w.runUi()->inspector();
        QCOMPARE(in->agent(), 3);
        QCOMPARE(in->ballotTable->rowCount(), 2);
        QCOMPARE(in->ballotTable->item(0, 0)->text(), QStringLiteral("Harvest wheat"));
        QCOMPARE(in->ballotTable->item(1, 0)->text(), QStringLiteral("Hunger"));
        QCOMPARE(in->ballotTable->item(0, 4)->text(), QStringLiteral("no plan"));
        QVERIFY(in->header->text().startsWith(u"Farmer — waiting"));
        QVERIFY2(in->whyLabel->text().contains(u"Harvest wheat needs world.tools >= 1 (now 0): produced by Blacksmith's forgeTool"),
                 qPrintable(in->whyLabel->text()));
        QVERIFY(in->whyLabel->text().contains(u"Hunger needs world.bread >= 1 (now 0): produced by Baker's bakeBread"));
        // The token says why too, verbatim.
        QCOMPARE(w.runUi()->layer()->bubbleText(3), QStringLiteral("No viable plan — waiting on the world to change"));
        QVERIFY(w.runUi()->stripText().contains(u"Day 1 · 0:30 of 5:00"));
        // The outline follows the selection.
        QCOMPARE(w.outline()->current(), (Subject{Subject::Agent, 3, {}}));

        // A working character: the plan, its step highlighted.
        QVERIFY(w.inspect(QStringLiteral("smelter")));
        QVERIFY(in->planTree->topLevelItemCount() >= 1);
        QVERIFY(in->planTree->topLevelItem(0)->text(0).contains(u"smeltIron"));
        QVERIFY(in->planTree->topLevelItem(0)->font(0).bold());
    }

    void eventLogFiltersAndSelects()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        QVERIFY(w.runUi()->runFor(60));
        EventLogPanel *log = w.runUi()->eventLog();
        const SimController *c = w.runUi()->controller();
        QCOMPARE(log->visibleRows(), int(c->events().events.size()));
        log->setAgentFilter(1);
        int mine = 0;
        for (const sim::Event &e : c->events().events)
            mine += e.agent == 1;
        QCOMPARE(log->visibleRows(), mine);
        log->setKindFilter(int(sim::EventKind::Waiting));
        QCOMPARE(log->visibleRows(), 1);
        const QModelIndex index = log->view()->model()->index(0, 0);
        emit log->view()->clicked(index);
        QCOMPARE(w.runUi()->inspector()->agent(), 1);
    }

    void invalidDocumentsCannotRun()
    {
        MainWindow w;
        QVERIFY(w.newDocument());
        w.document()->addGoal(GoalKind::Need); // a goal without conditions is an error
        QVERIFY(hasErrors(w.document()->issues()));
        QVERIFY(!w.runUi()->play());
        QVERIFY(!w.runUi()->controller()->hasRun());
    }

    void editsTakeEffectOnRestart()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(w.runUi()->runFor(5));
        QCOMPARE(w.runUi()->controller()->scenario()->agents[0].speed, 2.0);
        w.outline()->select(Subject{Subject::Agent, 0, {}});
        w.agentForm()->speedBox->setValue(3);
        QCOMPARE(w.runUi()->controller()->scenario()->agents[0].speed, 2.0); // the run keeps what it compiled
        w.runUi()->restart();
        QCOMPARE(w.runUi()->controller()->scenario()->agents[0].speed, 3.0);
        // Stopping brings back the editable start markers; the stations stay.
        w.runUi()->stop();
        QVERIFY(!w.runUi()->controller()->hasRun());
        QCOMPARE(w.runUi()->layer()->tokenCount(), 0);
    }
};

QTEST_MAIN(TestLive)
#include "test_live.moc"
