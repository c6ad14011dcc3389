#pragma once
// The hand-off of frames from the simulation thread to the UI thread, with
// back-pressure: at most one frame in flight. The worker posts a frame only
// once the UI has acknowledged the previous one; meanwhile it keeps stepping
// and the next frame carries everything since, so a slow UI sees fewer,
// fuller frames instead of a growing queue.
//
// Plain std::mutex and std::condition_variable, no Qt: ThreadSanitizer sees
// this ordering (Debian's Qt is not instrumented), and a test can drive both
// sides from std::threads through exactly the code the GUI uses.

#include "run/simframe.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace goap::editor {

class FrameMailbox
{
public:
    // Worker side.
    bool isFree() const; // nothing in flight: a post would be taken
    bool post(SimFramePtr frame); // false (and the frame dropped) while one is in flight

    // UI side.
    SimFramePtr take(); // the posted frame, or null; it stays in flight until acknowledge()
    SimFramePtr waitTake(int timeoutMs); // take(), waiting for a post (for threads without an event loop)
    void acknowledge(); // done with the frame taken: the worker may post the next

    std::uint64_t posted() const; // frames posted so far
    std::uint64_t acknowledged() const;
    // Frames offered while one was in flight, and dropped: the runner offers
    // only when isFree(), so a frame is never built to be thrown away.
    std::uint64_t refused() const;

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_postedCondition;
    SimFramePtr m_frame;
    bool m_inFlight = false;
    std::uint64_t m_posted = 0, m_acknowledged = 0, m_refused = 0;
};

} // namespace goap::editor
