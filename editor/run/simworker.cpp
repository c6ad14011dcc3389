#include "simworker.h"

#include <QTimer>

namespace goap::editor {

SimWorker::SimWorker(FrameMailbox *mailbox, QObject *parent) : QObject(parent), m_runner(mailbox) {}

SimWorker::~SimWorker() = default;

template<typename F>
void SimWorker::command(F &&f)
{
    if (!m_timer) {
        // Created here, in the worker's thread, so it fires there.
        m_timer = new QTimer(this);
        m_timer->setTimerType(Qt::PreciseTimer);
        connect(m_timer, &QTimer::timeout, this, &SimWorker::onTimer);
    }
    m_runner.countCommand();
    f();
    if (m_runner.publish())
        emit frameReady();
    schedule();
}

void SimWorker::schedule()
{
    // Stepping at full speed: again as soon as the events queued meanwhile
    // (commands) are handled. At a set speed, or waiting for the UI to take
    // the last frame: a frame's time later. Nothing to do: asleep.
    int interval = -1;
    if (m_runner.stepping())
        interval = m_runner.fullSpeed() ? 0 : kFrameMs;
    else if (m_runner.pending())
        interval = kFrameMs;
    if (interval < 0) {
        m_timer->stop();
        return;
    }
    if (m_timer->interval() != interval || !m_timer->isActive())
        m_timer->start(interval);
}

void SimWorker::onTimer()
{
    if (m_runner.tick())
        emit frameReady();
    schedule();
}

void SimWorker::load(std::shared_ptr<const CompiledScenario> scenario, int runId)
{
    command([&] { m_runner.load(std::move(scenario), runId); });
}

void SimWorker::play() { command([&] { m_runner.play(); }); }
void SimWorker::pause() { command([&] { m_runner.pause(); }); }
void SimWorker::stepTick() { command([&] { m_runner.stepTick(); }); }
void SimWorker::stepToEvent() { command([&] { m_runner.stepToEvent(); }); }
void SimWorker::setSpeed(double speed) { command([&] { m_runner.setSpeed(speed); }); }
void SimWorker::setRunDays(int days) { command([&] { m_runner.setRunDays(days); }); }
void SimWorker::restart() { command([&] { m_runner.restart(); }); }
void SimWorker::stop() { command([&] { m_runner.stop(); }); }

void SimWorker::nextDay()
{
    command([&] {
        if (const sim::Simulation *s = m_runner.simulation())
            m_runner.runTo((s->totalTicks() / s->ticksPerDay() + 1) * s->ticksPerDay());
    });
}

void SimWorker::runTo(qint64 totalTicks, bool showProgress)
{
    command([&] { m_runner.runTo(totalTicks, showProgress); });
}

} // namespace goap::editor
