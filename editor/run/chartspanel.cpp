#include "chartspanel.h"

#include "filedialogs.h"

#include "charts/chartexportdialog.h"
#include "charts/daycharts.h"
#include "charts/palette.h"
#include "sim/compare.h"
#include "sim/records.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace goap::editor {

ChartsPanel::ChartsPanel(SimController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_insistence(new InsistenceChart(this))
    , m_quotas(new QuotaChart(this))
    , m_world(new WorldChart(this))
{
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_insistence, tr("Insistence"));
    m_tabs->addTab(m_quotas, tr("Quotas"));
    m_tabs->addTab(m_world, tr("World facts"));
    m_compare = new QTableWidget(0, 5, this);
    m_compare->setHorizontalHeaderLabels({tr("Character"), tr("Measure"), tr("Baseline"), tr("This run"), tr("Delta")});
    m_compare->horizontalHeader()->setStretchLastSection(true);
    m_compare->verticalHeader()->hide();
    m_compare->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_compare->setToolTip(tr("The pinned baseline's report beside this run's (as of its last pause or day's end), as "
                             "goap-sim diff prints them"));
    m_tabs->addTab(m_compare, tr("Compare"));
    // Help shown only away from data points: a point's own tooltip is never replaced by it.
    m_insistence->setHelpText(
        tr("Each goal's insistence: diamonds mark goal switches, circles satisfied needs. "
           "Drag to pan, wheel to zoom, double-click to follow the run, click a legend entry to hide it."));
    m_quotas->setHelpText(tr("Each quota's progress; stars mark when it was met, as a fraction of the day"));
    m_world->setHelpText(tr("The world pool over time"));

    m_characters = new QListWidget(this);
    m_characters->setToolTip(
        tr("The characters with lines of their own (in a crowd, everyone counts in the grey bands)"));
    m_goals = new QListWidget(this);
    m_goals->setToolTip(tr("The goals to chart on the insistence chart"));
    m_reference = new QCheckBox(tr("Reference line"), this);
    m_reference->setChecked(true);
    m_legendPlace = new QComboBox(this);
    m_legendPlace->addItem(tr("Legend: best fit"), int(DayChart::LegendPlace::Auto));
    m_legendPlace->addItem(tr("Legend: right"), int(DayChart::LegendPlace::Right));
    m_legendPlace->addItem(tr("Legend: below"), int(DayChart::LegendPlace::Bottom));
    m_legendPlace->addItem(tr("Legend: hidden"), int(DayChart::LegendPlace::Hidden));
    m_legendPlace->setToolTip(tr("Where the legend goes, always outside the plot"));
    auto *exportButton = new QPushButton(tr("Export..."), this);
    exportButton->setToolTip(tr("Export the chart shown as a PNG picture or a vector PDF, at a chosen size"));
    auto *csv = new QPushButton(tr("CSV..."), this);
    csv->setToolTip(tr("Export the samples behind the charts (as goap-sim run --samples writes them)"));

    auto *side = new QWidget(this);
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("Characters"), side));
    sideLayout->addWidget(m_characters, 1);
    sideLayout->addWidget(new QLabel(tr("Goals"), side));
    sideLayout->addWidget(m_goals, 1);
    sideLayout->addWidget(m_reference);
    sideLayout->addWidget(m_legendPlace);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(exportButton);
    buttons->addWidget(csv);
    sideLayout->addLayout(buttons);
    m_pin = new QPushButton(tr("Pin as Baseline"), this);
    m_pin->setToolTip(tr("Keep this run (paused or at the end of a day) as the baseline: the next runs draw it under "
                         "their lines, dashed, and the Compare tab shows both reports with deltas"));
    m_unpin = new QPushButton(tr("Clear"), this);
    m_unpin->setToolTip(tr("Forget the baseline"));
    m_unpin->setEnabled(false);
    auto *baseline = new QHBoxLayout;
    baseline->addWidget(m_pin, 1);
    baseline->addWidget(m_unpin);
    sideLayout->addLayout(baseline);
    connect(m_pin, &QPushButton::clicked, this, [this] {
        if (!pinBaseline())
            QMessageBox::information(
                this, tr("Pin as Baseline"),
                tr("Pause the run (or let its day end) before pinning it: the baseline is a run at rest."));
    });
    connect(m_unpin, &QPushButton::clicked, this, &ChartsPanel::clearBaseline);
    auto *splitter = new QSplitter(this);
    splitter->addWidget(side);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({180, 800});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(splitter);

    connect(exportButton, &QPushButton::clicked, this, qOverload<>(&ChartsPanel::exportChart));
    connect(csv, &QPushButton::clicked, this, [this] {
        const QString name = saveFileName(this, QStringLiteral("csv"), QStringLiteral("samples"),
                                          tr("CSV files (*.csv)"), QStringLiteral("csv"), tr("Export Samples"));
        if (!name.isEmpty() && !exportCsv(name))
            QMessageBox::critical(this, tr("Cannot export"), tr("Cannot write %1").arg(name));
    });
    connect(m_reference, &QCheckBox::toggled, m_quotas, &QuotaChart::setReferenceVisible);
    connect(m_legendPlace, &QComboBox::currentIndexChanged, this, [this] {
        const auto place = DayChart::LegendPlace(m_legendPlace->currentData().toInt());
        for (DayChart *chart : {static_cast<DayChart *>(m_insistence), static_cast<DayChart *>(m_quotas),
                                static_cast<DayChart *>(m_world)})
            chart->setLegendPlace(place);
    });
    connect(m_characters, &QListWidget::itemChanged, this, &ChartsPanel::selectionChanged);
    connect(m_goals, &QListWidget::itemChanged, this, &ChartsPanel::selectionChanged);
    connect(controller, &SimController::runStarted, this, &ChartsPanel::runStarted);
    runStarted(); // empty charts until a run
    connect(controller, &SimController::runStopping, this, [this] {
        m_samples = m_controller->samples();
        m_events = m_controller->events();
    });
    connect(controller, &SimController::frameApplied, this, [this](const SimFrame &frame, const RecordsDelta &records) {
        if (!frame.report.isEmpty() && hasBaseline())
            updateCompare();
        for (DayChart *chart : {static_cast<DayChart *>(m_insistence), static_cast<DayChart *>(m_quotas),
                                static_cast<DayChart *>(m_world)}) {
            if (records.trimmed) // the oldest days went: drawn again from the days kept
                chart->replay(m_controller->samples(), m_controller->events());
            else
                chart->update(m_controller->samples(), m_controller->events());
            chart->setCursorTime(frame.snapshot.day, frame.snapshot.time);
        }
    });
}

DayChart *ChartsPanel::current() const
{
    auto *chart = qobject_cast<DayChart *>(m_tabs->currentWidget());
    return chart ? chart : m_insistence; // the Compare tab is a table
}

bool ChartsPanel::pinBaseline()
{
    if (!m_shown || m_controller->report().isEmpty() || samples().rows() == 0)
        return false;
    pin(m_shown, samples(), m_controller->report());
    return true;
}

bool ChartsPanel::pinBaselineFrom(const ChartsPanel &other)
{
    if (!other.m_shown || other.m_controller->report().isEmpty() || other.samples().rows() == 0)
        return false;
    pin(other.m_shown, other.samples(), other.m_controller->report());
    m_tabs->setCurrentWidget(m_compare); // asked for from another window: the comparison is what is wanted
    return true;
}

void ChartsPanel::pin(std::shared_ptr<const CompiledScenario> scenario, const sim::Samples &baseline,
                      const QByteArray &report)
{
    m_baselineScenario = std::move(scenario);
    m_baselineSamples = std::make_shared<const sim::Samples>(baseline);
    m_baselineReport = report;
    for (DayChart *chart : {static_cast<DayChart *>(m_insistence), static_cast<DayChart *>(m_quotas)}) {
        chart->setBaseline(m_baselineScenario, m_baselineSamples);
        chart->replay(samples(), events());
    }
    m_unpin->setEnabled(true);
    updateCompare();
}

void ChartsPanel::clearBaseline()
{
    m_baselineScenario.reset();
    m_baselineSamples.reset();
    m_baselineReport.clear();
    for (DayChart *chart : {static_cast<DayChart *>(m_insistence), static_cast<DayChart *>(m_quotas)}) {
        chart->setBaseline(nullptr, nullptr);
        chart->replay(samples(), events());
    }
    m_unpin->setEnabled(false);
    m_compare->setRowCount(0);
}

void ChartsPanel::updateCompare()
{
    const auto base = sim::reportMeasures(m_baselineReport);
    const auto now = sim::reportMeasures(m_controller->report());
    if (!base || !now) {
        m_compare->setRowCount(0);
        return;
    }
    const std::vector<sim::CompareRow> rows = sim::compareReports(*base, *now);
    m_compare->setRowCount(int(rows.size()));
    for (size_t r = 0; r < rows.size(); ++r) {
        const QString cells[5] = {rows[r].who, rows[r].what, rows[r].left, rows[r].right, rows[r].delta};
        for (int c = 0; c < 5; ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c >= 2)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_compare->setItem(int(r), c, item);
        }
    }
    m_compare->resizeColumnsToContents();
}

const sim::Samples &ChartsPanel::samples() const
{
    return m_controller->hasRun() ? m_controller->samples() : m_samples;
}

const sim::EventLog &ChartsPanel::events() const
{
    return m_controller->hasRun() ? m_controller->events() : m_events;
}

void ChartsPanel::runStarted()
{
    showRunOf(m_controller->scenarioPtr());
}

void ChartsPanel::clear()
{
    // A baseline belongs to its document: another scenario's run compared
    // with it would set the town's baker beside the hospital's nurses.
    if (hasBaseline())
        clearBaseline();
    showRunOf(nullptr);
}

void ChartsPanel::showRunOf(std::shared_ptr<const CompiledScenario> scenario)
{
    m_shown = std::move(scenario);
    m_samples = sim::Samples();
    m_events.clear();
    // The reference line only where the scenario has one (today: seed 003's town).
    m_quotas->setReference(m_shown ? chartReferenceFor(*m_shown) : std::nullopt);
    m_reference->setVisible(m_quotas->hasReference());
    if (m_quotas->hasReference()) {
        m_reference->setText(tr("Reference: %1").arg(chartReferenceFor(*m_shown)->label));
        m_reference->setToolTip(
            tr("The reference this scenario was observed against, as a dash-dot line on the quota chart"));
    }
    for (DayChart *chart :
         {static_cast<DayChart *>(m_insistence), static_cast<DayChart *>(m_quotas), static_cast<DayChart *>(m_world)})
        chart->reset(m_shown);
    m_quotas->setReferenceVisible(m_reference->isChecked());
    const QSignalBlocker b1(m_characters), b2(m_goals);
    m_characters->clear();
    m_goals->clear();
    if (!m_shown)
        return;
    // A crowd is unreadable as lines: the first dozen characters are charted until more are chosen.
    const QList<int> &charted = m_insistence->chartedCharacters();
    // The scenario's characters, then each template's copies as one (their mean).
    for (size_t i = 0; i < m_shown->agentLabels.size() + m_shown->templates.size(); ++i) {
        auto *item = new QListWidgetItem(sim::columnLabel(*m_shown, int(i)), m_characters);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(charted.contains(int(i)) ? Qt::Checked : Qt::Unchecked);
        item->setForeground(characterColor(int(i)).darker(120));
        item->setData(Qt::UserRole, int(i));
    }
    for (size_t g = 0; g < m_shown->goalLabels.size(); ++g) {
        auto *item = new QListWidgetItem(m_shown->goalLabels[g], m_goals);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
        item->setData(Qt::UserRole, int(g));
    }
}

void ChartsPanel::selectionChanged()
{
    QList<int> agents;
    QSet<int> goals;
    for (int i = 0; i < m_characters->count(); ++i)
        if (m_characters->item(i)->checkState() == Qt::Checked)
            agents << m_characters->item(i)->data(Qt::UserRole).toInt();
    for (int i = 0; i < m_goals->count(); ++i)
        if (m_goals->item(i)->checkState() == Qt::Checked)
            goals.insert(m_goals->item(i)->data(Qt::UserRole).toInt());
    if (goals.isEmpty())
        goals.insert(-2); // nothing
    m_quotas->setChartedCharacters(agents, samples(), events());
    m_insistence->setChartedCharacters(agents, samples(), events());
    m_insistence->setVisibleGoals(goals);
}

void ChartsPanel::exportChart()
{
    static const QString names[] = {QStringLiteral("insistence"), QStringLiteral("quotas"), QStringLiteral("world")};
    const QString suggested
        = QDir(lastFolder(QStringLiteral("chart"))).filePath(names[m_tabs->currentIndex()] + QStringLiteral(".png"));
    ChartExportDialog dialog(suggested, m_tabs->tabText(m_tabs->currentIndex()), this);
    if (dialog.exec() != QDialog::Accepted || dialog.fileName().isEmpty())
        return;
    rememberFolder(QStringLiteral("chart"), dialog.fileName());
    if (!exportChart(dialog.fileName(), dialog.options()))
        QMessageBox::critical(this, tr("Cannot export"), tr("Cannot write %1").arg(dialog.fileName()));
}

bool ChartsPanel::exportChart(const QString &fileName, const DayChart::ExportOptions &options)
{
    return fileName.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive) ? current()->exportPdf(fileName, options)
                                                                         : current()->exportPng(fileName, options);
}

bool ChartsPanel::exportCsv(const QString &fileName) const
{
    if (!m_shown)
        return false;
    QSaveFile file(fileName);
    // The live run's samples, or the copy kept when it stopped.
    const QByteArray bytes = sim::samplesCsv(*m_shown, samples());
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

} // namespace goap::editor
