#pragma once
// Breakpoints of a live run, as the designer sets them: by the names the
// scenario uses (a character's id, "world.bread", a goal's id), so they
// survive edits and restarts, and are compiled to the run's integer ids
// (sim::Breakpoint) each time a run starts. The Breakpoints dock lists them
// with their hit counts; the inspector and a fact's context menu add them.

#include "model/scenario.h"
#include "sim/breakpoints.h"

#include <QList>
#include <QObject>
#include <QWidget>
#include <optional>

class QTableWidget;
class QPushButton;

namespace goap {
struct CompiledScenario;
}

namespace goap::editor {

class ScenarioDocument;
class SimController;
struct SimFrame;
struct RecordsDelta;

struct BreakpointSpec
{
    using Kind = sim::Breakpoint::Kind;
    Kind kind = Kind::GoalSwitch;
    // Events: the character watched, empty for anyone. Facts: whose own fact,
    // empty for a world fact.
    QString character;
    QString fact; // scoped, "world.bread", "agent.fed"
    QString goal; // GoalSwitch (the goal switched to), QuotaMet; empty: any
    int value = 0; // Fact*: the threshold
    bool enabled = true;

    bool operator==(const BreakpointSpec &) const = default;
};

// What it stops at, in words: "Baker switches goal", "world.bread rises to 3".
QString describe(const BreakpointSpec &spec, const Scenario &scenario);

// A breakpoint written as text (goap-studio --break): "world.bread<1" (falls
// below), "world.bread>=3" (rises to), "miner:agent.oreMined>=2" (a
// character's own fact), "switch", "switch:baker", "switch:baker:hunger",
// "planfails[:ID]", "noplan[:ID]", "quota[:ID[:GOAL]]". Ids are checked
// against `scenario`; on failure, nothing and `why` says what is wrong.
std::optional<BreakpointSpec> parseBreakpoint(const QString &text, const Scenario &scenario, QString *why);

class Breakpoints : public QObject
{
    Q_OBJECT

public:
    struct Entry
    {
        int id = 0;
        BreakpointSpec spec;
        int hits = 0; // in the current run
    };

    // Keeps the run's breakpoints in step with this list: sent at every run
    // start and every change; hits come back in the controller's frames.
    Breakpoints(SimController *controller, QObject *parent = nullptr);

    // Adds one (an equal one already there is enabled instead); returns its id.
    int add(const BreakpointSpec &spec);
    void remove(int id);
    void clear();
    void setEnabled(int id, bool enabled);
    const QList<Entry> &entries() const { return m_entries; }
    int indexOf(int id) const;
    int lastHit() const { return m_lastHit; } // the id of the breakpoint that stopped the run last, 0
    // The enabled ones this scenario can have, as the run takes them.
    std::vector<sim::Breakpoint> compile(const CompiledScenario &scenario) const;
    // False when the scenario lacks something it names (a removed character, a renamed fact).
    static bool fits(const BreakpointSpec &spec, const CompiledScenario &scenario);
    // The same of the document's scenario, with its factsInUse().
    static bool fits(const BreakpointSpec &spec, const Scenario &scenario, const QStringList &facts);

signals:
    void changed(); // the list (a row added, removed, enabled, a hit counted)
    // The run stopped at `id`: `character` is who it concerns (-1 for the world),
    // `text` says what happened, in words, for the status bar.
    void hit(int id, int character, const QString &text);

private:
    void send();
    void onFrame(const SimFrame &frame);

    SimController *m_controller;
    QList<Entry> m_entries;
    int m_nextId = 1;
    int m_lastHit = 0;
};

// The Breakpoints dock: a row per breakpoint (enabled, what, hits), the one
// that stopped the run highlighted; Add opens a dialog over the document's
// names, Remove and Remove All.
class BreakpointsPanel : public QWidget
{
    Q_OBJECT

public:
    BreakpointsPanel(Breakpoints *breakpoints, ScenarioDocument *document, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    // The Add dialog, filled in from `spec`; adds what it says when accepted.
    void addWithDialog(const BreakpointSpec &spec = {});

private:
    void rebuild();

    Breakpoints *m_breakpoints;
    ScenarioDocument *m_document;
    QTableWidget *m_table;
    QPushButton *m_add, *m_remove, *m_clear;
};

} // namespace goap::editor
