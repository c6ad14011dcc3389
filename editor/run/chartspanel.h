#pragma once
// The charts dock: insistence, quota progress and world facts of the run,
// filling in live (appended data, queued replots) with a cursor at the
// current time; characters and goals chosen from lists beside the charts
// (the first dozen characters of a crowd are charted until others are
// chosen; the rest count in the crowd's bands); the legend's place; export
// at a chosen size (PNG, vector PDF) and CSV. A finished run stays browsable;
// a new run clears it.

#include "charts/daychart.h"
#include "run/simcontroller.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace goap::editor {

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
    QListWidget *characterList() const { return m_characters; }
    QListWidget *goalList() const { return m_goals; }
    QCheckBox *referenceBox() const { return m_reference; }
    QComboBox *legendBox() const { return m_legendPlace; }

    // Asks for a file, size, scale and title, then exports the chart shown.
    void exportChart();
    bool exportChart(const QString &fileName, const DayChart::ExportOptions &options);
    bool exportCsv(const QString &fileName) const; // the samples, as goap-sim run --samples writes them
    void clear(); // no run shown and no baseline (another scenario was opened, or File > New)

    // Compare runs: the run shown (at rest: paused or at a day's end) becomes
    // the baseline; the runs after it draw it under their lines (dashed,
    // faded) and the Compare tab shows both reports side by side with deltas,
    // as goap-sim diff prints them. It stays until cleared, or until another
    // document is opened (a baseline belongs to its document).
    bool pinBaseline();
    // The same with another window's run as the baseline (issue #29: a sweep
    // variant's day beside its original's): that run at rest, of whichever
    // document, kept as it is now. False when it has no run at rest.
    bool pinBaselineFrom(const ChartsPanel &other);
    void clearBaseline();
    bool hasBaseline() const { return m_baselineSamples != nullptr; }
    QTableWidget *compareTable() const { return m_compare; }
    QPushButton *pinButton() const { return m_pin; }

private:
    void pin(std::shared_ptr<const CompiledScenario> scenario, const sim::Samples &baseline, const QByteArray &report);
    void runStarted();
    void showRunOf(std::shared_ptr<const CompiledScenario> scenario);
    void selectionChanged();
    const sim::Samples &samples() const;
    const sim::EventLog &events() const;

    SimController *m_controller;
    InsistenceChart *m_insistence;
    QuotaChart *m_quotas;
    WorldChart *m_world;
    QTabWidget *m_tabs;
    QListWidget *m_characters, *m_goals;
    QCheckBox *m_reference;
    QComboBox *m_legendPlace;
    std::shared_ptr<const CompiledScenario> m_shown;
    sim::Samples m_samples; // copies taken when the run stops: CSV export, choosing other characters
    sim::EventLog m_events;
    void updateCompare();
    QTableWidget *m_compare;
    QPushButton *m_pin, *m_unpin;
    std::shared_ptr<const CompiledScenario> m_baselineScenario;
    std::shared_ptr<const sim::Samples> m_baselineSamples;
    QByteArray m_baselineReport;
};

} // namespace goap::editor
