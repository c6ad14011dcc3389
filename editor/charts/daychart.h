#pragma once
// A chart over simulated time (QCustomPlot): days laid end to end on the
// x axis with their boundaries marked, a cursor at the current time, drag to
// pan and wheel to zoom the time axis, a legend outside the plot whose entries
// hide and show a line with everything drawn for it, a tooltip with the exact
// value under the mouse, and export at a chosen size (PNG, vector PDF).
//
// Subclasses declare series (a line, its markers, its band) for the charted
// characters only; a crowd's other characters count in aggregate bands. Data
// arrive incrementally: update() appends only what is new, value ranges are
// tracked as data are appended, and nothing done per frame depends on how
// long the run has been going.

#include "planner/compiledscenario.h"
#include "sim/events.h"

#include <qcustomplot.h>

#include <functional>
#include <set>

namespace goap::editor {

// How the charts name a moment: "day 1, 135.9 s". Everything a person reads
// counts days from 1 (the GUI's clock, the chart labels, the tooltips, the
// CLI's summary); the files keep SPEC's 0-based "day" index.
QString momentText(int day, double time);

// A moment as the time axis of a long run names it: "day 3 14:00" (the
// day counted from 1, then minutes:seconds into it as the run's clock says),
// "day 3" at a dawn when `wholeDays`, tenths of a second when `tenths`.
QString dayTimeText(double key, double dayLength, bool wholeDays = false, bool tenths = false);

// The time axis: within the first day, seconds as before; once a run goes
// on past it (Keep Running), ticks fall on each dawn and on clock steps that
// divide the day, labelled with dayTimeText instead of 6.5·10^6 s.
class DayTimeTicker : public QCPAxisTicker
{
public:
    explicit DayTimeTicker(double dayLength)
        : m_dayLength(dayLength)
    {
    }
    void setDayLength(double dayLength) { m_dayLength = dayLength; }
    // Whether the range asks for days (it reaches past the first day).
    bool showsDays(const QCPRange &range) const { return m_dayLength > 0 && range.upper > m_dayLength * (1 + 1e-9); }
    void generate(const QCPRange &range, const QLocale &locale, QChar formatChar, int precision, QVector<double> &ticks,
                  QVector<double> *subTicks, QVector<QString> *tickLabels) override;

protected:
    double getTickStep(const QCPRange &range) override;
    int getSubTickCount(double tickStep) override;
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;

private:
    double m_dayLength;
    bool m_days = false; // this range is labelled with days
    double m_step = 1;
};

// A white picture of `size` logical pixels times `scale` (clamped to 0.25..8),
// painted by `paint` at 96 dpi and scaled, so text keeps its size relative to
// the chart; the image then says how many dots per inch it holds. Null when
// the picture cannot be made.
QImage paintScaled(QSize size, double scale, const std::function<void(QCPPainter &)> &paint);

class DayChart : public QCustomPlot
{
    Q_OBJECT

public:
    // Where the legend goes: always outside the axis rect. Auto picks the side
    // that leaves the plot the larger area.
    enum class LegendPlace { Auto, Right, Bottom, Hidden };

    struct ExportOptions
    {
        QSize size {1200, 600}; // logical pixels (PNG) or points (PDF)
        double scale = 1; // PNG: pixels per logical pixel (2 gives 192 dpi)
        QString title; // drawn above the chart when not empty
    };

    explicit DayChart(QWidget *parent = nullptr);

    // A new run (or none): clears every graph; the first kChartedAtFirst
    // characters get lines of their own.
    void reset(std::shared_ptr<const CompiledScenario> scenario);
    // Appends what the records gained since the last call, then queues a replot.
    void update(const sim::Samples &samples, const sim::EventLog &events);
    void setCursorTime(int day, double time); // -1: hide
    // Charts the records again from scratch (the run's oldest days were dropped).
    void replay(const sim::Samples &samples, const sim::EventLog &events);

    // Which characters get lines of their own; rebuilds from the records.
    void setChartedCharacters(const QList<int> &agents, const sim::Samples &samples, const sim::EventLog &events);
    const QList<int> &chartedCharacters() const { return m_charted; }
    // The goals whose lines are shown (empty: all).
    void setVisibleGoals(const QSet<int> &goals);
    // Hides or shows a line with its markers and band, as a click on its legend entry does.
    void setLineHidden(QCPGraph *line, bool hidden);
    bool isLineHidden(QCPGraph *line) const;

    void setLegendPlace(LegendPlace place);
    LegendPlace legendPlace() const { return m_legendPlace; }
    LegendPlace legendSide() const { return m_legendSide; } // where Auto put it

    double keyOf(int day, double time) const { return double(day) * m_dayLength + time; }
    size_t rowsShown() const { return m_rows; }
    const CompiledScenario *scenario() const { return m_scenario.get(); }

    bool exportPng(const QString &fileName, const ExportOptions &options);
    bool exportPdf(const QString &fileName, const ExportOptions &options);
    // Paints the chart as exported (title above, legend outside, no cursor or
    // selection) into target, kExportMargin inside its edges; on a PDF
    // painter it stays vectors.
    void paintExport(QCPPainter *painter, const QRect &target, const QString &title);
    static constexpr int kExportMargin = 12; // logical pixels

    // The text of the point under pos (a marker's story or a line's value), or empty.
    QString pointText(const QPoint &pos);
    // Shown as the tooltip where no point is under the mouse.
    void setHelpText(const QString &text) { m_helpText = text; }

    static constexpr int kChartedAtFirst = 12;

    // A pinned run drawn under this one (compare runs): each line's
    // counterpart in it, the same character id and goal id, dashed and
    // faded. Takes effect at the next replay(); nullptr clears it.
    void setBaseline(std::shared_ptr<const CompiledScenario> scenario, std::shared_ptr<const sim::Samples> samples);
    bool hasBaseline() const { return m_baseline != nullptr; }
    const std::vector<QCPGraph *> &baselineLines() const { return m_baselineLines; }

signals:
    void lineVisibilityChanged();
    // A point of a line was clicked: the moment it shows (to look back there).
    void momentClicked(int day, double time);

protected:
    // Called by a subclass's build() for each line it adds: the baseline's
    // line for (character, goal) under it, from its insistence or its progress.
    void addBaselineLine(QCPGraph *line, int character, int goal, bool progress);
    std::shared_ptr<const CompiledScenario> m_baselineScenario;
    std::shared_ptr<const sim::Samples> m_baseline;
    std::vector<QCPGraph *> m_baselineLines;

    // A crowd band for a goal: low and high edges with the area between, the mean on top.
    struct Band
    {
        int goal = -1;
        QCPGraph *low = nullptr, *high = nullptr, *mean = nullptr;
    };
    // For a crowd: one band per goal of the sample columns `columnGoals` that
    // `include` accepts; m_columnBand then maps each column to its band or -1.
    void buildBands(const std::vector<int> &columnGoals, const std::function<bool(int goal)> &include);
    std::vector<Band> m_bands;
    std::vector<int> m_columnBand; // by sample column

    // A line and what belongs to it: hidden together.
    struct Series
    {
        int character = -1; // -1: the crowd
        int goal = -1; // -1: none
        QCPGraph *line = nullptr;
        std::vector<QCPAbstractPlottable *> extras; // markers, band edges
        bool goalShown = true;
    };

    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    // Forgets the series and items of the last build (they were deleted), then,
    // with a scenario, creates them for m_scenario and m_charted.
    virtual void build() = 0;
    virtual void addRows(const sim::Samples &samples, size_t from, size_t to) = 0;
    // Lines were hidden or shown (a legend click, the goals chosen): a chart
    // whose range follows what is visible fits it again.
    virtual void visibilityApplied() { }
    virtual void addEvents(const sim::EventLog &events, size_t from, size_t to)
    {
        Q_UNUSED(events)
        Q_UNUSED(from)
        Q_UNUSED(to)
    }

    int addSeries(int character, int goal, QCPGraph *line); // returns its index in m_series
    QCPGraph *addMarkers(int series, const QCPScatterStyle &style, const QString &name);
    void addMarker(QCPGraph *markers, double key, double value, const QString &text);
    void addText(QCPItemText *label, int series); // a label that hides with its series
    QVector<double> keysOf(const sim::Samples &samples, size_t from, size_t to) const; // x of sample rows
    int chartedIndex(int character) const; // -1 when the character has no lines of its own
    // More characters than a chart shows by default: the crowd gets its bands.
    bool isCrowd() const { return m_scenario && m_scenario->agents.size() > size_t(kChartedAtFirst); }

    std::shared_ptr<const CompiledScenario> m_scenario;
    double m_dayLength = 1;
    std::vector<Series> m_series;
    QList<int> m_charted;

private:
    void rebuild();
    void markDay(int day);
    void hover(QMouseEvent *event);
    void legendClicked(QCPAbstractLegendItem *item);
    void applyVisibility();
    void refreshLegend();
    void placeLegend(const QSize &size);
    void spaceMarkers();

    size_t m_rows = 0, m_events = 0;
    int m_daysMarked = 0;
    bool m_userRange = false;
    QCPItemStraightLine *m_cursor = nullptr;
    std::vector<int> m_chartedIndex; // by character
    QHash<QCPAbstractPlottable *, int> m_seriesOf;
    QHash<QCPGraph *, QStringList> m_markerTexts;
    QHash<QCPItemText *, int> m_textSeries;
    std::set<std::pair<int, int>> m_hidden; // (character, goal) of lines the user hid: kept across rebuilds
    QSet<int> m_visibleGoals;
    LegendPlace m_legendPlace = LegendPlace::Auto, m_legendSide = LegendPlace::Right;
    double m_interval = 1, m_lastKey = 0;
    bool m_pointTip = false;
    QString m_helpText;
    QSharedPointer<DayTimeTicker> m_ticker;
};

} // namespace goap::editor
