#pragma once
// Base of the property forms: a titled form layout with tooltips on every
// field and a message line for refused edits.

#include "document/scenariodocument.h"

#include <QWidget>

#include <functional>

class QFormLayout;
class QLabel;
class QLineEdit;
class QDoubleSpinBox;
class QSpinBox;

namespace goap::editor {

class FormPage : public QWidget
{
    Q_OBJECT

public:
    FormPage(ScenarioDocument *document, const QString &title, QWidget *parent = nullptr);

    // The item shown: an index into its list, or -1 (facts use setFact()).
    void setIndex(int index);
    int index() const { return m_index; }
    // Several items of the list at once (forms that edit them together: a
    // field changed applies to all of them in one undo step; fields where
    // they differ read "mixed"). The first is the one shown.
    void setIndices(const QList<int> &indices);
    QList<int> indices() const { return m_indices; }
    static QString mixedText();
    virtual void refresh() = 0;

    QString errorText() const; // the last refusal shown, for tests and the status bar

signals:
    void message(const QString &text);

protected:
    // An edit of every item selected in `items`: with one selected, `one(item)`
    // (the form's own single edit); with several, `many(indices, edited)` (the
    // document's several-at-once edit: one undo step), its refusal reported.
    template<typename T, typename One, typename Many>
    void changeSelected(const QList<T> &items, const std::function<void(T &)> &edit, One one, Many many)
    {
        if (m_indices.size() <= 1) {
            T item = items.value(m_index);
            edit(item);
            one(item);
            return;
        }
        QList<T> edited;
        for (int i : m_indices) {
            T item = items.value(i);
            edit(item);
            edited << item;
        }
        report(many(m_indices, edited));
    }
    QWidget *addRow(const QString &label, QWidget *field, const QString &tooltip);
    // Shows why an edit was refused (empty: clears) and returns whether it was applied.
    bool report(const QString &error);
    void setTitle(const QString &title);

    // Number fields take any number typed: one outside [min, max] is refused
    // with a message (`why`, or the range) instead of being clamped in
    // silence; the arrows stay within the range.
    QDoubleSpinBox *makeDouble(double min, double max, int decimals, double step, const QString &suffix = {},
                               const QString &why = {});
    QSpinBox *makeInt(int min, int max, const QString &why = {});
    // A line edit for an id: checked as you type against `taken` (the message
    // line says what is wrong), applied through `apply` when editing
    // finishes, and restored when refused.
    QLineEdit *makeIdEdit(std::function<QStringList()> taken, std::function<QString()> current,
                          std::function<QString(const QString &)> apply);
    void showProblem(const QString &problem); // without refreshing
    // Shows a refusal about `field`, named by its label.
    void refuse(QWidget *field, const QString &problem);

    // Keeps only indices below `size` (never empty while an item is shown).
    void pruneIndices(qsizetype size);
    // A field showing what several items have alike, or "mixed".
    static void showNumber(QDoubleSpinBox *box, bool alike, double value);
    static void showText(QLineEdit *edit, bool alike, const QString &text);

    ScenarioDocument *m_document;
    int m_index = -1;
    QList<int> m_indices;

private:
    QFormLayout *m_layout;
    QLabel *m_title;
    QLabel *m_error;
};

} // namespace goap::editor
