#pragma once
// The UI side of a run: owns the worker thread, sends it commands over queued
// connections and keeps what frames bring: the latest snapshot, and the run's
// records (RunRecords: the event log and the samples of the days kept), for
// the scene, the inspector, the event log panel and the charts. It never
// blocks on the worker: frames come through a FrameMailbox, one at a time,
// and each is acknowledged once every view has taken it in (frameApplied),
// which is what lets the worker send the next.

#include "planner/compiledscenario.h"
#include "run/commandqueue.h"
#include "run/framemailbox.h"
#include "run/runrecords.h"
#include "run/simrunner.h"

#include <QEvent>
#include <QObject>
#include <QThread>

namespace goap::editor {

class SimRunner;
class SimWorker;

class SimController : public QObject
{
    Q_OBJECT

public:
    explicit SimController(QObject *parent = nullptr);
    ~SimController() override;

    // Compiles nothing: takes a compiled scenario and starts a run at its first dawn (paused).
    void load(std::shared_ptr<const CompiledScenario> scenario);
    void play();
    void pause();
    void stepTick();
    void stepToEvent();
    void setSpeed(double speed); // x real time; 0: as fast as possible
    // The run's threads (SimRunner::setThreads; 0, the default: every core while it pays).
    void setThreads(int threads);
    void restart();
    void changeWalls(const QList<Wall> &walls); // from the next tick of the run
    // Where a play stops early (SimRunner::setBreakpoints): kept across restarts,
    // replaced by the next call; a load forgets them (they name another scenario's ids).
    void setBreakpoints(std::vector<sim::Breakpoint> breakpoints);
    void nextDay();
    // As fast as possible to that time, then pause. Without progress, the
    // worker builds no frame before it gets there (--run-for).
    void runTo(int day, double time, bool showProgress = true);
    void setRunDays(int days); // a play stops at the end of this many days (default 1); 0: keeps running
    void stop();

    bool hasRun() const { return m_scenario != nullptr; }
    bool isPlaying() const { return m_playing; }
    double speed() const { return m_speed; }
    int threads() const { return m_threads; }
    const CompiledScenario *scenario() const { return m_scenario.get(); }
    std::shared_ptr<const CompiledScenario> scenarioPtr() const { return m_scenario; }
    const sim::Snapshot &snapshot() const { return m_latest ? m_latest->snapshot : m_empty; }
    SimFramePtr latestFrame() const { return m_latest; }
    const sim::EventLog &events() const { return m_records.events(); }
    const sim::Samples &samples() const { return m_records.samples(); }
    // The run's report as of its last rest (pause, end of a day), "" before.
    const QByteArray &report() const { return m_report; }
    quint64 framesReceived() const { return m_frames; }
    int runDays() const { return m_runDays; }
    // Events the frames did not carry (the per-frame cap, SimRunner::kMaxFrameEvents):
    // events() holds every event of the run but these and eventsTrimmed().
    std::uint64_t eventsDropped() const { return m_records.eventsDropped(); }
    // The live views keep the records of the last kKeptDays days of a run (the
    // day under way included): older days are dropped at dawn, so a run that
    // keeps going holds what the views show, not its whole history.
    static constexpr int kKeptDays = RunRecords::kKeptDays;
    int firstKeptDay() const { return m_records.firstKeptDay(); }
    std::uint64_t eventsTrimmed() const { return m_records.eventsTrimmed(); } // events of days no longer kept
    std::uint64_t eventsRecorded() const { return m_latest ? m_latest->eventsRecorded : 0; }
    // The worker has handled every command sent and is not stepping: what
    // snapshot() and events() show is where the run rests.
    bool isSettled() const;
    const FrameMailbox &mailbox() const { return m_mailbox; }
    // Runs f on the simulation thread, in order with the other commands (tests and tools).
    void runOnWorker(std::function<void(SimRunner &)> f) { send(std::move(f)); }
    // The last frame: how long it waited between the worker finishing it and
    // the UI taking it, and how long the views took to take it in (ns).
    std::int64_t lastFrameWaitNs() const { return m_waitNs; }
    std::int64_t lastFrameApplyNs() const { return m_applyNs; }

signals:
    void runStarted(); // a new run (load or restart): views clear
    // After the state above took the frame in: `records` says what it appended
    // to events() and samples(), and whether older days were dropped (views rebuild).
    void frameApplied(const goap::editor::SimFrame &frame, const goap::editor::RecordsDelta &records);
    void runStopping(); // the records are still there, for views that keep a finished run
    void runStopped();

    void commandsQueued(); // wakes the worker (queued)

protected:
    bool event(QEvent *event) override;

private:
    static constexpr QEvent::Type kAcknowledgeEvent = QEvent::Type(QEvent::User + 17);
    void send(CommandQueue::Command command);
    void onFrameReady();
    void apply(const SimFramePtr &frame);
    void clearRecords();

    // Both outlive the worker (the thread is joined in the destructor).
    CommandQueue m_commandQueue;
    FrameMailbox m_mailbox;
    QThread m_thread;
    SimWorker *m_worker;
    std::shared_ptr<const CompiledScenario> m_scenario;
    int m_runId = 0;
    bool m_playing = false;
    double m_speed = 1;
    int m_threads = 0;
    int m_runDays = 1;
    quint64 m_frames = 0;
    std::uint64_t m_commands = 0; // sent to the worker
    std::int64_t m_waitNs = 0, m_applyNs = 0;
    SimFramePtr m_latest;
    sim::Snapshot m_empty;
    RunRecords m_records;
    QByteArray m_report;
};

} // namespace goap::editor
