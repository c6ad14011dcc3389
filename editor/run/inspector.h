#pragma once
// The inspector: everything about the selected character, live — phase,
// position, its own facts, the current goal, the plan (the step under way
// highlighted, each step's needs and effects), the ballot (insistence, plan
// cost, score, viable), the last goal switch and re-check failure, and for a
// waiting character why: what its searches cannot reach and who produces it.

#include "graph/searchrequest.h"
#include "planner/compiledscenario.h"
#include "run/simframe.h"

#include <QWidget>

class QFormLayout;
class QLabel;
class QPushButton;
class QTableWidget;
class QToolButton;
class QTreeWidget;

namespace goap::editor {

class Inspector : public QWidget
{
    Q_OBJECT

public:
    explicit Inspector(QWidget *parent = nullptr);

    // The labels come from the document: the compiled scenario keeps ids only.
    void setWalls(const QList<Wall> &walls); // walls changed during the run
    void setScenario(std::shared_ptr<const CompiledScenario> scenario, QStringList actionLabels = {},
                     QStringList stationLabels = {});
    void setCharacter(int character); // -1: none
    int character() const { return m_character; }
    void show(const sim::Snapshot &snapshot);

    QLabel *header, *goalLabel, *factsLabel, *switchLabel, *failureLabel, *whyLabel;
    class PlanStrip *planStrip; // the plan timeline: steps left to right, with stations and walks
    QTreeWidget *planTree;
    QTableWidget *ballotTable;
    QPushButton *searchButton; // Show Search: the selected ballot goal's search (else the one it decides about), from
                               // the moment shown
    QToolButton *breakButton; // Break: a menu of breakpoints on the character shown

signals:
    // What the planner tries for one of the character's goals from the state
    // shown (the Search Tree dock draws it): its pool, then the world.
    void searchRequested(const goap::editor::SearchRequest &request);
    // A breakpoint on the character shown (a scenario character's index), from the Break menu.
    void breakRequested(int character, goap::sim::Breakpoint::Kind kind);

private:
    void requestSearch();
    QString partnerText(const sim::AgentSnapshot &holder) const;

    std::shared_ptr<const CompiledScenario> m_scenario;
    std::unique_ptr<class Space> m_space; // walks for the plan timeline
    void showPlanStrip(const sim::AgentSnapshot &a);
    QStringList m_actionLabels, m_stationLabels;
    QFormLayout *m_form;
    int m_character = -1;
    std::vector<int> m_shownPlan; // to rebuild the plan tree only when it changes
    int m_shownAction = -2;
    int m_shownStation = -2;
    // The state shown, for Show Search.
    std::vector<std::int32_t> m_state;
    std::vector<int> m_ballotGoals; // scenario goal per ballot row
    int m_decidingAbout
        = -1; // Show Search's goal when none is picked: the current one, else the most insistent open one
    double m_x = 0, m_y = 0;
    QString m_when;
};

} // namespace goap::editor
