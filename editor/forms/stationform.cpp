#include "stationform.h"

#include "io/validator.h"

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

namespace goap::editor {

StationForm::StationForm(ScenarioDocument *document, QWidget *parent)
    : FormPage(document, tr("Station"), parent)
{
    idEdit = makeIdEdit([this] { return idsOf(m_document->scenario().stations); },
                        [this] { return m_index >= 0 ? m_document->scenario().stations[m_index].id : QString(); },
                        [this](const QString &id) {
                            Station s = m_document->scenario().stations[m_index];
                            s.id = id;
                            return m_document->submit(
                                edits::setEntity(m_document->scenario(), EntityKind::Station, m_index, s, Field::Id));
                        });
    addRow(tr("&Id"), idEdit,
           tr("The station's unique id; actions name it as their \"station\". Renaming updates every action."));
    labelEdit = new QLineEdit(this);
    addRow(tr("&Label"), labelEdit, tr("The name shown on the map."));
    xBox = makeDouble(-1e6, 1e6, 2, 0.5);
    addRow(tr("&X"), xBox,
           tr("Position on the map, in world units from the left. Drag the station on the map to move it."));
    yBox = makeDouble(-1e6, 1e6, 2, 0.5);
    addRow(tr("&Y"), yBox, tr("Position on the map, in world units from the top."));
    capacityBox = makeInt(0, limits::kMaxCapacity,
                          tr("a station has 1 to %1 places (or 0 for no limit)").arg(limits::kMaxCapacity));
    capacityBox->setSpecialValueText(tr("no limit"));
    addRow(tr("&Places"), capacityBox,
           tr("How many characters can act here at once (0: no limit). With places, an action here takes a "
              "free one when it starts and frees it when it completes, and world.free.<id> counts the free ones."));

    connect(labelEdit, &QLineEdit::editingFinished, this, [this] {
        if (m_indices.size() > 1 && labelEdit->text().isEmpty())
            return; // "mixed" left as it was
        const QString label = labelEdit->text();
        change(Field::Label, [&](Station &s) { s.label = label; });
    });
    connect(xBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Position, [&](Station &s) { s.at.x = v; }); });
    connect(yBox, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { change(Field::Position, [&](Station &s) { s.at.y = v; }); });
    connect(capacityBox, &QSpinBox::valueChanged, this,
            [this](int v) { change(Field::Capacity, [&](Station &s) { s.capacity = v; }); });
    followChanges(EntityKind::Station, {}); // its refresh is cheap: all of it
}

void StationForm::refresh()
{
    if (m_index < 0 || m_index >= m_document->scenario().stations.size())
        return;
    const QList<Station> &list = m_document->scenario().stations;
    pruneIndices(list.size());
    const Station &s = list[m_index];
    const bool many = m_indices.size() > 1;
    const QSignalBlocker b1(idEdit), b2(labelEdit), b3(xBox), b4(yBox), b5(capacityBox);
    auto same = [&](auto field) {
        return std::all_of(m_indices.begin(), m_indices.end(), [&](int i) { return field(list[i]) == field(s); });
    };
    setTitle(many ? tr("%1 stations, edited together").arg(m_indices.size()) : tr("Station: %1").arg(s.label));
    idEdit->setEnabled(!many);
    idEdit->setText(many ? QString() : s.id);
    idEdit->setPlaceholderText(many ? tr("one at a time") : QString());
    showText(labelEdit, same([](const Station &x) { return x.label; }), s.label);
    showNumber(xBox, same([](const Station &x) { return x.at.x; }), s.at.x);
    showNumber(yBox, same([](const Station &x) { return x.at.y; }), s.at.y);
    const bool sameCapacity = same([](const Station &x) { return x.capacity; });
    capacityBox->setSpecialValueText(sameCapacity ? tr("no limit") : mixedText());
    capacityBox->setValue(sameCapacity ? s.capacity : 0);
}

void StationForm::change(Field field, const std::function<void(Station &)> &edit)
{
    changeSelected(EntityKind::Station, field, edit);
}

void StationForm::apply(Station station, Field field)
{
    setShown(EntityKind::Station, station, field);
}

} // namespace goap::editor
