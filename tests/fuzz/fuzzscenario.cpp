// The fuzz harness: one input through everything a scenario file reaches.
//
// read -> validate -> compile -> write, read and write again (the canonical
// form must be stable) -> plan every goal of the first characters with a small
// node cap -> a few hundred ticks of simulation -> the record writers, whose
// JSON must parse back. Any byte sequence must give a scenario or errors; a
// broken invariant aborts, which libFuzzer reports as a finding and the replay
// test (replay.cpp, built by any compiler) as a failure.
#include "graph/productionchain.h"
#include "graph/searchgraph.h"
#include "io/json.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/validator.h"
#include "model/diff.h"
#include "model/edits.h"
#include "model/fragment.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "planner/searchtree.h"
#include "sim/records.h"
#include "sim/simulation.h"
#include "space/paths.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

using namespace goap;

namespace {

[[noreturn]] void fail(const char *what, const QByteArray &detail = {})
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n%s\n", what, detail.left(2000).constData());
    std::abort();
}

#define FUZZ_CHECK(condition, detail)                                                                                  \
    do {                                                                                                               \
        if (!(condition))                                                                                              \
            fail(#condition, detail);                                                                                  \
    } while (false)

void checkJson(const QByteArray &text, const char *what)
{
    json::Value v;
    json::ParseError e;
    FUZZ_CHECK(json::parse(text, v, e), QByteArray(what) + ": " + e.message.toUtf8() + "\n" + text.left(1000));
}

void plan(const CompiledScenario &c)
{
    constexpr int kCap = 100;
    Planner planner(c);
    Plan out;
    const Space space(c);
    const int agents = std::min<int>(int(c.agents.size()), 4);
    for (int a = 0; a < agents; ++a) {
        const auto state = c.dawnState(a);
        const CompiledAgent &who = c.agents[size_t(a)];
        const Travel travel = travelFrom(space, c.planner.travelCost, who.speed, who.x, who.y);
        for (size_t g = 0; g < std::min<size_t>(c.goals.size(), 8); ++g) {
            const bool found
                = planner.planGoal(state, c.agents[size_t(a)].actions, int(g), out, kCap, c.planner.heuristic, &travel);
            if (isExtreme(c.goals[g].kind)) { // issue #31: always a plan (perhaps empty), within the budget
                FUZZ_CHECK(out.extreme && (found || out.reason == PlanReason::Memory), toString(out.reason));
                FUZZ_CHECK(!found || out.cost <= c.goals[g].budget * (1 + 1e-9) + 1e-9, QByteArray::number(out.cost));
                FUZZ_CHECK(!found || out.actions.empty() == (out.value == out.startValue),
                           QByteArray::number(out.value));
            }
            FUZZ_CHECK(!found || c.planner.travelCost <= 0 || out.stations.size() == out.actions.size(), QByteArray());
            FUZZ_CHECK(found == out.found, QByteArray());
            FUZZ_CHECK(found == (out.reason == PlanReason::Found), toString(out.reason));
            FUZZ_CHECK(out.expanded <= kCap, QByteArray::number(out.expanded));
            FUZZ_CHECK(found || out.actions.empty(), QByteArray());
            FUZZ_CHECK(planner.reservedBytes() <= Planner::memoryLimit(kCap),
                       QByteArray::number(qulonglong(planner.reservedBytes())));
        }
    }
    // The same search traced (the Search Tree): the same answer, every
    // successor accounted for, and a collapsed tree that Graphviz could read.
    if (!c.agents.empty() && !c.goals.empty()) {
        SearchTree tree;
        Planner traced(c);
        traced.traceInto(&tree);
        const CompiledAgent &who = c.agents[0];
        const Travel travel = travelFrom(space, c.planner.travelCost, who.speed, who.x, who.y);
        const bool found = traced.plan(c.dawnState(0), who.actions, c.conditionsOf(c.goals[0].conditions), out, kCap,
                                       c.planner.heuristic, &travel);
        FUZZ_CHECK(tree.result.expanded == out.expanded && tree.result.found == found, QByteArray());
        int made = 0, seen = 0, onPlan = 0;
        for (const SearchTree::Node &n : tree.nodes) {
            made += n.parent >= 0;
            seen += n.duplicates + n.deadEnds;
            onPlan += n.onPlan;
            FUZZ_CHECK(n.parent < int(tree.nodes.size()), QByteArray::number(n.parent));
        }
        if (tree.made == int(tree.nodes.size()) && out.reason != PlanReason::Unreachable)
            FUZZ_CHECK(made + seen == out.generated,
                       QByteArray::number(made + seen) + " vs " + QByteArray::number(out.generated));
        FUZZ_CHECK(onPlan == (found ? int(out.actions.size()) + 1 : 0), QByteArray::number(onPlan));
        const QByteArray dot = searchTreeDot(tree, c, collapseTree(tree, 5, 120), QStringLiteral("fuzz"));
        FUZZ_CHECK(dot.startsWith("digraph") && dot.endsWith("}\n"), dot.left(200));
    }
}

void simulate(Scenario s)
{
    // A small cap and a bounded number of character-ticks keep one input fast.
    s.planner.maxNodes = std::min(s.planner.maxNodes, 200);
    auto compiled = std::make_shared<const CompiledScenario>(compile(s));
    sim::Simulation simulation(compiled);
    const qsizetype characters = s.agents.size() + s.templates.size() + 1;
    const std::int64_t ticks = std::clamp<std::int64_t>(30000 / characters, 10, 300);
    simulation.stepTicks(ticks);
    (void)simulation.snapshot();
    checkJson(reportJson(*compiled, s.name, simulation.reports()), "reportJson");
    const QByteArray events = eventsJsonl(*compiled, simulation.events());
    for (const QByteArray &line : events.split('\n'))
        if (!line.isEmpty())
            checkJson(line, "eventsJsonl");
    const QByteArray samples = samplesCsv(*compiled, simulation.samples());
    FUZZ_CHECK(samples.startsWith("day,t,agent,goal,kind,insistence,progress"), samples.left(200));
}

// Copy everything and paste it back (the clipboard, issue #29), and the diff
// (File > Compare With): a paste is refused with a reason or gives a valid
// scenario that its undo turns back byte for byte; a scenario differs from
// itself in nothing, and from itself with the paste in something.
void clipboardAndDiff(const Scenario &scenario)
{
    FUZZ_CHECK(diffScenarios(scenario, scenario).isEmpty(), QByteArray("a scenario differs from itself"));
    QList<EntityRef> all;
    for (EntityKind kind : kEntityKinds)
        for (int i = 0; i < countOf(scenario, kind); ++i)
            all << EntityRef {kind, i};
    const QByteArray copied = writeFragment(fragmentOf(scenario, all));
    const FragmentRead read = readFragment(copied);
    FUZZ_CHECK(read.fragment, read.error.toUtf8() + "\n" + copied.left(1000));
    const PasteResult paste = pasteEdit(scenario, *read.fragment);
    if (paste.result.refused()) {
        FUZZ_CHECK(!paste.result.error.isEmpty(), QByteArray("a paste refused without a reason"));
        return;
    }
    Scenario target = scenario;
    const edits::Edit undo = edits::apply(target, *paste.result.edit);
    FUZZ_CHECK(!hasErrors(validate(target)), writeScenario(target).left(1000));
    FUZZ_CHECK(all.isEmpty() || !diffScenarios(scenario, target).isEmpty(), QByteArray("a paste changed nothing"));
    edits::apply(target, undo);
    FUZZ_CHECK(writeScenario(target) == writeScenario(scenario), QByteArray("a paste's undo is not exact"));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const FragmentRead pasted = readFragment(bytes); // a hostile clipboard: a fragment or a reason
    FUZZ_CHECK(pasted.fragment.has_value() != !pasted.error.isEmpty(), pasted.error.toUtf8());
    const ReadResult read = readScenario(bytes);
    if (!read.ok()) {
        FUZZ_CHECK(hasErrors(read.issues), QByteArray("refused without an error"));
        return 0;
    }
    const Scenario &scenario = *read.scenario;
    FUZZ_CHECK(!hasErrors(validate(scenario)), QByteArray("read accepted what validate refuses"));

    // The canonical form: what was accepted writes, reads back, and writes the same bytes.
    const QByteArray written = writeScenario(scenario);
    const ReadResult again = readScenario(written);
    FUZZ_CHECK(again.ok(),
               again.issues.value(0).format(QStringLiteral("written")).toUtf8() + "\n" + written.left(1000));
    FUZZ_CHECK(*again.scenario == scenario, written.left(1000)); // nothing lost or changed on the way
    const QByteArray rewritten = writeScenario(*again.scenario);
    FUZZ_CHECK(rewritten == written, written.left(1000) + "\n----\n" + rewritten.left(1000));
    // format never writes what validate refuses.
    FUZZ_CHECK(!hasErrors(validate(*again.scenario)), written.left(1000));

    // The production chain as goap-sim graph writes it: every edge between
    // nodes it has, every node named once in the DOT.
    ProductionChain chain = productionChain(scenario);
    markFindings(chain, scenario, validate(scenario));
    for (const ChainEdge &e : chain.edges)
        FUZZ_CHECK(e.from >= 0 && e.to >= 0 && size_t(e.from) < chain.nodes.size() && size_t(e.to) < chain.nodes.size(),
                   QByteArray("a chain edge to no node"));
    const QByteArray dot = toDot(chain, scenario.name);
    FUZZ_CHECK(dot.startsWith("digraph") && dot.trimmed().endsWith('}'), dot.left(200));

    clipboardAndDiff(scenario);
    plan(compile(scenario));
    simulate(scenario);
    return 0;
}
