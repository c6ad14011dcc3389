#pragma once
// The three charts of a day (SPEC §7 samples, seed 003's ballot made visible):
// insistence per character and goal with goal switches and satisfied needs
// marked; quota progress with the moment each quota was met; world facts.

#include "charts/daychart.h"

namespace goap::editor {

// Insistence over time: one line per (character, goal), the character's
// colour, solid for needs and dashed for quotas; diamonds where the character
// switched goals (the tooltip gives the reason), dots where a need was
// satisfied; the rest threshold as a line.
class InsistenceChart : public DayChart
{
    Q_OBJECT
public:
    explicit InsistenceChart(QWidget *parent = nullptr);
    QCPGraph *graphFor(int slot) const { return m_slotGraphs.value(slot); } // columns of sim::Samples
    QCPGraph *switchMarkers(int agent) const { return m_switches.value(agent); }
    QCPGraph *satisfiedMarkers(int agent) const { return m_satisfied.value(agent); }
    void setVisibleGoals(const QSet<int> &goals); // scenario goal indices (empty: all)

protected:
    void build() override;
    void addRows(const sim::Samples &samples, size_t from, size_t to) override;
    void addEvents(const sim::EventLog &events, size_t from, size_t to) override;
    QString markerText(QCPGraph *graph, int index) const override;

private:
    QList<QCPGraph *> m_slotGraphs;
    QList<int> m_slotGoal;
    QList<QCPGraph *> m_switches, m_satisfied; // per agent
    QHash<QCPGraph *, QStringList> m_markerTexts;
    QSet<int> m_visibleGoals;
};

// Quota progress (1 - shortfall, 0..1) per (character, quota), a star where
// it was first met labelled with the fraction of the day, and the seed's
// reference: every quota within the first 56% of the day.
class QuotaChart : public DayChart
{
    Q_OBJECT
public:
    explicit QuotaChart(QWidget *parent = nullptr);
    void setReferenceVisible(bool visible);
    QCPGraph *metMarkers() const { return m_met; }
    QCPGraph *graphFor(int slot) const { return m_slotGraphs.value(slot); }

protected:
    void build() override;
    void addRows(const sim::Samples &samples, size_t from, size_t to) override;
    void addEvents(const sim::EventLog &events, size_t from, size_t to) override;
    QString markerText(QCPGraph *graph, int index) const override;

private:
    QHash<int, QCPGraph *> m_slotGraphs; // quota slots only
    QCPGraph *m_met = nullptr;
    QStringList m_metTexts;
    QList<QCPItemStraightLine *> m_reference;
    bool m_referenceVisible = true;
    int m_referenceDays = 0;
};

// World facts over time as step lines.
class WorldChart : public DayChart
{
    Q_OBJECT
public:
    explicit WorldChart(QWidget *parent = nullptr);

protected:
    void build() override;
    void addRows(const sim::Samples &samples, size_t from, size_t to) override;
};

} // namespace goap::editor
