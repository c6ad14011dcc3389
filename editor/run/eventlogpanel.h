#pragma once
// The run's event log: the newest events (at most kMaxRows, so a run that
// goes on for days costs the view a bounded amount), filterable by character
// and kind; clicking one selects its character. A note under the table says
// how many older events are no longer listed and how many the live view
// skipped because the simulation ran ahead of the display.

#include "run/simcontroller.h"

#include <QAbstractTableModel>
#include <QWidget>

class QComboBox;
class QSortFilterProxyModel;
class QTableView;
class QCheckBox;
class QLabel;

namespace goap::editor {

class EventLogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Day, Time, Character, Kind, Text, ColumnCount };
    static constexpr int CharacterRole = Qt::UserRole;
    static constexpr int KindRole = Qt::UserRole + 1;
    static constexpr int TemplateRole = Qt::UserRole + 2; // a spawned copy's template index, else -1
    static constexpr int TickRole = Qt::UserRole + 3; // when it happened, in ticks since the run's first dawn
    // The character filter's value for "every copy of template t".
    static constexpr int templateFilter(int t) { return -2 - t; }

    static constexpr int kMaxRows = 100000;

    explicit EventLogModel(const SimController *controller, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void reset(); // a new run
    void appended(); // the controller's log grew
    void setMaxRows(int rows); // kMaxRows unless told (tests)
    int maxRows() const { return m_maxRows; }
    size_t firstEvent() const { return m_first; } // the controller's event shown in row 0

private:
    const SimController *m_controller;
    size_t m_first = 0;
    int m_rows = 0;
    int m_maxRows = kMaxRows;
};

class EventLogPanel : public QWidget
{
    Q_OBJECT
public:
    EventLogPanel(SimController *controller, QWidget *parent = nullptr);

    void setCharacterFilter(int character); // -1: everyone
    void setKindFilter(int kind); // -1: every kind
    int visibleRows() const;
    QTableView *view() const { return m_view; }
    QString noteText() const;
    EventLogModel *model() const { return m_model; }

signals:
    void characterActivated(int character);
    void momentActivated(qint64 tick); // an event was clicked: when it happened

private:
    void runStarted();
    void updateNote();
    SimController *m_controller;
    QLabel *m_note;
    EventLogModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QComboBox *m_characterBox, *m_kindBox;

public:
    QComboBox *characterBox() const { return m_characterBox; }

private:
    QCheckBox *m_follow;
};

} // namespace goap::editor
