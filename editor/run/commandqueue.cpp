#include "commandqueue.h"

#include <chrono>
#include <utility>

namespace goap::editor {

void CommandQueue::push(Command command)
{
    {
        const std::lock_guard lock(m_mutex);
        m_commands.push_back(std::move(command));
    }
    m_pushed.notify_all();
}

std::vector<CommandQueue::Command> CommandQueue::takeAll()
{
    const std::lock_guard lock(m_mutex);
    return std::exchange(m_commands, {});
}

void CommandQueue::waitFor(int timeoutMs)
{
    std::unique_lock lock(m_mutex);
    m_pushed.wait_for(lock, std::chrono::milliseconds(timeoutMs), [this] { return !m_commands.empty(); });
}

} // namespace goap::editor
