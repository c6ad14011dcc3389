#pragma once
// The records of a live run as the UI keeps them: the events and sample rows
// the frames brought, merged into one event log and one table of samples,
// within their bounds: the last kKeptDays days of the run (older days are
// dropped as a new day begins), with the events no longer kept and the
// events frames did not carry counted. SimController keeps one and applies
// every frame to it; tests of the hand-off apply frames to one the same way.

#include "run/simframe.h"

#include <cstdint>

namespace goap::editor {

// What applying one frame did to the records, for the views that follow them:
// append what was appended, or rebuild when older days were dropped.
struct RecordsDelta
{
    std::size_t eventsAppended = 0; // at the end of RunRecords::events()
    std::size_t rowsAppended = 0; // sample rows at the end of RunRecords::samples()
    // The first day kept moved on: the records of the days before it were
    // dropped from the front (the counts below; maybe none were there).
    bool trimmed = false;
    std::size_t eventsTrimmed = 0, rowsTrimmed = 0;
};

class RunRecords
{
public:
    // The live views keep the records of the last kKeptDays days of a run (the
    // day under way included): older days are dropped at dawn, so a run that
    // keeps going holds what the views show, not its whole history.
    static constexpr int kKeptDays = 7;

    // A new run of `scenario` (none: no run): no records, the scenario's sample columns.
    void reset(const CompiledScenario *scenario);
    // Appends what the frame recorded, then drops the days no longer kept.
    RecordsDelta apply(const SimFrame &frame);

    // Every event kept; its names cover every character of the run, by index.
    const sim::EventLog &events() const { return m_log; }
    const sim::Samples &samples() const { return m_samples; }
    // Events the frames did not carry (the per-frame cap, SimRunner::kMaxFrameEvents,
    // and the days the worker forgot while running ahead): events() holds every
    // event of the run but these and eventsTrimmed().
    std::uint64_t eventsDropped() const { return m_eventsDropped; }
    std::uint64_t eventsTrimmed() const { return m_eventsTrimmed; } // events of days no longer kept
    int firstKeptDay() const { return m_firstKeptDay; }

private:
    sim::EventLog m_log;
    sim::Samples m_samples;
    std::uint64_t m_eventsDropped = 0;
    std::uint64_t m_eventsTrimmed = 0;
    int m_firstKeptDay = 0;
};

} // namespace goap::editor
