#pragma once
// The production chain dock (issue #14, 1): the scenario's facts, actions,
// characters and goals as a graph laid out by Graphviz (goap-sim graph's
// DOT, through libgvc's "plain" output) and drawn here, so it is interactive
// and themed like the map. A click selects the item in the editor and the
// other way round; a selected node brings out everything upstream and
// downstream of it (what feeds bread, what iron feeds) and fades the rest;
// hover shows its details. Layout runs off the UI thread for graphs over 200
// nodes; a newer document supersedes a layout still running.

#include "graph/graphlayout.h"
#include "graph/productionchain.h"
#include "graph/render.h"
#include "planner/compiledscenario.h"
#include "sim/snapshot.h"

#include <QGraphicsView>
#include <QHash>

#include <optional>
#include <utility>

namespace goap::editor {

class ChainView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit ChainView(QWidget *parent = nullptr);
    ~ChainView() override; // waits for a layout under way

    // Lays it out (now, or on a worker for a large graph), with the
    // validator's findings (unreachable goals greyed). When only labels or
    // findings changed, the nodes are updated in place: no new layout.
    void setScenario(const Scenario &scenario, const Issues &issues = {});
    // During a run: world facts show their values, actions how many are at
    // them (and who, on hover). nullptr clears.
    void showLive(const CompiledScenario *scenario, const sim::Snapshot &snapshot);
    // Writes the graph as drawn: .dot, .svg (Graphviz) or .png (this view).
    QString exportTo(const QString &fileName,
                     const QString &format = {}); // format: "png", "svg", "dot"; none: by the suffix
    quint64 inPlaceUpdates() const { return m_inPlace; } // edits shown without a new layout
    QGraphicsItem *nodeItem(int node) const
    {
        return node >= 0 && size_t(node) < m_items.size() ? m_items[size_t(node)] : nullptr;
    }
    QString liveText(int node) const; // the value or activity shown beside a node, for tests
    // Brings out one node and its upstream and downstream; anything else clears.
    void select(const ItemRef &item);
    const ProductionChain &chain() const { return m_chain; }
    int selectedNode() const { return m_selected; }
    int nodeCount() const { return int(m_items.size()); }
    QPointF nodePosition(int node) const; // scene centre, for tests
    bool isHighlighted(int node) const; // not faded
    QByteArray dot() const { return m_dot; }
    quint64 layouts() const { return m_layouts; } // layouts drawn so far

    static constexpr int kWorkerNodes = 200;
    // Why the last layout was not drawn (Graphviz refused or failed), empty when it was.
    QString layoutError() const { return m_layoutError; }
    bool layoutBusy() const { return m_worker.busy(); } // a layout on the worker, not yet drawn or dropped
    // Past this the chain is not laid out (Graphviz takes minutes): the dock says
    // so, and goap-sim graph --dot writes it for other tools.
    static constexpr int kMaxNodes = kMaxLayoutNodes; // graph/render.h: what Graphviz is asked to lay out

signals:
    // A node clicked: what it stands for (its item) and its id.
    void nodeActivated(const goap::ChainNode &node);
    void laidOut();

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void draw(const ProductionChain &chain, const QByteArray &dot, const QByteArray &plain,
              const QString &error = QString());
    void applyHighlight();
    void styleNode(int node); // pen, brush and label from m_chain (findings included)
    quint64 m_inPlace = 0;
    std::vector<QGraphicsSimpleTextItem *> m_live; // per chain node: its live value, or nullptr
    QHash<QString, int> m_liveFacts; // world fact name -> id in the run's scenario
    QHash<QString, int> m_liveActions; // action id -> index in the run's scenario
    const CompiledScenario *m_liveScenario = nullptr;
    void fit();
    bool m_fitted = false;
    bool m_zoomed = false; // the user zoomed: resizing keeps the view

    ProductionChain m_chain;
    QByteArray m_dot;
    std::vector<QGraphicsItem *> m_items; // per chain node
    std::vector<std::vector<QGraphicsItem *>> m_edgeItems; // per chain edge: path and head
    int m_selected = -1;
    quint64 m_layouts = 0;
    // Large graphs are laid out by m_worker; the newest chain asked for waits in m_layingOut.
    LayoutWorker m_worker;
    ProductionChain m_layingOut;
    QByteArray m_layingOutDot;
    quint64 m_layoutRequest = 0;
    QString m_layoutError;
};

} // namespace goap::editor
