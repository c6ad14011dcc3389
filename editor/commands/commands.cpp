#include "commands.h"

#include "document/scenariodocument.h"

namespace goap::editor {

InsertItems::InsertItems(ScenarioDocument *document, Part part, int first, QList<ItemValue> items, const QString &text)
    : DocumentCommand(document, text, {})
    , m_part(part)
    , m_first(first)
    , m_items(std::move(items))
{
}

void InsertItems::redo()
{
    m_document->insertItems(m_part, m_first, m_items);
}

void InsertItems::undo()
{
    QList<int> indices;
    for (int i = 0; i < m_items.size(); ++i)
        indices << m_first + i;
    m_document->removeItems(m_part, indices);
}

RemoveItems::RemoveItems(ScenarioDocument *document, Part part, QList<int> indices, QList<ItemValue> items,
                         const QString &text)
    : DocumentCommand(document, text, {})
    , m_part(part)
    , m_indices(std::move(indices))
    , m_items(std::move(items))
{
}

void RemoveItems::redo()
{
    m_document->removeItems(m_part, m_indices);
}

void RemoveItems::undo()
{
    // Back into their places, first to last, each a run of its own.
    for (int k = 0; k < m_indices.size(); ++k)
        m_document->insertItems(m_part, m_indices[k], {m_items[k]});
}

ReplaceParts::ReplaceParts(ScenarioDocument *document, Scenario before, Scenario after, Parts parts,
                           const QString &text, const QString &field)
    : DocumentCommand(document, text, field)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_parts(parts)
{
}

void ReplaceParts::redo()
{
    m_document->assign(m_after, m_parts, m_field);
}
void ReplaceParts::undo()
{
    m_document->assign(m_before, m_parts, m_field);
}

bool ReplaceParts::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const ReplaceParts *>(other);
    if (next->m_field != m_field)
        return false;
    m_after = next->m_after;
    m_parts |= next->m_parts;
    setObsolete(m_after == m_before);
    setText(next->text());
    return true;
}

namespace {

template<typename T> class ChangeItemsOf final : public ChangeItems
{
public:
    struct Edit
    {
        int index;
        T before, after;
    };
    ChangeItemsOf(ScenarioDocument *document, Part part, std::vector<Edit> edits, const QString &text,
                  const QString &field)
        : ChangeItems(document, part, text, field)
        , m_edits(std::move(edits))
    {
    }
    void redo() override { apply(&Edit::after); }
    void undo() override { apply(&Edit::before); }
    bool mergeWith(const QUndoCommand *other) override
    {
        // Same id(): a ChangeItems; of the same part, so of the same T.
        const auto *base = static_cast<const ChangeItems *>(other);
        if (base->field() != m_field || base->part() != m_part)
            return false;
        const auto *next = static_cast<const ChangeItemsOf *>(base);
        if (next->m_edits.size() != m_edits.size())
            return false;
        for (size_t k = 0; k < m_edits.size(); ++k)
            if (next->m_edits[k].index != m_edits[k].index)
                return false;
        bool unchanged = true;
        for (size_t k = 0; k < m_edits.size(); ++k) {
            m_edits[k].after = next->m_edits[k].after;
            unchanged = unchanged && m_edits[k].after == m_edits[k].before;
        }
        setObsolete(unchanged);
        setText(next->text()); // the step names the value it ends at
        return true;
    }

private:
    void apply(T Edit::*value)
    {
        QList<int> indices;
        QList<ItemValue> values;
        for (const Edit &e : m_edits) {
            indices << e.index;
            values << e.*value;
        }
        m_document->applyItems(m_part, indices, values, m_field);
    }
    std::vector<Edit> m_edits; // what the step keeps: these entities before and after
};

// An item command for one list that differs, or nullptr when the change is
// not one of the three item kinds.
template<typename T>
QUndoCommand *itemCommand(ScenarioDocument *document, Part part, const QList<T> &a, const QList<T> &b,
                          const QString &text, const QString &field)
{
    if (a.size() == b.size()) {
        std::vector<typename ChangeItemsOf<T>::Edit> edits;
        for (qsizetype i = 0; i < a.size(); ++i)
            if (!(a[i] == b[i]))
                edits.push_back({int(i), a[i], b[i]});
        edits.shrink_to_fit();
        return new ChangeItemsOf<T>(document, part, std::move(edits), text, field);
    }
    if (b.size() > a.size()) { // a run inserted at p
        const qsizetype k = b.size() - a.size();
        qsizetype p = 0;
        while (p < a.size() && a[p] == b[p])
            ++p;
        for (qsizetype q = p; q < a.size(); ++q)
            if (!(a[q] == b[q + k]))
                return nullptr;
        QList<ItemValue> items;
        for (qsizetype i = p; i < p + k; ++i)
            items << b[i];
        return new InsertItems(document, part, int(p), items, text);
    }
    // Items removed, the rest in order and unchanged (equal items are interchangeable).
    QList<int> removed;
    QList<ItemValue> items;
    qsizetype j = 0;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (j < b.size() && a[i] == b[j]) {
            ++j;
        } else {
            removed << int(i);
            items << a[i];
        }
    }
    if (j != b.size() || removed.size() != a.size() - b.size())
        return nullptr;
    return new RemoveItems(document, part, removed, items, text);
}

} // namespace

QUndoCommand *makeCommand(ScenarioDocument *document, const Scenario &before, const Scenario &after, Parts parts,
                          const QString &text, const QString &field)
{
    const bool settingsEqual = before.name == after.name && before.description == after.description
        && before.day == after.day && before.planner == after.planner && before.map == after.map
        && before.world == after.world;
    // Lists that are equal cost little to compare: unchanged ones share their data.
    const bool stations = before.stations != after.stations, actions = before.actions != after.actions,
               goals = before.goals != after.goals, agents = before.agents != after.agents,
               templates = before.templates != after.templates, spawners = before.spawners != after.spawners;
    QUndoCommand *command = nullptr;
    if (settingsEqual
        && int(stations) + int(actions) + int(goals) + int(agents) + int(templates) + int(spawners) == 1) {
        if (stations)
            command = itemCommand(document, Part::Stations, before.stations, after.stations, text, field);
        else if (actions)
            command = itemCommand(document, Part::Actions, before.actions, after.actions, text, field);
        else if (goals)
            command = itemCommand(document, Part::Goals, before.goals, after.goals, text, field);
        else if (agents)
            command = itemCommand(document, Part::Agents, before.agents, after.agents, text, field);
        else if (templates)
            command = itemCommand(document, Part::Templates, before.templates, after.templates, text, field);
        else
            command = itemCommand(document, Part::Spawners, before.spawners, after.spawners, text, field);
    }
    return command ? command : new ReplaceParts(document, before, after, parts, text, field);
}

} // namespace goap::editor
