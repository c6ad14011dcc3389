#pragma once
#include "forms/formpage.h"

class QComboBox;

namespace goap::editor {

class FactTable;

// A goal: id, label, kind, conditions, and a need's start and rate or a quota's urgency;
// a maximise / minimise goal (issue #31) has a fact and a budget instead of conditions.
// Several goals selected: their label, start, rate and urgency are edited
// together (one undo step; "mixed" where they differ); id, kind and
// conditions one goal at a time.
class GoalForm : public FormPage
{
    Q_OBJECT
public:
    explicit GoalForm(ScenarioDocument *document, QWidget *parent = nullptr);
    void refresh() override;

    QLineEdit *idEdit, *labelEdit;
    QLineEdit *idEditor() const override { return idEdit; }
    QComboBox *kindBox;
    FactTable *conditionTable;
    QDoubleSpinBox *startBox, *rateBox, *urgencyBox;
    QComboBox *factBox; // a maximise / minimise goal's fact, one of the facts in use
    QDoubleSpinBox *budgetBox; // a maximise / minimise goal's plan-cost budget

private:
    void apply(const Goal &goal, Field field);
    void refreshField(Field field) override; // only the widgets of `field`
    void change(Field field, const std::function<void(Goal &)> &edit); // every selected goal
    Goal current() const { return m_document->scenario().goals[m_index]; }
};

} // namespace goap::editor
