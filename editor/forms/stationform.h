#pragma once
#include "forms/formpage.h"

namespace goap::editor {

// A station: id, label, position.
class StationForm : public FormPage
{
    Q_OBJECT
public:
    explicit StationForm(ScenarioDocument *document, QWidget *parent = nullptr);
    void refresh() override;

    QLineEdit *idEdit, *labelEdit;
    QDoubleSpinBox *xBox, *yBox;
    QSpinBox *capacityBox;

private:
    void apply(Station station, const QString &field);
};

} // namespace goap::editor
