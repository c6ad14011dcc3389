#include "daycharts.h"

#include "charts/palette.h"

namespace goap::editor {

namespace {

QColor colorOf(int agent) { return agentColor(agent); }

// Slots (columns of sim::Samples) in the order the simulation lays them out.
struct SlotInfo
{
    int agent, goal;
};
std::vector<SlotInfo> slotsOf(const CompiledScenario &s)
{
    std::vector<SlotInfo> out;
    for (size_t i = 0; i < s.agents.size(); ++i)
        for (const CompiledAgentGoal &g : s.agents[i].goals)
            out.push_back({int(i), g.goal});
    return out;
}

double yMax(QCPGraph *g, double floor)
{
    bool found = false;
    const QCPRange r = g->getValueRange(found);
    return found ? std::max(floor, r.upper) : floor;
}

} // namespace

// --- insistence -------------------------------------------------------------

InsistenceChart::InsistenceChart(QWidget *parent) : DayChart(parent)
{
    yAxis->setLabel(tr("insistence"));
    yAxis->setRange(0, 1.05);
}

void InsistenceChart::build()
{
    m_slotGraphs.clear();
    m_slotGoal.clear();
    m_switches.clear();
    m_satisfied.clear();
    m_markerTexts.clear();
    const CompiledScenario &s = *m_scenario;
    for (const SlotInfo &slot : slotsOf(s)) {
        QCPGraph *g = addGraph();
        const bool need = s.goals[size_t(slot.goal)].kind == GoalKind::Need;
        g->setPen(QPen(colorOf(slot.agent), 1.6, need ? Qt::SolidLine : Qt::DashLine));
        g->setName(QStringLiteral("%1: %2").arg(s.agentLabels[size_t(slot.agent)], s.goalLabels[size_t(slot.goal)]));
        g->setProperty("agent", slot.agent);
        g->setProperty("goal", slot.goal);
        m_slotGraphs << g;
        m_slotGoal << slot.goal;
    }
    for (size_t i = 0; i < s.agents.size(); ++i) {
        QCPGraph *sw = addGraph();
        sw->setLineStyle(QCPGraph::lsNone);
        sw->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, colorOf(int(i)).darker(140), colorOf(int(i)), 9));
        sw->setName(tr("%1: goal switch").arg(s.agentLabels[i]));
        sw->setProperty("agent", int(i));
        hideFromLegend(sw);
        m_switches << sw;
        QCPGraph *sat = addGraph();
        sat->setLineStyle(QCPGraph::lsNone);
        sat->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colorOf(int(i)).darker(160), Qt::white, 7));
        sat->setName(tr("%1: need satisfied").arg(s.agentLabels[i]));
        sat->setProperty("agent", int(i));
        hideFromLegend(sat);
        m_satisfied << sat;
    }
    auto *rest = new QCPItemStraightLine(this);
    rest->point1->setCoords(0, s.planner.restBelow);
    rest->point2->setCoords(1, s.planner.restBelow);
    rest->setPen(QPen(QColor(120, 120, 120), 1, Qt::DotLine));
    auto *label = new QCPItemText(this);
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(0.995, s.planner.restBelow);
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    label->setText(tr("rest below %1").arg(s.planner.restBelow));
    label->setColor(QColor(100, 100, 100));
    label->setFont(QFont(font().family(), 8));
}

void InsistenceChart::addRows(const sim::Samples &samples, size_t from, size_t to)
{
    const size_t columns = samples.columns();
    const QVector<double> keys = keysOf(samples, from, to);
    double top = 1.05;
    for (size_t c = 0; c < columns && int(c) < m_slotGraphs.size(); ++c) {
        QVector<double> values;
        values.reserve(keys.size());
        for (size_t r = from; r < to; ++r)
            values << double(samples.insistence[r * columns + c]);
        m_slotGraphs[int(c)]->addData(keys, values, true);
        top = std::max(top, yMax(m_slotGraphs[int(c)], 1.05));
    }
    yAxis->setRange(0, top);
}

void InsistenceChart::addEvents(const sim::EventLog &events, size_t from, size_t to)
{
    const CompiledScenario &s = *m_scenario;
    for (size_t k = from; k < to; ++k) {
        const sim::Event &e = events.events[k];
        if (e.agent < 0 || size_t(e.agent) >= s.agents.size())
            continue; // spawned copies come and go: the charts follow the scenario's own characters
        const double key = keyOf(e.day, e.t);
        if (e.kind == sim::EventKind::Switch) {
            m_switches[e.agent]->addData(key, e.score);
            m_markerTexts[m_switches[e.agent]] << QStringLiteral("%1 at %2 s: %3").arg(s.agentLabels[size_t(e.agent)]).arg(e.t, 0, 'f', 1)
                                                      .arg(sim::eventText(s, events, e));
        } else if (e.kind == sim::EventKind::NeedSatisfied) {
            // At the need's insistence just before it reset.
            double y = 0;
            for (int c = 0; c < m_slotGraphs.size(); ++c) {
                QCPGraph *g = m_slotGraphs[c];
                if (g->property("agent").toInt() != e.agent || m_slotGoal[c] != e.goal || g->data()->isEmpty())
                    continue;
                auto it = g->data()->findEnd(key, false);
                if (it != g->data()->constBegin())
                    --it;
                y = it->value;
            }
            m_satisfied[e.agent]->addData(key, y);
            m_markerTexts[m_satisfied[e.agent]] << QStringLiteral("%1 at %2 s: %3").arg(s.agentLabels[size_t(e.agent)]).arg(e.t, 0, 'f', 1)
                                                       .arg(sim::eventText(s, events, e));
        }
    }
}

QString InsistenceChart::markerText(QCPGraph *graph, int index) const
{
    return m_markerTexts.value(graph).value(index);
}

void InsistenceChart::setVisibleGoals(const QSet<int> &goals)
{
    m_visibleGoals = goals;
    for (int c = 0; c < m_slotGraphs.size(); ++c) {
        QCPGraph *g = m_slotGraphs[c];
        const int agent = g->property("agent").toInt();
        const bool shown = (m_visibleAgents.isEmpty() || m_visibleAgents.contains(agent)) && (goals.isEmpty() || goals.contains(m_slotGoal[c]));
        g->setVisible(shown);
        if (QCPPlottableLegendItem *item = legend->itemWithPlottable(g))
            item->setVisible(shown);
    }
    replot(rpQueuedReplot);
}

// --- quotas -----------------------------------------------------------------

QuotaChart::QuotaChart(QWidget *parent) : DayChart(parent)
{
    yAxis->setLabel(tr("quota progress (1 - shortfall)"));
    yAxis->setRange(0, 1.08);
}

void QuotaChart::build()
{
    m_slotGraphs.clear();
    m_metTexts.clear();
    m_reference.clear();
    m_referenceDays = 0;
    const CompiledScenario &s = *m_scenario;
    const auto slotList = slotsOf(s);
    for (size_t c = 0; c < slotList.size(); ++c) {
        if (s.goals[size_t(slotList[c].goal)].kind != GoalKind::Quota)
            continue;
        QCPGraph *g = addGraph();
        g->setPen(QPen(colorOf(slotList[c].agent), 1.8));
        g->setName(QStringLiteral("%1: %2").arg(s.agentLabels[size_t(slotList[c].agent)], s.goalLabels[size_t(slotList[c].goal)]));
        g->setProperty("agent", slotList[c].agent);
        m_slotGraphs.insert(int(c), g);
    }
    m_met = addGraph();
    m_met->setLineStyle(QCPGraph::lsNone);
    m_met->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QColor(0xc6, 0x28, 0x28), 12));
    m_met->setName(tr("quota met"));
}

void QuotaChart::addRows(const sim::Samples &samples, size_t from, size_t to)
{
    const size_t columns = samples.columns();
    const QVector<double> keys = keysOf(samples, from, to);
    for (auto it = m_slotGraphs.cbegin(); it != m_slotGraphs.cend(); ++it) {
        QVector<double> values;
        for (size_t r = from; r < to; ++r)
            values << double(samples.progress[r * columns + size_t(it.key())]);
        it.value()->addData(keys, values, true);
    }
    // The seed's reference at 56% of each day.
    for (; m_referenceDays <= samples.rowDay[to - 1]; ++m_referenceDays) {
        auto *line = new QCPItemStraightLine(this);
        const double x = keyOf(m_referenceDays, 0.56 * m_dayLength);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(QColor(0xc6, 0x28, 0x28, 110), 1.2, Qt::DashDotLine));
        line->setVisible(m_referenceVisible);
        auto *label = new QCPItemText(this);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(x, 0.06);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        label->setText(tr("seed: all quotas by 56% "));
        label->setColor(QColor(0xc6, 0x28, 0x28));
        label->setFont(QFont(font().family(), 8));
        label->setVisible(m_referenceVisible);
        line->setProperty("label", QVariant::fromValue<QObject *>(label));
        m_reference << line;
    }
}

void QuotaChart::addEvents(const sim::EventLog &events, size_t from, size_t to)
{
    const CompiledScenario &s = *m_scenario;
    for (size_t k = from; k < to; ++k) {
        const sim::Event &e = events.events[k];
        if (e.kind != sim::EventKind::QuotaMet || size_t(e.agent) >= s.agents.size())
            continue;
        const double key = keyOf(e.day, e.score * m_dayLength);
        m_met->addData(key, 1.0);
        m_metTexts << QStringLiteral("%1: %2 met at %3% of day %4").arg(s.agentLabels[size_t(e.agent)], s.goalLabels[size_t(e.goal)])
                          .arg(qRound(e.score * 100)).arg(e.day + 1);
        auto *label = new QCPItemText(this);
        label->position->setCoords(key, 1.0);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setText(QStringLiteral("%1%").arg(qRound(e.score * 100)));
        label->setColor(colorOf(e.agent).darker(130));
        label->setFont(QFont(font().family(), 7));
        label->setPadding(QMargins(0, 0, 0, 6));
    }
}

QString QuotaChart::markerText(QCPGraph *graph, int index) const
{
    return graph == m_met ? m_metTexts.value(index) : QString();
}

void QuotaChart::setReferenceVisible(bool visible)
{
    m_referenceVisible = visible;
    for (QCPItemStraightLine *line : m_reference) {
        line->setVisible(visible);
        if (auto *label = qobject_cast<QCPItemText *>(line->property("label").value<QObject *>()))
            label->setVisible(visible);
    }
    replot(rpQueuedReplot);
}

// --- world ------------------------------------------------------------------

WorldChart::WorldChart(QWidget *parent) : DayChart(parent)
{
    yAxis->setLabel(tr("world fact"));
    yAxis->setRange(0, 5);
}

void WorldChart::build()
{
    const CompiledScenario &s = *m_scenario;
    static const QColor palette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                     QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                     QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                                     QColor(0x17, 0xbe, 0xcf)};
    for (int w = 0; w < s.worldFactCount; ++w) {
        QCPGraph *g = addGraph();
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setPen(QPen(palette[w % 10], 2));
        g->setName(s.factNames[size_t(s.agentFactCount + w)]);
    }
}

void WorldChart::addRows(const sim::Samples &samples, size_t from, size_t to)
{
    const size_t w = size_t(samples.worldColumns);
    const QVector<double> keys = keysOf(samples, from, to);
    double top = 5;
    for (size_t c = 0; c < w && int(c) < graphCount(); ++c) {
        QVector<double> values;
        for (size_t r = from; r < to; ++r)
            values << double(samples.world[r * w + c]);
        graph(int(c))->addData(keys, values, true);
        top = std::max(top, yMax(graph(int(c)), 5) * 1.1);
    }
    yAxis->setRange(0, top);
}

} // namespace goap::editor
