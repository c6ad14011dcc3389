#include "daycharts.h"

#include "charts/palette.h"

namespace goap::editor {

namespace {

// Slots (columns of sim::Samples) in the order the simulation lays them out.
std::vector<sim::SampleColumn> slotsOf(const CompiledScenario &s)
{
    return sim::sampleColumns(s);
}

// Marker shapes along a goal's line; circles, diamonds and stars are kept for events.
QCPScatterStyle::ScatterShape goalShape(int style)
{
    static const QCPScatterStyle::ScatterShape shapes[]
        = {QCPScatterStyle::ssSquare,           QCPScatterStyle::ssTriangle, QCPScatterStyle::ssCross,
           QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssPlus,     QCPScatterStyle::ssCrossSquare};
    return shapes[std::max(0, style) % 6];
}

// A style (dash and shape) per goal, the same for every character, chosen so
// that the goals one character holds never share one: the smallest style no
// goal held beside it already has (greedy colouring of the goals held
// together). The town's hunger is solid and its trade quotas dashed; the
// hospital's care and rest differ.
std::vector<int> goalStyles(const CompiledScenario &s)
{
    const size_t goals = s.goals.size();
    std::vector<std::vector<bool>> together(goals, std::vector<bool>(goals, false));
    for (const auto *list : {&s.agents, &s.templates})
        for (const CompiledAgent &a : *list)
            for (const CompiledAgentGoal &g : a.goals)
                for (const CompiledAgentGoal &h : a.goals)
                    together[size_t(g.goal)][size_t(h.goal)] = true;
    std::vector<int> style(goals, -1);
    for (size_t g = 0; g < goals; ++g) {
        for (int candidate = 0; style[g] < 0; ++candidate) {
            bool taken = false;
            for (size_t h = 0; h < g && !taken; ++h)
                taken = together[g][h] && style[h] == candidate;
            if (!taken)
                style[g] = candidate;
        }
    }
    return style;
}

// A character's line for a goal: its colour, the goal's dash and shape.
void styleLine(QCPGraph *g, int character, int style, double width)
{
    const QColor c = characterColor(character);
    g->setPen(QPen(c, width, goalDash(style)));
    g->setScatterStyle(QCPScatterStyle(goalShape(style), c, 6));
}

double valueAt(QCPGraph *g, double key)
{
    if (g->data()->isEmpty())
        return 0;
    auto it = g->data()->findEnd(key, false); // the first point after key
    if (it != g->data()->constBegin())
        --it;
    return it->value;
}

QString crowdName(size_t characters, const QString &goal)
{
    return QCoreApplication::translate("DayChart", "all %1: %2 (mean, band low to high)").arg(characters).arg(goal);
}

template<typename Band> void nameBand(Band &b, size_t characters, const QString &goal)
{
    b.mean->setName(crowdName(characters, goal));
    b.low->setName(QCoreApplication::translate("DayChart", "all %1: %2, lowest").arg(characters).arg(goal));
    b.high->setName(QCoreApplication::translate("DayChart", "all %1: %2, highest").arg(characters).arg(goal));
}

// A crowd band for a goal: low and high edges with the area between filled, the mean on top.
template<typename Band> Band makeBand(QCustomPlot *plot, int goal)
{
    Band b;
    b.goal = goal;
    const QColor grey(90, 90, 90);
    b.low = plot->addGraph();
    b.high = plot->addGraph();
    for (QCPGraph *edge : {b.low, b.high})
        edge->setPen(QPen(QColor(150, 150, 150), 0.8));
    b.high->setBrush(QColor(120, 120, 120, 45));
    b.high->setChannelFillGraph(b.low);
    b.mean = plot->addGraph();
    b.mean->setPen(QPen(grey, 2.2, goalDash(goal)));
    b.mean->setScatterStyle(QCPScatterStyle(goalShape(goal), grey, 7));
    return b;
}

// Per row: the low, high and mean of every column of a band's goal.
template<typename Band>
void addBandRows(const std::vector<Band> &bands, const std::vector<int> &columnBand, const std::vector<float> &values,
                 size_t columns, const QVector<double> &keys, size_t from, size_t to)
{
    if (bands.empty())
        return;
    const size_t n = bands.size();
    std::vector<QVector<double>> low(n), high(n), mean(n);
    std::vector<double> lo(n), hi(n), sum(n);
    std::vector<int> count(n);
    for (size_t r = from; r < to; ++r) {
        std::fill(lo.begin(), lo.end(), std::numeric_limits<double>::infinity());
        std::fill(hi.begin(), hi.end(), -std::numeric_limits<double>::infinity());
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(count.begin(), count.end(), 0);
        const float *row = values.data() + r * columns;
        for (size_t c = 0; c < columns; ++c) {
            const int b = columnBand[c];
            if (b < 0 || std::isnan(row[c]))
                continue;
            lo[size_t(b)] = std::min(lo[size_t(b)], double(row[c]));
            hi[size_t(b)] = std::max(hi[size_t(b)], double(row[c]));
            sum[size_t(b)] += row[c];
            ++count[size_t(b)];
        }
        for (size_t b = 0; b < n; ++b) {
            low[b] << (count[b] ? lo[b] : qQNaN());
            high[b] << (count[b] ? hi[b] : qQNaN());
            mean[b] << (count[b] ? sum[b] / count[b] : qQNaN());
        }
    }
    for (size_t b = 0; b < n; ++b) {
        bands[b].low->addData(keys, low[b], true);
        bands[b].high->addData(keys, high[b], true);
        bands[b].mean->addData(keys, mean[b], true);
    }
}

bool isSeedTown(const CompiledScenario &s)
{
    static const QStringList seed
        = {QStringLiteral("miner"),  QStringLiteral("smelter"),   QStringLiteral("blacksmith"),
           QStringLiteral("farmer"), QStringLiteral("carpenter"), QStringLiteral("baker")};
    if (s.agentIds.size() != size_t(seed.size()))
        return false;
    for (const QString &id : seed)
        if (s.agentIndex(id) < 0)
            return false;
    return true;
}

} // namespace

std::optional<ChartReference> chartReferenceFor(const CompiledScenario &scenario)
{
    if (!isSeedTown(scenario))
        return std::nullopt;
    return ChartReference {0.56, QCoreApplication::translate("DayChart", "seed: all quotas by 56%")};
}

// --- insistence -------------------------------------------------------------

InsistenceChart::InsistenceChart(QWidget *parent)
    : DayChart(parent)
{
    yAxis->setLabel(tr("insistence"));
    yAxis->setRange(0, 1.05);
    // The outliers' flags stay in view as the time axis pans and zooms.
    connect(xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this] { fitRange(); });
}

QCPGraph *InsistenceChart::graphFor(int slot) const
{
    return lineOf(slot) ? lineOf(slot)->line : nullptr;
}
QCPGraph *InsistenceChart::switchMarkers(int slot) const
{
    return lineOf(slot) ? lineOf(slot)->switches : nullptr;
}
QCPGraph *InsistenceChart::satisfiedMarkers(int slot) const
{
    return lineOf(slot) ? lineOf(slot)->satisfied : nullptr;
}

const InsistenceChart::Line *InsistenceChart::lineOf(int slot) const
{
    if (slot < 0 || size_t(slot) >= m_slotLine.size() || m_slotLine[size_t(slot)] < 0)
        return nullptr;
    return &m_lines[size_t(m_slotLine[size_t(slot)])];
}

QCPGraph *InsistenceChart::bandMean(int goal) const
{
    for (const Band &b : m_bands)
        if (b.goal == goal)
            return b.mean;
    return nullptr;
}

namespace {
std::vector<int> columnGoals(const std::vector<sim::SampleColumn> &slotList)
{
    std::vector<int> goals(slotList.size());
    for (size_t c = 0; c < slotList.size(); ++c)
        goals[c] = slotList[c].goal;
    return goals;
}
} // namespace

void DayChart::buildBands(const std::vector<int> &columnGoals, const std::function<bool(int goal)> &include)
{
    m_columnBand.assign(columnGoals.size(), -1);
    if (!isCrowd())
        return;
    std::vector<int> bandOfGoal(m_scenario->goals.size(), -1);
    for (size_t c = 0; c < columnGoals.size(); ++c) {
        const int goal = columnGoals[c];
        if (!include(goal))
            continue;
        int &b = bandOfGoal[size_t(goal)];
        if (b < 0) {
            b = int(m_bands.size());
            Band band = makeBand<Band>(this, goal);
            nameBand(band, m_scenario->agents.size(), m_scenario->goalLabels[size_t(goal)]);
            const int series = addSeries(-1, goal, band.mean);
            m_series[size_t(series)].extras = {band.low, band.high};
            m_bands.push_back(band);
        }
        m_columnBand[c] = b;
    }
}

void InsistenceChart::build()
{
    m_lines.clear();
    m_bands.clear();
    m_reach.clear(); // their flags went with the items
    yAxis->setRange(0, 1.05);
    if (!m_scenario)
        return;
    const CompiledScenario &s = *m_scenario;
    const auto slotList = slotsOf(s);
    const size_t goals = s.goals.size();
    m_slotLine.assign(slotList.size(), -1);
    m_characterGoalLine.assign(size_t(m_charted.size()) * goals, -1);
    const std::vector<int> styles = goalStyles(s);
    buildBands(columnGoals(slotList), [](int) { return true; });
    for (size_t c = 0; c < slotList.size(); ++c) {
        const int k = chartedIndex(slotList[c].agent);
        if (k < 0)
            continue;
        const int character = slotList[c].agent, goal = slotList[c].goal;
        Line line;
        line.slot = int(c);
        line.goal = goal;
        line.line = addGraph();
        styleLine(line.line, character, styles[size_t(goal)], 1.6);
        line.line->setName(QStringLiteral("%1: %2").arg(sim::columnLabel(s, character), s.goalLabels[size_t(goal)]));
        addBaselineLine(line.line, character, goal, false);
        line.series = addSeries(character, goal, line.line);
        const QColor colour = characterColor(character);
        line.switches
            = addMarkers(line.series, QCPScatterStyle(QCPScatterStyle::ssDiamond, colour.darker(150), colour, 10),
                         tr("%1: switched to it").arg(line.line->name()));
        line.satisfied
            = addMarkers(line.series, QCPScatterStyle(QCPScatterStyle::ssCircle, colour.darker(160), Qt::white, 8),
                         tr("%1: satisfied").arg(line.line->name()));
        m_slotLine[c] = int(m_lines.size());
        m_characterGoalLine[size_t(k) * goals + size_t(goal)] = int(m_lines.size());
        m_lines.push_back(line);
    }
    for (const Line &line : m_lines)
        m_reach.push_back({line.line});
    for (const Band &band : m_bands)
        m_reach.push_back({band.high});
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
    QVector<double> values(keys.size());
    for (size_t l = 0; l < m_lines.size(); ++l) {
        for (size_t r = from; r < to; ++r) {
            values[qsizetype(r - from)] = double(samples.insistence[r * columns + size_t(m_lines[l].slot)]);
            reach(m_reach[l], keys[qsizetype(r - from)], values[qsizetype(r - from)]);
        }
        m_lines[l].line->addData(keys, values, true);
    }
    addBandRows(m_bands, m_columnBand, samples.insistence, columns, keys, from, to);
    for (size_t b = 0; b < m_bands.size(); ++b) { // the rows just added to each band's upper edge
        const QSharedPointer<QCPGraphDataContainer> data = m_bands[b].high->data();
        for (int i = std::max(0, data->size() - int(to - from)); i < data->size(); ++i)
            reach(m_reach[m_lines.size() + b], data->at(i)->key, data->at(i)->value);
    }
    fitRange(); // from the tracked highs: never a scan of the history
}

void InsistenceChart::reach(Reach &r, double key, double value)
{
    if (value > r.max) {
        r.max = value;
        r.maxKey = key;
    }
}

void InsistenceChart::fitRange()
{
    // The typical line's high is the lower median of the visible lines'
    // highs; a line more than kOutlierRatio times higher is an outlier.
    std::vector<double> highs;
    for (const Reach &r : m_reach)
        if (r.graph->visible() && std::isfinite(r.max))
            highs.push_back(r.max);
    double top = 1.05, limit = std::numeric_limits<double>::infinity();
    if (!highs.empty()) {
        std::sort(highs.begin(), highs.end());
        limit = std::max(1.0, highs[(highs.size() - 1) / 2]) * kOutlierRatio;
        for (double h : highs)
            if (h <= limit)
                top = std::max(top, h * 1.05);
    }
    if (yAxis->range().upper != top)
        yAxis->setRange(0, top);
    for (Reach &r : m_reach) {
        const bool outlier = r.graph->visible() && std::isfinite(r.max) && r.max > limit;
        if (outlier && !r.flag) {
            r.flag = new QCPItemText(this);
            r.flag->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            r.flag->setPadding(QMargins(3, 1, 3, 1));
            r.flag->setBrush(QColor(255, 255, 255, 220));
            r.flag->setPen(r.graph->pen().color());
            r.flag->setColor(r.graph->pen().color().darker(130));
            r.flag->setFont(QFont(font().family(), 8));
        }
        if (!r.flag)
            continue;
        r.flag->setVisible(outlier);
        if (outlier) {
            // Where it went highest, on the top edge it is clipped at, kept in view.
            const QCPRange shown = xAxis->range();
            const double x = std::clamp(r.maxKey, shown.lower, shown.upper);
            r.flag->position->setCoords(x, 0);
            r.flag->setPositionAlignment((x - shown.lower < shown.size() / 2 ? Qt::AlignLeft : Qt::AlignRight)
                                         | Qt::AlignTop);
            r.flag->setText(tr("▲ %1 %2 (off the scale)").arg(r.max, 0, 'g', 3).arg(r.graph->name()));
        }
    }
}

QList<QCPItemText *> InsistenceChart::outlierFlags() const
{
    QList<QCPItemText *> flags;
    for (const Reach &r : m_reach)
        if (r.flag && r.flag->visible())
            flags << r.flag;
    return flags;
}

void InsistenceChart::addEvents(const sim::EventLog &events, size_t from, size_t to)
{
    const CompiledScenario &s = *m_scenario;
    const size_t goals = s.goals.size();
    for (size_t k = from; k < to; ++k) {
        const sim::Event &e = events.events[k];
        if (e.kind != sim::EventKind::Switch && e.kind != sim::EventKind::NeedSatisfied)
            continue;
        // Spawned copies (charted as their template's mean, without markers) and uncharted characters: -1.
        const int charted = size_t(e.agent) < s.agents.size() ? chartedIndex(e.agent) : -1;
        if (charted < 0 || e.goal < 0 || size_t(e.goal) >= goals)
            continue;
        const int index = m_characterGoalLine[size_t(charted) * goals + size_t(e.goal)];
        if (index < 0)
            continue;
        const Line &line = m_lines[size_t(index)];
        const double key = keyOf(e.day, e.t);
        // On the line of the goal it is about, at its insistence just before.
        const QString text
            = QStringLiteral("%1, %2: %3")
                  .arg(s.agentLabels[size_t(e.agent)], momentText(e.day, e.t), sim::eventText(s, events, e));
        addMarker(e.kind == sim::EventKind::Switch ? line.switches : line.satisfied, key, valueAt(line.line, key),
                  text);
    }
}

// --- quotas -----------------------------------------------------------------

QuotaChart::QuotaChart(QWidget *parent)
    : DayChart(parent)
{
    yAxis->setLabel(tr("quota progress"));
    // Room above 100% for the labels of the stars (two rows), inside the axis rect.
    yAxis->setRange(0, 1.4);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int percent = 0; percent <= 100; percent += 25)
        ticker->addTick(percent / 100.0, QStringLiteral("%1%").arg(percent));
    yAxis->setTicker(ticker);
}

void QuotaChart::setReference(std::optional<ChartReference> reference)
{
    m_reference = std::move(reference);
}

QList<QCPGraph *> QuotaChart::metMarkers() const
{
    QList<QCPGraph *> out;
    for (const Line &l : m_lines)
        out << l.met;
    return out;
}

QCPGraph *QuotaChart::graphFor(int slot) const
{
    if (slot < 0 || size_t(slot) >= m_slotLine.size() || m_slotLine[size_t(slot)] < 0)
        return nullptr;
    return m_lines[size_t(m_slotLine[size_t(slot)])].line;
}

QCPGraph *QuotaChart::bandMean(int goal) const
{
    for (const Band &b : m_bands)
        if (b.goal == goal)
            return b.mean;
    return nullptr;
}

void QuotaChart::build()
{
    m_lines.clear();
    m_bands.clear();
    m_metLabels.clear();
    m_empty = nullptr;
    m_referenceItems.clear();
    m_referenceDays = 0;
    if (!m_scenario)
        return;
    const CompiledScenario &s = *m_scenario;
    const auto slotList = slotsOf(s);
    const size_t goals = s.goals.size();
    m_slotLine.assign(slotList.size(), -1);
    m_characterGoalLine.assign(size_t(m_charted.size()) * goals, -1);
    const std::vector<int> styles = goalStyles(s);
    buildBands(columnGoals(slotList), [&s](int goal) { return s.goals[size_t(goal)].kind == GoalKind::Quota; });
    for (size_t c = 0; c < slotList.size(); ++c) {
        const int character = slotList[c].agent, goal = slotList[c].goal;
        const int k = chartedIndex(character);
        if (k < 0 || s.goals[size_t(goal)].kind != GoalKind::Quota)
            continue;
        Line line;
        line.slot = int(c);
        line.line = addGraph();
        styleLine(line.line, character, styles[size_t(goal)], 1.8);
        line.line->setName(QStringLiteral("%1: %2").arg(sim::columnLabel(s, character), s.goalLabels[size_t(goal)]));
        addBaselineLine(line.line, character, goal, true);
        line.series = addSeries(character, goal, line.line);
        line.met = addMarkers(line.series,
                              QCPScatterStyle(QCPScatterStyle::ssStar, characterColor(character).darker(140), 13),
                              tr("%1: met").arg(line.line->name()));
        m_slotLine[c] = int(m_lines.size());
        m_characterGoalLine[size_t(k) * goals + size_t(goal)] = int(m_lines.size());
        m_lines.push_back(line);
    }
    if (m_lines.empty() && m_bands.empty()) {
        // Say why the chart is empty rather than show bare axes.
        m_empty = new QCPItemText(this);
        m_empty->position->setType(QCPItemPosition::ptAxisRectRatio);
        m_empty->position->setCoords(0.5, 0.5);
        m_empty->setText(m_charted.isEmpty() ? tr("No character chosen") : tr("No quota among the characters charted"));
        m_empty->setColor(QColor(110, 110, 110));
    }
}

void QuotaChart::addRows(const sim::Samples &samples, size_t from, size_t to)
{
    const size_t columns = samples.columns();
    const QVector<double> keys = keysOf(samples, from, to);
    QVector<double> values(keys.size());
    for (const Line &line : m_lines) {
        for (size_t r = from; r < to; ++r)
            values[qsizetype(r - from)] = double(samples.progress[r * columns + size_t(line.slot)]);
        line.line->addData(keys, values, true);
    }
    addBandRows(m_bands, m_columnBand, samples.progress, columns, keys, from, to);
    // The scenario's reference, once per day kept (none for days no longer kept).
    m_referenceDays = std::max(m_referenceDays, samples.rowDay[from]);
    for (; m_reference && m_referenceDays <= samples.rowDay[to - 1]; ++m_referenceDays) {
        auto *line = new QCPItemStraightLine(this);
        const double x = keyOf(m_referenceDays, m_reference->fraction * m_dayLength);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(QColor(0xc6, 0x28, 0x28, 110), 1.2, Qt::DashDotLine));
        auto *label = new QCPItemText(this);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(x, 1);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->setPadding(QMargins(0, 0, 4, 2));
        label->setText(m_reference->label);
        label->setColor(QColor(0xc6, 0x28, 0x28));
        label->setFont(QFont(font().family(), 8));
        for (QCPAbstractItem *item : std::initializer_list<QCPAbstractItem *> {line, label}) {
            item->setVisible(m_referenceVisible);
            m_referenceItems << item;
        }
    }
}

void QuotaChart::addEvents(const sim::EventLog &events, size_t from, size_t to)
{
    const CompiledScenario &s = *m_scenario;
    const size_t goals = s.goals.size();
    for (size_t k = from; k < to; ++k) {
        const sim::Event &e = events.events[k];
        if (e.kind != sim::EventKind::QuotaMet)
            continue;
        const int charted = size_t(e.agent) < s.agents.size() ? chartedIndex(e.agent) : -1;
        if (charted < 0 || e.goal < 0 || size_t(e.goal) >= goals)
            continue;
        const int index = m_characterGoalLine[size_t(charted) * goals + size_t(e.goal)];
        if (index < 0)
            continue;
        const Line &line = m_lines[size_t(index)];
        const double t = e.metAt * m_dayLength;
        const double key = keyOf(e.day, t);
        addMarker(line.met, key, 1.0,
                  tr("%1: %2 met at %3% of the day (%4)")
                      .arg(s.agentLabels[size_t(e.agent)], s.goalLabels[size_t(e.goal)])
                      .arg(qRound(e.metAt * 100))
                      .arg(momentText(e.day, t)));
        // The fraction of the day, in a strip at the top of the axis rect; two
        // rows alternate so neighbouring labels do not overlap.
        auto *label = new QCPItemText(this);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(key, 0);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        label->setPadding(QMargins(1, 2 + 11 * (m_metLabels.size() % 2), 1, 0));
        label->setText(QStringLiteral("%1%").arg(qRound(e.metAt * 100)));
        label->setColor(characterColor(e.agent).darker(140));
        label->setFont(QFont(font().family(), 7));
        addText(label, line.series);
        m_metLabels << label;
    }
}

void QuotaChart::setReferenceVisible(bool visible)
{
    m_referenceVisible = visible;
    for (QCPAbstractItem *item : std::as_const(m_referenceItems))
        item->setVisible(visible);
    replot(rpQueuedReplot);
}

// --- world ------------------------------------------------------------------

WorldChart::WorldChart(QWidget *parent)
    : DayChart(parent)
{
    yAxis->setLabel(tr("world fact"));
    yAxis->setRange(0, 5);
}

QCPGraph *WorldChart::factGraph(const QString &scopedName) const
{
    for (QCPGraph *g : m_facts)
        if (g->name() == scopedName)
            return g;
    return nullptr;
}

void WorldChart::build()
{
    m_facts.clear();
    m_present = m_left = nullptr;
    if (!m_scenario)
        return;
    const CompiledScenario &s = *m_scenario;
    static const QColor palette[]
        = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
           QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f),
           QColor(0xbc, 0xbd, 0x22), QColor(0x17, 0xbe, 0xcf)};
    m_facts.clear();
    m_top = 5;
    yAxis->setRange(0, m_top);
    for (int w = 0; w < s.worldFactCount; ++w) {
        QCPGraph *g = addGraph();
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setPen(QPen(palette[w % 10], 2, goalDash(w / 10)));
        g->setName(s.factNames[size_t(s.agentFactCount + w)]);
        addSeries(-1, -1, g);
        m_facts << g;
    }
    m_present = m_left = nullptr;
    m_presentCount = m_leftCount = 0;
    if (!s.spawners.empty()) {
        // Spawned characters come and go: how many are here and how many have left (seed 004's patients treated and
        // gone home).
        m_present = addGraph();
        m_present->setLineStyle(QCPGraph::lsStepLeft);
        m_present->setPen(QPen(QColor(40, 40, 40), 2, Qt::DashLine));
        m_present->setName(tr("spawned characters present"));
        addSeries(-1, -1, m_present);
        // A running total dwarfs a queue of three: it gets the right-hand axis.
        yAxis2->setVisible(true);
        yAxis2->setLabel(tr("left today (cumulative)"));
        yAxis2->setRange(0, 10);
        m_left = addGraph(xAxis, yAxis2);
        m_left->setLineStyle(QCPGraph::lsStepLeft);
        m_left->setPen(QPen(QColor(40, 40, 40), 2, Qt::DotLine));
        m_left->setName(tr("characters who left today (right axis)"));
        addSeries(-1, -1, m_left);
    } else {
        yAxis2->setVisible(false);
    }
}

void WorldChart::addRows(const sim::Samples &samples, size_t from, size_t to)
{
    const size_t w = size_t(samples.worldColumns);
    const QVector<double> keys = keysOf(samples, from, to);
    double top = 0;
    QVector<double> values(keys.size());
    for (size_t c = 0; c < w && int(c) < m_facts.size(); ++c) {
        for (size_t r = from; r < to; ++r) {
            values[qsizetype(r - from)] = double(samples.world[r * w + c]);
            top = std::max(top, values[qsizetype(r - from)]);
        }
        m_facts[int(c)]->addData(keys, values, true);
    }
    if (top * 1.1 > m_top) {
        m_top = top * 1.1;
        yAxis->setRange(0, m_top);
    }
}

void WorldChart::addEvents(const sim::EventLog &events, size_t from, size_t to)
{
    if (!m_present)
        return;
    const size_t own = m_scenario->agents.size();
    for (size_t k = from; k < to; ++k) {
        const sim::Event &e = events.events[k];
        if (e.kind == sim::EventKind::Dawn) {
            m_presentCount = m_leftCount = 0;
        } else if (e.kind == sim::EventKind::Spawned) {
            ++m_presentCount;
        } else if (e.kind == sim::EventKind::Left && size_t(e.agent) >= own) {
            m_presentCount = std::max(0, m_presentCount - 1);
            ++m_leftCount;
        } else {
            continue;
        }
        const double key = keyOf(e.day, e.t);
        m_present->addData(key, m_presentCount);
        m_left->addData(key, m_leftCount);
        if (m_presentCount * 1.1 > m_top) {
            m_top = m_presentCount * 1.1;
            yAxis->setRange(0, m_top);
        }
        if (m_leftCount * 1.1 > yAxis2->range().upper)
            yAxis2->setRange(0, m_leftCount * 1.1);
    }
}

} // namespace goap::editor
