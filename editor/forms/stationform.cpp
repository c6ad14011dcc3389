#include "stationform.h"

#include "io/validator.h"

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

namespace goap::editor {

StationForm::StationForm(ScenarioDocument *document, QWidget *parent) : FormPage(document, tr("Station"), parent)
{
    idEdit = makeIdEdit([this] { return idsOf(m_document->scenario().stations); },
                        [this] { return m_index >= 0 ? m_document->scenario().stations[m_index].id : QString(); },
                        [this](const QString &id) {
                            Station s = m_document->scenario().stations[m_index];
                            s.id = id;
                            return m_document->setStation(m_index, s, tr("id"));
                        });
    addRow(tr("&Id"), idEdit, tr("The station's unique id; actions name it as their \"station\". Renaming updates every action."));
    labelEdit = new QLineEdit(this);
    addRow(tr("&Label"), labelEdit, tr("The name shown on the map."));
    xBox = makeDouble(-1e6, 1e6, 2, 0.5);
    addRow(tr("&X"), xBox, tr("Position on the map, in world units from the left. Drag the station on the map to move it."));
    yBox = makeDouble(-1e6, 1e6, 2, 0.5);
    addRow(tr("&Y"), yBox, tr("Position on the map, in world units from the top."));
    capacityBox = makeInt(0, limits::kMaxCapacity, tr("a station has 1 to %1 places (or 0 for no limit)").arg(limits::kMaxCapacity));
    capacityBox->setSpecialValueText(tr("no limit"));
    addRow(tr("&Places"), capacityBox, tr("How many characters can act here at once (0: no limit). With places, an action here takes a "
                                          "free one when it starts and frees it when it completes, and world.free.<id> counts the free ones."));

    connect(labelEdit, &QLineEdit::editingFinished, this, [this] {
        Station s = m_document->scenario().stations[m_index];
        s.label = labelEdit->text();
        apply(s, tr("label"));
    });
    connect(xBox, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        Station s = m_document->scenario().stations[m_index];
        s.at.x = v;
        apply(s, tr("position"));
    });
    connect(yBox, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        Station s = m_document->scenario().stations[m_index];
        s.at.y = v;
        apply(s, tr("position"));
    });
    connect(capacityBox, &QSpinBox::valueChanged, this, [this](int v) {
        Station s = m_document->scenario().stations[m_index];
        s.capacity = v;
        apply(s, tr("places"));
    });
    connect(document, &ScenarioDocument::changed, this, [this](Parts parts) {
        if (parts & Part::Stations)
            refresh();
    });
}

void StationForm::refresh()
{
    if (m_index < 0 || m_index >= m_document->scenario().stations.size())
        return;
    const Station &s = m_document->scenario().stations[m_index];
    const QSignalBlocker b1(idEdit), b2(labelEdit), b3(xBox), b4(yBox), b5(capacityBox);
    setTitle(tr("Station: %1").arg(s.label));
    idEdit->setText(s.id);
    labelEdit->setText(s.label);
    xBox->setValue(s.at.x);
    yBox->setValue(s.at.y);
    capacityBox->setValue(s.capacity);
}

void StationForm::apply(Station station, const QString &field)
{
    report(m_document->setStation(m_index, station, field));
}

} // namespace goap::editor
