#pragma once
// Runs a Simulation on its own thread (moveToThread). Commands arrive as
// queued slot calls; frames leave by the frameReady signal, at most one per
// ~16 ms of wall time whatever the speed, so the UI is never flooded. The
// speed only decides how many ticks are stepped per wall second, never what a
// tick does: every speed gives the same events as `goap-sim run`.

#include "run/simframe.h"
#include "sim/simulation.h"

#include <QElapsedTimer>
#include <QObject>

class QTimer;

namespace goap::editor {

class SimWorker : public QObject
{
    Q_OBJECT

public:
    explicit SimWorker(QObject *parent = nullptr);
    ~SimWorker() override;

    static constexpr int kFrameMs = 16;

public slots:
    void load(std::shared_ptr<const goap::CompiledScenario> scenario, int runId);
    void play();
    void pause();
    void stepTick();
    void stepToEvent();
    void setSpeed(double speed); // x real time; 0: as fast as possible
    void restart();              // back to the first dawn of the same scenario
    void nextDay();              // as fast as possible to the next dawn, then pause
    void runTo(qint64 totalTicks); // as fast as possible to that tick, then pause
    void stop();                 // drops the simulation

signals:
    void frameReady(goap::editor::SimFramePtr frame);

private:
    void onTimer();
    void ensureTimer();
    void emitFrame();
    void advance(); // steps what this timer slice allows

    std::shared_ptr<const CompiledScenario> m_scenario;
    std::unique_ptr<sim::Simulation> m_sim;
    QTimer *m_timer = nullptr;
    QElapsedTimer m_clock;
    qint64 m_lastMs = 0;
    double m_owedTicks = 0;
    double m_speed = 1;
    bool m_playing = false;
    qint64 m_target = -1; // run-to target in total ticks, -1 when none
    int m_runId = 0;
    quint64 m_serial = 0;
    size_t m_eventsSent = 0, m_samplesSent = 0, m_namesSent = 0;
};

} // namespace goap::editor
