#pragma once
// Runs a SimRunner on its own thread (moveToThread). Commands arrive as
// queued slot calls; frames leave through the FrameMailbox, at most one in
// flight: the worker keeps stepping while the UI digests a frame and the next
// frame carries everything since, so the UI is never flooded. frameReady()
// only says that the mailbox holds a frame. The speed only decides how many
// ticks are stepped per wall second, never what a tick does: every speed
// gives the same events as `goap-sim run`.

#include "run/simrunner.h"

#include <QObject>

class QTimer;

namespace goap::editor {

class SimWorker : public QObject
{
    Q_OBJECT

public:
    explicit SimWorker(FrameMailbox *mailbox, QObject *parent = nullptr);
    ~SimWorker() override;

    static constexpr int kFrameMs = SimRunner::kFrameMs;

public slots:
    void load(std::shared_ptr<const goap::CompiledScenario> scenario, int runId);
    void play();
    void pause();
    void stepTick();
    void stepToEvent();
    void setSpeed(double speed); // x real time; 0: as fast as possible
    void setRunDays(int days);   // a play stops at the end of this many days; 0: keeps running
    void restart();              // back to the first dawn of the same scenario
    void nextDay();              // as fast as possible to the next dawn, then pause
    void runTo(qint64 totalTicks, bool showProgress); // as fast as possible to that tick, then pause
    void stop();                 // drops the simulation

signals:
    void frameReady(); // the mailbox holds a frame

private:
    template<typename F>
    void command(F &&f);
    void onTimer();
    void schedule();

    SimRunner m_runner;
    QTimer *m_timer = nullptr;
};

} // namespace goap::editor
