#include "graph/render.h"

#include <gvc.h>

#include <mutex>

namespace goap {

std::optional<QByteArray> renderDot(const QByteArray &dot, const char *format, QString &error)
{
    // Graphviz keeps global state in its parser: one layout at a time.
    static std::mutex graphviz;
    const std::lock_guard lock(graphviz);
    GVC_t *gvc = gvContext();
    if (!gvc) {
        error = QStringLiteral("Graphviz could not start");
        return std::nullopt;
    }
    Agraph_t *g = agmemread(dot.constData());
    if (!g) {
        gvFreeContext(gvc);
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
    gvFreeContext(gvc);
    return out;
}

} // namespace goap
