#include "framemailbox.h"

namespace goap::editor {

bool FrameMailbox::isFree() const
{
    const std::lock_guard lock(m_mutex);
    return !m_inFlight;
}

bool FrameMailbox::post(SimFramePtr frame)
{
    {
        const std::lock_guard lock(m_mutex);
        if (m_inFlight) {
            ++m_refused;
            return false;
        }
        m_frame = std::move(frame);
        m_inFlight = true;
        ++m_posted;
    }
    m_postedCondition.notify_all();
    return true;
}

SimFramePtr FrameMailbox::take()
{
    const std::lock_guard lock(m_mutex);
    return std::move(m_frame);
}

SimFramePtr FrameMailbox::waitTake(int timeoutMs)
{
    std::unique_lock lock(m_mutex);
    m_postedCondition.wait_for(lock, std::chrono::milliseconds(timeoutMs), [this] { return m_frame != nullptr; });
    return std::move(m_frame);
}

void FrameMailbox::acknowledge()
{
    const std::lock_guard lock(m_mutex);
    if (!m_inFlight || m_frame)
        return; // nothing taken
    m_inFlight = false;
    ++m_acknowledged;
}

std::uint64_t FrameMailbox::posted() const
{
    const std::lock_guard lock(m_mutex);
    return m_posted;
}

std::uint64_t FrameMailbox::acknowledged() const
{
    const std::lock_guard lock(m_mutex);
    return m_acknowledged;
}

std::uint64_t FrameMailbox::refused() const
{
    const std::lock_guard lock(m_mutex);
    return m_refused;
}

} // namespace goap::editor
