#include "graph/render.h"

#include <gvc.h>

#include <pthread.h>

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

namespace goap {

namespace {

// The Graphviz thread: one for the process, made on first use with a stack
// of kLayoutStack bytes, running one layout at a time for whoever asks.
// Graphviz's dot layout recurses once per node of a long rank chain (network
// simplex's rank2 / dfs_range): a 300-action chain went 174,000 frames deep
// and overflowed an 8 MiB stack (SIGSEGV). The stack is address space
// reserved, not memory: only the pages a layout touches are used. One thread
// for every layout, because Graphviz's pango plugin keeps a font map made on
// the thread of the first layout and uses it in every later one (pango's
// font maps belong to the thread that made them).
class GraphvizThread
{
public:
    // Runs `work` there and waits for it; false when the thread could not be made.
    bool run(const std::function<void()> &work)
    {
        std::unique_lock lock(m_mutex);
        if (!m_started && !start())
            return false;
        m_done.wait(lock, [&] { return m_job == nullptr; }); // another caller's layout first
        m_job = &work;
        ++m_posted;
        const std::uint64_t mine = m_posted;
        m_wake.notify_all();
        m_done.wait(lock, [&] { return m_finished >= mine; });
        return true;
    }

private:
    bool start()
    {
        pthread_attr_t attr;
        if (pthread_attr_init(&attr) != 0)
            return false;
        pthread_attr_setstacksize(&attr, kLayoutStack);
        pthread_t thread;
        m_started = pthread_create(&thread, &attr, &GraphvizThread::main, this) == 0;
        pthread_attr_destroy(&attr);
        if (m_started)
            pthread_detach(thread); // lives as long as the process, waiting for work
        return m_started;
    }
    static void *main(void *self)
    {
        auto *t = static_cast<GraphvizThread *>(self);
        std::unique_lock lock(t->m_mutex);
        for (;;) {
            t->m_wake.wait(lock, [&] { return t->m_job != nullptr; });
            const std::function<void()> *job = t->m_job;
            lock.unlock();
            (*job)();
            lock.lock();
            t->m_job = nullptr;
            ++t->m_finished;
            t->m_done.notify_all();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_wake, m_done;
    const std::function<void()> *m_job = nullptr;
    std::uint64_t m_posted = 0, m_finished = 0;
    bool m_started = false;
};

bool onLayoutStack(const std::function<void()> &work)
{
    static GraphvizThread *const graphviz = new GraphvizThread; // never destroyed: its thread outlives main()
    return graphviz->run(work);
}

} // namespace

std::optional<QByteArray> renderDot(const QByteArray &dot, const char *format, QString &error)
{
    std::optional<QByteArray> out;
    QString why;
    if (!onLayoutStack([&] { out = renderHere(dot, format, why); })) {
        error = QStringLiteral("no thread could be started for the layout");
        return std::nullopt;
    }
    if (!out)
        error = why;
    return out;
}

std::optional<QByteArray> renderHere(const QByteArray &dot, const char *format, QString &error)
{
    // Graphviz keeps global state in its parser and its plugins: one layout
    // at a time, in one context for the whole process. The context is never
    // freed: Graphviz 2.42's pango plugin remembers the last font name as a
    // pointer into the context's font dictionary (a static in
    // pango_textlayout), so freeing a context left the next layout comparing
    // against freed memory (AddressSanitizer: heap-use-after-free in strcmp
    // under textspan_size).
    static std::mutex graphviz;
    const std::lock_guard lock(graphviz);
    static GVC_t *const gvc = gvContext();
    if (!gvc) {
        error = QStringLiteral("Graphviz could not start");
        return std::nullopt;
    }
    Agraph_t *g = agmemread(dot.constData());
    if (!g) {
        error = QStringLiteral("Graphviz could not read the graph");
        return std::nullopt;
    }
    if (const int nodes = agnnodes(g), edges = agnedges(g); nodes > kMaxLayoutNodes || edges > kMaxLayoutEdges) {
        error = QStringLiteral("the graph has %1 nodes and %2 edges; Graphviz lays out at most %3 nodes and %4 edges "
                               "here (the DOT can be laid out on its own: dot -Tsvg)")
                    .arg(nodes)
                    .arg(edges)
                    .arg(kMaxLayoutNodes)
                    .arg(kMaxLayoutEdges);
        agclose(g);
        return std::nullopt;
    }
    std::optional<QByteArray> out;
    if (gvLayout(gvc, g, "dot") != 0) {
        error = QStringLiteral("Graphviz could not lay the graph out");
    } else {
        char *data = nullptr;
        unsigned int length = 0;
        if (gvRenderData(gvc, g, format, &data, &length) != 0 || !data)
            error = QStringLiteral("Graphviz could not render %1").arg(QLatin1String(format));
        else
            out = QByteArray(data, qsizetype(length));
        if (data)
            gvFreeRenderData(data);
        gvFreeLayout(gvc, g);
    }
    agclose(g);
    return out;
}

} // namespace goap
