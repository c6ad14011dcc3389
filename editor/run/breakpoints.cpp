#include "breakpoints.h"

#include "document/scenariodocument.h"
#include "model/queries.h"
#include "planner/compiledscenario.h"
#include "run/simcontroller.h"
#include "sim/events.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace goap::editor {

namespace {

using Kind = BreakpointSpec::Kind;

bool watchesFact(Kind kind)
{
    return kind == Kind::FactRises || kind == Kind::FactFalls;
}

template<typename List> QString labelOf(const List &list, const QString &id)
{
    for (const auto &item : list)
        if (item.id == id)
            return item.label.isEmpty() ? id : item.label;
    return id;
}

int indexOfId(const std::vector<QString> &ids, const QString &id)
{
    const auto it = std::find(ids.begin(), ids.end(), id);
    return it == ids.end() ? -1 : int(it - ids.begin());
}

QString timeText(int day, double seconds)
{
    const int s = int(seconds);
    return Breakpoints::tr("day %1, %2:%3").arg(day + 1).arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

QString describe(const BreakpointSpec &b, const Scenario &s)
{
    const QString who = b.character.isEmpty() ? QString() : labelOf(s.agents, b.character);
    const QString goal = b.goal.isEmpty() ? QString() : labelOf(s.goals, b.goal);
    switch (b.kind) {
    case Kind::FactRises:
    case Kind::FactFalls: {
        const QString fact = who.isEmpty() ? b.fact : Breakpoints::tr("%1's %2").arg(who, b.fact);
        return b.kind == Kind::FactRises ? Breakpoints::tr("%1 rises to %2").arg(fact).arg(b.value)
                                         : Breakpoints::tr("%1 falls below %2").arg(fact).arg(b.value);
    }
    case Kind::GoalSwitch:
        if (goal.isEmpty())
            return who.isEmpty() ? Breakpoints::tr("Anyone switches goal")
                                 : Breakpoints::tr("%1 switches goal").arg(who);
        return who.isEmpty() ? Breakpoints::tr("Anyone switches to %1").arg(goal)
                             : Breakpoints::tr("%1 switches to %2").arg(who, goal);
    case Kind::PlanFails:
        return who.isEmpty() ? Breakpoints::tr("Anyone's plan fails") : Breakpoints::tr("%1's plan fails").arg(who);
    case Kind::NoPlan:
        return who.isEmpty() ? Breakpoints::tr("Anyone has no plan") : Breakpoints::tr("%1 has no plan").arg(who);
    case Kind::QuotaMet: {
        const QString quota = goal.isEmpty() ? Breakpoints::tr("A quota") : goal;
        return who.isEmpty() ? Breakpoints::tr("%1 is met").arg(quota)
                             : Breakpoints::tr("%1 is met by %2").arg(quota, who);
    }
    }
    return {};
}

std::optional<BreakpointSpec> parseBreakpoint(const QString &text, const Scenario &s, QString *why)
{
    const auto fail = [why](const QString &reason) {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    BreakpointSpec b;
    const qsizetype ge = text.indexOf(QLatin1String(">=")), lt = text.indexOf(u'<');
    if (ge > 0 || lt > 0) {
        b.kind = ge > 0 ? Kind::FactRises : Kind::FactFalls;
        QString fact = text.left(ge > 0 ? ge : lt).trimmed();
        bool ok = false;
        b.value = text.mid(ge > 0 ? ge + 2 : lt + 1).trimmed().toInt(&ok);
        if (!ok)
            return fail(Breakpoints::tr("%1: the value is not a whole number").arg(text));
        if (const qsizetype colon = fact.indexOf(u':'); colon >= 0) {
            b.character = fact.left(colon);
            fact = fact.mid(colon + 1);
        }
        b.fact = fact;
    } else {
        const QStringList parts = text.split(u':');
        const QString kind = parts.value(0).trimmed().toLower();
        if (kind == u"switch")
            b.kind = Kind::GoalSwitch;
        else if (kind == u"planfails")
            b.kind = Kind::PlanFails;
        else if (kind == u"noplan")
            b.kind = Kind::NoPlan;
        else if (kind == u"quota")
            b.kind = Kind::QuotaMet;
        else
            return fail(Breakpoints::tr("%1: not a breakpoint (FACT<N, FACT>=N, ID:agent.FACT>=N, switch, planfails, "
                                        "noplan or quota, each with :ID)")
                            .arg(text));
        const bool goals = b.kind == Kind::GoalSwitch || b.kind == Kind::QuotaMet;
        if (parts.size() > (goals ? 3 : 2))
            return fail(Breakpoints::tr("%1: too many parts").arg(text));
        b.character = parts.value(1).trimmed();
        b.goal = parts.value(2).trimmed();
    }
    const auto has = [](const auto &list, const QString &id) {
        return std::any_of(list.begin(), list.end(), [&](const auto &item) { return item.id == id; });
    };
    if (!b.character.isEmpty() && !has(s.agents, b.character))
        return fail(Breakpoints::tr("%1: no character %2").arg(text, b.character));
    if (!b.goal.isEmpty() && !has(s.goals, b.goal))
        return fail(Breakpoints::tr("%1: no goal %2").arg(text, b.goal));
    if (watchesFact(b.kind)) {
        if (!factsInUse(s).contains(b.fact))
            return fail(Breakpoints::tr("%1: the scenario has no fact %2").arg(text, b.fact));
        const bool own = b.fact.startsWith(QLatin1String("agent."));
        if (own && b.character.isEmpty())
            return fail(Breakpoints::tr("%1: whose %2? (ID:%2)").arg(text, b.fact));
        if (!own && !b.character.isEmpty())
            return fail(Breakpoints::tr("%1: a world fact belongs to nobody").arg(text));
    }
    return b;
}

Breakpoints::Breakpoints(SimController *controller, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
{
    connect(controller, &SimController::runStarted, this, [this] {
        m_lastHit = 0;
        for (Entry &e : m_entries)
            e.hits = 0;
        send();
        emit changed();
    });
    connect(controller, &SimController::frameApplied, this, &Breakpoints::onFrame);
}

int Breakpoints::indexOf(int id) const
{
    for (int i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].id == id)
            return i;
    return -1;
}

int Breakpoints::add(const BreakpointSpec &spec)
{
    BreakpointSpec enabled = spec;
    enabled.enabled = true;
    for (Entry &e : m_entries) {
        BreakpointSpec other = e.spec;
        other.enabled = true;
        if (other == enabled) {
            setEnabled(e.id, true);
            return e.id;
        }
    }
    m_entries.append({m_nextId++, enabled, 0});
    send();
    emit changed();
    return m_entries.back().id;
}

void Breakpoints::remove(int id)
{
    const int i = indexOf(id);
    if (i < 0)
        return;
    m_entries.removeAt(i);
    send();
    emit changed();
}

void Breakpoints::clear()
{
    if (m_entries.isEmpty())
        return;
    m_entries.clear();
    send();
    emit changed();
}

void Breakpoints::setEnabled(int id, bool enabled)
{
    const int i = indexOf(id);
    if (i < 0 || m_entries[i].spec.enabled == enabled)
        return;
    m_entries[i].spec.enabled = enabled;
    send();
    emit changed();
}

bool Breakpoints::fits(const BreakpointSpec &b, const Scenario &s, const QStringList &facts)
{
    const auto has = [](const auto &list, const QString &id) {
        return std::any_of(list.begin(), list.end(), [&](const auto &item) { return item.id == id; });
    };
    if (!b.character.isEmpty() && !has(s.agents, b.character))
        return false;
    if (watchesFact(b.kind))
        return facts.contains(b.fact) && b.fact.startsWith(QLatin1String("agent.")) == !b.character.isEmpty();
    return b.goal.isEmpty() || has(s.goals, b.goal);
}

bool Breakpoints::fits(const BreakpointSpec &b, const CompiledScenario &s)
{
    const int character = b.character.isEmpty() ? -1 : indexOfId(s.agentIds, b.character);
    if (!b.character.isEmpty() && character < 0)
        return false;
    if (watchesFact(b.kind)) {
        const FactId f = s.fact(b.fact);
        return f >= 0 && (s.isWorldFact(f) ? character < 0 : character >= 0);
    }
    return b.goal.isEmpty() || indexOfId(s.goalIds, b.goal) >= 0;
}

std::vector<sim::Breakpoint> Breakpoints::compile(const CompiledScenario &s) const
{
    std::vector<sim::Breakpoint> out;
    for (const Entry &e : m_entries) {
        const BreakpointSpec &b = e.spec;
        if (!b.enabled || !fits(b, s))
            continue;
        out.push_back({.kind = b.kind,
                       .id = e.id,
                       .agent = b.character.isEmpty() ? -1 : indexOfId(s.agentIds, b.character),
                       .fact = watchesFact(b.kind) ? s.fact(b.fact) : -1,
                       .goal = b.goal.isEmpty() ? -1 : indexOfId(s.goalIds, b.goal),
                       .value = b.value});
    }
    return out;
}

void Breakpoints::send()
{
    if (const CompiledScenario *s = m_controller->scenario())
        m_controller->setBreakpoints(compile(*s));
}

void Breakpoints::onFrame(const SimFrame &frame)
{
    if (!frame.breakpointHit)
        return;
    const sim::BreakpointHit &h = *frame.breakpointHit;
    const int i = indexOf(h.id);
    const CompiledScenario *s = m_controller->scenario();
    if (i < 0 || !s)
        return; // removed while the frame was on its way
    ++m_entries[i].hits;
    m_lastHit = h.id;
    QString what;
    if (h.event) {
        const QString who = sim::eventName(s->agentLabels, h.agent);
        what = QStringLiteral("%1: %2").arg(who, sim::eventText(*s, m_controller->events(), *h.event));
    } else {
        const BreakpointSpec &b = m_entries[i].spec;
        const QString fact
            = b.character.isEmpty() ? b.fact : tr("%1's %2").arg(sim::eventName(s->agentLabels, h.agent), b.fact);
        what = tr("%1 went from %2 to %3").arg(fact).arg(h.from).arg(h.to);
    }
    emit changed();
    emit hit(h.id, h.agent, tr("Breakpoint at %1 — %2").arg(timeText(h.day, h.time), what));
}

BreakpointsPanel::BreakpointsPanel(Breakpoints *breakpoints, ScenarioDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_breakpoints(breakpoints)
    , m_document(document)
    , m_table(new QTableWidget(0, 3, this))
    , m_add(new QPushButton(tr("&Add..."), this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_clear(new QPushButton(tr("Remove A&ll"), this))
{
    m_table->setObjectName(QStringLiteral("breakpoints"));
    m_table->setHorizontalHeaderLabels({tr("On"), tr("Stop when"), tr("Hits")});
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_table->setToolTip(tr("A play, a run to a time or a step to the next event pauses after the tick where one of "
                           "these happens. The inspector and a fact's context menu add them too."));
    m_add->setToolTip(tr("Stop the run when a fact crosses a value, a character switches goal, a plan fails, a "
                         "character has no plan or a quota is met"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_clear);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addWidget(m_table, 1);

    connect(m_add, &QPushButton::clicked, this, [this] { addWithDialog(); });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        QList<int> ids;
        for (const QModelIndex &row : m_table->selectionModel()->selectedRows())
            ids << m_breakpoints->entries().value(row.row()).id;
        for (int id : ids)
            m_breakpoints->remove(id);
    });
    connect(m_clear, &QPushButton::clicked, m_breakpoints, &Breakpoints::clear);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (item->column() == 0 && item->row() < m_breakpoints->entries().size())
            m_breakpoints->setEnabled(m_breakpoints->entries()[item->row()].id, item->checkState() == Qt::Checked);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_remove->setEnabled(m_table->selectionModel()->hasSelection()); });
    connect(m_breakpoints, &Breakpoints::changed, this, &BreakpointsPanel::rebuild);
    connect(m_document, &ScenarioDocument::changed, this, &BreakpointsPanel::rebuild); // labels
    connect(m_document, &ScenarioDocument::documentReset, this, &BreakpointsPanel::rebuild);
    rebuild();
}

void BreakpointsPanel::rebuild()
{
    const QSignalBlocker blocker(m_table);
    const Scenario &s = m_document->scenario();
    const QList<Breakpoints::Entry> &entries = m_breakpoints->entries();
    if (entries.isEmpty() && m_table->rowCount() == 0)
        return; // nothing to show: an edit of a big scenario costs nothing here
    const QStringList facts = factsInUse(s);
    const int selected = m_table->currentRow();
    m_table->setRowCount(int(entries.size()));
    for (int row = 0; row < entries.size(); ++row) {
        const Breakpoints::Entry &e = entries[row];
        auto *on = new QTableWidgetItem;
        on->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        on->setCheckState(e.spec.enabled ? Qt::Checked : Qt::Unchecked);
        const bool fits = Breakpoints::fits(e.spec, s, facts);
        auto *what = new QTableWidgetItem(fits ? describe(e.spec, s)
                                               : tr("%1 (not in this scenario)").arg(describe(e.spec, s)));
        if (!fits)
            what->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
        auto *hits = new QTableWidgetItem(QString::number(e.hits));
        hits->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        for (QTableWidgetItem *item : {on, what, hits}) {
            if (e.id == m_breakpoints->lastHit())
                item->setBackground(QColor(0xff, 0xe0, 0x8a)); // the one that stopped the run
            m_table->setItem(row, item == on ? 0 : item == what ? 1 : 2, item);
        }
    }
    if (selected >= 0 && selected < m_table->rowCount())
        m_table->selectRow(selected);
    m_remove->setEnabled(m_table->selectionModel()->hasSelection());
    m_clear->setEnabled(!entries.isEmpty());
}

void BreakpointsPanel::addWithDialog(const BreakpointSpec &spec)
{
    const Scenario &s = m_document->scenario();
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("addBreakpoint"));
    dialog.setWindowTitle(tr("Add Breakpoint"));
    auto *kind = new QComboBox(&dialog);
    kind->setObjectName(QStringLiteral("kind"));
    const std::pair<Kind, QString> kinds[]
        = {{Kind::FactRises, tr("A fact rises to a value")},    {Kind::FactFalls, tr("A fact falls below a value")},
           {Kind::GoalSwitch, tr("A character switches goal")}, {Kind::PlanFails, tr("A plan fails its re-check")},
           {Kind::NoPlan, tr("A character has no plan")},       {Kind::QuotaMet, tr("A quota is met")}};
    for (const auto &[k, text] : kinds)
        kind->addItem(text, int(k));
    kind->setCurrentIndex(kind->findData(int(spec.kind)));
    auto *character = new QComboBox(&dialog);
    character->setObjectName(QStringLiteral("character"));
    auto *fact = new QComboBox(&dialog);
    fact->setObjectName(QStringLiteral("fact"));
    fact->addItems(factsInUse(s));
    if (!spec.fact.isEmpty())
        fact->setCurrentIndex(std::max(0, fact->findText(spec.fact)));
    auto *goal = new QComboBox(&dialog);
    goal->setObjectName(QStringLiteral("goal"));
    goal->addItem(tr("any goal"), QString());
    for (const Goal &g : s.goals)
        goal->addItem(g.label.isEmpty() ? g.id : g.label, g.id);
    goal->setCurrentIndex(std::max(0, goal->findData(spec.goal)));
    auto *value = new QSpinBox(&dialog);
    value->setObjectName(QStringLiteral("value"));
    value->setRange(-1000000000, 1000000000);
    value->setValue(spec.value);
    auto *note = new QLabel(&dialog);
    note->setWordWrap(true);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    auto *form = new QFormLayout(&dialog);
    form->addRow(tr("Stop when:"), kind);
    form->addRow(tr("Fact:"), fact);
    form->addRow(tr("Value:"), value);
    form->addRow(tr("Character:"), character);
    form->addRow(tr("Goal:"), goal);
    form->addRow(note);
    form->addRow(box);
    connect(box, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);

    const auto current = [&] {
        BreakpointSpec b;
        b.kind = Kind(kind->currentData().toInt());
        b.character = character->currentData().toString();
        if (watchesFact(b.kind)) {
            b.fact = fact->currentText();
            b.value = value->value();
        } else if (b.kind == Kind::GoalSwitch || b.kind == Kind::QuotaMet) {
            b.goal = goal->currentData().toString();
        }
        return b;
    };
    // Who can be named depends on what is watched: a world fact has nobody,
    // a character's own fact needs its character, events anyone or one.
    const auto refresh = [&] {
        const Kind k = Kind(kind->currentData().toInt());
        const bool facts = watchesFact(k);
        const bool agentFact = facts && fact->currentText().startsWith(QLatin1String("agent."));
        const QString keep = character->currentData().toString();
        {
            const QSignalBlocker blocker(character);
            character->clear();
            if (!agentFact)
                character->addItem(facts ? tr("(the world)") : tr("anyone"), QString());
            if (!facts || agentFact)
                for (const Agent &a : s.agents)
                    character->addItem(a.label.isEmpty() ? a.id : a.label, a.id);
            character->setCurrentIndex(std::max(0, character->findData(keep)));
        }
        for (QWidget *w : {static_cast<QWidget *>(fact), static_cast<QWidget *>(value)}) {
            w->setVisible(facts);
            form->labelForField(w)->setVisible(facts);
        }
        const bool goals = k == Kind::GoalSwitch || k == Kind::QuotaMet;
        goal->setVisible(goals);
        form->labelForField(goal)->setVisible(goals);
        const bool ok = !facts || (fact->count() > 0 && character->count() > 0);
        box->button(QDialogButtonBox::Ok)->setEnabled(ok);
        note->setText(ok ? tr("The run pauses after the tick where this happens: %1.").arg(describe(current(), s))
                         : tr("The scenario has no facts to watch."));
    };
    character->addItem(QString(), spec.character); // so refresh() keeps the one asked for
    character->setCurrentIndex(0);
    refresh();
    connect(kind, &QComboBox::currentIndexChanged, &dialog, refresh);
    connect(fact, &QComboBox::currentIndexChanged, &dialog, refresh);
    connect(character, &QComboBox::currentIndexChanged, &dialog, refresh);
    connect(goal, &QComboBox::currentIndexChanged, &dialog, refresh);
    connect(value, &QSpinBox::valueChanged, &dialog, refresh);
    if (dialog.exec() == QDialog::Accepted)
        m_breakpoints->add(current());
}

} // namespace goap::editor
