#pragma once
// Runs a SimRunner on its own thread (moveToThread). Commands come through a
// CommandQueue (wake() says there are some); frames leave through the
// FrameMailbox, at most one in flight: the worker keeps stepping while the UI
// digests a frame and the next frame carries everything since, so the UI is
// never flooded. frameReady() only says that the mailbox holds a frame. The
// speed only decides how many ticks are stepped per wall second, never what a
// tick does: every speed gives the same events as `goap-sim run`.

#include "run/simrunner.h"

#include <QObject>

class QTimer;

namespace goap::editor {

class SimWorker : public QObject
{
    Q_OBJECT

public:
    SimWorker(CommandQueue *commands, FrameMailbox *mailbox, QObject *parent = nullptr);
    ~SimWorker() override;

public slots:
    void wake(); // commands are queued

signals:
    void frameReady(); // the mailbox holds a frame

private:
    void turn();

    CommandQueue *m_commands;
    SimRunner m_runner;
    QTimer *m_timer = nullptr;
};

} // namespace goap::editor
