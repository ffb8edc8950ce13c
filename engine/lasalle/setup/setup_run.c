/* setup_run.c - the whole of "Set Up the Game" [J, p.86-91] from two
 * armies, each an army file or a list id: the weather, the board, the
 * roles; the armies named by a list are rolled then, with the attacker's
 * bonus for the attacker (K, p.93); the edges, the customising picks, the
 * objective, the deployment; then the scenario, loaded and checked. */
#include "setup.h"
#include "../../core/play.h"
#include "../../registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool looks_like_file(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') || (n > 5 && !strcmp(s + n - 5, ".json"));
}

/* an army file, or a list id to roll once the roles are known */
static int load_side(lasalle_setup *S, int side, const char *what, gr_error *err)
{
    struct stat sb;
    snprintf(S->source[side], sizeof S->source[side], "%s", what);
    if (!stat(what, &sb)) {
        S->army[side] = lasalle_army_load_file(what, err);
        if (!S->army[side]) return -1;
        if (lasalle_list_find(S->book, S->army[side]->list, &S->ref[side], err))
            return gr_error_prefix(err, "%s: ", what), -1;
        return 0;
    }
    if (looks_like_file(what)) return gr_error_set(err, "%s: no such army file", what);
    if (lasalle_list_find(S->book, what, &S->ref[side], err))
        return gr_error_prefix(err, "%s: no such army file, and ", what), -1;
    S->army[side] = calloc(1, sizeof *S->army[side]);
    if (!S->army[side]) return gr_error_set(err, "out of memory");
    S->rolled[side] = true;
    return 0;
}

/* the armies named by lists are built now, for the role each has [K Army Builder, p.93] */
static int finish_armies(lasalle_setup *S, gr_error *err)
{
    for (int k = 0; k < 2; k++) {
        int role = k == S->attacker ? LASALLE_LIST_ROLE_ATTACKER : LASALLE_LIST_ROLE_DEFENDER;
        if (S->rolled[k]) {
            lasalle_army_gen_opts o = {(uint8_t)role, LASALLE_ARMY_DEFAULT_SUPPORT};
            S->dice->side = k;
            int rc = lasalle_army_generate(S->book, &S->ref[k], &o, S->dice, S->army[k], err);
            S->dice->side = -1;
            if (rc) return -1;
            lasalle_setup_note(S, k, "army rolled from %s as the %s", S->source[k], lasalle_list_role_name(role));
        } else if (S->army[k]->role != role) {
            /* an army file keeps the units it was written with, whatever role it ends with */
            lasalle_setup_note(S, k, "%s was built as the %s and plays the %s with the units it has (R-117)",
                               S->source[k], lasalle_list_role_name(S->army[k]->role), lasalle_list_role_name(role));
            S->army[k]->role = (uint8_t)role;
        }
    }
    return 0;
}

json_t *lasalle_setup_generate(const lasalle_list_book *B, const char *const what[2], gr_dice *dice, gr_log *log,
                               unsigned long long seed, gr_error *err)
{
    lasalle_setup *S = calloc(1, sizeof *S);
    if (!S) {
        gr_error_set(err, "out of memory");
        return NULL;
    }
    S->book = B;
    S->dice = dice;
    S->log = log;
    S->seed = seed;
    json_t *root = NULL;
    if (load_side(S, 0, what[0], err) || load_side(S, 1, what[1], err)) goto done;
    if (lasalle_setup_weather_step(S, err) || lasalle_setup_board_step(S, err) || lasalle_setup_roles_step(S, err) ||
        finish_armies(S, err) || lasalle_setup_edges_step(S, err) || lasalle_setup_custom_step(S, err) ||
        lasalle_setup_objective_step(S, err))
        goto done;
    /* [J, p.91]: the attacker has the first turn */
    root = lasalle_setup_to_json(S, err);
done:
    free(S->army[0]);
    free(S->army[1]);
    free(S);
    return root;
}

int lasalle_setup_check(json_t *scn, gr_error *err)
{
    gr_game g;
    memset(&g, 0, sizeof g);
    if (gr_game_from_json(&g, scn, "setup", err)) return -1;
    int rc = gr_game_check_start(&g, err);
    gr_game_free(&g);
    return rc;
}
