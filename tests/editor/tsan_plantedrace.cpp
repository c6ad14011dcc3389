// Proof that the ThreadSanitizer run can fail (built only with
// GOAP_SANITIZE=thread). A live run through the real SimController and its
// QThread worker, with a counter bumped on the simulation thread after each
// frame is posted and on the UI thread when a frame is applied:
//   tsan_plantedrace race    a plain int: TSan must report a data race, even
//                            with tests/tsan.supp (the CTest test passes only then)
//   tsan_plantedrace atomic  the same counter as std::atomic: no report at all,
//                            so everything else on this path is clean
#include "io/scenarioreader.h"
#include "run/simcontroller.h"
#include "run/simrunner.h"

#include <QCoreApplication>
#include <QTimer>

#include <atomic>
#include <cstdio>

using namespace goap;
using namespace goap::editor;

namespace {
int plantedRaceCounter = 0; // deliberately unsynchronised
std::atomic<int> atomicCounter {0};
} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const bool race = argc > 1 && QByteArray(argv[1]) == "race";
    const ReadResult r = readScenarioFile(QStringLiteral(GOAP_SOURCE_DIR "/scenarios/town.json"));
    SimController c;
    auto bump = [race] {
        if (race)
            ++plantedRaceCounter;
        else
            ++atomicCounter;
    };
    c.runOnWorker([bump](SimRunner &runner) { runner.setPostedHook(bump); });
    QObject::connect(&c, &SimController::frameApplied, bump);
    c.load(std::make_shared<const CompiledScenario>(compile(*r.scenario)));
    c.setSpeed(64);
    c.play();
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (c.snapshot().tick >= 1000)
            app.quit();
    });
    poll.start(5);
    QTimer::singleShot(120000, &app, &QCoreApplication::quit);
    app.exec();
    c.pause();
    std::printf("%d frames, counter %d\n", int(c.framesReceived()), race ? plantedRaceCounter : atomicCounter.load());
    return 0;
}
