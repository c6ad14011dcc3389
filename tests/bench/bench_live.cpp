// Live-view benchmarks (a measuring program, not a test):
//   bench_live scene|walled [CHARACTERS] [SECONDS]   frames per second the map renders while a run of a
//                                             synthetic town animates (offscreen, or a real window under xvfb-run)
//   bench_live snapshot [CHARACTERS] [FRAMES] time to build a frame in the worker and to get it to the UI thread
//   bench_live lag [CHARACTERS] [SECONDS] [DAYS] the main window running "as fast as possible" (DAYS per play,
//                                             0: keep running): how old frames are when the UI has applied
//                                             them, frames per second, days run, events not listed, memory
//   bench_live write CHARACTERS FILE          the synthetic town as a scenario file (for goap-studio FILE --run-for)
//   bench_live shot CHARACTERS SECONDS ZOOM OUT.png  the map after SECONDS of a run, zoomed ZOOM times from the
//                                             fitted view, as a picture (to look at the crowd at a zoom)
#include "io/scenariowriter.h"
#include "mainwindow.h"
#include "run/liverun.h"
#include "run/runlayer.h"
#include "run/simcontroller.h"
#include "scenarios.h"
#include "scene/mapscene.h"
#include "synthetic.h"
#include "testutil.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <chrono>
#include <cstdio>

using namespace goap;
using namespace goap::editor;

namespace {

Scenario town(int characters, bool walled = false)
{
    const Scenario shipped = testing::loadShipped("town.json");
    if (walled)
        return testing::walledTown(shipped, characters);
    return characters == 6 ? shipped : testing::replicatedTown(shipped, characters);
}

// Counts paint events of a widget.
class PaintCounter : public QObject
{
public:
    int paints = 0;
    bool eventFilter(QObject *, QEvent *e) override
    {
        if (e->type() == QEvent::Paint)
            ++paints;
        return false;
    }
};

int scene(int characters, double seconds, bool walled = false)
{
    MainWindow w;
    w.document()->reset(town(characters, walled), {});
    w.resize(1600, 1000);
    w.show();
    PaintCounter counter;
    w.mapView()->viewport()->installEventFilter(&counter);
    w.liveRun()->setSpeed(1);
    w.liveRun()->play();
    QApplication::processEvents();
    QElapsedTimer t;
    t.start();
    counter.paints = 0;
    QEventLoop loop;
    QTimer::singleShot(int(seconds * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    const double fps = counter.paints / (double(t.elapsed()) / 1000.0);
    std::printf("scene: %d characters, platform %s: %.1f frames/s over %.1f s (%llu simulation frames received)\n",
                characters, qPrintable(QGuiApplication::platformName()), fps, double(t.elapsed()) / 1000.0,
                (unsigned long long)w.liveRun()->controller()->framesReceived());
    return 0;
}

int snapshot(int characters, int frames)
{
    SimController c;
    c.load(std::make_shared<const CompiledScenario>(compile(town(characters))));
    double sumLatency = 0, maxLatency = 0, sumBuild = 0;
    int n = 0;
    QObject::connect(&c, &SimController::frameApplied, [&](const SimFrame &f) {
        const auto now
            = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
                  .count();
        const double latency = double(now - f.madeNs) / 1e6;
        sumLatency += latency;
        maxLatency = std::max(maxLatency, latency);
        sumBuild += double(f.buildNs) / 1e6;
        ++n;
    });
    c.setSpeed(1);
    c.play();
    QElapsedTimer t;
    t.start();
    while (n < frames && t.elapsed() < 60000)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    c.pause();
    std::printf("snapshot: %d characters, %d frames: built in the worker in %.3f ms on average; crossed to the UI "
                "thread in %.3f ms on "
                "average, %.3f ms at most\n",
                characters, n, sumBuild / n, sumLatency / n, maxLatency);
    return 0;
}

int lag(int characters, double seconds, int days)
{
    MainWindow w;
    w.document()->reset(town(characters), {});
    w.resize(1600, 1000);
    w.show();
    LiveRun *run = w.liveRun();
    const SimController *c = run->controller();
    run->setSpeed(0);
    run->setRunDays(days);
    double sumWait = 0, worstWait = 0, sumApply = 0, worstApply = 0;
    int n = 0;
    // Measured when the next frame is taken: the views' work of the previous one is over.
    auto account = [&] {
        const double wait = double(c->lastFrameWaitNs()) / 1e6, apply = double(c->lastFrameApplyNs()) / 1e6;
        sumWait += wait;
        worstWait = std::max(worstWait, wait);
        sumApply += apply;
        worstApply = std::max(worstApply, apply);
        ++n;
    };
    QObject::connect(c, &SimController::frameApplied, [&](const SimFrame &f) {
        if (qEnvironmentVariableIsSet("BENCH_VERBOSE"))
            std::printf("frame %llu: waited %.1f ms, built in %.1f ms, %zu events, %zu sample rows\n",
                        (unsigned long long)f.serial, double(c->lastFrameWaitNs()) / 1e6, double(f.buildNs) / 1e6,
                        f.events.events.size(), f.samples.rows());
        QTimer::singleShot(0, [&] { account(); }); // after apply() returned
    });
    const long before = (goap::testing::procStatusKiB("VmRSS") / 1024);
    QElapsedTimer t;
    t.start();
    run->play();
    QEventLoop loop;
    QTimer::singleShot(int(seconds * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    const double wall = double(t.elapsed()) / 1000.0;
    std::printf("lag: %d characters, as fast as possible, %s: %d frames in %.1f s; a frame waited for the UI %.1f ms "
                "on average "
                "(%.1f at most), the views took it in in %.1f ms on average (%.1f at most); simulated day %d, %.0f s; "
                "%llu events, "
                "%llu not listed; memory %ld -> %ld MB\n",
                characters, days == 0 ? "keep running" : qPrintable(QStringLiteral("run %1 day(s)").arg(days)), n, wall,
                n ? sumWait / n : 0.0, worstWait, n ? sumApply / n : 0.0, worstApply, c->snapshot().day + 1,
                c->snapshot().time, (unsigned long long)c->eventsRecorded(), (unsigned long long)c->eventsDropped(),
                before, (goap::testing::procStatusKiB("VmRSS") / 1024));
    return 0;
}

int shot(int characters, double seconds, double zoom, const QString &out)
{
    MainWindow w;
    w.document()->reset(town(characters), {});
    w.resize(1600, 1000);
    w.show();
    if (!w.liveRun()->runFor(seconds))
        return 2;
    w.liveRun()->layer()->settle();
    w.mapView()->zoomBy(zoom);
    QApplication::processEvents();
    return w.mapView()->viewport()->grab().save(out) ? 0 : 3;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("GOAP Studio bench"));
    const QString what = argc > 1 ? QString::fromLatin1(argv[1]) : QStringLiteral("scene");
    if (what == u"scene" || what == u"walled") // walled: the 200 x 200 walled town, everyone walking paths
        return scene(argc > 2 ? std::atoi(argv[2]) : 1000, argc > 3 ? std::atof(argv[3]) : 5, what == u"walled");
    if (what == u"snapshot")
        return snapshot(argc > 2 ? std::atoi(argv[2]) : 10000, argc > 3 ? std::atoi(argv[3]) : 100);
    if (what == u"lag")
        return lag(argc > 2 ? std::atoi(argv[2]) : 1000, argc > 3 ? std::atof(argv[3]) : 10,
                   argc > 4 ? std::atoi(argv[4]) : 0);
    if (what == u"shot" && argc > 5)
        return shot(std::atoi(argv[2]), std::atof(argv[3]), std::atof(argv[4]), QString::fromLocal8Bit(argv[5]));
    if (what == u"write" && argc > 3) {
        const QString error = saveScenarioFile(town(std::atoi(argv[2])), QString::fromLocal8Bit(argv[3]));
        if (!error.isEmpty())
            std::fprintf(stderr, "%s\n", qPrintable(error));
        return error.isEmpty() ? 0 : 3;
    }
    std::fprintf(stderr,
                 "usage: bench_live scene|snapshot|lag [CHARACTERS] [SECONDS|FRAMES] [DAYS] | write CHARACTERS FILE\n");
    return 1;
}
