#pragma once
// The Edit menu's verbs on items (an entity or a fact): Add (a fact, or an
// entity of each kind, then selected and shown in its form), Duplicate,
// Rename (focuses the id or name field) and Remove Selected (the selected
// walls when the map has the focus; otherwise the outline's item, asking
// first when something uses it). Each is one undo step, said in the status
// bar. The main window puts them in its Edit menu, its toolbar and the
// outline's context menu; Duplicate, Rename and Remove answer their
// shortcuts only in the outline and on the map (Delete in a text field
// deletes text).

#include "model/entity.h"

#include <QHash>
#include <QObject>

class QAction;

namespace goap::editor {

class MainWindow;

class ItemActions : public QObject
{
    Q_OBJECT

public:
    explicit ItemActions(MainWindow *window);

    QAction *addFact() const { return m_addFact; }
    QAction *add(EntityKind kind) const { return m_adds.value(int(kind)); } // nullptr for none
    QAction *duplicate() const { return m_duplicate; }
    QAction *rename() const { return m_rename; }
    QAction *remove() const { return m_remove; }

private:
    void addFactHere();
    void addEntity(EntityKind kind);
    void duplicateSelected();
    void renameSelected();
    void removeSelected();

    MainWindow *m_window;
    QAction *m_addFact;
    QHash<int, QAction *> m_adds; // by EntityKind
    QAction *m_duplicate, *m_rename, *m_remove;
};

} // namespace goap::editor
