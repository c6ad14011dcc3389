#include "formpage.h"

#include "forms/facttable.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include "model/factname.h"
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace goap::editor {

FormPage::FormPage(ScenarioDocument *document, const QString &title, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_layout(new QFormLayout)
    , m_title(new QLabel(this))
    , m_error(new QLabel(this))
{
    auto *outer = new QVBoxLayout(this);
    QFont font = m_title->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.2);
    m_title->setFont(font);
    m_title->setText(title);
    m_title->setWordWrap(true); // a long id wraps rather than widening the form
    outer->addWidget(m_title);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b3261e; font-weight: 600;"));
    m_error->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_error->setObjectName(QStringLiteral("refusal"));
    // Its two lines are always reserved, so a message never pushes the
    // fields down under the pointer; a longer one shows whole on hover.
    m_error->setFixedHeight(m_error->fontMetrics().lineSpacing() * 2 + 4);
    outer->addWidget(m_error);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // A dock too narrow for a label and its field puts the field under the
    // label: the form fits the dock's width, and no label is scrolled off
    // to the left ("abel", "uration").
    m_layout->setRowWrapPolicy(QFormLayout::WrapLongRows);
    outer->addLayout(m_layout);
    outer->addStretch(1);
}

QString FormPage::mixedText()
{
    return tr("mixed");
}

void FormPage::setIndices(const QList<int> &indices)
{
    if (indices.isEmpty()) {
        setIndex(-1);
        return;
    }
    m_indices = indices; // the first is the one shown
    if (indices.first() != m_index) {
        // Rows added but not committed, and refusals, belong to the item shown before.
        for (FactTable *table : findChildren<FactTable *>())
            table->discardPlaceholder();
        showProblem({});
    }
    m_index = indices.first();
    refresh();
}

void FormPage::pruneIndices(qsizetype size)
{
    m_indices.removeIf([size](int i) { return i < 0 || i >= size; });
    if (m_indices.isEmpty() && m_index >= 0)
        m_indices = {m_index};
}

void FormPage::showNumber(QDoubleSpinBox *box, bool alike, double value)
{
    box->setSpecialValueText(alike ? QString() : mixedText()); // shown at the minimum
    box->setValue(alike ? value : box->minimum());
}

void FormPage::showText(QLineEdit *edit, bool alike, const QString &text)
{
    edit->setText(alike ? text : QString());
    edit->setPlaceholderText(alike ? QString() : mixedText());
}

void FormPage::setIndex(int index)
{
    setIndices({index});
}

void FormPage::setTitle(const QString &title)
{
    m_title->setText(title);
    m_title->setWordWrap(true); // a long id wraps rather than widening the form
}

QWidget *FormPage::addRow(const QString &label, QWidget *field, const QString &tooltip)
{
    field->setToolTip(tooltip);
    field->setWhatsThis(tooltip);
    // A choice as wide as its longest item would make the form (and the
    // dock, and the window) that wide: it asks for a few characters and
    // shows what it has room for.
    if (auto *box = qobject_cast<QComboBox *>(field)) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
    }
    auto *l = new QLabel(label, this);
    l->setToolTip(tooltip);
    l->setBuddy(field);
    m_layout->addRow(l, field);
    return field;
}

bool FormPage::report(const QString &error)
{
    if (error.isEmpty()) {
        showProblem({});
        return true;
    }
    // Name the field the refusal is about: the one being edited.
    QString text = error;
    for (QWidget *w = QApplication::focusWidget(); w && w != this; w = w->parentWidget()) {
        if (auto *label = qobject_cast<QLabel *>(m_layout->labelForField(w))) {
            text = tr("%1: %2").arg(label->text().remove(u'&'), error);
            break;
        }
    }
    emit message(text);
    refresh(); // show the document's value again
    showProblem(text);
    return false;
}

QString FormPage::errorText() const
{
    return m_error->text();
}

namespace {

// What a typed number outside the field's range is told.
QString rangeProblem(const QString &typed, double min, double max, const QString &suffix, const QString &why)
{
    const QString reason = !why.isEmpty()
        ? why
        : FormPage::tr("it must be from %1 to %2%3")
              .arg(QString::number(min, 'g', 10), QString::number(max, 'g', 10), suffix);
    return FormPage::tr("%1 was not applied: %2.").arg(typed.trimmed(), reason);
}

// The spin boxes accept any number as typed (their own range is wide, so
// '-' and '0' can be typed at all), then refuse what lies outside the field's
// range with a reason and keep the value they had.
class NumberBox : public QDoubleSpinBox
{
public:
    NumberBox(double min, double max, QWidget *parent)
        : QDoubleSpinBox(parent)
        , m_min(min)
        , m_max(max)
    {
        setRange(-1e12, 1e12);
    }
    std::function<void(const QString &typed)> onRefused;

    double valueFromText(const QString &text) const override
    {
        const double v = QDoubleSpinBox::valueFromText(text);
        if (v < m_min || v > m_max) {
            if (onRefused)
                onRefused(text);
            return value();
        }
        return v;
    }
    void stepBy(int steps) override { setValue(std::clamp(value() + steps * singleStep(), m_min, m_max)); }

protected:
    StepEnabled stepEnabled() const override
    {
        StepEnabled e;
        if (value() > m_min)
            e |= StepDownEnabled;
        if (value() < m_max)
            e |= StepUpEnabled;
        return e;
    }

private:
    double m_min, m_max;
};

class IntBox : public QSpinBox
{
public:
    IntBox(int min, int max, QWidget *parent)
        : QSpinBox(parent)
        , m_min(min)
        , m_max(max)
    {
        setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
    }
    std::function<void(const QString &typed)> onRefused;

    int valueFromText(const QString &text) const override
    {
        const int v = QSpinBox::valueFromText(text);
        if (v < m_min || v > m_max) {
            if (onRefused)
                onRefused(text);
            return value();
        }
        return v;
    }
    void stepBy(int steps) override
    {
        setValue(int(std::clamp(qint64(value()) + steps * qint64(singleStep()), qint64(m_min), qint64(m_max))));
    }

protected:
    StepEnabled stepEnabled() const override
    {
        StepEnabled e;
        if (value() > m_min)
            e |= StepDownEnabled;
        if (value() < m_max)
            e |= StepUpEnabled;
        return e;
    }

private:
    int m_min, m_max;
};

} // namespace

QDoubleSpinBox *FormPage::makeDouble(double min, double max, int decimals, double step, const QString &suffix,
                                     const QString &why)
{
    auto *box = new NumberBox(min, max, this);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    box->setSuffix(suffix);
    box->setKeyboardTracking(false); // apply when typing stops, not per keystroke
    box->setAccelerated(true);
    box->onRefused = [this, box, min, max, suffix, why](const QString &typed) {
        refuse(box, rangeProblem(QString(typed).remove(suffix), min, max, suffix, why));
    };
    return box;
}

QSpinBox *FormPage::makeInt(int min, int max, const QString &why)
{
    auto *box = new IntBox(min, max, this);
    box->setKeyboardTracking(false);
    box->setAccelerated(true);
    box->onRefused
        = [this, box, min, max, why](const QString &typed) { refuse(box, rangeProblem(typed, min, max, {}, why)); };
    return box;
}

void FormPage::refuse(QWidget *field, const QString &problem)
{
    auto *label = qobject_cast<QLabel *>(m_layout->labelForField(field));
    const QString text = label ? tr("%1: %2").arg(label->text().remove(u'&'), problem) : problem;
    showProblem(text);
    emit message(text);
}

void FormPage::showProblem(const QString &problem)
{
    m_error->setText(problem);
    m_error->setToolTip(problem);
}

QLineEdit *FormPage::makeIdEdit(std::function<QStringList()> taken, std::function<QString()> current,
                                std::function<QString(const QString &)> apply)
{
    auto *edit = new QLineEdit(this);
    edit->setMaxLength(64);
    edit->setClearButtonEnabled(false);
    connect(edit, &QLineEdit::textEdited, this, [this, edit, taken, current](const QString &text) {
        QString problem;
        if (text.isEmpty())
            problem = tr("The id cannot be empty.");
        else if (!isValidId(text))
            problem = tr("\"%1\" is not a valid id: start with a letter or '_', then letters, digits, '_' or '-'.")
                          .arg(text);
        else if (text != current() && taken().contains(text))
            problem = tr("The id \"%1\" is already used.").arg(text);
        showProblem(problem);
        edit->setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("QLineEdit { border: 2px solid #b3261e; }"));
    });
    connect(edit, &QLineEdit::editingFinished, this, [this, edit, current, apply] {
        edit->setStyleSheet(QString());
        if (edit->text() == current())
            return;
        report(apply(edit->text()));
    });
    return edit;
}

} // namespace goap::editor
