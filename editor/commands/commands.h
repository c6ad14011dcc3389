#pragma once
// The undoable step: one command for every edit (Tiled's model). It keeps an
// edit value (model/edits.h) and applies it through the document, which
// tells the views what changed; applying an edit gives its inverse, which
// the command keeps for the way back, so a step holds only what it changed.
//
// Consecutive steps setting one field (typing in it, one drag) of the same
// items merge into one, named by the value it ends at; a step merged back to
// where it started is obsolete and leaves the stack. A rename with its
// fix-ups, a cascading removal, an insertion or a wall edit is a step of its
// own.

#include "model/edits.h"

#include <QUndoCommand>

namespace goap::editor {

class ScenarioDocument;

class EditCommand : public QUndoCommand
{
public:
    EditCommand(ScenarioDocument *document, edits::Edit edit, const QString &text);
    void redo() override;
    void undo() override;
    // The field it sets, as a merge id (QUndoCommand::id()); -1: never merges.
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    const edits::Edit &edit() const { return m_edit; } // the edit, or after redo() its inverse

private:
    ScenarioDocument *m_document;
    edits::Edit m_edit;
};

} // namespace goap::editor
