#pragma once
// The characters' start markers on the editor's map, all of them one scene
// item, as a run's crowd is (RunLayer's CrowdItem): the discs of the part of
// the view repainted in one drawPixmapFragments call from the atlas both
// share (CrowdSprites), then the labels MapScene::placeLabels let show;
// zoomed out further than CrowdSprites::kReadableScale only the selected
// characters' and the hovered one's. A map of ten thousand characters is one
// item for QGraphicsView to find, sort and paint, and an edit repaints the
// pixels of the markers it changed.
//
// The item picks for the map: a click selects the character under the
// pointer (the selected ones are on top of a pile, then the last made),
// Ctrl+click adds or takes it away, a drag moves it (one undo step, snapped
// unless Alt is held), a click on a pile of several offers the list of them,
// and a selection area (a rubber band) selects the characters it touches.
// The item counts as selected while any character is, so the scene's own
// selection calls (clearSelection, setSelectionArea) reach it.

#include "scene/crowdsprites.h"

#include <QGraphicsItem>
#include <QPointer>
#include <QStaticText>

#include <vector>

namespace goap::editor {

class MapScene;

class StartMarkers : public QGraphicsItem
{
public:
    struct Marker
    {
        QPointF pos; // scene coordinates
        QStaticText label;
        bool selected = false;
        bool covered = false; // under another marker on the same pixel: neither disc nor label drawn unless selected
        bool labelShown = true; // placed by MapScene::placeLabels
        bool made = false; // placed and labelled once
        QRectF labelRect() const { return QRectF(pos + QPointF(-label.size().width() / 2, 11), label.size()); }
    };

    explicit StartMarkers(MapScene *scene);

    int count() const { return int(m_markers.size()); }
    void resize(int count); // the markers from `count` on go (unselected)
    // A marker placed and labelled; what it covered before and covers now is repainted.
    void set(int index, const QPointF &pos, const QString &label);
    const Marker &marker(int index) const { return m_markers[size_t(index)]; }
    void setCovered(int index, bool covered);
    void setLabelShown(int index, bool shown);

    bool isCharacterSelected(int index) const;
    QList<int> selection() const; // ascending
    // Selects exactly these characters; the scene announces it (selectionChanged) if anything changed.
    void setSelection(const QList<int> &characters);

    int characterAt(const QPointF &scenePos) const; // the top one there, -1: none
    QList<int> charactersAt(const QPointF &scenePos) const; // every one there, the top one first
    QList<int> charactersIn(const QPainterPath &area) const; // whose disc the area touches
    int hovered() const { return m_hovered; }

    QRectF boundingRect() const override { return m_bounds; }
    // Only a disc takes the pointer (the item's bounds are the map's).
    bool contains(const QPointF &point) const override { return characterAt(point) >= 0; }
    void paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override;
    void hoverMoveEvent(QGraphicsSceneHoverEvent *event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent *event) override;

private:
    static constexpr double kHalf = 12; // a disc's half side, as grabbed
    static QRectF discRect(const QPointF &pos) { return QRectF(pos.x() - 13, pos.y() - 13, 26, 26); }
    void repaint(int index); // its disc and label
    void grow(const QRectF &rect);
    void select(int index, bool on); // the flag and its repaint, nothing announced

    MapScene *m_scene;
    std::vector<Marker> m_markers;
    int m_selectedCount = 0;
    QRectF m_bounds;
    bool m_syncing = false; // the item's own selection flag follows the markers'
    int m_hovered = -1;
    int m_dragged = -1; // the character a press took, -1: none
    QPointF m_dragFrom, m_pressAt;
    bool m_moved = false;
    CrowdSprites m_sprites;
    QPointer<QWidget> m_pileMenu;
};

} // namespace goap::editor
