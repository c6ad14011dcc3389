#pragma once
// Commands from the UI thread to the simulation thread (play, pause, load...),
// the other half of FrameMailbox: the UI pushes closures over a SimRunner
// under a std::mutex, and the worker runs them on its own thread. A Qt signal
// only wakes the worker; no data travels through Qt's queued connections,
// whose ordering ThreadSanitizer cannot see in Debian's uninstrumented Qt.

#include <condition_variable>
#include <functional>
#include <mutex>
#include <vector>

namespace goap::editor {

class SimRunner;

class CommandQueue
{
public:
    using Command = std::function<void(SimRunner &)>;

    void push(Command command); // any thread
    std::vector<Command> takeAll(); // the runner's thread
    void waitFor(int timeoutMs); // until a command arrives or the time is up (threads without an event loop)

private:
    std::mutex m_mutex;
    std::condition_variable m_pushed;
    std::vector<Command> m_commands;
};

} // namespace goap::editor
