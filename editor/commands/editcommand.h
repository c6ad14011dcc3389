#pragma once
// One undoable edit of the document. Most edits change one element of one
// list (a station's position, a character's label): the step keeps that
// element before and after, nothing else. Other edits (renames with their
// reference fix-ups, adds, removes, settings) keep the scenario value before
// and after, whose unchanged lists are shared (Qt's implicit sharing).
//
// Consecutive edits with the same merge key (typing in one field, one drag)
// merge into one step named by its final value; a step merged back to where
// it started is obsolete and leaves the stack.

#include "document/scenariodocument.h"

#include <QUndoCommand>

#include <memory>
#include <variant>

namespace goap::editor {

class EditCommand : public QUndoCommand
{
public:
    // Merge ids: commands that may merge share one; the key decides.
    enum MergeId { NoMerge = -1, KeyedEdit = 1 };

    EditCommand(ScenarioDocument *document, Scenario before, Scenario after, Parts parts, const QString &text,
                const QString &mergeKey);
    EditCommand(ScenarioDocument *document, ItemChange change, const QString &text, const QString &mergeKey);

    void redo() override;
    void undo() override;
    int id() const override { return m_mergeKey.isEmpty() ? NoMerge : KeyedEdit; }
    bool mergeWith(const QUndoCommand *other) override;

    bool isItemChange() const { return std::holds_alternative<ItemChange>(m_change); }

private:
    struct Whole
    {
        Scenario before, after;
        Parts parts;
    };
    ScenarioDocument *m_document;
    // The whole value only when needed: a one-item step does not carry room for two scenarios.
    std::variant<std::unique_ptr<Whole>, ItemChange> m_change;
    QString m_mergeKey;
};

} // namespace goap::editor
