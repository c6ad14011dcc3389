#include "chainview.h"

#include "graph/graphlayout.h"
#include "graph/render.h"

#include <QContextMenuEvent>
#include <QGraphicsEllipseItem>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QMenu>
#include <QMetaObject>
#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>
#include <optional>
#include <queue>
#include <thread>

namespace goap::editor {

namespace {

QColor fill(const ChainNode &node)
{
    return node.isWorldFact() ? QColor(0xdb, 0xea, 0xfe)
        : node.item.isFact()  ? QColor(0xfd, 0xe7, 0xcf)
        : node.isAction()     ? QColor(0xe8, 0xf5, 0xe9)
        : node.isCharacter()  ? QColor(0xed, 0xe7, 0xf6)
                              : QColor(0xfd, 0xec, 0xea);
}

QString kindName(const ChainNode &node)
{
    return node.isWorldFact() ? QObject::tr("World fact")
        : node.item.isFact()  ? QObject::tr("A character's own fact")
        : node.isAction()     ? QObject::tr("Action")
        : node.isCharacter()  ? QObject::tr("Character")
                              : QObject::tr("Goal");
}

// The node standing for what `node` stood for in an earlier chain (found by
// id: an insertion before it moves its index), or -1.
int sameNode(const ProductionChain &chain, const ChainNode &node)
{
    return node.item.isFact() ? chain.findFact(node.id) : chain.find(node.item.entity.kind, node.id);
}

} // namespace

ChainView::ChainView(QWidget *parent)
    : QGraphicsView(parent)
    , m_worker(this, [this](quint64 request, const QByteArray &plain, const QString &error) {
        if (request == m_layoutRequest) // the newest document's layout
            draw(m_layingOut, m_layingOutDot, plain, error);
    })
{
    setScene(new QGraphicsScene(this));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setBackgroundBrush(QColor(0xfb, 0xfa, 0xf6));
    setToolTip(tr("The production chain: click a node to select it (and to bring out what feeds it and what it feeds); "
                  "drag to pan, wheel to zoom"));
}

ChainView::~ChainView() = default; // m_worker waits for a layout under way

void ChainView::setScenario(const Scenario &scenario, const Issues &issues)
{
    ProductionChain chain = productionChain(scenario);
    markFindings(chain, scenario, issues);
    QByteArray dot = toDot(chain, scenario.name);
    if (!m_worker.busy() && !m_items.empty() && sameShape(chain, m_chain)) {
        // Labels or findings only: the nodes change in place, the layout stays.
        for (size_t n = 0; n < chain.nodes.size(); ++n) {
            const ChainNode before = m_chain.nodes[n];
            m_chain.nodes[n] = chain.nodes[n];
            if (before.label != chain.nodes[n].label || before.dangling != chain.nodes[n].dangling
                || before.unreachable != chain.nodes[n].unreachable)
                styleNode(int(n));
        }
        m_dot = dot;
        applyHighlight();
        ++m_inPlace;
        return;
    }
    if (int(chain.nodes.size()) > kMaxNodes) {
        m_worker.cancel();
        m_layoutRequest = 0; // a layout under way is not drawn
        draw(ProductionChain(), dot, QByteArray()); // nothing drawn, and a word why
        auto *note = scene()->addSimpleText(tr("%1 nodes: too many to lay out here (at most %2). "
                                               "goap-sim graph --dot writes them for Graphviz.")
                                                .arg(chain.nodes.size())
                                                .arg(kMaxNodes));
        note->setBrush(QColor(110, 110, 110));
        return;
    }
    if (int(chain.nodes.size()) <= kWorkerNodes && !m_worker.busy()) {
        QString error;
        const QByteArray plain = renderDot(dot, "plain", error).value_or(QByteArray());
        draw(chain, dot, plain, error);
        return;
    }
    // A large graph (or one while a layout is under way): Graphviz works on a
    // thread of its own, one layout at a time, the newest document next.
    m_layingOut = std::move(chain);
    m_layingOutDot = dot;
    m_layoutRequest = m_worker.request(std::move(dot));
}

void ChainView::draw(const ProductionChain &chain, const QByteArray &dot, const QByteArray &plain, const QString &error)
{
    if (plain.isEmpty() && !error.isEmpty()) { // nothing laid out: say why, never a crash or a blank
        draw(ProductionChain(), dot, QByteArray());
        auto *note = scene()->addSimpleText(
            tr("Not laid out: %1. goap-sim graph --dot writes the graph for Graphviz.").arg(error));
        note->setBrush(QColor(110, 110, 110));
        m_layoutError = error;
        return;
    }
    m_layoutError.clear();
    std::optional<ChainNode> selected;
    if (m_selected >= 0 && size_t(m_selected) < m_chain.nodes.size())
        selected = m_chain.nodes[size_t(m_selected)];
    m_chain = chain;
    m_dot = dot;
    scene()->clear();
    m_items.assign(m_chain.nodes.size(), nullptr);
    m_edgeItems.assign(m_chain.edges.size(), {});
    QHash<QString, int> byId;
    for (size_t i = 0; i < m_chain.nodes.size(); ++i)
        byId.insert(chainNodeId(m_chain.nodes[i]), int(i));
    QHash<QPair<int, int>, QList<int>> edgesBetween; // (tail, head) -> chain edges, in order
    for (size_t e = 0; e < m_chain.edges.size(); ++e)
        edgesBetween[{m_chain.edges[e].from, m_chain.edges[e].to}] << int(e);
    const QFont font(QStringLiteral("DejaVu Sans"), 8);
    const GraphLayout layout = parsePlain(plain);
    for (auto it = layout.nodes.begin(); it != layout.nodes.end(); ++it) {
        const int n = byId.value(it.key(), -1);
        if (n < 0)
            continue;
        const ChainNode &node = m_chain.nodes[size_t(n)];
        const QRectF box = it.value();
        QAbstractGraphicsShapeItem *shape = nullptr;
        if (node.item.isFact()) {
            shape = scene()->addEllipse(box);
        } else {
            QPainterPath p;
            p.addRoundedRect(box, node.isAction() ? 6 : 2, node.isAction() ? 6 : 2);
            shape = scene()->addPath(p);
        }
        shape->setZValue(2);
        shape->setData(0, n);
        auto *text = new QGraphicsSimpleTextItem(node.label, shape);
        text->setFont(font);
        text->setPos(box.center() - text->boundingRect().center());
        m_items[size_t(n)] = shape;
        styleNode(n);
    }
    m_live.assign(m_chain.nodes.size(), nullptr);
    for (const LaidOutEdge &laid : layout.edges) {
        const int tail = byId.value(laid.tail, -1), head = byId.value(laid.head, -1);
        if (tail < 0 || head < 0)
            continue;
        QList<int> &list = edgesBetween[{tail, head}];
        if (list.isEmpty())
            continue;
        const int e = list.takeFirst();
        const ChainEdge::Kind kind = m_chain.edges[size_t(e)].kind;
        QPen pen(kind == ChainEdge::Spends      ? QColor(0xc6, 0x28, 0x28)
                     : kind == ChainEdge::Adds  ? QColor(0x2e, 0x7d, 0x32)
                     : kind == ChainEdge::Sets  ? QColor(0x15, 0x65, 0xc0)
                     : kind == ChainEdge::CanDo ? QColor(0xb3, 0x9d, 0xdb)
                     : kind == ChainEdge::Names ? QColor(0xef, 0x9a, 0x9a)
                                                : QColor(0x61, 0x61, 0x61),
                 1.2,
                 kind == ChainEdge::Spends     ? Qt::DashLine
                     : kind == ChainEdge::Sets ? Qt::DotLine
                                               : Qt::SolidLine);
        if (m_chain.nodes[size_t(tail)].dangling)
            pen = QPen(QColor(0xc6, 0x28, 0x28), 2);
        auto *edge = scene()->addPath(laid.path, pen);
        edge->setZValue(1);
        m_edgeItems[size_t(e)].push_back(edge);
        if (kind != ChainEdge::CanDo && m_items[size_t(head)]) { // the arrowhead, into the head node
            auto *arrow = scene()->addPath(arrowHead(laid.end, laid.beforeEnd), QPen(pen.color(), 1), pen.color());
            arrow->setZValue(1);
            m_edgeItems[size_t(e)].push_back(arrow);
        }
    }
    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20));
    if (!m_fitted)
        fit();
    m_selected = selected ? sameNode(m_chain, *selected) : -1;
    applyHighlight();
    ++m_layouts;
    emit laidOut();
}

void ChainView::styleNode(int n)
{
    auto *shape = static_cast<QAbstractGraphicsShapeItem *>(m_items[size_t(n)]);
    if (!shape)
        return;
    const ChainNode &node = m_chain.nodes[size_t(n)];
    shape->setBrush(node.unreachable ? QColor(0xee, 0xee, 0xee) : fill(node));
    QPen pen = node.dangling ? QPen(QColor(0xc6, 0x28, 0x28), 2) : QPen(QColor(0x70, 0x70, 0x70), 1);
    if (node.unreachable)
        pen = QPen(QColor(0x9e, 0x9e, 0x9e), 1, Qt::DashLine);
    shape->setPen(pen);
    QString tip = QStringLiteral("%1: %2").arg(kindName(node), node.label);
    if (node.dangling)
        tip += tr("\nNothing produces it and nothing seeds it");
    if (node.unreachable)
        tip += tr("\nNo character who holds it can ever reach it (see Issues)");
    shape->setToolTip(tip);
    for (QGraphicsItem *child : shape->childItems())
        if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(child); text && text->data(1).toString() != u"live") {
            text->setText(node.label);
            text->setBrush(node.unreachable ? QColor(0x9e, 0x9e, 0x9e) : QColor(0x21, 0x21, 0x21));
            text->setPos(shape->boundingRect().center() - text->boundingRect().center());
        }
}

void ChainView::showLive(const CompiledScenario *scenario, const sim::Snapshot &snap)
{
    if (scenario != m_liveScenario) {
        m_liveScenario = scenario;
        m_liveFacts.clear();
        m_liveActions.clear();
        if (scenario)
            for (size_t f = size_t(scenario->agentFactCount); f < scenario->factNames.size(); ++f)
                m_liveFacts.insert(scenario->factNames[f], int(f) - scenario->agentFactCount);
    }
    // Who is at which action now (walking to it, in line for it or doing it):
    // counts by action, and the first few names for the tooltip.
    std::vector<int> count(scenario ? scenario->actionIds.size() : 0, 0);
    std::vector<QStringList> names(count.size());
    for (const sim::AgentSnapshot &a : snap.agents)
        if (a.action >= 0 && size_t(a.action) < count.size() && ++count[size_t(a.action)] <= 12)
            names[size_t(a.action)] << a.label;
    if (scenario && m_liveActions.isEmpty())
        for (size_t k = 0; k < scenario->actionIds.size(); ++k)
            m_liveActions.insert(scenario->actionIds[k], int(k));
    for (size_t n = 0; n < m_chain.nodes.size() && n < m_items.size(); ++n) {
        const ChainNode &node = m_chain.nodes[n];
        QString text, tip;
        if (scenario && node.isWorldFact()) {
            const int w = m_liveFacts.value(node.id, -1);
            if (w >= 0 && size_t(w) < snap.world.size())
                text = QStringLiteral("= %1").arg(snap.world[size_t(w)]);
        } else if (scenario && node.isAction()) {
            const int k = m_liveActions.value(node.id, -1);
            if (k >= 0 && size_t(k) < count.size() && count[size_t(k)] > 0) {
                text = QStringLiteral("▶ %1").arg(count[size_t(k)]);
                tip = tr("At it now: %1").arg(names[size_t(k)].join(QStringLiteral(", ")))
                    + (count[size_t(k)] > 12 ? tr(" and %1 more").arg(count[size_t(k)] - 12) : QString());
            }
        }
        QGraphicsSimpleTextItem *&live = m_live[n];
        if (text.isEmpty()) {
            delete live;
            live = nullptr;
            continue;
        }
        if (!m_items[n])
            continue;
        if (!live) {
            live = new QGraphicsSimpleTextItem(m_items[n]);
            live->setData(1, QStringLiteral("live"));
            live->setFont(QFont(QStringLiteral("DejaVu Sans"), 7, QFont::Bold));
            live->setBrush(node.isAction() ? QColor(0x2e, 0x7d, 0x32) : QColor(0x15, 0x65, 0xc0));
        }
        if (live->text() != text) {
            live->setText(text);
            const QRectF box = m_items[n]->boundingRect();
            live->setPos(box.right() - live->boundingRect().width() + 2, box.bottom() - 2);
        }
        live->setToolTip(tip);
    }
}

QString ChainView::liveText(int node) const
{
    return node >= 0 && size_t(node) < m_live.size() && m_live[size_t(node)] ? m_live[size_t(node)]->text() : QString();
}

QString ChainView::exportTo(const QString &fileName, const QString &format)
{
    return exportGraph(scene(), m_dot, fileName, format);
}

void ChainView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu;
    addExportActions(
        &menu, this, tr("Export the production chain"), [] { return QStringLiteral("production-chain"); },
        [this](const QString &name, const QString &format) { return exportTo(name, format); });
    menu.exec(event->globalPos());
}

void ChainView::select(const ItemRef &item)
{
    m_selected = m_chain.find(item);
    applyHighlight();
    if (m_selected >= 0 && m_items[size_t(m_selected)])
        ensureVisible(m_items[size_t(m_selected)]);
}

void ChainView::applyHighlight()
{
    // Upstream and downstream of the selected node: what feeds it and what it feeds.
    std::vector<char> lit(m_chain.nodes.size(), m_selected < 0 ? 1 : 0);
    if (m_selected >= 0) {
        for (const bool down : {true, false}) {
            std::queue<int> todo;
            todo.push(m_selected);
            std::vector<char> seen(m_chain.nodes.size(), 0);
            seen[size_t(m_selected)] = 1;
            while (!todo.empty()) {
                const int n = todo.front();
                todo.pop();
                lit[size_t(n)] = 1;
                for (const ChainEdge &e : m_chain.edges) {
                    if (e.kind == ChainEdge::CanDo && n != m_selected)
                        continue; // who can do an action is not what it feeds
                    const int next = down ? (e.from == n ? e.to : -1) : (e.to == n ? e.from : -1);
                    if (next >= 0 && !seen[size_t(next)]) {
                        seen[size_t(next)] = 1;
                        todo.push(next);
                    }
                }
            }
        }
    }
    for (size_t n = 0; n < m_items.size(); ++n)
        if (m_items[n]) {
            m_items[n]->setOpacity(lit[n] ? 1.0 : 0.25);
            auto *shape = static_cast<QAbstractGraphicsShapeItem *>(m_items[n]);
            QPen pen = shape->pen();
            pen.setWidthF(int(n) == m_selected ? 3 : m_chain.nodes[n].dangling ? 2 : 1);
            shape->setPen(pen);
        }
    for (size_t e = 0; e < m_edgeItems.size(); ++e) {
        const bool on = lit[size_t(m_chain.edges[e].from)] && lit[size_t(m_chain.edges[e].to)];
        for (QGraphicsItem *item : m_edgeItems[e])
            item->setOpacity(on ? 1.0 : 0.15);
    }
}

QPointF ChainView::nodePosition(int node) const
{
    return node >= 0 && size_t(node) < m_items.size() && m_items[size_t(node)]
        ? m_items[size_t(node)]->sceneBoundingRect().center()
        : QPointF();
}

bool ChainView::isHighlighted(int node) const
{
    return node >= 0 && size_t(node) < m_items.size() && m_items[size_t(node)]
        && m_items[size_t(node)]->opacity() > 0.5;
}

void ChainView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        for (QGraphicsItem *item : items(event->position().toPoint())) {
            while (item->parentItem())
                item = item->parentItem();
            const QVariant n = item->data(0);
            if (n.isValid() && n.toInt() >= 0 && size_t(n.toInt()) < m_chain.nodes.size()) {
                const ChainNode node = m_chain.nodes[size_t(n.toInt())]; // select() may lay out again
                select(node.item);
                emit nodeActivated(node);
                event->accept();
                return;
            }
        }
    }
    QGraphicsView::mousePressEvent(event);
}

void ChainView::fit()
{
    // All of it, at most at full size; once the view has a real size (a hidden dock has none).
    if (viewport()->width() < 120 || viewport()->height() < 80 || m_items.empty())
        return;
    resetTransform();
    const QRectF r = sceneRect();
    const double k = std::min(
        {1.0, viewport()->width() / std::max(1.0, r.width()), viewport()->height() / std::max(1.0, r.height())});
    scale(k, k);
    centerOn(r.center());
    m_fitted = true;
}

void ChainView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (!m_zoomed) // the whole graph until the user zooms: a dock shown or resized fits it again
        fit();
}

void ChainView::wheelEvent(QWheelEvent *event)
{
    const double factor = event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
    scale(factor, factor);
    m_zoomed = true;
    event->accept();
}

} // namespace goap::editor
