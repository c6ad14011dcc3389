#include "reachable.h"

#include "document/scenariodocument.h"
#include "planner/compiledscenario.h"
#include "run/liverun.h"
#include "run/runlayer.h"
#include "scene/mapscene.h"
#include "space/paths.h"

#include <QAction>
#include <QGraphicsObject>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace goap::editor {

namespace {

// The tint: the region's cells as rectangles, filled once each, under the
// walls and the markers (a click goes through it).
class TintItem : public QGraphicsObject
{
public:
    TintItem()
    {
        setZValue(0.3); // over the map's grid, under the walls (0.4) and markers
        setAcceptedMouseButtons(Qt::NoButton);
    }
    void setRects(const QList<QRect> &rects)
    {
        prepareGeometryChange();
        m_rects = rects;
        m_bounds = QRectF();
        for (const QRect &r : rects)
            m_bounds |= scaled(r);
        update();
    }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *) override
    {
        for (const QRect &c : m_rects) {
            const QRectF r = scaled(c);
            if (r.intersects(option->exposedRect))
                p->fillRect(r, QColor(0x3c, 0xb3, 0x71, 70));
        }
    }

private:
    static QRectF scaled(const QRect &c)
    {
        const double k = MapScene::kScale;
        return QRectF(c.x() * k, c.y() * k, c.width() * k, c.height() * k);
    }
    QList<QRect> m_rects;
    QRectF m_bounds;
};

} // namespace

ReachableOverlay::ReachableOverlay(ScenarioDocument *document, MapScene *scene, LiveRun *run, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_scene(scene)
    , m_run(run)
    , m_action(new QAction(tr("Show &Reachable Region"), this))
{
    m_action->setObjectName(QStringLiteral("showReachable"));
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_action->setToolTip(tr("Tint every cell the selected character can reach from where it stands (%1)")
                             .arg(m_action->shortcut().toString(QKeySequence::NativeText)));
    connect(m_action, &QAction::toggled, this, &ReachableOverlay::refresh);
    connect(document, &ScenarioDocument::changed, this, &ReachableOverlay::refresh);
    connect(scene, &MapScene::markersSelected, this, &ReachableOverlay::refresh);
    connect(run, &LiveRun::characterSelected, this, &ReachableOverlay::refresh);
    connect(run, &LiveRun::snapshotShown, this, &ReachableOverlay::refresh); // the token walked, the walls changed
}

ReachableOverlay::~ReachableOverlay() = default; // the item is the scene's

void ReachableOverlay::refresh()
{
    if (!m_action->isChecked())
        return clear();
    // In a run, its selected character where it is now, among the run's walls.
    if (m_run->controller()->hasRun()) {
        RunLayer *layer = m_run->layer();
        const int character = layer->selected();
        if (character >= 0 && character < layer->tokenCount()) {
            const QPointF at = layer->tokenPosition(character) / MapScene::kScale;
            return show(character, at.x(), at.y(), layer->walls());
        }
    }
    // Else the editor's: the one character selected, at its start.
    const QList<int> selected = m_scene->selectedCharacters();
    const Scenario &s = m_document->scenario();
    if (selected.size() != 1 || selected.first() >= s.agents.size())
        return clear();
    const Point at = s.agents[selected.first()].at;
    show(selected.first(), at.x, at.y, s.map.blockingWalls());
}

void ReachableOverlay::clear()
{
    delete m_item.data();
    m_rects.clear();
    m_character = -1;
    m_region = -2;
}

void ReachableOverlay::show(int character, double x, double y, const QList<Wall> &walls)
{
    const MapSettings &map = m_document->scenario().map;
    const QSizeF size(map.width, map.height);
    if (!m_space || m_walls != walls || m_mapSize != size) {
        // The walls' regions, as the run's Space has them (one pass over the rows).
        CompiledScenario c;
        c.map = map;
        c.map.walls = walls; // the effective walls: closed doors are in them
        c.map.doors.clear();
        m_space = std::make_unique<Space>(c);
        m_walls = walls;
        m_mapSize = size;
        m_region = -2;
    }
    m_character = character;
    const int region = m_space->region(Grid::cellOf(x, y));
    if (m_item && region == m_region)
        return; // the same cells: a token walking in its room
    m_region = region;
    // Its cells, as runs of a row stacked while the next row has the same run.
    m_rects.clear();
    if (region >= 0) {
        const int width = int(std::ceil(map.width)), height = int(std::ceil(map.height));
        QList<QRect> open, next;
        for (int y = 0; y <= height; ++y) {
            next.clear();
            qsizetype k = 0;
            for (int x = 0; y < height && x < width;) {
                if (m_space->region({x, y}) != region) {
                    ++x;
                    continue;
                }
                const int x0 = x;
                while (x < width && m_space->region({x, y}) == region)
                    ++x;
                while (k < open.size() && open[k].left() < x0) // runs that ended
                    m_rects.append(open[k++]);
                if (k < open.size() && open[k].left() == x0 && open[k].right() == x - 1) {
                    QRect r = open[k++];
                    r.setBottom(y);
                    next.append(r);
                } else {
                    next.append(QRect(x0, y, x - x0, 1));
                }
            }
            while (k < open.size())
                m_rects.append(open[k++]);
            open.swap(next);
        }
    }
    if (!m_item) {
        m_item = new TintItem;
        m_scene->addItem(m_item);
    }
    static_cast<TintItem *>(m_item.data())->setRects(m_rects);
}

} // namespace goap::editor
