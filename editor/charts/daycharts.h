#pragma once
// The three charts of a day (SPEC §7 samples, seed 003's ballot made visible):
// insistence per character and goal with goal switches and satisfied needs
// marked; quota progress with the moment each quota was met; world facts.
//
// Lines are drawn for the charted characters only (the first dozen until
// others are chosen). A crowd (more than a dozen characters) also gets,
// per goal, a band from the lowest to the highest value across every
// character with the mean as a line, so the whole town is seen at once.

#include "charts/daychart.h"

#include <limits>
#include <optional>

namespace goap::editor {

// A reference line on the quota chart, at a fraction of each day.
struct ChartReference
{
    double fraction = 0;
    QString label;
};

// The reference a scenario asks for. The format has no field for it yet, so
// the one known reference is keyed on the scenario it was observed on: seed
// 003's town (its six specialists, by id), where every quota landed within
// the first 56% of the day. No other scenario gets a line.
std::optional<ChartReference> chartReferenceFor(const CompiledScenario &scenario);

// Insistence over time: one line per (charted character, goal), the
// character's colour, the goal's dash pattern and marker shape; diamonds on a
// line where the character switched to that goal (the tooltip gives the
// reason), white dots where the need was satisfied; the rest threshold.
//
// The value axis fits the visible lines, but not an outlier: a line whose
// highest value is more than kOutlierRatio times the typical line's highest
// (the lower median) is clipped at the top edge, and a flag there, in its
// colour, says how high it went. One line at 26 leaves the rest readable
// on 0-1.
class InsistenceChart : public DayChart
{
    Q_OBJECT
public:
    explicit InsistenceChart(QWidget *parent = nullptr);
    // By sample column (sim::Samples); null when its character is not charted.
    QCPGraph *graphFor(int slot) const;
    QCPGraph *switchMarkers(int slot) const;
    QCPGraph *satisfiedMarkers(int slot) const;
    QCPGraph *bandMean(int goal) const; // the crowd's mean for a goal, or null
    static constexpr double kOutlierRatio = 3;
    // The flags of the lines clipped as outliers, shown now (text "▲ 26.1 Nurse 1: Care").
    QList<QCPItemText *> outlierFlags() const;

protected:
    void build() override;
    void addRows(const sim::Samples &samples, size_t from, size_t to) override;
    void addEvents(const sim::EventLog &events, size_t from, size_t to) override;
    void visibilityApplied() override { fitRange(); }

private:
    // How high a line (or a crowd band's upper edge) went, tracked as data arrive.
    struct Reach
    {
        QCPGraph *graph = nullptr;
        double max = -std::numeric_limits<double>::infinity(), maxKey = 0;
        QCPItemText *flag = nullptr; // made when it first is an outlier
    };
    static void reach(Reach &r, double key, double value);
    void fitRange(); // the value axis over the visible lines, outliers flagged
    std::vector<Reach> m_reach;
    struct Line
    {
        int slot = -1, series = -1, goal = -1;
        QCPGraph *line = nullptr, *switches = nullptr, *satisfied = nullptr;
    };
    const Line *lineOf(int slot) const;
    std::vector<Line> m_lines;
    std::vector<int> m_slotLine; // by sample column: index into m_lines, or -1
    std::vector<int> m_characterGoalLine; // chartedIndex x goals + goal: index into m_lines, or -1
};

// Quota progress (1 - shortfall, 0..1) per (charted character, quota), a star
// where it was first met labelled with the fraction of the day, and the
// scenario's reference line when it has one.
class QuotaChart : public DayChart
{
    Q_OBJECT
public:
    explicit QuotaChart(QWidget *parent = nullptr);
    void setReference(std::optional<ChartReference> reference); // before reset()
    bool hasReference() const { return m_reference.has_value(); }
    void setReferenceVisible(bool visible);
    QList<QCPGraph *> metMarkers() const; // one series of stars per line
    QCPGraph *graphFor(int slot) const;
    QList<QCPItemText *> metLabels() const { return m_metLabels; }
    QCPGraph *bandMean(int goal) const;

protected:
    void build() override;
    void addRows(const sim::Samples &samples, size_t from, size_t to) override;
    void addEvents(const sim::EventLog &events, size_t from, size_t to) override;

private:
    struct Line
    {
        int slot = -1, series = -1;
        QCPGraph *line = nullptr, *met = nullptr;
    };
    std::vector<Line> m_lines;
    std::vector<int> m_slotLine;
    std::vector<int> m_characterGoalLine;
    QList<QCPItemText *> m_metLabels;
    QCPItemText *m_empty = nullptr;
    std::optional<ChartReference> m_reference;
    QList<QCPAbstractItem *> m_referenceItems;
    bool m_referenceVisible = true;
    int m_referenceDays = 0;
};

// World facts over time as step lines (the hospital's queue and free places
// among them), plus, for scenarios with spawners, how many spawned characters
// are present and how many have left.
class WorldChart : public DayChart
{
    Q_OBJECT
public:
    explicit WorldChart(QWidget *parent = nullptr);
    QCPGraph *factGraph(const QString &scopedName) const;
    QCPGraph *presentGraph() const { return m_present; }
    QCPGraph *leftGraph() const { return m_left; }

protected:
    void build() override;
    void addRows(const sim::Samples &samples, size_t from, size_t to) override;
    void addEvents(const sim::EventLog &events, size_t from, size_t to) override;

private:
    QList<QCPGraph *> m_facts;
    QCPGraph *m_present = nullptr, *m_left = nullptr;
    int m_presentCount = 0, m_leftCount = 0;
    double m_top = 0;
};

} // namespace goap::editor
