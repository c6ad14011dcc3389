#pragma once
// The map's wall tools, like Tiled's: a rectangle, a brush, an eraser and a
// fill (a paint bucket: a click fills a room, Shift+click clears a wall),
// checkable actions of which at most one is on. A tool is a mode, and
// shows as one: its action stays checked in the toolbar, the map's cursor is
// a cross with the tool's picture beside it, and the status bar says how to
// leave it. Turning it off, or Escape on the map, leaves the mode.

#include "scene/mapscene.h"

#include <QObject>

class QAction;
class QActionGroup;

namespace goap::editor {

class WallTools : public QObject
{
    Q_OBJECT

public:
    WallTools(MapScene *scene, MapView *view, QObject *parent = nullptr);

    QAction *rectangle() const { return m_rectangle; }
    QAction *brush() const { return m_brush; }
    QAction *eraser() const { return m_eraser; }
    QAction *fill() const { return m_fill; }
    QAction *door() const { return m_door; }
    QList<QAction *> actions() const { return {m_rectangle, m_brush, m_eraser, m_fill, m_door}; }
    QAction *leave() const { return m_leave; } // Escape on the map: the tool on goes off
    // The map's cursor while a tool is on: a cross, and the tool's picture.
    static QCursor cursorFor(const QString &icon);

signals:
    void message(const QString &text); // what the tool now on does ("" when it turned off)

private:
    QAction *make(const QString &icon, const QString &text, Qt::Key key, MapScene::WallTool mode, const QString &tip,
                  const QString &status);

    MapScene *m_scene;
    MapView *m_view;
    QActionGroup *m_group;
    QAction *m_rectangle, *m_brush, *m_eraser, *m_fill, *m_door;
    QAction *m_leave = nullptr;
};

} // namespace goap::editor
