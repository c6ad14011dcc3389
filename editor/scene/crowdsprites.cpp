#include "crowdsprites.h"

#include "charts/palette.h"
#include "scene/markerpaint.h"

#include <QCoreApplication>
#include <QMenu>

#include <algorithm>
#include <cmath>

namespace goap::editor {

namespace {

// The progress ring of `step` (of kRingSteps), centred on (16, 16) of a 32 x 32 square.
void paintRing(QPainter &p, int step)
{
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(30, 30, 30, 60), 3));
    p.drawEllipse(QPointF(16, 16), 13, 13);
    p.setPen(QPen(QColor(46, 125, 50), 3, Qt::SolidLine, Qt::FlatCap));
    p.drawArc(QRectF(3, 3, 26, 26), 90 * 16, -step * 360 * 16 / CrowdSprites::kRingSteps);
}

// An even number of pixels at least `side` and a pixel's margin each side:
// a picture of even side has its centre on a pixel corner, so a disc whose
// centre is rounded to a pixel corner is drawn pixel-aligned, unscaled.
QString pileTr(const char *text, const char *comment = nullptr, int n = -1)
{
    return QCoreApplication::translate("goap::editor::PileMenu", text, comment, n);
}

int evenCell(double side)
{
    const int n = int(std::ceil(side)) + 2;
    return n + (n & 1);
}

} // namespace

void CrowdSprites::prepareAtlas(double deviceScale)
{
    // Drawn for the view's zoom, so a disc is a plain copy of pixels; a view
    // zoomed in further than kAtlasMaxScale scales them (few discs show there).
    const double a = std::min(deviceScale, kAtlasMaxScale);
    if (a == m_atlasScale)
        return;
    m_atlasScale = a;
    m_discCell = evenCell(24 * a);
    m_ringCell = evenCell(32 * a);
    m_atlas = QPixmap(std::max(2 * kCharacterColors * m_discCell, 8 * m_ringCell), m_discCell + 4 * m_ringCell);
    m_atlas.fill(Qt::transparent);
    QPainter p(&m_atlas);
    p.setRenderHint(QPainter::Antialiasing);
    for (int colour = 0; colour < kCharacterColors; ++colour)
        for (const bool selected : {false, true}) {
            p.save();
            p.translate((2 * colour + int(selected) + 0.5) * m_discCell, 0.5 * m_discCell);
            p.scale(a, a);
            paintCharacterDisc(p, characterColor(colour), selected);
            p.restore();
        }
    for (int step = 1; step <= kRingSteps; ++step) {
        p.save();
        p.translate(((step - 1) % 8 + 0.5) * m_ringCell, m_discCell + ((step - 1) / 8 + 0.5) * m_ringCell);
        p.scale(a, a);
        p.translate(-16, -16);
        paintRing(p, step);
        p.restore();
    }
}

void CrowdSprites::begin(QPainter *p)
{
    m_toView = p->worldTransform();
    m_dpr = p->device() ? p->device()->devicePixelRatioF() : 1.0;
    m_scale = std::hypot(m_toView.m11(), m_toView.m12());
    prepareAtlas(m_scale * m_dpr);
    m_fragments.clear();
    const QSize view(p->device() ? p->device()->width() : 0, p->device() ? p->device()->height() : 0);
    m_width = int(std::ceil(view.width() * m_dpr)) + 2;
    m_height = int(std::ceil(view.height() * m_dpr)) + 2;
    if (QSize(m_width, m_height) != m_coverSize) {
        m_coverSize = QSize(m_width, m_height);
        m_coverBits.assign((size_t(m_width) * size_t(m_height) + 63) / 64, 0);
    }
}

void CrowdSprites::fragment(const QPointF &centre, double left, double top, int side)
{
    const double k = m_scale / m_atlasScale; // a fragment's scale: 1 / dpr unless zoomed past the atlas
    m_fragments.push_back(QPainter::PixmapFragment::create(centre, QRectF(left, top, side, side), k, k));
}

bool CrowdSprites::add(const QPointF &scenePos, int colour, bool selected, int ring)
{
    const QPointF device = m_toView.map(scenePos) * m_dpr;
    const double x = std::round(device.x()), y = std::round(device.y());
    if (x >= 0 && y >= 0 && x < m_width && y < m_height) {
        const size_t bit = size_t(y) * size_t(m_width) + size_t(x);
        std::uint64_t &word = m_coverBits[bit / 64];
        if (word & (std::uint64_t(1) << (bit % 64)))
            return false;
        word |= std::uint64_t(1) << (bit % 64);
        m_coverSet.push_back(bit);
    }
    const QPointF centre(x / m_dpr, y / m_dpr);
    // Gathered top down and drawn reversed: the ring under its disc.
    fragment(centre, (2 * (colour % kCharacterColors) + int(selected)) * m_discCell, 0, m_discCell);
    if (ring > 0)
        fragment(centre, ((ring - 1) % 8) * m_ringCell, m_discCell + ((ring - 1) / 8) * m_ringCell, m_ringCell);
    return true;
}

void CrowdSprites::end(QPainter *p)
{
    std::reverse(m_fragments.begin(), m_fragments.end());
    if (!m_fragments.empty()) {
        // In the view's pixels (the painter's state is the view's:
        // DontSavePainterState, so it is put back).
        p->setWorldTransform(QTransform());
        p->drawPixmapFragments(m_fragments.data(), int(m_fragments.size()), m_atlas);
        p->setWorldTransform(m_toView);
    }
    for (const size_t bit : m_coverSet) // cleared as set: a paint touches only its discs' words
        m_coverBits[bit / 64] = 0;
    m_coverSet.clear();
}

QWidget *popupPileMenu(const QList<PilePicker::Entry> &here, const QPoint &screenPos, QObject *context,
                       const std::function<void(int)> &picked, QPointer<QWidget> *shown)
{
    struct Group
    {
        QString doing;
        QList<int> entries; // indices into here
    };
    std::vector<Group> groups;
    for (int k = 0; k < here.size(); ++k) {
        const QString &doing = here[k].doing;
        auto it = std::find_if(groups.begin(), groups.end(), [&](const Group &g) { return g.doing == doing; });
        if (it == groups.end())
            groups.push_back({doing, {k}});
        else
            it->entries << k;
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const Group &a, const Group &b) { return a.entries.size() > b.entries.size(); });
    for (Group &g : groups)
        std::sort(g.entries.begin(), g.entries.end(),
                  [&](int a, int b) { return lessByName(here[a].name, here[b].name); });
    // Each group its share of the cap, round by round, so no group is left out.
    std::vector<int> count(groups.size(), 0);
    for (int left = kPileMenuCap, gave = 1; left > 0 && gave;) {
        gave = 0;
        for (size_t g = 0; g < groups.size() && left > 0; ++g)
            if (count[g] < groups[g].entries.size()) {
                ++count[g];
                --left;
                ++gave;
            }
    }
    auto *menu = new QMenu;
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->setToolTipsVisible(true);
    menu->addSection(pileTr("%n character(s) here", nullptr, int(here.size())));
    QFont bold = menu->font();
    bold.setBold(true);
    for (size_t g = 0; g < groups.size(); ++g) {
        if (groups.size() > 1 || here.size() > kPileMenuCap) {
            // A heading as a disabled entry, not a section: a section's text is cut to the entries' width.
            QAction *heading
                = menu->addAction(QStringLiteral("%1 (%2)")
                                      .arg(groups[g].doing.isEmpty() ? pileTr("doing nothing") : groups[g].doing)
                                      .arg(groups[g].entries.size()));
            heading->setEnabled(false);
            heading->setFont(bold);
        }
        for (int k = 0; k < count[g]; ++k) {
            const PilePicker::Entry &e = here[groups[g].entries[k]];
            const bool more = !e.detail.isEmpty() && (groups.size() == 1 || e.detail != e.doing);
            QAction *a = menu->addAction(more ? QStringLiteral("%1 — %2").arg(e.name, e.detail) : e.name);
            a->setData(e.character);
            QObject::connect(a, &QAction::triggered, context, [picked, character = e.character] { picked(character); });
        }
    }
    if (here.size() > kPileMenuCap) {
        menu->addSeparator();
        QAction *all = menu->addAction(pileTr("Show all %1, to search...").arg(here.size()));
        all->setToolTip(pileTr("The whole pile in a list you can filter by name or by what they do"));
        QObject::connect(all, &QAction::triggered, context, [here, screenPos, picked, shown] {
            auto *picker = new PilePicker(here);
            QObject::connect(picker, &PilePicker::picked, picker, [picked](int character) { picked(character); });
            if (shown)
                *shown = picker;
            picker->move(screenPos);
            picker->show();
        });
    }
    if (shown)
        *shown = menu;
    menu->popup(screenPos);
    return menu;
}

} // namespace goap::editor
