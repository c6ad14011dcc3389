#pragma once
// The live characters on the map during a run: a coloured token per
// character, moving smoothly between frames (interpolated at the display's
// pace), with what it is doing above it (its action, its waiting reason, or
// "resting") and a progress ring while it acts. Clicking a token selects the
// character; clicking where several stand offers a list of them to pick from
// (sorted by name, grouped by what they do, bounded: a big pile's full list
// is a searchable popup). Characters on one spot are a pile: one name with
// "+N" and one bubble saying what most of them do and how many ("×N").
// Labels give way: a name or bubble that would cover one already placed is
// not drawn, the selected character's placed first, then the biggest
// piles'; bubbles stay inside the view.
//
// All tokens are drawn by one scene item (CrowdItem) in one
// drawPixmapFragments call, from an atlas of their pictures drawn at the
// view's zoom, only those in the part of the view repainted and not covered
// by a token on the same pixel: ten thousand characters cost one item's
// bookkeeping and a copy of pixels each. Names and bubbles show where they
// can be read: zoomed out further than kReadableScale, only the selected
// character's and the one under the pointer.

#include "planner/compiledscenario.h"
#include "run/simframe.h"
#include "scene/crowdsprites.h"
#include "space/paths.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPainter>
#include <QPixmap>
#include <QPointF>
#include <QPointer>
#include <QPolygonF>
#include <QRectF>
#include <QStaticText>

#include <array>
#include <unordered_map>

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
    const QList<Wall> &walls() const { return m_walls; } // the walls the run has now
    void apply(const sim::Snapshot &snapshot);
    void clear();
    void setSelected(int character);
    int selected() const { return m_selected; }
    int tokenCount() const; // characters present
    QPointF tokenPosition(int character) const; // where the token of that character index is drawn now (scene)
    QString bubbleText(int character) const;
    // The character under the pointer (-1: none): its label shows at any zoom.
    void setHovered(int character);
    int hovered() const { return m_hovered; }
    // Labels are drawn for everyone only from this zoom of the view on (as the start markers' are).
    static constexpr double kReadableScale = CrowdSprites::kReadableScale;
    static bool readable(double viewScale) { return CrowdSprites::readable(viewScale); }
    int characterAt(const QPointF &scenePos) const; // -1 when no token is there
    // The hover text of a token: who it is, what it does, and for a waiting
    // character why each of its goals has no plan, in words.
    QString tokenToolTip(int character) const;
    QList<int> charactersAt(const QPointF &scenePos) const; // every token there, nearest first
    // As drawn in the view: "Miner", "Miner +2" on a pile; empty under a
    // pile's top or where the label gave way to another.
    QString nameText(int character) const;
    // The bubble drawn for it, as drawn ("resting ×3" on a pile); empty when
    // none is (under a pile's top, gave way, or nothing to say).
    QString shownBubble(int character) const;
    // The selected character's way ahead while it walks (scene points, its
    // position first), drawn as a dashed line; empty when it stands.
    const QPolygonF &selectedPath() const { return m_selectedPath; }
    // Selects the one character there, or pops up a list of those there; the
    // list is returned (a QMenu; its "Show all" entry opens a PilePicker).
    QWidget *pick(const QPointF &scenePos, const QPoint &screenPos);
    // A pile's menu shows at most this many characters.
    static constexpr int kMenuCap = kPileMenuCap;

signals:
    void characterClicked(int character);

private:
    friend class CrowdItem;
    struct Token
    {
        QPointF from, to, now;
        QStaticText name, bubble;
        QString bubbleText;
        QString doing; // what it does without who or where in line: what a pile's members share
        int doingKey = -1; // the same as a number (phase, action, held)
        double nameWidth = 0, bubbleWidth = 0;
        int key = -1; // what the bubble shows: (phase, action)
        int ring = 0; // progress in 32 steps, 0 when not acting
        bool waiting = false;
        std::vector<std::pair<int, PlanReason>> noPlan; // waiting: each goal without a plan and why (capacity reused)
        bool present = false; // in the latest frame (spawned copies come and go)
        int stackRow = 0, stackSize = 1; // its place in the pile of tokens on its spot (0: the top)
        int pileTop = -1; // the token on top of its pile (itself when alone)
        // On a pile's top: the pile's one bubble, laid out when what it says changes.
        QStaticText pileBubble;
        QString pileText;
        double pileWidth = 0;
        bool pileWaiting = false;
        bool nameShown = false, bubbleShown = false; // placed by layoutLabels
        QRectF bubbleBox; // where its bubble is drawn (scene)
        bool moving = false; // walking (or stepping aside): where to, for the selected one's path
        double simX = 0, simY = 0, goalX = 0, goalY = 0;
        int walkField = -1;
    };

    Token &tokenFor(const sim::AgentSnapshot &a);

    void animate();
    void updateSelectedPath();
    void layoutStacks(); // groups tokens standing on one spot, the selected one on top
    void describePile(size_t begin, size_t end); // m_spots[begin, end): the top's pile bubble
    // Which names and bubbles show in the scene rect `shown`, as drawn there
    // (everyone's when `readable`, else the selected and hovered ones').
    void layoutLabels(const QRectF &shown, bool readable);
    QRectF shownRect(QWidget *viewport = nullptr) const; // what the view shows (scene)
    double viewScale() const; // the map view's zoom (view pixels per scene pixel)
    const QStaticText &plusText(int more); // "+N" on a pile's name, laid out once per N

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
    QList<Wall> m_walls;
    QPolygonF m_selectedPath;
    int m_hovered = -1;
    CrowdSprites m_sprites; // the tokens' discs and rings, drawn in one call (shared with the start markers)
    std::unordered_map<int, QStaticText> m_plusTexts;
    std::vector<int> m_labelled; // tokens layoutLabels placed, in its order (their flags reset on the next)
    std::vector<std::pair<std::uint64_t, int>> m_spots; // scratch for layoutStacks: (spot, token)
    struct Doing
    {
        int key = -1, count = 0, token = -1;
    };
    std::vector<Doing> m_doing; // scratch for describePile
    std::unordered_map<qint64, std::vector<QRectF>> m_placed; // layoutLabels' buckets of placed labels
    std::vector<std::pair<int, int>> m_order; // layoutLabels' scratch: (rank, token)
    QPointer<QWidget> m_pickMenu;
};

} // namespace goap::editor
