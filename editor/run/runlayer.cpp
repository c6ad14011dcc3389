#include "runlayer.h"

#include <QGraphicsSceneHoverEvent>

#include "charts/palette.h"
#include "run/pilepicker.h"
#include "scene/mapscene.h"
#include "scene/markerpaint.h"

#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QMenu>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QTimer>

#include <cmath>
#include <limits>

namespace goap::editor {

namespace {

constexpr int kRingSteps = CrowdSprites::kRingSteps;
constexpr double kTokenRadius = 9;

QString snapshotLabel(const sim::Snapshot &snapshot, int index)
{
    for (const sim::AgentSnapshot &a : snapshot.agents)
        if (a.index == index)
            return a.label;
    return {};
}

} // namespace

// The whole crowd as one item: every token of the view in one
// drawPixmapFragments call from the layer's atlas, then the labels that can
// be read. It picks for the layer too: a click, the hover's tooltip and label.
class CrowdItem : public QGraphicsItem
{
public:
    explicit CrowdItem(RunLayer *layer)
        : m_layer(layer)
    {
        setZValue(10);
        setAcceptedMouseButtons(Qt::LeftButton);
        setAcceptHoverEvents(true);
        setFlag(ItemUsesExtendedStyleOption); // exposedRect: what is repainted, not the whole map
    }

    void setArea(const QRectF &area)
    {
        prepareGeometryChange();
        m_area = area;
    }
    QRectF boundingRect() const override { return m_area; }

    void paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *widget) override
    {
        // The item sits at the scene's origin: its coordinates are the
        // scene's, and this maps them to the view's (logical) pixels.
        // The selected character's way ahead, under the tokens.
        if (const QPolygonF &path = m_layer->m_selectedPath; path.size() >= 2) {
            QPen pen(MapScene::characterColor(m_layer->m_selected), 2, Qt::DashLine, Qt::RoundCap, Qt::RoundJoin);
            p->setPen(pen);
            QPolygonF drawn = path;
            drawn[0] = m_layer->m_tokens[size_t(m_layer->m_selected)].now; // from where the token is drawn now
            p->drawPolyline(drawn);
            p->setBrush(MapScene::characterColor(m_layer->m_selected));
            p->drawEllipse(path.back(), 3, 3);
            p->setBrush(Qt::NoBrush);
        }
        // Rings and discs, in one call: the selected one on top, then the last drawn.
        CrowdSprites &sprites = m_layer->m_sprites;
        sprites.begin(p);
        const QRectF exposed = option->exposedRect.adjusted(-16, -16, 16, 16);
        const auto &all = m_layer->m_tokens;
        const int selected = m_layer->m_selected;
        auto visit = [&](int i) {
            if (const RunLayer::Token &t = all[size_t(i)]; t.present && exposed.contains(t.now))
                sprites.add(t.now, i, i == selected, t.ring);
        };
        if (selected >= 0 && size_t(selected) < all.size())
            visit(selected);
        for (int i = int(all.size()) - 1; i >= 0; --i)
            if (i != selected)
                visit(i);
        sprites.end(p);
        const double scale = sprites.scale();
        // Which names and bubbles show: piles, and labels giving way, in what the view shows.
        m_layer->layoutLabels(m_layer->shownRect(widget), RunLayer::readable(scale));
        const QRectF visible = option->exposedRect.adjusted(-140, -40, 140, 40);
        const auto &tokens = m_layer->m_tokens;
        p->setFont(mapLabelFont());
        p->setPen(QColor(30, 30, 30));
        for (const int i : m_layer->m_labelled) {
            const RunLayer::Token &t = tokens[size_t(i)];
            if (!t.nameShown || !visible.contains(t.now))
                continue;
            p->drawStaticText(t.now + QPointF(-t.nameWidth / 2, 11), t.name);
            if (t.stackSize > 1) // one name for the pile, and how many more stand there
                p->drawStaticText(t.now + QPointF(t.nameWidth / 2 + 2, 11), m_layer->plusText(t.stackSize - 1));
        }
        for (const int i : m_layer->m_labelled) {
            const RunLayer::Token &t = tokens[size_t(i)];
            if (!t.bubbleShown || !visible.contains(t.now))
                continue;
            const bool pile = t.stackSize > 1, waiting = pile ? t.pileWaiting : t.waiting;
            p->fillRect(t.bubbleBox, waiting ? QColor(0xfd, 0xec, 0xea) : QColor(255, 255, 255, 235));
            p->setPen(waiting ? QColor(0xb3, 0x26, 0x1e) : QColor(150, 150, 150));
            p->drawRect(t.bubbleBox);
            p->setPen(waiting ? QColor(0xb3, 0x26, 0x1e) : QColor(40, 40, 40));
            p->drawStaticText(t.bubbleBox.topLeft() + QPointF(5, 1), pile ? t.pileBubble : t.bubble);
        }
    }

    void hoverMoveEvent(QGraphicsSceneHoverEvent *event) override
    {
        const int character = m_layer->characterAt(event->scenePos());
        setToolTip(m_layer->tokenToolTip(character));
        m_layer->setHovered(character); // its label shows, however far out the view is
        // Over a character the cursor says a click selects (also while a wall tool is on).
        if ((character >= 0) != m_overCharacter) {
            m_overCharacter = character >= 0;
            if (m_overCharacter)
                setCursor(Qt::PointingHandCursor);
            else
                unsetCursor();
        }
    }
    void hoverLeaveEvent(QGraphicsSceneHoverEvent *) override
    {
        m_layer->setHovered(-1);
        if (std::exchange(m_overCharacter, false))
            unsetCursor();
    }

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override
    {
        if (m_layer->characterAt(event->scenePos()) < 0) {
            event->ignore(); // let the stations underneath have it
            return;
        }
        m_layer->pick(event->scenePos(), event->screenPos());
    }

private:
    RunLayer *m_layer;
    QRectF m_area;
    bool m_overCharacter = false;
};

RunLayer::RunLayer(QGraphicsScene *scene, QObject *parent)
    : QObject(parent)
    , m_scene(scene)
    , m_animation(new QTimer(this))
{
    m_animation->setInterval(16);
    m_animation->setTimerType(Qt::PreciseTimer);
    connect(m_animation, &QTimer::timeout, this, &RunLayer::animate);
    // The scene owns the item once added: if it goes first, forget the item.
    connect(scene, &QObject::destroyed, this, [this] { m_item = nullptr; });
}

RunLayer::~RunLayer()
{
    clear();
}

void RunLayer::clear()
{
    m_animation->stop();
    delete m_pickMenu;
    delete m_item;
    m_item = nullptr;
    m_tokens.clear();
    m_scenario.reset();
    m_space.reset();
    m_walls.clear();
    m_selectedPath.clear();
    m_selected = -1;
    m_hovered = -1;
    m_labelled.clear();
}

void RunLayer::setWalls(const QList<Wall> &walls)
{
    if (!m_scenario)
        return;
    m_space = Space::withWalls(*m_scenario, walls);
    m_walls = walls;
}

void RunLayer::start(std::shared_ptr<const CompiledScenario> scenario, const QStringList &actionLabels)
{
    clear();
    m_scenario = std::move(scenario);
    m_space = std::make_unique<Space>(*m_scenario);
    m_walls = m_scenario->map.walls;
    m_actionLabels = actionLabels;
    const QFont font = mapLabelFont();
    m_tokens.resize(m_scenario->agents.size());
    for (size_t i = 0; i < m_tokens.size(); ++i) {
        Token &t = m_tokens[i];
        t.now = t.from = t.to = MapScene::toScene(Point {m_scenario->agents[i].x, m_scenario->agents[i].y});
        t.name.setText(m_scenario->agentLabels[i]);
        t.name.setPerformanceHint(QStaticText::AggressiveCaching);
        t.name.prepare(QTransform(), font);
        t.nameWidth = t.name.size().width();
        t.bubble.setPerformanceHint(QStaticText::AggressiveCaching);
    }
    m_hovered = -1;
    m_item = new CrowdItem(this);
    m_item->setArea(m_scene->sceneRect().adjusted(-150, -50, 150, 50));
    m_scene->addItem(m_item);
    m_sinceFrame.start();
    m_animation->start();
}

RunLayer::Token &RunLayer::tokenFor(const sim::AgentSnapshot &a)
{
    if (size_t(a.index) >= m_tokens.size())
        m_tokens.resize(size_t(a.index) + 1);
    Token &t = m_tokens[size_t(a.index)];
    if (t.name.text().isEmpty()) { // first seen: lay out its name
        t.now = t.from = t.to = MapScene::toScene(Point {a.x, a.y});
        t.name.setText(a.label);
        t.name.setPerformanceHint(QStaticText::AggressiveCaching);
        t.name.prepare(QTransform(), mapLabelFont());
        t.nameWidth = t.name.size().width();
        t.bubble.setPerformanceHint(QStaticText::AggressiveCaching);
    }
    return t;
}

int RunLayer::tokenCount() const
{
    return int(std::count_if(m_tokens.begin(), m_tokens.end(), [](const Token &t) { return t.present; }));
}

void RunLayer::apply(const sim::Snapshot &snapshot)
{
    if (!m_scenario)
        return;
    m_frameMs = std::clamp(double(m_sinceFrame.restart()), 8.0, 100.0);
    const QFont font = mapLabelFont();
    for (Token &t : m_tokens)
        t.present = false;
    for (const sim::AgentSnapshot &a : snapshot.agents) {
        Token &t = tokenFor(a);
        t.moving = a.moving;
        t.simX = a.x;
        t.simY = a.y;
        t.goalX = a.goalX;
        t.goalY = a.goalY;
        t.walkField = a.walkField;
        t.present = true;
        t.from = t.now;
        t.to = MapScene::toScene(Point {a.x, a.y});
        const int key = int(a.phase) * 100000 + (a.action + 1) + (a.heldBy >= 0 ? 50000 + a.heldBy * 1000000 : 0)
            + a.linePosition * 7919;
        if (key != t.key) { // lay the text out only when what it does changes
            t.key = key;
            switch (a.phase) {
            case sim::Phase::Waiting:
                t.bubbleText = a.heldBy >= 0 ? tr("with %1").arg(snapshotLabel(snapshot, a.heldBy))
                                             : QString::fromUtf8(sim::kWaitingReason);
                break;
            case sim::Phase::Resting:
                t.bubbleText = tr("resting");
                break;
            case sim::Phase::Walking:
            case sim::Phase::Acting:
                t.bubbleText = a.action >= 0 ? (a.phase == sim::Phase::Walking ? QStringLiteral("→ ") : QString())
                        + m_actionLabels.value(a.action)
                                             : QString();
                break;
            case sim::Phase::Idle:
                t.bubbleText.clear();
                break;
            case sim::Phase::Queued:
                t.bubbleText = tr("in line, %1 · %2").arg(sim::ordinal(a.linePosition), m_actionLabels.value(a.action));
                break;
            }
            // What a pile's members share: the same, less who holds them and where in line.
            t.doingKey = int(a.phase) * 100000 + (a.action + 1) + (a.heldBy >= 0 ? 50000 : 0);
            t.doing = a.phase == sim::Phase::Queued ? tr("in line · %1").arg(m_actionLabels.value(a.action))
                : a.heldBy >= 0                     ? tr("held")
                                                    : t.bubbleText;
            t.bubble.setText(t.bubbleText);
            t.bubble.prepare(QTransform(), font);
            t.bubbleWidth = t.bubble.size().width();
            t.waiting = a.phase == sim::Phase::Waiting && a.heldBy < 0;
        }
        t.noPlan.clear();
        if (t.waiting)
            for (const sim::BallotEntry &b : a.ballot)
                if (!b.viable && !b.satisfied)
                    t.noPlan.emplace_back(b.goal, b.reason);
        t.ring = a.phase == sim::Phase::Acting ? std::max(1, int(std::ceil(a.actionProgress * kRingSteps))) : 0;
    }
    updateSelectedPath();
    m_item->update();
}

void RunLayer::animate()
{
    // Ease each token from where it was at the last frame to where the frame put it.
    if (!m_item)
        return;
    const double f = std::clamp(double(m_sinceFrame.elapsed()) / m_frameMs, 0.0, 1.0);
    bool moved = false;
    for (Token &t : m_tokens) {
        const QPointF p = t.from + (t.to - t.from) * f;
        if (p != t.now) {
            t.now = p;
            moved = true;
        }
    }
    if (moved)
        m_item->update();
}

QPointF RunLayer::tokenPosition(int character) const
{
    return character >= 0 && size_t(character) < m_tokens.size() ? m_tokens[size_t(character)].now : QPointF();
}

void RunLayer::settle()
{
    if (!m_item)
        return;
    for (Token &t : m_tokens)
        t.now = t.from = t.to;
    m_item->update();
}

const QStaticText &RunLayer::plusText(int more)
{
    auto [it, made] = m_plusTexts.try_emplace(more);
    if (made) {
        it->second.setText(QStringLiteral("+%1").arg(more));
        it->second.setPerformanceHint(QStaticText::AggressiveCaching);
        it->second.prepare(QTransform(), mapLabelFont());
    }
    return it->second;
}

void RunLayer::setHovered(int character)
{
    if (character == m_hovered)
        return;
    m_hovered = character;
    if (m_item)
        m_item->update();
}

double RunLayer::viewScale() const
{
    if (m_scene->views().isEmpty())
        return 1;
    const QTransform t = m_scene->views().first()->transform();
    return std::hypot(t.m11(), t.m12());
}

void RunLayer::updateSelectedPath()
{
    m_selectedPath.clear();
    if (m_selected < 0 || size_t(m_selected) >= m_tokens.size() || !m_space)
        return;
    const Token &t = m_tokens[size_t(m_selected)];
    if (!t.present || !t.moving)
        return;
    // The way ahead, by the same fields the run walks.
    for (const auto &[x, y] : m_space->path(t.walkField, t.simX, t.simY, t.goalX, t.goalY))
        m_selectedPath << MapScene::toScene(Point {x, y});
}

void RunLayer::setSelected(int character)
{
    m_selected = character;
    updateSelectedPath();
    if (m_item)
        m_item->update();
}

void RunLayer::layoutStacks()
{
    // Tokens whose centres fall in one 8-pixel spot form a pile, in index
    // order but for the selected one, which is always its pile's top.
    constexpr double kSpot = 8;
    m_spots.clear();
    for (size_t i = 0; i < m_tokens.size(); ++i) {
        Token &t = m_tokens[i];
        t.stackRow = 0;
        t.stackSize = 1;
        t.pileTop = int(i);
        if (!t.present)
            continue;
        const auto x = std::uint64_t(std::uint32_t(std::lround(t.now.x() / kSpot)));
        const auto y = std::uint64_t(std::uint32_t(std::lround(t.now.y() / kSpot)));
        m_spots.emplace_back(x << 32 | y, int(i) == m_selected ? -1 : int(i));
    }
    std::sort(m_spots.begin(), m_spots.end());
    for (size_t b = 0, e; b < m_spots.size(); b = e) {
        for (e = b + 1; e < m_spots.size() && m_spots[e].first == m_spots[b].first;)
            ++e;
        for (size_t k = b; k < e; ++k) {
            if (m_spots[k].second < 0)
                m_spots[k].second = m_selected;
            Token &t = m_tokens[size_t(m_spots[k].second)];
            t.stackSize = int(e - b);
            t.stackRow = int(k - b);
            t.pileTop = m_spots[b].second;
        }
        if (e - b > 1)
            describePile(b, e);
    }
}

void RunLayer::describePile(size_t begin, size_t end)
{
    // What most of the pile does, how many do it, and how many do something
    // else: one bubble instead of a tower of them.
    m_doing.clear();
    for (size_t k = begin; k < end; ++k) {
        const Token &t = m_tokens[size_t(m_spots[k].second)];
        if (t.doing.isEmpty())
            continue;
        auto it = std::find_if(m_doing.begin(), m_doing.end(), [&](const Doing &d) { return d.key == t.doingKey; });
        if (it == m_doing.end())
            m_doing.push_back({t.doingKey, 1, m_spots[k].second});
        else
            ++it->count;
    }
    Token &top = m_tokens[size_t(m_spots[begin].second)];
    QString text;
    bool waiting = false;
    if (!m_doing.empty()) {
        const Doing &most = *std::max_element(m_doing.begin(), m_doing.end(),
                                              [](const Doing &a, const Doing &b) { return a.count < b.count; });
        const Token &t = m_tokens[size_t(most.token)];
        waiting = t.waiting;
        text = most.count > 1 ? QStringLiteral("%1 ×%2").arg(t.doing).arg(most.count) : t.doing;
        const int others = int(end - begin) - most.count;
        if (others > 0)
            text += tr(" · %n other(s)", nullptr, others);
    }
    top.pileWaiting = waiting;
    if (text != top.pileText) { // laid out only when what it says changes
        top.pileText = text;
        top.pileBubble.setText(text);
        top.pileBubble.setPerformanceHint(QStaticText::AggressiveCaching);
        top.pileBubble.prepare(QTransform(), mapLabelFont());
        top.pileWidth = top.pileBubble.size().width();
    }
}

QRectF RunLayer::shownRect(QWidget *viewport) const
{
    QGraphicsView *view = viewport ? qobject_cast<QGraphicsView *>(viewport->parentWidget()) : nullptr;
    if (!view && !m_scene->views().isEmpty())
        view = m_scene->views().first();
    if (view)
        return view->mapToScene(view->viewport()->rect()).boundingRect();
    return m_item ? m_item->boundingRect() : QRectF();
}

void RunLayer::layoutLabels(const QRectF &shown, bool readable)
{
    layoutStacks();
    // Greedy, as map labelling goes: the selected character's name and
    // bubble first, then each pile's top (the biggest piles first), its
    // name, then its bubble; a label overlapping one already placed gives
    // way. Placed labels are found through buckets of 64 x 16 pixels (kept
    // between frames, so a frame allocates little, until a view that roamed
    // far has left too many), so this is linear in the labels in view.
    constexpr double kBucketW = 64, kBucketH = 16;
    if (m_placed.size() > 4096)
        m_placed.clear();
    for (auto &[key, rects] : m_placed)
        rects.clear();
    auto take = [&](const QRectF &box) {
        const QRectF r = box.adjusted(1, 1, -1, -1); // labels may touch
        const int x0 = int(std::floor(r.left() / kBucketW)), x1 = int(std::floor(r.right() / kBucketW));
        const int y0 = int(std::floor(r.top() / kBucketH)), y1 = int(std::floor(r.bottom() / kBucketH));
        for (int by = y0; by <= y1; ++by)
            for (int bx = x0; bx <= x1; ++bx)
                if (const auto it = m_placed.find((qint64(bx) << 32) ^ quint32(by)); it != m_placed.end())
                    for (const QRectF &o : it->second)
                        if (o.intersects(r))
                            return false;
        for (int by = y0; by <= y1; ++by)
            for (int bx = x0; bx <= x1; ++bx)
                m_placed[(qint64(bx) << 32) ^ quint32(by)].push_back(r);
        return true;
    };
    const QRectF reach = shown.adjusted(-140, -40, 140, 40);
    auto place = [&](Token &t) {
        const double plus = t.stackSize > 1 ? plusText(t.stackSize - 1).size().width() + 2 : 0;
        t.nameShown = take(QRectF(t.now.x() - t.nameWidth / 2, t.now.y() + 11, t.nameWidth + plus, 14));
        const bool pile = t.stackSize > 1;
        const double width = pile ? t.pileWidth : t.bubbleWidth;
        if ((pile ? t.pileText : t.bubbleText).isEmpty())
            return;
        QRectF box(t.now.x() - width / 2 - 5, t.now.y() - 33, width + 10, 14);
        // Bubbles stay inside what the view shows.
        box.moveLeft(
            std::clamp(box.left(), shown.left() + 1, std::max(shown.left() + 1, shown.right() - box.width() - 1)));
        box.moveTop(std::max(box.top(), shown.top() + 1));
        t.bubbleBox = box;
        t.bubbleShown = take(box);
    };
    // The selected one first, then the one under the pointer (its pile's
    // top), then the biggest piles: a hundred patients waiting say so before
    // a nurse passing by. Zoomed out too far to read, only the first two.
    for (const int i : m_labelled)
        m_tokens[size_t(i)].nameShown = m_tokens[size_t(i)].bubbleShown = false;
    m_labelled.clear();
    m_order.clear();
    const int hoveredTop = m_hovered >= 0 && size_t(m_hovered) < m_tokens.size() && m_tokens[size_t(m_hovered)].present
        ? m_tokens[size_t(m_hovered)].pileTop
        : -1;
    auto rank = [&](int i, const Token &t) {
        return i == m_selected ? std::numeric_limits<int>::min()
            : i == hoveredTop  ? std::numeric_limits<int>::min() + 1
                               : -t.stackSize;
    };
    if (readable) {
        for (size_t i = 0; i < m_tokens.size(); ++i)
            if (const Token &t = m_tokens[i]; t.present && t.stackRow == 0 && reach.contains(t.now))
                m_order.emplace_back(rank(int(i), t), int(i));
    } else {
        for (const int i : {m_selected, hoveredTop})
            if (i >= 0 && size_t(i) < m_tokens.size() && m_tokens[size_t(i)].present
                && m_tokens[size_t(i)].stackRow == 0 && reach.contains(m_tokens[size_t(i)].now)
                && (m_order.empty() || m_order.front().second != i))
                m_order.emplace_back(rank(i, m_tokens[size_t(i)]), i);
    }
    std::sort(m_order.begin(), m_order.end());
    for (const auto &[rank, i] : m_order) {
        place(m_tokens[size_t(i)]);
        m_labelled.push_back(i);
    }
}

QString RunLayer::nameText(int character) const
{
    const_cast<RunLayer *>(this)->layoutLabels(shownRect(), readable(viewScale()));
    const Token &t = m_tokens[size_t(character)];
    if (!t.present || !t.nameShown)
        return {};
    return t.stackSize > 1 ? QStringLiteral("%1 +%2").arg(t.name.text()).arg(t.stackSize - 1) : t.name.text();
}

QString RunLayer::shownBubble(int character) const
{
    const_cast<RunLayer *>(this)->layoutLabels(shownRect(), readable(viewScale()));
    const Token &t = m_tokens[size_t(character)];
    if (!t.present || !t.bubbleShown)
        return {};
    return t.stackSize > 1 ? t.pileText : t.bubbleText;
}

QList<int> RunLayer::charactersAt(const QPointF &scenePos) const
{
    QList<std::pair<double, int>> near;
    const double reach = (kTokenRadius + 3) * (kTokenRadius + 3);
    for (size_t i = 0; i < m_tokens.size(); ++i) {
        if (!m_tokens[i].present)
            continue;
        const QPointF d = m_tokens[i].now - scenePos;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance <= reach)
            near.append({distance, int(i)});
    }
    std::sort(near.begin(), near.end());
    QList<int> out;
    for (const auto &[distance, character] : near)
        out << character;
    return out;
}

QWidget *RunLayer::pick(const QPointF &scenePos, const QPoint &screenPos)
{
    const QList<int> here = charactersAt(scenePos);
    if (here.size() == 1)
        emit characterClicked(here.first());
    if (here.size() <= 1)
        return nullptr;
    delete m_pickMenu;
    QList<PilePicker::Entry> entries;
    entries.reserve(here.size());
    for (int character : here) {
        const Token &t = m_tokens[size_t(character)];
        entries.append({character, t.name.text(), t.doing, t.bubbleText});
    }
    return popupPileMenu(
        entries, screenPos, this, [this](int character) { emit characterClicked(character); }, &m_pickMenu);
}

QString RunLayer::tokenToolTip(int character) const
{
    if (character < 0 || size_t(character) >= m_tokens.size() || !m_scenario)
        return {};
    const Token &t = m_tokens[size_t(character)];
    QString text = t.name.text();
    if (!t.bubbleText.isEmpty())
        text += QStringLiteral(" — ") + t.bubbleText;
    if (t.stackSize > 1)
        text += tr("\n%n more stand here: click for the list", nullptr, t.stackSize - 1);
    for (const auto &[goal, reason] : t.noPlan)
        text += QStringLiteral("\n%1: %2")
                    .arg(m_scenario->goalLabels[size_t(goal)], whyNoPlan(reason, m_scenario->planner.maxNodes));
    return text;
}

int RunLayer::characterAt(const QPointF &scenePos) const
{
    int best = -1;
    double bestDistance = (kTokenRadius + 3) * (kTokenRadius + 3);
    for (size_t i = 0; i < m_tokens.size(); ++i) {
        if (!m_tokens[i].present)
            continue;
        const QPointF d = m_tokens[i].now - scenePos;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = int(i);
        }
    }
    return best;
}

QString RunLayer::bubbleText(int character) const
{
    return m_tokens[size_t(character)].bubbleText;
}

} // namespace goap::editor
