/* A game loop that owns one action (docs/embedding.md, "A game that owns an
 * action"). The scenario, embedded as a game would pack it: a hunter whose
 * "hunt" is "external": true, so the engine walks the hunter to the forest and
 * then hands the hunt to the game. The game reads and writes facts (its
 * sensors), asks the planner for a plan from now, and finishes each hunt:
 * the first one fails (the deer got away), the others succeed.
 * Prints one line per thing it did; exits 0 when the day went as above. */
#include <goap.h>

#include <stdio.h>
#include <string.h>

static const char scenario[]
    = "{ \"format\": \"goap-scenario\", \"version\": 2, \"name\": \"Hunt\","
      "  \"day\": { \"length\": 600, \"tick\": 0.1 },"
      "  \"map\": { \"width\": 20, \"height\": 10 },"
      "  \"world\": { \"world.meat\": 0 },"
      "  \"stations\": [ { \"id\": \"forest\", \"at\": [15, 5], \"capacity\": 1 } ],"
      "  \"actions\": [ { \"id\": \"hunt\", \"station\": \"forest\", \"duration\": 2, \"cost\": 1,"
      "                 \"add\": { \"world.meat\": 1 }, \"external\": true } ],"
      "  \"goals\": [ { \"id\": \"stock\", \"kind\": \"quota\", \"conditions\": { \"world.meat\": 4 }, \"urgency\": 1 "
      "} ],"
      "  \"agents\": [ { \"id\": \"hunter\", \"at\": [2, 5], \"speed\": 2, \"facts\": {},"
      "                \"actions\": [\"hunt\"], \"goals\": [ { \"goal\": \"stock\" } ] } ] }";

static int check(goap_status status, const char *what)
{
    if (status != GOAP_OK)
        fprintf(stderr, "%s: %s: %s\n", what, goap_status_name(status), goap_last_error());
    return status == GOAP_OK;
}

int main(void)
{
    goap_sim *sim = NULL;
    if (!check(goap_open_memory(scenario, sizeof scenario - 1, "hunt.json", &sim), "goap_open_memory"))
        return 1;

    /* The game's sensor: the pantry already holds one piece of meat. */
    int32_t meat = 0;
    if (!check(goap_fact_set(sim, NULL, "world.meat", 1), "goap_fact_set"))
        return 1;

    /* What the hunter would do from here, now. */
    goap_plan *plan = NULL;
    if (!check(goap_plan_find_now(sim, "hunter", "stock", &plan), "goap_plan_find_now"))
        return 1;
    printf("plan from now: %d hunt(s), cost %g\n", goap_plan_length(plan), goap_plan_cost(plan));
    goap_plan_free(plan);

    int hunts = 0, failures = 0, completed = 0;
    int64_t hunting_since = -1, tick = 0;
    const int64_t ticks_per_hunt = 30; /* the game's own hunt takes 3 s */
    for (; tick < goap_ticks_per_day(sim) && completed < 3; ++tick) {
        if (!check(goap_step(sim, 1), "goap_step"))
            return 1;
        goap_event e;
        while (goap_next_event(sim, &e)) {
            if (e.kind == GOAP_EVENT_EXTERNAL_STARTED) {
                printf("%.1f s: %s starts %s: the game plays it\n", e.time, e.character, e.action);
                hunting_since = tick;
                ++hunts;
            } else if (e.kind == GOAP_EVENT_EXTERNAL_FAILED || e.kind == GOAP_EVENT_COMPLETE) {
                printf("%.1f s: %s\n", e.time, e.text);
                completed += e.kind == GOAP_EVENT_COMPLETE;
            }
        }
        if (hunting_since >= 0 && tick - hunting_since >= ticks_per_hunt) {
            const int succeeded = hunts > 1; /* the first deer got away */
            failures += !succeeded;
            if (!check(goap_action_finish(sim, "hunter", succeeded), "goap_action_finish"))
                return 1;
            hunting_since = -1;
        }
    }
    if (!check(goap_fact_get(sim, NULL, "world.meat", &meat), "goap_fact_get"))
        return 1;
    printf("world.meat = %d after %d hunt(s), %d failed\n", (int)meat, hunts, failures);
    goap_close(sim);
    return meat == 4 && failures == 1 && completed == 3 ? 0 : 2;
}
