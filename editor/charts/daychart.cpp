#include "daychart.h"

#include <QPdfWriter>
#include <QSaveFile>
#include <QToolTip>

namespace goap::editor {

QString momentText(int day, double time)
{
    return QCoreApplication::translate("DayChart", "day %1, %2 s").arg(day + 1).arg(time, 0, 'f', 1);
}

QString dayTimeText(double key, double dayLength, bool wholeDays, bool tenths)
{
    const int day = dayLength > 0 ? int(std::floor(key / dayLength + 1e-9)) : 0;
    const QString dayText = QCoreApplication::translate("DayChart", "day %1").arg(day + 1);
    if (wholeDays)
        return dayText;
    const double t = std::max(0.0, key - day * dayLength);
    const int whole = int(std::floor(t + 1e-6));
    QString clock = QStringLiteral("%1:%2").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
    if (tenths)
        clock += QStringLiteral(".%1").arg(int(std::lround((t - whole) * 10)) % 10);
    return QStringLiteral("%1 %2").arg(dayText, clock);
}

void DayTimeTicker::generate(const QCPRange &range, const QLocale &locale, QChar formatChar, int precision,
                             QVector<double> &ticks, QVector<double> *subTicks, QVector<QString> *tickLabels)
{
    m_days = showsDays(range);
    QCPAxisTicker::generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
}

double DayTimeTicker::getTickStep(const QCPRange &range)
{
    if (!m_days)
        return QCPAxisTicker::getTickStep(range);
    const double ideal = range.size() / std::max(1, tickCount());
    if (ideal >= m_dayLength * 0.75) { // whole days: 1, 2, 5, 10, 20, 50... of them
        const double days = std::max(1.0, ideal / m_dayLength);
        const double magnitude = std::pow(10, std::floor(std::log10(days)));
        const double m = days / magnitude;
        m_step = m_dayLength * (m <= 1.5 ? 1 : m <= 3.5 ? 2 : m <= 7.5 ? 5 : 10) * magnitude;
        return m_step;
    }
    // Within a day: a clock step that divides the day, so every dawn is a tick.
    static constexpr double kSteps[] = {0.1, 0.2, 0.5, 1,    2,    5,    10,   15,    20,    30,    60,   120,
                                        300, 600, 900, 1200, 1800, 3600, 7200, 10800, 14400, 21600, 43200};
    m_step = m_dayLength;
    for (double step : kSteps) {
        const double parts = m_dayLength / step;
        if (step >= ideal * 0.7 && std::abs(parts - std::round(parts)) < 1e-6) {
            m_step = step;
            break;
        }
    }
    return m_step;
}

int DayTimeTicker::getSubTickCount(double tickStep)
{
    return m_days ? 0 : QCPAxisTicker::getSubTickCount(tickStep);
}

QString DayTimeTicker::getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision)
{
    if (!m_days)
        return QCPAxisTicker::getTickLabel(tick, locale, formatChar, precision);
    return dayTimeText(tick, m_dayLength, m_step >= m_dayLength - 1e-9, m_step < 1);
}

namespace {

const QColor kHiddenText(165, 165, 165);

// A legend entry that stays when its line is hidden, greyed, so a click
// brings the line back.
class LegendItem : public QCPPlottableLegendItem
{
public:
    using QCPPlottableLegendItem::QCPPlottableLegendItem;

protected:
    void draw(QCPPainter *painter) override
    {
        painter->save();
        if (!mPlottable->visible())
            painter->setOpacity(0.35);
        QCPPlottableLegendItem::draw(painter);
        painter->restore();
    }
};

} // namespace

DayChart::DayChart(QWidget *parent)
    : QCustomPlot(parent)
{
    // No selection: a click on a legend entry hides or shows its line and
    // never leaves the entry drawn as selected.
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    m_ticker.reset(new DayTimeTicker(m_dayLength));
    xAxis->setTicker(m_ticker);
    xAxis->setLabel(tr("simulated time (s)"));
    // A long run's axis names days and clock times, and says so.
    connect(xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this](const QCPRange &range) {
        xAxis->setLabel(m_ticker->showsDays(range) ? tr("simulated time (day, min:s into it)")
                                                   : tr("simulated time (s)"));
    });
    legend->setFont(QFont(font().family(), 8));
    legend->setIconSize(28, 12);
    legend->setRowSpacing(0);
    legend->setColumnSpacing(10);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setMargins(QMargins(4, 4, 6, 4));
    // The legend lives beside the axis rect in the plot layout, never over the data.
    axisRect()->insetLayout()->take(legend);
    legend->setVisible(false);
    setMouseTracking(true);
    setNoAntialiasingOnDrag(true);
    // One polyline per graph rather than a segment per pair of points: dashes
    // run on across samples, and a crowded chart draws several times faster.
    setPlottingHint(QCP::phFastPolylines, true);
    setAutoAddPlottableToLegend(false);
    connect(this, &QCustomPlot::plottableClick, this,
            [this](QCPAbstractPlottable *plottable, int dataIndex, QMouseEvent *) {
                auto *graph = qobject_cast<QCPGraph *>(plottable);
                if (!graph || dataIndex < 0 || dataIndex >= graph->dataCount() || m_dayLength <= 0)
                    return;
                const double key = graph->data()->at(dataIndex)->key;
                const int day = int(std::floor(key / m_dayLength + 1e-9));
                emit momentClicked(day, key - day * m_dayLength);
            });
    connect(this, &QCustomPlot::legendClick, this,
            [this](QCPLegend *, QCPAbstractLegendItem *item, QMouseEvent *) { legendClicked(item); });
    connect(this, &QCustomPlot::mouseMove, this, &DayChart::hover);
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        if (axisRect()->rect().contains(event->pos()))
            m_userRange = true;
    });
    connect(this, &QCustomPlot::mouseWheel, this, [this] { m_userRange = true; });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] { // back to following the run
        m_userRange = false;
        update({}, {});
    });
    connect(this, &QCustomPlot::beforeReplot, this, &DayChart::spaceMarkers);
}

void DayChart::reset(std::shared_ptr<const CompiledScenario> scenario)
{
    m_scenario = std::move(scenario);
    m_dayLength = m_scenario ? m_scenario->day.length : 1;
    m_ticker->setDayLength(m_dayLength);
    m_userRange = false;
    m_hidden.clear();
    m_visibleGoals.clear();
    m_charted.clear();
    // The scenario's own characters at first; a template's copies (their mean) when chosen.
    for (int i = 0; m_scenario && i < int(m_scenario->agents.size()) && i < kChartedAtFirst; ++i)
        m_charted << i;
    xAxis->setRange(0, m_dayLength);
    rebuild();
    replot(rpQueuedReplot);
}

void DayChart::setChartedCharacters(const QList<int> &agents, const sim::Samples &samples, const sim::EventLog &events)
{
    if (!m_scenario)
        return;
    QList<int> charted;
    for (int a : agents)
        if (a >= 0 && size_t(a) < m_scenario->agents.size() + m_scenario->templates.size() && !charted.contains(a))
            charted << a;
    if (charted == m_charted)
        return;
    m_charted = charted;
    // The history is replayed from the records: a choice costs what it charts, once.
    replay(samples, events);
}

void DayChart::replay(const sim::Samples &samples, const sim::EventLog &events)
{
    const QCPRange range = xAxis->range();
    rebuild();
    update(samples, events);
    if (m_userRange)
        xAxis->setRange(range);
    replot(rpQueuedReplot);
}

void DayChart::rebuild()
{
    legend->clearItems();
    clearPlottables();
    clearItems();
    m_series.clear();
    m_seriesOf.clear();
    m_baselineLines.clear();
    m_markerTexts.clear();
    m_textSeries.clear();
    m_cursor = nullptr;
    m_rows = m_events = 0;
    m_daysMarked = 0;
    m_chartedIndex.assign(m_scenario ? m_scenario->agents.size() + m_scenario->templates.size() : 0,
                          -1); // templates: every copy
    for (int k = 0; k < m_charted.size(); ++k)
        m_chartedIndex[size_t(m_charted[k])] = k;
    build(); // also without a scenario: it forgets the items clearItems() deleted
    if (m_scenario) {
        m_cursor = new QCPItemStraightLine(this);
        m_cursor->setPen(QPen(QColor(0, 120, 215, 160), 1.5));
        m_cursor->point1->setCoords(0, 0);
        m_cursor->point2->setCoords(0, 1);
        m_cursor->setVisible(false);
        markDay(0);
    }
    applyVisibility();
}

void DayChart::setBaseline(std::shared_ptr<const CompiledScenario> scenario,
                           std::shared_ptr<const sim::Samples> samples)
{
    m_baselineScenario = samples ? std::move(scenario) : nullptr;
    m_baseline = m_baselineScenario ? std::move(samples) : nullptr;
}

void DayChart::addBaselineLine(QCPGraph *line, int character, int goal, bool progress)
{
    if (!m_baseline || !m_scenario)
        return;
    const CompiledScenario &b = *m_baselineScenario;
    const sim::Samples &s = *m_baseline;
    const QString who = sim::columnId(*m_scenario, character), what = m_scenario->goalIds[size_t(goal)];
    for (size_t c = 0; c < s.columns(); ++c) {
        if (sim::columnId(b, s.slotAgent[c]) != who || b.goalIds[size_t(s.slotGoal[c])] != what)
            continue;
        if (!layer(QStringLiteral("baseline")))
            addLayer(QStringLiteral("baseline"), layer(QStringLiteral("main")), QCustomPlot::limBelow);
        QCPGraph *g = addGraph();
        g->setLayer(QStringLiteral("baseline")); // under the run's own lines
        QColor colour = line->pen().color();
        colour.setAlpha(110);
        g->setPen(QPen(colour, 1.3, Qt::DashLine));
        g->setName(tr("baseline: %1").arg(line->name()));
        g->removeFromLegend();
        g->setSelectable(QCP::stNone);
        QVector<double> keys, values;
        keys.reserve(qsizetype(s.rows()));
        values.reserve(qsizetype(s.rows()));
        for (size_t r = 0; r < s.rows(); ++r) {
            keys << keyOf(s.rowDay[r], s.rowTime[r]);
            values << double((progress ? s.progress : s.insistence)[r * s.columns() + c]);
        }
        g->setData(keys, values, true);
        m_baselineLines.push_back(g);
        return;
    }
}

int DayChart::chartedIndex(int character) const
{
    return character >= 0 && size_t(character) < m_chartedIndex.size() ? m_chartedIndex[size_t(character)] : -1;
}

int DayChart::addSeries(int character, int goal, QCPGraph *line)
{
    Series s;
    s.character = character;
    s.goal = goal;
    s.line = line;
    m_series.push_back(s);
    const int index = int(m_series.size()) - 1;
    m_seriesOf.insert(line, index);
    return index;
}

QCPGraph *DayChart::addMarkers(int series, const QCPScatterStyle &style, const QString &name)
{
    QCPGraph *markers = addGraph();
    markers->setLineStyle(QCPGraph::lsNone);
    markers->setScatterStyle(style);
    markers->setName(name);
    m_series[size_t(series)].extras.push_back(markers);
    m_seriesOf.insert(markers, series);
    return markers;
}

void DayChart::addMarker(QCPGraph *markers, double key, double value, const QString &text)
{
    markers->addData(key, value);
    m_markerTexts[markers] << text;
}

void DayChart::addText(QCPItemText *label, int series)
{
    m_textSeries.insert(label, series);
    label->setVisible(m_series[size_t(series)].line->visible());
}

void DayChart::markDay(int day)
{
    // A day boundary at each dawn after the first, labelled inside the axis rect.
    for (; m_daysMarked <= day; ++m_daysMarked) {
        if (m_daysMarked == 0)
            continue;
        auto *line = new QCPItemStraightLine(this);
        const double x = m_daysMarked * m_dayLength;
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(QColor(120, 120, 120), 1, Qt::DashLine));
        auto *label = new QCPItemText(this);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(x, 0);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(3, 2, 0, 0));
        label->setText(tr("day %1").arg(m_daysMarked + 1));
        label->setColor(QColor(90, 90, 90));
        label->setFont(QFont(font().family(), 8));
    }
}

void DayChart::update(const sim::Samples &samples, const sim::EventLog &events)
{
    if (!m_scenario)
        return;
    if (samples.rows() > m_rows) {
        m_interval = samples.interval;
        m_daysMarked = std::max(m_daysMarked, samples.rowDay.front()); // no marks for days no longer kept
        markDay(samples.rowDay.back());
        addRows(samples, m_rows, samples.rows());
        m_rows = samples.rows();
        m_lastKey = keyOf(samples.rowDay.back(), samples.rowTime.back());
    }
    if (events.events.size() > m_events) {
        addEvents(events, m_events, events.events.size());
        m_events = events.events.size();
    }
    if (!m_userRange && m_rows > 0) {
        // Follow the run: the time so far with room ahead, up to the end of the day.
        // It starts at the first day kept (a long run keeps its last days only).
        const double start = keyOf(samples.rowDay.front(), 0);
        const double end = double(m_daysMarked) * m_dayLength;
        xAxis->setRange(
            start,
            std::min(
                end,
                start + std::max({60.0, (m_lastKey - start) * 1.15, double(m_daysMarked - 1) * m_dayLength - start})));
    }
    if (isVisible()) // a hidden chart keeps its data and draws when shown
        replot(rpQueuedReplot);
}

void DayChart::showEvent(QShowEvent *event)
{
    QCustomPlot::showEvent(event);
    replot(rpQueuedReplot);
}

void DayChart::resizeEvent(QResizeEvent *event)
{
    placeLegend(event->size());
    QCustomPlot::resizeEvent(event);
}

void DayChart::setCursorTime(int day, double time)
{
    if (!m_cursor)
        return;
    m_cursor->setVisible(day >= 0);
    m_cursor->point1->setCoords(keyOf(day, time), 0);
    m_cursor->point2->setCoords(keyOf(day, time), 1);
    if (isVisible())
        replot(rpQueuedReplot);
}

QVector<double> DayChart::keysOf(const sim::Samples &samples, size_t from, size_t to) const
{
    QVector<double> keys;
    keys.reserve(qsizetype(to - from));
    for (size_t r = from; r < to; ++r)
        keys << keyOf(samples.rowDay[r], samples.rowTime[r]);
    return keys;
}

// --- visibility and the legend ---------------------------------------------

void DayChart::setVisibleGoals(const QSet<int> &goals)
{
    m_visibleGoals = goals;
    applyVisibility();
    replot(rpQueuedReplot);
}

void DayChart::setLineHidden(QCPGraph *line, bool hidden)
{
    const int index = m_seriesOf.value(line, -1);
    if (index < 0)
        return;
    const Series &s = m_series[size_t(index)];
    if (hidden)
        m_hidden.insert({s.character, s.goal});
    else
        m_hidden.erase({s.character, s.goal});
    applyVisibility();
    replot(rpQueuedReplot);
    emit lineVisibilityChanged();
}

bool DayChart::isLineHidden(QCPGraph *line) const
{
    const int index = m_seriesOf.value(line, -1);
    return index >= 0 && m_hidden.count({m_series[size_t(index)].character, m_series[size_t(index)].goal});
}

void DayChart::legendClicked(QCPAbstractLegendItem *item)
{
    if (auto *entry = qobject_cast<QCPPlottableLegendItem *>(item))
        if (auto *line = qobject_cast<QCPGraph *>(entry->plottable()))
            setLineHidden(line, !isLineHidden(line));
}

void DayChart::applyVisibility()
{
    for (Series &s : m_series) {
        s.goalShown = s.goal < 0 || m_visibleGoals.isEmpty() || m_visibleGoals.contains(s.goal);
        const bool shown = s.goalShown && !m_hidden.count({s.character, s.goal});
        s.line->setVisible(shown);
        for (QCPAbstractPlottable *p : s.extras)
            p->setVisible(shown);
    }
    for (auto it = m_textSeries.cbegin(); it != m_textSeries.cend(); ++it)
        it.key()->setVisible(m_series[size_t(it.value())].line->visible());
    refreshLegend();
    visibilityApplied();
}

void DayChart::refreshLegend()
{
    legend->clearItems();
    for (const Series &s : m_series) {
        if (!s.goalShown)
            continue;
        auto *item = new LegendItem(legend, s.line);
        item->setTextColor(s.line->visible() ? Qt::black : kHiddenText);
        legend->addItem(item);
    }
    placeLegend(size());
}

void DayChart::setLegendPlace(LegendPlace place)
{
    m_legendPlace = place;
    placeLegend(size());
    replot(rpQueuedReplot);
}

void DayChart::placeLegend(const QSize &size)
{
    if (QCPLayout *layout = legend->layout()) {
        layout->take(legend);
        plotLayout()->simplify();
    }
    // itemCount() counts the cells of the grid, empty ones included.
    int items = 0, itemWidth = 0, itemHeight = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (QCPAbstractLegendItem *item = legend->item(i)) {
            const QSize hint = item->minimumOuterSizeHint();
            itemWidth = std::max(itemWidth, hint.width());
            itemHeight = std::max(itemHeight, hint.height());
            ++items;
        }
    }
    if (m_legendPlace == LegendPlace::Hidden || items == 0 || size.isEmpty()) {
        legend->setVisible(false);
        m_legendSide = LegendPlace::Hidden;
        return;
    }
    legend->setVisible(true);
    const QMargins m = legend->margins();
    const int cellWidth = itemWidth + legend->columnSpacing(), cellHeight = itemHeight + legend->rowSpacing();
    // Right: as many rows as the height holds, then another column.
    const int rows = std::clamp((size.height() - 12 - m.top() - m.bottom()) / std::max(1, cellHeight), 1, items);
    const int rightColumns = (items + rows - 1) / rows;
    const double rightLoss = double(rightColumns * cellWidth + m.left() + m.right()) * size.height();
    // Bottom: as many columns as the width holds, then another row.
    const int columns = std::clamp((size.width() - 12 - m.left() - m.right()) / std::max(1, cellWidth), 1, items);
    const int bottomRows = (items + columns - 1) / columns;
    const double bottomLoss = double(bottomRows * cellHeight + m.top() + m.bottom()) * size.width();
    m_legendSide = m_legendPlace == LegendPlace::Auto
        ? (rightLoss <= bottomLoss ? LegendPlace::Right : LegendPlace::Bottom)
        : m_legendPlace;
    if (m_legendSide == LegendPlace::Right) {
        legend->setWrap(rows);
        legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
        plotLayout()->addElement(0, 1, legend);
        plotLayout()->setColumnStretchFactor(1, 0.001);
    } else {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        plotLayout()->addElement(1, 0, legend);
        plotLayout()->setRowStretchFactor(1, 0.001);
    }
}

void DayChart::spaceMarkers()
{
    // Shape markers along a line about every 60 pixels, whatever the zoom.
    const double width = std::max(1, axisRect()->width());
    const double pointsPerPixel = xAxis->range().size() / std::max(1e-9, m_interval) / width;
    const int skip = std::max(0, int(60 * pointsPerPixel) - 1);
    for (const Series &s : m_series)
        if (s.line->scatterStyle().shape() != QCPScatterStyle::ssNone)
            s.line->setScatterSkip(skip);
}

// --- tooltips ---------------------------------------------------------------

QString DayChart::pointText(const QPoint &pos)
{
    // The nearest visible point; a marker (which has a story) wins over a line close by.
    QCPGraph *best = nullptr;
    double bestDistance = 8; // pixels
    QVariant bestDetails;
    for (int i = 0; i < graphCount(); ++i) {
        QCPGraph *g = graph(i);
        if (!g->visible() || g->dataCount() == 0)
            continue;
        QVariant details;
        double d = g->selectTest(pos, false, &details);
        if (d < 0)
            continue;
        if (m_markerTexts.contains(g))
            d -= 3;
        if (d < bestDistance) {
            bestDistance = d;
            best = g;
            bestDetails = details;
        }
    }
    if (!best)
        return {};
    const QCPDataSelection selection = bestDetails.value<QCPDataSelection>();
    if (selection.isEmpty())
        return {};
    const int index = selection.dataRange().begin();
    const QString story = m_markerTexts.value(best).value(index);
    if (!story.isEmpty())
        return story;
    const auto point = best->data()->at(index);
    const int day = int(std::floor(point->key / m_dayLength + 1e-9));
    return QStringLiteral("%1\n%2: %3")
        .arg(best->name(), momentText(day, point->key - day * m_dayLength))
        .arg(point->value, 0, 'g', 4);
}

void DayChart::hover(QMouseEvent *event)
{
    const QString text = pointText(event->pos());
    if (!text.isEmpty()) {
        // Kept while the mouse stays on the point; the widget's help never replaces it (see event()).
        QToolTip::showText(event->globalPosition().toPoint(), text, this,
                           QRect(event->pos() - QPoint(8, 8), QSize(16, 16)));
        m_pointTip = true;
    } else if (m_pointTip) {
        QToolTip::hideText();
        m_pointTip = false;
    }
}

bool DayChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        // The point under the mouse first; the chart's help only away from points.
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = pointText(help->pos());
        if (!text.isEmpty())
            QToolTip::showText(help->globalPos(), text, this, QRect(help->pos() - QPoint(8, 8), QSize(16, 16)));
        else if (!m_helpText.isEmpty())
            QToolTip::showText(help->globalPos(), m_helpText, this);
        else
            QToolTip::hideText();
        m_pointTip = !text.isEmpty();
        return true;
    }
    return QCustomPlot::event(event);
}

// --- export -----------------------------------------------------------------

void DayChart::paintExport(QCPPainter *painter, const QRect &frame, const QString &title)
{
    // A white margin all round: the legend, the title and the axis labels
    // never touch the picture's edge (the plot's own layout runs edge to edge).
    const QRect target = frame.marginsRemoved(QMargins(kExportMargin, kExportMargin, kExportMargin, kExportMargin));
    const bool cursor = m_cursor && m_cursor->visible();
    if (m_cursor)
        m_cursor->setVisible(false);
    int titleHeight = 0;
    painter->save();
    if (!title.isEmpty()) {
        QFont f = font();
        f.setPointSizeF(12);
        f.setBold(true);
        painter->setFont(f);
        painter->setPen(Qt::black);
        titleHeight = QFontMetrics(f, painter->device()).height() + 12;
        painter->drawText(QRect(target.left(), target.top(), target.width(), titleHeight), Qt::AlignCenter, title);
    }
    const QSize chart(target.width(), target.height() - titleHeight);
    placeLegend(chart);
    // Lay out at the export size first, so markers are spaced for its axis rect.
    const QRect viewport = this->viewport();
    setViewport(QRect(QPoint(), chart));
    updateLayout();
    spaceMarkers();
    setViewport(viewport);
    painter->translate(target.left(), target.top() + titleHeight);
    toPainter(painter, chart.width(), chart.height());
    painter->restore();
    if (m_cursor)
        m_cursor->setVisible(cursor);
    placeLegend(size());
    replot(rpQueuedReplot);
}

QImage paintScaled(QSize size, double scale, const std::function<void(QCPPainter &)> &paint)
{
    scale = std::clamp(scale, 0.25, 8.0);
    QImage image((QSizeF(size) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.setDotsPerMeterX(qRound(96 / 0.0254));
    image.setDotsPerMeterY(qRound(96 / 0.0254));
    image.fill(Qt::white);
    QCPPainter painter(&image);
    if (scale > 1)
        painter.setMode(QCPPainter::pmNonCosmetic);
    painter.scale(scale, scale);
    paint(painter);
    painter.end();
    image.setDotsPerMeterX(qRound(96 * scale / 0.0254));
    image.setDotsPerMeterY(qRound(96 * scale / 0.0254));
    return image;
}

bool DayChart::exportPng(const QString &fileName, const ExportOptions &options)
{
    const QImage image = paintScaled(options.size, options.scale, [&](QCPPainter &painter) {
        paintExport(&painter, QRect(QPoint(), options.size), options.title);
    });
    QSaveFile file(fileName);
    return !image.isNull() && file.open(QIODevice::WriteOnly) && image.save(&file, "PNG") && file.commit();
}

bool DayChart::exportPdf(const QString &fileName, const ExportOptions &options)
{
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    {
        QPdfWriter writer(&file);
        writer.setCreator(QStringLiteral("GOAP Studio"));
        writer.setTitle(options.title);
        // One painter unit is one pixel at 96 dpi, so the PDF looks like the PNG.
        writer.setResolution(96);
        writer.setPageLayout(
            QPageLayout(QPageSize(QSizeF(options.size) * 0.75, QPageSize::Point, {}, QPageSize::ExactMatch),
                        QPageLayout::Portrait, QMarginsF()));
        QCPPainter painter;
        if (!painter.begin(&writer))
            return false;
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        paintExport(&painter, QRect(QPoint(), options.size), options.title);
        painter.end();
    }
    return file.commit();
}

} // namespace goap::editor
