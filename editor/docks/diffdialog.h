#pragma once
// Compare With... (issue #29): this window's scenario against a file or
// another window's document, as a tree: each kind of entity, each entity that
// differs, each field with its value there and here. Added rows are green,
// removed red, changed amber, renamed blue. It follows both documents as
// they are edited (debounced); a double-click on an entity or field row asks
// for that item to be selected here.

#include "docks/outlinemodel.h" // ItemRef as a meta type, for the signal
#include "model/diff.h"

#include <QDialog>
#include <QPointer>
#include <QTimer>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace goap::editor {

class ScenarioDocument;

class DiffDialog : public QDialog
{
    Q_OBJECT

public:
    // `here` against a fixed scenario (a file read once), called `name`.
    DiffDialog(ScenarioDocument *here, const Scenario &other, const QString &name, QWidget *parent = nullptr);
    // `here` against another window's document, followed as it changes.
    DiffDialog(ScenarioDocument *here, ScenarioDocument *other, const QString &name, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }
    const QList<ScenarioDifference> &differences() const { return m_differences; }
    // Recomputes now (the debounce's end; tests call it to skip the wait).
    void refresh();

signals:
    // A row was double-clicked: the item of this window's scenario it names.
    void itemActivated(const goap::ItemRef &item);

private:
    DiffDialog(ScenarioDocument *here, const QString &name, QWidget *parent);
    void follow(ScenarioDocument *document);
    void activated(QTreeWidgetItem *row);

    QPointer<ScenarioDocument> m_here;
    QPointer<ScenarioDocument> m_otherDocument; // null: comparing with m_otherScenario
    Scenario m_otherScenario;
    QString m_name;
    QTimer m_debounce;
    QLabel *m_summary;
    QTreeWidget *m_tree;
    QList<ScenarioDifference> m_differences;
};

} // namespace goap::editor
