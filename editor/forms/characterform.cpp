#include "characterform.h"

#include "forms/facttable.h"
#include "model/factname.h"

#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalBlocker>
#include <QTableWidget>

namespace goap::editor {

namespace {
enum GoalColumn { GoalName, Start, Rate, Urgency };

QString optionalText(const std::optional<double> &v)
{
    return v ? QString::number(*v) : QString();
}
} // namespace

CharacterForm::CharacterForm(ScenarioDocument *document, bool templates, QWidget *parent)
    : FormPage(document, templates ? tr("Template") : tr("Character"), parent)
    , m_templates(templates)
{
    idEdit = makeIdEdit(
        [this] { return idsOf(m_document->scenario().agents) + idsOf(m_document->scenario().templates); },
        [this] { return m_index >= 0 ? current().id : QString(); },
        [this](const QString &id) {
            Agent a = current();
            a.id = id;
            return m_document->submit(edits::setEntity(m_document->scenario(), kind(), m_index, a, Field::Id));
        });
    addRow(tr("&Id"), idEdit, tr("The character's unique id, used in event logs and reports."));
    labelEdit = new QLineEdit(this);
    addRow(tr("&Label"), labelEdit, tr("The name shown on the map and in the inspector."));
    xBox = makeDouble(-1e6, 1e6, 2, 0.5);
    addRow(tr("Start &X"), xBox,
           tr("Where the character stands at dawn, in world units. Drag it on the map to move it."));
    yBox = makeDouble(-1e6, 1e6, 2, 0.5);
    addRow(tr("Start &Y"), yBox, tr("Where the character stands at dawn, in world units from the top."));
    speedBox = makeDouble(0.01, 1e4, 2, 0.25, tr(" /s"), tr("a character walks at more than 0 units a second"));
    addRow(tr("&Speed"), speedBox,
           tr("Walking speed in world units per simulated second (straight lines, no pathfinding)."));
    factTable = new FactTable(FactTable::Mode::Seeds, this);
    addRow(tr("Own &facts"), factTable,
           tr("Initial values of its own (agent.) facts, restored at every dawn; names without the agent. prefix."));
    actionList = new QListWidget(this);
    actionList->setMinimumHeight(90);
    addRow(tr("&Actions"), actionList, tr("The actions this character can do: its planner only chains these."));
    goalTable = new QTableWidget(0, 4, this);
    goalTable->setHorizontalHeaderLabels({tr("Goal"), tr("start"), tr("rate"), tr("urgency")});
    goalTable->horizontalHeader()->setStretchLastSection(false);
    goalTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    goalTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    goalTable->horizontalHeader()->setMinimumSectionSize(52);
    goalTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    goalTable->setMinimumHeight(130);
    goalTable->verticalHeader()->hide();
    goalTable->setTabKeyNavigation(false);
    goalTable->setMinimumHeight(90);
    addRow(tr("&Goals"), goalTable,
           tr("Tick the goals this character holds. Overrides (leave empty for the goal's own): "
              "start and rate for needs, urgency for quotas."));

    connect(labelEdit, &QLineEdit::editingFinished, this, [this] {
        if (m_indices.size() > 1 && labelEdit->text().isEmpty())
            return; // "mixed" left as it was
        const QString label = labelEdit->text();
        change(Field::Label, [&](Agent &a) { a.label = label; });
    });
    connect(xBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Position, [&](Agent &a) { a.at.x = v; }); });
    connect(yBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Position, [&](Agent &a) { a.at.y = v; }); });
    connect(speedBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Speed, [&](Agent &a) { a.speed = v; }); });
    connect(factTable, &FactTable::edited, this, [this] {
        Agent a = current();
        a.facts = factTable->seeds();
        apply(a, Field::Facts);
    });
    connect(actionList, &QListWidget::itemChanged, this, [this](QListWidgetItem *toggled) {
        if (m_filling)
            return;
        // The toggled action is given to (or taken from) everyone shown; the
        // rest of each one's actions stay. Actions are kept in scenario order.
        const QString id = toggled->data(Qt::UserRole).toString();
        const bool give = toggled->checkState() != Qt::Unchecked;
        const QList<Action> &all = m_document->scenario().actions;
        change(Field::Actions, [&](Agent &a) {
            QStringList actions;
            for (const Action &act : all)
                if (act.id == id ? give : a.actions.contains(act.id))
                    actions << act.id;
            a.actions = actions;
        });
    });
    connect(goalTable, &QTableWidget::itemChanged, this, [this] {
        if (!m_filling)
            applyGoals();
    });
    followChanges(kind(), Section::Actions | Section::Goals | Section::Characters | Section::Templates);
    if (templates) {
        xBox->setToolTip(tr("Unused for a template: each copy appears where its spawner is."));
        yBox->setToolTip(xBox->toolTip());
    }
}

void CharacterForm::change(Field field, const std::function<void(Agent &)> &edit)
{
    changeSelected(kind(), field, edit);
}

void CharacterForm::refreshField(Field field)
{
    if (m_index < 0 || m_index >= list().size())
        return;
    const Agent &a = list()[m_index];
    auto same = [&](auto value) {
        return std::all_of(m_indices.begin(), m_indices.end(),
                           [&](int i) { return i < list().size() && value(list()[i]) == value(a); });
    };
    const QSignalBlocker b1(idEdit), b2(labelEdit), b3(xBox), b4(yBox), b5(speedBox);
    switch (field) {
    case Field::Label:
        showText(labelEdit, same([](const Agent &x) { return x.label; }), a.label);
        if (m_indices.size() <= 1)
            setTitle((m_templates ? tr("Template: %1") : tr("Character: %1")).arg(a.label));
        return;
    case Field::Position:
        showNumber(xBox, same([](const Agent &x) { return x.at.x; }), a.at.x);
        showNumber(yBox, same([](const Agent &x) { return x.at.y; }), a.at.y);
        return;
    case Field::Speed:
        showNumber(speedBox, same([](const Agent &x) { return x.speed; }), a.speed);
        return;
    default:
        refresh();
    }
}

void CharacterForm::refresh()
{
    if (m_index < 0 || m_index >= list().size())
        return;
    pruneIndices(list().size());
    const Scenario &s = m_document->scenario();
    const Agent &a = list()[m_index];
    const bool many = m_indices.size() > 1;
    const QSignalBlocker b1(idEdit), b2(labelEdit), b3(xBox), b4(yBox), b5(speedBox);
    m_filling = true;
    // What every one shown has alike, or nothing (mixed).
    auto same = [&](auto field) {
        for (int i : m_indices)
            if (!(field(list()[i]) == field(a)))
                return false;
        return true;
    };
    if (many)
        setTitle((m_templates ? tr("%1 templates, edited together") : tr("%1 characters, edited together"))
                     .arg(m_indices.size()));
    else
        setTitle((m_templates ? tr("Template: %1") : tr("Character: %1")).arg(a.label));
    idEdit->setEnabled(!many);
    idEdit->setText(many ? QString() : a.id);
    idEdit->setPlaceholderText(many ? tr("one at a time") : QString());
    showText(labelEdit, same([](const Agent &x) { return x.label; }), a.label);
    showNumber(xBox, same([](const Agent &x) { return x.at.x; }), a.at.x);
    showNumber(yBox, same([](const Agent &x) { return x.at.y; }), a.at.y);
    showNumber(speedBox, same([](const Agent &x) { return x.speed; }), a.speed);
    for (QWidget *w : {static_cast<QWidget *>(factTable), static_cast<QWidget *>(goalTable)}) {
        w->setEnabled(!many);
        w->setStatusTip(many ? tr("Select one character to edit this") : QString());
    }
    QStringList agentFacts;
    for (const QString &f : factsInUse(m_document->scenario()))
        if (f.startsWith(u"agent."))
            agentFacts << bareName(f);
    factTable->setFactChoices(agentFacts);
    factTable->setSeeds(a.facts);

    // Actions in scenario order; ones the character has that no longer exist cannot occur (removal updates it).
    actionList->clear();
    for (const Action &act : s.actions) {
        auto *item = new QListWidgetItem(QStringLiteral("%1 (%2)").arg(act.label, act.id), actionList);
        item->setData(Qt::UserRole, act.id);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        int holders = 0;
        for (int i : m_indices)
            holders += list()[i].actions.contains(act.id);
        item->setCheckState(holders == 0                           ? Qt::Unchecked
                                : holders == int(m_indices.size()) ? Qt::Checked
                                                                   : Qt::PartiallyChecked);
    }

    // Held goals first, in the character's order, then the others.
    goalTable->setRowCount(0);
    auto addGoalRow = [&](const Goal &g, const GoalRef *ref) {
        const int row = goalTable->rowCount();
        goalTable->insertRow(row);
        auto *name = new QTableWidgetItem(QStringLiteral("%1 (%2)").arg(g.label, g.id));
        name->setData(Qt::UserRole, g.id);
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        name->setCheckState(ref ? Qt::Checked : Qt::Unchecked);
        goalTable->setItem(row, GoalName, name);
        const bool need = climbs(g.kind); // a need's, a maximise or minimise goal's start and rate
        const std::pair<int, QString> cells[] = {{Start, ref ? optionalText(ref->start) : QString()},
                                                 {Rate, ref ? optionalText(ref->rate) : QString()},
                                                 {Urgency, ref ? optionalText(ref->urgency) : QString()}};
        for (const auto &[column, text] : cells) {
            auto *item = new QTableWidgetItem(text);
            const bool applies = column == Urgency ? !need : need;
            item->setFlags(applies && ref ? Qt::ItemIsEnabled | Qt::ItemIsEditable | Qt::ItemIsSelectable
                                          : Qt::ItemFlags());
            const double own = column == Start ? g.start : column == Rate ? g.rate : g.urgency;
            item->setToolTip(applies ? tr("Empty: the goal's own value, %1").arg(own)
                                     : tr("Does not apply to a %1").arg(toString(g.kind)));
            goalTable->setItem(row, column, item);
        }
    };
    for (const GoalRef &r : a.goals)
        if (const Goal *g = s.goal(r.goal))
            addGoalRow(*g, &r);
    for (const Goal &g : s.goals)
        if (std::none_of(a.goals.begin(), a.goals.end(), [&](const GoalRef &r) { return r.goal == g.id; }))
            addGoalRow(g, nullptr);
    m_filling = false;
}

void CharacterForm::applyGoals()
{
    Agent a = current();
    a.goals.clear();
    for (int row = 0; row < goalTable->rowCount(); ++row) {
        if (goalTable->item(row, GoalName)->checkState() != Qt::Checked)
            continue;
        GoalRef r;
        r.goal = goalTable->item(row, GoalName)->data(Qt::UserRole).toString();
        const GoalRef *old = nullptr;
        for (const GoalRef &x : current().goals)
            if (x.goal == r.goal)
                old = &x;
        auto read = [&](int column, std::optional<double> &out) -> bool {
            const QString text = goalTable->item(row, column)->text().trimmed();
            if (text.isEmpty() || !(goalTable->item(row, column)->flags() & Qt::ItemIsEditable))
                return true;
            bool ok = false;
            const double v = text.toDouble(&ok);
            if (!ok || v < 0 || (column == Start && v > 1))
                return false;
            out = v;
            return true;
        };
        if (old) {
            if (!read(Start, r.start) || !read(Rate, r.rate) || !read(Urgency, r.urgency)) {
                report(tr("An override must be a number >= 0 (start at most 1), or empty for the goal's own value."));
                return;
            }
        }
        a.goals.append(r);
    }
    apply(a, Field::Goals);
}

void CharacterForm::apply(const Agent &character, Field field)
{
    setShown(kind(), character, field);
}

} // namespace goap::editor
