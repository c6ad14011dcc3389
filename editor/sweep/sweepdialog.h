#pragma once
// Run > Sweep: the designer's tuning loop. Pick numeric fields of the
// document by name, grouped by entity ("Baker: speed"; the sweep file keeps
// their JSON paths), with a range each; the number of variants is
// shown before anything runs; the sweep runs in the background on every core
// (goap-sim sweep's engine, so a row here equals the CLI's) with a progress
// bar and Cancel; the results fill a sortable table and a heatmap
// (QCPColorMap) of any metric over the first two parameters, or a line over
// one; cells a cancelled sweep did not run are striped. Clicking a cell (or a
// table row) opens that variant as a new unsaved document (in a window of
// its own: the document open stays), ready to run. Sweeps save as .sweep.json next to the scenario and
// export their CSV.

#include "sweep/sweep.h"

#include "document/scenariodocument.h"

#include <QDialog>

#include <atomic>
#include <mutex>
#include <thread>

class QComboBox;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace goap::editor {

class SweepDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SweepDialog(ScenarioDocument *document, QWidget *parent = nullptr);
    ~SweepDialog() override;

    // One parameter row: a path, and a range of `steps` values from..to.
    void addParameter(const QString &path, double from, double to, int steps);
    qint64 variantCount() const;
    QString variantText() const; // "12 variants", or why it cannot run

    bool start(); // false (with the reason shown) when the sweep is not valid
    void cancel();
    bool isRunning() const { return m_worker.joinable() && !m_done; }

    // The variant's scenario, with its name saying which it is.
    std::optional<Scenario> variantScenario(qint64 variant) const;

    bool saveSweep(const QString &file) const; // the .sweep.json (its scenario: the document's file)
    // Fills the fields from a .sweep.json (its days and ranges; a list of
    // values becomes its first..last in as many steps); the reason on failure.
    QString loadSweep(const QString &file);
    bool exportCsv(const QString &file) const;

    QTableWidget *parameterTable() const { return m_parameters; }
    QString fieldPath(int row) const; // the JSON path parameter row `row` varies (its chooser shows the name)
    QSpinBox *daysBox() const { return m_days; }
    QTableWidget *resultTable() const { return m_results; }
    QComboBox *metricBox() const { return m_metric; }
    QCustomPlot *plot() const { return m_plot; }
    QCPColorMap *colorMap() const { return m_map; }
    QPushButton *runButton() const { return m_run; }
    QProgressBar *progressBar() const { return m_progress; }
    QStringList rows() const { return m_rows; }

signals:
    void workerProgress(); // from the sweep's thread: something waits in the channel
    void openVariant(const goap::Scenario &scenario);
    void finished(); // the results (or the cancelled part of them) are shown

private:
    std::optional<sweep::SweepSpec> buildSpec(QString &error) const;
    QString nameOf(const QString &path) const; // its name in the chooser ("Baker: speed"), else the path
    void finish(const QStringList &rows, const QString &error, bool cancelled);
    void showMetric();
    void join();

    ScenarioDocument *m_document;
    QTableWidget *m_parameters, *m_results;
    QSpinBox *m_days;
    QLabel *m_count, *m_status;
    QPushButton *m_run, *m_cancel, *m_open, *m_save, *m_export;
    QProgressBar *m_progress;
    QComboBox *m_metric;
    QCustomPlot *m_plot;
    QCPColorMap *m_map = nullptr;
    QCPColorScale *m_scale;
    QCPTextElement *m_note;
    std::optional<sweep::SweepSpec> m_spec; // of the results shown
    QStringList m_header, m_rows;
    std::thread m_worker;
    // What the sweep's thread hands over (under m_channelLock): progress, then the rows.
    struct Channel
    {
        qint64 done = 0;
        bool finished = false, cancelled = false;
        QStringList rows;
        QString error;
    };
    std::mutex m_channelLock;
    Channel m_channel;
    void takeFromWorker(); // this thread: what the channel holds
    std::atomic<bool> m_cancelFlag {false};
    std::atomic<bool> m_done {true};
};

} // namespace goap::editor
