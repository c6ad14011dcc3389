#include "simworker.h"

#include <QTimer>

#include <chrono>

namespace goap::editor {

namespace {
constexpr qint64 kSliceMs = 12; // wall time spent stepping per timer slice at most
}

SimWorker::SimWorker(QObject *parent) : QObject(parent) {}

SimWorker::~SimWorker() = default;

void SimWorker::ensureTimer()
{
    if (m_timer)
        return;
    // Created here, in the worker's thread, so it fires there.
    m_timer = new QTimer(this);
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setInterval(kFrameMs);
    connect(m_timer, &QTimer::timeout, this, &SimWorker::onTimer);
    m_clock.start();
}

void SimWorker::load(std::shared_ptr<const CompiledScenario> scenario, int runId)
{
    ensureTimer();
    m_scenario = std::move(scenario);
    m_runId = runId;
    restart();
}

void SimWorker::restart()
{
    if (!m_scenario)
        return;
    m_sim = std::make_unique<sim::Simulation>(m_scenario);
    m_serial = 0;
    m_eventsSent = m_samplesSent = m_namesSent = 0;
    m_owedTicks = 0;
    m_target = -1;
    m_sim->start(); // dawn, so the first frame shows everyone at their start
    emitFrame();
    if (m_playing)
        m_timer->start();
}

void SimWorker::stop()
{
    m_playing = false;
    m_target = -1;
    if (m_timer)
        m_timer->stop();
    m_sim.reset();
    m_scenario.reset();
}

void SimWorker::play()
{
    if (!m_sim)
        return;
    m_playing = true;
    m_lastMs = m_clock.elapsed();
    m_owedTicks = 0;
    m_timer->start();
    emitFrame();
}

void SimWorker::pause()
{
    m_playing = false;
    m_target = -1;
    if (m_timer)
        m_timer->stop();
    if (m_sim)
        emitFrame();
}

void SimWorker::stepTick()
{
    if (!m_sim)
        return;
    pause();
    m_sim->step();
    emitFrame();
}

void SimWorker::stepToEvent()
{
    if (!m_sim)
        return;
    pause();
    const size_t before = m_sim->events().events.size();
    const qint64 limit = m_sim->totalTicks() + m_sim->ticksPerDay();
    do
        m_sim->step();
    while (m_sim->events().events.size() == before && m_sim->totalTicks() < limit);
    emitFrame();
}

void SimWorker::setSpeed(double speed)
{
    m_speed = speed;
    m_owedTicks = 0;
    m_lastMs = m_clock.elapsed();
    if (m_sim)
        emitFrame();
}

void SimWorker::nextDay()
{
    if (!m_sim)
        return;
    const qint64 perDay = m_sim->ticksPerDay();
    runTo((m_sim->totalTicks() / perDay + 1) * perDay);
}

void SimWorker::runTo(qint64 totalTicks)
{
    if (!m_sim)
        return;
    m_target = totalTicks;
    m_timer->start();
}

void SimWorker::advance()
{
    const qint64 sliceStart = m_clock.elapsed();
    auto withinSlice = [&] { return m_clock.elapsed() - sliceStart < kSliceMs; };
    if (m_target >= 0) {
        while (m_sim->totalTicks() < m_target && withinSlice())
            for (int k = 0; k < 32 && m_sim->totalTicks() < m_target; ++k)
                m_sim->step();
        if (m_sim->totalTicks() >= m_target) {
            m_target = -1;
            m_playing = false;
            m_timer->stop();
        }
        return;
    }
    if (m_speed <= 0) { // as fast as possible: fill the slice
        while (withinSlice())
            for (int k = 0; k < 32; ++k)
                m_sim->step();
        return;
    }
    const qint64 now = m_clock.elapsed();
    m_owedTicks += double(now - m_lastMs) / 1000.0 * m_speed / m_sim->scenario().day.tick;
    m_lastMs = now;
    while (m_owedTicks >= 1 && withinSlice()) {
        m_sim->step();
        m_owedTicks -= 1;
    }
    m_owedTicks = std::min(m_owedTicks, 1.0); // cannot keep up: slow down rather than spiral
}

void SimWorker::onTimer()
{
    if (!m_sim || (!m_playing && m_target < 0)) {
        m_timer->stop();
        return;
    }
    advance();
    emitFrame();
}

void SimWorker::emitFrame()
{
    const auto began = std::chrono::steady_clock::now();
    auto frame = std::make_shared<SimFrame>();
    frame->runId = m_runId;
    frame->serial = ++m_serial;
    m_sim->fillSnapshot(frame->snapshot);
    const sim::EventLog &log = m_sim->events();
    frame->newAgentIds.assign(log.agentIds.begin() + std::ptrdiff_t(m_namesSent), log.agentIds.end());
    frame->newAgentLabels.assign(log.agentLabels.begin() + std::ptrdiff_t(m_namesSent), log.agentLabels.end());
    m_namesSent = log.agentIds.size();
    frame->events.reserve(log.events.size() - m_eventsSent);
    for (size_t i = m_eventsSent; i < log.events.size(); ++i) {
        sim::Event e = log.events[i];
        if (e.kind == sim::EventKind::Plan) {
            const auto begin = std::uint32_t(frame->planActions.size());
            frame->planActions.insert(frame->planActions.end(), log.planActions.begin() + e.planBegin,
                                      log.planActions.begin() + e.planEnd);
            e.planBegin = begin;
            e.planEnd = std::uint32_t(frame->planActions.size());
        }
        frame->events.push_back(e);
    }
    m_eventsSent = log.events.size();
    const sim::Samples &s = m_sim->samples();
    const size_t columns = s.columns();
    for (size_t r = m_samplesSent; r < s.rows(); ++r) {
        frame->sampleDays.push_back(s.rowDay[r]);
        frame->sampleTimes.push_back(s.rowTime[r]);
        frame->insistence.insert(frame->insistence.end(), s.insistence.begin() + std::ptrdiff_t(r * columns),
                                 s.insistence.begin() + std::ptrdiff_t((r + 1) * columns));
        frame->progress.insert(frame->progress.end(), s.progress.begin() + std::ptrdiff_t(r * columns),
                               s.progress.begin() + std::ptrdiff_t((r + 1) * columns));
        const size_t w = size_t(s.worldColumns);
        frame->world.insert(frame->world.end(), s.world.begin() + std::ptrdiff_t(r * w), s.world.begin() + std::ptrdiff_t((r + 1) * w));
    }
    m_samplesSent = s.rows();
    frame->playing = m_playing || m_target >= 0;
    frame->speed = m_speed;
    frame->ticksPerDay = m_sim->ticksPerDay();
    const auto made = std::chrono::steady_clock::now();
    frame->madeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(made.time_since_epoch()).count();
    frame->buildNs = std::chrono::duration_cast<std::chrono::nanoseconds>(made - began).count();
    emit frameReady(std::move(frame));
}

} // namespace goap::editor
