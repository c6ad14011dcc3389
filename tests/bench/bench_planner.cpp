// Planner benchmarks: µs per plan, plans/s and node expansions/s for the
// cook, the cook already fed, the blacksmith once an ingot exists, and the synthetic chain problem.
//   build/bin/bench_planner --benchmark_counters_tabular=true
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "scenarios.h"
#include "synthetic.h"

#include <benchmark/benchmark.h>

using namespace goap;

namespace {

void runPlans(benchmark::State &st, const CompiledScenario &c, int agent, int goal, std::vector<std::int32_t> state,
              bool memo = true)
{
    Planner planner(c);
    planner.setRelaxedCostMemo(memo);
    Plan plan;
    std::int64_t expanded = 0;
    for (auto _ : st) {
        planner.planForAgent(state, agent, goal, plan);
        benchmark::DoNotOptimize(plan.cost);
        expanded += plan.expanded;
    }
    if (!plan.found)
        st.SkipWithError("no plan");
    st.counters["us/plan"]
        = benchmark::Counter(double(st.iterations()) * 1e-6, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    st.counters["plans/s"] = benchmark::Counter(double(st.iterations()), benchmark::Counter::kIsRate);
    st.counters["expansions/s"] = benchmark::Counter(double(expanded), benchmark::Counter::kIsRate);
    st.counters["expanded"] = double(plan.expanded);
    st.counters["generated"] = double(plan.generated);
    st.counters["steps"] = double(plan.actions.size());
}

void BM_CookPlan(benchmark::State &st)
{
    const CompiledScenario c = compile(testing::loadShipped("cook.json"));
    runPlans(st, c, 0, 0, c.dawnState(0));
}

// The cook already fed: one expansion, the fixed cost of a plan call.
void BM_CookSatisfied(benchmark::State &st)
{
    const CompiledScenario c = compile(testing::loadShipped("cook.json"));
    auto state = c.dawnState(0);
    state[size_t(c.fact(u"agent.fed"))] = 1;
    runPlans(st, c, 0, 0, state);
}

void BM_BlacksmithPlanWithIngot(benchmark::State &st)
{
    const CompiledScenario c = compile(testing::loadShipped("smithy.json"));
    const int smith = c.agentIndex(u"blacksmith");
    auto state = c.dawnState(smith);
    state[size_t(c.fact(u"world.ironIngot"))] = 1;
    runPlans(st, c, smith, c.goalIndex(u"forgeTools"), state);
}

void BM_ChainPlan(benchmark::State &st)
{
    const CompiledScenario c = compile(testing::chainScenario(10, int(st.range(0))));
    runPlans(st, c, 0, 0, c.dawnState(0));
}

// Gripper with 8 balls (optimum 23 steps) under each heuristic, the node cap raised to 10^6.
void BM_Gripper8(benchmark::State &st)
{
    Scenario s = testing::gripperScenario(8);
    s.planner.maxNodes = 1'000'000;
    s.planner.heuristic = PlannerHeuristic(st.range(0));
    const CompiledScenario c = compile(s);
    st.SetLabel(heuristicName(s.planner.heuristic));
    runPlans(st, c, 0, 0, c.dawnState(0));
}

// The cook and the chain under `additive` and `max` (the second argument).
void BM_CookPlanHeuristic(benchmark::State &st)
{
    Scenario s = testing::loadShipped("cook.json");
    s.planner.heuristic = PlannerHeuristic(st.range(0));
    const CompiledScenario c = compile(s);
    st.SetLabel(heuristicName(s.planner.heuristic));
    runPlans(st, c, 0, 0, c.dawnState(0));
}

void BM_ChainPlanHeuristic(benchmark::State &st)
{
    Scenario s = testing::chainScenario(10, int(st.range(0)));
    s.planner.heuristic = PlannerHeuristic(st.range(1));
    const CompiledScenario c = compile(s);
    st.SetLabel(heuristicName(s.planner.heuristic));
    runPlans(st, c, 0, 0, c.dawnState(0));
}

// The same without the relaxed costs' memo (Relaxation::setMemo): every
// state's cost computed, as a question never asked before pays for its first
// states. The benchmarks above ask one question again and again, so after the
// first plan every relaxed cost is remembered.
void BM_CookPlanHeuristicNoMemo(benchmark::State &st)
{
    Scenario s = testing::loadShipped("cook.json");
    s.planner.heuristic = PlannerHeuristic(st.range(0));
    const CompiledScenario c = compile(s);
    st.SetLabel(heuristicName(s.planner.heuristic));
    runPlans(st, c, 0, 0, c.dawnState(0), false);
}

void BM_ChainPlanHeuristicNoMemo(benchmark::State &st)
{
    Scenario s = testing::chainScenario(10, int(st.range(0)));
    s.planner.heuristic = PlannerHeuristic(st.range(1));
    const CompiledScenario c = compile(s);
    st.SetLabel(heuristicName(s.planner.heuristic));
    runPlans(st, c, 0, 0, c.dawnState(0), false);
}

} // namespace

BENCHMARK(BM_CookPlan);
BENCHMARK(BM_CookSatisfied);
BENCHMARK(BM_Gripper8)
    ->Arg(int(PlannerHeuristic::Unmet))
    ->Arg(int(PlannerHeuristic::Additive))
    ->Arg(int(PlannerHeuristic::Max))
    ->Arg(int(PlannerHeuristic::Lmcut))
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CookPlanHeuristic)->Arg(int(PlannerHeuristic::Additive))->Arg(int(PlannerHeuristic::Max));
BENCHMARK(BM_ChainPlanHeuristic)
    ->Args({6, int(PlannerHeuristic::Additive)})
    ->Args({6, int(PlannerHeuristic::Max)})
    ->Args({10, int(PlannerHeuristic::Additive)})
    ->Args({10, int(PlannerHeuristic::Max)})
    ->Args({14, int(PlannerHeuristic::Additive)})
    ->Args({14, int(PlannerHeuristic::Max)});
BENCHMARK(BM_CookPlanHeuristicNoMemo)->Arg(int(PlannerHeuristic::Additive))->Arg(int(PlannerHeuristic::Max));
BENCHMARK(BM_ChainPlanHeuristicNoMemo)
    ->Args({10, int(PlannerHeuristic::Additive)})
    ->Args({10, int(PlannerHeuristic::Max)})
    ->Args({14, int(PlannerHeuristic::Additive)})
    ->Args({14, int(PlannerHeuristic::Max)});
BENCHMARK(BM_BlacksmithPlanWithIngot);
BENCHMARK(BM_ChainPlan)->Arg(6)->Arg(10)->Arg(14);
BENCHMARK_MAIN();
