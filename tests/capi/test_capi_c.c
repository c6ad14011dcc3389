/* The C API from C (C11, no C++ anywhere in this file): every call of goap.h
 * once, the bad-input paths, and every handle freed, so AddressSanitizer
 * (tools/sanitize.sh address) sees a leak or an overrun if there is one. */
#include <goap.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "%s:%d: FAIL: %s (last error: %s)\n", __FILE__, __LINE__, #cond, goap_last_error());       \
            ++failures;                                                                                                \
        }                                                                                                              \
    } while (0)

static void testVersion(void)
{
    CHECK(goap_api_version() == GOAP_API_VERSION);
    CHECK(strlen(goap_version()) > 0);
    CHECK(strcmp(goap_status_name(GOAP_ERROR_INVALID), "GOAP_ERROR_INVALID") == 0);
    CHECK(strcmp(goap_phase_name(GOAP_PHASE_WAITING), "waiting") == 0);
}

static void testBadFile(void)
{
    goap_sim *sim = (goap_sim *)1; /* must come back NULL */
    const char *path = GOAP_SOURCE_DIR "/tests/data/bad/truncated.json";
    CHECK(goap_open(path, &sim) == GOAP_ERROR_INVALID);
    CHECK(sim == NULL);
    /* file:line:col: error: ... as goap-sim prints it */
    char prefix[1024];
    snprintf(prefix, sizeof prefix, "%s:", path);
    const char *message = goap_last_error();
    CHECK(strncmp(message, prefix, strlen(prefix)) == 0);
    int line = 0, column = 0;
    CHECK(sscanf(message + strlen(prefix), "%d:%d: error: ", &line, &column) == 2);
    CHECK(line > 0 && column > 0);

    CHECK(goap_open(GOAP_SOURCE_DIR "/tests/data/no-such-file.json", &sim) == GOAP_ERROR_IO);
    CHECK(strstr(goap_last_error(), "no-such-file.json") != NULL);
    CHECK(goap_open(GOAP_SOURCE_DIR "/tests", &sim) == GOAP_ERROR_IO);
    CHECK(strstr(goap_last_error(), "a directory") != NULL);

    const char json[] = "{\n  \"format\": \"goap-scenario\",\n  \"version\": 1,\n  \"name\": 3\n}\n";
    CHECK(goap_open_memory(json, sizeof json - 1, "inline.json", &sim) == GOAP_ERROR_INVALID);
    CHECK(strncmp(goap_last_error(), "inline.json:", 12) == 0);
}

static void testArguments(void)
{
    goap_sim *sim = NULL;
    CHECK(goap_open(NULL, &sim) == GOAP_ERROR_ARGUMENT);
    CHECK(goap_open("x.json", NULL) == GOAP_ERROR_ARGUMENT);
    CHECK(goap_step(NULL, 1) == GOAP_ERROR_ARGUMENT);
    CHECK(goap_run_days(NULL, 1) == GOAP_ERROR_ARGUMENT);
    CHECK(goap_character_count(NULL) == 0);
    CHECK(goap_character_id(NULL, 0) == NULL);
    goap_event e;
    CHECK(goap_next_event(NULL, &e) == 0);
    char *report = NULL;
    CHECK(goap_report_json(NULL, &report, NULL) == GOAP_ERROR_ARGUMENT);
    CHECK(report == NULL);
    goap_close(NULL);
    goap_plan_free(NULL);
    goap_string_free(NULL);
}

static void testRun(void)
{
    goap_sim *sim = NULL;
    CHECK(goap_open(GOAP_SOURCE_DIR "/scenarios/town.json", &sim) == GOAP_OK);
    if (!sim)
        return;
    CHECK(strcmp(goap_scenario_name(sim), "Town") == 0);
    CHECK(goap_day(sim) == 0);
    CHECK(goap_step(sim, -1) == GOAP_ERROR_ARGUMENT);
    CHECK(goap_run_days(sim, 0) == GOAP_ERROR_ARGUMENT);
    CHECK(goap_step(sim, 10) == GOAP_OK);
    CHECK(goap_set_events(sim, 0) == GOAP_ERROR_ARGUMENT); /* too late: it has stepped */
    CHECK(goap_day(sim) == 0); /* counted from 0, as in the records */

    const int count = goap_character_count(sim);
    CHECK(count > 0);
    for (int i = 0; i < count; ++i) {
        goap_phase phase = (goap_phase)-1;
        const char *action = "unset";
        double x = -1e9, y = -1e9;
        CHECK(goap_character_phase(sim, i, &phase) == GOAP_OK);
        CHECK(phase >= GOAP_PHASE_IDLE && phase <= GOAP_PHASE_RESTING);
        CHECK(goap_character_action(sim, i, &action) == GOAP_OK);
        CHECK(action == NULL || strlen(action) > 0);
        CHECK(goap_character_position(sim, i, &x, &y) == GOAP_OK);
        CHECK(x > -1e9 && y > -1e9);
        CHECK(goap_character_find(sim, goap_character_id(sim, i)) == i);
        CHECK(goap_character_label(sim, i) != NULL);
    }
    CHECK(goap_character_phase(sim, count, &(goap_phase) {0}) == GOAP_ERROR_ARGUMENT);
    CHECK(strstr(goap_last_error(), "no character at position") != NULL);
    CHECK(goap_character_find(sim, "nobody") == -1);

    CHECK(goap_run_days(sim, 1) == GOAP_OK);
    CHECK(goap_time(sim) == goap_ticks_per_day(sim) * goap_tick_seconds(sim));
    int events = 0, quotaEvents = 0, dawns = 0;
    goap_event e;
    while (goap_next_event(sim, &e)) {
        ++events;
        CHECK(e.day == 0);
        CHECK(e.text != NULL && strlen(e.text) > 0);
        CHECK(e.character != NULL);
        if (e.kind == GOAP_EVENT_DAWN)
            ++dawns;
        if (e.kind == GOAP_EVENT_QUOTA_MET) {
            ++quotaEvents;
            int met = 0;
            double fraction = -1;
            CHECK(goap_quota_met(sim, 0, e.character, e.goal, &met, &fraction) == GOAP_OK);
            CHECK(met == 1);
            CHECK(fraction >= 0 && fraction <= 1);
        }
    }
    CHECK(dawns == 1);
    CHECK(events > 100);
    CHECK(quotaEvents > 0);
    CHECK(goap_next_event(sim, &e) == 0);

    char *report = NULL;
    size_t size = 0;
    CHECK(goap_report_json(sim, &report, &size) == GOAP_OK);
    CHECK(report != NULL && size == strlen(report));
    CHECK(report && strstr(report, "\"Town\"") != NULL);
    goap_string_free(report);

    goap_plan *plan = (goap_plan *)1;
    CHECK(goap_plan_find(sim, "nobody", "x", &plan) == GOAP_ERROR_ARGUMENT);
    CHECK(plan == NULL);
    CHECK(strstr(goap_last_error(), "no character \"nobody\"") != NULL);
    goap_close(sim);
}

static void testPlan(void)
{
    goap_sim *sim = NULL;
    CHECK(goap_open(GOAP_SOURCE_DIR "/scenarios/cook.json", &sim) == GOAP_OK);
    if (!sim)
        return;
    CHECK(goap_character_count(sim) == 0); /* nobody before the first dawn */
    CHECK(goap_step(sim, 1) == GOAP_OK);
    /* The first character's goal, whatever the scenario calls them. */
    const char *who = goap_character_id(sim, 0);
    const char *goal = NULL;
    CHECK(who != NULL);
    goap_plan *plan = NULL;
    CHECK(goap_plan_find(sim, who, "no-such-goal", &plan) == GOAP_ERROR_ARGUMENT);
    CHECK(goap_character_goal(sim, 0, &goal) == GOAP_OK);
    if (goal) {
        const goap_status status = goap_plan_find(sim, who, goal, &plan);
        CHECK(status == GOAP_OK || status == GOAP_ERROR_NO_PLAN);
        if (status == GOAP_OK) {
            CHECK(goap_plan_length(plan) > 0);
            CHECK(goap_plan_action(plan, 0) != NULL);
            CHECK(goap_plan_action(plan, goap_plan_length(plan)) == NULL);
            CHECK(goap_plan_cost(plan) > 0);
        }
        goap_plan_free(plan);
    }
    goap_close(sim);
}

static void testNoEvents(void)
{
    goap_sim *sim = NULL;
    CHECK(goap_open(GOAP_SOURCE_DIR "/scenarios/bakery.json", &sim) == GOAP_OK);
    if (!sim)
        return;
    CHECK(goap_set_events(sim, 0) == GOAP_OK);
    CHECK(goap_run_days(sim, 1) == GOAP_OK);
    goap_event e;
    CHECK(goap_next_event(sim, &e) == 0);
    goap_close(sim);
}

int main(void)
{
    testVersion();
    testBadFile();
    testArguments();
    testRun();
    testPlan();
    testNoEvents();
    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    else
        printf("test_capi_c: all checks passed\n");
    return failures ? 1 : 0;
}
