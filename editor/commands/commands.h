#pragma once
// The undoable edits of a scenario, one class a kind (Tiled's model: each
// command keeps only what it changed and applies it through the document,
// which tells the views what changed):
//
//   ChangeItems   fields of N entities of one list (a label typed, a
//                 station dragged, several characters' speed at once):
//                 keeps those N entities before and after
//   InsertItems   entities added to one list (Add, Duplicate): keeps them
//   RemoveItems   entities removed from one list when nothing else changes
//                 with them: keeps them and their places
//   ReplaceParts  everything else: a rename with its reference fix-ups, a
//                 removal that cascades, settings, walls, world seeds; keeps
//                 the scenario before and after, whose untouched lists are
//                 shared with the document (Qt's implicit sharing), so it
//                 costs the lists it changed
//
// makeCommand() picks the kind from what differs. Consecutive commands of
// one kind on the same items and field merge into one step (typing in a
// field, one drag), named by the value it ends at; a step merged back to
// where it started is obsolete and leaves the stack.

#include "document/change.h"

#include <QUndoCommand>

namespace goap::editor {

class ScenarioDocument;

// QUndoCommand::id(): commands of one kind may merge; -1 never.
enum CommandId { ChangeItemsId = 1, ReplacePartsId = 2 };

class DocumentCommand : public QUndoCommand
{
public:
    DocumentCommand(ScenarioDocument *document, const QString &text, const QString &field)
        : QUndoCommand(text)
        , m_document(document)
        , m_field(field)
    {
    }
    const QString &field() const { return m_field; }

protected:
    ScenarioDocument *m_document;
    QString m_field; // what merges: empty, nothing
};

// (ChangeItemsOf<T> in commands.cpp keeps the entities as T, no wider.)
class ChangeItems : public DocumentCommand
{
public:
    int id() const override { return m_field.isEmpty() ? -1 : ChangeItemsId; }
    Part part() const { return m_part; }

protected:
    ChangeItems(ScenarioDocument *document, Part part, const QString &text, const QString &field)
        : DocumentCommand(document, text, field)
        , m_part(part)
    {
    }
    Part m_part;
};

class InsertItems : public DocumentCommand
{
public:
    InsertItems(ScenarioDocument *document, Part part, int first, QList<ItemValue> items, const QString &text);
    void redo() override;
    void undo() override;

private:
    Part m_part;
    int m_first;
    QList<ItemValue> m_items;
};

class RemoveItems : public DocumentCommand
{
public:
    RemoveItems(ScenarioDocument *document, Part part, QList<int> indices, QList<ItemValue> items, const QString &text);
    void redo() override;
    void undo() override;

private:
    Part m_part;
    QList<int> m_indices; // ascending, the places the items had
    QList<ItemValue> m_items;
};

class ReplaceParts : public DocumentCommand
{
public:
    ReplaceParts(ScenarioDocument *document, Scenario before, Scenario after, Parts parts, const QString &text,
                 const QString &field);
    void redo() override;
    void undo() override;
    // Only settings and world seeds merge (typing in a settings field); a
    // rename with its fix-ups or a cascade is a step of its own, whatever
    // its field: two renames of two stations are two steps.
    int id() const override
    {
        return m_field.isEmpty() || (m_parts & ~(Part::Settings | Part::World)) ? -1 : ReplacePartsId;
    }
    bool mergeWith(const QUndoCommand *other) override;

private:
    Scenario m_before, m_after;
    Parts m_parts;
};

// The command of the right kind for the step from `before` to `after`
// (which differ); `parts` says what a ReplaceParts touches, `field` what
// merges (empty: never).
QUndoCommand *makeCommand(ScenarioDocument *document, const Scenario &before, const Scenario &after, Parts parts,
                          const QString &text, const QString &field);

} // namespace goap::editor
