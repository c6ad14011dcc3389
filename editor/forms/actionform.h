#pragma once
#include "forms/formpage.h"

class QCheckBox;
class QComboBox;

namespace goap::editor {

class FactTable;

// An action: id, label, station (and its alternatives), duration, cost,
// preconditions and effects. Several actions selected: their label, station,
// duration and cost are edited together (one undo step; "mixed" where they
// differ); the rest one action at a time.
class ActionForm : public FormPage
{
    Q_OBJECT
public:
    explicit ActionForm(ScenarioDocument *document, QWidget *parent = nullptr);
    void refresh() override;

    QLineEdit *idEdit, *labelEdit;
    QLineEdit *idEditor() const override { return idEdit; }
    QComboBox *stationBox;
    QLineEdit *alternativesEdit; // more stations, comma separated (SPEC 11.3)
    QDoubleSpinBox *durationBox, *costBox;
    FactTable *preTable, *effectTable;
    QLineEdit *enqueueEdit, *takePartnerEdit;
    QCheckBox *releaseBox, *leaveBox, *externalBox;

private:
    void apply(const Action &action, Field field);
    void refreshField(Field field) override; // only the widgets of `field`
    void change(Field field, const std::function<void(Action &)> &edit); // every selected action
    Action current() const { return m_document->scenario().actions[m_index]; }
};

} // namespace goap::editor
