#include "commands.h"

#include "document/scenariodocument.h"

namespace goap::editor {

namespace {
constexpr int kMergeIdBase = 1000; // + the Field: ids of the steps that may merge
}

EditCommand::EditCommand(ScenarioDocument *document, edits::Edit edit, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_edit(std::move(edit))
{
}

void EditCommand::redo()
{
    m_edit = m_document->apply(std::move(m_edit));
}

void EditCommand::undo()
{
    m_edit = m_document->apply(std::move(m_edit));
}

int EditCommand::id() const
{
    if (m_edit.field == Field::None)
        return -1;
    const bool set = std::holds_alternative<edits::SetEntities>(m_edit.change);
    const bool settings = m_edit.op == edits::Op::Settings || m_edit.op == edits::Op::SetSeed;
    return set || settings ? kMergeIdBase + int(m_edit.field) : -1;
}

bool EditCommand::mergeWith(const QUndoCommand *other)
{
    // The same id: the same field, of an item edit or of the settings.
    const auto *next = static_cast<const EditCommand *>(other);
    if (!edits::sameTarget(m_edit, next->m_edit))
        return false;
    // Both have been done: this one keeps the values before the first, which
    // undo the two; the step is named by the value it ends at.
    setObsolete(edits::changesNothing(m_document->scenario(), m_edit));
    setText(next->text());
    return true;
}

} // namespace goap::editor
