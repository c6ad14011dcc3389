#include "sweepdialog.h"

#include "filedialogs.h"
#include "io/savefile.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace goap::editor {

namespace {

enum Column { PathColumn, FromColumn, ToColumn, StepsColumn };
constexpr int kPathRole = Qt::UserRole + 1; // a field's JSON path, on its item in the chooser

// A cell of the heatmap not run (a cancelled sweep): light grey with darker
// stripes, a pattern no colour of the scale has.
QBrush notRunBrush()
{
    QImage tile(8, 8, QImage::Format_RGB32);
    tile.fill(QColor(228, 228, 228));
    for (int k = 0; k < 8; ++k)
        tile.setPixelColor(k, 7 - k, QColor(120, 120, 120));
    return QBrush(tile);
}

json::Value documentJson(const Scenario &s)
{
    json::Value v;
    json::ParseError error;
    json::parse(writeScenario(s), v, error); // the writer's output always parses
    return v;
}

QString cellText(const json::Value &v)
{
    if (v.type == json::Type::Number)
        return v.integerLiteral ? QString::number(v.integer) : QString::number(v.number, 'g', 10);
    return v.type == json::Type::String ? v.string : QString();
}

bool saveBytes(const QString &file, const QByteArray &bytes)
{
    return saveFileSafely(file, bytes).isEmpty();
}

} // namespace

SweepDialog::SweepDialog(ScenarioDocument *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
{
    setWindowTitle(tr("Sweep"));
    setObjectName(QStringLiteral("sweepDialog"));
    connect(this, &SweepDialog::workerProgress, this, &SweepDialog::takeFromWorker, Qt::QueuedConnection);
    resize(980, 720);

    m_parameters = new QTableWidget(0, 4, this);
    m_parameters->setHorizontalHeaderLabels({tr("Field"), tr("From"), tr("To"), tr("Steps")});
    m_parameters->horizontalHeader()->setSectionResizeMode(PathColumn, QHeaderView::Stretch);
    m_parameters->verticalHeader()->hide();
    m_parameters->setMinimumHeight(110);
    connect(m_parameters->model(), &QAbstractItemModel::rowsRemoved, this, [this] { m_count->setText(variantText()); });
    m_parameters->setToolTip(
        tr("Each row varies one number of the scenario over a range; every combination is one variant "
           "(the last row varies fastest)."));
    auto *add = new QPushButton(tr("Add Field"), this);
    add->setToolTip(tr("Vary another number of the scenario"));
    auto *remove = new QPushButton(tr("Remove"), this);
    remove->setToolTip(tr("Remove the selected field"));
    connect(add, &QPushButton::clicked, this, [this] {
        json::Value doc = documentJson(m_document->scenario());
        const std::vector<sweep::NumericField> fields = sweep::numericFields(doc);
        if (fields.empty())
            return;
        QString error;
        const json::Value *v = sweep::resolvePath(doc, fields.front().path, false, error);
        const double now = v ? v->number : 0;
        addParameter(fields.front().path, now, now == 0 ? 1 : now * 2, 3);
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_parameters->currentRow() >= 0)
            m_parameters->removeRow(m_parameters->currentRow());
    });
    m_days = new QSpinBox(this);
    m_days->setRange(1, 10000);
    m_days->setValue(1);
    m_days->setSuffix(tr(" day(s)"));
    m_days->setToolTip(tr("How many days each variant runs"));
    connect(m_days, &QSpinBox::valueChanged, this, [this] { m_count->setText(variantText()); });
    m_count = new QLabel(this);
    m_run = new QPushButton(tr("Run"), this);
    m_run->setDefault(true);
    m_run->setToolTip(tr("Run every variant in the background, on every core"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setTextVisible(true);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    connect(m_run, &QPushButton::clicked, this, &SweepDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &SweepDialog::cancel);

    m_metric = new QComboBox(this);
    m_metric->setToolTip(tr("What the heatmap (or the line) shows"));
    connect(m_metric, &QComboBox::currentIndexChanged, this, &SweepDialog::showMetric);
    m_results = new QTableWidget(this);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_results->verticalHeader()->hide();
    m_results->setToolTip(tr("Every variant; click a header to sort, double-click a row to open that variant"));
    connect(m_results, &QTableWidget::cellDoubleClicked, this, [this](int row) {
        if (auto s = variantScenario(m_results->item(row, 0)->data(Qt::DisplayRole).toLongLong()))
            emit openVariant(*s);
    });
    m_plot = new QCustomPlot(this);
    m_plot->setMinimumHeight(260);
    m_plot->legend->setVisible(false);
    m_scale = new QCPColorScale(m_plot); // beside the heatmap, hidden for a line
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_scale->setVisible(false);
    m_plot->plotLayout()->insertRow(0);
    m_note = new QCPTextElement(m_plot, QString());
    m_plot->plotLayout()->addElement(0, 0, m_note);
    m_plot->setToolTip(tr("Click a cell to open that variant as a new document"));
    // A click on a heatmap cell (its whole area, edges included) or on a point of the line.
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent *event) {
        if (!m_spec || !m_map || event->button() != Qt::LeftButton)
            return;
        const double key = m_plot->xAxis->pixelToCoord(event->position().x());
        const double value = m_plot->yAxis->pixelToCoord(event->position().y());
        if (!m_plot->xAxis->range().contains(key) || !m_plot->yAxis->range().contains(value))
            return;
        int i = 0, j = 0;
        m_map->data()->coordToCell(key, value, &i, &j);
        const qint64 n0 = qint64(m_spec->axes[0].values.size()), n1 = qint64(m_spec->axes[1].values.size());
        i = int(std::clamp<qint64>(i, 0, n0 - 1));
        j = int(std::clamp<qint64>(j, 0, n1 - 1));
        const qint64 rest = m_spec->variantCount() / (n0 * n1);
        if (auto s = variantScenario((qint64(i) * n1 + j) * rest))
            emit openVariant(*s);
    });
    connect(m_plot, &QCustomPlot::plottableClick, this,
            [this](QCPAbstractPlottable *plottable, int dataIndex, QMouseEvent *) {
                if (m_spec && !m_map && plottable && m_spec->axes.size() == 1)
                    if (auto s = variantScenario(dataIndex))
                        emit openVariant(*s);
            });
    m_save = new QPushButton(tr("Save Sweep..."), this);
    m_save->setToolTip(tr("Save these fields and ranges as a .sweep.json next to the scenario (for goap-sim sweep)"));
    auto *open = new QPushButton(tr("Open Sweep..."), this);
    open->setToolTip(tr("Read the fields and ranges of a .sweep.json"));
    connect(open, &QPushButton::clicked, this, [this] {
        const QString base = m_document->fileName();
        const QString file = QFileDialog::getOpenFileName(this, tr("Open Sweep"),
                                                          base.isEmpty() ? QString() : QFileInfo(base).absolutePath(),
                                                          tr("Sweeps (*.sweep.json);;JSON (*.json)"));
        if (!file.isEmpty())
            if (const QString why = loadSweep(file); !why.isEmpty())
                m_status->setText(why);
    });
    m_open = open;
    m_export = new QPushButton(tr("Export CSV..."), this);
    m_export->setEnabled(false);
    connect(m_save, &QPushButton::clicked, this, [this] {
        const QString base = m_document->fileName();
        if (base.isEmpty()) {
            m_status->setText(tr("Save the scenario first: a sweep file names it."));
            return;
        }
        // A bare name gets .sweep.json, the suffix goap-sim sweep and Open Sweep look for.
        const QString file
            = saveFileAs(this, QStringLiteral("sweep"), QFileInfo(base).completeBaseName(),
                         {tr("Sweeps (*.sweep.json)")}, 0, tr("Save Sweep"), QFileInfo(base).absolutePath())
                  .fileName;
        if (!file.isEmpty())
            m_status->setText(saveSweep(file) ? tr("Saved %1").arg(file) : tr("Could not save %1").arg(file));
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString base = m_document->fileName();
        const QString file = saveFileAs(this, QStringLiteral("csv"),
                                        (base.isEmpty() ? QStringLiteral("sweep") : QFileInfo(base).completeBaseName())
                                            + QStringLiteral(" sweep"),
                                        {tr("CSV files (*.csv)")}, 0, tr("Export CSV"))
                                 .fileName;
        if (!file.isEmpty())
            m_status->setText(exportCsv(file) ? tr("Exported %1").arg(file) : tr("Could not write %1").arg(file));
    });

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto *rowButtons = new QHBoxLayout;
    rowButtons->addWidget(add);
    rowButtons->addWidget(remove);
    rowButtons->addSpacing(16);
    rowButtons->addWidget(m_days);
    rowButtons->addWidget(m_count, 1);
    rowButtons->addWidget(m_open);
    rowButtons->addWidget(m_save);
    topLayout->addWidget(m_parameters);
    topLayout->addLayout(rowButtons);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    topLayout->addLayout(runRow);
    topLayout->addWidget(m_status);
    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    auto *metricRow = new QHBoxLayout;
    metricRow->addWidget(new QLabel(tr("Show"), this));
    metricRow->addWidget(m_metric, 1);
    metricRow->addWidget(m_export);
    bottomLayout->addLayout(metricRow);
    auto *results = new QSplitter(Qt::Horizontal, this);
    results->addWidget(m_plot);
    results->addWidget(m_results);
    results->setSizes({520, 440});
    bottomLayout->addWidget(results, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(bottom);
    split->setSizes({240, 480});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);
    m_count->setText(variantText());
}

SweepDialog::~SweepDialog()
{
    m_cancelFlag = true;
    join();
}

void SweepDialog::join()
{
    if (m_worker.joinable())
        m_worker.join();
}

void SweepDialog::addParameter(const QString &path, double from, double to, int steps)
{
    const int row = m_parameters->rowCount();
    m_parameters->insertRow(row);
    // The scenario's numbers by name, under their entity ("Character Baker",
    // its "Baker: speed"...); the sweep file stores their JSON paths. A path
    // typed in (as Issues names it) is taken too.
    auto *box = new QComboBox(m_parameters);
    box->setObjectName(QStringLiteral("fieldBox"));
    auto *model = new QStandardItemModel(box);
    QStringList names;
    QString group;
    for (const sweep::NumericField &f : sweep::numericFields(documentJson(m_document->scenario()))) {
        if (f.group != group) { // a heading, not a choice
            group = f.group;
            auto *heading = new QStandardItem(group);
            heading->setFlags(Qt::NoItemFlags);
            QFont bold = heading->font();
            bold.setBold(true);
            heading->setFont(bold);
            model->appendRow(heading);
        }
        auto *item = new QStandardItem(f.name());
        item->setData(f.path, kPathRole);
        item->setToolTip(f.path);
        model->appendRow(item);
        names << f.name();
    }
    box->setModel(model);
    box->setEditable(true);
    // Typing finds a field by any part of its name (the headings are not offered).
    auto *completer = new QCompleter(names, box);
    completer->setFilterMode(Qt::MatchContains);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setCompletionMode(QCompleter::PopupCompletion);
    box->setCompleter(completer);
    if (const int found = box->findData(path, kPathRole); found >= 0)
        box->setCurrentIndex(found);
    else
        box->setCurrentText(path);
    box->setToolTip(tr("A number of the scenario, by its entity and name (type part of it to find it); a JSON path "
                       "as Issues names them (agents[2].speed) is taken too"));
    m_parameters->setCellWidget(row, PathColumn, box);
    auto number = [this](double value) {
        auto *spin = new QDoubleSpinBox(m_parameters);
        spin->setRange(-1e9, 1e9);
        spin->setDecimals(4);
        spin->setValue(value);
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this] { m_count->setText(variantText()); });
        return spin;
    };
    m_parameters->setCellWidget(row, FromColumn, number(from));
    m_parameters->setCellWidget(row, ToColumn, number(to));
    auto *stepBox = new QSpinBox(m_parameters);
    stepBox->setRange(1, 1000);
    stepBox->setValue(steps);
    connect(stepBox, &QSpinBox::valueChanged, this, [this] { m_count->setText(variantText()); });
    m_parameters->setCellWidget(row, StepsColumn, stepBox);
    connect(box, &QComboBox::currentTextChanged, this, [this] { m_count->setText(variantText()); });
    m_count->setText(variantText());
}

qint64 SweepDialog::variantCount() const
{
    qint64 n = 1;
    for (int r = 0; r < m_parameters->rowCount(); ++r)
        n *= static_cast<QSpinBox *>(m_parameters->cellWidget(r, StepsColumn))->value();
    return m_parameters->rowCount() == 0 ? 0 : n;
}

QString SweepDialog::variantText() const
{
    const qint64 n = variantCount();
    if (n == 0)
        return tr("Add a field to vary");
    return tr("%1 variant(s) of %2 day(s) each").arg(n).arg(m_days->value());
}

QString SweepDialog::fieldPath(int row) const
{
    const auto *box = static_cast<QComboBox *>(m_parameters->cellWidget(row, PathColumn));
    const QString text = box->currentText().trimmed();
    // A name chosen or typed in full is its path; else the text is a path.
    if (const int found = box->findText(text); found >= 0 && box->itemData(found, kPathRole).isValid())
        return box->itemData(found, kPathRole).toString();
    return text;
}

QString SweepDialog::nameOf(const QString &path) const
{
    for (int r = 0; r < m_parameters->rowCount(); ++r) {
        const auto *box = static_cast<QComboBox *>(m_parameters->cellWidget(r, PathColumn));
        if (const int found = box->findData(path, kPathRole); found >= 0)
            return box->itemText(found);
    }
    return path;
}

std::optional<sweep::SweepSpec> SweepDialog::buildSpec(QString &error) const
{
    sweep::SweepSpec spec;
    spec.scenario = documentJson(m_document->scenario());
    spec.scenarioFile = m_document->fileName();
    spec.days = m_days->value();
    for (int r = 0; r < m_parameters->rowCount(); ++r) {
        sweep::SweepAxis axis;
        axis.path = fieldPath(r);
        const double from = static_cast<QDoubleSpinBox *>(m_parameters->cellWidget(r, FromColumn))->value();
        const double to = static_cast<QDoubleSpinBox *>(m_parameters->cellWidget(r, ToColumn))->value();
        const int steps = static_cast<QSpinBox *>(m_parameters->cellWidget(r, StepsColumn))->value();
        // Integer fields (fact values in seeds, conditions and effects; a
        // capacity, the node cap, a spawner's count) take whole numbers; the
        // rest (speeds, rates, positions...) any number.
        const bool integer = axis.path.endsWith(QStringLiteral("\"]"))
            || axis.path.endsWith(QStringLiteral(".capacity")) || axis.path.endsWith(QStringLiteral(".maxNodes"))
            || axis.path.endsWith(QStringLiteral(".max"));
        for (int j = 0; j < steps; ++j) {
            const double v = steps == 1 ? from : from + (to - from) * j / (steps - 1);
            axis.values.push_back(integer ? json::Value::makeInteger(qint64(std::llround(v)))
                                          : json::Value::makeNumber(v));
        }
        spec.axes.push_back(std::move(axis));
    }
    if (spec.axes.empty()) {
        error = tr("Add a field to vary.");
        return std::nullopt;
    }
    Issues issues;
    if (!sweep::checkAxes(spec, issues)) {
        QStringList lines;
        for (const Issue &i : issues)
            lines << QStringLiteral("Field %1: %2")
                         .arg(i.path.mid(5, i.path.indexOf(u']') - 5).toInt() + 1)
                         .arg(i.message);
        error = lines.join(u'\n');
        return std::nullopt;
    }
    return spec;
}

bool SweepDialog::start()
{
    if (isRunning())
        return false;
    join();
    QString error;
    std::optional<sweep::SweepSpec> spec = buildSpec(error);
    if (!spec) {
        m_status->setText(error);
        return false;
    }
    m_spec = std::move(spec);
    m_header = sweep::sweepHeader(*m_spec);
    m_rows.clear();
    m_cancelFlag = false;
    m_done = false;
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_export->setEnabled(false);
    m_progress->setRange(0, int(std::min<qint64>(m_spec->variantCount(), 1 << 30)));
    m_progress->setValue(0);
    m_progress->setFormat(QStringLiteral("%p%"));
    m_status->setText(
        tr("Running %1 on %2 thread(s)...").arg(variantText()).arg(std::max(1u, std::thread::hardware_concurrency())));
    const sweep::SweepSpec specCopy = *m_spec;
    // The sweep's thread hands progress and rows over through m_channel (a
    // std::mutex) and only wakes this thread with a signal without data.
    m_worker = std::thread([this, specCopy] {
        QString error;
        const int jobs = int(std::max(1u, std::thread::hardware_concurrency()));
        const QStringList rows = sweep::runShard(
            specCopy, 1, 1, jobs, error,
            [this](qint64 done, qint64) {
                {
                    const std::lock_guard lock(m_channelLock);
                    m_channel.done = done;
                }
                emit workerProgress();
            },
            &m_cancelFlag);
        {
            const std::lock_guard lock(m_channelLock);
            m_channel.rows = rows;
            m_channel.error = error;
            m_channel.cancelled = m_cancelFlag.load();
            m_channel.finished = true;
        }
        emit workerProgress();
    });
    return true;
}

void SweepDialog::takeFromWorker()
{
    Channel got;
    {
        const std::lock_guard lock(m_channelLock);
        got = std::exchange(m_channel, Channel());
        m_channel.done = got.done;
    }
    if (got.finished)
        finish(got.rows, got.error, got.cancelled);
    else if (!m_done)
        m_progress->setValue(int(got.done));
}

void SweepDialog::cancel()
{
    m_cancelFlag = true;
    m_status->setText(tr("Cancelling: the variants under way finish first..."));
}

void SweepDialog::finish(const QStringList &rows, const QString &error, bool cancelled)
{
    m_done = true;
    join();
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    m_rows.clear();
    for (const QString &r : rows)
        if (!r.isEmpty())
            m_rows << r;
    // The bar shows what was done: a cancelled sweep stops where it stopped.
    if (cancelled) {
        m_progress->setValue(int(std::min<qint64>(m_rows.size(), m_progress->maximum())));
        m_progress->setFormat(tr("cancelled: %v of %m variants"));
    } else {
        m_progress->setValue(m_progress->maximum());
    }
    m_status->setText(!error.isEmpty() ? error
                          : cancelled
                          ? tr("Cancelled: %1 of %2 variants ran").arg(m_rows.size()).arg(m_spec->variantCount())
                          : tr("%1 variants ran").arg(m_rows.size()));
    m_export->setEnabled(!m_rows.isEmpty());

    m_results->setSortingEnabled(false);
    m_results->clear();
    m_results->setColumnCount(int(m_header.size()));
    m_results->setHorizontalHeaderLabels(m_header);
    m_results->setRowCount(int(m_rows.size()));
    for (int r = 0; r < m_rows.size(); ++r) {
        const QStringList cells = m_rows[r].split(u',');
        for (int c = 0; c < cells.size() && c < m_header.size(); ++c) {
            auto *item = new QTableWidgetItem;
            bool ok = false;
            const double v = cells[c].toDouble(&ok);
            if (ok)
                item->setData(Qt::DisplayRole,
                              c == 0 ? QVariant(cells[c].toLongLong()) : QVariant(v)); // sorts as numbers
            else
                item->setText(cells[c]);
            m_results->setItem(r, c, item);
        }
    }
    m_results->setSortingEnabled(true);
    m_results->resizeColumnsToContents();

    const QSignalBlocker blocker(m_metric);
    const QString previous = m_metric->currentText();
    m_metric->clear();
    for (qsizetype c = 1 + qsizetype(m_spec->axes.size()); c < m_header.size(); ++c)
        m_metric->addItem(m_header[c]);
    if (const int i = m_metric->findText(previous); i >= 0)
        m_metric->setCurrentIndex(i);
    showMetric();
    emit finished();
}

void SweepDialog::showMetric()
{
    m_plot->clearPlottables();
    m_plot->clearItems(); // the "not run" cells of the last heatmap
    m_map = nullptr;
    m_scale->setVisible(false);
    m_note->setText(QString());
    const int column = m_header.indexOf(m_metric->currentText());
    if (!m_spec || column < 0 || m_rows.isEmpty()) {
        m_plot->replot();
        return;
    }
    // The metric by variant (NaN: not run, or empty such as a quota never met).
    std::vector<double> metric(size_t(m_spec->variantCount()), std::nan(""));
    std::vector<bool> ran(metric.size(), false);
    for (const QString &row : m_rows) {
        const QStringList cells = row.split(u',');
        bool ok = false;
        const double v = cells.value(column).toDouble(&ok);
        const qint64 variant = cells.value(0).toLongLong();
        if (variant < 0 || size_t(variant) >= metric.size())
            continue;
        metric[size_t(variant)] = ok ? v : std::nan("");
        ran[size_t(variant)] = true;
    }
    const auto &a0 = m_spec->axes[0].values;
    m_plot->xAxis->setLabel(nameOf(m_spec->axes[0].path));
    if (m_spec->axes.size() == 1) {
        QCPGraph *graph = m_plot->addGraph();
        for (size_t i = 0; i < a0.size(); ++i)
            graph->addData(a0[i].number, metric[i]);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        graph->setPen(QPen(QColor(40, 110, 180), 2));
        m_plot->yAxis->setLabel(m_metric->currentText());
        m_plot->rescaleAxes();
        m_plot->replot();
        return;
    }
    const auto &a1 = m_spec->axes[1].values;
    const qint64 rest = m_spec->variantCount() / qint64(a0.size() * a1.size()); // further fields at their first value
    m_plot->yAxis->setLabel(nameOf(m_spec->axes[1].path));
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->data()->setSize(int(a0.size()), int(a1.size()));
    m_map->data()->setRange(QCPRange(a0.front().number, a0.size() > 1 ? a0.back().number : a0.front().number + 1),
                            QCPRange(a1.front().number, a1.size() > 1 ? a1.back().number : a1.front().number + 1));
    for (size_t i = 0; i < a0.size(); ++i)
        for (size_t j = 0; j < a1.size(); ++j)
            m_map->data()->setCell(int(i), int(j), metric[size_t((qint64(i) * qint64(a1.size()) + qint64(j)) * rest)]);
    m_scale->setVisible(true);
    m_scale->setLabel(m_metric->currentText());
    QCPColorGradient gradient(QCPColorGradient::gpThermal);
    gradient.setNanHandling(QCPColorGradient::nhNanColor); // a quota never met: grey, not a colour of the scale
    gradient.setNanColor(QColor(190, 190, 190));
    m_map->setGradient(gradient);
    m_map->setColorScale(m_scale);
    m_map->rescaleDataRange(true);
    m_map->setInterpolate(false);
    // Whole cells: the axes reach half a cell beyond the first and last values.
    auto half = [](const std::vector<json::Value> &v) {
        return v.size() > 1 ? (v.back().number - v.front().number) / double(v.size() - 1) / 2 : 0.5;
    };
    m_plot->xAxis->setRange(std::min(a0.front().number, a0.back().number) - std::abs(half(a0)),
                            std::max(a0.front().number, a0.back().number) + std::abs(half(a0)));
    m_plot->yAxis->setRange(std::min(a1.front().number, a1.back().number) - std::abs(half(a1)),
                            std::max(a1.front().number, a1.back().number) + std::abs(half(a1)));
    // Cells not run (a cancelled sweep) are covered with their own pattern:
    // empty, they would take the colour of the scale's NaN or, worse, of a value.
    const double dx = std::abs(half(a0)), dy = std::abs(half(a1));
    int notRun = 0;
    bool neverMet = false;
    for (size_t i = 0; i < a0.size(); ++i)
        for (size_t j = 0; j < a1.size(); ++j) {
            const size_t variant = size_t((qint64(i) * qint64(a1.size()) + qint64(j)) * rest);
            if (ran[variant]) {
                neverMet = neverMet || std::isnan(metric[variant]);
                continue;
            }
            ++notRun;
            auto *cell = new QCPItemRect(m_plot);
            cell->setObjectName(QStringLiteral("notRunCell"));
            cell->topLeft->setCoords(a0[i].number - dx, a1[j].number + dy);
            cell->bottomRight->setCoords(a0[i].number + dx, a1[j].number - dy);
            cell->setPen(Qt::NoPen);
            cell->setBrush(notRunBrush());
            cell->setSelectable(false);
        }
    QStringList notes;
    if (notRun > 0)
        notes << tr("striped: not run (%n cell(s))", nullptr, notRun);
    if (neverMet)
        notes << tr("grey: never met");
    if (m_spec->axes.size() > 2)
        notes << tr("fields after the second at their first value");
    m_note->setText(notes.join(QStringLiteral("; ")));
    m_plot->replot();
}

std::optional<Scenario> SweepDialog::variantScenario(qint64 variant) const
{
    if (!m_spec || variant < 0 || variant >= m_spec->variantCount())
        return std::nullopt;
    QString error;
    const std::optional<json::Value> doc = sweep::variantJson(*m_spec, variant, error);
    if (!doc)
        return std::nullopt;
    ReadResult r = readScenario(json::write(*doc));
    if (!r.ok())
        return std::nullopt;
    QStringList values;
    const auto point = m_spec->pointOf(variant);
    for (size_t k = 0; k < m_spec->axes.size(); ++k)
        values << QStringLiteral("%1 = %2").arg(m_spec->axes[k].path, cellText(*point[k]));
    r.scenario->name
        = tr("%1, variant %2 (%3)").arg(r.scenario->name).arg(variant).arg(values.join(QStringLiteral(", ")));
    return r.scenario;
}

QString SweepDialog::loadSweep(const QString &file)
{
    Issues issues;
    const std::optional<sweep::SweepSpec> spec = sweep::readSweep(file, issues);
    if (!spec) {
        QStringList lines;
        for (const Issue &i : issues)
            lines << i.format(file);
        return lines.join(u'\n');
    }
    m_parameters->setRowCount(0);
    for (const sweep::SweepAxis &axis : spec->axes) {
        const double from = axis.values.front().number, to = axis.values.back().number;
        const int steps = int(axis.values.size());
        // Evenly spaced numbers only: that is what a row of the dialog holds.
        for (int j = 0; j < steps; ++j) {
            const double want = steps == 1 ? from : from + (to - from) * j / (steps - 1);
            if (axis.values[size_t(j)].type != json::Type::Number
                || std::abs(axis.values[size_t(j)].number - want) > 1e-9 * std::max(1.0, std::abs(want)))
                return tr("%1: the values of %2 are not evenly spaced numbers; run it with goap-sim sweep")
                    .arg(file, axis.path);
        }
        addParameter(axis.path, from, to, steps);
    }
    m_days->setValue(spec->days);
    m_status->setText(tr("Loaded %1").arg(QFileInfo(file).fileName()));
    return {};
}

bool SweepDialog::saveSweep(const QString &file) const
{
    json::Value root = json::Value::makeObject();
    const QString scenario = m_document->fileName();
    root.insert(QStringLiteral("scenario"), json::Value::makeString(QFileInfo(file).dir().relativeFilePath(scenario)));
    root.insert(QStringLiteral("days"), json::Value::makeInteger(m_days->value()));
    json::Value &vary = root.insert(QStringLiteral("vary"), json::Value::makeArray());
    for (int r = 0; r < m_parameters->rowCount(); ++r) {
        json::Value axis = json::Value::makeObject();
        axis.insert(QStringLiteral("path"), json::Value::makeString(fieldPath(r)));
        axis.insert(
            QStringLiteral("from"),
            json::Value::makeNumber(static_cast<QDoubleSpinBox *>(m_parameters->cellWidget(r, FromColumn))->value()));
        axis.insert(
            QStringLiteral("to"),
            json::Value::makeNumber(static_cast<QDoubleSpinBox *>(m_parameters->cellWidget(r, ToColumn))->value()));
        axis.insert(
            QStringLiteral("steps"),
            json::Value::makeInteger(static_cast<QSpinBox *>(m_parameters->cellWidget(r, StepsColumn))->value()));
        vary.array.push_back(std::move(axis));
    }
    return saveBytes(file, json::write(root));
}

bool SweepDialog::exportCsv(const QString &file) const
{
    QByteArray bytes = m_header.join(u',').toUtf8() + '\n';
    for (const QString &r : m_rows)
        bytes += r.toUtf8() + '\n';
    return saveBytes(file, bytes);
}

} // namespace goap::editor
