#pragma once
// Parameter sweeps (SPEC §11.4): the variants of a scenario from the
// cartesian product of `vary`, each run headless, one CSV row each.
//
//   { "scenario": "town.json", "days": 1,
//     "vary": [ { "path": "agents[5].goals[1].rate", "values": [0.01, 0.02] },
//               { "path": "planner.costWeight", "from": 0, "to": 0.1, "steps": 5 } ] }
//
// Variant i (0-based, the last `vary` entry varying fastest) belongs to shard
// K of N when i mod N = K - 1. Every variant is checked (its path exists, its
// value has the type found there, the scenario it makes is valid) before
// anything runs. A row depends only on its variant, so results are the same
// whatever the sharding and the number of threads. One engine for goap-sim
// sweep and sweep-merge (simcore/cli) and the editor's Run > Sweep.

#include "io/issue.h"
#include "io/json.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace goap::sweep {

struct SweepAxis
{
    QString path; // a JSON path into the scenario, as in error messages
    std::vector<json::Value> values; // in order
};

struct SweepSpec
{
    QString scenarioFile; // resolved against the sweep file's folder
    int days = 1;
    std::vector<SweepAxis> axes;
    json::Value scenario; // the scenario's JSON as read
    // What identifies the sweep: 16 hex digits of a SHA-256 of the sweep
    // file and the scenario file as read. Every shard carries it.
    QString identity;
    // Provenance for the results' sidecar (sweepMetadataJson): the files as
    // named and the SHA-256 (hex) of each as read.
    QString sweepFile;
    QByteArray sweepSha256, scenarioSha256;
    qint64 variantCount() const;
    // The value of each axis for variant i.
    std::vector<const json::Value *> pointOf(qint64 variant) const;
};

// Reads SWEEP.json and the scenario it names; errors carry the sweep file's
// JSON path (vary[1].path: ...) or the scenario's.
std::optional<SweepSpec> readSweep(const QString &sweepFile, Issues &issues);

// Every path exists (or is an optional key of an object there), every value
// has the type found there, and every value alone makes a valid scenario:
// said before anything runs, at vary[k].path. True when all hold.
bool checkAxes(const SweepSpec &spec, Issues &issues);

// The scenario JSON of variant i, or the reason it cannot be made.
std::optional<json::Value> variantJson(const SweepSpec &spec, qint64 variant, QString &error);

// Resolves a JSON path ("agents[5].goals[1].rate", `a["x.y"]`) in `root`:
// the value there, or null with `error` saying which step failed. A missing
// last key of an object is created when `create` (an optional field left out).
json::Value *resolvePath(json::Value &root, const QString &path, bool create, QString &error);

// The CSV header and one row per variant (SPEC §11.4 columns).
QStringList sweepHeader(const SweepSpec &spec);
// Runs variant i and returns its CSV row; empty with `error` set on failure.
QString runVariant(const SweepSpec &spec, qint64 variant, QString &error);

// The shard's variants on `jobs` threads; `progress(done, total)` is called
// from the calling thread. Rows in variant order: returned, or, with a
// `sink`, handed to it in order as they are ready (under a lock; nothing is
// returned then, and memory stays flat however many variants run). When
// `cancel` becomes true the variants not started are skipped (no rows).
QStringList runShard(const SweepSpec &spec, int shard, int shards, int jobs, QString &error,
                     const std::function<void(qint64, qint64)> &progress = {},
                     const std::atomic<bool> *cancel = nullptr, const std::function<void(const QString &)> &sink = {});

// The JSON paths of every number in a scenario a sweep may vary (settings,
// world seeds, stations, actions, goals, characters and their overrides), in
// file order.
QStringList numericPaths(const json::Value &scenario);

// A number a sweep may vary, named for a designer: the entity it belongs to
// and what it is there, from the scenario's own labels ("Baker" / "Bake
// bread urgency" for agents[5].goals[0].urgency). The path is what a sweep
// file stores.
struct NumericField
{
    QString path; // agents[5].goals[0].urgency
    QString group; // the entity: "Character Baker", "Goal Hunger", "Settings", "Map"
    QString label; // what it is there: "Bake bread urgency", "speed", "wall 1: x"
    QString name() const; // "Baker: Bake bread urgency": the entity's label and the field's
};

// numericPaths(), named and grouped by entity (in file order; the entries of
// one entity together), with the optional numbers left out that a sweep may
// set: a character's (or template's) goal's urgency for a quota, start and
// rate for a need; a goal's own urgency or start.
std::vector<NumericField> numericFields(const json::Value &scenario);

// A JSON path named by the ids of what it goes through, for a reader of the
// results: agents[5].goals[0].urgency is "baker.bakeQuota.urgency" (an
// array's element by its "id", a character's goal by its "goal"); a step
// with no id stays as written (planner.costWeight, world["bread"]).
QString readableName(const json::Value &scenario, const QString &path);

// The results' sidecar, RESULTS.meta.json next to RESULTS.csv (and
// DIR/sweep.meta.json beside the shards): what made them (tool, version),
// from what (the sweep and scenario files by name and SHA-256, the identity
// every shard carries, days, variants), and each varied parameter's JSON
// path with its readable name. The same bytes from every shard and machine.
QByteArray sweepMetadataJson(const SweepSpec &spec);
// DIR/sweep.meta.json, written by each shard; sweep-merge puts it beside its output.
QString shardMetadataFileName(const QString &dir);
// RESULTS.csv's sidecar: RESULTS.meta.json (any other name: NAME.meta.json).
QString metadataFileFor(const QString &resultsFile);

// DIR/results-K-of-N.csv.
QString shardFileName(const QString &dir, int shard, int shards);
// A shard's first line, before the CSV header: what the merge checks.
//   # goap-sweep 1f0c9e7a2b3d4c5e, 6 variants, shard 1 of 2
QString shardIdentityLine(const SweepSpec &spec, int shard, int shards);

// Bounds of a merge: a shard file is read only when it is a regular file of
// at most kMaxShardBytes; there are at most kMaxShards shards (a sweep has at
// most 1,000,000 variants, so no more shards than that).
inline constexpr qint64 kMaxShardBytes = qint64(1) << 30;
inline constexpr int kMaxShards = 1'000'000;

// Joins DIR/results-*-of-N.csv into one CSV sorted by variant (the identity
// lines dropped). Refuses, with the reason in `error`: missing or duplicated
// shards, shards of two sweeps (another identity, variant count or shard
// count), a shard that is not a regular file or is too large, a variant
// missing or twice, a row of another shape than the header.
// `sweepIdentity`, when given, gets the shards' identity.
std::optional<QByteArray> mergeShards(const QString &dir, QString &error, QString *sweepIdentity = nullptr);

} // namespace goap::sweep
