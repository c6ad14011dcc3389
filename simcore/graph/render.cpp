#include "graph/render.h"

#include <gvc.h>

#include <mutex>

namespace goap {

std::optional<QByteArray> renderDot(const QByteArray &dot, const char *format, QString &error)
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
