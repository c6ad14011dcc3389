#include "chartspanel.h"

#include "charts/daycharts.h"
#include "charts/palette.h"
#include "sim/records.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace goap::editor {

ChartsPanel::ChartsPanel(SimController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_insistence(new InsistenceChart(this)), m_quotas(new QuotaChart(this)),
      m_world(new WorldChart(this))
{
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_insistence, tr("Insistence"));
    m_tabs->addTab(m_quotas, tr("Quotas"));
    m_tabs->addTab(m_world, tr("World facts"));
    m_insistence->setToolTip(tr("Each goal's insistence: diamonds mark goal switches, circles satisfied needs. "
                                "Drag to pan, wheel to zoom, double-click to follow the run, click a legend entry to hide it."));
    m_quotas->setToolTip(tr("Each quota's progress; stars mark when it was met, as a fraction of the day"));
    m_world->setToolTip(tr("The world pool over time"));

    m_agents = new QListWidget(this);
    m_agents->setToolTip(tr("The characters to chart"));
    m_goals = new QListWidget(this);
    m_goals->setToolTip(tr("The goals to chart on the insistence chart"));
    m_reference = new QCheckBox(tr("Seed's 56% line"), this);
    m_reference->setChecked(true);
    m_reference->setToolTip(tr("The seed's day: every quota landed within the first 56% of the day"));
    auto *png = new QPushButton(tr("PNG..."), this);
    png->setToolTip(tr("Export the chart shown as a PNG picture"));
    auto *pdf = new QPushButton(tr("PDF..."), this);
    pdf->setToolTip(tr("Export the chart shown as a vector PDF"));
    auto *csv = new QPushButton(tr("CSV..."), this);
    csv->setToolTip(tr("Export the samples behind the charts (as goap-sim run --samples writes them)"));

    auto *side = new QWidget(this);
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("Characters"), side));
    sideLayout->addWidget(m_agents, 1);
    sideLayout->addWidget(new QLabel(tr("Goals"), side));
    sideLayout->addWidget(m_goals, 1);
    sideLayout->addWidget(m_reference);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(png);
    buttons->addWidget(pdf);
    buttons->addWidget(csv);
    sideLayout->addLayout(buttons);
    auto *splitter = new QSplitter(this);
    splitter->addWidget(side);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({180, 800});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(splitter);

    connect(png, &QPushButton::clicked, this, [this] {
        const QString name = QFileDialog::getSaveFileName(this, tr("Export Chart"), {}, tr("PNG pictures (*.png)"));
        if (!name.isEmpty() && !current()->exportPng(name, current()->width(), current()->height()))
            QMessageBox::critical(this, tr("Cannot export"), tr("Cannot write %1").arg(name));
    });
    connect(pdf, &QPushButton::clicked, this, [this] {
        const QString name = QFileDialog::getSaveFileName(this, tr("Export Chart"), {}, tr("PDF documents (*.pdf)"));
        if (!name.isEmpty() && !current()->exportPdf(name, current()->width(), current()->height()))
            QMessageBox::critical(this, tr("Cannot export"), tr("Cannot write %1").arg(name));
    });
    connect(csv, &QPushButton::clicked, this, [this] {
        const QString name = QFileDialog::getSaveFileName(this, tr("Export Samples"), {}, tr("CSV files (*.csv)"));
        if (!name.isEmpty() && !exportCsv(name))
            QMessageBox::critical(this, tr("Cannot export"), tr("Cannot write %1").arg(name));
    });
    connect(m_reference, &QCheckBox::toggled, m_quotas, &QuotaChart::setReferenceVisible);
    connect(m_agents, &QListWidget::itemChanged, this, &ChartsPanel::selectionChanged);
    connect(m_goals, &QListWidget::itemChanged, this, &ChartsPanel::selectionChanged);
    connect(controller, &SimController::runStarted, this, &ChartsPanel::runStarted);
    runStarted(); // empty charts until a run
    connect(controller, &SimController::runStopping, this, [this] { m_samples = m_controller->samples(); });
    connect(controller, &SimController::frameApplied, this, [this](const SimFrame &frame) {
        for (DayChart *chart : {static_cast<DayChart *>(m_insistence), static_cast<DayChart *>(m_quotas), static_cast<DayChart *>(m_world)}) {
            chart->update(m_controller->samples(), m_controller->events());
            chart->setCursorTime(frame.snapshot.day, frame.snapshot.time);
        }
    });
}

DayChart *ChartsPanel::current() const { return static_cast<DayChart *>(m_tabs->currentWidget()); }

void ChartsPanel::runStarted()
{
    m_shown = m_controller->scenarioPtr();
    m_samples = sim::Samples();
    for (DayChart *chart : {static_cast<DayChart *>(m_insistence), static_cast<DayChart *>(m_quotas), static_cast<DayChart *>(m_world)})
        chart->reset(m_shown);
    const QSignalBlocker b1(m_agents), b2(m_goals);
    m_agents->clear();
    m_goals->clear();
    if (!m_shown)
        return;
    // A crowd is unreadable as lines: the first dozen characters are charted until more are chosen.
    constexpr size_t kShownAtFirst = 12;
    for (size_t i = 0; i < m_shown->agentLabels.size(); ++i) {
        auto *item = new QListWidgetItem(m_shown->agentLabels[i], m_agents);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(i < kShownAtFirst ? Qt::Checked : Qt::Unchecked);
        item->setForeground(agentColor(int(i)).darker(120));
        item->setData(Qt::UserRole, int(i));
    }
    for (size_t g = 0; g < m_shown->goalLabels.size(); ++g) {
        auto *item = new QListWidgetItem(m_shown->goalLabels[g], m_goals);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
        item->setData(Qt::UserRole, int(g));
    }
    if (m_shown->agentLabels.size() > kShownAtFirst)
        selectionChanged();
}

void ChartsPanel::selectionChanged()
{
    QSet<int> agents, goals;
    for (int i = 0; i < m_agents->count(); ++i)
        if (m_agents->item(i)->checkState() == Qt::Checked)
            agents.insert(m_agents->item(i)->data(Qt::UserRole).toInt());
    for (int i = 0; i < m_goals->count(); ++i)
        if (m_goals->item(i)->checkState() == Qt::Checked)
            goals.insert(m_goals->item(i)->data(Qt::UserRole).toInt());
    if (agents.isEmpty())
        agents.insert(-2); // nobody
    if (goals.isEmpty())
        goals.insert(-2);
    m_quotas->setVisibleAgents(agents);
    m_insistence->setVisibleAgents(agents);
    m_insistence->setVisibleGoals(goals);
}

bool ChartsPanel::exportCsv(const QString &fileName) const
{
    if (!m_shown)
        return false;
    QSaveFile file(fileName);
    // The live run's samples, or the copy kept when it stopped.
    const sim::Samples &samples = m_controller->hasRun() ? m_controller->samples() : m_samples;
    const QByteArray bytes = sim::samplesCsv(*m_shown, samples);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

} // namespace goap::editor
