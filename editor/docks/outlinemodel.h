#pragma once
// The outline's model: the scenario as a two-level tree, sections (Scenario,
// Facts, Stations, Actions, Goals, Characters, and Templates and Spawners
// when there are any) and their items. It reads the document and follows its
// Change events: an edit of N items is N dataChanged rows, an insertion or
// removal moves rows (begun when the document announces it, ended when it is
// done, so the view's selection follows the entities), the facts in use are
// merged row by row; only a change that alters a list's length wholesale (a
// cascading removal, a new document) or the sections present resets it.

#include "document/scenariodocument.h"

#include <QAbstractItemModel>

namespace goap::editor {

class OutlineModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    static constexpr int ItemRole = Qt::UserRole; // an ItemRef

    explicit OutlineModel(ScenarioDocument *document, QObject *parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    ItemRef itemAt(const QModelIndex &index) const;
    QModelIndex indexOf(const ItemRef &item) const; // invalid when it is not there
    // The section holding `item` (the settings, the facts, or its kind's list).
    QModelIndex sectionIndex(const ItemRef &item) const;
    int resetCount() const { return m_resets; } // for tests: item changes do not reset

private:
    void onAboutToChange(const Change &change);
    void onChanged(const Change &change);
    bool resets(const Change &change) const; // a change the model shows by a reset
    void recount();
    void mergeFacts();
    int rowsOf(const ItemRef &section) const;
    QList<ItemRef> wantedSections() const;

    ScenarioDocument *m_document;
    QList<ItemRef> m_sections; // as shown, top to bottom: the settings, the facts (""), the lists (index -1)
    QStringList m_facts; // as shown
    QList<int> m_rows; // per section as shown: its rows
    bool m_resetting = false; // between aboutToChange and changed of a change shown by a reset
    int m_resets = 0;
};

} // namespace goap::editor

Q_DECLARE_METATYPE(goap::ItemRef)
