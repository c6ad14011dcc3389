#pragma once
// A planner search as a tree (issue #14): every node the A* search made,
// in the order it made them, with its action, g, h and f, whether and when
// it was expanded, the goal conditions still unmet there, and what its
// expansion found besides new nodes (states already seen, dead ends). What
// the Search Tree dock and `goap-sim plan --dot` draw.
//
// Planner::traceInto(&tree) records the next searches; a search without it
// pays one untaken branch per successor.

#include "planner/compiledscenario.h"
#include "planner/planner.h"

#include <vector>

namespace goap {

struct SearchTree
{
    struct Node
    {
        int parent = -1; // index into nodes; -1: the start
        int action = -1; // the action that led here (scenario index); -1: the start
        int station = -1; // where it is done, when travel is costed; -1 otherwise
        double g = 0, h = 0;
        double f() const { return g + h; }
        int expandedAt = -1; // when it was expanded (0: first); -1: never (the frontier when the search stopped)
        int depth = 0;
        bool goal = false; // every goal condition holds here
        bool onPlan = false; // on the path of the plan returned
        bool superseded = false; // a cheaper way here was found later (that node replaces it)
        int duplicates = 0; // successors that were states seen already (closed, or open no dearer)
        int deadEnds = 0; // successors pruned: no relaxed plan reaches the goal from them
        std::vector<int> unmet; // indices into `goal` of the conditions that do not hold here
        std::vector<int> children;
    };
    // At most kMaxNodes of the nodes made, the first ones, plus the plan's
    // path: a tree costs about 150 bytes a node, so at most about 15 MB
    // however large the search (its counts stay those of the whole search).
    static constexpr size_t kMaxNodes = 100000;
    std::vector<Node> nodes; // nodes[0] is the start state
    int made = 0; // nodes the search made (nodes.size() when none were left out)
    std::vector<CCondition> goal;
    Plan result; // the search's own answer: reason, counts, plan
    // Goal conditions that held in no node at all: when there is no plan,
    // the first place to look.
    std::vector<int> neverMet;

    bool empty() const { return nodes.empty(); }
    int expandedCount() const;
    int maxDepth() const;
};

} // namespace goap
