// The thread hand-off of a live run without Qt's event machinery: a SimRunner
// driven from a std::thread, commands through the CommandQueue and frames
// through the FrameMailbox, exactly the code SimWorker and SimController use.
// Under ThreadSanitizer (tools/sanitize.sh thread) every access here is
// instrumented and every ordering is a std::mutex TSan sees, so a race in the
// hand-off is reported, not hidden behind an uninstrumented Qt frame.
#include "run/runrecords.h"
#include "run/simrunner.h"
#include "scenarios.h"
#include "sim/records.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace goap;
using namespace goap::editor;

namespace {

using goap::testing::compileShipped;

// The simulation thread: what SimWorker's timer does, in a plain loop.
class Worker
{
public:
    Worker(CommandQueue &commands, FrameMailbox &mailbox)
        : m_runner(&mailbox)
        , m_commands(commands)
    {
        m_thread = std::thread([this] {
            while (!m_quit.load()) {
                const SimRunner::Turn t = m_runner.turn(m_commands);
                if (t.sleepMs != 0)
                    m_commands.waitFor(t.sleepMs < 0 ? 20 : t.sleepMs);
            }
        });
    }
    ~Worker()
    {
        m_quit = true;
        m_commands.push([](SimRunner &) {});
        m_thread.join();
    }

private:
    SimRunner m_runner;
    CommandQueue &m_commands;
    std::atomic<bool> m_quit {false};
    std::thread m_thread;
};

// The UI side: takes frames, keeps the records (SimController's RunRecords), acknowledges.
struct Ui
{
    Ui(FrameMailbox &box, const CompiledScenario &scenario)
        : mailbox(box)
    {
        records.reset(&scenario);
    }
    FrameMailbox &mailbox;
    RunRecords records;
    SimFramePtr latest;
    std::uint64_t frames = 0, inFlightSeen = 0;

    void takeOne(int timeoutMs)
    {
        const SimFramePtr f = mailbox.waitTake(timeoutMs);
        if (!f)
            return;
        ++frames;
        latest = f;
        records.apply(*f);
        inFlightSeen = std::max(inFlightSeen, mailbox.posted() - mailbox.acknowledged());
        mailbox.acknowledge();
    }
    bool settledAfter(std::uint64_t commands) const
    {
        return latest && latest->commands == commands && !latest->playing;
    }
};

} // namespace

class TestHandoff : public QObject
{
    Q_OBJECT

private slots:
    void aDayThroughTheMailboxEqualsTheHeadlessRun()
    {
        const auto town = compileShipped("town.json");
        CommandQueue commands;
        FrameMailbox mailbox;
        Ui ui(mailbox, *town);
        {
            Worker worker(commands, mailbox);
            commands.push([&](SimRunner &r) { r.load(town, 1); });
            commands.push([](SimRunner &r) { r.setSpeed(0); });
            commands.push([](SimRunner &r) { r.play(); }); // to the end of the day, the default
            for (int i = 0; i < 100000 && !ui.settledAfter(3); ++i)
                ui.takeOne(1000);
            QVERIFY(ui.settledAfter(3));
            // The worker keeps no history once frames carried it: flat memory however long the run.
            size_t kept = 1;
            commands.push([&](SimRunner &r) {
                kept = r.simulation()->events().events.size() + r.simulation()->samples().rows();
                r.pause(); // a frame, so this side learns that the command ran
            });
            for (int i = 0; i < 1000 && !ui.settledAfter(4); ++i) // bounded: a hang fails, never hangs
                ui.takeOne(1000);
            QVERIFY(ui.settledAfter(4));
            QCOMPARE(kept, size_t(0));
        }
        QCOMPARE(ui.latest->snapshot.tick, qint64(3000));
        QVERIFY(ui.frames >= 2);
        QCOMPARE(ui.inFlightSeen, std::uint64_t(1));
        QCOMPARE(ui.records.eventsDropped(), std::uint64_t(0));
        sim::Simulation s(town);
        s.start();
        s.stepTicks(3000);
        QCOMPARE(sim::eventsJsonl(*town, ui.records.events()), sim::eventsJsonl(*town, s.events()));
    }

    void spawnedCopiesKeepTheirNamesOverDays()
    {
        // Frames drain the simulation's records (Simulation::takeEvents), which
        // forgets the names of copies gone at an earlier dawn; the run's records
        // still name every character: three hospital days, a frame every
        // twelfth of a day, format as the headless run's.
        const auto hospital = compileShipped("hospital.json");
        const std::int64_t perDay = 36000, chunk = perDay / 12;
        CommandQueue commands;
        FrameMailbox mailbox;
        Ui ui(mailbox, *hospital);
        {
            Worker worker(commands, mailbox);
            std::uint64_t sent = 0;
            commands.push([&](SimRunner &r) { r.load(hospital, 1); });
            ++sent;
            for (std::int64_t tick = chunk; tick <= 3 * perDay; tick += chunk) {
                commands.push([tick](SimRunner &r) { r.runTo(tick); });
                ++sent;
                for (int i = 0; i < 1000 && !ui.settledAfter(sent); ++i)
                    ui.takeOne(1000);
                QVERIFY(ui.settledAfter(sent));
            }
        }
        QCOMPARE(ui.latest->snapshot.tick, qint64(3 * perDay));
        QCOMPARE(ui.records.eventsDropped(), std::uint64_t(0));
        sim::Simulation s(hospital);
        s.start();
        s.stepTicks(3 * perDay);
        QVERIFY(s.events().agentIds.size() > hospital->agents.size() + 100); // copies came on every day
        QCOMPARE(ui.records.events().agentIds, s.events().agentIds);
        QCOMPARE(sim::eventsJsonl(*hospital, ui.records.events()), sim::eventsJsonl(*hospital, s.events()));
        QCOMPARE(sim::samplesCsv(*hospital, ui.records.samples()), sim::samplesCsv(*hospital, s.samples()));
    }

    void pauseAndStepFromTheOtherThread()
    {
        const auto cook = compileShipped("cook.json");
        CommandQueue commands;
        FrameMailbox mailbox;
        Ui ui(mailbox, *cook);
        Worker worker(commands, mailbox);
        commands.push([&](SimRunner &r) { r.load(cook, 1); });
        commands.push([](SimRunner &r) { r.setSpeed(64); });
        commands.push([](SimRunner &r) { r.play(); });
        for (int i = 0; i < 1000 && (!ui.latest || ui.latest->snapshot.tick < 50); ++i)
            ui.takeOne(1000);
        QVERIFY(ui.latest && ui.latest->snapshot.tick >= 50);
        commands.push([](SimRunner &r) { r.pause(); });
        for (int i = 0; i < 1000 && !ui.settledAfter(4); ++i)
            ui.takeOne(1000);
        QVERIFY(ui.settledAfter(4));
        const qint64 paused = ui.latest->snapshot.tick;
        commands.push([](SimRunner &r) { r.stepTick(); });
        for (int i = 0; i < 1000 && !ui.settledAfter(5); ++i)
            ui.takeOne(1000);
        QVERIFY(ui.settledAfter(5));
        QCOMPARE(ui.latest->snapshot.tick, paused + 1);
    }
};

QTEST_GUILESS_MAIN(TestHandoff)
#include "test_handoff.moc"
