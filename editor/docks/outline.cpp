#include "outline.h"

#include <QContextMenuEvent>
#include <QHeaderView>
#include <QMouseEvent>

#include <algorithm>

namespace goap::editor {

Outline::Outline(ScenarioDocument *document, QWidget *parent)
    : QTreeView(parent)
    , m_model(new OutlineModel(document, this))
{
    setModel(m_model);
    setHeaderHidden(true);
    setUniformRowHeights(true);
    setExpandsOnDoubleClick(true);
    setToolTip(tr("The scenario's contents. Select an item to edit it in the form beside."));
    setSelectionMode(QAbstractItemView::ExtendedSelection); // several characters, stations... edited at once
    expandToDepth(0);
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this, [this] { announce(); });
    connect(selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] { announce(); });
    // Rows moved under the selection: the item shown may have another index now, or be gone.
    // While rows move, the selection model may pass through indices the
    // document no longer has: nothing is announced until they have moved.
    for (auto about : {&QAbstractItemModel::rowsAboutToBeInserted, &QAbstractItemModel::rowsAboutToBeRemoved})
        connect(m_model, about, this, [this] { m_restoring = true; });
    for (auto done : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_model, done, this, [this] {
            m_restoring = false;
            announce();
        });
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        m_savedCurrent = current();
        m_savedMany = selectedItems();
        m_restoring = true;
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        expandToDepth(0);
        if (m_savedMany.size() > 1 && std::all_of(m_savedMany.begin(), m_savedMany.end(), [&](const ItemRef &s) {
                return indexOf(s).isValid();
            })) {
            m_restoring = false;
            selectMany(m_savedMany);
            return;
        }
        if (const QModelIndex at = indexOf(m_savedCurrent); at.isValid())
            selectionModel()->setCurrentIndex(at, QItemSelectionModel::ClearAndSelect);
        m_restoring = false;
        announce(); // the item shown went away (removed, or undone): what is current now
    });
}

void Outline::announce()
{
    if (m_restoring)
        return;
    const QList<ItemRef> many = selectedItems();
    if (!many.isEmpty()) {
        if (many != m_shownMany) {
            m_shownMany = many;
            m_shown = current();
            emit itemsSelected(many);
        }
        return;
    }
    const ItemRef now = current();
    if (now != m_shown || !m_shownMany.isEmpty()) {
        m_shown = now;
        m_shownMany.clear();
        emit currentItemChanged(now);
    }
}

ItemRef Outline::current() const
{
    return m_model->itemAt(currentIndex());
}

QList<ItemRef> Outline::selectedItems() const
{
    const QModelIndexList rows = selectionModel()->selectedIndexes();
    if (rows.size() < 2)
        return {};
    QList<ItemRef> out;
    for (const QModelIndex &row : rows) {
        const ItemRef item = m_model->itemAt(row);
        if (item.index() < 0 || (!out.isEmpty() && item.entity.kind != out.first().entity.kind))
            return {}; // a section, a fact or a mix of kinds: nothing to edit together
        out << item;
    }
    std::sort(out.begin(), out.end(), [](const ItemRef &a, const ItemRef &b) { return a.index() < b.index(); });
    return out;
}

void Outline::selectMany(const QList<ItemRef> &items)
{
    if (items.size() < 2) {
        if (!items.isEmpty())
            select(items.first());
        return;
    }
    QItemSelection selection;
    for (const ItemRef &s : items)
        if (const QModelIndex at = indexOf(s); at.isValid())
            selection.select(at, at);
    const QModelIndex first = indexOf(items.first());
    if (!first.isValid())
        return;
    m_restoring = true; // one announcement for the whole selection
    selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
    selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    m_restoring = false;
    announce();
}

ItemRef Outline::contextItemAt(const QPoint &viewportPos)
{
    const ItemRef item = m_rightPressed.value_or(itemAt(viewportPos));
    m_rightPressed.reset();
    return item;
}

void Outline::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        m_rightPressed.reset();
        QTreeView::mousePressEvent(event);
        return;
    }
    if (event->button() == Qt::RightButton)
        m_rightPressed = itemAt(event->position().toPoint());
    // The row is selected as any item view selects it, without the tree's
    // expanding or collapsing at its arrow.
    QAbstractItemView::mousePressEvent(event);
}

void Outline::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        QTreeView::mouseReleaseEvent(event);
    else
        QAbstractItemView::mouseReleaseEvent(event);
}

void Outline::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        QTreeView::mouseDoubleClickEvent(event);
    else
        mousePressEvent(event); // a second press of the right button: no expanding on double-click either
}

bool Outline::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ContextMenu
        && static_cast<QContextMenuEvent *>(event)->reason() != QContextMenuEvent::Mouse)
        m_rightPressed.reset();
    return QTreeView::viewportEvent(event);
}

void Outline::select(const ItemRef &item)
{
    const QModelIndex at = indexOf(item);
    if (!at.isValid())
        return;
    m_restoring = true;
    selectionModel()->setCurrentIndex(at, QItemSelectionModel::ClearAndSelect);
    m_restoring = false;
    scrollTo(at);
    announce();
}

} // namespace goap::editor
