/* verb.c - `grognard lasalle continue`: Continuing Games and Campaigns
 * [H, p.79] on a finished game (campaign.h, docs/lasalle-continue.md).
 *   grognard lasalle continue GAME --seed N [--stay-a stay|leave] [--stay-b stay|leave] [--out NEXT.json] [--log]
 * GAME is a game record (grognard run --record FILE) or a saved game of
 * grognard play; it is replayed to its last position, which must be the end
 * of the game. The report goes to standard output, the rolls (--log) to
 * standard error, the next battle's scenario to NEXT.json.
 * Exit status: 0 done, 1 failure (a game not finished, a file that does not
 * load), 2 bad usage. */
#include "campaign.h"
#include "../../core/args.h"
#include "../../core/play.h"
#include "../../core/record.h"
#include "../../registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the dice stream of the recovery tests (games use stream 1, a setup its own) */
#define CONTINUE_STREAM 0x434F4E54ull /* "CONT" */

static const char *const USAGE =
    "usage: grognard lasalle continue GAME --seed N [--stay-a stay|leave] [--stay-b stay|leave] [--out NEXT.json] "
    "[--log]\n"
    "  GAME: a finished game: a record (grognard run --record FILE) or a saved game of grognard play\n"
    "  --stay-a, --stay-b: the first side's and the second side's choice after a draw (default leave, H p.79)\n";

/* "stay" or "leave" into *out (NULL: not given); -1 when it is neither */
static int read_choice(const char *v, int *out)
{
    *out = LASALLE_CHOICE_NONE;
    if (!v) return 0;
    if (!strcmp(v, "stay")) *out = LASALLE_CHOICE_STAY;
    else if (!strcmp(v, "leave")) *out = LASALLE_CHOICE_LEAVE;
    else return -1;
    return 0;
}

static int write_next(json_t *next, const char *out, gr_error *err)
{
    gr_game g;
    if (gr_game_from_json(&g, next, out, err)) return -1;
    int rc = gr_game_check_start(&g, err);
    gr_game_free(&g);
    if (rc) return -1;
    if (json_dump_file(next, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6)))
        return gr_error_set(err, "%s: cannot write the next battle's scenario", out);
    return 0;
}

/* the tests, the report and the next battle, from the game's last position */
static int carry_on(const gr_game *g, const void *state, const int choice[2], unsigned long long seed,
                    const char *out, int show_log, gr_error *err)
{
    const lasalle_scenario *s = g->scn;
    const lasalle_state *st = state;
    lasalle_campaign c;
    if (lasalle_campaign_sort(s, st, choice, &c, err)) return -1;
    gr_log log;
    gr_log_init(&log);
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, CONTINUE_STREAM);
    gr_dice_set_log(&dice, &log);
    int rc = lasalle_campaign_recover(s, st, &c, &dice, err);
    if (show_log) gr_print_log(&log, 0, stderr);
    gr_log_free(&log);
    if (rc) return -1;
    lasalle_campaign_report(s, st, &c, stdout);
    for (int side = 0; side < 2; side++) {
        int kept = 0;
        for (int i = 0; i < s->nunits; i++) kept += s->units[i].side == side && c.u[i].fate != LASALLE_FATE_LOST;
        if (kept) continue;
        printf("No next battle: the army of the %s has no unit left (H, p.79)%s\n", s->side_name[side],
               out ? "; nothing written" : "");
        return 0;
    }
    json_t *next = lasalle_campaign_next(g->scenario_json, s, st, &c, err);
    if (!next) return -1;
    if (out && write_next(next, out, err) == 0) printf("The next battle: %s\n", out);
    else if (!out) printf("(--out FILE writes the next battle's scenario)\n");
    else rc = -1;
    json_decref(next);
    return rc;
}

static int continue_game(const char *file, const int choice[2], unsigned long long seed, const char *out,
                         int show_log)
{
    gr_error err;
    gr_error_clear(&err);
    gr_record rec;
    if (gr_record_load(&rec, file, &err)) {
        fprintf(stderr, "grognard lasalle continue: %s\n", err.msg);
        return 1;
    }
    gr_game g;
    int rc = 1;
    void *st = NULL;
    if (gr_game_from_json(&g, rec.scenario, file, &err)) {
        fprintf(stderr, "grognard lasalle continue: %s: its scenario: %s\n", file, err.msg);
        gr_record_free(&rec);
        return 1;
    }
    if (strcmp(g.rs->name, "lasalle"))
        fprintf(stderr, "grognard lasalle continue: %s is a game of %s, not of Lasalle\n", file, g.rs->title);
    else if (!(st = calloc(1, g.rs->rules->state_size)))
        fprintf(stderr, "grognard lasalle continue: out of memory\n");
    else if (gr_replay(&g, &rec, st, NULL, &err))
        fprintf(stderr, "grognard lasalle continue: %s: %s\n", file, err.msg);
    else if (carry_on(&g, st, choice, seed, out, show_log, &err))
        fprintf(stderr, "grognard lasalle continue: %s: %s\n", file, err.msg);
    else
        rc = 0;
    free(st);
    gr_game_free(&g);
    gr_record_free(&rec);
    return rc;
}

int lasalle_continue_verb(int argc, char **argv, const gr_host *host)
{
    (void)host;
    const char *out = NULL, *stay[2] = {NULL, NULL};
    unsigned long long seed = 0;
    int show_log = 0;
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_ULL("--seed", &seed, "N", "the seed of the recovery tests' dice"),
        GR_ARGS_OPT_STRING("--stay-a", &stay[0], "stay|leave", "the first side's choice after a draw (default leave)"),
        GR_ARGS_OPT_STRING("--stay-b", &stay[1], "stay|leave", "the second side's choice after a draw (default leave)"),
        GR_ARGS_OPT_STRING("--out", &out, "NEXT.json", "write the next battle's scenario there"),
        GR_ARGS_OPT_FLAG("--log", &show_log, "print every roll to stderr"),
    };
    int seen[GR_ARGS_COUNT(opts)] = {0};
    const gr_args_spec spec = {
        .verb = "grognard lasalle continue",
        .usage = USAGE,
        .opts = opts,
        .nopts = GR_ARGS_COUNT(opts),
        .pos = &files,
        .min_pos = 1,
        .pos_name = "GAME",
        .seen = seen,
    };
    int status, choice[2];
    if (gr_args_parse(&spec, argc - 1, argv + 1, &status)) return status;
    if (!gr_args_seen(&spec, "--seed")) return gr_args_fail(&spec, "--seed N is needed");
    for (int side = 0; side < 2; side++)
        if (read_choice(stay[side], &choice[side]))
            return gr_args_fail(&spec, "%s: \"%s\" is neither stay nor leave", side ? "--stay-b" : "--stay-a",
                                stay[side]);
    return continue_game(files.v[0], choice, seed, out, show_log);
}
