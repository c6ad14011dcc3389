#include "goalform.h"

#include "forms/facttable.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSignalBlocker>

namespace goap::editor {

GoalForm::GoalForm(ScenarioDocument *document, QWidget *parent)
    : FormPage(document, tr("Goal"), parent)
{
    idEdit = makeIdEdit([this] { return idsOf(m_document->scenario().goals); },
                        [this] { return m_index >= 0 ? current().id : QString(); },
                        [this](const QString &id) {
                            Goal g = current();
                            g.id = id;
                            return m_document->submit(
                                edits::setEntity(m_document->scenario(), EntityKind::Goal, m_index, g, Field::Id));
                        });
    addRow(tr("&Id"), idEdit,
           tr("The goal's unique id; characters hold goals by id. Renaming updates every character."));
    labelEdit = new QLineEdit(this);
    addRow(
        tr("&Label"), labelEdit,
        tr("The name used in the ballot and in switch reasons such as \"Hunger (0.72) overtook Smelt iron (0.51)\"."));
    kindBox = new QComboBox(this);
    kindBox->addItem(tr("need: climbs, is spent when satisfied"), int(GoalKind::Need));
    kindBox->addItem(tr("quota: grows with the day, silent once met"), int(GoalKind::Quota));
    kindBox->addItem(tr("maximise: as much of a fact as a budget allows"), int(GoalKind::Maximise));
    kindBox->addItem(tr("minimise: as little of a fact as a budget allows"), int(GoalKind::Minimise));
    addRow(tr("&Kind"), kindBox,
           tr("need: insistence climbs at its rate and resets when satisfied, spending its conditions. "
              "quota: insistence = urgency x day progress x shortfall; phrase it against a tally. "
              "maximise / minimise: the plan is the highest (lowest) value of its fact that a plan costing at "
              "most its budget can reach; insistence climbs like a need's and resets when that plan is done."));
    factBox = new QComboBox(this);
    addRow(tr("&Fact"), factBox,
           tr("Maximise / minimise: the fact compared, in the plan's final state (agent.gold, world.damage)."));
    budgetBox = makeDouble(0, 1e9, 2, 1, {}, tr("a budget is 0 or more"));
    addRow(tr("&Budget"), budgetBox,
           tr("Maximise / minimise: the most a plan may cost in all (inclusive). A bigger budget looks further "
              "ahead and searches more states."));
    conditionTable = new FactTable(FactTable::Mode::Conditions, this);
    addRow(tr("&Conditions"), conditionTable,
           tr("The goal holds when every row holds. A >= minimum is at least 1; a need spends what its >= and > rows "
              "ask for when met."));
    startBox = makeDouble(0, 1, 3, 0.05, {}, tr("insistence runs from 0 to 1"));
    addRow(tr("&Start"), startBox, tr("Need: insistence at dawn and after each satisfaction (0..1)."));
    rateBox = makeDouble(0, 1000, 4, 0.001, tr(" /s"), tr("a rate is 0 or more (at most 1000 a second)"));
    addRow(tr("&Rate"), rateBox,
           tr("Need: insistence gained per simulated second, clamped at 1. Characters may override it."));
    urgencyBox = makeDouble(0, 1000, 3, 0.1, {}, tr("an urgency is 0 or more (at most 1000)"));
    addRow(tr("&Urgency"), urgencyBox,
           tr("Quota: insistence = urgency x day progress x shortfall. Characters may override it."));

    connect(labelEdit, &QLineEdit::editingFinished, this, [this] {
        if (m_indices.size() > 1 && labelEdit->text().isEmpty())
            return; // "mixed" left as it was
        const QString label = labelEdit->text();
        change(Field::Label, [&](Goal &g) { g.label = label; });
    });
    connect(kindBox, &QComboBox::activated, this, [this] {
        Goal g = current();
        const GoalKind was = g.kind;
        g.kind = GoalKind(kindBox->currentData().toInt());
        if (isExtreme(g.kind) && !isExtreme(was)) {
            // Its first condition's fact (else the first fact in use) within a budget of 10.
            const QStringList facts = factsInUse(m_document->scenario());
            g.fact = !g.conditions.isEmpty() ? g.conditions.first().fact
                : facts.isEmpty()            ? QStringLiteral("agent.fact")
                                             : facts.first();
            g.budget = 10;
            g.conditions.clear();
        } else if (!isExtreme(g.kind) && isExtreme(was)) {
            g.conditions = {Condition {g.fact, 1, ConditionOp::Ge}}; // at least one of what it compared
            g.fact.clear();
            g.budget = 0;
        }
        apply(g, Field::GoalKind);
    });
    connect(factBox, &QComboBox::activated, this, [this] {
        const QString fact = factBox->currentText();
        change(Field::GoalFact, [&](Goal &g) { g.fact = fact; });
    });
    connect(budgetBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Budget, [&](Goal &g) { g.budget = v; }); });
    connect(conditionTable, &FactTable::edited, this, [this] {
        Goal g = current();
        g.conditions = conditionTable->conditions();
        apply(g, Field::Conditions);
    });
    connect(startBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Start, [&](Goal &g) { g.start = v; }); });
    connect(rateBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Rate, [&](Goal &g) { g.rate = v; }); });
    connect(urgencyBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Urgency, [&](Goal &g) { g.urgency = v; }); });
    followChanges(EntityKind::Goal, {});
}

void GoalForm::refresh()
{
    if (m_index < 0 || m_index >= m_document->scenario().goals.size())
        return;
    const QList<Goal> &list = m_document->scenario().goals;
    pruneIndices(list.size());
    const Goal &g = list[m_index];
    const bool many = m_indices.size() > 1;
    const QSignalBlocker b1(idEdit), b2(labelEdit), b3(kindBox), b4(startBox), b5(rateBox), b6(urgencyBox), b7(factBox),
        b8(budgetBox);
    auto same = [&](auto field) {
        return std::all_of(m_indices.begin(), m_indices.end(), [&](int i) { return field(list[i]) == field(g); });
    };
    setTitle(many ? tr("%1 goals, edited together").arg(m_indices.size()) : tr("Goal: %1").arg(g.label));
    idEdit->setEnabled(!many);
    idEdit->setText(many ? QString() : g.id);
    idEdit->setPlaceholderText(many ? tr("one at a time") : QString());
    showText(labelEdit, same([](const Goal &x) { return x.label; }), g.label);
    kindBox->setCurrentIndex(kindBox->findData(int(g.kind)));
    kindBox->setEnabled(!many);
    conditionTable->setFactChoices(factsInUse(m_document->scenario()));
    conditionTable->setConditions(g.conditions);
    const bool extreme = isExtreme(g.kind);
    conditionTable->setEnabled(!many && !extreme);
    factBox->clear();
    if (extreme) {
        QStringList facts = factsInUse(m_document->scenario());
        if (!facts.contains(g.fact))
            facts.prepend(g.fact);
        factBox->addItems(facts);
        factBox->setCurrentIndex(int(facts.indexOf(g.fact)));
    }
    factBox->setEnabled(!many && extreme);
    showNumber(budgetBox, same([](const Goal &x) { return x.budget; }), g.budget);
    budgetBox->setEnabled(!many && extreme);
    showNumber(startBox, same([](const Goal &x) { return x.start; }), g.start);
    showNumber(rateBox, same([](const Goal &x) { return x.rate; }), g.rate);
    showNumber(urgencyBox, same([](const Goal &x) { return x.urgency; }), g.urgency);
    // A need's start and rate, a quota's urgency: open when every selected goal is of that kind.
    const bool needs = std::all_of(m_indices.begin(), m_indices.end(), [&](int i) { return climbs(list[i].kind); });
    const bool quotas
        = std::all_of(m_indices.begin(), m_indices.end(), [&](int i) { return list[i].kind == GoalKind::Quota; });
    startBox->setEnabled(needs);
    rateBox->setEnabled(needs);
    urgencyBox->setEnabled(quotas);
}

void GoalForm::change(Field field, const std::function<void(Goal &)> &edit)
{
    changeSelected(EntityKind::Goal, field, edit);
}

void GoalForm::refreshField(Field field)
{
    const QList<Goal> &list = m_document->scenario().goals;
    if (m_index < 0 || m_index >= list.size())
        return;
    const Goal &g = list[m_index];
    auto same = [&](auto value) {
        return std::all_of(m_indices.begin(), m_indices.end(),
                           [&](int i) { return i < list.size() && value(list[i]) == value(g); });
    };
    const QSignalBlocker b1(labelEdit), b2(startBox), b3(rateBox), b4(urgencyBox), b5(budgetBox);
    switch (field) {
    case Field::Label:
        showText(labelEdit, same([](const Goal &x) { return x.label; }), g.label);
        if (m_indices.size() <= 1)
            setTitle(tr("Goal: %1").arg(g.label));
        return;
    case Field::Start:
        showNumber(startBox, same([](const Goal &x) { return x.start; }), g.start);
        return;
    case Field::Rate:
        showNumber(rateBox, same([](const Goal &x) { return x.rate; }), g.rate);
        return;
    case Field::Urgency:
        showNumber(urgencyBox, same([](const Goal &x) { return x.urgency; }), g.urgency);
        return;
    case Field::Budget:
        showNumber(budgetBox, same([](const Goal &x) { return x.budget; }), g.budget);
        return;
    default:
        refresh();
    }
}

void GoalForm::apply(const Goal &goal, Field field)
{
    setShown(EntityKind::Goal, goal, field);
}

} // namespace goap::editor
