#pragma once
// The whole list of a big pile of characters (a hospital's spawn cell holds
// a hundred patients): a popup with a filter field over the characters,
// grouped by what they do and sorted by name within each group, bounded in
// height and scrolling. Typing narrows the list; a click (or Return) on a
// character picks it and closes the popup.

#include <QFrame>

class QLineEdit;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

namespace goap::editor {

class PilePicker : public QFrame
{
    Q_OBJECT

public:
    struct Entry
    {
        int character = -1;
        QString name, doing, detail; // detail: what it does in full ("in line, 2nd · ...")
    };
    explicit PilePicker(const QList<Entry> &entries, QWidget *parent = nullptr);

    QLineEdit *filter() const { return m_filter; }
    QTreeView *view() const { return m_view; }
    // Where a character's row is shown (view coordinates; invalid when filtered out).
    QRect rowRect(int character) const;

signals:
    void picked(int character);

private:
    void pickIndex(const QModelIndex &index);

    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    QTreeView *m_view;
};

// Names as a person sorts them: "Patient 9" before "Patient 10".
bool lessByName(const QString &a, const QString &b);

} // namespace goap::editor
