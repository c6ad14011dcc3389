#pragma once
// The open scenario: the Scenario value, its file name, its undo stack and
// its validation.
//
// An edit is built where the user makes it, as a value (model/edits.h: the
// form knows the entity, the field and the value), and submitted here; the
// document pushes one undo command (commands/commands.h), whose redo and
// undo go through apply(), which changes the value and emits changed() with
// a Change saying what changed. Forms, the outline, the map and the issues
// panel listen and update what they show of it; nothing writes the model
// directly.

#include "document/change.h"
#include "io/issue.h"
#include "model/edits.h"
#include "model/queries.h"
#include "model/scenario.h"

#include <QObject>
#include <QTimer>

class QUndoStack;

namespace goap::editor {

class ScenarioDocument : public QObject
{
    Q_OBJECT

public:
    explicit ScenarioDocument(QObject *parent = nullptr);
    ~ScenarioDocument() override;

    const Scenario &scenario() const { return m_scenario; }
    QUndoStack *undoStack() const { return m_undo; }
    QString fileName() const { return m_fileName; }
    bool isModified() const;
    // Validation of the current value. It runs 100 ms after the last edit (off
    // the keystroke path) and at once when asked for before that.
    Issues issues() const;
    void validateNow() const; // runs a pending validation now (Save and Play call it through issues())
    bool validationPending() const { return m_validateTimer.isActive(); } // an edit awaits its (debounced) validation

    // Replaces the whole document (New, Open, Revert): clears the undo stack.
    void reset(const Scenario &scenario, const QString &fileName);
    // Replaces the value by the saved one as an undoable step, which is clean (Revert).
    void revertTo(const Scenario &saved);
    void setFileName(const QString &fileName); // after Save As
    void markSaved();

    // Pushes a built edit as one undo step (consecutive steps setting one
    // field of the same items merge). Returns why it was refused, as a
    // sentence, or else the builder's note (usually empty).
    QString submit(const edits::Result &result);

    // No undo: the commands call this. Applies `edit`, announcing it to the
    // views (aboutToChange, then changed), and returns its inverse.
    edits::Edit apply(edits::Edit edit);
    static constexpr int kUndoLimit = 1000; // steps kept; each keeps only what it changed

signals:
    // What is about to change, and then what changed: a view updates what it
    // shows of that (see Change). Every change is announced by both, in that
    // order, so a model can begin and end its row moves around it; an
    // insertion or removal of several runs of items is one pair per run.
    void aboutToChange(const goap::editor::Change &change);
    void changed(const goap::editor::Change &change);
    void modifiedChanged(bool modified);
    void fileNameChanged(const QString &fileName);
    void issuesChanged();
    void documentReset(); // a different scenario was loaded (New, Open, Revert)

private:
    void revalidate(); // schedules validation
    edits::Edit applyRuns(edits::Edit edit); // an insertion or removal, run by run

    Scenario m_scenario;
    QString m_fileName;
    QUndoStack *m_undo;
    mutable Issues m_issues;
    mutable bool m_validationPending = false;
    QTimer m_validateTimer;
};

// An empty scenario with the format's defaults, for File > New.
Scenario newScenario();

// A builder's words as a refusal: a capital first letter and a full stop.
QString refusalSentence(QString message);

} // namespace goap::editor
