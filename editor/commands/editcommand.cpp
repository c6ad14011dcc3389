#include "editcommand.h"

namespace goap::editor {

EditCommand::EditCommand(ScenarioDocument *document, Scenario before, Scenario after, Parts parts,
                         const QString &text, const QString &mergeKey)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_parts(parts)
    , m_mergeKey(mergeKey)
    , m_id(mergeKey.isEmpty() ? -1 : int(qHash(mergeKey) & 0x7fffffff))
{
}

void EditCommand::redo() { m_document->assign(m_after, m_parts); }

void EditCommand::undo() { m_document->assign(m_before, m_parts); }

bool EditCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const EditCommand *>(other);
    if (o->m_mergeKey != m_mergeKey)
        return false;
    m_after = o->m_after;
    setText(o->text()); // the step names the value it ends at
    m_parts |= o->m_parts;
    setObsolete(m_after == m_before);
    return true;
}

} // namespace goap::editor
