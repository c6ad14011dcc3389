#pragma once
// An editable table of fact rows: conditions (fact >= min), effects (fact,
// set or add, value) or seed values (name, value). The fact column completes
// from the facts in use and accepts new ones.

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
    void addRow(const QString &fact, const QString &op, int value); // appends and emits edited()
    void removeRow(int row);                                         // removes and emits edited()

signals:
    void edited(); // a row was added, removed or changed

private:
    void appendRow(const QString &fact, const QString &op, int value);
    void fitRows(); // tall enough for its rows (up to six), so short lists need no scrolling
    int valueColumn() const { return m_mode == Mode::Effects ? 2 : 1; }

    Mode m_mode;
    QTableWidget *m_table;
    QStringList m_choices;
    bool m_filling = false;
};

} // namespace goap::editor
