#include "simcontroller.h"

#include <algorithm>

#include "run/simrunner.h"
#include "run/simworker.h"

#include <QCoreApplication>
#include <QEvent>

#include <chrono>

namespace goap::editor {

SimController::SimController(QObject *parent)
    : QObject(parent)
    , m_worker(new SimWorker(&m_commandQueue, &m_mailbox))
{
    m_thread.setObjectName(QStringLiteral("simulation"));
    m_worker->moveToThread(&m_thread);
    // The worker goes on its own thread as that thread ends (finished is
    // emitted there). Qt orders this after everything the UI thread did and
    // before QThread::wait() returns, but through futexes ThreadSanitizer
    // cannot see: passing through both channels' mutexes before and after
    // shows it the same order.
    connect(&m_thread, &QThread::finished, [this] {
        m_commandQueue.takeAll();
        m_mailbox.isFree();
        disconnect(this, nullptr, m_worker, nullptr);
        disconnect(m_worker, nullptr, this, nullptr);
        delete m_worker;
        m_commandQueue.takeAll();
        m_mailbox.isFree();
    });
    connect(this, &SimController::commandsQueued, m_worker, &SimWorker::wake);
    connect(m_worker, &SimWorker::frameReady, this, &SimController::onFrameReady);
    m_thread.start();
}

SimController::~SimController()
{
    // This side never touches the worker after start(); it ends with its thread.
    m_thread.quit();
    m_thread.wait();
    m_commandQueue.takeAll(); // see the constructor
    m_mailbox.take();
}

void SimController::send(CommandQueue::Command command)
{
    ++m_commands;
    m_commandQueue.push(std::move(command));
    emit commandsQueued();
}

void SimController::clearRecords()
{
    m_records.reset(m_scenario.get());
    m_report.clear();
    m_latest.reset();
    m_frames = 0;
}

void SimController::load(std::shared_ptr<const CompiledScenario> scenario)
{
    m_scenario = std::move(scenario);
    ++m_runId; // frames of earlier runs still queued are dropped
    m_playing = false;
    clearRecords();
    send([speed = m_speed](SimRunner &r) { r.setSpeed(speed); });
    send([scenario = m_scenario, runId = m_runId](SimRunner &r) { r.load(scenario, runId); });
    emit runStarted(); // after the load is queued: what views send the run now reaches the new one
}

void SimController::play()
{
    m_playing = true;
    send([](SimRunner &r) { r.play(); });
}

void SimController::pause()
{
    m_playing = false;
    send([](SimRunner &r) { r.pause(); });
}

void SimController::stepTick()
{
    m_playing = false;
    send([](SimRunner &r) { r.stepTick(); });
}

void SimController::stepToEvent()
{
    m_playing = false;
    send([](SimRunner &r) { r.stepToEvent(); });
}

void SimController::setSpeed(double speed)
{
    m_speed = speed;
    send([speed](SimRunner &r) { r.setSpeed(speed); });
}

void SimController::setThreads(int threads)
{
    m_threads = threads;
    send([threads](SimRunner &r) { r.setThreads(threads); });
}

void SimController::setBreakpoints(std::vector<sim::Breakpoint> breakpoints)
{
    send([breakpoints = std::move(breakpoints)](SimRunner &r) mutable { r.setBreakpoints(std::move(breakpoints)); });
}

void SimController::changeWalls(const QList<Wall> &walls)
{
    send([walls](SimRunner &r) { r.changeWalls(walls); });
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
    send([](SimRunner &r) {
        if (const sim::Simulation *s = r.simulation())
            r.runTo((s->totalTicks() / s->ticksPerDay() + 1) * s->ticksPerDay());
    });
}

void SimController::setRunDays(int days)
{
    m_runDays = std::max(0, days);
    send([days = m_runDays](SimRunner &r) { r.setRunDays(days); });
}

bool SimController::isSettled() const
{
    return m_latest && m_latest->commands == m_commands && !m_latest->playing;
}

void SimController::runTo(int day, double time, bool showProgress)
{
    if (!m_scenario)
        return;
    const qint64 target = m_scenario->day.tickAt(day, time);
    send([target, showProgress](SimRunner &r) { r.runTo(target, showProgress); });
}

void SimController::stop()
{
    emit runStopping();
    ++m_runId;
    m_playing = false;
    m_scenario.reset();
    clearRecords();
    send([](SimRunner &r) { r.stop(); });
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
    if (!frame.report.isEmpty())
        m_report = frame.report;
    m_playing = frame.playing;
    const RecordsDelta delta = m_records.apply(frame);
    emit frameApplied(frame, delta);
}

} // namespace goap::editor
