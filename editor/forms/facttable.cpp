#include "facttable.h"

#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <limits>

namespace goap::editor {

namespace {

// The fact column: an editable combo box offering the facts in use.
class FactDelegate : public QStyledItemDelegate
{
public:
    FactDelegate(const QStringList *choices, QObject *parent) : QStyledItemDelegate(parent), m_choices(choices) {}

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *box = new QComboBox(parent);
        box->setEditable(true);
        box->addItems(*m_choices);
        box->completer()->setCompletionMode(QCompleter::PopupCompletion);
        box->completer()->setFilterMode(Qt::MatchContains);
        return box;
    }
    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        static_cast<QComboBox *>(editor)->setCurrentText(index.data().toString());
    }
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        model->setData(index, static_cast<QComboBox *>(editor)->currentText().trimmed());
    }

private:
    const QStringList *m_choices;
};

class OpDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *box = new QComboBox(parent);
        box->addItems({QStringLiteral("add"), QStringLiteral("set")});
        return box;
    }
    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        static_cast<QComboBox *>(editor)->setCurrentText(index.data().toString());
    }
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        model->setData(index, static_cast<QComboBox *>(editor)->currentText());
    }
};

} // namespace

FactTable::FactTable(Mode mode, QWidget *parent) : QWidget(parent), m_mode(mode), m_table(new QTableWidget(this))
{
    QStringList headers;
    switch (mode) {
    case Mode::Conditions: headers = {tr("Fact"), tr("at least")}; break;
    case Mode::Effects: headers = {tr("Fact"), tr("Effect"), tr("Value")}; break;
    case Mode::Seeds: headers = {tr("Fact"), tr("Value")}; break;
    }
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(48);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::AllEditTriggers);
    m_table->setTabKeyNavigation(false); // Tab leaves the table, keeping forms navigable
    m_table->verticalHeader()->setDefaultSectionSize(24);
    m_table->setItemDelegateForColumn(0, new FactDelegate(&m_choices, m_table));
    if (mode == Mode::Effects)
        m_table->setItemDelegateForColumn(1, new OpDelegate(m_table));

    auto *add = new QToolButton(this);
    add->setText(QStringLiteral("+"));
    add->setToolTip(tr("Add a row"));
    auto *remove = new QToolButton(this);
    remove->setText(QStringLiteral("−"));
    remove->setToolTip(tr("Remove the selected row"));
    connect(add, &QToolButton::clicked, this, [this] {
        // A placeholder name no row uses yet, to be edited in place.
        const QString base = m_mode == Mode::Seeds ? QStringLiteral("fact") : QStringLiteral("agent.fact");
        QStringList used;
        for (int r = 0; r < m_table->rowCount(); ++r)
            used << m_table->item(r, 0)->text();
        QString fact = base;
        for (int n = 2; used.contains(fact); ++n)
            fact = base + QString::number(n);
        addRow(fact, QStringLiteral("add"), m_mode == Mode::Seeds ? 0 : 1);
        m_table->setCurrentCell(m_table->rowCount() - 1, 0);
        m_table->editItem(m_table->item(m_table->rowCount() - 1, 0));
    });
    connect(remove, &QToolButton::clicked, this, [this] {
        if (m_table->currentRow() >= 0)
            removeRow(m_table->currentRow());
    });
    connect(m_table, &QTableWidget::itemChanged, this, [this] {
        if (!m_filling)
            emit edited();
    });

    auto *buttons = new QVBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
}

void FactTable::setFactChoices(const QStringList &facts) { m_choices = facts; }

void FactTable::appendRow(const QString &fact, const QString &op, int value)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(fact));
    if (m_mode == Mode::Effects)
        m_table->setItem(row, 1, new QTableWidgetItem(op));
    auto *v = new QTableWidgetItem;
    v->setData(Qt::EditRole, value);
    m_table->setItem(row, valueColumn(), v);
}

void FactTable::fitRows()
{
    const int rows = std::clamp(m_table->rowCount() + 1, 2, 6);
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() + rows * m_table->verticalHeader()->defaultSectionSize() + 4);
}

void FactTable::addRow(const QString &fact, const QString &op, int value)
{
    m_filling = true;
    appendRow(fact, op, value);
    m_filling = false;
    emit edited();
}

void FactTable::removeRow(int row)
{
    m_table->removeRow(row);
    emit edited();
}

void FactTable::setConditions(const QList<Condition> &rows)
{
    m_filling = true;
    m_table->setRowCount(0);
    for (const Condition &c : rows)
        appendRow(c.fact, {}, c.min);
    m_filling = false;
    fitRows();
}

void FactTable::setEffects(const QList<Effect> &set, const QList<Effect> &add)
{
    m_filling = true;
    m_table->setRowCount(0);
    for (const Effect &e : set)
        appendRow(e.fact, QStringLiteral("set"), e.value);
    for (const Effect &e : add)
        appendRow(e.fact, QStringLiteral("add"), e.value);
    m_filling = false;
    fitRows();
}

void FactTable::setSeeds(const QList<FactValue> &rows)
{
    m_filling = true;
    m_table->setRowCount(0);
    for (const FactValue &f : rows)
        appendRow(f.name, {}, f.value);
    m_filling = false;
    fitRows();
}

QList<Condition> FactTable::conditions() const
{
    QList<Condition> out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        out.append(Condition{m_table->item(r, 0)->text(), m_table->item(r, 1)->data(Qt::EditRole).toInt()});
    return out;
}

QList<Effect> FactTable::setEffects() const
{
    QList<Effect> out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (m_table->item(r, 1)->text() == u"set")
            out.append(Effect{m_table->item(r, 0)->text(), m_table->item(r, 2)->data(Qt::EditRole).toInt()});
    return out;
}

QList<Effect> FactTable::addEffects() const
{
    QList<Effect> out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (m_table->item(r, 1)->text() != u"set")
            out.append(Effect{m_table->item(r, 0)->text(), m_table->item(r, 2)->data(Qt::EditRole).toInt()});
    return out;
}

QList<FactValue> FactTable::seeds() const
{
    QList<FactValue> out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        out.append(FactValue{m_table->item(r, 0)->text(), m_table->item(r, 1)->data(Qt::EditRole).toInt()});
    return out;
}

} // namespace goap::editor
