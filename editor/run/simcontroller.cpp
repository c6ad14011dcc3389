#include "simcontroller.h"

#include "run/simworker.h"

#include <QCoreApplication>
#include <QEvent>

#include <chrono>

namespace goap::editor {

SimController::SimController(QObject *parent) : QObject(parent), m_worker(new SimWorker(&m_mailbox))
{
    qRegisterMetaType<SimFramePtr>();
    qRegisterMetaType<std::shared_ptr<const CompiledScenario>>();
    m_thread.setObjectName(QStringLiteral("simulation"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &SimController::requestLoad, m_worker, &SimWorker::load);
    connect(this, &SimController::requestPlay, m_worker, &SimWorker::play);
    connect(this, &SimController::requestPause, m_worker, &SimWorker::pause);
    connect(this, &SimController::requestStepTick, m_worker, &SimWorker::stepTick);
    connect(this, &SimController::requestStepToEvent, m_worker, &SimWorker::stepToEvent);
    connect(this, &SimController::requestSpeed, m_worker, &SimWorker::setSpeed);
    connect(this, &SimController::requestRestart, m_worker, &SimWorker::restart);
    connect(this, &SimController::requestNextDay, m_worker, &SimWorker::nextDay);
    connect(this, &SimController::requestRunTo, m_worker, &SimWorker::runTo);
    connect(this, &SimController::requestStop, m_worker, &SimWorker::stop);
    connect(this, &SimController::requestRunDays, m_worker, &SimWorker::setRunDays);
    connect(m_worker, &SimWorker::frameReady, this, &SimController::onFrameReady);
    m_thread.start();
}

SimController::~SimController()
{
    // Cut the connections first, so the worker's teardown never touches this object.
    disconnect(this, nullptr, m_worker, nullptr);
    disconnect(m_worker, nullptr, this, nullptr);
    m_thread.quit();
    m_thread.wait();
}

void SimController::clearRecords()
{
    m_log.clear();
    m_samples = sim::Samples();
    m_latest.reset();
    m_frames = 0;
    m_eventsDropped = 0;
    if (m_scenario) {
        const double dt = m_scenario->day.tick;
        m_samples.interval = double(std::max<qint64>(1, std::llround(1.0 / dt))) * dt;
        m_samples.worldColumns = m_scenario->worldFactCount;
        for (size_t i = 0; i < m_scenario->agents.size(); ++i) {
            for (const CompiledAgentGoal &g : m_scenario->agents[i].goals) {
                m_samples.slotAgent.push_back(int(i));
                m_samples.slotGoal.push_back(g.goal);
            }
        }
    }
}

void SimController::load(std::shared_ptr<const CompiledScenario> scenario)
{
    m_scenario = std::move(scenario);
    ++m_runId; // frames of earlier runs still queued are dropped
    m_playing = false;
    clearRecords();
    emit runStarted();
    ++m_commands;
    emit requestSpeed(m_speed);
    ++m_commands;
    emit requestLoad(m_scenario, m_runId);
}

void SimController::play()
{
    m_playing = true;
    ++m_commands;
    emit requestPlay();
}

void SimController::pause()
{
    m_playing = false;
    ++m_commands;
    emit requestPause();
}

void SimController::stepTick()
{
    m_playing = false;
    ++m_commands;
    emit requestStepTick();
}

void SimController::stepToEvent()
{
    m_playing = false;
    ++m_commands;
    emit requestStepToEvent();
}

void SimController::setSpeed(double speed)
{
    m_speed = speed;
    ++m_commands;
    emit requestSpeed(speed);
}

void SimController::restart()
{
    if (!m_scenario)
        return;
    const bool wasPlaying = m_playing;
    load(m_scenario);
    if (wasPlaying)
        play();
}

void SimController::nextDay()
{
    ++m_commands;
    emit requestNextDay();
}

void SimController::setRunDays(int days)
{
    m_runDays = std::max(0, days);
    ++m_commands;
    emit requestRunDays(m_runDays);
}

bool SimController::isSettled() const
{
    return m_latest && m_latest->commands == m_commands && !m_latest->playing;
}

void SimController::runTo(int day, double time, bool showProgress)
{
    if (!m_scenario)
        return;
    const qint64 perDay = std::max<qint64>(1, std::llround(m_scenario->day.length / m_scenario->day.tick));
    ++m_commands;
    emit requestRunTo(qint64(day) * perDay + std::llround(time / m_scenario->day.tick), showProgress);
}

void SimController::stop()
{
    emit runStopping();
    ++m_runId;
    m_playing = false;
    m_scenario.reset();
    clearRecords();
    ++m_commands;
    emit requestStop();
    emit runStopped();
}

void SimController::onFrameReady()
{
    const SimFramePtr frame = m_mailbox.take();
    if (!frame)
        return;
    using Clock = std::chrono::steady_clock;
    const auto taken = Clock::now();
    m_waitNs = std::chrono::duration_cast<std::chrono::nanoseconds>(taken.time_since_epoch()).count() - frame->madeNs;
    if (frame->runId == m_runId) // else from a run that has been replaced
        apply(frame);
    m_applyNs = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - taken).count();
    // The views have taken it in, but their repaints (queued replots, and
    // widget updates, posted at low priority) are still to come: acknowledge
    // behind them, so the worker builds the next frame when the UI is free to
    // take it, and a frame never waits in the queue behind the drawing of the
    // previous one.
    QCoreApplication::postEvent(this, new QEvent(kAcknowledgeEvent), Qt::LowEventPriority - 1);
}

bool SimController::event(QEvent *event)
{
    if (event->type() != kAcknowledgeEvent)
        return QObject::event(event);
    m_mailbox.acknowledge();
    return true;
}

void SimController::apply(const SimFramePtr &framePtr)
{
    const SimFrame &frame = *framePtr;
    ++m_frames;
    m_latest = framePtr; // shared with the worker's copy: no per-frame deep copy
    m_playing = frame.playing;
    m_eventsDropped += frame.eventsDropped;
    m_log.agentIds.insert(m_log.agentIds.end(), frame.newAgentIds.begin(), frame.newAgentIds.end());
    m_log.agentLabels.insert(m_log.agentLabels.end(), frame.newAgentLabels.begin(), frame.newAgentLabels.end());
    const auto base = std::uint32_t(m_log.planActions.size());
    m_log.planActions.insert(m_log.planActions.end(), frame.planActions.begin(), frame.planActions.end());
    for (sim::Event e : frame.events) {
        if (e.kind == sim::EventKind::Plan) {
            e.planBegin += base;
            e.planEnd += base;
        }
        m_log.events.push_back(e);
    }
    m_samples.rowDay.insert(m_samples.rowDay.end(), frame.sampleDays.begin(), frame.sampleDays.end());
    m_samples.rowTime.insert(m_samples.rowTime.end(), frame.sampleTimes.begin(), frame.sampleTimes.end());
    m_samples.insistence.insert(m_samples.insistence.end(), frame.insistence.begin(), frame.insistence.end());
    m_samples.progress.insert(m_samples.progress.end(), frame.progress.begin(), frame.progress.end());
    m_samples.world.insert(m_samples.world.end(), frame.world.begin(), frame.world.end());
    emit frameApplied(frame);
}

} // namespace goap::editor
