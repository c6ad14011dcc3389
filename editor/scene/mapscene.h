#pragma once
// The map: stations and characters' start positions on a grid the size of
// the scenario's map. Items are dragged to move them (one undoable step per
// drag, snapped to half units; hold Alt for no snapping); the selection is
// shared with the outline.

#include "docks/outline.h"

#include <QGraphicsScene>
#include <QGraphicsView>

namespace goap::editor {

class MapScene : public QGraphicsScene
{
    Q_OBJECT

public:
    static constexpr double kScale = 40; // pixels per world unit

    explicit MapScene(ScenarioDocument *document, QObject *parent = nullptr);

    void selectSubject(const Subject &subject);
    QGraphicsItem *itemFor(Subject::Kind kind, int index) const;
    static QPointF toScene(const Point &p) { return {p.x * kScale, p.y * kScale}; }
    static Point toWorld(const QPointF &p, bool snap);
    static QColor agentColor(int index);
    // An icon for a station's kind, read from its id and label ("oven", "mine", "field"...).
    static QString stationIcon(const QString &id, const QString &label); // the colour of a character, on the map, in a run and in charts

    // Called by items when a drag ends.
    void itemMoved(Subject::Kind kind, int index, const QPointF &scenePos, bool snap);

    // Hides the characters' start markers (while a run shows the live ones).
    void setStartMarkersVisible(bool visible);

signals:
    void subjectClicked(const goap::editor::Subject &subject);

protected:
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent *event) override;

private:
    void rebuild();
    ScenarioDocument *m_document;
    std::vector<QGraphicsItem *> m_stations, m_agents;
    bool m_startMarkers = true;
};

class MapView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit MapView(QGraphicsScene *scene, QWidget *parent = nullptr);
    void fitMap();
    void zoomBy(double factor);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    bool m_userZoomed = false;
};

} // namespace goap::editor
