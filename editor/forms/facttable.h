#pragma once
// An editable table of fact rows: conditions (fact, operator, value), effects (fact,
// set or add, value) or seed values (name, value). The fact column completes
// from the facts in use and accepts new ones.
//
// Edits made in a cell editor are reported (edited()) once the editor has
// closed, so the document's refresh never pulls rows from under an open
// editor. A row added with "+" is a placeholder until its fact cell is
// committed: it is edited where it appears, is not part of the rows until
// then, and Escape drops it. Tab moves from cell to cell and leaves the
// table after the last one.

#include "model/scenario.h"

#include <QWidget>

class QTableWidget;

namespace goap::editor {

class FactTable : public QWidget
{
    Q_OBJECT

public:
    enum class Mode { Conditions, Effects, Seeds };
    FactTable(Mode mode, QWidget *parent = nullptr);

    void setFactChoices(const QStringList &facts); // for completion
    void setConditions(const QList<Condition> &rows);
    void setEffects(const QList<Effect> &set, const QList<Effect> &add);
    void setSeeds(const QList<FactValue> &rows);
    QList<Condition> conditions() const;
    QList<Effect> setEffects() const;
    QList<Effect> addEffects() const;
    QList<FactValue> seeds() const;

    QTableWidget *table() const { return m_table; }
    // Appends and emits edited(); `op`: "add"/"set" for effects, ">=", "=="... for conditions (empty: >=).
    void addRow(const QString &fact, const QString &op, int value);
    void removeRow(int row); // removes and emits edited()
    // Appends a placeholder row and opens its fact cell for editing (the "+" button).
    void addPlaceholder();
    bool hasPlaceholder() const;
    void discardPlaceholder(); // another item is shown: an uncommitted row goes

signals:
    void edited(); // a row was added, removed or changed

private:
    void appendRow(const QString &fact, const QString &op, int value);
    void editorClosed(int row, int column, bool reverted);
    bool isPlaceholder(int row) const;
    void fitRows(); // tall enough for its rows (up to six), so short lists need no scrolling
    int valueColumn() const { return m_mode == Mode::Seeds ? 1 : 2; }

    Mode m_mode;
    QTableWidget *m_table;
    QStringList m_choices;
    bool m_filling = false;
    bool m_dirty = false; // a cell changed while its editor was open
};

} // namespace goap::editor
