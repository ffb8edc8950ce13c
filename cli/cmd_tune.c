/* cmd_tune.c - `grognard tune [SCENARIO] --players A,B[,...] --games N
 * [--seed S] [--weights IN] --out FILE`, or `grognard tune --records PATH
 * [--records PATH ...] [--weights IN] --out FILE`: fits the evaluation
 * weights to game results (eval/tune.h). Games are played between the listed
 * players (every ordered pair in turn), or read from game records (a file,
 * or a folder of them, e.g. an arena's --records folder; cli/tune_records.h);
 * the position at the start of every player-move is a sample, labelled with
 * the game's final score for side 0. The first 80% of the games fit the
 * weights, the last 20% measure them: the log-loss of the old and the new
 * weights on those held-out positions is printed, and the new weights are
 * written to FILE in the eval/weights format. */
#include "commands.h"
#include "session.h"
#include "../engine/core/args.h"
#include "../ai/spec.h"
#include "../eval/tune.h"
#include "tune_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TUNE_MAX_PLAYERS 8
#define TUNE_HELD_OUT 0.2
#define TUNE_MAX_DECISIONS 200000
#define TUNE_MAX_RECORD_PATHS 64

/* Fits e to d's samples (game_end[i]: where game i's samples end), prints
 * the log-losses and the weights before and after, and writes the new
 * weights to out with a comment saying how they were made (how). */
static int fit_and_write(gr_eval *e, gr_tune_data *d, const size_t *game_end, long games, const char *how,
                         const char *out)
{
    long fit_games = games - (long)((double)games * TUNE_HELD_OUT);
    if (fit_games < 1 || fit_games >= games) {
        fprintf(stderr, "grognard tune: %ld finished games: too few to fit and hold some out\n", games);
        return 1;
    }
    size_t split = game_end[fit_games - 1];
    double beta0[GR_TUNE_MAX_TERMS], beta[GR_TUNE_MAX_TERMS];
    gr_tune_beta(e, beta0);
    memcpy(beta, beta0, sizeof beta);
    double before_fit = gr_tune_logloss(d, beta0, 0, split), before = gr_tune_logloss(d, beta0, split, d->n);
    int steps = gr_tune_fit(d, beta, 0, split);
    if (steps < 0) { fprintf(stderr, "grognard tune: the fit failed (singular system)\n"); return 1; }
    double after_fit = gr_tune_logloss(d, beta, 0, split), after = gr_tune_logloss(d, beta, split, d->n);
    gr_eval old = *e;
    gr_error err;
    gr_error_clear(&err);
    if (gr_eval_from_beta(e, beta, &err)) { fprintf(stderr, "grognard tune: %s\n", err.msg); return 1; }
    printf("%ld games (%ld to fit, %ld held out), %zu positions (%zu held out); Newton steps %d\n", games, fit_games,
           games - fit_games, d->n, d->n - split, steps);
    printf("log-loss on the fitted positions:   %.4f before, %.4f after\n", before_fit, after_fit);
    printf("log-loss on the held-out positions: %.4f before, %.4f after\n", before, after);
    printf("%-24s %10s %10s\n", "weight", "before", "after");
    printf("%-24s %10.4f %10.4f\n", "scale", old.scale, e->scale);
    for (int c = 0; c < e->nlevels; c++) {
        char nm[32];
        snprintf(nm, sizeof nm, "cohesion[%d]", c);
        printf("%-24s %10.4f %10.4f\n", nm, old.cohesion[c], e->cohesion[c]);
    }
    printf("%-24s %10.4f %10.4f\n", "worn", old.worn, e->worn);
    for (int t = 0; t < e->nterms; t++)
        printf("side.%-19s %10.4f %10.4f\n", e->term[t].name, old.term[t].weight, e->term[t].weight);
    printf("intercept (side 0's edge in these games, not kept): %.4f\n", beta[gr_eval_nterms(e)]);
    char comment[1600];
    snprintf(comment, sizeof comment, "Fitted by grognard tune %s (held-out log-loss %.4f -> %.4f).", how, before,
             after);
    if (gr_eval_save(e, out, comment, &err)) { fprintf(stderr, "grognard tune: %s\n", err.msg); return 1; }
    printf("weights written to %s\n", out);
    return 0;
}

/* the records mode: every record must hold the same scenario, which is the
 * game the weights are bound to */
static int tune_from_records(char *const *paths, int npaths, const char *win, const char *out)
{
    gr_error err;
    gr_error_clear(&err);
    gr_tune_files files = {0};
    for (int i = 0; i < npaths; i++)
        if (gr_tune_files_add(&files, paths[i], &err)) {
            fprintf(stderr, "grognard tune: %s\n", err.msg);
            gr_tune_files_free(&files);
            return 1;
        }
    int rc = 1, have_game = 0;
    gr_record first = {0};
    gr_game g;
    gr_eval e;
    gr_tune_data d;
    gr_tune_data_init(&d, 0);
    size_t *game_end = calloc((size_t)files.n, sizeof *game_end);
    long games = 0, unfinished = 0;
    if (!game_end) { fprintf(stderr, "out of memory\n"); goto done; }
    if (gr_record_load(&first, files.path[0], &err)) { fprintf(stderr, "grognard tune: %s\n", err.msg); goto done; }
    if (gr_game_from_json(&g, first.scenario, files.path[0], &err)) {
        fprintf(stderr, "grognard tune: %s: embedded scenario: %s\n", files.path[0], err.msg);
        goto done;
    }
    have_game = 1;
    if (gr_eval_load(&e, &g, win, &err)) { fprintf(stderr, "grognard tune: %s\n", err.msg); goto done; }
    gr_tune_data_init(&d, gr_tune_nterms(&e));
    for (int i = 0; i < files.n; i++) {
        gr_record rec;
        if (gr_record_load(&rec, files.path[i], &err)) { fprintf(stderr, "grognard tune: %s\n", err.msg); goto done; }
        int added = -1;
        if (!json_equal(rec.scenario, first.scenario))
            gr_error_set(&err, "its scenario is not the one of %s: tune from one scenario's records at a time",
                         files.path[0]);
        else
            added = gr_tune_add_record(&d, &e, &g, &rec, &err);
        gr_record_free(&rec);
        if (added < 0) { fprintf(stderr, "grognard tune: %s: %s\n", files.path[i], err.msg); goto done; }
        if (added == 0) unfinished++;
        else game_end[games++] = d.n;
        if ((i + 1) % 20 == 0 || i + 1 == files.n)
            fprintf(stderr, "\rrecord %d/%d, %zu positions", i + 1, files.n, d.n);
    }
    fprintf(stderr, "\n");
    if (unfinished) printf("%ld records of unfinished games left out (no result to learn from)\n", unfinished);
    char how[1200];
    int used = snprintf(how, sizeof how, "from %ld finished games in", games);
    for (int i = 0; i < npaths && used < (int)sizeof how; i++)
        used += snprintf(how + used, sizeof how - (size_t)used, " %s", paths[i]);
    rc = fit_and_write(&e, &d, game_end, games, how, out);
done:
    gr_tune_data_free(&d);
    free(game_end);
    if (first.scenario) gr_record_free(&first);
    if (have_game) gr_game_free(&g);
    gr_tune_files_free(&files);
    return rc;
}

int gr_cmd_tune(int argc, char **argv)
{
    const char *players = NULL, *out = NULL, *win = NULL;
    char *records_v[TUNE_MAX_RECORD_PATHS];
    gr_args_list records = {records_v, 0, TUNE_MAX_RECORD_PATHS};
    long games = 0;
    unsigned long long seed = 1;
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--players", &players, "A,B[,...]", "the players; every ordered pair meets in turn"),
        GR_ARGS_OPT_LONG("--games", &games, 5, 1000000, "N", "games to play"),
        GR_ARGS_OPT_ULL("--seed", &seed, "S", "the first game's seed (default 1)"),
        GR_ARGS_OPT_STRINGS("--records", &records, "FILE|FOLDER", "learn from these game records instead of playing"),
        GR_ARGS_OPT_STRING("--weights", &win, "IN", "the weights to start from (default the ruleset's)"),
        GR_ARGS_OPT_STRING("--out", &out, "FILE", "where the fitted weights go"),
    };
    int seen[sizeof opts / sizeof *opts] = {0};
    const gr_args_spec spec = {
        .verb = "grognard tune",
        .usage = "usage: grognard tune [SCENARIO] --players A,B[,...] --games N [--seed S] [--weights IN] --out FILE\n"
                 "       grognard tune --records FILE|FOLDER [--records ...] [--weights IN] --out FILE\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .pos_name = "SCENARIO", .seen = seen,
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    const char *file = files.n ? files.v[0] : NULL;
    if (records.n) {
        if (players || games || gr_args_seen(&spec, "--seed") || file)
            return gr_args_fail(&spec, "--records learns from recorded games: no SCENARIO, --players, --games or "
                                       "--seed with it");
        if (!out) return gr_args_fail(&spec, "--out is needed");
        return tune_from_records(records.v, records.n, win, out);
    }
    if (!players || !games || !out) return gr_args_fail(&spec, "--players, --games and --out are needed");
    gr_error err;
    gr_error_clear(&err);
    char specs[TUNE_MAX_PLAYERS][GR_SPEC_TEXT];
    int np = gr_spec_split(players, specs, TUNE_MAX_PLAYERS, &err);
    if (np < 1) {
        fprintf(stderr, "grognard tune: %s\n", np < 0 ? err.msg : "no players");
        return 2;
    }
    char def[1024];
    if (!file) {
        if (gr_find_default_scenario(def, sizeof def, &err)) { fprintf(stderr, "grognard tune: %s\n", err.msg); return 1; }
        file = def;
    }
    gr_game g;
    if (gr_game_load(&g, file, &err)) { fprintf(stderr, "%s\n", err.msg); return 1; }
    const gr_ruleset *rs = g.rs;
    int rc = 1;
    gr_eval e;
    gr_tune_data d;
    gr_tune_data_init(&d, 0);
    void *st = calloc(1, rs->rules->state_size);
    size_t *game_end = calloc((size_t)games, sizeof *game_end);
    if (!st || !game_end) { fprintf(stderr, "out of memory\n"); goto done; }
    if (gr_eval_load(&e, &g, win, &err)) { fprintf(stderr, "grognard tune: %s\n", err.msg); goto done; }
    if (!rs->rules->turn) { fprintf(stderr, "grognard tune: the %s ruleset has no turn counter to sample by\n", rs->name); goto done; }
    gr_tune_data_init(&d, gr_tune_nterms(&e));
    double x[GR_TUNE_MAX_TERMS];
    for (long gi = 0; gi < games; gi++) {
        /* ordered pairs in turn: (0,1), (1,0), (0,2), (2,0), ... ; a single player plays itself */
        int a = 0, b = 0;
        if (np > 1) {
            long pairs = (long)np * (np - 1), p = gi % pairs, q = p / 2;
            a = (int)(q / (np - 1));
            b = (int)(q % (np - 1));
            if (b >= a) b++;
            if (p & 1) { int t = a; a = b; b = t; }
        }
        unsigned long long gseed = seed + (unsigned long long)gi;
        gr_player *pl[2] = {gr_player_create(specs[a], &g, gseed * 4 + 1, &err), NULL};
        if (pl[0]) pl[1] = gr_player_create(specs[b], &g, gseed * 4 + 2, &err);
        if (!pl[0] || !pl[1]) { fprintf(stderr, "grognard tune: %s\n", err.msg); gr_player_free(pl[0]); goto done; }
        gr_dice dice;
        gr_dice_init_rng(&dice, gseed, 1);
        rs->rules->init(g.scn, st);
        size_t first = d.n;
        int last_turn = -1;
        long n = 0;
        while (rs->rules->to_move(g.scn, st) != GR_TERMINAL && n < TUNE_MAX_DECISIONS) {
            int t = rs->rules->turn(g.scn, st);
            if (t != last_turn) {
                last_turn = t;
                gr_tune_terms(&e, &g, st, x);
                if (gr_tune_data_add(&d, x, -1)) { fprintf(stderr, "out of memory\n"); goto game_fail; }
            }
            int side = rs->rules->to_move(g.scn, st);
            gr_action act;
            if (pl[side]->choose(pl[side], &g, st, &act, &err)) { fprintf(stderr, "grognard tune: %s\n", err.msg); goto game_fail; }
            gr_player_observe(pl[0], &g, st, &act);
            gr_player_observe(pl[1], &g, st, &act);
            if (rs->rules->apply(g.scn, st, &act, &dice, NULL, &err)) { fprintf(stderr, "grognard tune: %s\n", err.msg); goto game_fail; }
            n++;
        }
        gr_result res;
        rs->rules->result(g.scn, st, &res);
        for (size_t i = first; i < d.n; i++) d.y[i] = res.score[0];
        game_end[gi] = d.n;
        gr_player_free(pl[0]);
        gr_player_free(pl[1]);
        if ((gi + 1) % 10 == 0 || gi + 1 == games)
            fprintf(stderr, "\rgame %ld/%ld, %zu positions", gi + 1, games, d.n);
        continue;
    game_fail:
        gr_player_free(pl[0]);
        gr_player_free(pl[1]);
        goto done;
    }
    fprintf(stderr, "\n");
    char how[1200];
    snprintf(how, sizeof how, "%s --players %s --games %ld --seed %llu", file, players, games, seed);
    rc = fit_and_write(&e, &d, game_end, games, how, out);
done:
    gr_tune_data_free(&d);
    free(game_end);
    free(st);
    gr_game_free(&g);
    return rc;
}
