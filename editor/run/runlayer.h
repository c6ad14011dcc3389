#pragma once
// The live characters on the map during a run: a coloured token per
// character, moving smoothly between frames (interpolated at the display's
// pace), with what it is doing above it (its action, its waiting reason, or
// "resting") and a progress ring while it acts. Clicking a token selects the
// character; clicking where several stand offers a list of them to pick from.
// Characters on one spot show one name with "+N", and their bubbles stack
// above it instead of overprinting; bubbles stay inside the view.
//
// All tokens are drawn by one scene item from cached pictures and prepared
// text, so a crowd of a thousand costs one item's bookkeeping, not a
// thousand's.

#include "planner/compiledscenario.h"
#include "run/simframe.h"
#include "space/paths.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPixmap>
#include <QPointF>
#include <QPointer>
#include <QPolygonF>
#include <QStaticText>

#include <array>

class QGraphicsScene;
class QMenu;
class QTimer;

namespace goap::editor {

class CrowdItem;

class RunLayer : public QObject
{
    Q_OBJECT

public:
    RunLayer(QGraphicsScene *scene, QObject *parent = nullptr);
    ~RunLayer() override;
    // Puts every token where the last frame put it, ending the ease (a
    // screenshot after --run-for shows where everyone is, not on the way).
    void settle();

    void start(std::shared_ptr<const CompiledScenario> scenario, const QStringList &actionLabels);
    void setWalls(const QList<Wall> &walls); // walls changed during the run: paths drawn round them
    void apply(const sim::Snapshot &snapshot);
    void clear();
    void setSelected(int agent);
    int selected() const { return m_selected; }
    int tokenCount() const; // characters present
    QPointF tokenPosition(int agent) const; // where the token of that character index is drawn now (scene)
    QString bubbleText(int agent) const;
    int characterAt(const QPointF &scenePos) const; // -1 when no token is there
    // The hover text of a token: who it is, what it does, and for a waiting
    // character why each of its goals has no plan, in words.
    QString tokenToolTip(int agent) const;
    QList<int> charactersAt(const QPointF &scenePos) const; // every token there, nearest first
    QString nameText(int agent) const; // as drawn: "Miner", "Miner +2" on a stack, empty under a stack's top
    // The selected character's way ahead while it walks (scene points, its
    // position first), drawn as a dashed line; empty when it stands.
    const QPolygonF &selectedPath() const { return m_selectedPath; }
    int bubbleRow(int agent) const; // 0: just above its token; n: n bubbles higher (a stack)
    // Selects the one character there, or pops up a list of those there; the list is returned.
    QMenu *pick(const QPointF &scenePos, const QPoint &screenPos);

signals:
    void characterClicked(int agent);

private:
    friend class CrowdItem;
    struct Token
    {
        QPointF from, to, now;
        QStaticText name, bubble;
        QPixmap disc, selectedDisc; // its colour, drawn once
        QString bubbleText;
        double nameWidth = 0, bubbleWidth = 0;
        int key = -1; // what the bubble shows: (phase, action)
        int ring = 0; // progress in 32 steps, 0 when not acting
        bool waiting = false;
        std::vector<std::pair<int, PlanReason>> noPlan; // waiting: each goal without a plan and why (capacity reused)
        bool present = false; // in the latest frame (spawned copies come and go)
        int stackRow = 0, stackSize = 1; // its place in the pile of tokens on its spot
        bool moving = false; // walking (or stepping aside): where to, for the selected one's path
        double simX = 0, simY = 0, goalX = 0, goalY = 0;
        int walkField = -1;
    };

    Token &tokenFor(const sim::AgentSnapshot &a);

    void animate();
    void updateSelectedPath();
    void layoutStacks(); // groups tokens standing on one spot
    void preparePictures(qreal dpr); // the discs and rings for this device pixel ratio

    QGraphicsScene *m_scene;
    CrowdItem *m_item = nullptr;
    std::shared_ptr<const CompiledScenario> m_scenario;
    QStringList m_actionLabels;
    std::vector<Token> m_tokens;
    QTimer *m_animation;
    QElapsedTimer m_sinceFrame;
    double m_frameMs = 16;
    int m_selected = -1;
    std::unique_ptr<Space> m_space; // the walls' fields, to draw the selected character's path
    QPolygonF m_selectedPath;
    qreal m_dpr = 0;
    std::array<QPixmap, 33> m_rings; // the progress ring in 32 steps (0 unused)
    std::vector<std::pair<std::uint64_t, int>> m_spots; // scratch for layoutStacks: (spot, token)
    QPointer<QMenu> m_pickMenu;
};

} // namespace goap::editor
