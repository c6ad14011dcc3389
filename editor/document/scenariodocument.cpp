#include "scenariodocument.h"

#include "commands/commands.h"
#include "document/changetext.h"
#include "document/warnings.h"
#include "io/validator.h"

#include <QUndoStack>

namespace goap::editor {

Scenario newScenario()
{
    Scenario s;
    s.name = QStringLiteral("Untitled");
    return s;
}

QString refusalSentence(QString message)
{
    if (message.isEmpty())
        return message;
    // "agent.bread: ..." and "world.x is ..." keep the case of the name they start with.
    const qsizetype word = message.indexOf(u' ');
    const QStringView first = QStringView(message).left(word < 0 ? message.size() : word);
    if (std::all_of(first.begin(), first.end(), [](QChar c) { return c.isLetter(); }))
        message[0] = message[0].toUpper();
    if (!message.endsWith(u'.'))
        message += u'.';
    return message;
}

ScenarioDocument::ScenarioDocument(QObject *parent)
    : QObject(parent)
    , m_scenario(newScenario())
    , m_undo(new QUndoStack(this))
{
    m_undo->setUndoLimit(kUndoLimit);
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
    m_validateTimer.setSingleShot(true);
    m_validateTimer.setInterval(100);
    connect(&m_validateTimer, &QTimer::timeout, this, [this] {
        if (m_validationPending) {
            validateNow();
            emit issuesChanged();
        }
    });
    revalidate();
    validateNow();
}

ScenarioDocument::~ScenarioDocument() = default;

bool ScenarioDocument::isModified() const
{
    return !m_undo->isClean();
}

void ScenarioDocument::reset(const Scenario &scenario, const QString &fileName)
{
    m_undo->clear();
    Change change;
    change.resized = Section::All;
    emit aboutToChange(change);
    m_scenario = scenario;
    emit changed(change);
    setFileName(fileName);
    revalidate();
    validateNow(); // a new document shows its issues at once
    emit issuesChanged();
    emit documentReset();
    emit modifiedChanged(false);
}

void ScenarioDocument::setFileName(const QString &fileName)
{
    if (m_fileName == fileName)
        return;
    m_fileName = fileName;
    emit fileNameChanged(fileName);
}

void ScenarioDocument::markSaved()
{
    m_undo->setClean();
}

void ScenarioDocument::revertTo(const Scenario &saved)
{
    // A step like any other, so Undo brings the discarded changes back.
    submit(edits::revertTo(m_scenario, saved));
    m_undo->setClean();
}

QString ScenarioDocument::submit(const edits::Result &result)
{
    if (result.refused())
        return refusalSentence(result.error);
    if (result.edit)
        m_undo->push(new EditCommand(this, *result.edit, editText(m_scenario, *result.edit)));
    return refusalSentence(result.note);
}

edits::Edit ScenarioDocument::apply(edits::Edit edit)
{
    if (const auto *replace = std::get_if<edits::ReplaceSections>(&edit.change)) {
        Change change {Change::Replaced, replace->sections, {}, edit.field, {}};
        for (EntityKind kind : kEntityKinds)
            if ((replace->sections & sectionOf(kind)) && countOf(m_scenario, kind) != countOf(replace->value, kind))
                change.resized |= sectionOf(kind);
        emit aboutToChange(change);
        edit = edits::apply(m_scenario, std::move(edit));
        revalidate();
        emit changed(change);
        return edit;
    }
    if (const auto *set = std::get_if<edits::SetEntities>(&edit.change)) {
        const Change change {Change::Edited, sectionOf(set->kind), set->indices, edit.field, {}};
        emit aboutToChange(change);
        edit = edits::apply(m_scenario, std::move(edit));
        revalidate();
        emit changed(change);
        return edit;
    }
    return applyRuns(std::move(edit));
}

namespace {
// The runs of consecutive places in ascending `indices`, as [begin, end) of the list.
QList<std::pair<qsizetype, qsizetype>> runsOf(const QList<int> &indices)
{
    QList<std::pair<qsizetype, qsizetype>> runs;
    for (qsizetype b = 0; b < indices.size();) {
        qsizetype e = b + 1;
        while (e < indices.size() && indices[e] == indices[e - 1] + 1)
            ++e;
        runs.append({b, e});
        b = e;
    }
    return runs;
}
} // namespace

edits::Edit ScenarioDocument::applyRuns(edits::Edit edit)
{
    // Insertions run by run, first to last; removals last to first, so the
    // places of the runs before hold. Each run is announced on its own.
    const bool insert = std::holds_alternative<edits::InsertEntities>(edit.change);
    const EntityKind kind = insert ? std::get<edits::InsertEntities>(edit.change).kind
                                   : std::get<edits::RemoveEntities>(edit.change).kind;
    const QList<int> indices = insert ? std::get<edits::InsertEntities>(edit.change).indices
                                      : std::get<edits::RemoveEntities>(edit.change).indices;
    auto runs = runsOf(indices);
    if (!insert)
        std::reverse(runs.begin(), runs.end());
    QList<edits::Values> undone; // the values each removal run took, last run first
    for (const auto &[b, e] : runs) {
        edits::Edit part = edit;
        const QList<int> places = indices.mid(b, e - b);
        if (insert) {
            part.change = visitKind(kind, [&](auto traits) {
                using T = typename decltype(traits)::Type;
                const auto &all = std::get<QList<T>>(std::get<edits::InsertEntities>(edit.change).values);
                return edits::InsertEntities {kind, places, edits::Values {all.mid(b, e - b)}};
            });
        } else {
            part.change = edits::RemoveEntities {kind, places};
        }
        const Change change {insert ? Change::Inserted : Change::Removed, sectionOf(kind), places, Field::None, {}};
        emit aboutToChange(change);
        part = edits::apply(m_scenario, std::move(part));
        revalidate();
        emit changed(change);
        if (!insert)
            undone.prepend(std::get<edits::InsertEntities>(part.change).values);
    }
    if (insert) {
        edit.change = edits::RemoveEntities {kind, indices};
        return edit;
    }
    edit.change = visitKind(kind, [&](auto traits) {
        using T = typename decltype(traits)::Type;
        QList<T> values;
        for (const edits::Values &v : undone)
            values += std::get<QList<T>>(v);
        return edits::InsertEntities {kind, indices, edits::Values {std::move(values)}};
    });
    return edit;
}

void ScenarioDocument::revalidate()
{
    m_validationPending = true;
    m_validateTimer.start(); // restarted by every edit: typing validates once, after the last key
}

Issues ScenarioDocument::issues() const
{
    validateNow();
    return m_issues;
}

void ScenarioDocument::validateNow() const
{
    if (!m_validationPending)
        return;
    m_validationPending = false;
    m_issues = validate(m_scenario);
    // Errors first, then the warnings, which the validator leaves out while
    // there are errors: a designer fixing one should still see the others.
    if (hasErrors(m_issues))
        m_issues += warningsDespiteErrors(m_scenario);
}

} // namespace goap::editor
