#include "walltools.h"

#include <QAction>
#include <QActionGroup>

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
                       tr("Drag on the map to draw a wall; %1 again to stop"));
    m_brush = make(QStringLiteral(":/icons/wall-brush.svg"), tr("&Paint Walls"), Qt::Key_B, MapScene::WallTool::Brush,
                   tr("Paint walls cell by cell: drag over the map; a gap is a door (%1)"),
                   tr("Drag over the map to paint walls, cell by cell; %1 again to stop"));
    m_eraser
        = make(QStringLiteral(":/icons/wall-eraser.svg"), tr("&Erase Walls"), Qt::Key_E, MapScene::WallTool::Eraser,
               tr("Erase walls cell by cell: drag over them, e.g. to open a door (%1)"),
               tr("Drag over walls to erase them, cell by cell; %1 again to stop"));
}

QAction *WallTools::make(const QString &icon, const QString &text, Qt::Key key, MapScene::WallTool mode,
                         const QString &tip, const QString &status)
{
    auto *a = new QAction(QIcon(icon), text, this);
    a->setCheckable(true);
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | key));
    a->setToolTip(tip.arg(a->shortcut().toString(QKeySequence::NativeText)));
    m_group->addAction(a);
    connect(a, &QAction::toggled, this, [this, a, mode, status](bool on) {
        if (!on && m_scene->wallMode() != mode)
            return; // another wall tool took over
        m_scene->setWallMode(on ? mode : MapScene::WallTool::None);
        m_view->setDragMode(on ? QGraphicsView::NoDrag : QGraphicsView::RubberBandDrag);
        m_view->viewport()->setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
        emit message(on ? status.arg(a->shortcut().toString(QKeySequence::NativeText)) : QString());
    });
    return a;
}

} // namespace goap::editor
