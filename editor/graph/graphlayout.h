#pragma once
// Graphviz's "plain" output read back: where dot put each node and the
// spline of each edge, in scene coordinates (points, y down), for the graph
// docks that draw laid-out graphs themselves (interactive, themed like the map).

#include <QHash>
#include <QPainterPath>
#include <QRectF>
#include <QString>

#include <vector>

class QGraphicsScene;

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

// Writes a graph as drawn: `fileName` ending .dot (the DOT), .svg (laid out
// by Graphviz) or .png (the scene at twice its size). Empty when written, else why not.
QString exportGraph(QGraphicsScene *scene, const QByteArray &dot, const QString &fileName);

// An arrowhead at `end`, pointing away from `from`.
QPainterPath arrowHead(QPointF end, QPointF from, double length = 7);

} // namespace goap::editor
