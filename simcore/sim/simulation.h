#pragma once
// The simulation (SPEC §4-7): characters that walk, act, re-check, wait,
// rest and choose what to want, in fixed time steps, day after day.
//
// Deterministic: the same compiled scenario gives the same events, samples and
// report on every run, whichever way it is stepped (tick by tick, to a time,
// a day at once). The step works on flat arrays and allocates nothing in the
// steady state; searches go through a PlanCache, whose results equal fresh
// searches. Not thread-safe: one thread owns a Simulation (the GUI's worker).
//
// Where each part of SPEC lives (all members of Simulation, one file a job):
//   simulation.cpp  the day and the step: dawn, ticks, an action's phases
//   ballot.cpp      needs, quotas, insistence and the ballot at a safe point
//   recheck.cpp     the re-check of an action against the live world
//   queues.cpp      world.queue.* facts and partners taken from them
//   walking.cpp     walking the grid, standing on a cell, choosing a station
//   places.cpp      a station's places and the line that waits for them
//   spawning.cpp    spawners' copies arriving and leaving
//   recording.cpp   events, samples, day reports and snapshots
//   keyframe.cpp    the whole state at a tick, to look back over a day
// and the state they work on:
//   characters.h    a character's own state in parts, one vector each:
//                   Identity, Activity, Walk (walking.cpp), Notes
//   crowd.h/.cpp    what characters share: cells stood on, places, lines,
//                   queues, with each one's Footing in them
//   ballots.h       every character's ballot: an entry per goal, its last plan
//   m_world, m_agentFacts  the facts: the world's, each character's own

#include "planner/plancache.h"
#include "planner/planner.h"
#include "sim/ballots.h"
#include "sim/characters.h"
#include "sim/crowd.h"
#include "sim/events.h"
#include "sim/snapshot.h"
#include "space/paths.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <deque>
#include <limits>
#include <memory>
#include <unordered_map>

namespace goap::sim {

class ThreadPool; // pool.h

// `value = min(1.0, value + rise)` taken `times` times, or until it stays
// put: the same bits as the sums one by one (a need's climb over ticks,
// Simulation::settleNeeds), in a few steps a binade (ballot.cpp).
double climbed(double value, double rise, std::int64_t times);

// The every-core setting's trials (Simulation::autoTrial): `trial` ticks,
// half on the pool and half on the calling thread alone, whose median ticks
// took `alone` and `pool` seconds, after `trials` trials before it. The
// ticks from it to the next: 64, 128, 256, ... (a town's first minutes are
// unlike the rest) up to `period`; but at least so many that the trial's
// half the slower way costs at most `cost` of the ticks until the next (a
// pool that loses by 80% is tried again 960 ticks on, not 64) (parallel.cpp).
std::int64_t trialInterval(int trials, double alone, double pool, int trial = 24, int period = 3000,
                           double cost = 0.01);

struct Options
{
    bool recordEvents = true;
    bool recordSamples = true;
    double sampleInterval = 1; // simulated seconds
    bool memoiseSearches = true;
    // Threads a tick's per-character part runs on (0: every core, while
    // that is faster than the calling thread alone: the choice is timed now
    // and then, see AutoThreads). Any number gives the same run; towns below
    // kParallelFrom present characters are stepped on the calling thread alone.
    int threads = 0;
    // From this many present characters on, a tick's per-character part
    // runs on the pool (tests lower it to put a small town on the pool).
    int parallelFrom = 512;
    // A host (a game through the C API) finishes external actions
    // (finishExternal); without one (goap-sim, the editor) they take their
    // duration and succeed, as any action.
    bool hostFinishesExternal = false;
};

// Below this many present characters a tick runs serially: the parallel part
// of a small town's tick is shorter than waking a thread.
inline constexpr int kParallelFrom = Options().parallelFrom;
// The most threads a simulation is given (goap-sim run --threads, the C API, the editor's Run > Threads).
inline constexpr int kMaxThreads = 1024;

class Simulation
{
public:
    explicit Simulation(std::shared_ptr<const CompiledScenario> scenario, Options options = {});

    // The threads of the per-character part of a tick (Options::threads; 0:
    // every core), from the next tick on; threads() is the number in use.
    void setThreads(int threads);
    int threads() const;
    // The threads the last tick's per-character part ran on: 1 when it ran on
    // the calling thread alone (a town below Options::parallelFrom, one
    // thread asked for, or every core asked for while one is faster).
    int threadsInUse() const { return m_threadsInUse; }
    // Ticks whose per-character part ran on the pool (none below kParallelFrom present characters).
    std::int64_t parallelTicks() const { return m_parallelTicks; }
    // Turns taken ahead on the pool and then put back because an earlier
    // turn of the same tick read or changed that character (touch()).
    std::int64_t unsettledTurns() const { return m_unsettledTurns; }
    // Arrivals at a station without places taken ahead on the pool (a walker
    // setting out again for the first free spot, its own spot taken), and
    // those whose guess failed at their turn, checked against the crowd then
    // and taken again.
    std::int64_t arrivalsTakenAhead() const { return m_arrivalsAhead; }
    std::int64_t arrivalsRedone() const { return m_arrivalsRedone; }
    // Dozing (dozing.cpp): a character whose next turns are its own alone
    // (a walk's strides short of arriving, a countdown short of running out)
    // skips them, and takes them all at once when its turn comes due,
    // another's turn reaches it (touch) or the state is read between steps.
    // Turns skipped so far, and a switch for tests (off: every turn taken a
    // tick at a time; the same run either way).
    std::int64_t dozedTurns() const { return m_dozedTurns; }
    std::int64_t dozersTouched() const { return m_dozersTouched; } // woken by another's turn (touch)
    void setDozing(bool doze);
    // Tests only: false trusts every arrival's guess without checking it at
    // its turn (a wrong run), to show that the check is what keeps the run serial.
    void setCheckArrivals(bool check) { m_checkArrivals = check; }

    const CompiledScenario &scenario() const { return *m_scenario; }

    void start(); // the first dawn, without a tick (step() does it if needed)
    void step(); // one tick (dawn first when a day begins)
    void stepTicks(std::int64_t count);
    void runUntil(int day, double time); // until that day and time since dawn
    void runDays(int days); // to the end of that many days from the start

    int day() const { return m_day; }
    double time() const { return double(m_tickInDay) * m_dt; } // seconds since dawn
    std::int64_t totalTicks() const { return m_totalTicks; }
    std::int64_t ticksPerDay() const { return m_ticksPerDay; }
    bool atDayEnd() const { return m_started && m_tickInDay == m_ticksPerDay; }

    Snapshot snapshot() const;
    void fillSnapshot(Snapshot &out) const; // reuses out's storage

    // The whole state at this tick but the records and the search caches
    // (which only make searches faster; their results equal fresh ones):
    // restore() it into a simulation of the same scenario and stepping on
    // gives exactly the run that followed, snapshot for snapshot. What the
    // editor's timeline keeps every few simulated seconds to scrub a day.
    struct Keyframe;
    std::shared_ptr<const Keyframe> keyframe() const;
    void restore(const Keyframe &keyframe);

    // Everything recorded since the start (or since the last take*()).
    const EventLog &events() const { return m_log; }
    const Samples &samples() const { return m_samples; }
    // One per day begun (and not taken). Today's phase ticks are folded in
    // when read (so a reference kept across step() shows them as of its last
    // read), which writes: read it on the thread that steps, as every caller does.
    const std::vector<DayReport> &reports() const
    {
        foldPhaseRuns(m_tickInDay + 1);
        return m_reports;
    }

    // Draining, for long runs that stream their records (goap-sim run) or
    // hand them on (the GUI's worker): the simulation then keeps only what
    // was recorded since the last take. takeEvents() moves the events and
    // their plan action lists into `out` (replacing its events; plan ranges
    // index out.planActions) and appends the names of characters that came
    // since the last take to out.agentIds/agentLabels, so out formats its
    // events as events() would have. takeSamples() moves the sample rows
    // into `out` (columns copied). takeFinishedReports() moves every day
    // report but today's.
    void takeEvents(EventLog &out);
    void takeSamples(Samples &out);
    std::vector<DayReport> takeFinishedReports();
    const PlanCache &planCache() const { return m_cache; }
    // Forgets the events and sample rows recorded so far (names, reports and
    // the live state stay): a live view that has taken them keeps memory flat
    // however many days it runs.
    void discardRecords();
    // Forgets the events and sample rows of the days before `day` and the
    // finished days' reports; returns how many events were forgotten. A live
    // view running far ahead of its display keeps the last days only.
    std::size_t discardRecordsBefore(int day);
    // Queue members looked at to count what a character sees of a queue: a
    // measure of work, linear in the run (tests check it stays so).
    std::int64_t queueScans() const { return m_queueScans; }

    // Live state, for tests and tools. Agent arguments are storage indices:
    // the scenario's own characters first (0..n-1), then today's spawned copies.
    int presentCount() const { return int(m_active.size()); }
    std::span<const std::int32_t> world() const { return m_world; }
    std::span<const std::int32_t> agentFacts(int agent) const;
    Phase phase(int agent) const { return m_activities[size_t(agent)].phase; }
    double x(int agent) const { return m_walks[size_t(agent)].x; }
    double y(int agent) const { return m_walks[size_t(agent)].y; }
    int currentAction(int agent) const;
    int currentStation(int agent) const { return m_activities[size_t(agent)].station; }
    bool standing(int agent) const { return m_crowd.of(agent).standing; }
    bool stepping(int agent) const { return m_walks[size_t(agent)].stepping; }
    // The characters in line at a station, front first (storage indices).
    const std::deque<int> &line(int station) const { return m_crowd.line(station); }
    // Who holds each of a station's places (acting there, or walking to it
    // from the front of its line), -1 when free.
    const std::vector<int> &places(int station) const { return m_crowd.places(station); }
    int standingOn(Cell c) const { return m_crowd.standingOn(Space::key(c)); } // who holds the cell, -1: nobody
    // A station without places: the bits of its spots somebody stands on
    // (Space::spotMask), kept as the crowd changes (tests check them against standingOn).
    std::uint64_t spotsStoodOn(int station) const { return m_spotsStood[size_t(station)]; }
    const Space &space() const { return m_space; }

    // Walls that change during a run (the editor's wall tools while a day
    // plays, SPEC 12.1): from `tick` (a totalTicks() value) on, the map has
    // these walls: the change is applied at the start of the step that
    // leaves `tick`, so changeWalls(totalTicks(), w) takes effect at the next
    // tick. Then a walker whose way is closed re-plans, anyone standing on a
    // cell that became a wall steps to the nearest free one, lines re-form,
    // and every search sees the new regions. Like the scenario, the changes
    // are an input of the run: the same changes give the same run, and
    // keyframes restore the walls that were in force.
    void changeWalls(std::int64_t tick, QList<Wall> walls);
    std::span<const std::pair<std::int64_t, QList<Wall>>> wallChanges() const { return m_wallChanges; }
    double insistence(int agent, int goal) const; // goal: an index into the character's goals

    // The host's hand on the live state between ticks (a game through the C
    // API; host.cpp). Agent arguments are storage indices, as above.
    int presentIndex(QStringView id) const; // the present character with that id, -1
    // A fact's value as `agent` sees it (a world fact: the world's; agent -1
    // reads world facts only), and setting it: the next tick sees it, and a
    // character whose plan it breaks finds out at its next re-check (on
    // arrival, or while it waits in a line), as after any action's effects.
    std::int32_t factValue(int agent, FactId f) const;
    void setFact(int agent, FactId f, std::int32_t value);
    // A search from the character's state now (its own facts, the live world,
    // the queues as it sees them, travel from where it stands) for one goal
    // with its own actions: what its next safe point would search. Leaves
    // the run as it was (the plan cache is not touched).
    void planNow(int agent, int goal, Plan &out);
    // Puts a character at (x, y): idle, waiting or resting, it stands on the
    // cell there (or the nearest free one); walking, it walks on to the same
    // spot from there (a way walled off re-plans, as when walls change).
    // False, nothing changed, when it is acting, in a line, or held as a
    // partner: those stand where their action or line puts them.
    bool setPosition(int agent, double x, double y);
    // Under way in an external action the host has to finish (hostFinishesExternal).
    bool awaitingHost(int agent) const;
    // The host finished it: succeeded, its effects apply and the character
    // goes on as after any action; failed, an ExternalFailed event, its place
    // goes to the line, and it plans again (what it spent at the start stays
    // spent). False, nothing changed, when it is not awaitingHost().
    bool finishExternal(int agent, bool succeeded);

private:
    void dawn();
    void applyWallChanges(); // those due at this tick (step)
    // The map of a change (-1: the scenario's); with `settle`, everyone on a
    // new wall moved off it, walkers re-routed, lines re-formed.
    void useWalls(int change, bool settle);
    int wallsInForceAt(std::int64_t totalTicks) const; // the last change before that tick, -1
    void spawnDue();
    int spawn(int tmpl, double x, double y);
    void leave(int i);
    void release(int i);
    void setQueueFact(int queue);
    bool recheck(int i, const CompiledAction &act); // the re-check, with the implicit queue and place checks
    // Partners: a character never takes itself, nor one under way (walking or
    // acting), held, or holding a partner, so taking one interrupts nothing.
    bool takeable(int taker, int candidate) const;
    int firstTakeable(int taker, int queue) const; // storage index, -1 when none
    std::int32_t seen(int i, FactId f) const; // value(), with world.queue.* as i can take from it
    // The parallel tick (parallel.cpp): each present character's part that
    // reads only its own state, worked out on every thread before the
    // characters are updated in order: needs climb, and the stride of a
    // walker, kept aside and taken by moveAlong only if nothing moved it or
    // changed its way since (else it walks afresh), so the run is the serial one.
    void prepareTick();
    struct Chunk;
    struct ArrivalTaken;
    void prepareRange(size_t begin, size_t end, Chunk &chunk);
    // A character whose whole turn this tick is its own (mid-walk without
    // arriving, mid-action, waiting, resting or in line without its retry
    // due; no partner, not stepping) has its turn taken in the parallel part
    // ("settled ahead") and the ordered loop passes it by. Any turn that is
    // about to read or change another character calls touch() first: a
    // character settled ahead whose turn is still to come is put back as it
    // was, and takes its turn in order (what the serial run does).
    // Also taken there: an arrival at a station without places where
    // someone stands on the spot, which sets out for the station's first free
    // spot in sight (arrive(), headFor()). It reads cells of the crowd, so the
    // ordered loop puts it back when an earlier turn changed one of them
    // (arrivalStale).
    enum Settled : char { kInOrder = 0, kTakenAhead = 1, kArrivedAhead = 2, kDozing = 3 };
    Settled settleAhead(size_t position, Chunk &chunk);
    void settleArrival(std::uint32_t position, std::int64_t here, Chunk &chunk); // kArrivedAhead when taken
    bool arrivalStale(int i, const ArrivalTaken &taken) const;
    void checkArrival(int i, const ArrivalTaken &taken); // at its turn
    void arriveInOrder(int i); // the turn of one whose guess failed
    void buildFieldsAhead(const CompiledAction &act, double x, double y); // chooseStation's new fields, on the pool
    void touch(int j)
    {
        if (m_prepared && m_settled[size_t(j)] && j > m_turn)
            unsettle(j);
        else if (size_t(j) < m_wakeAt.size() && m_wakeAt[size_t(j)] != 0) {
            ++m_dozersTouched;
            wake(j);
        }
    }
    // Dozing (dozing.cpp): its turns up to and including tick `through`
    // taken now, at once; it dozes on.
    std::int64_t catchUp(int i, std::int64_t through); // the turns taken
    // The tick of the last turn j has had (or skipped): this tick's when its
    // turn came already in the ordered loop (or the loop is over).
    std::int64_t lastTurnOf(int j) const { return j < m_turn ? m_totalTicks : m_totalTicks - 1; }
    void wake(int j); // caught up to now, and awake: it takes its turns tick by tick
    // After its turn: dozes through the turns that are its own alone, if any
    // (true; the caller counts it in m_dozers). `remember`: the stride memo
    // is written too (not on the pool, where it is only read).
    bool doze(int i, bool remember);
    std::int64_t strideAlong(const Walk &w, double &x, double &y, std::uint32_t &way, std::int64_t most) const;
    void settleDozers(); // every dozer caught up to the last tick (they doze on)
    void wakeAll(); // every dozer caught up and awake
    void tick(); // one tick (step(), without settling the dozers)
    void unsettle(int j);
    void putBack(int j); // its turn, still to come in storage order, joins the ordered loop's visits (m_putBack)
    // A character's needs climb lazily (Ballots::needsFrom): the climbs it is
    // owed, taken at once before the ballot reads them or a need starts again.
    void settleNeeds(int i);
    // The last tick whose climb i's needs have by now: this tick's once its
    // turn has come (its climb was once the first thing its turn did).
    std::int64_t needsThrough(int i) const { return i <= m_turn ? m_totalTicks : m_totalTicks - 1; }
    // The ticks whose climb i's needs are owed now (none or fewer: nothing).
    std::int64_t owedClimbs(int i) const { return needsThrough(i) - m_ballots.needsFrom(i) + 1; }
    // A turn begins in phase p (the day report's phaseTicks counts turns by
    // the phase they begin in). Counted a run of turns in one phase at a
    // time, not a turn at a time: a character's run is its phase since tick
    // m_runFrom[i] of the day, added to the report when the phase changes,
    // when it leaves, at dawn and when the reports are read or kept
    // (foldPhaseRuns: every turn of the ticks before `end` counted). Its
    // turns are one a tick while it is present, so a run of n ticks is n turns.
    void countTurn(int i, Phase p)
    {
        if (m_runPhase[size_t(i)] == std::int8_t(p))
            return;
        endPhaseRun(i, m_tickInDay);
        m_runPhase[size_t(i)] = std::int8_t(p);
    }
    void endPhaseRun(int i, std::int64_t end) const;
    void foldPhaseRuns(std::int64_t end) const;
    bool aheadStride(int i); // moveAlong's stride, worked out ahead
    void updateAgent(int i);
    void safePoint(int i);
    bool satisfyNeeds(int i); // spends and resets needs that hold; true when the incumbent was one
    void finishExtreme(int i);
    void endEpisode(int i, size_t k); // a maximise / minimise goal satisfied: reset, counted, recorded // the incumbent
                                      // maximise / minimise goal's plan ran to its end: satisfied
    void beginStep(int i);
    void enterIdleOrWait(int i, Phase phase);
    void complete(int i);
    bool holds(int i, Range conditions) const;
    std::int32_t &fact(int i, FactId f);
    std::int32_t value(int i, FactId f) const;
    void applyEffects(int i, Range effects, bool spendOnly, bool skipSpends);
    double quotaProgress(int i, const Ballots::Entry &entry) const; // 1 - shortfall
    // Walking on the grid (walking.cpp).
    void setWalk(int i, double x, double y, int field) { m_walks[size_t(i)].set(m_space, x, y, field); }
    bool moveAlong(int i) // true once at goalX/Y
    {
        if (m_prepared && m_ahead[size_t(i)].tick == m_totalTicks)
            return aheadStride(i);
        Walk &w = m_walks[size_t(i)];
        return w.advance(w.speed * m_dt);
    }
    // A station without places: its spots free to head for, as the bits of
    // Space::spotMask (nobody stands there and no station's place is there).
    std::uint64_t freeSpots(int st) const
    {
        return m_space.spotMask(st) & ~(m_space.placeSpots(st) | m_spotsStood[size_t(st)]);
    }
    // The first of them (headFor at a station without places); spots(st).size() when none is.
    size_t firstFreeSpot(int st) const
    {
        const std::uint64_t free = freeSpots(st);
        return free ? size_t(std::countr_zero(free)) : m_space.spots(st).size();
    }
    // Sets w out for spot k of station st (without places) when that is in sight from where it stands: true, else
    // false and w untouched. Standing on the centre of one of the station's spots (an arrival, stepping on) the
    // Space remembers (Space::spotInSight; `remember`: not on the pool), elsewhere a line of sight (none with
    // `tableOnly`: false then, for a caller that sets out by Space::route, which looks first). Reads the map alone:
    // safe on the pool without `remember`.
    bool walkToSpot(Walk &w, int st, size_t k, bool tableOnly, bool remember) const;
    void standOn(int i, std::int64_t cell); // takes the cell in the crowd (nobody else stands there)
    void markSpots(std::int64_t cell, bool stood); // the spots the cell is: stood on, or free
    void recountSpots(); // m_spotsStood afresh from the crowd (a new crowd or a new Space)
    void stand(int i, bool instant); // claims the cell it stands on, or the nearest free one
    void startInside(Walk &w) const; // a start on a walled map where nobody can stand: the nearest free cell
    void claim(int i, Cell c); // stands on c (stepping there when not on it)
    void unstand(int i);
    // `firstRing`: rings nearer than it are known to hold no free cell (dawn,
    // when cells only fill up), updated to the ring it found one in (17: none).
    Cell freeCellNear(Cell from, int who, bool avoidPlaces, int *firstRing = nullptr) const;
    int chooseStation(int i, const CompiledAction &act) const;
    void headFor(int i); // walks to the chosen station: a free place or spot, or the back of its line
    void arrive(int i);
    void takePlace(int i, int station, int place);
    void givePlace(int i); // the place it held is free again: the front of the line comes forward
    void joinLine(int i, int station);
    void leaveLine(int i);
    void placeLine(int station, size_t from); // members from `from` on walk to their cells
    void bump(int occupant); // steps aside from a place someone needs
    void follow(int i); // a partner keeps beside its holder
    bool beside(int partner, int holder) const; // the partner stands by its holder (an action with it may start)
    bool actionHolds(int i, const CompiledAction &act, FactId &failed, std::int32_t &value, std::int32_t &needed,
                     ConditionOp &op);
    void failRecheck(int i, FactId failed, std::int32_t value, std::int32_t needed, ConditionOp op);
    void wayClosed(int i); // walls between it and its station: gives back what it holds, re-plans
    void dropPlan(int i); // idle without a plan, then a safe point (after a failed re-check)
    double insistenceOf(int i, size_t k) const; // entry k of i's ballot
    // Quotas met (SPEC §5): `all` at dawn; otherwise only the entries whose
    // facts changed since the last check (a quota that did not hold then
    // cannot hold now unless one did), in the order of a full check.
    void checkQuotas(bool all);
    void quotaInputsChanged(int i) // i's own facts changed: its quotas are looked at again
    {
        if (!m_quotaDirty[size_t(i)]) {
            m_quotaDirty[size_t(i)] = 1;
            m_quotaDirtyList.push_back(i);
        }
    }
    void quotasCheckedNow(); // the state as it is now counts as checked (dawn, a keyframe restored)
    void sample();
    void record(Event e);
    double now() const { return double(m_tickInDay) * m_dt; }
    // Whole ticks a span of simulated seconds takes, at least one.
    std::int64_t ticksFor(double seconds) const
    {
        return std::max<std::int64_t>(1, std::int64_t(std::ceil(seconds / m_dt - 1e-9)));
    }

    std::shared_ptr<const CompiledScenario> m_scenario;
    Options m_options;
    Planner m_planner;
    PlanCache m_cache;
    Plan m_scratchPlan;
    std::vector<std::int32_t> m_state; // scratch: one agent's view for planning

    double m_dt;
    std::int64_t m_ticksPerDay;
    std::int64_t m_retryTicks;
    std::int64_t m_sampleTicks;
    int m_day = 0;
    std::int64_t m_tickInDay = 0;
    std::int64_t m_totalTicks = 0;
    bool m_started = false;

    std::vector<std::int32_t> m_world;
    std::vector<std::int32_t> m_agentFacts; // each character's own facts (agent fact ids): characters x agentFactCount
    // Per character, by storage index: the scenario's own, then today's spawned copies.
    std::vector<Identity> m_identities;
    std::vector<Activity> m_activities;
    std::vector<Walk> m_walks;
    std::vector<Notes> m_notes;
    Crowd m_crowd; // and each character's Footing in it
    std::vector<std::uint64_t> m_spotsStood; // per station without places: its spots somebody stands on (bits of
                                             // Space::spotMask), kept as the crowd changes (standOn, unstand)
    // A maximise / minimise goal with what is left of its episode's budget
    // (the budget less `spent`, never below 0): what a safe point plans.
    Extreme episodeGoal(int goal, double spent) const;
    Ballots m_ballots;
    std::vector<int> m_active, m_order; // present characters in order; the order of this tick
    bool m_orderStale = true; // m_active changed since m_order was copied from it
    size_t m_staticAgents = 0;
    std::vector<int> m_templateProfile;
    std::vector<int> m_factQueue; // per fact id: the queue whose length it is, -1
    // Whether a profile's actions / a goal's conditions read a queue's length
    // ([profile or goal][queue]): only those are counted at a safe point, so
    // hundreds of copies waiting in a queue don't each count it (N^2 a tick).
    std::vector<char> m_profileReadsQueue, m_goalReadsQueue;
    mutable std::int64_t m_queueScans = 0;
    Space m_space;
    std::vector<std::pair<std::int64_t, QList<Wall>>> m_wallChanges; // sorted by tick
    int m_wallsInForce = -1; // the change whose walls m_space has, -1: the scenario's
    // What checkQuotas looks at: characters whose own facts changed (a flag
    // per storage index and their list), the world as last checked, and per
    // world fact the quota goals that read it; a quota reading a queue's
    // length (which counts who is takeable) is looked at every tick.
    std::vector<char> m_quotaDirty;
    std::vector<int> m_quotaDirtyList;
    std::vector<std::int32_t> m_worldAtCheck;
    std::vector<std::vector<int>> m_quotasOfWorldFact;
    std::vector<char> m_quotaGoalDirty; // per goal, this check
    std::vector<char> m_quotaVolatile; // per goal: reads a queue's length
    bool m_anyVolatileQuota = false;
    // While dawn places everyone (cells only fill up then): per cell stood
    // on, the first ring round it that may still hold a free cell, so a crowd
    // larger than the room does not search 16 full rings a character.
    std::unordered_map<std::int64_t, int> m_dawnRings;
    bool m_placingDawn = false;
    std::vector<std::int64_t> m_nextSpawn; // per spawner: tick of the next copy
    std::vector<int> m_spawned; // per spawner: copies today
    std::vector<int> m_templateSerial; // per template: copies so far (for names)
    int m_serials = 0; // characters so far (serials handed out)
    int m_serialsAtDawn = 0; // the first serial of today's copies

    // The parallel tick: the pool (oneTBB's arena, pool.h), and per
    // storage index the stride worked out ahead: valid in the tick it is
    // stamped with alone (a dozer's is not written each tick: it is stale;
    // -1 once taken).
    struct Ahead
    {
        std::int64_t tick = -1;
        bool arrived = false;
        std::uint32_t generation = 0;
        std::uint32_t fromWay = 0, way = 0;
        double fromX = 0, fromY = 0, x = 0, y = 0;
    };
    struct PoolDeleter // ThreadPool is known in parallel.cpp only (pool.h)
    {
        void operator()(ThreadPool *pool) const;
    };
    std::unique_ptr<ThreadPool, PoolDeleter> m_pool;
    std::vector<Ahead> m_ahead;
    // The parallel tick's characters in chunks (parts of m_order, in order),
    // each worked out on one thread and, tick after tick, on the same one
    // (ThreadPool::forChunks): what it finds is kept in its chunk, read in
    // order by the ordered loop, so no character's lines cross cores unless
    // its turn is taken in order.
    struct ArrivalFound // an arrival at a station without places (settleAhead)
    {
        std::uint32_t position = 0; // in m_order
        std::int64_t here = 0; // the cell it arrives on
    };
    struct ArrivalTaken // one taken ahead (settleArrival): what arrivalStale checks
    {
        std::uint32_t position = 0; // in m_order
        int station = -1;
        std::int64_t here = 0; // the cell it arrived on
        std::uint32_t spotsRead = 0; // the station's first spots, the free one last
        bool guessed = false; // counted a spot free as the tick began as taken
    };
    struct alignas(64) Chunk
    {
        std::vector<ArrivalFound> found;
        std::vector<ArrivalTaken> taken;
        std::vector<std::uint32_t> visit; // positions (in m_order) the ordered loop visits: not taken ahead
        std::int64_t dozers = 0, dozedTurns = 0; // this tick's change to m_dozers and m_dozedTurns
    };
    std::vector<Chunk> m_chunks;
    size_t m_chunkCount = 0;
    std::vector<Walk> m_walkBefore; // per storage index: an arrival taken ahead's walk as the tick began (unsettle)
    Occupancy m_claims; // spot -> this tick's first arrival on it (free as the tick began)
    std::vector<Settled>
        m_settled; // per storage index: whether (how) its turn was taken in the parallel part this tick
    int m_turn = std::numeric_limits<int>::max(); // whose turn the ordered loop is at (storage index; ascending in a
                                                  // tick; -1 before the loop, the largest int after it)
    // The ordered loop visits the chunks' `visit` positions and the turns put
    // back on its way (unsettle) past where it is (m_visiting), in order:
    // those a min-heap (m_putBack), so it never reads the many taken ahead.
    std::size_t m_visiting = 0;
    std::vector<std::uint32_t> m_putBack;
    bool m_prepared = false;
    int m_threadsInUse = 1; // the last tick's (threadsInUse)
    std::vector<int> m_fieldStations; // buildFieldsAhead's scratch: the stations, their fields
    std::vector<std::vector<float>> m_fields; // buildFieldsAhead's: those stations' distance fields
    // Per storage index: 0 awake; else the tick of its next turn taken (it
    // dozes until then).
    std::vector<std::int64_t> m_wakeAt;
    struct DozeEnd // a dozing walker: where its skipped strides end
    {
        double x = 0, y = 0;
        std::uint32_t way = 0;
    };
    // Per storage index, a dozer's: the first of its skipped turns not
    // caught up, and where a walker's end. One cache line holds two, so
    // catching one up reads one line besides its own state.
    struct alignas(32) Doze
    {
        std::int64_t from = 0;
        DozeEnd end;
    };
    std::vector<Doze> m_dozes;
    // Straight walks' doze, remembered by where they begin and end and the
    // stride (a pure function of those): two slots a present character when
    // first made, 64 to kStrideMemo (80 bytes each), each kept until another
    // walk falls on it. Written by the calling thread, read by the pool.
    struct StrideMemo
    {
        double x = 0, y = 0, toX = 0, toY = 0, stride = 0;
        double length = 0; // the walk's one leg, measured
        std::int64_t strides = -1; // -1: empty
        DozeEnd end;
        bool is(double x0, double y0, double toX0, double toY0, double stride0) const // the same bits
        {
            const auto same
                = [](double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); };
            return same(x, x0) && same(y, y0) && same(toX, toX0) && same(toY, toY0) && same(stride, stride0);
        }
    };
    static constexpr size_t kStrideMemo = 4096;
    std::vector<StrideMemo> m_strideMemo;
    StrideMemo *strideMemo(double x, double y, double toX, double toY, double stride); // its slot (none yet: null)
    void growDozers(); // the dozers' vectors, for the present crowd (before a tick's turns)
    std::int64_t m_dozers = 0; // how many doze
    std::int64_t m_dozedTurns = 0, m_dozersTouched = 0;
    bool m_doze = true;
    std::int64_t m_parallelTicks = 0;
    std::int64_t m_unsettledTurns = 0;
    // Options::threads 0: the pool of every core is used only while it pays.
    // In a trial, kTrial ticks big enough for the pool, half on the pool and
    // half on the calling thread alone, are timed (but the first kSwitching
    // of each half); the faster by its median tick is used until the next
    // trial. Trials come 64, 128, 256, ... ticks apart (a town's first
    // minutes are unlike the rest), then every kPeriod; further apart when
    // the slower way lost by much (trialInterval). Any choice gives the same
    // run (the serial one), so only the speed depends on the clock.
    struct AutoThreads
    {
        static constexpr int kPeriod = 3000, kTrial = 24, kSwitching = 4; // ticks
        static constexpr int kTimed = kTrial / 2 - kSwitching;
        std::int64_t ticks = 0; // ticks big enough for the pool so far
        std::int64_t trialAt = 0; // when the next trial begins (in those ticks)
        int trials = 0;
        bool pool = true; // this tick's choice
        bool choice = true; // between trials
        double times[2][kTimed] = {}; // the trial's tick times: [0] alone, [1] on the pool
        int counted[2] = {0, 0};
    } m_auto;
    bool autoTrial(); // this tick's choice (m_auto.pool); whether it is timed
    void autoTimed(double seconds);
    std::int64_t m_arrivalsAhead = 0; // arrivals taken ahead (settleArrival)
    std::int64_t m_arrivalsRedone = 0; // of which the guess failed at the turn (checkArrival)
    bool m_checkArrivals = true;

    EventLog m_log;
    Samples m_samples;
    mutable std::vector<DayReport> m_reports; // mutable: today's phase runs are folded in when read (reports())
    // Per character, the phase of its turns since tick m_runFrom of the day (-1: none counted yet): countTurn().
    mutable std::vector<std::int8_t> m_runPhase;
    mutable std::vector<std::int64_t> m_runFrom;
};

} // namespace goap::sim
