#pragma once
// Synthetic scenarios shared by tests and benchmarks.

#include "model/scenario.h"

namespace goap::testing {

// The chain problem: `stages` stages x 3 alternative actions (stage i's
// alternatives cost 1, 2 and 3, need agent.s{i-1} >= 1 except at stage 1 and
// set agent.s{i} to 1) plus `noise` actions (cost 2, no preconditions, set
// agent.n{j} to 1). One agent "solver" with goal "finish": agent.s{stages} >= 1.
// The optimal plan is `stages` long with cost `stages`.
Scenario chainScenario(int stages = 10, int noise = 6);

// A town of `characters` people: the scenario's characters replicated (ids
// get a _k suffix, start positions a small deterministic offset) and its
// world seed scaled by the number of copies, on the same stations.
Scenario replicatedTown(const Scenario &town, int characters);

} // namespace goap::testing
