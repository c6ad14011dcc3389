#include "mapscene.h"
#include "markerpaint.h"
#include "startmarkers.h"

#include "charts/palette.h"
#include "planner/compiledscenario.h"
#include "space/paths.h"

#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QStaticText>
#include <QStyleOptionGraphicsItem>
#include <QSvgRenderer>
#include <QUndoStack>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace goap::editor {

namespace {

// A station's draggable marker (a rounded square with an icon), with its
// label underneath, laid out once (QStaticText). The characters' start
// markers are one item (StartMarkers).
class MarkerItem : public QGraphicsObject
{
public:
    MarkerItem(MapScene *scene, int station, const QColor &color)
        : m_scene(scene)
        , m_station(station)
        , m_color(color)
    {
        setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
        setCursor(Qt::OpenHandCursor);
        setAcceptHoverEvents(true);
        m_label.setTextFormat(Qt::PlainText);
        m_label.setPerformanceHint(QStaticText::AggressiveCaching);
        setZValue(1);
    }

    // Its label and icon: set when made and after each edit, in place.
    void setContent(const QString &label, const QString &icon)
    {
        if (label == m_label.text() && icon == m_icon && !m_bounds.isNull())
            return;
        prepareGeometryChange();
        m_icon = icon;
        m_label.setText(label);
        m_label.prepare(QTransform(), mapLabelFont());
        const QSizeF size = m_label.size();
        m_labelPos = QPointF(-size.width() / 2, 16);
        m_bounds = m_labelShown ? kMark.united(QRectF(m_labelPos, size)) : kMark;
        update();
    }

    // Where its label would stand, in scene coordinates.
    QRectF labelRect() const { return QRectF(m_labelPos, m_label.size()).translated(pos()); }
    bool labelShown() const { return m_labelShown; }
    // A label that would cover another gives way (MapScene::placeLabels): it
    // is not drawn, and the marker's bounds shrink to its square.
    void setLabelShown(bool shown)
    {
        if (shown == m_labelShown)
            return;
        prepareGeometryChange();
        m_labelShown = shown;
        m_bounds = shown ? kMark.united(QRectF(m_labelPos, m_label.size())) : kMark;
    }

    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override // the marker, not its label, is what is grabbed
    {
        QPainterPath path;
        path.addRect(kMark);
        return path;
    }

    void paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *) override
    {
        const bool selected = option->state & QStyle::State_Selected;
        p->setRenderHint(QPainter::Antialiasing);
        p->setPen(QPen(selected ? QColor(0, 120, 215) : m_color.darker(160), selected ? 3 : 1.5));
        p->setBrush(m_color);
        p->drawRoundedRect(QRectF(-15, -15, 30, 30), 6, 6);
        QSvgRenderer(m_icon).render(p, QRectF(-11, -11, 22, 22));
        if (!m_labelShown)
            return;
        p->setPen(QColor(40, 40, 40));
        p->setFont(mapLabelFont());
        p->drawStaticText(m_labelPos, m_label);
    }

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override
    {
        m_pressPos = pos();
        setCursor(Qt::ClosedHandCursor);
        QGraphicsObject::mousePressEvent(event);
    }
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override
    {
        setCursor(Qt::OpenHandCursor);
        QGraphicsObject::mouseReleaseEvent(event);
        if (pos() != m_pressPos)
            m_scene->itemMoved(EntityRef {EntityKind::Station, m_station}, pos(),
                               !(event->modifiers() & Qt::AltModifier));
    }

private:
    static constexpr QRectF kMark {-17, -17, 34, 34};
    MapScene *m_scene;
    int m_station;
    QColor m_color;
    QString m_icon;
    QStaticText m_label;
    QPointF m_labelPos;
    QRectF m_bounds;
    QPointF m_pressPos;
    bool m_labelShown = true;
};

const QColor kWallFill(0x6e, 0x67, 0x5d), kWallHatch(0x85, 0x7e, 0x73);

// Every wall's body at once: the blocked cells as the fewest rectangles (runs
// of a row, merged with the same run of the rows below), filled once however
// many walls overlap them (10,000 copies of one wall paint as one).
class WallsFill : public QGraphicsItem
{
public:
    explicit WallsFill(const MapSettings &map)
    {
        setZValue(0.4); // under the walls' outlines
        setAcceptedMouseButtons(Qt::NoButton);
        const Grid grid(map);
        if (!grid.hasWalls())
            return;
        std::vector<QRect> open; // runs still growing downwards, one per run of the last row
        std::vector<QRect> next;
        for (int y = 0; y <= grid.height(); ++y) {
            next.clear();
            size_t k = 0;
            for (int x = 0; y < grid.height() && x < grid.width();) {
                if (!grid.blocked({x, y})) {
                    ++x;
                    continue;
                }
                const int x0 = x;
                while (x < grid.width() && grid.blocked({x, y}))
                    ++x;
                while (k < open.size() && open[k].left() < x0) // runs that ended: done
                    m_cells.push_back(open[k++]);
                if (k < open.size() && open[k].left() == x0 && open[k].right() == x - 1) {
                    QRect r = open[k++];
                    r.setBottom(y);
                    next.push_back(r);
                } else {
                    next.emplace_back(x0, y, x - x0, 1);
                }
            }
            while (k < open.size())
                m_cells.push_back(open[k++]);
            open.swap(next);
        }
        for (const QRect &r : m_cells)
            m_bounds |= QRectF(r.x() * MapScene::kScale, r.y() * MapScene::kScale, r.width() * MapScene::kScale,
                               r.height() * MapScene::kScale);
    }

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *) override
    {
        const double k = MapScene::kScale;
        for (const QRect &c : m_cells) {
            const QRectF r(c.x() * k, c.y() * k, c.width() * k, c.height() * k);
            if (!r.intersects(option->exposedRect))
                continue;
            p->fillRect(r, kWallFill);
            p->fillRect(r, QBrush(kWallHatch, Qt::BDiagPattern));
        }
    }

private:
    std::vector<QRect> m_cells; // in cells
    QRectF m_bounds;
};

// A wall: a block of whole cells, drawn as its outline over WallsFill (its
// body too while it is dragged). Selected, it can be dragged (snapped to
// whole cells) and resized by the handle at its lower right corner.
class WallItem : public QGraphicsObject
{
public:
    static constexpr double kHandle = 10; // pixels of the resize handle

    WallItem(MapScene *scene, int index, const QRectF &rect)
        : m_scene(scene)
        , m_index(index)
        , m_size(rect.size())
    {
        setFlags(ItemIsMovable | ItemIsSelectable);
        setPos(rect.topLeft());
        setZValue(0.5); // under stations and characters
        setCursor(Qt::SizeAllCursor);
        setFlag(ItemUsesExtendedStyleOption); // exposedRect: a huge wall paints only what shows
    }

    QRectF boundingRect() const override { return QRectF(QPointF(-2, -2), m_size + QSizeF(4, 4)); }

    void paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *) override
    {
        const QRectF r(QPointF(0, 0), m_size);
        if (m_pressed) { // on its way somewhere else: its body comes along
            p->fillRect(r & option->exposedRect, kWallFill);
            p->fillRect(r & option->exposedRect, QBrush(kWallHatch, Qt::BDiagPattern));
        }
        const bool selected = option->state & QStyle::State_Selected;
        p->setPen(QPen(selected ? QColor(0, 120, 215) : QColor(0x4a, 0x45, 0x3e), selected ? 3 : 1));
        p->setBrush(Qt::NoBrush);
        p->drawRect(r);
        if (selected)
            p->fillRect(handle(), QColor(0, 120, 215));
    }

protected:
    QRectF handle() const { return QRectF(m_size.width() - kHandle, m_size.height() - kHandle, kHandle, kHandle); }

    void mousePressEvent(QGraphicsSceneMouseEvent *event) override
    {
        m_pressPos = pos();
        m_pressed = true;
        m_resizing = isSelected() && handle().contains(event->pos());
        m_pressSize = m_size;
        if (m_resizing) {
            event->accept();
            return;
        }
        QGraphicsObject::mousePressEvent(event);
    }
    void mouseMoveEvent(QGraphicsSceneMouseEvent *event) override
    {
        if (!m_resizing) {
            QGraphicsObject::mouseMoveEvent(event);
            return;
        }
        prepareGeometryChange();
        const double cell = MapScene::kScale;
        m_size = QSizeF(std::max(cell, std::round(event->pos().x() / cell) * cell),
                        std::max(cell, std::round(event->pos().y() / cell) * cell));
        update();
    }
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override
    {
        if (!m_resizing)
            QGraphicsObject::mouseReleaseEvent(event);
        const bool moved = pos() != m_pressPos || m_size != m_pressSize;
        m_resizing = false;
        m_pressed = false;
        update();
        if (moved)
            m_scene->wallEdited(m_index, QRectF(pos(), m_size));
    }

private:
    MapScene *m_scene;
    int m_index;
    QSizeF m_size, m_pressSize;
    QPointF m_pressPos;
    bool m_resizing = false;
    bool m_pressed = false;
};

// A door: a rectangle like a wall, brown; closed it is filled, open it is
// two jambs with a gap between them. A click (no wall tool on) opens or
// closes it, one undo step; during a run at the run's next tick.
class DoorItem : public QGraphicsObject
{
public:
    DoorItem(MapScene *scene, int index, const QRectF &rect, bool open)
        : m_scene(scene)
        , m_index(index)
        , m_size(rect.size())
        , m_open(open)
    {
        setPos(rect.topLeft());
        setZValue(0.6); // over the walls, under stations and characters
        setCursor(Qt::PointingHandCursor);
    }
    bool isOpen() const { return m_open; }
    QRectF boundingRect() const override { return QRectF(QPointF(-2, -2), m_size + QSizeF(4, 4)); }
    void paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *) override
    {
        const QColor wood(0x8b, 0x5a, 0x2b), dark(0x5a, 0x3a, 0x1a);
        const QRectF r(QPointF(0, 0), m_size);
        if (!m_open) {
            p->fillRect(r, wood);
            p->setPen(QPen(dark, 2));
            p->drawRect(r.adjusted(1, 1, -1, -1));
            // Planks along its length.
            p->setPen(QPen(dark, 1));
            const bool across = m_size.width() >= m_size.height();
            for (double t = 0.25; t < 1; t += 0.25)
                across ? p->drawLine(QPointF(0, r.height() * t), QPointF(r.width(), r.height() * t))
                       : p->drawLine(QPointF(r.width() * t, 0), QPointF(r.width() * t, r.height()));
            return;
        }
        // Open: a jamb at each end and the gap between them.
        const bool across = m_size.width() >= m_size.height();
        const double jamb = 0.18 * (across ? r.width() : r.height());
        const QRectF a = across ? QRectF(0, 0, jamb, r.height()) : QRectF(0, 0, r.width(), jamb);
        const QRectF b
            = across ? QRectF(r.width() - jamb, 0, jamb, r.height()) : QRectF(0, r.height() - jamb, r.width(), jamb);
        p->fillRect(a, wood);
        p->fillRect(b, wood);
        p->setPen(QPen(wood, 1.5, Qt::DashLine));
        p->setBrush(Qt::NoBrush);
        p->drawRect(r.adjusted(1, 1, -1, -1));
    }

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override { event->accept(); }
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override
    {
        if (event->button() == Qt::LeftButton && boundingRect().contains(event->pos()))
            m_scene->doorClicked(m_index);
    }

private:
    MapScene *m_scene;
    int m_index;
    QSizeF m_size;
    bool m_open;
};

} // namespace

QString MapScene::stationIcon(const QString &id, const QString &label)
{
    // The kind of a station, read from its id and label.
    static const std::pair<const char *, const char *> kinds[]
        = {{"mine", "st-mine"},    {"quarry", "st-mine"},    {"furnace", "st-fire"}, {"smelt", "st-fire"},
           {"forge", "st-fire"},   {"hearth", "st-fire"},    {"fire", "st-fire"},    {"anvil", "st-anvil"},
           {"smith", "st-anvil"},  {"forest", "st-tree"},    {"tree", "st-tree"},    {"wood", "st-wood"},
           {"log", "st-wood"},     {"workshop", "st-saw"},   {"saw", "st-saw"},      {"field", "st-wheat"},
           {"farm", "st-wheat"},   {"mill", "st-mill"},      {"oven", "st-oven"},    {"bake", "st-oven"},
           {"kitchen", "st-oven"}, {"table", "st-table"},    {"tavern", "st-table"}, {"bed", "st-bed"},
           {"lounge", "st-bed"},   {"cubicle", "st-bed"},    {"home", "st-door"},    {"entrance", "st-door"},
           {"door", "st-door"},    {"reception", "st-desk"}, {"desk", "st-desk"},    {"office", "st-desk"},
           {"waiting", "st-desk"}};
    const QString text = (id + u' ' + label).toLower();
    for (const auto &[word, icon] : kinds)
        if (text.contains(QLatin1String(word)))
            return QStringLiteral(":/icons/%1.svg").arg(QLatin1String(icon));
    return QStringLiteral(":/icons/station.svg");
}

QColor MapScene::characterColor(int index)
{
    return editor::characterColor(index);
}

MapScene::MapScene(ScenarioDocument *document, QObject *parent)
    : QGraphicsScene(parent)
    , m_document(document)
{
    connect(document, &ScenarioDocument::changed, this, &MapScene::onChanged);
    connect(this, &QGraphicsScene::selectionChanged, this, &MapScene::markersSelected);
    connect(this, &QGraphicsScene::selectionChanged, this, &MapScene::announceSelection);
    m_markers = new StartMarkers(this);
    addItem(m_markers);
    rebuild();
}

MapScene::~MapScene()
{
    // Items go before the lists naming them: deleting a selected item changes
    // the selection, whose handler reads the lists.
    const QSignalBlocker blocker(this);
    clear();
    if (!m_startMarkers) // out of the scene while a run hid them: ours to delete
        delete m_markers;
}

void MapScene::announceSelection()
{
    emit markersSelected();
    placeLabels(Covers::Kept); // nothing moved; a selected character's label shows first
    QList<ItemRef> characters, stations;
    for (int i : m_markers->selection())
        characters << ItemRef {EntityKind::Character, i};
    for (size_t i = 0; i < m_stations.size(); ++i)
        if (m_stations[i]->isSelected())
            stations << ItemRef {EntityKind::Station, int(i)};
    const qsizetype walls = selectedWalls().size();
    const qsizetype count = characters.size() + stations.size() + walls;
    if (count > 1) { // a rubber band or Ctrl+click: several characters (or stations)
        const QList<ItemRef> &refs = characters.size() > 1 ? characters : stations;
        if (refs.size() > 1)
            emit itemsClicked(refs);
    } else if (count == 1 && walls == 0) {
        emit itemClicked(characters.isEmpty() ? stations.first() : characters.first());
    }
}

QString MapScene::startToolTip(int character) const
{
    const Agent &a = m_document->scenario().agents[character];
    return tr("%1 starts at (%2, %3): drag to move").arg(a.label).arg(a.at.x).arg(a.at.y);
}

Point MapScene::toWorld(const QPointF &p, bool snap)
{
    double x = p.x() / kScale, y = p.y() / kScale;
    if (snap) {
        x = std::round(x * 2) / 2;
        y = std::round(y * 2) / 2;
    } else {
        x = std::round(x * 100) / 100;
        y = std::round(y * 100) / 100;
    }
    return {x, y};
}

void MapScene::itemMoved(EntityRef entity, const QPointF &scenePos, bool snap)
{
    const Point at = toWorld(scenePos, snap);
    const int index = entity.index;
    if (entity.kind == EntityKind::Station) {
        Station s = m_document->scenario().stations[index];
        s.at = at;
        report(m_document->submit(
            edits::setEntity(m_document->scenario(), EntityKind::Station, index, s, Field::Position)));
    } else {
        Agent a = m_document->scenario().agents[index];
        a.at = at;
        report(m_document->submit(
            edits::setEntity(m_document->scenario(), EntityKind::Character, index, a, Field::Position)));
    }
    rebuild(); // snaps the item, and restores it if the move was refused
}

Wall MapScene::wallBetween(const QPointF &a, const QPointF &b) const
{
    const MapSettings &map = m_document->scenario().map;
    auto cellX
        = [&](double v) { return std::clamp(std::floor(v / kScale), 0.0, std::max(0.0, std::ceil(map.width) - 1)); };
    auto cellY
        = [&](double v) { return std::clamp(std::floor(v / kScale), 0.0, std::max(0.0, std::ceil(map.height) - 1)); };
    const double x0 = std::min(cellX(a.x()), cellX(b.x())), x1 = std::max(cellX(a.x()), cellX(b.x()));
    const double y0 = std::min(cellY(a.y()), cellY(b.y())), y1 = std::max(cellY(a.y()), cellY(b.y()));
    Wall w {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    w.w = std::min(w.w, map.width - w.x); // a map of fractional size: the last cell is cut at its edge
    w.h = std::min(w.h, map.height - w.y);
    return w;
}

void MapScene::doorClicked(int index)
{
    report(m_document->submit(edits::toggleDoor(m_document->scenario(), index)));
}

QGraphicsItem *MapScene::doorItem(int index) const
{
    return index >= 0 && size_t(index) < m_doors.size() ? m_doors[size_t(index)] : nullptr;
}

void MapScene::report(const QString &refusal)
{
    if (!refusal.isEmpty())
        emit refused(refusal);
}

void MapScene::wallEdited(int index, const QRectF &sceneRect)
{
    const double x = std::round(sceneRect.x() / kScale), y = std::round(sceneRect.y() / kScale);
    const Wall wall {x, y, std::round(sceneRect.width() / kScale), std::round(sceneRect.height() / kScale)};
    report(m_document->submit(edits::setWall(m_document->scenario(), index, wall)));
    rebuild(); // snaps the item, and restores it if the edit was refused
}

QPainterPath MapScene::hoverOutline() const
{
    return m_hover && m_hover->isVisible() ? m_hover->path() : QPainterPath();
}

void MapScene::hideHover()
{
    if (m_hover)
        m_hover->hide();
}

void MapScene::showHover(const QPointF &scenePos)
{
    m_hoverAt = scenePos;
    const MapSettings &map = m_document->scenario().map;
    const Cell c = Grid::cellOf(scenePos.x() / kScale, scenePos.y() / kScale);
    if (m_wallMode == WallTool::None || c.x < 0 || c.y < 0 || c.x >= std::ceil(map.width)
        || c.y >= std::ceil(map.height))
        return hideHover();
    if (!m_hover) {
        m_hover = addPath(QPainterPath());
        m_hover->setZValue(3.5); // over what is being drawn
        m_hover->setAcceptedMouseButtons(Qt::NoButton);
    }
    QColor colour(0, 120, 215);
    QPainterPath path;
    if (m_wallMode != WallTool::Fill) {
        path.addRect(QRectF(c.x * kScale, c.y * kScale, kScale, kScale));
        if (m_wallMode == WallTool::Eraser)
            colour = QColor(0xc6, 0x28, 0x28);
    } else {
        if (!m_hoverGrid) {
            MapSettings bounds = map; // as the fill sees it: every door a boundary
            for (Door &d : bounds.doors)
                d.open = false;
            m_hoverGrid = std::make_unique<Grid>(bounds);
            m_hoverMaskValid = false;
        }
        const Grid &grid = *m_hoverGrid;
        // The room (or wall) under the pointer and its outline, found again
        // only when the pointer leaves the one outlined.
        if (!m_hoverMaskValid || !grid.inside(c) || !m_hoverMask[size_t(grid.index(c))]) {
            const std::vector<Cell> region = grid.floodFrom(c, edits::kFillCellLimit, m_hoverMask);
            m_hoverMaskValid = int(region.size()) <= edits::kFillCellLimit;
            // Every side of a cell of the region whose neighbour is not in it.
            m_hoverRegion = QPainterPath();
            auto in = [&](int x, int y) { return grid.inside({x, y}) && m_hoverMask[size_t(grid.index({x, y}))]; };
            auto side = [&](double x0, double y0, double x1, double y1) {
                m_hoverRegion.moveTo(x0, y0);
                m_hoverRegion.lineTo(x1, y1);
            };
            for (const Cell r : m_hoverMaskValid ? region : std::vector<Cell> {}) {
                const double l = r.x * kScale, t = r.y * kScale, rt = l + kScale, b = t + kScale;
                if (!in(r.x, r.y - 1))
                    side(l, t, rt, t);
                if (!in(r.x, r.y + 1))
                    side(l, b, rt, b);
                if (!in(r.x - 1, r.y))
                    side(l, t, l, b);
                if (!in(r.x + 1, r.y))
                    side(rt, t, rt, b);
            }
        }
        if (grid.blocked(c))
            colour = QColor(0xc6, 0x28, 0x28); // Shift+click clears it
        if (!m_hoverMaskValid) { // a fill there is refused: the cell alone, greyed
            colour = QColor(0x80, 0x80, 0x80);
            path.addRect(QRectF(c.x * kScale, c.y * kScale, kScale, kScale));
        } else {
            path = m_hoverRegion;
        }
    }
    m_hover->setPen(QPen(colour, 2.5));
    m_hover->setBrush(QColor(colour.red(), colour.green(), colour.blue(), 40));
    m_hover->setPath(path);
    m_hover->show();
}

bool MapScene::event(QEvent *event)
{
    if (event->type() == QEvent::GraphicsSceneLeave) { // the pointer left the view
        m_pointerIn = false;
        hideHover();
    }
    return QGraphicsScene::event(event);
}

void MapScene::setWallMode(WallTool tool)
{
    m_wallMode = tool;
    // The tool's cursor follows the tool: gone with it, the new one's at once.
    if (m_pointerIn)
        showHover(m_hoverAt);
    else
        hideHover();
    // Leaving (or switching) mid-drag drops what was being drawn.
    delete m_strokeItem;
    m_strokeItem = nullptr;
    delete m_drawing;
    m_drawing = nullptr;
    m_stroke.clear();
    // While a tool is on, the map's markers and walls neither move nor take
    // the press: a drag anywhere draws (or erases), and their grab cursors
    // give way to the tool's.
    const bool on = tool != WallTool::None;
    // A disabled marker loses its selection; the outline keeps it (the scene
    // says nothing of one item), so the markers selected come back with the
    // map's own tools.
    if (on && m_keptSelection.isEmpty()) {
        for (size_t i = 0; i < m_stations.size(); ++i)
            if (m_stations[i]->isSelected())
                m_keptSelection << ItemRef {EntityKind::Station, int(i)};
        for (int i : m_markers->selection())
            m_keptSelection << ItemRef {EntityKind::Character, i};
    }
    for (const auto *list : {&m_stations, &m_walls, &m_doors})
        for (QGraphicsItem *item : *list)
            item->setEnabled(!on);
    m_markers->setEnabled(!on);
    if (!on && !m_keptSelection.isEmpty())
        selectItems(std::exchange(m_keptSelection, {}));
}

void MapScene::strokeTo(const QPointF &scenePos)
{
    // Every cell along the way from the last point, so a fast drag leaves no gaps.
    const QPointF from = m_stroke.isEmpty() ? scenePos : m_drawFrom;
    const double steps = std::max(1.0, std::ceil(QLineF(from, scenePos).length() / (kScale / 4)));
    const MapSettings &map = m_document->scenario().map;
    for (int k = 0; k <= int(steps); ++k) {
        const QPointF p = from + (scenePos - from) * (k / steps);
        const Cell c = Grid::cellOf(p.x() / kScale, p.y() / kScale);
        if (c.x < 0 || c.y < 0 || c.x >= std::ceil(map.width) || c.y >= std::ceil(map.height) || m_stroke.contains(c))
            continue;
        m_stroke.append(c);
    }
    m_drawFrom = scenePos;
    QPainterPath path;
    for (const Cell c : m_stroke)
        path.addRect(QRectF(c.x * kScale, c.y * kScale, kScale, kScale));
    m_strokeItem->setPath(path);
}

void MapScene::updatePlaces()
{
    // The simulation's own rule (space/paths.h) on the document as it is.
    const Scenario &s = m_document->scenario();
    CompiledScenario c;
    c.map = s.map;
    for (const Station &st : s.stations)
        c.stations.push_back(CompiledStation {st.at.x, st.at.y, std::max(0, st.capacity), -1});
    m_placeCells.clear();
    m_lineCells.clear();
    if (s.map.walls.isEmpty()
        || s.map.width * s.map.height <= 1024.0 * 1024.0) { // a larger walled grid is not rebuilt per edit
        const Space space(c);
        for (size_t i = 0; i < c.stations.size(); ++i) {
            const int capacity = c.stations[i].capacity;
            if (capacity <= 0)
                continue;
            const std::vector<Cell> &spots = space.spots(int(i));
            for (size_t k = 0; k < spots.size() && int(k) < capacity; ++k)
                m_placeCells.append(spots[k]);
            const std::vector<Cell> &line = space.line(int(i));
            for (size_t k = 0; k < line.size() && k < 3; ++k)
                m_lineCells.append(line[k]);
        }
    }
    invalidate(sceneRect(), QGraphicsScene::BackgroundLayer);
}

QList<int> MapScene::selectedWalls() const
{
    QList<int> out;
    for (size_t i = 0; i < m_walls.size(); ++i)
        if (m_walls[i]->isSelected())
            out << int(i);
    return out;
}

QList<int> MapScene::selectedCharacters() const
{
    QList<int> out;
    if (m_wallMode != WallTool::None) { // the markers are disabled, and so unselected, meanwhile
        for (const ItemRef &ref : m_keptSelection)
            if (ref.isEntity(EntityKind::Character))
                out << ref.index();
        return out;
    }
    return m_markers->selection();
}

void MapScene::selectCharactersIn(const QPainterPath &area, const QList<int> &kept)
{
    QList<int> characters = m_markers->charactersIn(area);
    for (int i : kept)
        if (!characters.contains(i))
            characters << i;
    m_markers->setSelection(characters);
}

QGraphicsItem *MapScene::wallItem(int index) const
{
    return index >= 0 && size_t(index) < m_walls.size() ? m_walls[size_t(index)] : nullptr;
}

bool MapScene::removeSelectedWalls()
{
    const QList<int> walls = selectedWalls();
    if (walls.isEmpty())
        return false;
    QUndoStack *stack = m_document->undoStack();
    if (walls.size() > 1)
        stack->beginMacro(tr("Remove %n wall(s)", nullptr, int(walls.size())));
    for (auto it = walls.crbegin(); it != walls.crend(); ++it) // from the last, so indices stay valid
        m_document->submit(edits::removeWall(m_document->scenario(), *it));
    if (walls.size() > 1)
        stack->endMacro();
    return true;
}

void MapScene::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_wallMode != WallTool::None && event->button() == Qt::LeftButton) {
        // A click that selects is never a stroke: what is still enabled on the
        // map in a wall mode (a run's characters) has the press first, and
        // one that took it grabs the mouse. (A disabled marker or wall under
        // the press swallows it without a grab: the stroke goes on.)
        QGraphicsScene::mousePressEvent(event);
        if (mouseGrabberItem())
            return;
    }
    if ((m_wallMode == WallTool::Brush || m_wallMode == WallTool::Eraser) && event->button() == Qt::LeftButton) {
        m_stroke.clear();
        const bool erase = m_wallMode == WallTool::Eraser;
        m_strokeItem
            = addPath(QPainterPath(), QPen(erase ? QColor(0xc6, 0x28, 0x28) : QColor(0, 120, 215), 2, Qt::DashLine),
                      erase ? QColor(0xc6, 0x28, 0x28, 60) : QColor(0x6e, 0x67, 0x5d, 140));
        m_strokeItem->setZValue(3);
        strokeTo(event->scenePos());
        event->accept();
        return;
    }
    if (m_wallMode == WallTool::Fill && event->button() == Qt::LeftButton) {
        const QPointF p = event->scenePos() / kScale;
        report(m_document->submit(edits::fillWalls(m_document->scenario(), Grid::cellOf(p.x(), p.y()),
                                                   event->modifiers() & Qt::ShiftModifier)));
        event->accept();
        return;
    }
    if ((m_wallMode == WallTool::Rectangle || m_wallMode == WallTool::Door) && event->button() == Qt::LeftButton) {
        m_drawFrom = event->scenePos();
        const Wall w = wallBetween(m_drawFrom, m_drawFrom);
        m_drawing = addRect(
            QRectF(w.x * kScale, w.y * kScale, w.w * kScale, w.h * kScale), QPen(QColor(0, 120, 215), 2, Qt::DashLine),
            m_wallMode == WallTool::Door ? QColor(0x8b, 0x5a, 0x2b, 140) : QColor(0x6e, 0x67, 0x5d, 140));
        m_drawing->setZValue(3);
        event->accept();
        return;
    }
    QGraphicsScene::mousePressEvent(event);
}

void MapScene::mouseMoveEvent(QGraphicsSceneMouseEvent *event)
{
    m_pointerIn = true;
    m_hoverAt = event->scenePos(); // where a tool turned on next shows its cursor
    if (m_wallMode != WallTool::None)
        showHover(m_hoverAt);
    if (m_strokeItem) {
        strokeTo(event->scenePos());
        event->accept();
        return;
    }
    if (m_drawing) {
        const Wall w = wallBetween(m_drawFrom, event->scenePos());
        m_drawing->setRect(QRectF(w.x * kScale, w.y * kScale, w.w * kScale, w.h * kScale));
        event->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void MapScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_strokeItem && event->button() == Qt::LeftButton) {
        strokeTo(event->scenePos());
        delete m_strokeItem;
        m_strokeItem = nullptr;
        const QList<Cell> cells = std::exchange(m_stroke, {});
        report(m_document->submit(edits::paintWalls(m_document->scenario(), cells, m_wallMode == WallTool::Eraser)));
        event->accept();
        return;
    }
    if (m_drawing && event->button() == Qt::LeftButton) {
        delete m_drawing;
        m_drawing = nullptr;
        const Wall w = wallBetween(m_drawFrom, event->scenePos());
        report(m_document->submit(m_wallMode == WallTool::Door ? edits::addDoor(m_document->scenario(), w)
                                                               : edits::addWall(m_document->scenario(), w)));
        event->accept();
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
}

QGraphicsItem *MapScene::itemFor(const ItemRef &ref) const
{
    if (!ref.isEntity(EntityKind::Station) && !ref.isEntity(EntityKind::Character))
        return nullptr; // actions, goals, templates, facts... have no marker
    if (ref.isEntity(EntityKind::Character))
        return ref.index() >= 0 && ref.index() < m_markers->count() ? m_markers : nullptr;
    return ref.index() >= 0 && size_t(ref.index()) < m_stations.size() ? m_stations[size_t(ref.index())] : nullptr;
}

void MapScene::selectItem(const ItemRef &ref)
{
    selectItems({ref});
}

void MapScene::selectItems(const QList<ItemRef> &refs)
{
    if (m_wallMode != WallTool::None) { // disabled markers take no selection: they have it when the tool goes off
        m_keptSelection = refs;
        emit markersSelected();
        return;
    }
    const QSignalBlocker blocker(this);
    clearSelection();
    QList<int> characters;
    for (const ItemRef &ref : refs)
        if (ref.isEntity(EntityKind::Character))
            characters << ref.index();
        else if (QGraphicsItem *item = itemFor(ref))
            item->setSelected(true);
    m_markers->setSelection(characters);
    emit markersSelected(); // selectionChanged was held back: no echo to the outline, but views follow
}

void MapScene::setStartMarkersVisible(bool visible)
{
    if (visible == m_startMarkers)
        return;
    m_startMarkers = visible;
    // Hidden, the item leaves the scene too (kept, and edited in place).
    m_markers->setVisible(visible); // hiding deselects, as ever
    if (visible)
        addItem(m_markers);
    else
        removeItem(m_markers);
    placeLabels(Covers::Kept);
}

void MapScene::rebuild()
{
    QList<int> selectedStations;
    for (size_t i = 0; i < m_stations.size(); ++i)
        if (m_stations[i]->isSelected())
            selectedStations << int(i);
    const QList<int> selectedCharacters = m_markers->selection();
    const QSignalBlocker blocker(this);
    QList<int> selectedWallList = selectedWalls();
    for (QGraphicsItem *item : m_stations)
        delete item;
    for (QGraphicsItem *item : m_walls)
        delete item;
    for (QGraphicsItem *item : m_doors)
        delete item;
    m_doors.clear();
    delete m_wallsFill;
    m_stations.clear();
    m_walls.clear();
    const Scenario &s = m_document->scenario();
    setSceneRect(QRectF(-kScale, -kScale, (s.map.width + 2) * kScale, (s.map.height + 2) * kScale));
    MapSettings wallsOnly = s.map; // doors are drawn as doors
    wallsOnly.doors.clear();
    m_wallsFill = new WallsFill(wallsOnly);
    addItem(m_wallsFill);
    for (int i = 0; i < s.map.walls.size(); ++i) {
        const Wall &w = s.map.walls[i];
        auto *item = new WallItem(this, i, QRectF(w.x * kScale, w.y * kScale, w.w * kScale, w.h * kScale));
        item->setToolTip(
            tr("Wall %1 x %2 at (%3, %4): drag to move, drag the corner handle to resize, Delete to remove")
                .arg(w.w)
                .arg(w.h)
                .arg(w.x)
                .arg(w.y));
        item->setSelected(selectedWallList.contains(i));
        item->setEnabled(m_wallMode == WallTool::None);
        addItem(item);
        m_walls.push_back(item);
    }
    for (int i = 0; i < s.map.doors.size(); ++i) {
        const Door &d = s.map.doors[i];
        const Wall &r = d.rect;
        auto *item = new DoorItem(this, i, QRectF(r.x * kScale, r.y * kScale, r.w * kScale, r.h * kScale), d.open);
        item->setToolTip(
            (d.open ? tr("Door %1, open: click to close it") : tr("Door %1, closed: click to open it")).arg(d.id));
        item->setEnabled(m_wallMode == WallTool::None);
        addItem(item);
        m_doors.push_back(item);
    }
    for (int i = 0; i < s.stations.size(); ++i) {
        QGraphicsItem *item = makeMarker(i);
        item->setSelected(selectedStations.contains(i));
        m_stations.push_back(item);
    }
    m_markers->resize(int(s.agents.size()));
    for (int i = 0; i < s.agents.size(); ++i)
        showCharacter(i);
    m_markers->setEnabled(m_wallMode == WallTool::None);
    m_markers->setSelection(selectedCharacters);
    updatePlaces();
    placeLabels();
}

void MapScene::placeLabels(Covers covers)
{
    auto key = [](int x, int y) { return (qint64(x) << 32) ^ qint64(quint32(y)); };
    // Discs at one pixel: the last made is drawn on top, the ones under it
    // are covered (neither disc nor label drawn) unless selected.
    if (covers == Covers::Again) {
        m_pixelsSeen.clear();
        m_pixelsSeen.reserve(size_t(m_markers->count()));
        for (int i = m_markers->count() - 1; i >= 0; --i) {
            const QPointF at = m_markers->marker(i).pos;
            m_markers->setCovered(i,
                                  !m_pixelsSeen.insert(key(int(std::lround(at.x())), int(std::lround(at.y())))).second);
        }
    }
    // Labels, greedy as map labelling goes: stations first, then the
    // selected characters, then the rest in order; a label overlapping one
    // already placed gives way. Placed labels are found through buckets of
    // 64 x 16 pixels, so this is linear in the markers drawn.
    constexpr double kBucketW = 64, kBucketH = 16;
    m_labelBuckets.clear();
    auto buckets = [&](const QRectF &r, auto visit) {
        for (int by = int(std::floor(r.top() / kBucketH)); by <= int(std::floor(r.bottom() / kBucketH)); ++by)
            for (int bx = int(std::floor(r.left() / kBucketW)); bx <= int(std::floor(r.right() / kBucketW)); ++bx)
                if (visit(key(bx, by)))
                    return true;
        return false;
    };
    auto fits = [&](const QRectF &label) { // and takes its place if it does
        const QRectF r = label.adjusted(1, 1, -1, -1); // labels may touch
        const bool taken = buckets(r, [&](qint64 k) {
            const auto it = m_labelBuckets.find(k);
            return it != m_labelBuckets.end()
                && std::any_of(it->second.begin(), it->second.end(), [&](const QRectF &o) { return o.intersects(r); });
        });
        if (!taken)
            buckets(r, [&](qint64 k) {
                m_labelBuckets[k].push_back(r);
                return false;
            });
        return !taken;
    };
    for (QGraphicsItem *item : m_stations) {
        auto *marker = static_cast<MarkerItem *>(item);
        marker->setLabelShown(marker->isVisible() && fits(marker->labelRect()));
    }
    auto place = [&](int i) {
        const StartMarkers::Marker &m = m_markers->marker(i);
        m_markers->setLabelShown(i, m_startMarkers && (!m.covered || m.selected) && fits(m.labelRect()));
    };
    for (int i : m_markers->selection())
        place(i);
    for (int i = 0; i < m_markers->count(); ++i)
        if (!m_markers->marker(i).selected)
            place(i);
}

bool MapScene::labelShown(EntityRef entity) const
{
    if (entity.kind == EntityKind::Character)
        return entity.index >= 0 && entity.index < m_markers->count() && m_markers->marker(entity.index).labelShown;
    const QGraphicsItem *item = itemFor(entity);
    return item && static_cast<const MarkerItem *>(item)->labelShown();
}

QGraphicsItem *MapScene::makeMarker(int station)
{
    auto *item = new MarkerItem(this, station, QColor(0xf3, 0xe3, 0xc3));
    item->setCacheMode(QGraphicsItem::DeviceCoordinateCache); // the icon is rendered once
    showMarker(item, station);
    item->setEnabled(m_wallMode == WallTool::None);
    addItem(item);
    return item;
}

void MapScene::showMarker(QGraphicsItem *marker, int station)
{
    const Station &st = m_document->scenario().stations[station];
    auto *item = static_cast<MarkerItem *>(marker);
    item->setContent(st.label, stationIcon(st.id, st.label));
    item->setPos(toScene(st.at));
    item->setToolTip(tr("Station %1 at (%2, %3): drag to move").arg(st.id).arg(st.at.x).arg(st.at.y));
}

void MapScene::showCharacter(int index)
{
    const Agent &a = m_document->scenario().agents[index];
    m_markers->set(index, toScene(a.at), a.label);
}

void MapScene::updateMarker(EntityRef entity)
{
    const bool station = entity.kind == EntityKind::Station;
    const size_t count = station ? m_stations.size() : size_t(m_markers->count());
    if (entity.index < 0 || size_t(entity.index) >= count) {
        rebuild();
        return;
    }
    const QSignalBlocker blocker(this);
    QPointF was, now;
    if (station) {
        QGraphicsItem *marker = m_stations[size_t(entity.index)];
        was = marker->pos();
        showMarker(marker, entity.index);
        now = marker->pos();
        updatePlaces(); // it moved, or its capacity changed
    } else {
        was = m_markers->marker(entity.index).pos;
        showCharacter(entity.index);
        now = m_markers->marker(entity.index).pos;
    }
    placeLabels(now != was ? Covers::Again : Covers::Kept); // a new label: the piles are as they were
}

void MapScene::onChanged(const Change &change)
{
    const std::optional<EntityKind> list = change.list();
    if (list == EntityKind::Station || list == EntityKind::Character) {
        const EntityKind kind = *list;
        if (change.kind == Change::Edited)
            for (int i : change.indices)
                updateMarker({kind, i}); // in place
        else
            spliceMarkers(kind, change);
    } else if (change.kind == Change::Replaced
               && change.touches(Section::Stations | Section::Characters | Section::Settings)) {
        rebuild();
    }
    if (change.touches(Section::Settings)) {
        update(); // the map's size is drawn in the (cached) background
        // The walls may have changed: the fill's cursor is found again.
        m_hoverGrid.reset();
        m_hoverMaskValid = false;
        if (m_hover && m_hover->isVisible())
            showHover(m_hoverAt);
    }
}

void MapScene::spliceMarkers(EntityKind kind, const Change &change)
{
    const bool station = kind == EntityKind::Station;
    const Scenario &s = m_document->scenario();
    const size_t had = station ? m_stations.size() : size_t(m_markers->count());
    const size_t count = size_t(station ? s.stations.size() : s.agents.size());
    const size_t from = change.indices.isEmpty() ? 0 : size_t(change.indices.first());
    if (from > had) {
        rebuild();
        return;
    }
    const QSignalBlocker blocker(this);
    QList<int> selected; // by index after the change
    for (size_t i = 0; i < had; ++i) {
        if (station ? !m_stations[i]->isSelected() : !m_markers->isCharacterSelected(int(i)))
            continue;
        int now = int(i);
        for (int k : change.indices) // ascending
            if (change.kind == Change::Inserted ? k <= now : k < int(i))
                now += change.kind == Change::Inserted ? 1 : -1;
        if (change.kind == Change::Inserted || !change.indices.contains(int(i)))
            selected << now;
    }
    if (station) {
        for (size_t i = from; i < m_stations.size(); ++i)
            delete m_stations[i];
        m_stations.resize(from);
        for (size_t i = from; i < count; ++i) {
            m_stations.push_back(makeMarker(int(i)));
            m_stations.back()->setSelected(selected.contains(int(i)));
        }
        updatePlaces();
    } else {
        // The markers from the first one changed on are placed again (their
        // indices, and a character's colour, follow its place).
        m_markers->resize(int(count));
        for (size_t i = from; i < count; ++i)
            showCharacter(int(i));
        m_markers->setSelection(selected);
    }
    placeLabels();
}

void MapScene::contextMenuEvent(QGraphicsSceneContextMenuEvent *event)
{
    QMenu menu;
    const Point at = toWorld(event->scenePos(), true);
    menu.addAction(QIcon(QStringLiteral(":/icons/station.svg")), tr("Add Station Here"), this, [this, at] {
        if (const QString refusal
            = m_document->submit(edits::addEntity(m_document->scenario(), EntityKind::Station, at));
            !refusal.isEmpty())
            return report(refusal);
        emit itemClicked(ItemRef {EntityKind::Station, int(m_document->scenario().stations.size()) - 1});
    });
    menu.addAction(QIcon(QStringLiteral(":/icons/character.svg")), tr("Add Character Here"), this, [this, at] {
        if (const QString refusal
            = m_document->submit(edits::addEntity(m_document->scenario(), EntityKind::Character, at));
            !refusal.isEmpty())
            return report(refusal);
        emit itemClicked(ItemRef {EntityKind::Character, int(m_document->scenario().agents.size()) - 1});
    });
    for (size_t i = 0; i < m_walls.size(); ++i) {
        if (m_walls[i]->sceneBoundingRect().contains(event->scenePos())) {
            const Wall w = m_document->scenario().map.walls.value(int(i));
            menu.addSeparator();
            menu.addAction(QIcon(QStringLiteral(":/icons/remove.svg")),
                           tr("Remove Wall %1 x %2 at (%3, %4)").arg(w.w).arg(w.h).arg(w.x).arg(w.y), this, [this, i] {
                               report(m_document->submit(edits::removeWall(m_document->scenario(), int(i))));
                           });
        }
    }
    for (size_t i = 0; i < m_doors.size(); ++i) {
        if (m_doors[i]->sceneBoundingRect().contains(event->scenePos())) {
            const Door d = m_document->scenario().map.doors.value(int(i));
            menu.addSeparator();
            menu.addAction(d.open ? tr("Close Door %1").arg(d.id) : tr("Open Door %1").arg(d.id), this,
                           [this, i] { doorClicked(int(i)); });
            menu.addAction(
                QIcon(QStringLiteral(":/icons/remove.svg")), tr("Remove Door %1").arg(d.id), this,
                [this, i] { report(m_document->submit(edits::removeDoor(m_document->scenario(), int(i)))); });
        }
    }
    for (size_t i = 0; i < m_stations.size(); ++i) {
        if (m_stations[i]->sceneBoundingRect().contains(event->scenePos())) {
            menu.addSeparator();
            menu.addAction(
                QIcon(QStringLiteral(":/icons/remove.svg")),
                tr("Remove Station %1").arg(m_document->scenario().stations[int(i)].id), this, [this, i] {
                    m_document->submit(edits::remove(m_document->scenario(), EntityRef {EntityKind::Station, int(i)}));
                });
        }
    }
    QList<int> characters = m_startMarkers ? m_markers->charactersAt(event->scenePos()) : QList<int>();
    std::sort(characters.begin(), characters.end());
    for (int i : characters) {
        menu.addSeparator();
        menu.addAction(
            QIcon(QStringLiteral(":/icons/remove.svg")),
            tr("Remove Character %1").arg(m_document->scenario().agents[i].id), this, [this, i] {
                m_document->submit(edits::remove(m_document->scenario(), EntityRef {EntityKind::Character, i}));
            });
    }
    if (!m_contextActions.isEmpty()) {
        menu.addSeparator();
        menu.addActions(m_contextActions);
    }
    menu.exec(event->screenPos());
}

void MapScene::drawBackground(QPainter *painter, const QRectF &rect)
{
    painter->fillRect(rect, QColor(0xe8, 0xe6, 0xe1));
    const Scenario &s = m_document->scenario();
    const QRectF map(0, 0, s.map.width * kScale, s.map.height * kScale);
    painter->fillRect(map, QColor(0xfb, 0xfa, 0xf6));
    painter->setPen(QPen(QColor(0xe4, 0xe1, 0xd8), 0));
    for (double x = 0; x <= s.map.width + 1e-9; x += 1)
        painter->drawLine(QPointF(x * kScale, 0), QPointF(x * kScale, map.bottom()));
    for (double y = 0; y <= s.map.height + 1e-9; y += 1)
        painter->drawLine(QPointF(0, y * kScale), QPointF(map.right(), y * kScale));
    painter->setPen(QPen(QColor(0xa8, 0xa2, 0x94), 1.5));
    painter->drawRect(map);
    // Stations' places (where each of N characters acts) and the head of their lines.
    painter->setPen(QPen(QColor(0x8d, 0x6e, 0x3f), 1.2, Qt::DashLine));
    painter->setBrush(QColor(0xf3, 0xe3, 0xc3, 120));
    for (const Cell c : m_placeCells)
        painter->drawRect(QRectF(c.x * kScale + 3, c.y * kScale + 3, kScale - 6, kScale - 6));
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0x8d, 0x6e, 0x3f, 90));
    for (const Cell c : m_lineCells)
        painter->drawEllipse(QPointF((c.x + 0.5) * kScale, (c.y + 0.5) * kScale), 3, 3);
    painter->setBrush(Qt::NoBrush);
}

MapView::MapView(QGraphicsScene *scene, QWidget *parent)
    : QGraphicsView(scene, parent)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setCacheMode(QGraphicsView::CacheBackground); // the grid is drawn once, not every frame of a run
    setOptimizationFlags(QGraphicsView::DontSavePainterState);
    setToolTip(tr("The map: drag stations and characters to place them; wheel to zoom, middle button to pan"));
}

void MapView::fitMap()
{
    fitInView(sceneRect(), Qt::KeepAspectRatio);
}

void MapView::zoomBy(double factor)
{
    m_userZoomed = true;
    scale(factor, factor);
}

void MapView::wheelEvent(QWheelEvent *event)
{
    zoomBy(std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void MapView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton) { // pan with the middle button
        setDragMode(QGraphicsView::ScrollHandDrag);
        QMouseEvent press(event->type(), event->position(), event->scenePosition(), event->globalPosition(),
                          Qt::LeftButton, Qt::LeftButton, event->modifiers());
        QGraphicsView::mousePressEvent(&press);
        return;
    }
    auto *map = qobject_cast<MapScene *>(scene());
    m_bandKept = map && (event->modifiers() & Qt::ControlModifier) ? map->selectedCharacters() : QList<int>();
    QGraphicsView::mousePressEvent(event);
}

void MapView::mouseMoveEvent(QMouseEvent *event)
{
    QGraphicsView::mouseMoveEvent(event);
    if (auto *map = qobject_cast<MapScene *>(scene()); map && !rubberBandRect().isNull())
        map->selectCharactersIn(map->selectionArea(), m_bandKept);
}

void MapView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton) {
        QMouseEvent release(event->type(), event->position(), event->scenePosition(), event->globalPosition(),
                            Qt::LeftButton, Qt::NoButton, event->modifiers());
        QGraphicsView::mouseReleaseEvent(&release);
        setDragMode(QGraphicsView::RubberBandDrag);
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void MapView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (!m_userZoomed)
        fitMap();
}

} // namespace goap::editor
