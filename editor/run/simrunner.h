#pragma once
// The simulation side of a live run, free of Qt's event machinery: steps a
// Simulation at a speed (x real time, or as fast as possible), stops a play
// at the end of the day (or of N days, or never), and builds frames into a
// FrameMailbox, at most one in flight. SimWorker drives it from a QTimer in
// its QThread; tests drive it from a std::thread, through the same code.
// One thread owns a runner; only the mailbox is shared.

#include "run/commandqueue.h"
#include "run/framemailbox.h"
#include "run/runrecords.h"
#include "sim/breakpoints.h"
#include "sim/simulation.h"

#include <chrono>

namespace goap::editor {

class SimRunner
{
public:
    static constexpr int kSliceMs = 12; // stepping per slice at most, so commands are heard
    static constexpr int kFrameMs = 16; // frames at most this often when playing at a set speed
    // Events carried by one frame at most (the newest); the rest of the
    // stretch is counted in SimFrame::eventsDropped. Bounds what one frame
    // costs the UI however far the simulation ran ahead of it.
    static constexpr size_t kMaxFrameEvents = 5000;
    // The live views keep the records of the last kKeptDays days of a run (the
    // day under way included); a run far ahead of its display keeps no more.
    static constexpr int kKeptDays = RunRecords::kKeptDays;

    explicit SimRunner(FrameMailbox *mailbox);

    void load(std::shared_ptr<const CompiledScenario> scenario, int runId);
    void restart(); // back to the first dawn of the same scenario
    void stop(); // drops the simulation
    void play();
    void pause();
    void stepTick();
    void stepToEvent();
    void setSpeed(double speed); // x real time; 0: as fast as possible
    // A tick's per-character part on this many threads (0: every core while
    // that is faster than one), from the next tick on and for every run after.
    void setThreads(int threads);
    void setRunDays(int days); // a play stops at the end of this many days; 0: keeps running
    // Where a play, a run-to or a step to the next event stops early: the run
    // pauses after the tick that hit one, and the next frame says which.
    // Kept across restarts, forgotten by a load; an empty list watches nothing (and costs nothing).
    void setBreakpoints(std::vector<sim::Breakpoint> breakpoints);
    // The map's walls from the next tick on (painted during the run).
    void changeWalls(QList<Wall> walls);
    // As fast as possible to that tick, then pause. Without progress, no
    // frame is built until the target: nothing is spent on views nobody sees.
    void runTo(std::int64_t totalTicks, bool showProgress = true);

    // One turn of the simulation thread: runs the queued commands, then a
    // slice. SimWorker calls it from its QTimer, tests from a std::thread.
    struct Turn
    {
        bool posted = false; // a frame went into the mailbox
        int sleepMs = -1; // until the next turn: 0 at once, -1 until a command comes
    };
    Turn turn(CommandQueue &commands);

    // One slice: steps what the speed and the wall clock allow, then posts a
    // frame when the mailbox is free and something changed. True when posted.
    bool runSlice();
    // For tests and tools: runs on this runner's thread after each frame is posted.
    void setPostedHook(std::function<void()> hook) { m_postedHook = std::move(hook); }
    bool publish(); // posts a frame of what changed, if the mailbox is free

    bool hasSimulation() const { return m_sim != nullptr; }
    bool stepping() const { return m_sim && (m_target >= 0 || m_playing); }
    bool fullSpeed() const { return m_target >= 0 || m_speed <= 0; }
    bool pending() const { return m_sim && m_dirty; } // something the UI has not been sent
    const sim::Simulation *simulation() const { return m_sim.get(); }

private:
    using Clock = std::chrono::steady_clock;
    void advance();
    bool step(); // one tick; false when a breakpoint stopped the run
    void stepUpTo(std::int64_t limit, Clock::time_point sliceEnd);
    void keepLastDays();
    SimFramePtr buildFrame();

    FrameMailbox *m_mailbox;
    std::shared_ptr<const CompiledScenario> m_scenario;
    std::unique_ptr<sim::Simulation> m_sim;
    Clock::time_point m_last;
    double m_owedTicks = 0;
    double m_speed = 1;
    int m_threads = 0;
    int m_runDays = 1;
    bool m_playing = false;
    bool m_dirty = false;
    bool m_quiet = false; // running to m_target without frames
    bool m_dayDone = false;
    std::int64_t m_target = -1; // run-to target in total ticks, -1 when none
    std::int64_t m_stopAt = -1; // where the current play stops, -1 when it does not
    int m_runId = 0;
    quint64 m_serial = 0;
    std::uint64_t m_commands = 0;
    std::uint64_t m_eventsRecorded = 0; // by the simulation, up to the last frame
    std::uint64_t m_eventsForgotten = 0; // since the last frame, by keepLastDays()
    std::function<void()> m_postedHook;
    std::vector<sim::Breakpoint> m_breakpoints;
    sim::BreakpointWatch m_watch;
    std::optional<sim::BreakpointHit> m_hit; // not yet sent
    std::vector<std::pair<std::int64_t, QList<Wall>>> m_wallChanges; // not yet sent
};

} // namespace goap::editor
