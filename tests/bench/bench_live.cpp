// Live-view benchmarks (a measuring program, not a test):
//   bench_live scene [CHARACTERS] [SECONDS]   frames per second the map renders while a run of a
//                                             synthetic town animates (offscreen, or a real window under xvfb-run)
//   bench_live snapshot [CHARACTERS] [FRAMES] time to build a frame in the worker and to get it to the UI thread
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "run/runui.h"
#include "run/simcontroller.h"
#include "scene/mapscene.h"
#include "synthetic.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <chrono>
#include <cstdio>

using namespace goap;
using namespace goap::editor;

namespace {

Scenario town(int characters)
{
    const ReadResult r = readScenarioFile(QStringLiteral(GOAP_SOURCE_DIR "/scenarios/town.json"));
    return characters == 6 ? *r.scenario : testing::replicatedTown(*r.scenario, characters);
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

int scene(int characters, double seconds)
{
    MainWindow w;
    w.document()->reset(town(characters), {});
    w.resize(1600, 1000);
    w.show();
    PaintCounter counter;
    w.mapView()->viewport()->installEventFilter(&counter);
    w.runUi()->setSpeed(1);
    w.runUi()->play();
    QApplication::processEvents();
    QElapsedTimer t;
    t.start();
    counter.paints = 0;
    QEventLoop loop;
    QTimer::singleShot(int(seconds * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    const double fps = counter.paints / (double(t.elapsed()) / 1000.0);
    std::printf("scene: %d characters, platform %s: %.1f frames/s over %.1f s (%llu simulation frames received)\n", characters,
                qPrintable(QGuiApplication::platformName()), fps, double(t.elapsed()) / 1000.0,
                (unsigned long long)w.runUi()->controller()->framesReceived());
    return 0;
}

int snapshot(int characters, int frames)
{
    SimController c;
    c.load(std::make_shared<const CompiledScenario>(compile(town(characters))));
    double sumLatency = 0, maxLatency = 0, sumBuild = 0;
    int n = 0;
    QObject::connect(&c, &SimController::frameApplied, [&](const SimFrame &f) {
        const auto now = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
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
    std::printf("snapshot: %d characters, %d frames: built in the worker in %.3f ms on average; crossed to the UI thread in %.3f ms on "
                "average, %.3f ms at most\n",
                characters, n, sumBuild / n, sumLatency / n, maxLatency);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("GOAP Studio bench"));
    const QString what = argc > 1 ? QString::fromLatin1(argv[1]) : QStringLiteral("scene");
    if (what == u"scene")
        return scene(argc > 2 ? std::atoi(argv[2]) : 1000, argc > 3 ? std::atof(argv[3]) : 5);
    if (what == u"snapshot")
        return snapshot(argc > 2 ? std::atoi(argv[2]) : 10000, argc > 3 ? std::atoi(argv[3]) : 100);
    std::fprintf(stderr, "usage: bench_live scene|snapshot [CHARACTERS] [SECONDS|FRAMES]\n");
    return 1;
}
