#pragma once
// The run's event log: every event, filterable by character and kind;
// clicking one selects its character.

#include "run/simcontroller.h"

#include <QAbstractTableModel>
#include <QWidget>

class QComboBox;
class QSortFilterProxyModel;
class QTableView;
class QCheckBox;

namespace goap::editor {

class EventLogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Day, Time, Agent, Kind, Text, ColumnCount };
    static constexpr int AgentRole = Qt::UserRole;
    static constexpr int KindRole = Qt::UserRole + 1;

    explicit EventLogModel(const SimController *controller, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void reset();     // a new run
    void appended();  // the controller's log grew

private:
    const SimController *m_controller;
    int m_rows = 0;
};

class EventLogPanel : public QWidget
{
    Q_OBJECT
public:
    EventLogPanel(SimController *controller, QWidget *parent = nullptr);

    void setAgentFilter(int agent); // -1: everyone
    void setKindFilter(int kind);   // -1: every kind
    int visibleRows() const;
    QTableView *view() const { return m_view; }
    EventLogModel *model() const { return m_model; }

signals:
    void agentActivated(int agent);

private:
    void runStarted();
    SimController *m_controller;
    EventLogModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QComboBox *m_agentBox, *m_kindBox;
    QCheckBox *m_follow;
};

} // namespace goap::editor
