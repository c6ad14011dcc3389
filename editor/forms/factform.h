#pragma once
#include "forms/formpage.h"

class QCheckBox;
class QLabel;

namespace goap::editor {

// A fact in use: its name (renaming updates every reference in one step),
// its scope, its world seed, and where it is read, spent, set and added.
class FactForm : public FormPage
{
    Q_OBJECT
public:
    explicit FactForm(ScenarioDocument *document, QWidget *parent = nullptr);
    void setFact(const QString &fact);
    QString fact() const { return m_fact; }
    void refresh() override;

    QLineEdit *nameEdit;
    QLabel *scopeLabel;
    QCheckBox *seededBox;
    QSpinBox *seedBox;
    QLabel *usageLabel;

signals:
    void renamed(const QString &to);

private:
    QString m_fact;
};

} // namespace goap::editor
