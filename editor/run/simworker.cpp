#include "simworker.h"

#include <QTimer>

namespace goap::editor {

SimWorker::SimWorker(CommandQueue *commands, FrameMailbox *mailbox, QObject *parent)
    : QObject(parent)
    , m_commands(commands)
    , m_runner(mailbox)
{
}

SimWorker::~SimWorker() = default;

void SimWorker::wake()
{
    if (!m_timer) {
        // Created here, in the worker's thread, so it fires there.
        m_timer = new QTimer(this);
        m_timer->setTimerType(Qt::PreciseTimer);
        connect(m_timer, &QTimer::timeout, this, &SimWorker::turn);
    }
    turn();
}

void SimWorker::turn()
{
    const SimRunner::Turn t = m_runner.turn(*m_commands);
    if (t.posted)
        emit frameReady();
    if (t.sleepMs < 0)
        m_timer->stop();
    else if (m_timer->interval() != t.sleepMs || !m_timer->isActive())
        m_timer->start(t.sleepMs);
}

} // namespace goap::editor
