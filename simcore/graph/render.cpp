#include "graph/render.h"

#include <gvc.h>

#include <pthread.h>

#include <functional>
#include <mutex>

namespace goap {

namespace {

// Runs `work` on a thread of its own with a stack of kLayoutStack bytes and
// waits for it. Graphviz's dot layout recurses once per node of a long rank
// chain (network simplex's rank2 / dfs_range): a 300-action chain went
// 174,000 frames deep and overflowed an 8 MiB stack (SIGSEGV). The stack is
// address space reserved, not memory: only the pages a layout touches are
// used. False when no such thread could be made.
bool onLayoutStack(const std::function<void()> &work)
{
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
        return false;
    pthread_attr_setstacksize(&attr, kLayoutStack);
    pthread_t thread;
    auto run = [](void *arg) -> void * {
        (*static_cast<const std::function<void()> *>(arg))();
        return nullptr;
    };
    const bool started = pthread_create(&thread, &attr, run, const_cast<std::function<void()> *>(&work)) == 0;
    pthread_attr_destroy(&attr);
    if (started)
        pthread_join(thread, nullptr);
    return started;
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
