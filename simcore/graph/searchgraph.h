#pragma once
// A search tree as a picture (issue #14, 2): which nodes to draw when the
// tree is large (collapsed), and the DOT Graphviz lays out, for the Search
// Tree dock and `goap-sim plan --dot`.

#include "planner/searchtree.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace goap {

// Which nodes are drawn.
struct TreeView
{
    std::vector<char> shown; // per node
    std::vector<int> hidden; // per node: its children not drawn (a "+N" marker opens them)
    int shownCount = 0;
};

// The collapsed tree: the start; the plan's path; breadth first, the nodes
// down to `maxDepth` while fewer than `maxNodes` are drawn; the children of
// every node in `opened`; and, when there is no plan, the frontier's most
// promising nodes (lowest f, up to 10) with the way to them: where the
// search stopped. O(nodes).
TreeView collapseTree(const SearchTree &tree, int maxDepth, int maxNodes, const std::vector<int> &opened = {});

// A node's DOT id: "n12"; the marker of its hidden children: "more12".
QString searchNodeId(int node);
QString hiddenMarkerId(int node);

// The text of a node: its step (action, and station when travel is costed),
// g, h and f, and the goal conditions unmet there.
QString searchNodeText(const SearchTree &tree, const CompiledScenario &scenario, int node);
// A goal condition as text: "world.bread >= 1".
QString conditionText(const CompiledScenario &scenario, const CCondition &condition);

// How the search ended, in a line: "cook -> eat: a plan of 4 steps, cost 4
// (5 expanded, 9 generated)", or why there is none and which goal
// conditions held in no state it reached.
QString searchSummary(const SearchTree &tree, const CompiledScenario &scenario, const QString &agent,
                      const QString &goal);

// DOT, top to bottom: the plan's path bold blue, the goal doubled, the
// frontier dashed grey, superseded nodes dotted, states seen again and dead
// ends counted on the node that met them; hidden children as "+N" markers;
// the title says how the search ended and which conditions never held.
QByteArray searchTreeDot(const SearchTree &tree, const CompiledScenario &scenario, const TreeView &view,
                         const QString &title);

} // namespace goap
