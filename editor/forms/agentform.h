#pragma once
#include "forms/formpage.h"

class QListWidget;
class QTableWidget;

namespace goap::editor {

class FactTable;

// A character: id, label, start position, speed, its own facts' initial
// values, the actions it can do and the goals it holds with overrides.
class AgentForm : public FormPage
{
    Q_OBJECT
public:
    explicit AgentForm(ScenarioDocument *document, QWidget *parent = nullptr);
    void refresh() override;

    QLineEdit *idEdit, *labelEdit;
    QDoubleSpinBox *xBox, *yBox, *speedBox;
    FactTable *factTable;
    QListWidget *actionList;  // checkable: the actions it can do
    QTableWidget *goalTable;  // checkable rows: goal, start, rate, urgency overrides (empty: the goal's own)

private:
    void apply(const Agent &agent, const QString &field);
    Agent current() const { return m_document->scenario().agents[m_index]; }
    void applyGoals();
    bool m_filling = false;
};

} // namespace goap::editor
