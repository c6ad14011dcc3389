#pragma once
// The production chain of a scenario (issue #14): who feeds whom, as a graph.
// Facts, actions, characters and goals are nodes; an action links from the
// facts its preconditions read (and those it spends) to the facts its
// effects raise or set, and from the characters who can do it; each goal
// hangs off the facts its conditions name. toDot() writes it for Graphviz,
// laid out left to right (ore -> iron -> tools -> wheat/planks -> bread).

#include "io/issue.h"
#include "model/entity.h"
#include "model/scenario.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace goap {

struct ChainNode
{
    // What it stands for: a fact, or an action, a goal, a character or a
    // template (a group of characters is its first member).
    ItemRef item;
    QString id; // the fact's scoped name, or the entity's id
    QString label;
    bool dangling = false; // a fact something reads that nothing produces and nothing seeds
    bool unreachable = false; // a goal no character who holds it can ever reach (the validator's finding)

    bool isWorldFact() const { return item.isFact() && id.startsWith(u"world."); }
    bool isAction() const { return item.isEntity(EntityKind::Action); }
    bool isGoal() const { return item.isEntity(EntityKind::Goal); }
    bool isCharacter() const { return item.isEntity(EntityKind::Character) || item.isEntity(EntityKind::Template); }
};

struct ChainEdge
{
    enum Kind {
        Reads, // fact -> action: a precondition
        Spends, // fact -> action: a negative add (taken at the start)
        Adds, // action -> fact: a positive add
        Sets, // action -> fact: a set
        CanDo, // character -> action
        Names, // fact -> goal: a goal condition
    };
    int from, to; // node indices
    Kind kind;
};

struct ProductionChain
{
    std::vector<ChainNode> nodes;
    std::vector<ChainEdge> edges;
    int count(ChainEdge::Kind kind) const;
    int find(const ItemRef &item) const; // -1 when absent
    int findFact(const QString &name) const { return find(ItemRef::ofFact(name)); }
    // The node of the action, goal or character (or template) with `id`.
    int find(EntityKind kind, QStringView id) const;
};

// Facts in use only (named by a condition or an effect; partner.X is the
// partner's agent.X); characters and templates both count as characters, and
// those who can do the same actions are one node ("Miner +76", the first's id).
ProductionChain productionChain(const Scenario &scenario);

// The validator's findings on the graph: a goal is unreachable when every
// character (or template) holding it has the validator's "can never reach"
// warning for it. (Dangling facts are found by productionChain itself.)
void markFindings(ProductionChain &chain, const Scenario &scenario, const Issues &issues);

// The same graph but for labels and findings: the same nodes and edges, in order.
bool sameShape(const ProductionChain &a, const ProductionChain &b);

// Graph attributes that bound Graphviz's dot on a large graph (nothing up
// to kUnboundedLayoutNodes nodes): the x-coordinate network simplex stops
// after about 100 iterations (nslimit) and crossing minimisation runs half
// its passes (mclimit). A 500-node chain then lays out in about 0.35 s
// instead of 3-5 s, a little wider than it could be.
constexpr size_t kUnboundedLayoutNodes = 200;
QString dotLayoutBudget(size_t nodes);

// A DOT string: quoted, with its quotes and backslashes escaped and its line breaks as \\n.
QString dotQuoted(const QString &s);

// A node's id in the DOT: "fact:world.bread", "action:bakeBread", ...
QString chainNodeId(const ChainNode &node);

// DOT for Graphviz (`dot -Tsvg`): node ids "fact:world.bread",
// "action:bakeBread", "character:baker", "goal:hunger"; world and agent facts
// styled apart; spends dashed, sets dotted; a dangling fact red.
QByteArray toDot(const ProductionChain &chain, const QString &name);

} // namespace goap
