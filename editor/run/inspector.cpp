#include "inspector.h"

#include "model/factname.h"
#include "run/planstrip.h"
#include "sim/explain.h"
#include "space/paths.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace goap::editor {

namespace {

QLabel *wrapped(QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

QString conditionText(const CompiledScenario &s, std::span<const CCondition> list)
{
    QStringList out;
    for (const CCondition &c : list)
        out << QStringLiteral("%1 %2 %3").arg(s.factNames[size_t(c.fact)], QLatin1String(toString(c.op))).arg(c.value);
    return out.join(QStringLiteral(", "));
}

QString effectText(const CompiledScenario &s, const CompiledAction &a)
{
    QStringList out;
    for (const CEffect &e : s.effectsOf(a.set))
        out << QStringLiteral("%1 = %2").arg(s.factNames[size_t(e.fact)]).arg(e.value);
    for (const CEffect &e : s.effectsOf(a.add))
        out << QStringLiteral("%1 %2 %3")
                   .arg(s.factNames[size_t(e.fact)], e.value < 0 ? QStringLiteral("-=") : QStringLiteral("+="))
                   .arg(std::abs(qint64(e.value)));
    return out.join(QStringLiteral(", "));
}

} // namespace

Inspector::Inspector(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    header = wrapped(this);
    QFont f = header->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    header->setFont(f);
    breakButton = new QToolButton(this);
    breakButton->setObjectName(QStringLiteral("breakButton"));
    breakButton->setText(tr("Break"));
    breakButton->setPopupMode(QToolButton::InstantPopup);
    breakButton->setToolTip(tr("Pause the run when this character switches goal, its plan fails, it has no plan "
                               "or it meets a quota (listed in the Breakpoints dock)"));
    auto *breakMenu = new QMenu(breakButton);
    using Kind = sim::Breakpoint::Kind;
    for (const auto &[kind, text] :
         {std::pair {Kind::GoalSwitch, tr("When It Switches &Goal")},
          std::pair {Kind::PlanFails, tr("When Its &Plan Fails")}, std::pair {Kind::NoPlan, tr("When It Has &No Plan")},
          std::pair {Kind::QuotaMet, tr("When It Meets a &Quota")}})
        breakMenu->addAction(text, this, [this, kind] { emit breakRequested(m_character, kind); });
    breakButton->setMenu(breakMenu);
    breakButton->setEnabled(false);
    auto *headerRow = new QHBoxLayout;
    headerRow->addWidget(header, 1);
    headerRow->addWidget(breakButton, 0, Qt::AlignTop);
    layout->addLayout(headerRow);
    m_form = new QFormLayout;
    goalLabel = wrapped(this);
    goalLabel->setToolTip(tr("The goal the character is pursuing: the winner of its last ballot"));
    m_form->addRow(tr("Goal"), goalLabel);
    whyLabel = wrapped(this);
    whyLabel->setStyleSheet(QStringLiteral("color: #8a1c14;"));
    whyLabel->setToolTip(tr("Why goals have no plan: the conditions out of reach and who produces them"));
    m_form->addRow(tr("Why no plan"), whyLabel);
    factsLabel = wrapped(this);
    factsLabel->setToolTip(tr("The character's own (agent.) facts now"));
    m_form->addRow(tr("Own facts"), factsLabel);
    switchLabel = wrapped(this);
    switchLabel->setToolTip(tr("The last time a challenger overtook the incumbent goal, with both scores"));
    m_form->addRow(tr("Last switch"), switchLabel);
    failureLabel = wrapped(this);
    failureLabel->setToolTip(tr("The last time an action's preconditions no longer held on arrival"));
    m_form->addRow(tr("Last re-check failure"), failureLabel);
    layout->addLayout(m_form);

    ballotTable = new QTableWidget(0, 5, this);
    ballotTable->setHorizontalHeaderLabels({tr("Goal"), tr("insistence"), tr("plan cost"), tr("score"), tr("viable")});
    ballotTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    ballotTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    ballotTable->verticalHeader()->hide();
    ballotTable->verticalHeader()->setDefaultSectionSize(22);
    ballotTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    ballotTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    ballotTable->setToolTip(tr("The ballot: score = insistence - cost weight x plan cost, from the last safe point; "
                               "insistence is live. A goal with no plan is not viable and drops out."));
    layout->addWidget(ballotTable);
    searchButton = new QPushButton(tr("Show Search"), this);
    searchButton->setToolTip(
        tr("What the planner tries for the goal selected in the ballot (else the one the character is deciding "
           "about: its current goal, or the most insistent one that does not hold), from the moment shown: the "
           "Search Tree dock draws it. Double-clicking a goal does the same."));
    searchButton->setEnabled(false);
    connect(searchButton, &QPushButton::clicked, this, &Inspector::requestSearch);
    connect(ballotTable, &QTableWidget::cellDoubleClicked, this, &Inspector::requestSearch);
    auto *searchRow = new QHBoxLayout;
    searchRow->addStretch(1);
    searchRow->addWidget(searchButton);
    layout->addLayout(searchRow);

    layout->addWidget(new QLabel(tr("<b>Plan</b>"), this));
    planStrip = new PlanStrip(this);
    auto *stripScroll = new QScrollArea(this);
    stripScroll->setWidget(planStrip);
    stripScroll->setWidgetResizable(false);
    stripScroll->setFrameShape(QFrame::NoFrame);
    stripScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    stripScroll->setFixedHeight(planStrip->sizeHint().height() + 16);
    layout->addWidget(stripScroll);

    planTree = new QTreeWidget(this);
    planTree->setHeaderLabels({tr("Plan"), tr("needs / does")});
    planTree->setRootIsDecorated(true);
    planTree->setToolTip(tr("The fresh plan from the last safe point; the step under way is highlighted"));
    planTree->setMinimumHeight(80);
    layout->addWidget(planTree, 1);
    setCharacter(-1);
}

void Inspector::setWalls(const QList<Wall> &walls)
{
    if (!m_scenario)
        return;
    m_space = Space::withWalls(*m_scenario, walls);
}

void Inspector::setScenario(std::shared_ptr<const CompiledScenario> scenario, QStringList actionLabels,
                            QStringList stationLabels)
{
    m_scenario = std::move(scenario);
    m_space.reset();
    m_actionLabels = std::move(actionLabels);
    m_stationLabels = std::move(stationLabels);
    setCharacter(-1);
}

void Inspector::showPlanStrip(const sim::AgentSnapshot &a)
{
    const CompiledScenario &s = *m_scenario;
    if (!m_space)
        m_space = std::make_unique<Space>(s);
    const double speed = size_t(m_character) < s.agents.size() ? s.agents[size_t(m_character)].speed : 1.0;
    QList<PlanStripStep> steps;
    double x = a.x, y = a.y; // the walk to a step starts where the one before ends
    for (size_t k = 0; k < a.plan.size(); ++k) {
        const CompiledAction &act = s.actions[size_t(a.plan[k])];
        PlanStripStep step;
        step.title
            = QStringLiteral("%1. %2").arg(k + 1).arg(m_actionLabels.value(a.plan[k], s.actionIds[size_t(a.plan[k])]));
        step.current = int(k) == a.planStep && a.action >= 0;
        step.done = int(k) < a.planStep;
        step.details = tr("needs %1\ndoes %2\n%3 s, cost %4")
                           .arg(conditionText(s, s.conditionsOf(act.pre)), effectText(s, act))
                           .arg(act.duration)
                           .arg(act.cost);
        if (step.done) { // behind it: ticked, its walk done
            steps << step;
            continue;
        }
        // The station: the one chosen for the step under way, else the nearest by path.
        const bool chosen = step.current && a.station >= 0;
        int station = chosen ? a.station : -1;
        double best = Space::kUnreachable;
        for (const int st : act.stations)
            if (const double d = m_space->distance(st, x, y); chosen ? st == station : d < best)
                station = st, best = d;
        if (station >= 0) {
            if (best == Space::kUnreachable)
                best = m_space->distance(station, x, y);
            step.where = tr("at %1").arg(m_stationLabels.value(station, s.stationIds[size_t(station)]));
            if (best == Space::kUnreachable)
                step.walk = tr("no way there");
            else if (best > 0.05)
                step.walk
                    = tr("walk %1 s (%2 cells)").arg(best / std::max(0.01, speed), 0, 'f', 1).arg(best, 0, 'f', 1);
            else
                step.walk = tr("there already");
            x = s.stations[size_t(station)].x;
            y = s.stations[size_t(station)].y;
        }
        steps << step;
    }
    planStrip->setSteps(steps);
}

void Inspector::requestSearch()
{
    if (!m_scenario || m_character < 0 || size_t(m_character) >= m_scenario->agents.size() || m_ballotGoals.empty())
        return;
    // The goal picked in the ballot; else the one the character is deciding
    // about: the goal it pursues, or the most insistent one that does not
    // hold yet (a quota met is a plan of 0 steps, which tells nothing).
    const QList<QTableWidgetItem *> picked = ballotTable->selectedItems();
    const int row = picked.isEmpty() ? -1 : picked.first()->row();
    int goal = m_decidingAbout >= 0 ? m_decidingAbout : m_ballotGoals.front();
    if (row >= 0 && size_t(row) < m_ballotGoals.size())
        goal = m_ballotGoals[size_t(row)];
    emit searchRequested({m_scenario, m_character, goal, m_state, m_x, m_y, m_when});
}

QString Inspector::partnerText(const sim::AgentSnapshot &holder) const
{
    // What a held character is going through is what its holder is doing with it.
    const CompiledScenario &s = *m_scenario;
    const QString action
        = holder.action >= 0 ? m_actionLabels.value(holder.action, s.actionIds[size_t(holder.action)]) : QString();
    const int station = holder.station;
    const QString where = station >= 0 ? m_stationLabels.value(station, s.stationIds[size_t(station)]) : QString();
    QString doing;
    if (holder.phase == sim::Phase::Acting && holder.action >= 0)
        doing = tr("%1 (%2% done)").arg(action).arg(int(holder.actionProgress * 100));
    else if (holder.phase == sim::Phase::Walking && !where.isEmpty())
        doing = tr("walking to %1 for %2").arg(where, action);
    else
        doing = tr("%1 is %2").arg(holder.label, sim::phaseName(holder.phase));
    return tr("With %1: %2").arg(holder.label, doing);
}

void Inspector::setCharacter(int character)
{
    m_character = character;
    breakButton->setEnabled(m_scenario && character >= 0 && size_t(character) < m_scenario->agents.size());
    m_shownPlan.clear();
    m_shownAction = -2;
    planTree->clear();
    planStrip->setSteps({});
    ballotTable->setRowCount(0);
    if (character < 0) {
        header->setText(m_scenario ? tr("Click a character on the map to inspect it.")
                                   : tr("Press Play to run the scenario."));
        for (QLabel *l : {goalLabel, factsLabel, switchLabel, failureLabel, whyLabel})
            l->clear();
    }
}

void Inspector::show(const sim::Snapshot &snap)
{
    if (!m_scenario || m_character < 0)
        return;
    const CompiledScenario &s = *m_scenario;
    const auto found = std::find_if(snap.agents.begin(), snap.agents.end(),
                                    [&](const sim::AgentSnapshot &x) { return x.index == m_character; });
    if (found == snap.agents.end()) {
        header->setText(tr("This character has left."));
        return;
    }
    const sim::AgentSnapshot &a = *found;
    const sim::AgentSnapshot *holder = nullptr;
    QString held;
    for (const sim::AgentSnapshot &x : snap.agents) {
        if (a.heldBy >= 0 && x.index == a.heldBy)
            holder = &x;
        if (a.partner >= 0 && x.index == a.partner)
            held = tr(", partner %1").arg(x.label);
    }
    // A held character does not plan: it goes where its holder takes it. Its
    // phase and goal say so, as its bubble on the map does.
    QString phase = holder ? tr("with %1").arg(holder->label) : sim::phaseName(a.phase);
    if (a.phase == sim::Phase::Queued && a.lineStation >= 0) {
        // In line, and why: every place of the station is held.
        const QString where = m_stationLabels.value(a.lineStation, s.stationIds[size_t(a.lineStation)]);
        const int places = s.stations[size_t(a.lineStation)].capacity;
        phase = tr("in line at %1, %2 (its %n place(s) are taken)", nullptr, places)
                    .arg(where, sim::ordinal(a.linePosition));
    }
    header->setText(
        QStringLiteral("%1 — %2 at (%3, %4)%5").arg(a.label, phase).arg(a.x, 0, 'f', 1).arg(a.y, 0, 'f', 1).arg(held));
    goalLabel->setText(holder                               ? partnerText(*holder)
                           : a.currentGoal >= 0             ? s.goalLabels[size_t(a.currentGoal)]
                           : a.phase == sim::Phase::Waiting ? QString::fromUtf8(sim::kWaitingReason)
                           : a.phase == sim::Phase::Resting ? tr("none: resting")
                                                            : tr("none"));
    QStringList facts;
    for (size_t f = 0; f < a.facts.size(); ++f)
        if (a.facts[f] != 0)
            facts << QStringLiteral("%1 = %2").arg(bareName(s.factNames[f])).arg(a.facts[f]);
    factsLabel->setText(facts.isEmpty() ? tr("all 0") : facts.join(QStringLiteral(", ")));

    if (a.plan != m_shownPlan || a.action != m_shownAction || a.station != m_shownStation) {
        m_shownPlan = a.plan;
        m_shownAction = a.action;
        m_shownStation = a.station;
        planTree->clear();
        for (size_t k = 0; k < a.plan.size(); ++k) {
            const CompiledAction &act = s.actions[size_t(a.plan[k])];
            // The step under way names the station it goes to; a later one its choices.
            QStringList where;
            if (int(k) == a.planStep && a.station >= 0)
                where << s.stationIds[size_t(a.station)];
            else
                for (const int st : act.stations)
                    where << s.stationIds[size_t(st)];
            auto *step = new QTreeWidgetItem(
                planTree,
                {QStringLiteral("%1. %2").arg(k + 1).arg(s.actionIds[size_t(a.plan[k])]),
                 !where.isEmpty()
                     ? tr("at %1, %2 s, cost %3").arg(where.join(tr(" or "))).arg(act.duration).arg(act.cost)
                     : tr("%1 s, cost %2").arg(act.duration).arg(act.cost)});
            new QTreeWidgetItem(step, {tr("needs"), conditionText(s, s.conditionsOf(act.pre))});
            new QTreeWidgetItem(step, {tr("does"), effectText(s, act)});
            if (int(k) == a.planStep && a.action >= 0) {
                QFont f = step->font(0);
                f.setBold(true);
                step->setFont(0, f);
                step->setBackground(0, QColor(0xd8, 0xe9, 0xfb));
                step->setBackground(1, QColor(0xd8, 0xe9, 0xfb));
                step->setExpanded(true);
            }
        }
        planTree->resizeColumnToContents(0);
    }
    showPlanStrip(a);

    // What Show Search starts from: this moment, as the character sees it.
    m_state = a.facts;
    m_state.insert(m_state.end(), snap.world.begin(), snap.world.end());
    m_x = a.x;
    m_y = a.y;
    // As the run's strip shows the time too (1:04).
    const int clock = int(snap.time);
    m_when = tr("day %1, %2 s (%3:%4)")
                 .arg(snap.day + 1)
                 .arg(snap.time, 0, 'f', 1)
                 .arg(clock / 60)
                 .arg(clock % 60, 2, 10, QLatin1Char('0'));
    m_ballotGoals.clear();
    m_decidingAbout = -1;
    const sim::BallotEntry *open = nullptr; // the most insistent goal that does not hold
    for (const sim::BallotEntry &b : a.ballot) {
        m_ballotGoals.push_back(b.goal);
        if (!b.satisfied && (!open || b.insistence > open->insistence))
            open = &b;
        if (b.goal == a.currentGoal && !b.satisfied)
            m_decidingAbout = b.goal;
    }
    if (m_decidingAbout < 0 && open)
        m_decidingAbout = open->goal;
    searchButton->setEnabled(size_t(m_character) < s.agents.size()
                             && !a.ballot.empty()); // the scenario's own characters
    ballotTable->setRowCount(int(a.ballot.size()));
    ballotTable->setFixedHeight(ballotTable->horizontalHeader()->height() + 22 * int(a.ballot.size()) + 4);
    QStringList why;
    for (size_t r = 0; r < a.ballot.size(); ++r) {
        const sim::BallotEntry &b = a.ballot[r];
        const QString viable = b.satisfied ? tr("holds") : b.viable ? tr("yes") : tr("no plan");
        const QStringList cells = {s.goalLabels[size_t(b.goal)], QString::number(b.insistence, 'f', 2),
                                   b.viable ? QString::number(b.cost) : QStringLiteral("—"),
                                   b.viable ? QString::number(b.score, 'f', 2) : QStringLiteral("—"), viable};
        for (int c = 0; c < cells.size(); ++c) {
            QTableWidgetItem *item = ballotTable->item(int(r), c);
            if (!item)
                ballotTable->setItem(int(r), c, item = new QTableWidgetItem);
            item->setText(cells[c]);
            item->setForeground(!b.viable && !b.satisfied ? QColor(0xb3, 0x26, 0x1e) : QColor(30, 30, 30));
            QFont f = item->font();
            f.setBold(b.goal == a.currentGoal);
            item->setFont(f);
        }
        if (!b.viable && !b.satisfied && !holder) // what the search answered, in words
            why << tr("%1: %2").arg(s.goalLabels[size_t(b.goal)], whyNoPlan(b.reason, s.planner.maxNodes));
        if (!holder && !b.viable && !b.satisfied
            && size_t(m_character) < s.agents.size()) { // the scenario's own characters
            std::vector<std::int32_t> state = a.facts;
            state.insert(state.end(), snap.world.begin(), snap.world.end());
            if (!m_space)
                m_space = std::make_unique<Space>(s);
            // Walls name themselves: "eat at s2: no way there from (1, 1)".
            why << sim::explanationLines(s, sim::explainGoal(s, m_character, b.goal, state, m_space.get(), a.x, a.y));
        }
    }
    switchLabel->setText(a.lastSwitch.isEmpty() ? tr("none yet") : a.lastSwitch);
    failureLabel->setText(a.lastFailure.isEmpty() ? tr("none yet") : a.lastFailure);
    whyLabel->setText(why.join(QLatin1Char('\n')));
    m_form->setRowVisible(whyLabel, !why.isEmpty());
}

} // namespace goap::editor
