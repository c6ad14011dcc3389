#pragma once
// View > Show Reachable Region: the cells the selected character can reach
// from where it stands, tinted on the map (its region of free cells, as
// Space finds it: what the planner and the walkers use). In the editor the
// character is the one selected on the map or in the outline, standing at
// its start, among the document's walls; in a run it is the run's selected
// character where its token is now, among the walls the run has now (walls
// painted during a run reach it at its next tick). The tint follows the
// walls, the selection and, in a run, the token.

#include "model/scenario.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QRect>
#include <QSizeF>

#include <memory>
#include <optional>

class QAction;
class QGraphicsObject;

namespace goap {
class Space;
} // namespace goap

namespace goap::editor {

class LiveRun;
class MapScene;
class ScenarioDocument;

class ReachableOverlay : public QObject
{
    Q_OBJECT

public:
    ReachableOverlay(ScenarioDocument *document, MapScene *scene, LiveRun *run, QObject *parent = nullptr);
    ~ReachableOverlay() override;

    QAction *action() const { return m_action; } // checkable; Ctrl+Shift+R
    // The tinted cells, as rectangles of whole cells (runs of a row, stacked);
    // empty while off or with no character selected.
    const QList<QRect> &tinted() const { return m_rects; }
    // Whose region is tinted (a character index), -1 when none.
    int character() const { return m_character; }

private:
    void refresh();
    void show(int character, double x, double y, const QList<Wall> &walls);
    void clear();

    ScenarioDocument *m_document;
    MapScene *m_scene;
    LiveRun *m_run;
    QAction *m_action;
    QPointer<QGraphicsObject> m_item; // the scene's: gone with it
    QList<QRect> m_rects;
    int m_character = -1;
    // What m_rects were made from: made again only when these change (a
    // token walking inside its region tints the same cells).
    std::optional<QList<Wall>> m_walls;
    QSizeF m_mapSize;
    std::unique_ptr<Space> m_space;
    int m_region = -2;
};

} // namespace goap::editor
