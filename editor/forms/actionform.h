#pragma once
#include "forms/formpage.h"

class QCheckBox;
class QComboBox;

namespace goap::editor {

class FactTable;

// An action: id, label, station, duration, cost, preconditions and effects.
class ActionForm : public FormPage
{
    Q_OBJECT
public:
    explicit ActionForm(ScenarioDocument *document, QWidget *parent = nullptr);
    void refresh() override;

    QLineEdit *idEdit, *labelEdit;
    QComboBox *stationBox;
    QDoubleSpinBox *durationBox, *costBox;
    FactTable *preTable, *effectTable;
    QLineEdit *enqueueEdit, *takePartnerEdit;
    QCheckBox *releaseBox, *leaveBox;

private:
    void apply(const Action &action, const QString &field);
    Action current() const { return m_document->scenario().actions[m_index]; }
};

} // namespace goap::editor
