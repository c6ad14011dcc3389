#include "actionform.h"

#include "forms/facttable.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalBlocker>

namespace goap::editor {

ActionForm::ActionForm(ScenarioDocument *document, QWidget *parent)
    : FormPage(document, tr("Action"), parent)
{
    idEdit = makeIdEdit([this] { return idsOf(m_document->scenario().actions); },
                        [this] { return m_index >= 0 ? current().id : QString(); },
                        [this](const QString &id) {
                            Action a = current();
                            a.id = id;
                            return m_document->submit(
                                edits::setEntity(m_document->scenario(), EntityKind::Action, m_index, a, Field::Id));
                        });
    addRow(tr("&Id"), idEdit,
           tr("The action's unique id; characters list the ids of the actions they can do. Renaming updates every "
              "character."));
    labelEdit = new QLineEdit(this);
    addRow(tr("&Label"), labelEdit, tr("The name shown over a character while it does this action."));
    stationBox = new QComboBox(this);
    addRow(tr("&Station"), stationBox,
           tr("Where the action is done: the character walks there first, round the walls. None: where it stands."));
    alternativesEdit = new QLineEdit(this);
    alternativesEdit->setPlaceholderText(tr("(none)"));
    addRow(tr("&Also at"), alternativesEdit,
           tr("More stations where it can be done, as ids separated by commas (e.g. wellSouth): "
              "the planner chooses one per step (by path when planner.travelCost is above 0, "
              "else the nearest one on the way). A version 2 file."));
    durationBox = makeDouble(0.01, 1e6, 2, 0.5, tr(" s"), tr("an action takes more than 0 s"));
    addRow(tr("&Duration"), durationBox,
           tr("Simulated seconds the action takes once started. Underway it is atomic: no further checks."));
    costBox = makeDouble(0, 1e6, 2, 0.5, {}, tr("a cost is 0 or more (the planner adds costs up)"));
    addRow(tr("&Cost"), costBox,
           tr("What the planner minimises: a plan's cost is the sum of its actions' costs; the ballot subtracts the "
              "scenario's cost weight (%1 by default) x cost.")
               .arg(PlannerSettings {}.costWeight));
    preTable = new FactTable(FactTable::Mode::Conditions, this);
    addRow(tr("&Needs"), preTable,
           tr("Preconditions: every row (fact, operator, value) must hold to plan this action, and again on its first "
              "tick of acting."));
    effectTable = new FactTable(FactTable::Mode::Effects, this);
    addRow(tr("&Effects"), effectTable,
           tr("set: fact = value on completion. add: fact += value on completion; a negative add spends, taken when "
              "the action starts. "
              "partner.X writes the partner's own fact X on completion."));
    enqueueEdit = new QLineEdit(this);
    enqueueEdit->setPlaceholderText(tr("(none)"));
    addRow(tr("&Joins queue"), enqueueEdit,
           tr("On completion the character joins the back of this queue; world.queue.<name> is its length."));
    takePartnerEdit = new QLineEdit(this);
    takePartnerEdit->setPlaceholderText(tr("(none)"));
    addRow(tr("&Takes partner from"), takePartnerEdit,
           tr("On start the character takes the front of this queue as its partner, who "
              "walks to it; the re-check fails when the queue is empty."));
    releaseBox = new QCheckBox(tr("let the partner go on completion"), this);
    addRow(tr("&Release"), releaseBox, tr("On completion the partner is let go and plans again from its new facts."));
    leaveBox = new QCheckBox(tr("leave the simulation on completion"), this);
    addRow(tr("Lea&ve"), leaveBox,
           tr("On completion the character leaves the simulation (a spawned patient going home, say)."));
    externalBox = new QCheckBox(tr("performed by the game"), this);
    addRow(tr("E&xternal"), externalBox,
           tr("A game running the scenario through the C API performs this action and says when it is done "
              "(goap_action_finish). Here and in goap-sim it takes its duration and succeeds."));
    auto queueEdited = [this](QLineEdit *edit, QString Action::*field, Field name) {
        connect(edit, &QLineEdit::editingFinished, this, [this, edit, field, name] {
            Action a = current();
            if (a.*field == edit->text().trimmed())
                return;
            a.*field = edit->text().trimmed();
            apply(a, name);
        });
    };
    queueEdited(enqueueEdit, &Action::enqueue, Field::QueueJoined);
    queueEdited(takePartnerEdit, &Action::takePartner, Field::PartnerQueue);
    connect(releaseBox, &QCheckBox::toggled, this, [this](bool on) {
        Action a = current();
        a.release = on;
        apply(a, Field::Release);
    });
    connect(leaveBox, &QCheckBox::toggled, this, [this](bool on) {
        Action a = current();
        a.leave = on;
        apply(a, Field::Leave);
    });
    connect(externalBox, &QCheckBox::toggled, this, [this](bool on) {
        Action a = current();
        a.external = on;
        apply(a, Field::External);
    });

    connect(labelEdit, &QLineEdit::editingFinished, this, [this] {
        if (m_indices.size() > 1 && labelEdit->text().isEmpty())
            return; // "mixed" left as it was
        const QString label = labelEdit->text();
        change(Field::Label, [&](Action &a) { a.label = label; });
    });
    connect(stationBox, &QComboBox::activated, this, [this] {
        const QString station = stationBox->currentData().toString();
        if (station == QStringLiteral("\x01mixed"))
            return; // "mixed" left as it was
        change(Field::Stations, [&](Action &a) {
            a.station = station;
            if (station.isEmpty())
                a.alternatives.clear(); // where it stands: nowhere else
            a.alternatives.removeAll(station);
        });
    });
    connect(alternativesEdit, &QLineEdit::editingFinished, this, [this] {
        QStringList ids;
        for (const QString &id : alternativesEdit->text().split(u',', Qt::SkipEmptyParts))
            if (!id.trimmed().isEmpty())
                ids << id.trimmed();
        Action a = current();
        if (a.alternatives == ids)
            return;
        if (!ids.isEmpty() && a.station.isEmpty()) {
            refuse(alternativesEdit, tr("Choose the station first: these are the stations it can be done at as well."));
            return;
        }
        a.alternatives = ids;
        apply(a, Field::Stations);
    });
    connect(durationBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Duration, [&](Action &a) { a.duration = v; }); });
    connect(costBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Cost, [&](Action &a) { a.cost = v; }); });
    connect(preTable, &FactTable::edited, this, [this] {
        Action a = current();
        a.pre = preTable->conditions();
        apply(a, Field::Needs);
    });
    connect(effectTable, &FactTable::edited, this, [this] {
        Action a = current();
        a.set = effectTable->setEffects();
        a.add = effectTable->addEffects();
        apply(a, Field::Effects);
    });
    followChanges(EntityKind::Action, Section::Stations);
}

void ActionForm::refresh()
{
    if (m_index < 0 || m_index >= m_document->scenario().actions.size())
        return;
    const Scenario &s = m_document->scenario();
    pruneIndices(s.actions.size());
    const Action &a = s.actions[m_index];
    const bool many = m_indices.size() > 1;
    const QSignalBlocker b1(idEdit), b2(labelEdit), b3(stationBox), b4(durationBox), b5(costBox), b6(enqueueEdit),
        b7(takePartnerEdit), b8(releaseBox), b9(leaveBox), b10(alternativesEdit), b11(externalBox);
    auto same = [&](auto field) {
        return std::all_of(m_indices.begin(), m_indices.end(), [&](int i) { return field(s.actions[i]) == field(a); });
    };
    setTitle(many ? tr("%1 actions, edited together").arg(m_indices.size()) : tr("Action: %1").arg(a.label));
    idEdit->setEnabled(!many);
    idEdit->setText(many ? QString() : a.id);
    idEdit->setPlaceholderText(many ? tr("one at a time") : QString());
    showText(labelEdit, same([](const Action &x) { return x.label; }), a.label);
    stationBox->clear();
    const bool sameStation = same([](const Action &x) { return x.station; });
    if (!sameStation)
        stationBox->addItem(mixedText(), QStringLiteral("\x01mixed"));
    stationBox->addItem(tr("(where the character stands)"), QString());
    for (const Station &st : s.stations)
        stationBox->addItem(QStringLiteral("%1 (%2)").arg(st.label, st.id), st.id);
    stationBox->setCurrentIndex(sameStation ? std::max(0, stationBox->findData(a.station)) : 0);
    alternativesEdit->setText(many ? QString() : a.alternatives.join(QStringLiteral(", ")));
    alternativesEdit->setEnabled(!many);
    showNumber(durationBox, same([](const Action &x) { return x.duration; }), a.duration);
    showNumber(costBox, same([](const Action &x) { return x.cost; }), a.cost);
    for (QWidget *one :
         {static_cast<QWidget *>(preTable), static_cast<QWidget *>(effectTable), static_cast<QWidget *>(enqueueEdit),
          static_cast<QWidget *>(takePartnerEdit), static_cast<QWidget *>(releaseBox), static_cast<QWidget *>(leaveBox),
          static_cast<QWidget *>(externalBox)})
        one->setEnabled(!many);
    const QStringList facts = factsInUse(m_document->scenario());
    preTable->setFactChoices(facts);
    effectTable->setFactChoices(facts);
    preTable->setConditions(a.pre);
    effectTable->setEffects(a.set, a.add);
    enqueueEdit->setText(a.enqueue);
    takePartnerEdit->setText(a.takePartner);
    releaseBox->setChecked(a.release);
    leaveBox->setChecked(a.leave);
    externalBox->setChecked(a.external);
}

void ActionForm::change(Field field, const std::function<void(Action &)> &edit)
{
    changeSelected(EntityKind::Action, field, edit);
}

void ActionForm::refreshField(Field field)
{
    const QList<Action> &actions = m_document->scenario().actions;
    if (m_index < 0 || m_index >= actions.size())
        return;
    const Action &a = actions[m_index];
    auto same = [&](auto value) {
        return std::all_of(m_indices.begin(), m_indices.end(),
                           [&](int i) { return i < actions.size() && value(actions[i]) == value(a); });
    };
    const QSignalBlocker b1(labelEdit), b2(durationBox), b3(costBox);
    switch (field) {
    case Field::Label:
        showText(labelEdit, same([](const Action &x) { return x.label; }), a.label);
        if (m_indices.size() <= 1)
            setTitle(tr("Action: %1").arg(a.label));
        return;
    case Field::Duration:
        showNumber(durationBox, same([](const Action &x) { return x.duration; }), a.duration);
        return;
    case Field::Cost:
        showNumber(costBox, same([](const Action &x) { return x.cost; }), a.cost);
        return;
    default:
        refresh();
    }
}

void ActionForm::apply(const Action &action, Field field)
{
    setShown(EntityKind::Action, action, field);
}

} // namespace goap::editor
