#include "facttable.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPointer>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <functional>
#include <limits>
#include <tuple>

namespace goap::editor {

namespace {

// The fact column: an editable combo box offering the facts in use.
class FactDelegate : public QStyledItemDelegate
{
public:
    FactDelegate(const QStringList *choices, QObject *parent)
        : QStyledItemDelegate(parent)
        , m_choices(choices)
    {
    }

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *box = new QComboBox(parent);
        box->setEditable(true);
        box->addItems(*m_choices);
        box->completer()->setCompletionMode(QCompleter::PopupCompletion);
        box->completer()->setFilterMode(Qt::MatchContains);
        // Return in the completer's popup takes the completion (if one is
        // highlighted) and hands the key to the line edit alone, so the
        // editor stayed open for a second Return: commit as Return does.
        box->completer()->popup()->setProperty(kEditorProperty, QVariant::fromValue<QObject *>(box));
        box->completer()->popup()->installEventFilter(const_cast<FactDelegate *>(this));
        return box;
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        auto *popup = qobject_cast<QAbstractItemView *>(watched);
        if (!popup || !popup->property(kEditorProperty).isValid())
            return QStyledItemDelegate::eventFilter(watched, event); // the editor's own keys
        if (event->type() == QEvent::KeyPress) {
            const int key = static_cast<QKeyEvent *>(event)->key();
            if (key == Qt::Key_Return || key == Qt::Key_Enter) {
                if (QPointer<QWidget> editor
                    = qobject_cast<QWidget *>(popup->property(kEditorProperty).value<QObject *>()))
                    QMetaObject::invokeMethod(
                        this,
                        [this, editor] {
                            if (!editor) // closed some other way meanwhile
                                return;
                            emit commitData(editor);
                            emit closeEditor(editor, QAbstractItemDelegate::SubmitModelCache);
                        },
                        Qt::QueuedConnection); // after the completer has set the text
            }
        }
        return false; // the completer handles the key as ever
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
    static constexpr const char *kEditorProperty = "factEditor"; // on the popup: the box it completes for
    const QStringList *m_choices;
};

// The operator column: a fixed choice (add/set for effects, >= > <= < == != for conditions).
class OpDelegate : public QStyledItemDelegate
{
public:
    OpDelegate(QStringList choices, QObject *parent)
        : QStyledItemDelegate(parent)
        , m_choices(std::move(choices))
    {
    }
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *box = new QComboBox(parent);
        box->addItems(m_choices);
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

private:
    QStringList m_choices;
};

QStringList operatorNames()
{
    QStringList out;
    for (ConditionOp op : kConditionOps)
        out << QLatin1String(toString(op));
    return out;
}

constexpr int PlaceholderRole = Qt::UserRole + 1;

// The table itself: reports when a cell editor has closed (whichever way it
// closed: Return, Tab, a click elsewhere, Escape) and lets Tab leave after the
// last cell instead of wrapping to the first.
class Table : public QTableWidget
{
public:
    using QTableWidget::QTableWidget;
    std::function<void(int row, int column, bool reverted)> onEditorClosed;
    bool isEditing() const { return state() == EditingState; }

protected:
    bool isEdge(const QModelIndex &index, bool next) const
    {
        if (!index.isValid())
            return true;
        return next ? index.row() == rowCount() - 1 && index.column() == columnCount() - 1
                    : index.row() == 0 && index.column() == 0;
    }
    void closeEditor(QWidget *editor, QAbstractItemDelegate::EndEditHint hint) override
    {
        const QModelIndex index = editor ? indexAt(editor->geometry().center()) : QModelIndex();
        const bool next = hint == QAbstractItemDelegate::EditNextItem;
        const bool leave = (next || hint == QAbstractItemDelegate::EditPreviousItem) && isEdge(index, next);
        QTableWidget::closeEditor(editor, leave ? QAbstractItemDelegate::NoHint : hint);
        if (leave)
            QWidget::focusNextPrevChild(next);
        if (onEditorClosed && index.isValid())
            onEditorClosed(index.row(), index.column(), hint == QAbstractItemDelegate::RevertModelCache);
    }
    bool focusNextPrevChild(bool next) override
    {
        if (isEdge(currentIndex(), next))
            return QWidget::focusNextPrevChild(next);
        return QTableWidget::focusNextPrevChild(next);
    }
};

} // namespace

FactTable::FactTable(Mode mode, QWidget *parent)
    : QWidget(parent)
    , m_mode(mode)
    , m_table(new Table(this))
{
    QStringList headers;
    switch (mode) {
    case Mode::Conditions:
        headers = {tr("Fact"), tr("Is"), tr("Value")};
        break;
    case Mode::Effects:
        headers = {tr("Fact"), tr("Effect"), tr("Value")};
        break;
    case Mode::Seeds:
        headers = {tr("Fact"), tr("Value")};
        break;
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
    m_table->setTabKeyNavigation(true); // Tab moves from cell to cell; after the last one it leaves the table
    static_cast<Table *>(m_table)->onEditorClosed
        = [this](int row, int column, bool reverted) { editorClosed(row, column, reverted); };
    m_table->verticalHeader()->setDefaultSectionSize(24);
    m_table->setItemDelegateForColumn(0, new FactDelegate(&m_choices, m_table));
    if (mode == Mode::Effects)
        m_table->setItemDelegateForColumn(1, new OpDelegate({QStringLiteral("add"), QStringLiteral("set")}, m_table));
    if (mode == Mode::Conditions) {
        m_table->setItemDelegateForColumn(1, new OpDelegate(operatorNames(), m_table));
        m_table->horizontalHeaderItem(1)->setToolTip(
            tr(">= at least, > more than, <= at most, < less than, == exactly, != anything but. "
               "A need spends only what >= and > ask for."));
    }

    auto *add = new QToolButton(this);
    add->setText(QStringLiteral("+"));
    add->setToolTip(tr("Add a row"));
    auto *remove = new QToolButton(this);
    remove->setText(QStringLiteral("−"));
    remove->setToolTip(tr("Remove the selected row"));
    connect(add, &QToolButton::clicked, this, &FactTable::addPlaceholder);
    connect(remove, &QToolButton::clicked, this, [this] {
        if (m_table->currentRow() >= 0)
            removeRow(m_table->currentRow());
    });
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_filling)
            return;
        // Inside an editor's commit: report once it has closed, or the
        // document's refresh would rebuild the rows under the open editor.
        if (static_cast<Table *>(m_table)->isEditing() || isPlaceholder(item->row()))
            m_dirty = true;
        else
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

void FactTable::setFactChoices(const QStringList &facts)
{
    m_choices = facts;
}

void FactTable::appendRow(const QString &fact, const QString &op, int value)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(fact));
    if (m_mode != Mode::Seeds)
        m_table->setItem(row, 1, new QTableWidgetItem(op));
    auto *v = new QTableWidgetItem;
    v->setData(Qt::EditRole, value);
    m_table->setItem(row, valueColumn(), v);
}

void FactTable::fitRows()
{
    const int rows = std::clamp(m_table->rowCount() + 1, 2, 6);
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height()
                              + rows * m_table->verticalHeader()->defaultSectionSize() + 4);
}

void FactTable::addRow(const QString &fact, const QString &op, int value)
{
    m_filling = true;
    appendRow(fact, m_mode == Mode::Conditions && op.isEmpty() ? QStringLiteral(">=") : op, value);
    m_filling = false;
    emit edited();
}

void FactTable::removeRow(int row)
{
    const bool placeholder = isPlaceholder(row);
    m_filling = true;
    m_table->removeRow(row);
    m_filling = false;
    fitRows();
    if (!placeholder)
        emit edited();
}

bool FactTable::isPlaceholder(int row) const
{
    const QTableWidgetItem *item = m_table->item(row, 0);
    return item && item->data(PlaceholderRole).toBool();
}

bool FactTable::hasPlaceholder() const
{
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (isPlaceholder(r))
            return true;
    return false;
}

void FactTable::discardPlaceholder()
{
    for (int r = m_table->rowCount() - 1; r >= 0; --r)
        if (isPlaceholder(r))
            removeRow(r);
}

void FactTable::addPlaceholder()
{
    int row = -1;
    for (int r = 0; r < m_table->rowCount() && row < 0; ++r)
        if (isPlaceholder(r))
            row = r; // one at a time: back to the one not yet committed
    if (row < 0) {
        // A name no row uses yet, edited in place: the row stays where it
        // appears and is not a fact until its name is committed.
        const QString base = m_mode == Mode::Seeds ? QStringLiteral("fact") : QStringLiteral("agent.fact");
        QStringList used;
        for (int r = 0; r < m_table->rowCount(); ++r)
            used << m_table->item(r, 0)->text();
        QString fact = base;
        for (int n = 2; used.contains(fact); ++n)
            fact = base + QString::number(n);
        m_filling = true;
        appendRow(fact, m_mode == Mode::Conditions ? QStringLiteral(">=") : QStringLiteral("add"),
                  m_mode == Mode::Seeds ? 0 : 1);
        row = m_table->rowCount() - 1;
        for (int c = 0; c < m_table->columnCount(); ++c)
            m_table->item(row, c)->setData(PlaceholderRole, true);
        m_filling = false;
        fitRows();
    }
    m_table->setFocus();
    m_table->setCurrentCell(row, 0); // opens the editor (edit trigger CurrentChanged) unless already current
    if (!static_cast<Table *>(m_table)->isEditing())
        m_table->editItem(m_table->item(row, 0));
}

void FactTable::editorClosed(int row, int column, bool reverted)
{
    if (column == 0 && isPlaceholder(row)) {
        if (reverted) { // Escape: the placeholder was never a row
            removeRow(row);
            m_dirty = false;
            return;
        }
        m_filling = true;
        for (int c = 0; c < m_table->columnCount(); ++c)
            m_table->item(row, c)->setData(PlaceholderRole, QVariant());
        m_filling = false;
        m_dirty = true;
    }
    if (m_dirty) {
        m_dirty = false;
        emit edited();
    }
}

namespace {
// Whether the table already shows these rows (in any order): then a refresh
// leaves it alone, keeping the order the user added rows in, an uncommitted
// placeholder and any open editor.
template<typename Row> bool sameRows(QList<Row> shown, const QList<Row> &rows)
{
    std::sort(shown.begin(), shown.end(),
              [](const Row &a, const Row &b) { return std::tie(a.fact, a.value) < std::tie(b.fact, b.value); });
    QList<Row> sorted = rows;
    std::sort(sorted.begin(), sorted.end(),
              [](const Row &a, const Row &b) { return std::tie(a.fact, a.value) < std::tie(b.fact, b.value); });
    return shown == sorted;
}
bool sameConditions(QList<Condition> shown, QList<Condition> rows)
{
    const auto order = [](const Condition &a, const Condition &b) {
        return std::tie(a.fact, a.op, a.value) < std::tie(b.fact, b.op, b.value);
    };
    std::sort(shown.begin(), shown.end(), order);
    std::sort(rows.begin(), rows.end(), order);
    return shown == rows;
}
QList<Effect> asEffects(const QList<FactValue> &rows)
{
    QList<Effect> out;
    for (const FactValue &f : rows)
        out.append(Effect {f.name, f.value});
    return out;
}
} // namespace

void FactTable::setConditions(const QList<Condition> &rows)
{
    if (m_table->rowCount() > 0 && sameConditions(conditions(), rows))
        return;
    m_filling = true;
    m_table->setRowCount(0);
    for (const Condition &c : rows)
        appendRow(c.fact, QLatin1String(toString(c.op)), c.value);
    m_filling = false;
    fitRows();
}

void FactTable::setEffects(const QList<Effect> &set, const QList<Effect> &add)
{
    if (m_table->rowCount() > 0 && sameRows(setEffects(), set) && sameRows(addEffects(), add))
        return;
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
    if (m_table->rowCount() > 0 && sameRows(asEffects(seeds()), asEffects(rows)))
        return;
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
        if (!isPlaceholder(r))
            out.append(Condition {m_table->item(r, 0)->text(), m_table->item(r, 2)->data(Qt::EditRole).toInt(),
                                  conditionOpFromString(m_table->item(r, 1)->text()).value_or(ConditionOp::Ge)});
    return out;
}

QList<Effect> FactTable::setEffects() const
{
    QList<Effect> out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (!isPlaceholder(r) && m_table->item(r, 1)->text() == u"set")
            out.append(Effect {m_table->item(r, 0)->text(), m_table->item(r, 2)->data(Qt::EditRole).toInt()});
    return out;
}

QList<Effect> FactTable::addEffects() const
{
    QList<Effect> out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (!isPlaceholder(r) && m_table->item(r, 1)->text() != u"set")
            out.append(Effect {m_table->item(r, 0)->text(), m_table->item(r, 2)->data(Qt::EditRole).toInt()});
    return out;
}

QList<FactValue> FactTable::seeds() const
{
    QList<FactValue> out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (!isPlaceholder(r))
            out.append(FactValue {m_table->item(r, 0)->text(), m_table->item(r, 1)->data(Qt::EditRole).toInt()});
    return out;
}

} // namespace goap::editor
