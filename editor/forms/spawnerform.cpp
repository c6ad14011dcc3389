#include "spawnerform.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalBlocker>
#include <QSpinBox>

namespace goap::editor {

SpawnerForm::SpawnerForm(ScenarioDocument *document, QWidget *parent)
    : FormPage(document, tr("Spawner"), parent)
{
    templateBox = new QComboBox(this);
    addRow(tr("&Template"), templateBox, tr("The template whose copies this spawner brings into the day."));
    xBox = makeDouble(-1e6, 1e6, 2, 0.5);
    addRow(tr("&X"), xBox, tr("Where each copy appears, in world units from the left."));
    yBox = makeDouble(-1e6, 1e6, 2, 0.5);
    addRow(tr("&Y"), yBox, tr("Where each copy appears, in world units from the top."));
    firstBox = makeDouble(0, 1e7, 1, 1, tr(" s"));
    addRow(tr("&First"), firstBox, tr("Simulated seconds after dawn when the first copy arrives."));
    everyBox = makeDouble(0.01, 1e7, 1, 1, tr(" s"));
    addRow(tr("&Every"), everyBox, tr("Simulated seconds between copies."));
    maxBox = makeInt(0, 100000);
    addRow(tr("&At most"), maxBox, tr("How many copies a day at most; dawn sends every copy away and starts again."));
    connect(templateBox, &QComboBox::activated, this, [this] { apply(Field::Template); });
    const std::pair<QDoubleSpinBox *, Field> fields[]
        = {{xBox, Field::Position}, {yBox, Field::Position}, {firstBox, Field::First}, {everyBox, Field::Interval}};
    for (const auto &[box, field] : fields)
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, field = field] { apply(field); });
    connect(maxBox, &QSpinBox::valueChanged, this, [this] { apply(Field::Count); });
    followChanges(EntityKind::Spawner, Section::Templates); // its refresh is cheap: all of it
}

void SpawnerForm::refresh()
{
    if (m_index < 0 || m_index >= m_document->scenario().spawners.size())
        return;
    const Scenario &s = m_document->scenario();
    const Spawner &sp = s.spawners[m_index];
    const QSignalBlocker b1(templateBox), b2(xBox), b3(yBox), b4(firstBox), b5(everyBox), b6(maxBox);
    setTitle(tr("Spawner of %1").arg(sp.templateId));
    templateBox->clear();
    for (const Agent &t : s.templates)
        templateBox->addItem(QStringLiteral("%1 (%2)").arg(t.label, t.id), t.id);
    templateBox->setCurrentIndex(std::max(0, templateBox->findData(sp.templateId)));
    xBox->setValue(sp.at.x);
    yBox->setValue(sp.at.y);
    firstBox->setValue(sp.first);
    everyBox->setValue(sp.every);
    maxBox->setValue(sp.max);
}

void SpawnerForm::apply(Field field)
{
    const Spawner sp {templateBox->currentData().toString(),
                      {xBox->value(), yBox->value()},
                      firstBox->value(),
                      everyBox->value(),
                      maxBox->value()};
    setShown(EntityKind::Spawner, sp, field);
}

} // namespace goap::editor
