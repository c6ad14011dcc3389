#include "daychart.h"

#include <QToolTip>

namespace goap::editor {

DayChart::DayChart(QWidget *parent) : QCustomPlot(parent)
{
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom | QCP::iSelectLegend);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    xAxis->setLabel(tr("simulated time (s)"));
    legend->setVisible(true);
    legend->setFont(QFont(font().family(), 8));
    legend->setBrush(QColor(255, 255, 255, 220));
    legend->setSelectableParts(QCPLegend::spItems);
    setMouseTracking(true);
    setNoAntialiasingOnDrag(true);
    // Legend entries are added after build(), and only for a readable number of lines.
    setAutoAddPlottableToLegend(false);
    connect(this, &QCustomPlot::legendClick, this, [this](QCPLegend *, QCPAbstractLegendItem *item, QMouseEvent *) {
        // A click on a legend item hides or shows its graph.
        if (auto *pli = qobject_cast<QCPPlottableLegendItem *>(item)) {
            QCPAbstractPlottable *p = pli->plottable();
            p->setVisible(!p->visible());
            pli->setTextColor(p->visible() ? Qt::black : Qt::gray);
            replot(rpQueuedReplot);
        }
    });
    connect(this, &QCustomPlot::mouseMove, this, &DayChart::hover);
    connect(this, &QCustomPlot::mousePress, this, [this] { m_userRange = true; });
    connect(this, &QCustomPlot::mouseWheel, this, [this] { m_userRange = true; });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] { // back to following the run
        m_userRange = false;
        update({}, {});
    });
}

void DayChart::reset(std::shared_ptr<const CompiledScenario> scenario)
{
    clearGraphs();
    clearPlottables();
    clearItems();
    m_cursor = nullptr;
    m_scenario = std::move(scenario);
    m_rows = m_events = 0;
    m_daysMarked = 0;
    m_userRange = false;
    m_dayLength = m_scenario ? m_scenario->day.length : 1;
    xAxis->setRange(0, m_dayLength);
    legend->setVisible(false);
    if (m_scenario) {
        build();
        int lines = 0;
        for (int i = 0; i < plottableCount(); ++i)
            lines += !plottable(i)->property("marker").toBool();
        legend->setVisible(lines <= kMaxLegendEntries);
        if (legend->visible())
            for (int i = 0; i < plottableCount(); ++i)
                if (!plottable(i)->property("marker").toBool())
                    plottable(i)->addToLegend();
        m_cursor = new QCPItemStraightLine(this);
        m_cursor->setPen(QPen(QColor(0, 120, 215, 160), 1.5));
        m_cursor->point1->setCoords(0, 0);
        m_cursor->point2->setCoords(0, 1);
        m_cursor->setVisible(false);
        markDay(0);
        applyVisibility();
    }
    replot(rpQueuedReplot);
}

void DayChart::markDay(int day)
{
    // A day boundary at each dawn after the first.
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
        label->position->setCoords(x, 0.02);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setText(tr(" day %1").arg(m_daysMarked + 1));
        label->setColor(QColor(90, 90, 90));
        label->setFont(QFont(font().family(), 8));
    }
}

void DayChart::update(const sim::Samples &samples, const sim::EventLog &events)
{
    if (!m_scenario)
        return;
    if (samples.rows() > m_rows) {
        markDay(samples.rowDay.back());
        addRows(samples, m_rows, samples.rows());
        m_rows = samples.rows();
    }
    if (events.events.size() > m_events) {
        addEvents(events, m_events, events.events.size());
        m_events = events.events.size();
    }
    if (!m_userRange && m_rows > 0) {
        // Follow the run: the time so far with room ahead, up to the end of the day.
        const double last = keyOf(samples.rowDay.back(), samples.rowTime.back());
        const double end = double(m_daysMarked) * m_dayLength;
        xAxis->setRange(0, std::min(end, std::max({60.0, last * 1.15, double(m_daysMarked - 1) * m_dayLength})));
    }
    if (isVisible()) // a hidden chart keeps its data and draws when shown
        replot(rpQueuedReplot);
}

void DayChart::showEvent(QShowEvent *event)
{
    QCustomPlot::showEvent(event);
    replot(rpQueuedReplot);
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

void DayChart::hideFromLegend(QCPAbstractPlottable *plottable) { plottable->setProperty("marker", true); }

int DayChart::agentOf(QCPAbstractPlottable *plottable) const { return plottable->property("agent").isValid() ? plottable->property("agent").toInt() : -1; }

QString DayChart::markerText(QCPGraph *, int) const { return {}; }

void DayChart::setVisibleAgents(const QSet<int> &agents)
{
    m_visibleAgents = agents;
    applyVisibility();
    replot(rpQueuedReplot);
}

void DayChart::applyVisibility()
{
    for (int i = 0; i < plottableCount(); ++i) {
        QCPAbstractPlottable *p = plottable(i);
        const int agent = agentOf(p);
        const bool shown = agent < 0 || m_visibleAgents.isEmpty() || m_visibleAgents.contains(agent);
        p->setVisible(shown);
        if (QCPPlottableLegendItem *item = legend->itemWithPlottable(p))
            item->setVisible(shown);
    }
}

void DayChart::hover(QMouseEvent *event)
{
    // The exact value of the nearest point under the mouse.
    QCPAbstractPlottable *best = nullptr;
    double bestDistance = 8; // pixels
    QVariant bestDetails;
    for (int i = 0; i < plottableCount(); ++i) {
        QCPAbstractPlottable *p = plottable(i);
        if (!p->visible())
            continue;
        QVariant details;
        const double d = p->selectTest(event->pos(), false, &details);
        if (d >= 0 && d < bestDistance) {
            bestDistance = d;
            best = p;
            bestDetails = details;
        }
    }
    auto *graph = qobject_cast<QCPGraph *>(best);
    if (!graph) {
        QToolTip::hideText();
        return;
    }
    const QCPDataSelection selection = bestDetails.value<QCPDataSelection>();
    if (selection.isEmpty())
        return;
    const int index = selection.dataRange().begin();
    const auto point = graph->data()->at(index);
    QString text = markerText(graph, index);
    if (text.isEmpty())
        text = QStringLiteral("%1\nt = %2 s: %3").arg(graph->name()).arg(point->key, 0, 'f', 1).arg(point->value, 0, 'g', 4);
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

bool DayChart::exportPng(const QString &fileName, int width, int height)
{
    return savePng(fileName, width, height);
}

bool DayChart::exportPdf(const QString &fileName, int width, int height)
{
    return savePdf(fileName, width, height);
}

} // namespace goap::editor
