#pragma once
// The map: walls, stations and characters' start positions on a grid the
// size of the scenario's map. Items are dragged to move them (one undoable
// step per drag, snapped to half units; hold Alt for no snapping); the
// selection is shared with the outline. Walls are whole cells: the wall tool
// draws one by dragging a rectangle, a selected wall is moved by dragging it
// and resized by its corner handle, and Delete removes the selected walls.

#include "docks/outline.h"

#include "space/grid.h"

#include <QGraphicsScene>

#include <QGraphicsView>
#include <QPainterPath>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace goap::editor {

class StartMarkers;

class MapScene : public QGraphicsScene
{
    Q_OBJECT

public:
    static constexpr double kScale = 40; // pixels per world unit

    explicit MapScene(ScenarioDocument *document, QObject *parent = nullptr);
    ~MapScene() override;

    void selectItem(const ItemRef &ref);
    void selectItems(const QList<ItemRef> &refs);
    // A station's marker, or the characters' start markers (one item for
    // all: StartMarkers), when there is such a station or character.
    QGraphicsItem *itemFor(const ItemRef &ref) const;
    StartMarkers *startMarkers() const { return m_markers; }
    static QPointF toScene(const Point &p) { return {p.x * kScale, p.y * kScale}; }
    static Point toWorld(const QPointF &p, bool snap);
    static QColor characterColor(int index);
    // An icon for a station's kind, read from its id and label ("oven", "mine", "field"...).
    static QString stationIcon(const QString &id,
                               const QString &label); // the colour of a character, on the map, in a run and in charts

    // Called by items when a drag ends.
    void itemMoved(EntityRef entity, const QPointF &scenePos, bool snap);
    void wallEdited(int index, const QRectF &sceneRect); // a wall moved or resized

    // The wall tools: while one is on, a left drag on the map draws a wall
    // (Rectangle), paints walls cell by cell (Brush) or erases them (Eraser),
    // and a click fills the room under it with wall (Fill; Shift+click clears
    // the wall under it); Door drags a rectangle that becomes a closed door.
    // One undo step a drag or a click. Markers and walls are disabled meanwhile; a press
    // that a run's character takes (a click that selects it) draws nothing.
    enum class WallTool { None, Rectangle, Brush, Eraser, Fill, Door };
    void setWallTool(bool on) { setWallMode(on ? WallTool::Rectangle : WallTool::None); }
    void setWallMode(WallTool tool);
    WallTool wallMode() const { return m_wallMode; }
    bool wallTool() const { return m_wallMode != WallTool::None; }
    // The tool's cursor on the map: while a tool is on, what a click there
    // would cover is outlined under the pointer before the click (the cell;
    // for Fill, the room it would fill or the wall it would clear). Empty off
    // the map, when the pointer leaves the view and with no tool on.
    QPainterPath hoverOutline() const;
    // Cells a brush stroke has covered so far (scene coordinates of the map).
    QList<Cell> strokeCells() const { return m_stroke; }
    // Each station's places (capacity N: its first N spots) and the first
    // cells of its line, as the simulation will use them, in map cells.
    const QList<Cell> &placeCells() const { return m_placeCells; }
    const QList<Cell> &lineCells() const { return m_lineCells; }
    QList<int> selectedWalls() const; // indices into map.walls
    QList<int> selectedCharacters() const; // indices into agents (while a wall tool is on, the ones selected before)
    // A rubber band's area as it grows: the characters it touches are
    // selected (with `kept`, those selected before a Ctrl+drag). The scene's
    // own setSelectionArea reaches the start markers only when they were
    // not selected yet: MapView calls this as the band grows.
    void selectCharactersIn(const QPainterPath &area, const QList<int> &kept);
    // Actions the map's context menu offers too, after its own (View > Show Reachable Region).
    void addContextAction(QAction *action) { m_contextActions.append(action); }
    bool removeSelectedWalls(); // one undo step; false when none was selected
    QGraphicsItem *wallItem(int index) const;
    QGraphicsItem *doorItem(int index) const;
    void doorClicked(int index); // opens or closes it (one undo step; in a run from its next tick)
    // A wall of whole cells spanning two scene points, clamped to the map.
    Wall wallBetween(const QPointF &a, const QPointF &b) const;

    // Hides the characters' start markers (while a run shows the live ones).
    void setStartMarkersVisible(bool visible);
    // Whether a marker's label is drawn (a label that would cover another gives way).
    bool labelShown(EntityRef entity) const;

signals:
    void itemClicked(const goap::ItemRef &ref);
    void itemsClicked(const QList<goap::ItemRef> &refs); // several markers of one kind selected
    void refused(const QString &reason); // an edit made on the map was refused
    void markersSelected(); // the selected markers changed (a click, or the outline's selection shown)

protected:
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent *event) override;
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    friend class StartMarkers;
    void rebuild();
    void announceSelection(); // the selection changed: the outline and the forms follow
    QString startToolTip(int character) const;
    void showCharacter(int index); // its start marker placed and labelled
    void showHover(const QPointF &scenePos); // the tool's cursor at that point
    void hideHover();
    QGraphicsPathItem *m_hover = nullptr; // the tool's cursor
    QPointF m_hoverAt;
    bool m_pointerIn = false; // the pointer is over the view (its last move was seen)
    // Fill's cursor: the map's cells as they are (made on the first hover
    // after a change of walls) and the cells of the room or wall outlined.
    std::unique_ptr<Grid> m_hoverGrid;
    std::vector<std::uint8_t> m_hoverMask;
    bool m_hoverMaskValid = false;
    QPainterPath m_hoverRegion; // its outline
    QGraphicsItem *makeMarker(int station); // added to the scene
    void showMarker(QGraphicsItem *marker, int station); // its label, icon, place and tooltip
    void updateMarker(EntityRef entity); // one marker shown again, in place
    // Items inserted into (or removed from) a list: the markers from the first
    // one on are made again (their indices, and a character's colour, follow
    // its place), the ones before stay.
    void spliceMarkers(EntityKind kind, const Change &change);
    void onChanged(const Change &change);
    void report(const QString &refusal);
    ScenarioDocument *m_document;
    std::vector<QGraphicsItem *> m_stations, m_walls, m_doors;
    StartMarkers *m_markers; // every character's start, one item
    QGraphicsItem *m_wallsFill = nullptr; // every wall's body, painted once (WallsFill)
    bool m_startMarkers = true;
    void strokeTo(const QPointF &scenePos); // adds the cells under the brush
    void updatePlaces();
    // Which markers' labels show: one that would cover another gives way.
    // Covers::Kept when no marker moved, was added or went (the piles are as they were).
    enum class Covers { Again, Kept };
    void placeLabels(Covers covers = Covers::Again);
    WallTool m_wallMode = WallTool::None;
    QList<QAction *> m_contextActions;
    QList<ItemRef> m_keptSelection; // the markers selected when a wall tool went on
    QPointF m_drawFrom;
    QGraphicsRectItem *m_drawing = nullptr; // the wall being drawn
    QGraphicsPathItem *m_strokeItem = nullptr; // the brush or eraser stroke being drawn
    QList<Cell> m_stroke;
    QList<Cell> m_placeCells, m_lineCells;
    // placeLabels()'s scratch, kept so a placement allocates little.
    std::unordered_set<qint64> m_pixelsSeen;
    std::unordered_map<qint64, std::vector<QRectF>> m_labelBuckets;
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
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    bool m_userZoomed = false;
    QList<int> m_bandKept; // the characters a Ctrl+rubber band adds to
};

} // namespace goap::editor
