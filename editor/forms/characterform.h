#pragma once
#include "forms/formpage.h"

#include <functional>

class QListWidget;
class QTableWidget;

namespace goap::editor {

class FactTable;

// A character: id, label, start position, speed, its own facts' initial
// values, the actions it can do and the goals it holds with overrides.
class CharacterForm : public FormPage
{
    Q_OBJECT
public:
    // `templates`: the form edits a template (a character that only exists as spawned copies).
    explicit CharacterForm(ScenarioDocument *document, bool templates = false, QWidget *parent = nullptr);
    void refresh() override; // several at once: the id, own facts and goals are edited one at a time

    QLineEdit *idEdit, *labelEdit;
    QLineEdit *idEditor() const override { return idEdit; }
    QDoubleSpinBox *xBox, *yBox, *speedBox;
    FactTable *factTable;
    QListWidget *actionList; // checkable: the actions it can do
    QTableWidget *goalTable; // checkable rows: goal, start, rate, urgency overrides (empty: the goal's own)

private:
    void apply(const Agent &character, Field field);
    void refreshField(Field field) override; // only the widgets of `field`
    EntityKind kind() const { return m_templates ? EntityKind::Template : EntityKind::Character; }
    // Applies `edit` to every character shown.
    void change(Field field, const std::function<void(Agent &)> &edit);
    const QList<Agent> &list() const
    {
        return m_templates ? m_document->scenario().templates : m_document->scenario().agents;
    }
    Agent current() const { return list()[m_index]; }
    bool m_templates;
    void applyGoals();
    bool m_filling = false;
};

} // namespace goap::editor
