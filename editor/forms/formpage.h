#pragma once
// Base of the property forms: a titled form layout with tooltips on every
// field and a message line for refused edits.

#include "document/scenariodocument.h"

#include <QWidget>

#include <algorithm>
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
    // Shows `field` again after an edit of it (a form whose refresh is cheap shows all).
    virtual void refreshField(Field) { refresh(); }
    // The field that renames what it shows (Rename, F2), if it has an id.
    virtual QLineEdit *idEditor() const { return nullptr; }

    QString errorText() const; // the last refusal shown, for tests and the status bar

signals:
    void message(const QString &text);

protected:
    // Sets `field` of every item selected (of `kind`) by `edit`: one undo
    // step, built here, where the entity, the field and the value are known;
    // a refusal is reported.
    template<typename T> void changeSelected(EntityKind kind, Field field, const std::function<void(T &)> &edit)
    {
        const QList<int> indices = m_indices.size() > 1 ? m_indices : QList<int> {m_index};
        const Scenario &s = m_document->scenario();
        const QList<T> &items = listOf<T>(s, kind);
        QList<T> edited;
        for (int i : indices) {
            T item = items.value(i);
            edit(item);
            edited << item;
        }
        report(m_document->submit(edits::setEntities(s, kind, indices, edits::Values {edited}, field)));
    }
    // Sets the item shown to `value` (its `field` edited).
    template<typename T> bool setShown(EntityKind kind, const T &value, Field field)
    {
        return report(m_document->submit(edits::setEntity(m_document->scenario(), kind, m_index, value, field)));
    }
    // How a form follows a change: an edit of one field of items of its own
    // kind updates that field's widget if it shows one of them (else
    // nothing); anything else touching what it shows refreshes it whole.
    enum class Follow { Nothing, Field, Whole };
    // Follows the document's changes as follow() says: refreshField() or refresh().
    void followChanges(EntityKind own, Sections shown)
    {
        connect(m_document, &ScenarioDocument::changed, this, [this, own, shown](const Change &change) {
            switch (follow(change, own, shown)) {
            case Follow::Field:
                refreshField(change.field);
                break;
            case Follow::Whole:
                refresh();
                break;
            case Follow::Nothing:
                break;
            }
        });
    }
    Follow follow(const Change &change, EntityKind own, Sections shown) const
    {
        if (change.kind == Change::Edited && change.isAbout(own) && change.field != Field::None) {
            const bool mine
                = std::any_of(m_indices.begin(), m_indices.end(), [&](int i) { return change.indices.contains(i); })
                || change.indices.contains(m_index);
            return mine ? Follow::Field : Follow::Nothing;
        }
        return change.touches(shown | sectionOf(own)) ? Follow::Whole : Follow::Nothing;
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
