#include "graph/productionchain.h"
#include "model/factname.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace goap {

int ProductionChain::count(ChainEdge::Kind kind) const
{
    return int(std::count_if(edges.begin(), edges.end(), [&](const ChainEdge &e) { return e.kind == kind; }));
}

int ProductionChain::find(const ItemRef &item) const
{
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].item == item)
            return int(i);
    return -1;
}

int ProductionChain::find(EntityKind kind, QStringView id) const
{
    const bool character = kind == EntityKind::Character || kind == EntityKind::Template;
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].id == id && (character ? nodes[i].isCharacter() : nodes[i].item.isEntity(kind)))
            return int(i);
    return -1;
}

ProductionChain productionChain(const Scenario &s)
{
    ProductionChain c;
    // One node per fact, per action id, per goal id and per character id
    // (a duplicate id, the validator's error, joins the first's node).
    QHash<QString, int> index; // "f:world.bread", "a:bakeBread", "g:hunger", "c:baker" -> node
    auto node = [&](QChar tag, const ItemRef &item, const QString &id, const QString &label) {
        const QString key = tag + u':' + id;
        if (const auto it = index.constFind(key); it != index.cend())
            return it.value();
        c.nodes.push_back({item, id, label});
        index.insert(key, int(c.nodes.size() - 1));
        return int(c.nodes.size() - 1);
    };
    auto fact = [&](QString name) {
        name = ownFact(name); // a partner's fact is the partner's own
        return node(u'f', ItemRef::ofFact(name), name, name);
    };
    QSet<int> produced;
    for (int i = 0; i < s.actions.size(); ++i) {
        const Action &a = s.actions[i];
        const int act = node(u'a', ItemRef(EntityKind::Action, i), a.id, a.label);
        for (const Condition &cond : a.pre)
            c.edges.push_back({fact(cond.fact), act, ChainEdge::Reads});
        for (const Effect &e : a.add) {
            const int f = fact(e.fact);
            if (e.value < 0) {
                c.edges.push_back({f, act, ChainEdge::Spends});
            } else if (e.value > 0) {
                c.edges.push_back({act, f, ChainEdge::Adds});
                produced.insert(f);
            }
        }
        for (const Effect &e : a.set) {
            const int f = fact(e.fact);
            c.edges.push_back({act, f, ChainEdge::Sets});
            if (e.value > 0)
                produced.insert(f);
        }
    }
    for (int i = 0; i < s.goals.size(); ++i) {
        const Goal &g = s.goals[i];
        const int goal = node(u'g', ItemRef(EntityKind::Goal, i), g.id, g.label);
        for (const Condition &cond : g.conditions)
            c.edges.push_back({fact(cond.fact), goal, ChainEdge::Names});
    }
    // Characters who can do the same actions are one node ("Miner +76"): a
    // crowd of copies is one trade in the chain, and stays readable (and quick to lay out).
    QHash<QStringList, int> byActions;
    std::vector<int> groupSize;
    for (const EntityKind kind : {EntityKind::Character, EntityKind::Template})
        for (int i = 0; i < countOf(s, kind); ++i) {
            const Agent &a = listOf<Agent>(s, kind)[i];
            if (const auto same = byActions.constFind(a.actions); same != byActions.cend()) {
                ChainNode &n = c.nodes[size_t(same.value())];
                const int more = ++groupSize[size_t(same.value())];
                n.label = QStringLiteral("%1 +%2").arg(n.label.section(QStringLiteral(" +"), 0, 0)).arg(more);
                continue;
            }
            const int who = node(u'c', ItemRef(kind, i), a.id, a.label);
            byActions.insert(a.actions, who);
            groupSize.resize(c.nodes.size(), 0);
            for (const QString &id : a.actions)
                if (const int act = index.value(QStringLiteral("a:") + id, -1); act >= 0)
                    c.edges.push_back({who, act, ChainEdge::CanDo});
        }
    // Dangling: read or named, never produced, seeded nowhere (world seed or any starting pool).
    QSet<QString> seeded;
    for (const FactValue &f : s.world)
        if (f.value > 0)
            seeded.insert(QStringLiteral("world.") + f.name);
    for (const auto *list : {&s.agents, &s.templates})
        for (const Agent &a : *list)
            for (const FactValue &f : a.facts)
                if (f.value > 0)
                    seeded.insert(QStringLiteral("agent.") + f.name);
    for (const ChainEdge &e : c.edges)
        if ((e.kind == ChainEdge::Reads || e.kind == ChainEdge::Names) && !produced.contains(e.from)) {
            ChainNode &n = c.nodes[size_t(e.from)];
            const bool derived = isDerivedFact(n.id); // kept by the simulation
            n.dangling = !derived && !seeded.contains(n.id);
        }
    return c;
}

void markFindings(ProductionChain &chain, const Scenario &s, const Issues &issues)
{
    // "agents[3].goals[0].goal": which holder's hold of which goal cannot be reached.
    static const QRegularExpression path(QStringLiteral("^(agents|templates)\\[(\\d+)\\]\\.goals\\[(\\d+)\\]\\.goal$"));
    QSet<QString> cannot; // "list:index:goal id"
    for (const Issue &issue : issues) {
        if (issue.isError() || !issue.message.contains(u"can never reach"))
            continue;
        const QRegularExpressionMatch m = path.match(issue.path);
        if (!m.hasMatch())
            continue;
        const QList<Agent> &list = m.captured(1) == u"agents" ? s.agents : s.templates;
        const int who = m.captured(2).toInt(), held = m.captured(3).toInt();
        if (who < list.size() && held < list[who].goals.size())
            cannot.insert(m.captured(1) + u':' + QString::number(who) + u':' + list[who].goals[held].goal);
    }
    QHash<QString, std::pair<int, int>> holders; // goal id -> (holders, holders that cannot reach it)
    for (const auto &[name, list] :
         {std::pair {QStringLiteral("agents"), &s.agents}, std::pair {QStringLiteral("templates"), &s.templates}})
        for (int i = 0; i < list->size(); ++i)
            for (const GoalRef &g : (*list)[i].goals) {
                auto &[all, blocked] = holders[g.goal];
                ++all;
                blocked += cannot.contains(name + u':' + QString::number(i) + u':' + g.goal) ? 1 : 0;
            }
    for (ChainNode &n : chain.nodes)
        if (n.isGoal()) {
            const auto [all, blocked] = holders.value(n.id, {0, 0});
            n.unreachable = all > 0 && blocked == all;
        }
}

bool sameShape(const ProductionChain &a, const ProductionChain &b)
{
    if (a.nodes.size() != b.nodes.size() || a.edges.size() != b.edges.size())
        return false;
    for (size_t i = 0; i < a.nodes.size(); ++i)
        if (a.nodes[i].item.is != b.nodes[i].item.is || a.nodes[i].item.entity.kind != b.nodes[i].item.entity.kind
            || a.nodes[i].id != b.nodes[i].id) // the same things by id (their indices may move)
            return false;
    for (size_t i = 0; i < a.edges.size(); ++i)
        if (a.edges[i].from != b.edges[i].from || a.edges[i].to != b.edges[i].to || a.edges[i].kind != b.edges[i].kind)
            return false;
    return true;
}

QString dotLayoutBudget(size_t nodes)
{
    if (nodes <= kUnboundedLayoutNodes)
        return {};
    // About 100 network-simplex iterations for the x coordinates in all:
    // Graphviz's own default (no limit) spends seconds there on a few hundred nodes.
    return QStringLiteral(" nslimit=%1; mclimit=0.5;").arg(std::max(0.02, 100.0 / double(nodes)), 0, 'g', 3);
}

QString dotQuoted(const QString &s)
{
    QString out = s;
    out.replace(u'\\', QStringLiteral("\\\\"))
        .replace(u'"', QStringLiteral("\\\""))
        .replace(u'\n', QStringLiteral("\\n"));
    return u'"' + out + u'"';
}

QString chainNodeId(const ChainNode &n)
{
    if (n.item.isFact())
        return QStringLiteral("fact:") + n.id;
    if (n.isCharacter()) // a template's node is a character's
        return QStringLiteral("character:") + n.id;
    return QLatin1String(nounOf(n.item.entity.kind)) + u':' + n.id;
}

namespace {
QString nodeId(const ChainNode &n)
{
    return chainNodeId(n);
}
} // namespace

QByteArray toDot(const ProductionChain &c, const QString &name)
{
    QString out
        = QStringLiteral(
              "digraph %1 {\n  rankdir=LR;%2\n  node [fontname=\"DejaVu Sans\", fontsize=10];\n  edge [fontsize=9];\n")
              .arg(dotQuoted(name), dotLayoutBudget(c.nodes.size()));
    for (const ChainNode &n : c.nodes) {
        QString style = n.isWorldFact() ? QStringLiteral("shape=ellipse, style=filled, fillcolor=\"#dbeafe\"")
            : n.item.isFact()           ? QStringLiteral("shape=ellipse, style=filled, fillcolor=\"#fde7cf\"")
            : n.isAction()              ? QStringLiteral("shape=box, style=\"rounded,filled\", fillcolor=\"#e8f5e9\"")
            : n.isCharacter()           ? QStringLiteral("shape=house, style=filled, fillcolor=\"#ede7f6\"")
                                        : QStringLiteral("shape=octagon, style=filled, fillcolor=\"#fdecea\"");
        if (n.dangling)
            style += QStringLiteral(", color=\"#c62828\", penwidth=2, tooltip=\"nothing produces it\"");
        if (n.unreachable)
            style = QStringLiteral(
                "shape=octagon, style=\"filled,dashed\", fillcolor=\"#eeeeee\", fontcolor=\"#9e9e9e\", "
                "color=\"#9e9e9e\", tooltip=\"no character who holds it can ever reach it\"");
        out += QStringLiteral("  %1 [label=%2, %3];\n").arg(dotQuoted(nodeId(n)), dotQuoted(n.label), style);
    }
    for (const ChainEdge &e : c.edges) {
        QString style;
        switch (e.kind) {
        case ChainEdge::Reads:
            style = QStringLiteral("color=\"#616161\"");
            break;
        case ChainEdge::Spends:
            style = QStringLiteral("color=\"#c62828\", style=dashed, label=\"spends\"");
            break;
        case ChainEdge::Adds:
            style = QStringLiteral("color=\"#2e7d32\"");
            break;
        case ChainEdge::Sets:
            style = QStringLiteral("color=\"#1565c0\", style=dotted, label=\"sets\"");
            break;
        case ChainEdge::CanDo:
            style = QStringLiteral("color=\"#b39ddb\", arrowhead=none");
            break;
        case ChainEdge::Names:
            style = QStringLiteral("color=\"#ef9a9a\"");
            break;
        }
        if (c.nodes[size_t(e.from)].dangling)
            style += QStringLiteral(", color=\"#c62828\", penwidth=2");
        out += QStringLiteral("  %1 -> %2 [%3];\n")
                   .arg(dotQuoted(nodeId(c.nodes[size_t(e.from)])), dotQuoted(nodeId(c.nodes[size_t(e.to)])), style);
    }
    out += QStringLiteral("}\n");
    return out.toUtf8();
}

} // namespace goap
