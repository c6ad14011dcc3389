#pragma once
// The charts dock: insistence, quota progress and world facts of the run,
// filling in live (appended data, queued replots) with a cursor at the
// current time; characters and goals chosen from lists beside the charts;
// PNG, PDF and CSV export. A finished run stays browsable; a new run clears it.

#include "run/simcontroller.h"

#include <QWidget>

class QCheckBox;
class QListWidget;
class QTabWidget;

namespace goap::editor {

class DayChart;
class InsistenceChart;
class QuotaChart;
class WorldChart;

class ChartsPanel : public QWidget
{
    Q_OBJECT

public:
    ChartsPanel(SimController *controller, QWidget *parent = nullptr);

    InsistenceChart *insistence() const { return m_insistence; }
    QuotaChart *quotas() const { return m_quotas; }
    WorldChart *world() const { return m_world; }
    DayChart *current() const;
    QListWidget *agentList() const { return m_agents; }
    QListWidget *goalList() const { return m_goals; }

    bool exportCsv(const QString &fileName) const; // the samples, as goap-sim run --samples writes them

private:
    void runStarted();
    void selectionChanged();

    SimController *m_controller;
    InsistenceChart *m_insistence;
    QuotaChart *m_quotas;
    WorldChart *m_world;
    QTabWidget *m_tabs;
    QListWidget *m_agents, *m_goals;
    QCheckBox *m_reference;
    std::shared_ptr<const CompiledScenario> m_shown;
    sim::Samples m_samples; // a copy taken when the run stops, for CSV export
};

} // namespace goap::editor
