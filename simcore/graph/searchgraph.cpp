#include "graph/searchgraph.h"

#include "graph/productionchain.h"

#include <QStringList>

#include <algorithm>
#include <deque>

namespace goap {

TreeView collapseTree(const SearchTree &tree, int maxDepth, int maxNodes, const std::vector<int> &opened)
{
    TreeView view;
    const size_t n = tree.nodes.size();
    view.shown.assign(n, 0);
    view.hidden.assign(n, 0);
    if (n == 0)
        return view;
    auto show = [&](int node) {
        // A node and the way to it.
        for (int k = node; k >= 0 && !view.shown[size_t(k)]; k = tree.nodes[size_t(k)].parent) {
            view.shown[size_t(k)] = 1;
            ++view.shownCount;
        }
    };
    show(0);
    for (size_t i = 0; i < n; ++i)
        if (tree.nodes[i].onPlan)
            show(int(i));
    // Breadth first from the start, while there is room.
    std::deque<int> queue {0};
    while (!queue.empty() && view.shownCount < maxNodes) {
        const int node = queue.front();
        queue.pop_front();
        for (const int child : tree.nodes[size_t(node)].children) {
            if (tree.nodes[size_t(child)].depth > maxDepth || view.shownCount >= maxNodes)
                break;
            show(child);
            queue.push_back(child);
        }
    }
    if (!tree.result.found) { // where the search stopped: the frontier's best
        std::vector<int> frontier;
        for (size_t i = 0; i < n; ++i)
            if (tree.nodes[i].expandedAt < 0 && !tree.nodes[i].superseded)
                frontier.push_back(int(i));
        const size_t best = std::min<size_t>(10, frontier.size());
        std::partial_sort(frontier.begin(), frontier.begin() + std::ptrdiff_t(best), frontier.end(),
                          [&](int a, int b) { return tree.nodes[size_t(a)].f() < tree.nodes[size_t(b)].f(); });
        for (size_t k = 0; k < best; ++k)
            show(frontier[k]);
    }
    for (const int node : opened)
        if (node >= 0 && size_t(node) < n && view.shown[size_t(node)])
            for (const int child : tree.nodes[size_t(node)].children)
                show(child);
    for (size_t i = 0; i < n; ++i)
        if (view.shown[i])
            for (const int child : tree.nodes[i].children)
                view.hidden[i] += view.shown[size_t(child)] ? 0 : 1;
    return view;
}

QString searchNodeId(int node)
{
    return QStringLiteral("n%1").arg(node);
}
QString hiddenMarkerId(int node)
{
    return QStringLiteral("more%1").arg(node);
}

QString conditionText(const CompiledScenario &scenario, const CCondition &c)
{
    return QStringLiteral("%1 %2 %3")
        .arg(scenario.factNames[size_t(c.fact)], QString::fromLatin1(toString(c.op)))
        .arg(c.value);
}

namespace {
QString number(double v)
{
    return QString::number(v, 'g', 4);
}
} // namespace

QString searchNodeText(const SearchTree &tree, const CompiledScenario &scenario, int node)
{
    const SearchTree::Node &n = tree.nodes[size_t(node)];
    QStringList lines;
    if (n.action < 0)
        lines << QStringLiteral("start");
    else
        lines << scenario.actionIds[size_t(n.action)]
                + (n.station >= 0 ? QStringLiteral(" @ ") + scenario.stationIds[size_t(n.station)] : QString());
    lines << QStringLiteral("g %1  h %2  f %3").arg(number(n.g), number(n.h), number(n.f()));
    if (n.expandedAt >= 0)
        lines.last() += QStringLiteral("  #%1").arg(n.expandedAt + 1);
    if (n.goal) {
        lines << QStringLiteral("goal holds");
    } else {
        QStringList unmet;
        for (const int c : n.unmet)
            unmet << conditionText(scenario, tree.goal[size_t(c)]);
        if (unmet.size() > 3)
            unmet = unmet.mid(0, 3) << QStringLiteral("+%1").arg(n.unmet.size() - 3);
        if (!unmet.isEmpty())
            lines << QStringLiteral("unmet: ") + unmet.join(QStringLiteral(", "));
    }
    QStringList notes;
    if (n.duplicates > 0)
        notes << QStringLiteral("%1 seen before").arg(n.duplicates);
    if (n.deadEnds > 0)
        notes << QStringLiteral("%1 dead end%2").arg(n.deadEnds).arg(n.deadEnds == 1 ? "" : "s");
    if (n.superseded)
        notes << QStringLiteral("superseded by a cheaper way");
    else if (n.expandedAt < 0)
        notes << QStringLiteral("not expanded");
    if (!notes.isEmpty())
        lines << notes.join(QStringLiteral(", "));
    return lines.join(u'\n');
}

QString searchSummary(const SearchTree &tree, const CompiledScenario &scenario, const QString &agent,
                      const QString &goal)
{
    const Plan &p = tree.result;
    QString out = QStringLiteral("%1 -> %2: ").arg(agent, goal);
    if (p.found) {
        out += QStringLiteral("a plan of %1 step%2, cost %3")
                   .arg(p.actions.size())
                   .arg(p.actions.size() == 1 ? "" : "s")
                   .arg(number(p.cost));
    } else {
        out += QStringLiteral("no plan: ") + whyNoPlan(p.reason, scenario.planner.maxNodes);
        QStringList never;
        for (const int c : tree.neverMet)
            never << conditionText(scenario, tree.goal[size_t(c)]);
        if (!never.isEmpty())
            out += QStringLiteral("; never true: ") + never.join(QStringLiteral(", "));
    }
    return out + QStringLiteral(" (%1 expanded, %2 generated)").arg(p.expanded).arg(p.generated);
}

QByteArray searchTreeDot(const SearchTree &tree, const CompiledScenario &scenario, const TreeView &view,
                         const QString &title)
{
    QString out
        = QStringLiteral("digraph search {\n  graph [rankdir=TB, label=%1, labelloc=t, fontname=\"DejaVu Sans\", "
                         "fontsize=11, nodesep=0.15, ranksep=0.35];%2\n"
                         "  node [shape=box, style=\"rounded,filled\", fontname=\"DejaVu Sans\", fontsize=9, "
                         "fillcolor=\"#f5f5f5\", color=\"#9e9e9e\"];\n  edge [color=\"#9e9e9e\", arrowsize=0.6];\n")
              .arg(dotQuoted(title), dotLayoutBudget(size_t(view.shownCount)));
    for (size_t i = 0; i < tree.nodes.size(); ++i) {
        if (!view.shown[i])
            continue;
        const SearchTree::Node &n = tree.nodes[i];
        QStringList style;
        if (n.onPlan)
            style << QStringLiteral("color=\"#1565c0\", penwidth=2, fillcolor=\"#e3f2fd\"");
        else if (n.superseded)
            style << QStringLiteral("style=\"rounded,dotted\"");
        else if (n.expandedAt < 0)
            style << QStringLiteral("style=\"rounded,dashed\", fontcolor=\"#757575\", fillcolor=\"#fafafa\"");
        if (n.goal)
            style << QStringLiteral("peripheries=2");
        out += QStringLiteral("  %1 [label=%2%3];\n")
                   .arg(searchNodeId(int(i)), dotQuoted(searchNodeText(tree, scenario, int(i))),
                        style.isEmpty() ? QString() : QStringLiteral(", ") + style.join(QStringLiteral(", ")));
        if (n.parent >= 0)
            out += QStringLiteral("  %1 -> %2%3;\n")
                       .arg(searchNodeId(n.parent), searchNodeId(int(i)),
                            n.onPlan ? QStringLiteral(" [color=\"#1565c0\", penwidth=2]") : QString());
        if (view.hidden[i] > 0)
            out += QStringLiteral("  %1 [label=\"+%2\", shape=ellipse, style=filled, fillcolor=\"#eeeeee\", "
                                  "fontsize=8];\n  %3 -> %1 [style=dashed];\n")
                       .arg(hiddenMarkerId(int(i)))
                       .arg(view.hidden[i])
                       .arg(searchNodeId(int(i)));
    }
    out += QStringLiteral("}\n");
    return out.toUtf8();
}

} // namespace goap
