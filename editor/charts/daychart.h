#pragma once
// A chart over simulated time (QCustomPlot): days laid end to end on the
// x axis with their boundaries marked, a cursor at the current time, drag to
// pan and wheel to zoom the time axis, a legend whose items hide and show
// their graphs, a tooltip with the exact value under the mouse, and PNG/PDF
// export. Subclasses feed it from a run's samples and events incrementally:
// update() appends only what is new, and the replot is queued.

#include "planner/compiledscenario.h"
#include "sim/events.h"

#include <qcustomplot.h>

namespace goap::editor {

class DayChart : public QCustomPlot
{
    Q_OBJECT

public:
    explicit DayChart(QWidget *parent = nullptr);

    // A new run (or none): clears every graph.
    void reset(std::shared_ptr<const CompiledScenario> scenario);
    // Appends what the records gained since the last call, then queues a replot.
    void update(const sim::Samples &samples, const sim::EventLog &events);
    void setCursorTime(int day, double time); // -1: hide

    double keyOf(int day, double time) const { return double(day) * m_dayLength + time; }
    size_t rowsShown() const { return m_rows; }
    const CompiledScenario *scenario() const { return m_scenario.get(); }

    bool exportPng(const QString &fileName, int width, int height);
    bool exportPdf(const QString &fileName, int width, int height);

    // Shows only these characters' graphs (empty: everyone).
    void setVisibleAgents(const QSet<int> &agents);

    static constexpr int kMaxLegendEntries = 40;

protected:
    void showEvent(QShowEvent *event) override;
    virtual void build() = 0;                    // create the graphs for m_scenario
    virtual void addRows(const sim::Samples &samples, size_t from, size_t to) = 0;
    virtual void addEvents(const sim::EventLog &events, size_t from, size_t to) { Q_UNUSED(events) Q_UNUSED(from) Q_UNUSED(to) }
    virtual int agentOf(QCPAbstractPlottable *plottable) const; // -1 for graphs of no character
    virtual QString markerText(QCPGraph *graph, int index) const; // a tooltip for a marker point, or empty
    void hideFromLegend(QCPAbstractPlottable *plottable); // a marker series: never in the legend
    QVector<double> keysOf(const sim::Samples &samples, size_t from, size_t to) const; // x of sample rows

    std::shared_ptr<const CompiledScenario> m_scenario;
    double m_dayLength = 1;
    QSet<int> m_visibleAgents;

private:
    void markDay(int day);
    void hover(QMouseEvent *event);
    void applyVisibility();

    size_t m_rows = 0, m_events = 0;
    int m_daysMarked = 0;
    bool m_userRange = false;
    QCPItemStraightLine *m_cursor = nullptr;
};

} // namespace goap::editor
