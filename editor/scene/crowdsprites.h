#pragma once
// What a crowd of characters drawn as one scene item shares, on the map
// while editing (the start markers, StartMarkers) and in a run (the live
// tokens, RunLayer's CrowdItem):
//  - CrowdSprites: an atlas of the characters' discs (a colour each, plain
//    and selected) and the run's progress ring's steps, drawn at the view's
//    zoom, and the discs of the part of the view repainted gathered top down
//    and drawn in one drawPixmapFragments call. A disc whose centre falls on
//    the device pixel of one gathered above it is covered and skipped, so a
//    pile of a thousand on one spot costs one disc.
//  - popupPileMenu: the list offered by a click on a pile of characters.

#include "run/pilepicker.h"

#include <QPainter>
#include <QPixmap>
#include <QPointer>
#include <QSize>
#include <QTransform>

#include <functional>
#include <vector>

namespace goap::editor {

class CrowdSprites
{
public:
    static constexpr int kRingSteps = 32; // the progress ring's steps in the atlas
    // Labels are drawn for everyone only from this zoom of the view on: a
    // label's line of ~11 pixels is then 3.3 pixels or more, as the town
    // fitted in the default window shows it (~0.35); further out they are
    // specks over a crowd.
    static constexpr double kReadableScale = 0.3;
    static bool readable(double viewScale) { return viewScale >= kReadableScale - 1e-9; }

    // Starts a paint: the atlas for the painter's zoom, the cover cleared.
    // `toView` maps the scene to the view's logical pixels (the painter's
    // world transform when the item sits at the scene's origin).
    void begin(QPainter *p);
    // Adds a character's disc at `scenePos` (of colour `colour`, its ring at
    // `ring` of kRingSteps, 0: none), the top one first. False when a disc
    // gathered before covers it (nothing added).
    bool add(const QPointF &scenePos, int colour, bool selected, int ring = 0);
    // Draws what was added, bottom up, in one call, and puts the painter's
    // transform back.
    void end(QPainter *p);
    // View pixels per scene pixel of the last begin() (the map view zooms, never stretches).
    double scale() const { return m_scale; }

private:
    void prepareAtlas(double deviceScale);
    void fragment(const QPointF &centre, double left, double top, int side);

    static constexpr double kAtlasMaxScale = 4; // zoomed in further, the atlas's pictures are scaled
    QPixmap m_atlas;
    double m_atlasScale = 0; // device pixels per scene pixel it was drawn for
    int m_discCell = 0, m_ringCell = 0; // sides of a disc's and a ring's picture in it (device pixels)
    QTransform m_toView;
    double m_scale = 1;
    qreal m_dpr = 1;
    int m_width = 0, m_height = 0; // the view's device pixels (and a margin)
    std::vector<QPainter::PixmapFragment> m_fragments; // kept to reuse its capacity
    // One bit per device pixel of the view, set where a disc is drawn.
    std::vector<std::uint64_t> m_coverBits;
    std::vector<size_t> m_coverSet;
    QSize m_coverSize;
};

// Pops up the list of the characters of a pile (`here`, the top one first):
// grouped by what they do (the largest group first), sorted by name in each,
// at most kPileMenuCap entries shared among the groups, and the whole pile
// behind "Show all", searchable (a PilePicker). `picked` is called with the
// character chosen. Returns the menu; `shown` follows what is open (the
// menu, then the picker).
inline constexpr int kPileMenuCap = 12;
QWidget *popupPileMenu(const QList<PilePicker::Entry> &here, const QPoint &screenPos, QObject *context,
                       const std::function<void(int)> &picked, QPointer<QWidget> *shown = nullptr);

} // namespace goap::editor
