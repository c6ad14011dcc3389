#include "searchview.h"

#include "graph/graphlayout.h"
#include "graph/render.h"
#include "io/savefile.h"
#include "space/paths.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

namespace goap::editor {

SearchView::SearchView(QWidget *parent)
    : QWidget(parent)
    , m_worker(this, [this](quint64 request, const QByteArray &plain, const QString &error) {
        if (request == m_layoutRequest)
            draw(plain, error);
    })
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *bar = new QHBoxLayout;
    m_characterBox = new QComboBox(this);
    m_characterBox->setToolTip(tr("The character whose search to show, from its dawn state"));
    m_goalBox = new QComboBox(this);
    m_goalBox->setToolTip(tr("One of its goals: searched from the state shown (the run's moment after Show Search, "
                             "else dawn)"));
    // The choosers give way to the "From" label in a narrow dock: it must stay whole.
    for (QComboBox *box : {m_characterBox, m_goalBox}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    m_from = new QLabel(this);
    m_from->setObjectName(QStringLiteral("searchFrom"));
    m_from->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred);
    m_from->setTextFormat(Qt::PlainText); // one line, never wrapped at its comma
    m_from->setToolTip(tr("The state the search starts from: the character's dawn state, or the moment of the run "
                          "the inspector showed when Show Search was pressed"));
    m_collapseButton = new QToolButton(this);
    m_collapseButton->setText(tr("Collapse"));
    m_collapseButton->setToolTip(tr("Back to the first levels and the plan's path (a \"+N\" marker opens a node)"));
    m_exportButton = new QToolButton(this);
    m_exportButton->setText(tr("Export"));
    m_exportButton->setObjectName(QStringLiteral("exportButton"));
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_exportButton);
    addExportActions(
        menu, this, tr("Export the search tree"),
        [this] { return QStringLiteral("search-%1-%2").arg(m_characterId, m_goalId); },
        [this](const QString &name, const QString &format) { return exportTo(name, format); });
    m_exportButton->setMenu(menu);
    bar->addWidget(new QLabel(tr("Character"), this));
    bar->addWidget(m_characterBox, 1);
    bar->addWidget(new QLabel(tr("Goal"), this));
    bar->addWidget(m_goalBox, 1);
    bar->addWidget(m_from);
    bar->addWidget(m_collapseButton);
    bar->addWidget(m_exportButton);
    layout->addLayout(bar);
    m_summary = new QLabel(tr("Choose a character and a goal, or Show Search in the inspector's ballot."), this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    m_scene = new QGraphicsScene(this);
    m_graphView = new QGraphicsView(m_scene, this);
    m_graphView->setRenderHint(QPainter::Antialiasing);
    m_graphView->setDragMode(QGraphicsView::ScrollHandDrag);
    m_graphView->viewport()->installEventFilter(this);
    layout->addWidget(m_graphView, 1);

    connect(m_characterBox, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            fillGoals();
    });
    connect(m_goalBox, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling || m_characterBox->currentIndex() < 0 || m_goalBox->currentIndex() < 0)
            return;
        const int character = m_characterBox->currentData().toInt(), goal = m_goalBox->currentData().toInt();
        if (m_moment && m_moment->character == character) { // the same moment, another goal
            SearchRequest again = *m_moment;
            again.goal = goal;
            search(std::move(again));
        } else {
            showDawnSearch(character, goal);
        }
    });
    connect(m_collapseButton, &QToolButton::clicked, this, &SearchView::collapse);
}

SearchView::~SearchView() = default; // m_worker waits for a layout under way

void SearchView::setScenario(const Scenario &scenario, bool hasErrors)
{
    m_scenario = scenario;
    m_hasErrors = hasErrors;
    m_stale = true;
    if (isVisible())
        refresh();
}

void SearchView::newDocument(const Scenario &scenario, bool hasErrors)
{
    m_moment.reset();
    m_fromDawn = true;
    m_characterNames.clear(); // listed again, from the new document
    clearShown(tr("Choose a character and a goal, or Show Search in the inspector's ballot."));
    setScenario(scenario, hasErrors);
}

void SearchView::clearShown(const QString &caption)
{
    m_worker.cancel();
    m_layoutRequest = 0; // a layout under way is of a search no longer shown
    m_scene->clear();
    m_items.clear();
    m_markers.clear();
    m_drawn = 0;
    m_compiled.reset();
    m_dot.clear();
    m_summary->setText(caption);
    m_from->clear();
}

void SearchView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void SearchView::refresh()
{
    m_stale = false;
    const Scenario &scenario = m_scenario;
    m_filling = true;
    QStringList names;
    names.reserve(scenario.agents.size());
    for (const Agent &a : scenario.agents)
        names << QStringLiteral("%1 — %2").arg(a.id, a.label);
    if (names != m_characterNames) { // a crowd is not listed again at every edit
        const QString was = m_characterBox->currentText();
        m_characterNames = names;
        m_characterBox->clear();
        for (int i = 0; i < names.size(); ++i)
            m_characterBox->addItem(names[i], i);
        m_characterBox->setCurrentIndex(std::max(0, m_characterBox->findText(was)));
    }
    m_filling = false;
    fillGoals();
    if (m_goalBox->currentIndex() < 0 && m_goalBox->count() > 0) {
        m_filling = true;
        m_goalBox->setCurrentIndex(0); // something to see at once: the first character's first goal
        m_filling = false;
    }
    if (m_fromDawn && m_characterBox->currentIndex() >= 0 && m_goalBox->currentIndex() >= 0)
        showDawnSearch(m_characterBox->currentData().toInt(), m_goalBox->currentData().toInt());
}

void SearchView::fillGoals()
{
    m_filling = true;
    const QString was = m_goalBox->currentText();
    m_goalBox->clear();
    const int character = m_characterBox->currentData().toInt();
    if (m_characterBox->currentIndex() >= 0 && character < m_scenario.agents.size())
        for (const GoalRef &held : m_scenario.agents[character].goals)
            if (const int g = m_scenario.indexOfGoal(held.goal); g >= 0)
                m_goalBox->addItem(held.goal, g);
    m_goalBox->setCurrentIndex(m_goalBox->findText(was));
    m_filling = false;
}

void SearchView::showDawnSearch(int character, int goal)
{
    m_moment.reset();
    if (m_hasErrors) { // compile() wants a valid scenario
        clearShown(tr("The scenario has errors (see Issues): fix them to see what the planner tries."));
        return;
    }
    auto compiled = std::make_shared<const CompiledScenario>(compile(m_scenario));
    if (character < 0 || size_t(character) >= compiled->agents.size() || goal < 0
        || size_t(goal) >= compiled->goals.size())
        return;
    const CompiledAgent &who = compiled->agents[size_t(character)];
    m_fromDawn = true;
    search({compiled, character, goal, compiled->dawnState(character), who.x, who.y, tr("dawn")});
}

void SearchView::showSearch(SearchRequest request)
{
    m_moment = request;
    m_fromDawn = false;
    search(std::move(request));
}

QString SearchView::fromText() const
{
    return m_compiled ? m_when : QString();
}

void SearchView::search(SearchRequest request)
{
    const int character = request.character, goal = request.goal;
    if (!request.scenario || character < 0 || size_t(character) >= request.scenario->agents.size() || goal < 0
        || size_t(goal) >= request.scenario->goals.size())
        return;
    m_compiled = std::move(request.scenario);
    const CompiledScenario &sc = *m_compiled;
    m_characterId = sc.agentIds[size_t(character)];
    m_goalId = sc.goalIds[size_t(goal)];
    m_when = request.when;
    Planner planner(sc);
    planner.traceInto(&m_tree);
    const Space space(sc);
    const Travel travel
        = travelFrom(space, sc.planner.travelCost, sc.agents[size_t(character)].speed, request.x, request.y);
    Plan plan;
    planner.planGoal(request.state, sc.agents[size_t(character)].actions, goal, plan, sc.planner.maxNodes,
                     sc.planner.heuristic, &travel);
    m_opened.clear();
    // The chooser follows (a search asked for by the inspector names its own character and goal).
    m_filling = true;
    if (const int i = m_characterBox->findData(character); i >= 0 && m_characterBox->currentIndex() != i) {
        m_characterBox->setCurrentIndex(i);
        m_filling = false;
        fillGoals();
        m_filling = true;
    }
    m_goalBox->setCurrentIndex(m_goalBox->findData(goal));
    m_filling = false;
    relayout();
}

QString SearchView::summary() const
{
    if (!m_compiled)
        return {};
    return searchSummary(m_tree, *m_compiled, m_characterId, m_goalId) + u' '
        + (m_fromDawn ? tr("from its dawn state") : tr("from %1").arg(m_when));
}

void SearchView::open(int node)
{
    m_opened.push_back(node);
    relayout();
}

void SearchView::collapse()
{
    m_opened.clear();
    relayout();
}

void SearchView::relayout()
{
    if (!m_compiled)
        return;
    m_view = collapseTree(m_tree, kDepth, kNodes, m_opened);
    m_dot = searchTreeDot(m_tree, *m_compiled, m_view, summary());
    m_summary->setText(summary() + tr(" — %1 of %2 nodes drawn").arg(m_view.shownCount).arg(m_tree.nodes.size()));
    m_from->setText(tr("From: %1").arg(fromText()));
    if (m_view.shownCount > kWorkerNodes) {
        m_layoutRequest = m_worker.request(m_dot);
        return;
    }
    m_layoutRequest = 0; // a layout still under way is not drawn
    QString error;
    const QByteArray plain = renderDot(m_dot, "plain", error).value_or(QByteArray());
    draw(plain, error);
}

void SearchView::draw(const QByteArray &plain, const QString &error)
{
    if (!m_compiled)
        return;
    m_scene->clear();
    m_items.clear();
    m_markers.clear();
    m_drawn = 0;
    if (plain.isEmpty() && !error.isEmpty()) { // nothing laid out: say why
        m_scene->addSimpleText(tr("Not laid out: %1.").arg(error))->setBrush(QColor(110, 110, 110));
        return;
    }
    const GraphLayout layout = parsePlain(plain);
    const QFont font(QStringLiteral("DejaVu Sans"), 7);
    const QColor plan(0x15, 0x65, 0xc0), grey(0x9e, 0x9e, 0x9e);
    for (auto it = layout.nodes.begin(); it != layout.nodes.end(); ++it) {
        const QString &id = it.key();
        const bool marker = id.startsWith(u"more");
        const int node = id.mid(marker ? 4 : 1).toInt();
        if (node < 0 || size_t(node) >= m_tree.nodes.size())
            continue;
        const SearchTree::Node &n = m_tree.nodes[size_t(node)];
        QPainterPath shape;
        if (marker)
            shape.addEllipse(it.value());
        else
            shape.addRoundedRect(it.value(), 5, 5);
        QPen pen(n.onPlan && !marker ? plan : grey, n.onPlan && !marker ? 2 : 1);
        if (!marker && n.superseded)
            pen.setStyle(Qt::DotLine);
        else if (!marker && n.expandedAt < 0)
            pen.setStyle(Qt::DashLine);
        auto *item = m_scene->addPath(shape, pen,
                                      marker                 ? QColor(0xee, 0xee, 0xee)
                                          : n.onPlan         ? QColor(0xe3, 0xf2, 0xfd)
                                          : n.expandedAt < 0 ? QColor(0xfa, 0xfa, 0xfa)
                                                             : QColor(0xf5, 0xf5, 0xf5));
        item->setZValue(2);
        item->setData(0, node);
        item->setData(1, marker);
        if (!marker && n.goal) { // doubled, as Graphviz's peripheries
            QPainterPath inner;
            inner.addRoundedRect(it.value().adjusted(3, 3, -3, -3), 4, 4);
            auto *ring = new QGraphicsPathItem(inner, item);
            ring->setPen(pen);
        }
        const QString text = marker ? QStringLiteral("+%1").arg(m_view.hidden[size_t(node)])
                                    : searchNodeText(m_tree, *m_compiled, node);
        // Line by line, each centred, as Graphviz centres a label's lines.
        const QStringList lines = text.split(u'\n');
        const double lineHeight = QFontMetricsF(font).height();
        double y = it.value().center().y() - lineHeight * double(lines.size()) / 2;
        for (const QString &line : lines) {
            auto *label = new QGraphicsSimpleTextItem(line, item);
            label->setFont(font);
            label->setBrush(!marker && n.expandedAt < 0 ? QColor(0x75, 0x75, 0x75) : QColor(0x21, 0x21, 0x21));
            label->setPos(it.value().center().x() - label->boundingRect().width() / 2, y);
            y += lineHeight;
        }
        item->setToolTip(marker ? tr("%n more node(s) below: click to show them", nullptr, m_view.hidden[size_t(node)])
                                : text);
        if (marker)
            m_markers.insert(node, item);
        else {
            m_items.insert(node, item);
            ++m_drawn;
        }
    }
    for (const LaidOutEdge &e : layout.edges) {
        const bool toMarker = e.head.startsWith(u"more");
        const int head = e.head.mid(toMarker ? 4 : 1).toInt();
        const bool onPlan = !toMarker && size_t(head) < m_tree.nodes.size() && m_tree.nodes[size_t(head)].onPlan;
        const QPen pen(onPlan ? plan : grey, onPlan ? 2 : 1, toMarker ? Qt::DashLine : Qt::SolidLine);
        m_scene->addPath(e.path, pen)->setZValue(1);
        m_scene->addPath(arrowHead(e.end, e.beforeEnd, 6), QPen(pen.color(), 1), pen.color())->setZValue(1);
    }
    m_scene->setSceneRect(m_scene->itemsBoundingRect().adjusted(-20, -20, 20, 20));
    // The start at the top, the whole tree when it fits.
    m_graphView->resetTransform();
    const QRectF r = m_scene->sceneRect();
    const QSize port = m_graphView->viewport()->size();
    const double k = std::clamp(
        std::min(port.width() / std::max(1.0, r.width()), port.height() / std::max(1.0, r.height())), 0.35, 1.0);
    m_graphView->scale(k, k);
    if (const QGraphicsItem *start = m_items.value(0))
        m_graphView->centerOn(start->sceneBoundingRect().center().x(), r.top() + port.height() / (2 * k));
    ++m_layouts;
    emit laidOut();
}

bool SearchView::isDrawn(int node) const
{
    return m_items.contains(node);
}

QPointF SearchView::nodePosition(int node) const
{
    const QGraphicsItem *item = m_items.value(node);
    return item ? item->sceneBoundingRect().center() : QPointF();
}

QPointF SearchView::markerPosition(int node) const
{
    const QGraphicsItem *item = m_markers.value(node);
    return item ? item->sceneBoundingRect().center() : QPointF();
}

bool SearchView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_graphView->viewport() && event->type() == QEvent::MouseButtonPress) {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        for (QGraphicsItem *item : m_graphView->items(mouse->position().toPoint())) {
            while (item->parentItem())
                item = item->parentItem();
            if (item->data(1).toBool()) { // a "+N" marker: open its node
                open(item->data(0).toInt());
                return true;
            }
        }
    } else if (watched == m_graphView->viewport() && event->type() == QEvent::Wheel) {
        const double factor = static_cast<QWheelEvent *>(event)->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
        m_graphView->scale(factor, factor);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

QString SearchView::exportTo(const QString &fileName, const QString &format)
{
    return exportGraph(m_scene, m_dot, fileName, format);
}

} // namespace goap::editor
