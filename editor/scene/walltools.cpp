#include "walltools.h"

#include <QAction>
#include <QActionGroup>
#include <QCursor>
#include <QIcon>
#include <QPainter>

namespace goap::editor {

WallTools::WallTools(MapScene *scene, MapView *view, QObject *parent)
    : QObject(parent)
    , m_scene(scene)
    , m_view(view)
    , m_group(new QActionGroup(this))
{
    m_group->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
    m_rectangle = make(QStringLiteral(":/icons/wall.svg"), tr("Draw &Walls"), Qt::Key_W, MapScene::WallTool::Rectangle,
                       tr("Draw walls: drag a rectangle on the map (whole cells). Characters walk around walls. "
                          "Select a wall to move it, resize it by its corner or delete it (%1)"),
                       tr("Drag on the map to draw a wall; %1 again or Escape to stop"));
    m_brush = make(QStringLiteral(":/icons/wall-brush.svg"), tr("&Paint Walls"), Qt::Key_B, MapScene::WallTool::Brush,
                   tr("Paint walls cell by cell: drag over the map; a gap is a door (%1)"),
                   tr("Drag over the map to paint walls, cell by cell; %1 again or Escape to stop"));
    m_eraser
        = make(QStringLiteral(":/icons/wall-eraser.svg"), tr("&Erase Walls"), Qt::Key_E, MapScene::WallTool::Eraser,
               tr("Erase walls cell by cell: drag over them, e.g. to open a door (%1)"),
               tr("Drag over walls to erase them, cell by cell; %1 again or Escape to stop"));
    m_fill = make(QStringLiteral(":/icons/wall-fill.svg"), tr("&Fill Walls"), Qt::Key_G, MapScene::WallTool::Fill,
                  tr("Fill with walls: click a room to turn all its free cells into wall; Shift+click a wall to "
                     "clear all of it (%1)"),
                  tr("Click a room to fill it with wall, Shift+click a wall to clear it; %1 again or Escape to stop"));
    m_door = make(QStringLiteral(":/icons/st-door.svg"), tr("Place &Doors"), Qt::Key_O, MapScene::WallTool::Door,
                  tr("Place doors: drag a rectangle on the map (whole cells); a closed door blocks like a wall, an "
                     "open one is a gap. Click a door to open or close it, also during a run (%1)"),
                  tr("Drag on the map to place a door; %1 again or Escape to stop"));
    // Escape answers on the map only (a form's field keeps its own Escape),
    // and only while a tool is on.
    m_leave = new QAction(tr("Leave the Wall Tool"), this);
    m_leave->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leave->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_leave->setEnabled(false);
    m_view->addAction(m_leave);
    connect(m_leave, &QAction::triggered, this, [this] {
        if (QAction *on = m_group->checkedAction())
            on->setChecked(false);
    });
}

QCursor WallTools::cursorFor(const QString &icon)
{
    // The cross's centre is the hot spot; the tool's picture sits below right
    // of it, where it hides nothing being drawn.
    constexpr int kSide = 32, kHot = 9;
    QPixmap pm(kSide, kSide);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    for (const auto &[colour, width] : {std::pair {QColor(Qt::white), 3}, std::pair {QColor(Qt::black), 1}}) {
        p.setPen(QPen(colour, width));
        p.drawLine(kHot, 1, kHot, 2 * kHot - 1);
        p.drawLine(1, kHot, 2 * kHot - 1, kHot);
    }
    QIcon(icon).paint(&p, QRect(kHot + 3, kHot + 3, kSide - kHot - 3, kSide - kHot - 3));
    p.end();
    return QCursor(pm, kHot, kHot);
}

QAction *WallTools::make(const QString &icon, const QString &text, Qt::Key key, MapScene::WallTool mode,
                         const QString &tip, const QString &status)
{
    auto *a = new QAction(QIcon(icon), text, this);
    a->setCheckable(true);
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | key));
    a->setToolTip(tip.arg(a->shortcut().toString(QKeySequence::NativeText)));
    m_group->addAction(a);
    connect(a, &QAction::toggled, this, [this, a, mode, status, icon](bool on) {
        if (!on && m_scene->wallMode() != mode)
            return; // another wall tool took over
        m_scene->setWallMode(on ? mode : MapScene::WallTool::None);
        m_view->setDragMode(on ? QGraphicsView::NoDrag : QGraphicsView::RubberBandDrag);
        if (on)
            m_view->viewport()->setCursor(cursorFor(icon));
        else
            m_view->viewport()->unsetCursor();
        m_leave->setEnabled(on);
        emit message(on ? status.arg(a->shortcut().toString(QKeySequence::NativeText)) : QString());
    });
    return a;
}

} // namespace goap::editor
