#include "mapscene.h"

#include "charts/palette.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QMenu>
#include <QGraphicsSimpleTextItem>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QSvgRenderer>
#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>

namespace goap::editor {

namespace {

// A draggable marker: a station (rounded square with an icon) or a
// character's start (a disc), with its label underneath.
class MarkerItem : public QGraphicsObject
{
public:
    MarkerItem(MapScene *scene, Subject::Kind kind, int index, const QString &label, const QColor &color,
               const QString &icon = {})
        : m_scene(scene), m_kind(kind), m_index(index), m_color(color), m_icon(icon)
    {
        setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
        setCursor(Qt::OpenHandCursor);
        setAcceptHoverEvents(true);
        auto *text = new QGraphicsSimpleTextItem(label, this);
        QFont f = text->font();
        f.setPointSizeF(8);
        text->setFont(f);
        text->setBrush(QColor(40, 40, 40));
        const QRectF r = text->boundingRect();
        text->setPos(-r.width() / 2, kind == Subject::Station ? 16 : 11);
        setZValue(kind == Subject::Station ? 1 : 2);
    }

    QRectF boundingRect() const override
    {
        const double h = m_kind == Subject::Station ? 15 : 10;
        return QRectF(-h - 2, -h - 2, 2 * h + 4, 2 * h + 4);
    }

    void paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *) override
    {
        p->setRenderHint(QPainter::Antialiasing);
        const bool selected = option->state & QStyle::State_Selected;
        p->setPen(QPen(selected ? QColor(0, 120, 215) : m_color.darker(160), selected ? 3 : 1.5));
        p->setBrush(m_color);
        if (m_kind == Subject::Station) {
            p->drawRoundedRect(QRectF(-15, -15, 30, 30), 6, 6);
            QSvgRenderer(m_icon).render(p, QRectF(-11, -11, 22, 22));
        } else {
            p->setOpacity(0.85);
            p->drawEllipse(QPointF(0, 0), 9, 9);
            p->setOpacity(1);
            p->setPen(Qt::NoPen);
            p->setBrush(Qt::white);
            p->drawEllipse(QPointF(0, -2.5), 2.6, 2.6);
            p->drawPie(QRectF(-4.5, 0.5, 9, 8), 0, 180 * 16);
        }
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
            m_scene->itemMoved(m_kind, m_index, pos(), !(event->modifiers() & Qt::AltModifier));
    }

private:
    MapScene *m_scene;
    Subject::Kind m_kind;
    int m_index;
    QColor m_color;
    QString m_icon;
    QPointF m_pressPos;
};

} // namespace

QString MapScene::stationIcon(const QString &id, const QString &label)
{
    // The kind of a station, read from its id and label.
    static const std::pair<const char *, const char *> kinds[] = {
        {"mine", "st-mine"}, {"quarry", "st-mine"}, {"furnace", "st-fire"}, {"smelt", "st-fire"}, {"forge", "st-fire"},
        {"hearth", "st-fire"}, {"fire", "st-fire"}, {"anvil", "st-anvil"}, {"smith", "st-anvil"}, {"forest", "st-tree"},
        {"tree", "st-tree"}, {"wood", "st-wood"}, {"log", "st-wood"}, {"workshop", "st-saw"}, {"saw", "st-saw"},
        {"field", "st-wheat"}, {"farm", "st-wheat"}, {"mill", "st-mill"}, {"oven", "st-oven"}, {"bake", "st-oven"},
        {"kitchen", "st-oven"}, {"table", "st-table"}, {"tavern", "st-table"}, {"bed", "st-bed"}, {"lounge", "st-bed"},
        {"cubicle", "st-bed"}, {"home", "st-door"}, {"entrance", "st-door"}, {"door", "st-door"}, {"reception", "st-desk"},
        {"desk", "st-desk"}, {"office", "st-desk"}, {"waiting", "st-desk"}};
    const QString text = (id + u' ' + label).toLower();
    for (const auto &[word, icon] : kinds)
        if (text.contains(QLatin1String(word)))
            return QStringLiteral(":/icons/%1.svg").arg(QLatin1String(icon));
    return QStringLiteral(":/icons/station.svg");
}

QColor MapScene::agentColor(int index) { return editor::agentColor(index); }

MapScene::MapScene(ScenarioDocument *document, QObject *parent) : QGraphicsScene(parent), m_document(document)
{
    connect(document, &ScenarioDocument::changed, this, [this](Parts parts) {
        if (parts & (Part::Stations | Part::Agents | Part::Settings))
            rebuild();
    });
    connect(this, &QGraphicsScene::selectionChanged, this, [this] {
        const QList<QGraphicsItem *> items = selectedItems();
        if (items.size() != 1)
            return;
        for (size_t i = 0; i < m_stations.size(); ++i)
            if (m_stations[i] == items.first())
                emit subjectClicked(Subject{Subject::Station, int(i), {}});
        for (size_t i = 0; i < m_agents.size(); ++i)
            if (m_agents[i] == items.first())
                emit subjectClicked(Subject{Subject::Agent, int(i), {}});
    });
    rebuild();
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

void MapScene::itemMoved(Subject::Kind kind, int index, const QPointF &scenePos, bool snap)
{
    const Point at = toWorld(scenePos, snap);
    if (kind == Subject::Station) {
        Station s = m_document->scenario().stations[index];
        s.at = at;
        m_document->setStation(index, s, tr("position"));
    } else {
        Agent a = m_document->scenario().agents[index];
        a.at = at;
        m_document->setAgent(index, a, tr("start position"));
    }
    rebuild(); // snaps the item, and restores it if the move was refused
}

QGraphicsItem *MapScene::itemFor(Subject::Kind kind, int index) const
{
    const auto &list = kind == Subject::Station ? m_stations : m_agents;
    return index >= 0 && size_t(index) < list.size() ? list[size_t(index)] : nullptr;
}

void MapScene::selectSubject(const Subject &subject)
{
    const QSignalBlocker blocker(this);
    clearSelection();
    if (QGraphicsItem *item = itemFor(subject.kind, subject.index))
        item->setSelected(true);
    update();
}

void MapScene::setStartMarkersVisible(bool visible)
{
    m_startMarkers = visible;
    for (QGraphicsItem *item : m_agents)
        item->setVisible(visible);
}

void MapScene::rebuild()
{
    QList<int> selectedStations, selectedAgents;
    for (size_t i = 0; i < m_stations.size(); ++i)
        if (m_stations[i]->isSelected()) selectedStations << int(i);
    for (size_t i = 0; i < m_agents.size(); ++i)
        if (m_agents[i]->isSelected()) selectedAgents << int(i);
    const QSignalBlocker blocker(this);
    for (QGraphicsItem *item : m_stations) delete item;
    for (QGraphicsItem *item : m_agents) delete item;
    m_stations.clear();
    m_agents.clear();
    const Scenario &s = m_document->scenario();
    setSceneRect(QRectF(-kScale, -kScale, (s.map.width + 2) * kScale, (s.map.height + 2) * kScale));
    for (int i = 0; i < s.stations.size(); ++i) {
        auto *item = new MarkerItem(this, Subject::Station, i, s.stations[i].label, QColor(0xf3, 0xe3, 0xc3),
                                    stationIcon(s.stations[i].id, s.stations[i].label));
        item->setCacheMode(QGraphicsItem::DeviceCoordinateCache); // the icon is rendered once
        item->setPos(toScene(s.stations[i].at));
        item->setToolTip(tr("Station %1 at (%2, %3): drag to move").arg(s.stations[i].id).arg(s.stations[i].at.x).arg(s.stations[i].at.y));
        item->setSelected(selectedStations.contains(i));
        addItem(item);
        m_stations.push_back(item);
    }
    for (int i = 0; i < s.agents.size(); ++i) {
        auto *item = new MarkerItem(this, Subject::Agent, i, s.agents[i].label, agentColor(i));
        item->setPos(toScene(s.agents[i].at));
        item->setToolTip(tr("%1 starts at (%2, %3): drag to move").arg(s.agents[i].label).arg(s.agents[i].at.x).arg(s.agents[i].at.y));
        item->setSelected(selectedAgents.contains(i));
        item->setVisible(m_startMarkers);
        addItem(item);
        m_agents.push_back(item);
    }
}

void MapScene::contextMenuEvent(QGraphicsSceneContextMenuEvent *event)
{
    QMenu menu;
    const Point at = toWorld(event->scenePos(), true);
    menu.addAction(QIcon(QStringLiteral(":/icons/station.svg")), tr("Add Station Here"), this, [this, at] {
        QString id;
        m_document->addStation(at, &id);
        emit subjectClicked(Subject{Subject::Station, int(m_document->scenario().stations.size()) - 1, {}});
    });
    menu.addAction(QIcon(QStringLiteral(":/icons/character.svg")), tr("Add Character Here"), this, [this, at] {
        QString id;
        m_document->addAgent(at, &id);
        emit subjectClicked(Subject{Subject::Agent, int(m_document->scenario().agents.size()) - 1, {}});
    });
    for (size_t i = 0; i < m_stations.size(); ++i) {
        if (m_stations[i]->sceneBoundingRect().contains(event->scenePos())) {
            menu.addSeparator();
            menu.addAction(QIcon(QStringLiteral(":/icons/remove.svg")), tr("Remove Station %1").arg(m_document->scenario().stations[int(i)].id),
                           this, [this, i] { m_document->removeStation(int(i)); });
        }
    }
    for (size_t i = 0; i < m_agents.size(); ++i) {
        if (m_agents[i]->isVisible() && m_agents[i]->sceneBoundingRect().contains(event->scenePos())) {
            menu.addSeparator();
            menu.addAction(QIcon(QStringLiteral(":/icons/remove.svg")), tr("Remove Character %1").arg(m_document->scenario().agents[int(i)].id),
                           this, [this, i] { m_document->removeAgent(int(i)); });
        }
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
}

MapView::MapView(QGraphicsScene *scene, QWidget *parent) : QGraphicsView(scene, parent)
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
        QMouseEvent press(event->type(), event->position(), event->scenePosition(), event->globalPosition(), Qt::LeftButton,
                          Qt::LeftButton, event->modifiers());
        QGraphicsView::mousePressEvent(&press);
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void MapView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton) {
        QMouseEvent release(event->type(), event->position(), event->scenePosition(), event->globalPosition(), Qt::LeftButton,
                            Qt::NoButton, event->modifiers());
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
