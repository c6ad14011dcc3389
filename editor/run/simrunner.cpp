#include "simrunner.h"

#include "sim/records.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace goap::editor {

SimRunner::SimRunner(FrameMailbox *mailbox)
    : m_mailbox(mailbox)
{
}

void SimRunner::load(std::shared_ptr<const CompiledScenario> scenario, int runId)
{
    m_scenario = std::move(scenario);
    m_runId = runId;
    m_breakpoints.clear(); // they name the last scenario's ids
    m_playing = false; // a new run starts paused at its first dawn
    restart();
}

void SimRunner::changeWalls(QList<Wall> walls)
{
    if (!m_sim)
        return;
    const std::int64_t tick = m_sim->totalTicks();
    m_sim->changeWalls(tick, walls);
    m_wallChanges.emplace_back(tick, std::move(walls));
    m_dirty = true;
}

void SimRunner::setBreakpoints(std::vector<sim::Breakpoint> breakpoints)
{
    m_breakpoints = std::move(breakpoints);
    if (m_sim)
        m_watch.set(m_breakpoints, *m_sim);
}

bool SimRunner::step()
{
    if (m_watch.empty()) {
        m_sim->step();
        return true;
    }
    m_watch.beforeStep(*m_sim);
    m_sim->step();
    std::optional<sim::BreakpointHit> hit = m_watch.afterStep(*m_sim);
    if (!hit)
        return true;
    // Paused where it hit, frames on again (a quiet run-to shows where it stopped).
    m_hit = hit;
    m_playing = false;
    m_target = -1;
    m_quiet = false;
    m_dirty = true;
    return false;
}

void SimRunner::restart()
{
    if (!m_scenario)
        return;
    m_wallChanges.clear();
    m_sim = std::make_unique<sim::Simulation>(m_scenario);
    m_sim->setThreads(m_threads);
    m_serial = 0;
    m_eventsRecorded = 0;
    m_eventsForgotten = 0;
    m_owedTicks = 0;
    m_last = Clock::now();
    m_target = -1;
    m_stopAt = -1;
    m_quiet = false;
    m_dayDone = false;
    m_sim->start(); // dawn, so the first frame shows everyone at their start
    m_watch.set(m_breakpoints, *m_sim);
    m_hit.reset();
    m_dirty = true;
}

void SimRunner::stop()
{
    m_playing = false;
    m_target = -1;
    m_quiet = false;
    m_dirty = false;
    m_sim.reset();
    m_scenario.reset();
}

void SimRunner::play()
{
    if (!m_sim)
        return;
    m_playing = true;
    m_last = Clock::now();
    m_owedTicks = 0;
    const std::int64_t ticks = m_sim->totalTicks(), perDay = m_sim->ticksPerDay();
    // A play runs to the end of the day it is in (from a day's end: the next
    // one), or of N days; a pause and a play in between keep the same end.
    if (m_runDays <= 0)
        m_stopAt = -1;
    else if (m_stopAt <= ticks)
        m_stopAt = (ticks / perDay + m_runDays) * perDay;
    m_dayDone = false;
    m_dirty = true;
}

void SimRunner::pause()
{
    m_playing = false;
    m_target = -1;
    m_quiet = false;
    m_dirty = m_sim != nullptr;
}

void SimRunner::stepTick()
{
    if (!m_sim)
        return;
    pause();
    step();
}

void SimRunner::stepToEvent()
{
    if (!m_sim)
        return;
    pause();
    const size_t before = m_sim->events().events.size();
    const std::int64_t limit = m_sim->totalTicks() + m_sim->ticksPerDay();
    while (step() && m_sim->events().events.size() == before && m_sim->totalTicks() < limit) { }
}

void SimRunner::setSpeed(double speed)
{
    m_speed = speed;
    m_owedTicks = 0;
    m_last = Clock::now();
    m_dirty = m_sim != nullptr;
}

void SimRunner::setThreads(int threads)
{
    m_threads = threads;
    if (m_sim)
        m_sim->setThreads(threads);
    m_dirty = m_sim != nullptr; // a frame says so
}

void SimRunner::setRunDays(int days)
{
    m_runDays = std::max(0, days);
    m_stopAt = -1;
    if (m_sim && m_playing && m_runDays > 0) // takes effect now, counting the day in progress
        m_stopAt = (m_sim->totalTicks() / m_sim->ticksPerDay() + m_runDays) * m_sim->ticksPerDay();
    m_dirty = m_sim != nullptr;
}

void SimRunner::runTo(std::int64_t totalTicks, bool showProgress)
{
    if (!m_sim)
        return;
    m_target = totalTicks;
    m_quiet = !showProgress;
    m_dirty = true;
}

void SimRunner::stepUpTo(std::int64_t limit, Clock::time_point sliceEnd)
{
    // Reads the clock every few ticks only: a small town's tick is shorter than the read.
    while (m_sim->totalTicks() < limit) {
        for (int k = 0; k < 8 && m_sim->totalTicks() < limit; ++k)
            if (!step())
                return;
        if (Clock::now() >= sliceEnd)
            return;
    }
}

void SimRunner::keepLastDays()
{
    // While a frame is in flight the records of the stretch pile up here: keep
    // the days the views would keep, so memory stays flat however far ahead.
    const int from = m_sim->day() - (kKeptDays - 1);
    if (from <= 0)
        return;
    m_eventsForgotten += m_sim->discardRecordsBefore(from);
}

void SimRunner::advance()
{
    const Clock::time_point sliceEnd = Clock::now() + std::chrono::milliseconds(kSliceMs);
    if (m_target >= 0) {
        stepUpTo(m_target, sliceEnd);
        keepLastDays();
        if (m_sim->totalTicks() >= m_target) {
            m_target = -1;
            m_quiet = false;
            m_playing = false;
        }
        m_dirty = true;
        return;
    }
    if (!m_playing)
        return;
    const std::int64_t limit = m_stopAt >= 0 ? m_stopAt : std::numeric_limits<std::int64_t>::max();
    if (m_speed <= 0) {
        stepUpTo(limit, sliceEnd);
    } else {
        const Clock::time_point now = Clock::now();
        m_owedTicks += std::chrono::duration<double>(now - m_last).count() * m_speed / m_sim->scenario().day.tick;
        m_last = now;
        while (m_owedTicks >= 1 && m_sim->totalTicks() < limit && Clock::now() < sliceEnd) {
            m_owedTicks -= 1;
            if (!step())
                break;
        }
        m_owedTicks = std::min(m_owedTicks, 1.0); // cannot keep up: slow down rather than spiral
    }
    keepLastDays();
    m_dirty = true;
    if (m_sim->totalTicks() >= limit) {
        m_playing = false;
        m_stopAt = -1;
        m_dayDone = true;
    }
}

SimRunner::Turn SimRunner::turn(CommandQueue &commands)
{
    Turn t;
    for (CommandQueue::Command &command : commands.takeAll()) {
        ++m_commands;
        command(*this);
    }
    t.posted = runSlice();
    // Stepping at full speed: again as soon as commands are heard. At a set
    // speed, or waiting for the UI to take the last frame: a frame's time
    // later. Nothing to do: asleep until a command.
    if (stepping())
        t.sleepMs = fullSpeed() ? 0 : kFrameMs;
    else if (pending())
        t.sleepMs = kFrameMs;
    return t;
}

bool SimRunner::runSlice()
{
    if (!m_sim)
        return false;
    if (stepping())
        advance();
    return publish();
}

bool SimRunner::publish()
{
    if (!m_sim || !m_dirty || m_quiet || !m_mailbox->isFree())
        return false;
    // Only this thread posts, so the mailbox is still free.
    m_mailbox->post(buildFrame());
    m_dirty = false;
    m_dayDone = false;
    if (m_postedHook)
        m_postedHook();
    return true;
}

SimFramePtr SimRunner::buildFrame()
{
    const auto began = Clock::now();
    auto frame = std::make_shared<SimFrame>();
    frame->runId = m_runId;
    frame->serial = ++m_serial;
    frame->wallChanges = std::move(m_wallChanges);
    m_wallChanges.clear();
    m_sim->fillSnapshot(frame->snapshot);
    // What was recorded since the last frame, drained: the worker keeps no
    // history, so its memory stays flat however long the run goes on.
    m_sim->takeEvents(frame->events);
    m_sim->takeSamples(frame->samples);
    m_eventsRecorded += m_eventsForgotten + frame->events.events.size();
    // The newest events of the stretch, at most kMaxFrameEvents.
    const size_t taken = frame->events.events.size();
    frame->eventsDropped
        = m_eventsForgotten + frame->events.dropFirst(taken > kMaxFrameEvents ? taken - kMaxFrameEvents : 0);
    m_eventsForgotten = 0;
    frame->eventsRecorded = m_eventsRecorded;
    frame->playing = stepping();
    if (!frame->playing)
        frame->report = sim::reportJson(m_sim->scenario(), QString(), m_sim->reports());
    frame->speed = m_speed;
    frame->threadsInUse = m_sim->threadsInUse();
    frame->runDays = m_runDays;
    frame->dayDone = m_dayDone;
    frame->breakpointHit = std::exchange(m_hit, std::nullopt);
    frame->commands = m_commands;
    frame->ticksPerDay = m_sim->ticksPerDay();
    const auto made = Clock::now();
    frame->madeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(made.time_since_epoch()).count();
    frame->buildNs = std::chrono::duration_cast<std::chrono::nanoseconds>(made - began).count();
    return frame;
}

} // namespace goap::editor
