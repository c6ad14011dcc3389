#include "scenarioform.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSpinBox>

namespace goap::editor {

ScenarioForm::ScenarioForm(ScenarioDocument *document, QWidget *parent)
    : FormPage(document, tr("Scenario"), parent)
{
    nameEdit = new QLineEdit(this);
    addRow(tr("&Name"), nameEdit, tr("The scenario's name, shown in titles and reports."));
    descriptionEdit = new QPlainTextEdit(this);
    descriptionEdit->setTabChangesFocus(true);
    descriptionEdit->setMaximumHeight(110);
    addRow(tr("&Description"), descriptionEdit, tr("What the scenario shows and what to watch for when it runs."));
    dayLength = makeDouble(0.1, 1e7, 1, 10, tr(" s"));
    addRow(tr("Day &length"), dayLength,
           tr("Simulated seconds in a day. At dawn the world returns to its seed values and every character to its "
              "start."));
    tick = makeDouble(0.001, 60, 3, 0.05, tr(" s"));
    addRow(tr("&Tick"), tick,
           tr("The fixed simulation step in simulated seconds; characters update in scenario order each tick."));
    maxNodes = makeInt(1, 1'000'000);
    addRow(tr("Node &cap"), maxNodes,
           tr("Planner: nodes expanded before a search gives up and reports no plan (default 5000)."));
    heuristic = new QComboBox(this);
    // In PlannerHeuristic order: the index is the value.
    heuristic->addItem(tr("Unmet conditions"), QString::fromLatin1(heuristicName(PlannerHeuristic::Unmet)));
    heuristic->addItem(tr("Additive"), QString::fromLatin1(heuristicName(PlannerHeuristic::Additive)));
    heuristic->addItem(tr("Max (optimal)"), QString::fromLatin1(heuristicName(PlannerHeuristic::Max)));
    heuristic->addItem(tr("Landmark cut (optimal)"), QString::fromLatin1(heuristicName(PlannerHeuristic::Lmcut)));
    addRow(tr("&Heuristic"), heuristic,
           tr("How the planner estimates the cost still to go.\n"
              "Unmet conditions (default): counts the goal conditions not yet met. Fast per step, but it overestimates "
              "when one action meets several conditions, so plans can cost more than needed, and it guides badly in "
              "symmetric problems (it may hit the node cap).\n"
              "Additive: sums relaxed costs of reaching each condition. Usually expands far fewer nodes; plans are "
              "good but not guaranteed cheapest.\n"
              "Max (optimal): the largest relaxed cost. Never overestimates, so the plan found is a cheapest one; "
              "it may expand more nodes than Additive.\n"
              "Landmark cut (optimal): sums the costs of action sets every plan must use. Never overestimates and "
              "is at least Max, so it proves the cheapest plan in fewer nodes, but each node costs several Max "
              "computations: worth it on hard problems, slower on easy ones. It also searches one state per group "
              "of interchangeable ones (identical balls, workers, crates), which turns a search of thousands of "
              "nodes into tens."));
    costWeight = makeDouble(0, 100, 3, 0.01);
    addRow(tr("Cost &weight"), costWeight,
           tr("Ballot: score = insistence - cost weight x plan cost (default %1). Cost breaks near-ties; it does not "
              "overrule a need.")
               .arg(PlannerSettings {}.costWeight));
    switchMargin = makeDouble(0, 10, 3, 0.01);
    addRow(tr("&Switch margin"), switchMargin,
           tr("Ballot hysteresis: a challenger must beat the current goal's score by more than this to take over "
              "(default 0.15)."));
    restBelow = makeDouble(0, 1, 3, 0.01);
    addRow(tr("&Rest below"), restBelow,
           tr("A character whose every goal's insistence is below this rests and looks again each second (default "
              "0.05)."));
    mapWidth = makeDouble(0.1, 1e5, 1, 1);
    addRow(tr("Map &width"), mapWidth, tr("Width of the map in world units (characters walk at units per second)."));
    mapHeight = makeDouble(0.1, 1e5, 1, 1);
    addRow(tr("Map &height"), mapHeight, tr("Height of the map in world units."));

    connect(nameEdit, &QLineEdit::editingFinished, this, [this] { apply(Field::Name); });
    connect(descriptionEdit, &QPlainTextEdit::textChanged, this, [this] { apply(Field::Description); });
    const std::pair<QDoubleSpinBox *, Field> doubles[]
        = {{dayLength, Field::DayLength},     {tick, Field::Tick},
           {costWeight, Field::CostWeight},   {switchMargin, Field::SwitchMargin},
           {restBelow, Field::RestThreshold}, {mapWidth, Field::MapWidth},
           {mapHeight, Field::MapHeight}};
    for (const auto &[box, field] : doubles)
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, field = field] { apply(field); });
    connect(maxNodes, &QSpinBox::valueChanged, this, [this] { apply(Field::NodeCap); });
    connect(heuristic, &QComboBox::currentIndexChanged, this, [this] { apply(Field::Heuristic); });
    connect(document, &ScenarioDocument::changed, this, [this](const Change &change) {
        if (change.touches(Section::Settings))
            refresh();
    });
    refresh();
}

void ScenarioForm::refresh()
{
    const Scenario &s = m_document->scenario();
    const QSignalBlocker b1(nameEdit), b2(descriptionEdit), b3(dayLength), b4(tick), b5(maxNodes), b6(costWeight),
        b7(switchMargin), b8(restBelow), b9(mapWidth), b10(mapHeight), b11(heuristic);
    if (nameEdit->text() != s.name)
        nameEdit->setText(s.name);
    if (descriptionEdit->toPlainText() != s.description)
        descriptionEdit->setPlainText(s.description);
    dayLength->setValue(s.day.length);
    tick->setValue(s.day.tick);
    maxNodes->setValue(s.planner.maxNodes);
    heuristic->setCurrentIndex(int(s.planner.heuristic));
    costWeight->setValue(s.planner.costWeight);
    switchMargin->setValue(s.planner.switchMargin);
    restBelow->setValue(s.planner.restBelow);
    mapWidth->setValue(s.map.width);
    mapHeight->setValue(s.map.height);
}

void ScenarioForm::apply(Field field)
{
    const DaySettings day {dayLength->value(), tick->value()};
    // From the document's own settings, so fields this form does not show (the map's walls) are kept.
    PlannerSettings planner = m_document->scenario().planner;
    planner.maxNodes = maxNodes->value();
    planner.costWeight = costWeight->value();
    planner.switchMargin = switchMargin->value();
    planner.restBelow = restBelow->value();
    planner.heuristic = PlannerHeuristic(std::max(heuristic->currentIndex(), 0));
    MapSettings map = m_document->scenario().map;
    map.width = mapWidth->value();
    map.height = mapHeight->value();
    report(m_document->submit(edits::setSettings(m_document->scenario(), nameEdit->text(),
                                                 descriptionEdit->toPlainText(), day, planner, map, field)));
}

} // namespace goap::editor
