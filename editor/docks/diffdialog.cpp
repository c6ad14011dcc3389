#include "diffdialog.h"

#include "document/scenariodocument.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace goap::editor {

namespace {

using DiffChange = ScenarioDifference::Change;
using Area = ScenarioDifference::Area;

constexpr int kDifferenceRole = Qt::UserRole; // the row's place in differences()

// Pale enough to read the values on; the same hues as the issues' marks.
QColor colourOf(DiffChange change)
{
    switch (change) {
    case DiffChange::Added:
        return QColor(0xd8, 0xf0, 0xd8);
    case DiffChange::Removed:
        return QColor(0xf8, 0xd8, 0xd8);
    case DiffChange::Renamed:
        return QColor(0xd8, 0xe4, 0xf8);
    case DiffChange::Changed:
        break;
    }
    return QColor(0xfb, 0xee, 0xc8);
}

QString groupName(const ScenarioDifference &d)
{
    switch (d.area) {
    case Area::Settings:
        return DiffDialog::tr("Settings");
    case Area::World:
        return DiffDialog::tr("World seeds");
    case Area::Wall:
        return DiffDialog::tr("Walls");
    case Area::Entity:
        break;
    }
    QString plural = QString::fromLatin1(nounOf(d.kind)) + u's'; // every noun takes an s
    plural[0] = plural[0].toUpper();
    return plural;
}

void paint(QTreeWidgetItem *row, DiffChange change)
{
    for (int c = 0; c < row->columnCount(); ++c)
        row->setBackground(c, colourOf(change));
}

} // namespace

DiffDialog::DiffDialog(ScenarioDocument *here, const QString &name, QWidget *parent)
    : QDialog(parent)
    , m_here(here)
    , m_name(name)
    , m_summary(new QLabel(this))
    , m_tree(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("diffDialog"));
    setWindowTitle(tr("Compare with %1").arg(name));
    m_tree->setObjectName(QStringLiteral("diffTree"));
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Difference"), name, tr("This document")});
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(false);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_tree->setColumnWidth(0, 300);
    m_tree->setColumnWidth(1, 180);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_tree);
    resize(720, 480);
    // Typing in a form edits the document key by key: compare once it rests.
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(250);
    connect(&m_debounce, &QTimer::timeout, this, &DiffDialog::refresh);
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *row) { activated(row); });
    follow(here);
}

DiffDialog::DiffDialog(ScenarioDocument *here, const Scenario &other, const QString &name, QWidget *parent)
    : DiffDialog(here, name, parent)
{
    m_otherScenario = other;
    refresh();
}

DiffDialog::DiffDialog(ScenarioDocument *here, ScenarioDocument *other, const QString &name, QWidget *parent)
    : DiffDialog(here, name, parent)
{
    m_otherDocument = other;
    follow(other);
    refresh();
}

void DiffDialog::follow(ScenarioDocument *document)
{
    const auto later = [this] { m_debounce.start(); };
    connect(document, &ScenarioDocument::changed, this, later);
    connect(document, &ScenarioDocument::documentReset, this, later);
}

void DiffDialog::refresh()
{
    m_debounce.stop();
    if (!m_here)
        return;
    // The other one is the before, this document the after: a variant
    // compared with its original reads as what the variant changed.
    const Scenario &other = m_otherDocument ? m_otherDocument->scenario() : m_otherScenario;
    m_differences = diffScenarios(other, m_here->scenario());
    m_tree->clear();
    m_summary->setText(m_differences.isEmpty()
                           ? tr("The scenarios are the same.")
                           : (m_differences.size() == 1
                                  ? tr("1 difference from %1 to this document.")
                                  : tr("%1 differences from %2 to this document.").arg(m_differences.size()))
                                 .arg(m_name));
    QTreeWidgetItem *group = nullptr;
    for (int i = 0; i < m_differences.size(); ++i) {
        const ScenarioDifference &d = m_differences[i];
        const QString groupText = groupName(d);
        if (!group || group->text(0) != groupText) {
            group = new QTreeWidgetItem(m_tree, {groupText});
            group->setFirstColumnSpanned(true);
            QFont bold = group->font(0);
            bold.setBold(true);
            group->setFont(0, bold);
        }
        QTreeWidgetItem *row = group;
        if (d.area != Area::Settings) {
            const QString what = d.change == DiffChange::Renamed ? tr("%1 → %2").arg(d.previousId, d.id) : d.id;
            const bool gone = d.change == DiffChange::Removed;
            const bool isNew = d.change == DiffChange::Added;
            row = new QTreeWidgetItem(group,
                                      {what,
                                       isNew      ? tr("(none)")
                                           : gone ? tr("removed")
                                                  : QString(),
                                       gone        ? tr("(none)")
                                           : isNew ? tr("added")
                                                   : changeName(d.change)});
            row->setData(0, kDifferenceRole, i);
            paint(row, d.change);
        }
        // A field under its entity reads without the entity's own path.
        const QString prefix = d.area == Area::Entity
            ? QString::fromLatin1(visitKind(d.kind, [](auto traits) { return traits.fileKey; })) + u'['
                + (d.change == DiffChange::Renamed ? d.previousId : d.id) + QStringLiteral("].")
            : QString();
        for (const FieldDifference &f : d.fields) {
            if (d.area == Area::World)
                break; // a seed's one field is its row
            const QString path = !prefix.isEmpty() && f.path.startsWith(prefix) ? f.path.mid(prefix.size()) : f.path;
            auto *field = new QTreeWidgetItem(
                row, {path, f.before.isEmpty() ? tr("(none)") : f.before, f.after.isEmpty() ? tr("(none)") : f.after});
            field->setData(0, kDifferenceRole, i);
            paint(field,
                  f.before.isEmpty()      ? DiffChange::Added
                      : f.after.isEmpty() ? DiffChange::Removed
                                          : DiffChange::Changed);
        }
        if (d.area == Area::World && !d.fields.isEmpty()) {
            row->setText(1, d.fields[0].before.isEmpty() ? tr("(none)") : d.fields[0].before);
            row->setText(2, d.fields[0].after.isEmpty() ? tr("(none)") : d.fields[0].after);
        }
    }
    m_tree->expandAll();
}

void DiffDialog::activated(QTreeWidgetItem *row)
{
    const QVariant place = row->data(0, kDifferenceRole);
    if (!place.isValid() || place.toInt() >= m_differences.size())
        return;
    const ScenarioDifference &d = m_differences[place.toInt()];
    switch (d.area) {
    case Area::Settings:
        emit itemActivated(ItemRef::settings());
        return;
    case Area::World:
        if (d.change != DiffChange::Removed)
            emit itemActivated(ItemRef::ofFact(d.id));
        return;
    case Area::Wall:
        return; // walls are not items of the outline
    case Area::Entity:
        if (d.indexB >= 0) // what is gone from this document cannot be selected here
            emit itemActivated(ItemRef(d.kind, d.indexB));
        return;
    }
}

} // namespace goap::editor
