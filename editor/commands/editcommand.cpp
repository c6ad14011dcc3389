#include "editcommand.h"

namespace goap::editor {

EditCommand::EditCommand(ScenarioDocument *document, Scenario before, Scenario after, Parts parts,
                         const QString &text, const QString &mergeKey)
    : QUndoCommand(text), m_document(document), m_change(std::make_unique<Whole>(Whole{std::move(before), std::move(after), parts})), m_mergeKey(mergeKey)
{
}

EditCommand::EditCommand(ScenarioDocument *document, ItemChange change, const QString &text, const QString &mergeKey)
    : QUndoCommand(text), m_document(document), m_change(std::move(change)), m_mergeKey(mergeKey)
{
}

void EditCommand::redo()
{
    if (const auto *item = std::get_if<ItemChange>(&m_change))
        m_document->assignItem(item->part, item->index, item->after);
    else
        m_document->assign(std::get<std::unique_ptr<Whole>>(m_change)->after, std::get<std::unique_ptr<Whole>>(m_change)->parts);
}

void EditCommand::undo()
{
    if (const auto *item = std::get_if<ItemChange>(&m_change))
        m_document->assignItem(item->part, item->index, item->before);
    else
        m_document->assign(std::get<std::unique_ptr<Whole>>(m_change)->before, std::get<std::unique_ptr<Whole>>(m_change)->parts);
}

bool EditCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const EditCommand *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_change.index() != m_change.index())
        return false;
    if (auto *item = std::get_if<ItemChange>(&m_change)) {
        const ItemChange &next = std::get<ItemChange>(o->m_change);
        if (next.part != item->part || next.index != item->index)
            return false;
        item->after = next.after;
        setObsolete(item->after == item->before);
    } else {
        Whole &whole = *std::get<std::unique_ptr<Whole>>(m_change);
        const Whole &next = *std::get<std::unique_ptr<Whole>>(o->m_change);
        whole.after = next.after;
        whole.parts |= next.parts;
        setObsolete(whole.after == whole.before);
    }
    setText(o->text()); // the step names the value it ends at
    return true;
}

} // namespace goap::editor
