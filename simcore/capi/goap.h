/*
 * goap.h - the C API of the GOAP Studio simulation engine (libgoap).
 *
 * A plain C interface to simcore, so a game engine can run scenarios made in
 * GOAP Studio without C++ or Qt types: C, C# (P/Invoke), Godot (GDExtension),
 * Unreal, Rust, Python (ctypes) all bind it the same way.
 *
 * Rules that hold for every function:
 *  - Nothing aborts or throws across this boundary. Every failure, out of
 *    memory included, returns a goap_status other than GOAP_OK, and
 *    goap_last_error() then says why in a sentence.
 *  - Handles (goap_sim, goap_plan) are opaque. Each goap_open*() is matched
 *    by a goap_close(), each goap_plan_find() by a goap_plan_free(), each
 *    string a function hands over (char **out) by a goap_string_free().
 *    The free functions accept NULL.
 *  - Strings are UTF-8 and NUL-terminated. A `const char *` a function
 *    returns belongs to the library: it stays valid until the next call that
 *    changes the same handle (a step, a run, goap_close()), unless its
 *    function says otherwise. Copy it to keep it.
 *  - One thread uses a goap_sim at a time; different handles may be used on
 *    different threads at once. goap_last_error() is per thread.
 *  - The same scenario file gives the same run, event for event, on every
 *    machine: a run is deterministic.
 *
 * Versioning: GOAP_API_VERSION is bumped when a function or a struct changes
 * incompatibly; compare it with goap_api_version() at run time when binding
 * the library dynamically. New functions may be added without a bump.
 */
#ifndef GOAP_H
#define GOAP_H

/* A public C header, aligned by hand for its readers. */
/* clang-format off */

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#  if defined(GOAP_BUILDING_LIBRARY)
#    define GOAP_API __declspec(dllexport)
#  else
#    define GOAP_API __declspec(dllimport)
#  endif
#else
#  define GOAP_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define GOAP_API_VERSION 1

/* What a call returned. The numbers are goap-sim's exit codes where they overlap. */
typedef enum goap_status {
    GOAP_OK = 0,
    GOAP_ERROR_ARGUMENT = 1,      /* a NULL handle, an unknown id, an index out of range */
    GOAP_ERROR_INVALID = 2,       /* the scenario has errors (goap_last_error() lists them) */
    GOAP_ERROR_IO = 3,            /* the file could not be read */
    GOAP_ERROR_NO_PLAN = 4,       /* the planner found no plan */
    GOAP_ERROR_OUT_OF_MEMORY = 5, /* an allocation failed (a step or run that fails so leaves its
                                   * simulation mid-tick: further steps and runs refuse, close it) */
    GOAP_ERROR_INTERNAL = 6       /* a bug in the library: please report it with goap_last_error() */
} goap_status;

/* What a character is doing (SPEC §4). */
typedef enum goap_phase {
    GOAP_PHASE_IDLE = 0,
    GOAP_PHASE_WALKING = 1,
    GOAP_PHASE_ACTING = 2,
    GOAP_PHASE_WAITING = 3,
    GOAP_PHASE_RESTING = 4,
    GOAP_PHASE_QUEUED = 5   /* standing in a station's line: its places are all taken */
} goap_phase;
#define GOAP_PHASE_COUNT 6  /* phases are 0..GOAP_PHASE_COUNT-1 */

/* The kinds of event a run records, in the event log's order of SPEC §7. */
typedef enum goap_event_kind {
    GOAP_EVENT_DAWN = 0,
    GOAP_EVENT_SWITCH,
    GOAP_EVENT_PLAN,
    GOAP_EVENT_START,
    GOAP_EVENT_COMPLETE,
    GOAP_EVENT_RECHECK_FAILED,
    GOAP_EVENT_WAITING,
    GOAP_EVENT_RESTING,
    GOAP_EVENT_NEED_SATISFIED,
    GOAP_EVENT_QUOTA_MET,
    GOAP_EVENT_SPAWNED,
    GOAP_EVENT_LEFT,
    GOAP_EVENT_ENQUEUED,
    GOAP_EVENT_PARTNERED,
    GOAP_EVENT_RELEASED,
    GOAP_EVENT_QUEUED,      /* a station's places were all taken: the character joined its line */
    GOAP_EVENT_EXTERNAL_STARTED, /* an "external": true action began: the game performs it and
                                  * calls goap_action_finish() (after the START event) */
    GOAP_EVENT_EXTERNAL_FAILED   /* the game finished it as failed: the character plans again */
} goap_event_kind;
#define GOAP_EVENT_KIND_COUNT 18 /* kinds are 0..GOAP_EVENT_KIND_COUNT-1 */

/* One recorded event. The strings stay valid until the next
 * goap_next_event(), step, run or goap_close() on the same handle. */
typedef struct goap_event {
    int day;               /* 0 for the first day, as in goap-sim's records */
    double time;           /* simulated seconds since dawn */
    goap_event_kind kind;
    const char *character; /* the character's id; "" for a dawn */
    const char *goal;      /* the goal's id, or NULL when the event has none */
    const char *action;    /* the action's id, or NULL when the event has none */
    const char *text;      /* the event as the event log and the editor say it */
} goap_event;

typedef struct goap_sim goap_sim;   /* a scenario and its running simulation */
typedef struct goap_plan goap_plan; /* a plan the planner found */

/* ---- Version and errors ------------------------------------------------ */

/* The library's version, e.g. "0.1.0". Never NULL; never freed. */
GOAP_API const char *goap_version(void);
/* GOAP_API_VERSION of the library actually loaded. */
GOAP_API int goap_api_version(void);

/* Why the last call on this thread that failed, failed: for a scenario with
 * errors, one line per issue in goap-sim's form
 * "file:line:col: error: path: message". "" when nothing failed yet. Valid
 * until the next failing call on this thread. Never NULL. */
GOAP_API const char *goap_last_error(void);

/* The name of a status, e.g. "GOAP_ERROR_INVALID". Never NULL. */
GOAP_API const char *goap_status_name(goap_status status);

/* ---- Opening a scenario ------------------------------------------------ */

/* Reads a scenario file (goap-scenario v1 or v2), checks it as `goap-sim validate`
 * does and readies its simulation at the first dawn. On success *out is a new
 * handle (free it with goap_close()); on failure *out is NULL. */
GOAP_API goap_status goap_open(const char *path, goap_sim **out);

/* The same from bytes already in memory (a packed game asset). `name` stands
 * for the file name in error messages; it may be NULL. */
GOAP_API goap_status goap_open_memory(const char *json, size_t size, const char *name, goap_sim **out);

/* Frees the handle and everything it handed out. NULL is fine. */
GOAP_API void goap_close(goap_sim *sim);

/* The scenario's warnings (it runs, but a designer should look), one per
 * line in goap-sim's form; "" when there are none. Valid until goap_close(). */
GOAP_API const char *goap_warnings(const goap_sim *sim);

/* The scenario's name, as in its file. Valid until goap_close(). */
GOAP_API const char *goap_scenario_name(const goap_sim *sim);

/* ---- Running ----------------------------------------------------------- */

/* Advances the simulation by `ticks` fixed steps (ticks >= 0). */
GOAP_API goap_status goap_step(goap_sim *sim, int64_t ticks);
/* Runs to the end of day `days` counted from the start (days >= 1): after
 * goap_run_days(sim, 1) the first day is complete, as `goap-sim run`. */
GOAP_API goap_status goap_run_days(goap_sim *sim, int days);

/* The current day, counted from 0 as in goap-sim's records (the event log's
 * "day": 0 is "Day 1"), and the simulated seconds since its dawn. */
GOAP_API int goap_day(const goap_sim *sim);
GOAP_API double goap_time(const goap_sim *sim);
/* Simulated seconds per tick, and ticks per day. */
GOAP_API double goap_tick_seconds(const goap_sim *sim);
GOAP_API int64_t goap_ticks_per_day(const goap_sim *sim);

/* ---- Characters -------------------------------------------------------- */
/* Characters are addressed by their position 0..goap_character_count()-1
 * among those present now (none before the first step: the first dawn comes
 * with it); the position of a character may change when others arrive or
 * leave, its id does not. */

GOAP_API int goap_character_count(goap_sim *sim);
/* Position of the present character with that id, or -1. */
GOAP_API int goap_character_find(goap_sim *sim, const char *id);
/* Its id and label, or NULL when `index` is out of range. */
GOAP_API const char *goap_character_id(goap_sim *sim, int index);
GOAP_API const char *goap_character_label(goap_sim *sim, int index);
GOAP_API goap_status goap_character_phase(goap_sim *sim, int index, goap_phase *out);
/* The id of the action it walks to or performs; *out is NULL when none. */
GOAP_API goap_status goap_character_action(goap_sim *sim, int index, const char **out);
/* The id of the goal it pursues; *out is NULL when none. */
GOAP_API goap_status goap_character_goal(goap_sim *sim, int index, const char **out);
/* Its position on the map, in the scenario's units. */
GOAP_API goap_status goap_character_position(goap_sim *sim, int index, double *x, double *y);

/* "idle", "walking", ..., "queued"; "unknown" out of range. Never NULL. */
GOAP_API const char *goap_phase_name(goap_phase phase);

/* Puts a present character at (x, y), for a game that moves characters
 * itself. Idle, waiting or resting, it stands on the cell there (or the
 * nearest free one). Walking (mid-walk), it walks on from there to the same
 * station: its way is found again from the new spot, and a spot walled off
 * from the station makes it re-plan, as when walls change. Refused
 * (GOAP_ERROR_ARGUMENT, nothing changed) while it acts, stands in a line or
 * is held as a partner: the action or line decides where it stands. Takes
 * effect at once; the next tick walks from there. */
GOAP_API goap_status goap_character_set_position(goap_sim *sim, int index, double x, double y);

/* ---- Events ------------------------------------------------------------ */

/* Takes the oldest event recorded and not yet taken into *out and returns 1;
 * returns 0 when there is none (or on an error, then goap_last_error() says
 * why). Events not taken are kept: take them as the game goes, or call
 * goap_set_events(sim, 0) right after opening to record none. */
GOAP_API int goap_next_event(goap_sim *sim, goap_event *out);
/* Turns the event log on (the default) or off; it changes nothing else of
 * the run. Only before the first step or run (GOAP_ERROR_ARGUMENT after). */
GOAP_API goap_status goap_set_events(goap_sim *sim, int on);

/* The event kind's name as the event log writes it ("dawn", "switch", ...,
 * "queued"); "unknown" out of range. Never NULL. */
GOAP_API const char *goap_event_kind_name(goap_event_kind kind);

/* ---- Game-owned actions ---------------------------------------------- */
/* An action marked "external": true in the scenario is the game's to
 * perform. The engine chooses it, walks the character to its station,
 * re-checks it and takes what it spends (a START event), then records a
 * GOAP_EVENT_EXTERNAL_STARTED event; from then the character stays acting in
 * it, tick after tick, whatever its duration, until the game calls: */

/* Finishes the external action the present character `character` (its id)
 * performs. succeeded != 0: its effects apply and a COMPLETE event follows,
 * as when an engine action's time is up. succeeded == 0: a
 * GOAP_EVENT_EXTERNAL_FAILED event, its place at the station goes to the
 * next in line, and it drops the plan and plans again at once (what the
 * action spent at its start stays spent). GOAP_ERROR_ARGUMENT when the
 * character is not in an external action that started. An action still
 * unfinished at the end of the day ends with it (every dawn starts afresh).
 * goap-sim and GOAP Studio, which have no game, run external actions as
 * any other: they take their duration and succeed. */
GOAP_API goap_status goap_action_finish(goap_sim *sim, const char *character, int succeeded);

/* ---- Facts ------------------------------------------------------------- */
/* Facts are named as in the scenario file: "world.bread" for the world's,
 * "agent.fed" for a character's own. `character` is a present character's
 * id; NULL (or any character) for a world fact, required for an agent
 * fact. A name the scenario never uses is refused (GOAP_ERROR_ARGUMENT,
 * goap_last_error() says why), and so is the character when none is present
 * with that id (characters are present from the first step on). */

/* The fact's value now. world.free.* and world.queue.* read as the engine
 * keeps them (places free; the queue's length). */
GOAP_API goap_status goap_fact_get(goap_sim *sim, const char *character, const char *name, int32_t *value);

/* Sets a fact (value >= 0), as a game's sensors would: the next tick sees
 * it. A character whose plan it breaks finds out as after any action's
 * effects: at its next re-check (arriving at the action, or each second in a
 * line) it drops the plan with a "recheck" event and plans again; one that
 * is idle plans from it at its next tick. world.free.* and world.queue.*
 * belong to the engine (places and queues) and are refused. */
GOAP_API goap_status goap_fact_set(goap_sim *sim, const char *character, const char *name, int32_t value);

/* ---- Reports ----------------------------------------------------------- */

/* The day report of every day begun so far, byte for byte the file
 * `goap-sim run FILE --days N --report R.json` writes after the same days.
 * *out is a new string of *size bytes (size may be NULL); free it with
 * goap_string_free(). */
GOAP_API goap_status goap_report_json(goap_sim *sim, char **out, size_t *size);

/* When a character first met a quota on a day (0 for the first): *met is 1 and
 * *fraction the fraction of the day at that moment (0..1), or *met is 0. */
GOAP_API goap_status goap_quota_met(goap_sim *sim, int day, const char *character, const char *goal, int *met,
                                    double *fraction);

GOAP_API void goap_string_free(char *string);

/* ---- Plans ------------------------------------------------------------- */

/* Asks the planner for a plan for one of the scenario's own characters to
 * reach a goal from its dawn state, as `goap-sim plan --agent ID --goal ID`.
 * GOAP_ERROR_NO_PLAN when there is none (*out is then NULL). */
GOAP_API goap_status goap_plan_find(goap_sim *sim, const char *character, const char *goal, goap_plan **out);
/* The same from now: from a present character's own facts, the live world
 * (facts set with goap_fact_set() included), the queues as it sees them and
 * where it stands, with its own actions, as its next safe point would
 * search. Any character present, spawned copies included; it changes
 * nothing in the run. A maximise / minimise goal is planned with what is
 * left of its episode's budget (the budget less the steps already done for
 * it), as the character itself would. GOAP_ERROR_NO_PLAN when there is none
 * (*out NULL). */
GOAP_API goap_status goap_plan_find_now(goap_sim *sim, const char *character, const char *goal, goap_plan **out);
GOAP_API int goap_plan_length(const goap_plan *plan);
/* The id of step `index` (0-based), or NULL when out of range. Valid until goap_plan_free(). */
GOAP_API const char *goap_plan_action(const goap_plan *plan, int index);
GOAP_API double goap_plan_cost(const goap_plan *plan);
/* A plan for a "maximise" or "minimise" goal (issue #31) is the best value of
 * its fact reachable within its budget; when nothing improves the value it is
 * found and empty (length 0). This writes the fact's value where the search
 * began (*start) and at the plan's end (*reached), and 1 in *optimal when the
 * plan is proven best (0: the best found before the node cap); any pointer may
 * be NULL. Returns 1 for such a plan, 0 (writing nothing) for a need's or a
 * quota's, or for NULL. */
GOAP_API int goap_plan_extreme(const goap_plan *plan, int32_t *start, int32_t *reached, int *optimal);
GOAP_API void goap_plan_free(goap_plan *plan);

/* ---- Threads (issue #30) ----------------------------------------------- */

/* The threads a tick's per-character part runs on: 0 (the default) every
 * core while that is faster than the calling thread alone (timed now and
 * then), 1 the calling thread alone. Any number gives the same run, event for
 * event; a town of fewer than 512 present characters is stepped on the
 * calling thread whatever the setting. May be changed between steps.
 * GOAP_ERROR_ARGUMENT for a number below 0 or above 1024. */
GOAP_API goap_status goap_sim_set_threads(goap_sim *sim, int threads);

#ifdef __cplusplus
}
#endif

/* clang-format on */

#endif /* GOAP_H */
