#pragma once
// The UI side of a run: owns the worker thread, sends it commands over queued
// connections and keeps what frames bring: the latest snapshot, the whole
// event log and the samples, for the scene, the inspector, the event log
// panel and the charts. It never blocks on the worker.

#include "planner/compiledscenario.h"
#include "run/simframe.h"

#include <QObject>
#include <QThread>

namespace goap::editor {

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
    void restart();
    void nextDay();
    void runTo(int day, double time);
    void stop();

    bool hasRun() const { return m_scenario != nullptr; }
    bool isPlaying() const { return m_playing; }
    double speed() const { return m_speed; }
    const CompiledScenario *scenario() const { return m_scenario.get(); }
    std::shared_ptr<const CompiledScenario> scenarioPtr() const { return m_scenario; }
    const sim::Snapshot &snapshot() const { return m_latest ? m_latest->snapshot : m_empty; }
    SimFramePtr latestFrame() const { return m_latest; }
    const sim::EventLog &events() const { return m_log; }
    const sim::Samples &samples() const { return m_samples; }
    quint64 framesReceived() const { return m_frames; }

signals:
    void runStarted();                                // a new run (load or restart): views clear
    void frameApplied(const goap::editor::SimFrame &frame); // after the state above took the frame in
    void runStopping(); // the records are still there, for views that keep a finished run
    void runStopped();

    // To the worker (queued).
    void requestLoad(std::shared_ptr<const goap::CompiledScenario> scenario, int runId);
    void requestPlay();
    void requestPause();
    void requestStepTick();
    void requestStepToEvent();
    void requestSpeed(double speed);
    void requestRestart();
    void requestNextDay();
    void requestRunTo(qint64 totalTicks);
    void requestStop();

private:
    void onFrame(const SimFramePtr &frame);
    void clearRecords();

    QThread m_thread;
    SimWorker *m_worker;
    std::shared_ptr<const CompiledScenario> m_scenario;
    int m_runId = 0;
    bool m_playing = false;
    double m_speed = 1;
    quint64 m_frames = 0;
    SimFramePtr m_latest; // shared with the worker's copy: no per-frame deep copy
    sim::Snapshot m_empty;
    sim::EventLog m_log;
    sim::Samples m_samples;
};

} // namespace goap::editor
