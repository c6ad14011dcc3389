#pragma once
// One undoable edit of the document: the scenario value before and after.
//
// Values share their unchanged lists (Qt's implicit sharing), so a command
// costs about the part it changed. Consecutive edits with the same merge key
// (typing in one field, one drag) merge into one step; an edit merged back to
// where it started disappears from the stack.

#include "document/scenariodocument.h"

#include <QUndoCommand>

namespace goap::editor {

class EditCommand : public QUndoCommand
{
public:
    EditCommand(ScenarioDocument *document, Scenario before, Scenario after, Parts parts, const QString &text,
                const QString &mergeKey);

    void redo() override;
    void undo() override;
    int id() const override { return m_id; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    ScenarioDocument *m_document;
    Scenario m_before;
    Scenario m_after;
    Parts m_parts;
    QString m_mergeKey;
    int m_id;
};

} // namespace goap::editor
