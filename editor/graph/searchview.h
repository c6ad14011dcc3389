#pragma once
// The Search Tree dock (issue #14, 2): what the planner tried for one
// character and one goal, fed by its trace (Planner::traceInto). Each node
// shows its action, g, h, f, its turn of expansion and the goal conditions
// still unmet; the returned plan's path is bold blue, the goal doubled, the
// frontier dashed, states met again and dead ends counted on the node that
// met them. A large tree is collapsed (depth and node count); a "+N" marker
// opens a node's hidden children. When there is no plan, the frontier's best
// nodes and the conditions that never held say why.
//
// The search starts from the character's dawn state (choose it above), or
// from the moment shown by a run (the inspector's Show Search); the bar says
// which. Another goal chosen for the same character searches again from the
// same moment (a run's state, where bread may be gone, is not swapped for
// dawn's behind the designer's back); another character starts from its
// dawn. Another document clears it. Laid out by Graphviz; over 200 nodes
// drawn, on a worker thread.

#include "graph/graphlayout.h"
#include "graph/searchgraph.h"
#include "graph/searchrequest.h"
#include "model/scenario.h"

#include <QHash>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QGraphicsItem;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QToolButton;

namespace goap::editor {

class SearchView : public QWidget
{
    Q_OBJECT

public:
    bool layoutBusy() const { return m_worker.busy(); } // a layout on the worker, not yet drawn or dropped
    explicit SearchView(QWidget *parent = nullptr);
    ~SearchView() override; // waits for a layout under way

    // The document: the characters and goals to choose from (searched from
    // dawn). A search from dawn is made again for the new document; while the
    // dock is hidden this waits until it is shown.
    // A document with errors is not searched (the dock says so).
    void setScenario(const Scenario &scenario, bool hasErrors = false);
    // Another document (opened, File > New): the search shown is of the
    // previous one; it goes, and the new document is searched from dawn.
    void newDocument(const Scenario &scenario, bool hasErrors = false);
    // Shows what the planner tries for the request's character and goal from its state.
    void showSearch(SearchRequest request);
    // The same from the character's dawn state in the document.
    void showDawnSearch(int character, int goal);

    const SearchTree &tree() const { return m_tree; }
    const TreeView &view() const { return m_view; }
    QByteArray dot() const { return m_dot; }
    bool fromDawn() const { return m_fromDawn; }
    QString fromText() const; // the bar's "From": "dawn" or the moment, e.g. "day 1, 64.0 s"
    QComboBox *characterBox() const { return m_characterBox; }
    QComboBox *goalBox() const { return m_goalBox; }
    QString summary() const;
    int drawnNodes() const { return m_drawn; }
    bool isDrawn(int node) const; // on the scene now
    QPointF nodePosition(int node) const; // scene centre, for tests
    QPointF markerPosition(int node) const; // its "+N" marker's centre, for tests
    void open(int node); // shows its hidden children
    void collapse(); // back to the first view
    quint64 layouts() const { return m_layouts; }
    QGraphicsView *graphicsView() const { return m_graphView; }
    // Writes the tree as drawn: .dot, .svg (Graphviz) or .png (this view).
    QString exportTo(const QString &fileName,
                     const QString &format = {}); // format: "png", "svg", "dot"; none: by the suffix

    static constexpr int kDepth = 5; // levels shown at first
    static constexpr int kNodes = 120; // nodes shown at first
    static constexpr int kWorkerNodes = 200;

signals:
    void laidOut();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void fillGoals();
    void refresh(); // the choosers from the document, and the dawn search again
    void relayout();
    void draw(const QByteArray &plain, const QString &error = QString());
    void search(SearchRequest request); // shows it
    void clearShown(const QString &caption); // no search shown

    Scenario m_scenario;
    std::shared_ptr<const CompiledScenario> m_compiled; // of the search shown
    QString m_characterId, m_goalId, m_when;
    SearchTree m_tree;
    TreeView m_view;
    std::vector<int> m_opened;
    QByteArray m_dot;
    QHash<int, QGraphicsItem *> m_items, m_markers;
    int m_drawn = 0;
    quint64 m_layouts = 0;
    bool m_filling = false;
    bool m_stale = false; // the document changed while hidden
    bool m_fromDawn = true; // the search shown started from the dawn state
    // The run's moment Show Search asked for (its character's state then):
    // another goal of that character is searched from it too.
    std::optional<SearchRequest> m_moment;
    bool m_hasErrors = false; // the document has errors: no search from it
    QStringList m_characterNames; // as listed in the chooser

    QComboBox *m_characterBox, *m_goalBox;
    QLabel *m_summary, *m_from;
    QToolButton *m_collapseButton, *m_exportButton;
    QGraphicsScene *m_scene;
    QGraphicsView *m_graphView;

    LayoutWorker m_worker; // over kWorkerNodes nodes drawn
    quint64 m_layoutRequest = 0; // the layout to draw when it comes; 0: none
};

} // namespace goap::editor
