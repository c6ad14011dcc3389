#pragma once
// The scenario outline: a QTreeView over OutlineModel. Selecting an item
// shows it in the form beside; Ctrl/Shift+click selects several of one kind
// to edit together. The selection follows the entities through insertions
// and removals (the model moves rows), and the view says so when the item
// it shows moved to another index or went away.

#include "docks/outlinemodel.h"

#include <QTreeView>

namespace goap::editor {

class Outline : public QTreeView
{
    Q_OBJECT

public:
    explicit Outline(ScenarioDocument *document, QWidget *parent = nullptr);

    OutlineModel *outlineModel() const { return m_model; }
    void select(const Subject &subject);
    // Selects several items of one kind (the first becomes current).
    void selectMany(const QList<Subject> &subjects);
    Subject current() const;
    // The items selected, when several of one kind are (Ctrl/Shift+click): else empty.
    QList<Subject> selectedSubjects() const;
    QModelIndex indexOf(const Subject &subject) const { return m_model->indexOf(subject); }
    Subject subjectAt(const QPoint &viewportPos) const { return m_model->subjectAt(indexAt(viewportPos)); }

signals:
    void subjectChanged(const goap::editor::Subject &subject);
    void subjectsSelected(const QList<goap::editor::Subject> &subjects); // several of one kind

private:
    void announce(); // emits what is selected now, when it is not what was last said
    OutlineModel *m_model;
    Subject m_shown;
    QList<Subject> m_shownMany;
    bool m_restoring = false;
    Subject m_savedCurrent; // across a model reset
    QList<Subject> m_savedMany;
};

} // namespace goap::editor
