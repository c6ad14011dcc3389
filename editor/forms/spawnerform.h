#pragma once
#include "forms/formpage.h"

class QComboBox;

namespace goap::editor {

// A spawner: which template, where, from when, how often, how many a day.
class SpawnerForm : public FormPage
{
    Q_OBJECT
public:
    explicit SpawnerForm(ScenarioDocument *document, QWidget *parent = nullptr);
    void refresh() override;

    QComboBox *templateBox;
    QDoubleSpinBox *xBox, *yBox, *firstBox, *everyBox;
    QSpinBox *maxBox;

private:
    void apply(Field field);
};

} // namespace goap::editor
