#pragma once
// What the simulation worker sends the UI: an immutable frame holding the
// latest snapshot and everything recorded since the previous frame. Frames
// travel as shared pointers to const, so crossing the thread boundary copies
// a pointer, and no pointer into the simulation ever crosses.

#include "sim/breakpoints.h"
#include "sim/events.h"
#include "sim/snapshot.h"

#include <QMetaType>

#include <memory>

namespace goap::editor {

struct SimFrame
{
    int runId = 0; // which load this frame belongs to
    quint64 serial = 0; // frames of one run, in order
    sim::Snapshot snapshot;
    // What the simulation recorded since the previous frame, drained from it
    // (Simulation::takeEvents, takeSamples): the worker keeps no history, and
    // RunRecords merges these into the run's records. The events (at most
    // SimRunner::kMaxFrameEvents, the newest) come with their plans and the
    // names they can name, so they format as the simulation's own would; the
    // sample rows with their columns.
    sim::EventLog events;
    sim::Samples samples;
    bool playing = false;
    double speed = 1; // x real time; 0: as fast as possible
    int threadsInUse = 1; // the threads the last tick ran on (Simulation::threadsInUse)
    int runDays = 1; // a play stops at the end of this many days; 0: keeps running
    bool dayDone = false; // this frame ends a play that stopped at a day's end
    // The breakpoint that stopped the run since the previous frame, if one did
    // (its event, if any, is among `events` unless the frame cap dropped it).
    std::optional<sim::BreakpointHit> breakpointHit;
    // Walls changed during the run since the previous frame, with the tick
    // each took effect from (Simulation::changeWalls): the UI's timeline
    // replays them, its views draw paths on them.
    std::vector<std::pair<std::int64_t, QList<Wall>>> wallChanges;
    // The run's report so far (sim::reportJson of the days kept), in frames of
    // a run at rest (paused, stopped at a day's end): what Compare shows.
    QByteArray report;
    // Back-pressure: a frame carries at most SimRunner::kMaxFrameEvents events,
    // the newest; the older ones of the stretch are counted here, not carried.
    std::uint64_t eventsDropped = 0;
    std::uint64_t eventsRecorded = 0; // every event of the run so far, carried or not
    std::uint64_t commands = 0; // commands the worker had handled when it built this frame
    std::int64_t ticksPerDay = 0;
    std::int64_t madeNs = 0; // steady clock when the worker finished the frame (for latency measurements)
    std::int64_t buildNs = 0; // how long building it took in the worker
};

using SimFramePtr = std::shared_ptr<const SimFrame>;

} // namespace goap::editor

Q_DECLARE_METATYPE(goap::editor::SimFramePtr)
