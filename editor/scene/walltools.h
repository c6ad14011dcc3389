#pragma once
// The map's wall tools, like Tiled's: a rectangle, a brush and an eraser,
// three checkable actions of which at most one is on. Turning one on puts
// the scene in that mode, stops the view's rubber band and shows a cross;
// turning it off (or Escape on the map) leaves the mode.

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
    QList<QAction *> actions() const { return {m_rectangle, m_brush, m_eraser}; }

signals:
    void message(const QString &text); // what the tool now on does ("" when it turned off)

private:
    QAction *make(const QString &icon, const QString &text, Qt::Key key, MapScene::WallTool mode, const QString &tip,
                  const QString &status);

    MapScene *m_scene;
    MapView *m_view;
    QActionGroup *m_group;
    QAction *m_rectangle, *m_brush, *m_eraser;
};

} // namespace goap::editor
