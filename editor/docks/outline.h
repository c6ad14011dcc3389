#pragma once
// The scenario outline: Scenario, Facts, Stations, Actions, Goals and
// Characters. A change of one item updates its row (and the Facts section
// when the facts in use changed); other changes rebuild it with the selection
// kept.

#include "document/scenariodocument.h"

#include <QTreeWidget>

namespace goap::editor {

// What is selected in the editor: the scenario settings, a fact (by name) or
// an entity (by index into its list).
struct Subject
{
    enum Kind { None, Settings, Fact, Station, Action, Goal, Agent, Template, Spawner };
    Kind kind = None;
    int index = -1;
    QString fact;
    bool operator==(const Subject &) const = default;
};

class Outline : public QTreeWidget
{
    Q_OBJECT

public:
    explicit Outline(ScenarioDocument *document, QWidget *parent = nullptr);

    void select(const Subject &subject);
    // Selects several items of one kind (the first becomes current).
    void selectMany(const QList<Subject> &subjects);
    Subject current() const;
    // The items selected, when several of one kind are (Ctrl/Shift+click): else empty.
    QList<Subject> selectedSubjects() const;
    QTreeWidgetItem *section(Subject::Kind kind) const;
    int rebuildCount() const { return m_rebuilds; } // for tests: in-place updates do not rebuild

signals:
    void subjectChanged(const goap::editor::Subject &subject);
    void subjectsSelected(const QList<goap::editor::Subject> &subjects); // several of one kind

private:
    void rebuild();
    void onChanged(Parts parts, int index);
    void updateRow(Subject::Kind kind, int index);
    void fillFacts(QTreeWidgetItem *section);
    ScenarioDocument *m_document;
    QStringList m_facts; // as shown
    int m_rebuilds = 0;
    bool m_rebuilding = false;
};

} // namespace goap::editor

Q_DECLARE_METATYPE(goap::editor::Subject)
