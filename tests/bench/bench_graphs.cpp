// The graph views' targets (issue #14), measured, not asserted:
//   a 500-node production chain laid out (productionChain + DOT + Graphviz's
//   dot through libgvc, "plain" output) in under 500 ms;
//   a 5,000-node search tree drawn collapsed (collapse + DOT + layout + the
//   Search Tree dock's scene) in under 200 ms.
// Usage: bench_graphs [REPEATS]; prints the median and the worst of each.
#include "graph/productionchain.h"
#include "graph/render.h"
#include "graph/searchgraph.h"
#include "graph/searchview.h"
#include "io/scenarioreader.h"
#include "planner/planner.h"
#include "space/paths.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace goap;

namespace {

// A chain of `actions` steps, f0 -> f1 -> ... -> fN, done by characters of ten steps each.
Scenario chainScenario(int actions)
{
    Scenario s;
    s.name = QStringLiteral("Chain");
    for (int i = 0; i < actions; ++i) {
        Action a;
        a.id = QStringLiteral("a%1").arg(i);
        a.label = QStringLiteral("Step %1").arg(i);
        a.duration = 1;
        if (i > 0) {
            a.pre.append(Condition {QStringLiteral("world.f%1").arg(i), 1, ConditionOp::Ge});
            a.add.append(Effect {QStringLiteral("world.f%1").arg(i), -1});
        }
        a.add.append(Effect {QStringLiteral("world.f%1").arg(i + 1), 1});
        s.actions.append(a);
    }
    Goal g;
    g.id = QStringLiteral("done");
    g.kind = GoalKind::Quota;
    g.conditions = {Condition {QStringLiteral("world.f%1").arg(actions), 1, ConditionOp::Ge}};
    s.goals.append(g);
    for (int k = 0; k * 10 < actions; ++k) {
        Agent c;
        c.id = QStringLiteral("c%1").arg(k);
        c.at = Point {1, 1};
        for (int i = k * 10; i < std::min(actions, (k + 1) * 10); ++i)
            c.actions << QStringLiteral("a%1").arg(i);
        c.goals.append(GoalRef {QStringLiteral("done"), {}, {}, {}});
        s.agents.append(c);
    }
    return s;
}

void report(const char *what, std::vector<double> ms, double target)
{
    std::sort(ms.begin(), ms.end());
    std::printf("%-58s median %7.1f ms, worst %7.1f ms (target < %.0f ms)\n", what, ms[ms.size() / 2], ms.back(),
                target);
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;

    // 1. The production chain of 250 actions: 526 nodes.
    const Scenario chain = chainScenario(250);
    std::vector<double> times;
    size_t nodes = 0;
    for (int r = 0; r < repeats; ++r) {
        QElapsedTimer t;
        t.start();
        const ProductionChain c = productionChain(chain);
        QString error;
        const std::optional<QByteArray> plain = renderDot(toDot(c, chain.name), "plain", error);
        times.push_back(double(t.nsecsElapsed()) / 1e6);
        nodes = c.nodes.size();
        if (!plain)
            std::printf("!! %s\n", qPrintable(error));
    }
    report(qPrintable(QStringLiteral("production chain, %1 nodes, laid out").arg(nodes)), times, 500);

    // 2. A search tree of about 5,000 nodes: 61 actions always applicable.
    QFile wide(QStringLiteral(GOAP_SOURCE_DIR "/tests/fuzz/corpus/wide-61-actions.json"));
    if (!wide.open(QIODevice::ReadOnly))
        return 2;
    QByteArray text = wide.readAll();
    text.replace("\"maxNodes\": 1000000", "\"maxNodes\": 150");
    const ReadResult read = readScenario(text);
    if (!read.ok())
        return 2;
    auto compiled = std::make_shared<const CompiledScenario>(compile(*read.scenario));
    SearchTree tree;
    {
        Planner planner(*compiled);
        planner.traceInto(&tree);
        Plan plan;
        planner.planForAgent(compiled->dawnState(0), 0, compiled->agents[0].goals[0].goal, plan);
    }
    times.clear();
    for (int r = 0; r < repeats; ++r) {
        QElapsedTimer t;
        t.start();
        const TreeView view = collapseTree(tree, editor::SearchView::kDepth, editor::SearchView::kNodes);
        QString error;
        const std::optional<QByteArray> plain
            = renderDot(searchTreeDot(tree, *compiled, view, QStringLiteral("bench")), "plain", error);
        times.push_back(double(t.nsecsElapsed()) / 1e6);
        if (!plain)
            std::printf("!! %s\n", qPrintable(error));
    }
    report(qPrintable(QStringLiteral("search tree, %1 nodes, collapsed and laid out").arg(tree.nodes.size())), times,
           200);

    // 3. The same in the dock: the search itself, collapse, layout and the scene drawn.
    editor::SearchView dock;
    dock.resize(1000, 600);
    dock.show();
    times.clear();
    for (int r = 0; r < repeats; ++r) {
        QElapsedTimer t;
        t.start();
        dock.showSearch(
            {compiled, 0, compiled->agents[0].goals[0].goal, compiled->dawnState(0), 1, 1, QStringLiteral("bench")});
        times.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    report(qPrintable(QStringLiteral("Search Tree dock: search, %1 of %2 nodes drawn")
                          .arg(dock.drawnNodes())
                          .arg(dock.tree().nodes.size())),
           times, 200);
    return 0;
}
