#pragma once
#include "forms/formpage.h"

#include <functional>

namespace goap::editor {

// A station: id, label, position, places; several at once (the id one at a time).
class StationForm : public FormPage
{
    Q_OBJECT
public:
    explicit StationForm(ScenarioDocument *document, QWidget *parent = nullptr);
    void refresh() override;

    QLineEdit *idEdit, *labelEdit;
    QLineEdit *idEditor() const override { return idEdit; }
    QDoubleSpinBox *xBox, *yBox;
    QSpinBox *capacityBox;

private:
    void apply(Station station, Field field);
    // Applies `edit` to every station shown (several: one undo step).
    void change(Field field, const std::function<void(Station &)> &edit);
};

} // namespace goap::editor
