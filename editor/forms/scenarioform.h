#pragma once
#include "forms/formpage.h"

class QComboBox;
class QPlainTextEdit;

namespace goap::editor {

// Scenario settings: name, description, day, planner and map.
class ScenarioForm : public FormPage
{
    Q_OBJECT
public:
    explicit ScenarioForm(ScenarioDocument *document, QWidget *parent = nullptr);
    void refresh() override;

    QLineEdit *nameEdit;
    QPlainTextEdit *descriptionEdit;
    QDoubleSpinBox *dayLength, *tick, *costWeight, *switchMargin, *restBelow, *mapWidth, *mapHeight;
    QSpinBox *maxNodes;
    QComboBox *heuristic;

private:
    void apply(Field field);
};

} // namespace goap::editor
