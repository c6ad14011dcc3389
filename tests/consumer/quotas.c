/* Loads a scenario (town.json), runs one day and prints when each quota was
 * met, then where everyone is at dusk: libgoap's C API, end to end. */
#include <goap.h>

#include <stdio.h>

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "town.json";
    goap_sim *sim = NULL;
    if (goap_open(path, &sim) != GOAP_OK) { /* prints file:line:col: error: path: message */
        fprintf(stderr, "%s\n", goap_last_error());
        return 2;
    }
    printf("%s (libgoap %s)\n", goap_scenario_name(sim), goap_version());
    if (goap_run_days(sim, 1) != GOAP_OK) {
        fprintf(stderr, "%s\n", goap_last_error());
        goap_close(sim);
        return 1;
    }
    goap_event e;
    int quotas = 0;
    while (goap_next_event(sim, &e)) /* every event of the day, oldest first */
        if (e.kind == GOAP_EVENT_QUOTA_MET) {
            printf("%7.1f s  %-12s met %s\n", e.time, e.character, e.goal);
            ++quotas;
        }
    printf("%d quota(s) met on day %d\n", quotas, goap_day(sim) + 1); /* days count from 0 */
    for (int i = 0; i < goap_character_count(sim); ++i) {
        goap_phase phase;
        double x, y;
        goap_character_phase(sim, i, &phase);
        goap_character_position(sim, i, &x, &y);
        printf("  %-12s %-8s at (%.0f, %.0f)\n", goap_character_id(sim, i), goap_phase_name(phase), x, y);
    }
    goap_close(sim);
    return 0;
}
