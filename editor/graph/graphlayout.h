#pragma once
// Graphviz's "plain" output read back: where dot put each node and the
// spline of each edge, in scene coordinates (points, y down), for the graph
// docks that draw laid-out graphs themselves (interactive, themed like the map).

#include <QHash>
#include <QObject>
#include <QPainterPath>
#include <QRectF>
#include <QString>

#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

class QGraphicsScene;
class QMenu;
class QObject;
class QWidget;

namespace goap::editor {

struct LaidOutEdge
{
    QString tail, head; // node ids
    QPainterPath path; // the spline
    QPointF end, beforeEnd; // its last point and the one before: where an arrowhead goes
};

struct GraphLayout
{
    QHash<QString, QRectF> nodes; // by node id
    std::vector<LaidOutEdge> edges; // in the file's order
};

GraphLayout parsePlain(const QByteArray &plain);

// Writes a graph as drawn in `format`: "dot" (the DOT), "svg" (laid out by
// Graphviz) or "png" (the scene at twice its size); no format: the one
// `fileName`'s suffix names. Empty when written, else why not.
QString exportGraph(QGraphicsScene *scene, const QByteArray &dot, const QString &fileName, const QString &format = {});

// "Export as PNG/SVG/DOT..." actions in `menu`: each asks for a file name
// through saveFileAs() (`baseName()` suggested, its format's filter chosen,
// the others offered), then calls `exportTo` with the name and the format
// chosen, and says why when it fails. For the graph docks.
void addExportActions(QMenu *menu, QWidget *parent, const QString &title, std::function<QString()> baseName,
                      std::function<QString(const QString &fileName, const QString &format)> exportTo);

// Graphviz layouts on a thread of their own, one at a time (the graph docks
// lay large graphs out off the UI thread): a request made while one runs
// waits, and only the newest does. The "plain" result comes back on the
// owner's thread with its request's number; one a newer request made stale
// is not delivered.
// One Graphviz layout at a time on a thread of its own, the newest request
// next. The thread's result goes through a mutex-protected slot and the
// thread emits finished(), a signal with no data, which wakes the owner's
// thread to take it (the one idiom of the editor's threads: data through
// std::mutex channels ThreadSanitizer can see, Qt signals only to wake).
class LayoutWorker : public QObject
{
    Q_OBJECT

public:
    // `plain` is empty when Graphviz did not lay the graph out, and `error` says why.
    using Done = std::function<void(quint64 request, const QByteArray &plain, const QString &error)>;
    LayoutWorker(QObject *owner, Done done);
    ~LayoutWorker() override; // waits for a layout under way (the owner is still whole)
    quint64 request(QByteArray dot); // its number, never 0
    bool busy() const { return m_busy; }
    void cancel() { m_pending.reset(); } // forgets a waiting request

signals:
    void finished(); // from the layout thread: a result waits in m_result

private:
    void start(quint64 request, QByteArray dot);
    void deliver(); // the owner's thread: takes the result
    Done m_done;
    std::thread m_thread;
    bool m_busy = false;
    std::optional<std::pair<quint64, QByteArray>> m_pending;
    quint64 m_requests = 0;
    struct Result
    {
        quint64 request = 0;
        QByteArray plain;
        QString error;
    };
    std::mutex m_resultLock;
    std::optional<Result> m_result; // written by the layout thread, taken by deliver()
};

// An arrowhead at `end`, pointing away from `from`.
QPainterPath arrowHead(QPointF end, QPointF from, double length = 7);

} // namespace goap::editor
