#pragma once
// The open scenario: the Scenario value, its file name and its undo stack.
//
// Every edit goes through a typed method here, which checks it, builds the
// edited Scenario and pushes one command of the kind the edit is
// (commands/commands.h); redo/undo apply it through applyItems(),
// insertItems(), removeItems() or assign(), and the document emits changed()
// with a Change saying what changed. Forms, the outline, the map and the
// issues panel listen and update what they show of it; nothing writes the
// model directly.

#include "document/change.h"
#include "io/issue.h"
#include "model/scenario.h"
#include "space/grid.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <optional>
#include <variant>

class QUndoStack;

namespace goap::editor {

// Where a fact is used, for the Facts form.
struct FactUsage
{
    QStringList readBy; // actions whose preconditions read it
    QStringList spentBy; // actions whose negative adds spend it
    QStringList addedBy; // actions whose positive adds raise it
    QStringList setBy; // actions that set it
    QStringList goals; // goals whose conditions name it
    QStringList seededBy; // "world" or agent ids with an initial value
};

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

    // Replaces the whole document (New, Open, Revert): clears the undo stack.
    void reset(const Scenario &scenario, const QString &fileName);
    // Replaces the value by the saved one as an undoable step, which is clean (Revert).
    void revertTo(const Scenario &saved);
    void setFileName(const QString &fileName); // after Save As
    void markSaved();

    // Edits. Each returns an empty string when applied, else why it was refused.
    QString setSettings(const QString &name, const QString &description, const DaySettings &day,
                        const PlannerSettings &planner, const MapSettings &map, const QString &field);
    QString setWorldSeed(const QString &name, qint32 value); // name without prefix
    QString removeWorldSeed(const QString &name);
    QString renameFact(const QString &from, const QString &to); // scoped names; scope kept

    // A world fact seeded at 0, under a name no fact uses yet (Edit > Add Fact).
    QString addWorldFact(QString *newFact = nullptr);

    // Copies placed right after the original, with fresh ids (Edit > Duplicate).
    QString duplicateStation(int index, QString *newId = nullptr);
    QString duplicateAction(int index, QString *newId = nullptr);
    QString duplicateGoal(int index, QString *newId = nullptr);
    QString duplicateAgent(int index, QString *newId = nullptr);
    QString duplicateTemplate(int index, QString *newId = nullptr);
    QString duplicateSpawner(int index);

    QString addStation(const Point &at, QString *newId = nullptr);
    QString removeStation(int index);
    QString setStation(int index, const Station &station, const QString &field);

    QString addAction(QString *newId = nullptr);
    QString removeAction(int index);
    QString setAction(int index, const Action &action, const QString &field);

    QString addGoal(GoalKind kind, QString *newId = nullptr);
    QString removeGoal(int index);
    QString setGoal(int index, const Goal &goal, const QString &field);

    QString addAgent(const Point &at, QString *newId = nullptr);
    QString removeAgent(int index);
    QString setAgent(int index, const Agent &agent, const QString &field);

    // Several characters (or templates) changed at once: one undo step.
    // `agents` are the new values, in the order of `indices`; their ids must
    // stay as they are.
    QString setAgents(bool templates, const QList<int> &indices, const QList<Agent> &agents, const QString &field);
    QString setStations(const QList<int> &indices, const QList<Station> &stations, const QString &field);
    // Several goals' label, start, rate or urgency at once (ids, kinds and conditions one at a time).
    QString setGoals(const QList<int> &indices, const QList<Goal> &goals, const QString &field);
    // Several actions' label, station, duration or cost at once (the rest one at a time).
    QString setActions(const QList<int> &indices, const QList<Action> &actions, const QString &field);

    QString addTemplate(QString *newId = nullptr);
    QString removeTemplate(int index); // and the spawners of it
    QString setTemplate(int index, const Agent &agent, const QString &field);

    // Walls (map.walls), in map units. Refused when a wall would leave the
    // map, have no area, or cover a station, a character's start or a spawner.
    QString addWall(const Wall &wall);
    QString setWall(int index, const Wall &wall); // moved or resized
    QString removeWall(int index);
    // The wall brush and eraser (SPEC 11.3, like Tiled's stamp and eraser):
    // paints whole cells as walls (merged into as few rectangles as rows and
    // runs allow; cells under a station, a start or a spawner are left free
    // and said so) or erases them (a wall that loses cells is cut into the
    // rectangles that remain). One undo step; empty when nothing changed.
    QString paintWalls(const QList<Cell> &cells, bool erase);

    QString addSpawner();
    QString removeSpawner(int index);
    QString setSpawner(int index, const Spawner &spawner, const QString &field);

    // Queries.
    QStringList factsInUse() const; // scoped, sorted
    FactUsage usage(const QString &fact) const;
    QString uniqueId(const QString &base, const QStringList &taken) const;
    // Who refers to an item, so removing it can say what it will change.
    QStringList actionsAtStation(int station) const; // action ids
    QStringList holdersOfAction(int action) const; // character and template ids
    QStringList holdersOfGoal(int goal) const; // character and template ids
    int spawnersOfTemplate(int characterTemplate) const;

    // Applies a new value as one undoable step of the kind its difference is
    // (used by the typed edits). `field` names what was edited: consecutive
    // steps on the same items and field merge into one (empty: never).
    void push(const Scenario &after, const QString &text, Parts parts, const QString &field = {});
    template<typename T, typename Check>
    QString setSeveral(QList<T> Scenario::*list, const QList<int> &indices, const QList<T> &items, Check check,
                       const QString &noun, Parts parts, const QString &field);
    // No undo: the commands call these.
    void applyItems(Part part, const QList<int> &indices, const QList<ItemValue> &values, const QString &field);
    void insertItems(Part part, int first, const QList<ItemValue> &values);
    void removeItems(Part part, const QList<int> &indices); // ascending
    void assign(const Scenario &value, Parts parts, const QString &field = {});
    static constexpr int kUndoLimit = 1000; // steps kept; each keeps only what it changed

    bool validationPending() const { return m_validateTimer.isActive(); } // an edit awaits its (debounced) validation

signals:
    // What is about to change, and then what changed: a view updates what it
    // shows of that (see Change). Every change is announced by both, in that
    // order, so a model can begin and end its row moves around it; a removal
    // of several runs of items is one pair per run, last run first.
    void aboutToChange(const goap::editor::Change &change);
    void changed(const goap::editor::Change &change);
    void modifiedChanged(bool modified);
    void fileNameChanged(const QString &fileName);
    void issuesChanged();
    void documentReset(); // a different scenario was loaded (New, Open, Revert)

private:
    QString checkId(const QString &id, const QStringList &taken, const QString &previous) const;
    QString checkCharacter(const Agent &agent) const;
    void revalidate(); // schedules validation

    Scenario m_scenario;
    QString m_fileName;
    QUndoStack *m_undo;
    mutable Issues m_issues;
    mutable bool m_validationPending = false;
    QTimer m_validateTimer;
};

// Ids of a list of entities, for uniqueness checks.
template<typename List> QStringList idsOf(const List &list)
{
    QStringList out;
    for (const auto &item : list)
        out << item.id;
    return out;
}

// An empty scenario with the format's defaults, for File > New.
Scenario newScenario();

} // namespace goap::editor
