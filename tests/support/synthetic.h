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

// Gripper (the classical planning domain) with `balls` balls: a robot with
// two grippers moves balls from room A to room B. World facts (all 0/1, `>=`
// conditions only, so a version 1 file can say it): robotA, robotB, freeLeft,
// freeRight, b{n}A, b{n}B, b{n}Left, b{n}Right. Actions of cost 1: moveAB,
// moveBA, pick{n}{Room}{Gripper}, drop{n}{Room}{Gripper}. One agent "robot"
// with goal "deliver": every b{n}B >= 1. The optimum is 3 x balls - 1 steps
// when balls is even (23 for 8, 29 for 10: each round trip carries two balls,
// two picks, a move, two drops and the move back, but the last).
Scenario gripperScenario(int balls = 8);

// A town of `characters` people: the scenario's characters replicated (ids
// get a _k suffix, start positions a small deterministic offset) and its
// world seed scaled by the number of copies, on the same stations.
Scenario replicatedTown(const Scenario &town, int characters);

// A walled town of `characters` people on a 200 x 200 map (SPEC 11.3): the
// town's buildings, stations and walls copied into a 4 x 4 grid of 50 x 50
// blocks; every action may be done at any block's copy of its station (the
// 16 copies as alternatives, the nearest by path taken, or the planner's
// choice with travelCost > 0); characters spread over the blocks, its world
// seed scaled as in replicatedTown.
Scenario walledTown(const Scenario &town, int characters, double travelCost = 0);

// Issue #25's big walled map: `side` x `side` cells, one wall 8 cells thick
// down the middle with a gap at its far end, `stations` stations behind it,
// `walkers` walkers (speed 200) at the near side's top. Each walker has its
// own station's action (go<k>), or with `alternatives` one action `go` at
// every station. One quota, q: agent.done >= 1. A 60-s day.
Scenario bigWalledMap(int side, int walkers, int stations, bool alternatives, double travelCost);

} // namespace goap::testing
