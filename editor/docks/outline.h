#pragma once
// The scenario outline: a QTreeView over OutlineModel. Selecting an item
// shows it in the form beside; Ctrl/Shift+click selects several of one kind
// to edit together. The selection follows the entities through insertions
// and removals (the model moves rows), and the view says so when the item
// it shows moved to another index or went away.

#include "docks/outlinemodel.h"

#include <QTreeView>

#include <optional>

namespace goap::editor {

class Outline : public QTreeView
{
    Q_OBJECT

public:
    explicit Outline(ScenarioDocument *document, QWidget *parent = nullptr);

    OutlineModel *outlineModel() const { return m_model; }
    void select(const ItemRef &item);
    // Selects several items of one kind (the first becomes current).
    void selectMany(const QList<ItemRef> &items);
    ItemRef current() const;
    // The items selected, when several of one kind are (Ctrl/Shift+click): else empty.
    QList<ItemRef> selectedItems() const;
    QModelIndex indexOf(const ItemRef &item) const { return m_model->indexOf(item); }
    ItemRef itemAt(const QPoint &viewportPos) const { return m_model->itemAt(indexAt(viewportPos)); }
    // The item a context menu at `viewportPos` is about: the one that was
    // under the pointer when the right button was pressed (rows may have
    // moved since), else the one there now (the menu key).
    ItemRef contextItemAt(const QPoint &viewportPos);

signals:
    void currentItemChanged(const goap::ItemRef &item);
    void itemsSelected(const QList<goap::ItemRef> &items); // several of one kind

protected:
    // Only the left button opens and closes sections: a right press on a
    // section's arrow, or a right double-click, once expanded it and moved
    // the rows under the context menu about to open.
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override; // the menu key: the current row, not a past right press

private:
    void announce(); // emits what is selected now, when it is not what was last said
    OutlineModel *m_model;
    ItemRef m_shown;
    QList<ItemRef> m_shownMany;
    bool m_restoring = false;
    ItemRef m_savedCurrent; // across a model reset
    QList<ItemRef> m_savedMany;
    std::optional<ItemRef> m_rightPressed; // the item under the last right press, until its menu opens
};

} // namespace goap::editor
