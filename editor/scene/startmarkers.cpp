#include "startmarkers.h"

#include "scene/mapscene.h"
#include "scene/markerpaint.h"

#include <QCoreApplication>
#include <QGraphicsSceneHoverEvent>
#include <QGraphicsSceneMouseEvent>
#include <QSignalBlocker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace goap::editor {

StartMarkers::StartMarkers(MapScene *scene)
    : m_scene(scene)
{
    setFlags(ItemIsSelectable | ItemUsesExtendedStyleOption); // exposedRect: what is repainted, not the whole map
    setAcceptHoverEvents(true);
    setCursor(Qt::OpenHandCursor); // over a disc only: the item contains its discs, not its bounds
    setZValue(2); // over stations
}

void StartMarkers::resize(int count)
{
    for (int i = count; i < int(m_markers.size()); ++i) {
        repaint(i);
        if (m_markers[size_t(i)].selected)
            --m_selectedCount;
    }
    m_markers.resize(size_t(std::max(0, count)));
    if (m_hovered >= count)
        m_hovered = -1;
}

void StartMarkers::set(int index, const QPointF &pos, const QString &label)
{
    Marker &m = m_markers[size_t(index)];
    const bool relabel = !m.made || m.label.text() != label;
    if (!relabel && m.pos == pos)
        return;
    if (m.made)
        repaint(index);
    m.made = true;
    m.pos = pos;
    if (relabel) {
        m.label.setText(label);
        m.label.setTextFormat(Qt::PlainText);
        m.label.setPerformanceHint(QStaticText::AggressiveCaching);
        m.label.prepare(QTransform(), mapLabelFont());
    }
    grow(discRect(pos).united(m.labelRect()));
    repaint(index);
}

void StartMarkers::grow(const QRectF &rect)
{
    if (m_bounds.contains(rect))
        return;
    prepareGeometryChange();
    // Room for a few more moves without a change of geometry.
    m_bounds = m_bounds.united(rect.adjusted(-200, -200, 200, 200));
}

void StartMarkers::repaint(int index)
{
    const Marker &m = m_markers[size_t(index)];
    update(m.labelShown ? discRect(m.pos).united(m.labelRect()) : discRect(m.pos));
}

void StartMarkers::setCovered(int index, bool covered)
{
    Marker &m = m_markers[size_t(index)];
    if (m.covered != covered) {
        m.covered = covered;
        repaint(index);
    }
}

void StartMarkers::setLabelShown(int index, bool shown)
{
    Marker &m = m_markers[size_t(index)];
    if (m.labelShown != shown) {
        repaint(index);
        m.labelShown = shown;
        repaint(index);
    }
}

bool StartMarkers::isCharacterSelected(int index) const
{
    return index >= 0 && index < count() && m_markers[size_t(index)].selected;
}

QList<int> StartMarkers::selection() const
{
    QList<int> out;
    if (m_selectedCount == 0)
        return out;
    for (size_t i = 0; i < m_markers.size(); ++i)
        if (m_markers[i].selected)
            out << int(i);
    return out;
}

void StartMarkers::select(int index, bool on)
{
    Marker &m = m_markers[size_t(index)];
    if (m.selected == on)
        return;
    m.selected = on;
    m_selectedCount += on ? 1 : -1;
    repaint(index);
}

void StartMarkers::setSelection(const QList<int> &characters)
{
    if (!isEnabled() || !isVisible()) // as a disabled or hidden item takes no selection
        return;
    std::vector<char> wanted(m_markers.size(), 0);
    for (int i : characters)
        if (i >= 0 && i < count())
            wanted[size_t(i)] = 1;
    bool changed = false;
    for (size_t i = 0; i < m_markers.size(); ++i)
        if (m_markers[i].selected != bool(wanted[i])) {
            select(int(i), wanted[i]);
            changed = true;
        }
    if ((m_selectedCount > 0) != isSelected()) {
        // The item's flag changes: the scene says so (selectionChanged).
        m_syncing = true;
        setSelected(m_selectedCount > 0);
        m_syncing = false;
    } else if (QGraphicsScene *s = scene(); s && changed) {
        emit s->selectionChanged(); // the scene saw no change of its own
    }
}

QVariant StartMarkers::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemSelectedChange && !m_syncing) {
        if (!value.toBool()) { // clearSelection, a selection area elsewhere, disabled or hidden
            for (size_t i = 0; i < m_markers.size() && m_selectedCount > 0; ++i)
                select(int(i), false);
            return false;
        }
        // Selected by the scene itself: a selection area (a rubber band)
        // reached the item. The characters it touches are; none, and the item is not.
        const QList<int> in = scene() ? charactersIn(scene()->selectionArea()) : QList<int>();
        for (int i : in)
            select(i, true);
        return !in.isEmpty();
    }
    return QGraphicsItem::itemChange(change, value);
}

int StartMarkers::characterAt(const QPointF &scenePos) const
{
    // From the top: a selected one, else the last made.
    int top = -1;
    for (int i = count() - 1; i >= 0; --i) {
        const Marker &m = m_markers[size_t(i)];
        if (std::abs(m.pos.x() - scenePos.x()) > kHalf || std::abs(m.pos.y() - scenePos.y()) > kHalf)
            continue;
        if (m.selected)
            return i;
        if (top < 0)
            top = i;
    }
    return top;
}

QList<int> StartMarkers::charactersAt(const QPointF &scenePos) const
{
    QList<int> selected, rest;
    for (int i = count() - 1; i >= 0; --i) {
        const Marker &m = m_markers[size_t(i)];
        if (std::abs(m.pos.x() - scenePos.x()) <= kHalf && std::abs(m.pos.y() - scenePos.y()) <= kHalf)
            (m.selected ? selected : rest) << i;
    }
    return selected + rest;
}

QList<int> StartMarkers::charactersIn(const QPainterPath &area) const
{
    QList<int> out;
    if (area.isEmpty())
        return out;
    const QRectF reach = area.boundingRect().adjusted(-kHalf, -kHalf, kHalf, kHalf);
    for (size_t i = 0; i < m_markers.size(); ++i) {
        const QPointF &p = m_markers[i].pos;
        if (reach.contains(p) && area.intersects(QRectF(p.x() - kHalf, p.y() - kHalf, 2 * kHalf, 2 * kHalf)))
            out << int(i);
    }
    return out;
}

void StartMarkers::paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *)
{
    // Discs, in one call: the selected ones on top, then the last made.
    m_sprites.begin(p);
    const QRectF exposed = option->exposedRect.adjusted(-13, -13, 13, 13);
    auto visit = [&](size_t i, bool selected) {
        const Marker &m = m_markers[i];
        if (m.selected == selected && (!m.covered || selected) && exposed.contains(m.pos))
            m_sprites.add(m.pos, int(i), selected);
    };
    if (m_selectedCount > 0)
        for (size_t i = m_markers.size(); i-- > 0;)
            visit(i, true);
    for (size_t i = m_markers.size(); i-- > 0;)
        visit(i, false);
    m_sprites.end(p);
    // Labels: those placed, where they can be read (else the selected and hovered ones').
    const bool readable = CrowdSprites::readable(m_sprites.scale());
    const QRectF visible = option->exposedRect.adjusted(-140, -40, 140, 40);
    p->setPen(QColor(40, 40, 40));
    p->setFont(mapLabelFont());
    for (size_t i = 0; i < m_markers.size(); ++i) {
        const Marker &m = m_markers[i];
        if (!m.labelShown || !visible.contains(m.pos) || (!readable && !m.selected && int(i) != m_hovered))
            continue;
        p->drawStaticText(m.labelRect().topLeft(), m.label);
    }
}

void StartMarkers::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    const int i = characterAt(event->scenePos());
    if (event->button() != Qt::LeftButton || i < 0) {
        event->ignore();
        return;
    }
    if (event->modifiers() & Qt::ControlModifier) { // one more, or one less
        QList<int> now = selection();
        if (isCharacterSelected(i))
            now.removeOne(i);
        else
            now << i;
        setSelection(now);
    } else if (!isCharacterSelected(i)) { // it alone (the scene announces it once)
        if (QGraphicsScene *s = scene()) {
            const QSignalBlocker blocker(s);
            s->clearSelection();
        }
        setSelection({i});
    }
    m_dragged = isCharacterSelected(i) ? i : -1;
    m_dragFrom = m_markers[size_t(i)].pos;
    m_pressAt = event->scenePos();
    m_moved = false;
    if (m_dragged >= 0)
        setCursor(Qt::ClosedHandCursor);
    event->accept();
}

void StartMarkers::mouseMoveEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_dragged < 0 || !(event->buttons() & Qt::LeftButton))
        return;
    const QPointF to = m_dragFrom + (event->scenePos() - m_pressAt);
    Marker &m = m_markers[size_t(m_dragged)];
    if (to == m.pos)
        return;
    repaint(m_dragged);
    m.pos = to;
    grow(discRect(to).united(m.labelRect()));
    repaint(m_dragged);
    m_moved = true;
}

void StartMarkers::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    setCursor(Qt::OpenHandCursor);
    const int i = std::exchange(m_dragged, -1);
    if (i < 0)
        return;
    if (m_moved) {
        m_scene->itemMoved(EntityRef {EntityKind::Character, i}, m_markers[size_t(i)].pos,
                           !(event->modifiers() & Qt::AltModifier));
        return;
    }
    if (!(event->modifiers() & Qt::ControlModifier) && m_selectedCount > 1) { // a click on one of several: it alone
        if (QGraphicsScene *s = scene()) {
            const QSignalBlocker blocker(s);
            s->clearSelection();
        }
        setSelection({i});
    }
    // A click on a pile: which of them?
    const QList<int> here = charactersAt(event->scenePos());
    if (here.size() < 2 || (event->modifiers() & Qt::ControlModifier))
        return;
    QList<PilePicker::Entry> entries;
    entries.reserve(here.size());
    const QString starting = QCoreApplication::translate("goap::editor::MapScene", "starting here");
    for (int k : here)
        entries.append({k, m_markers[size_t(k)].label.text(), starting, {}});
    delete m_pileMenu;
    MapScene *scene = m_scene;
    popupPileMenu(
        entries, event->screenPos(), scene,
        [scene](int character) {
            const ItemRef ref {EntityKind::Character, character};
            scene->selectItem(ref);
            emit scene->itemClicked(ref);
        },
        &m_pileMenu);
}

void StartMarkers::hoverMoveEvent(QGraphicsSceneHoverEvent *event)
{
    const int i = characterAt(event->scenePos());
    if (i == m_hovered)
        return;
    if (m_hovered >= 0 && m_hovered < count())
        repaint(m_hovered);
    m_hovered = i;
    if (i >= 0) {
        repaint(i); // its label shows, however far out the view is
        setToolTip(m_scene->startToolTip(i));
    } else {
        setToolTip({});
    }
}

void StartMarkers::hoverLeaveEvent(QGraphicsSceneHoverEvent *)
{
    if (m_hovered >= 0 && m_hovered < count())
        repaint(m_hovered);
    m_hovered = -1;
}

} // namespace goap::editor
