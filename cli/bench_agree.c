/* bench_agree.c - `grognard bench agree RECORD... --players SPECS [--oracle
 * SPEC] [--positions P] [--per-record K] [--repeats R] [--seed N] [--json]`: how well a search spends
 * its budget, without playing games. Positions are taken from game records
 * (decisions with a choice, spread evenly over each record); an oracle (a
 * search with many times the budget) scores every alternative at each of
 * them; then each player spec decides each position R times, with different
 * seeds, and is scored by how often it picks the oracle's choice and by its
 * regret: the oracle's value of its best alternative less its value of the
 * one picked. A tournament needs hundreds of games to tell two settings a
 * few points apart; this tells in minutes whether a setting finds what a
 * deeper search finds, which is what a search setting is for. */
#include "commands.h"
#include "../engine/core/args.h"
#include "position.h"
#include "session.h"
#include "tune_records.h"
#include "../ai/player.h"
#include "../ai/spec.h"
#include "../ai/tree.h"
#include "../bench/arena/stats.h"
#include "../engine/core/clock.h"
#include "../engine/core/jsonutil.h"
#include "../engine/core/record.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AGREE_MAX_POSITIONS 1000
#define AGREE_MAX_PLAYERS 8
#define AGREE_ORACLE_DEFAULT "mcts:iters=20000"
/* an alternative the oracle visited fewer times than this has no value it
 * can vouch for; a pick of it is counted apart */
#define AGREE_MIN_ORACLE_VISITS 10
/* the oracle searches position i with seed AGREE_SEED + i; a player's r-th
 * search of it (from 0) uses seed + i + r * AGREE_SEED_STRIDE, seed given by
 * --seed (default 1). A player must not share the oracle's random stream (a
 * search like the oracle's would agree with it for that reason alone); with
 * --seed AGREE_SEED the oracle's own spec replays the oracle's searches, which
 * is how the tests check the bookkeeping. */
#define AGREE_SEED 7919ULL
#define AGREE_SEED_STRIDE 1000003ULL

typedef struct agree_pos {
    void *state;
    int side;
    int nalt;
    gr_choice_stat alt[GR_MAX_ACTIONS]; /* the oracle's, most visited first */
} agree_pos;

typedef struct agree_collect {
    agree_pos *pos;
    int n, cap, per_record, nactions, taken;
} agree_collect;

static int visit_pos(void *ctx, const gr_game *g, const void *state, int i, gr_error *err)
{
    agree_collect *c = ctx;
    /* positions spread evenly over the record: the k-th of per_record at
     * action k * nactions / per_record, or the first decision with a choice
     * after it */
    if (c->n >= c->cap || c->taken >= c->per_record) return 0;
    long want = (long)c->taken * c->nactions / c->per_record;
    if (i < want) return 0;
    int side = g->rs->rules->to_move(g->scn, state);
    if (side < 0 || side > 1) return 0;
    gr_action acts[GR_MAX_ACTIONS];
    if (g->rs->rules->legal_actions(g->scn, state, acts, GR_MAX_ACTIONS) < 2) return 0;
    agree_pos *p = &c->pos[c->n];
    p->state = malloc(g->rs->rules->state_size);
    if (!p->state) return gr_error_set(err, "out of memory");
    memcpy(p->state, state, g->rs->rules->state_size);
    p->side = side;
    p->nalt = 0;
    c->n++;
    c->taken++;
    return 0;
}

/* the oracle's value of action a at position p; -1 when it cannot vouch */
static double oracle_value(const agree_pos *p, const gr_action *a)
{
    for (int k = 0; k < p->nalt; k++)
        if (gr_action_equal(&p->alt[k].a, a))
            return p->alt[k].visits >= AGREE_MIN_ORACLE_VISITS ? p->alt[k].value : -1;
    return -1;
}

/* one search of position p by spec; 0 with *out, or -1 */
static int decide(const gr_game *g, const char *spec, unsigned long long seed, const agree_pos *p, gr_action *out,
                  gr_analysis *an, gr_error *err)
{
    gr_player *pl = gr_player_create(spec, g, seed, err);
    if (!pl) return -1;
    int rc = pl->choose(pl, g, p->state, out, err);
    if (!rc && an && (!pl->analysis || pl->analysis(pl, an))) rc = gr_error_set(err, "%s gives no analysis", spec);
    gr_player_free(pl);
    return rc;
}

typedef struct agree_score {
    long picks, agree, unvouched;
    double regret_sum, regret_sq;
    double ms;
} agree_score;

/* what the command line asks */
typedef struct agree_args {
    const char *oracle, *players;
    long npos_want, per_record, repeats, seed;
    int as_json;
} agree_args;

/* Positions from the records, per_record from each until col->cap; the
 * game of the first record goes to *g (*have_game set). 0, or 1 with the
 * message printed. */
static int collect_positions(agree_collect *col, char *const *files, int nfiles, gr_game *g, int *have_game)
{
    gr_error err;
    gr_error_clear(&err);
    for (int f = 0; f < nfiles && col->n < col->cap; f++) {
        gr_record rec;
        if (gr_record_load(&rec, files[f], &err)) {
            fprintf(stderr, "grognard bench agree: %s\n", err.msg);
            return 1;
        }
        gr_game gf;
        if (gr_game_from_json(&gf, rec.scenario, rec.scenario_file[0] ? rec.scenario_file : files[f], &err)) {
            fprintf(stderr, "grognard bench agree: %s: embedded scenario: %s\n", files[f], err.msg);
            gr_record_free(&rec);
            return 1;
        }
        if (*have_game && strcmp(gf.rs->name, g->rs->name)) {
            fprintf(stderr, "grognard bench agree: %s is a %s game, the first record a %s one\n", files[f],
                    gf.rs->name, g->rs->name);
            gr_game_free(&gf);
            gr_record_free(&rec);
            return 1;
        }
        void *st = calloc(1, gf.rs->rules->state_size);
        col->nactions = rec.nactions;
        col->taken = 0;
        int vr = st ? gr_replay_visit(&gf, &rec, st, visit_pos, col, &err) : gr_error_set(&err, "out of memory");
        free(st);
        gr_record_free(&rec);
        if (vr) {
            fprintf(stderr, "grognard bench agree: %s: %s\n", files[f], err.msg);
            gr_game_free(&gf);
            return 1;
        }
        if (*have_game) gr_game_free(&gf);
        else {
            *g = gf;
            *have_game = 1;
        }
    }
    if (!col->n) {
        fprintf(stderr, "grognard bench agree: no decision with a choice in the records\n");
        return 1;
    }
    return 0;
}

/* every spec is tried before the oracle's minutes of work, so a typo is
 * told at once; 0, or 1 with the message printed */
static int try_specs(const gr_game *g, const char *oracle, char specs[][GR_SPEC_TEXT], int nspec,
                     unsigned long long seed0)
{
    for (int s = -1; s < nspec; s++) {
        const char *spec = s < 0 ? oracle : specs[s];
        gr_error err;
        gr_error_clear(&err);
        gr_player *pl = gr_player_create(spec, g, seed0, &err);
        if (!pl) {
            fprintf(stderr, "grognard bench agree: %s%s\n", s < 0 ? "oracle: " : "", err.msg);
            return 1;
        }
        gr_player_free(pl);
    }
    return 0;
}

/* the oracle: every position searched once, its alternatives kept; 0 or 1 */
static int run_oracle(const gr_game *g, agree_collect *col, const char *oracle, int as_json)
{
    double t0 = gr_now_s();
    for (int i = 0; i < col->n; i++) {
        gr_analysis an;
        gr_action a;
        gr_error err;
        gr_error_clear(&err);
        if (decide(g, oracle, AGREE_SEED + (unsigned long long)i, &col->pos[i], &a, &an, &err)) {
            fprintf(stderr, "grognard bench agree: oracle %s: %s\n", oracle, err.msg);
            return 1;
        }
        col->pos[i].nalt = an.n;
        memcpy(col->pos[i].alt, an.alt, sizeof(gr_choice_stat) * (size_t)an.n);
        if (!as_json) fprintf(stderr, "\roracle %s: %d/%d positions, %.0f s", oracle, i + 1, col->n, gr_now_s() - t0);
    }
    if (!as_json) fprintf(stderr, "\n");
    return 0;
}

/* Each player decides each position a->repeats times: its scores in sc[s],
 * its mean regret at position i in preg[s * n + i] (-1: none vouched), for
 * the comparison with the first player position by position. 0 or 1. */
static int score_players(const gr_game *g, const agree_collect *col, char specs[][GR_SPEC_TEXT], int nspec,
                         const agree_args *a, agree_score *sc, double *preg)
{
    const unsigned long long seed0 = (unsigned long long)a->seed;
    for (int s = 0; s < nspec; s++) {
        for (int i = 0; i < col->n; i++) {
            const agree_pos *p = &col->pos[i];
            double here = 0;
            long here_n = 0;
            for (long r = 0; r < a->repeats; r++) {
                gr_action pick;
                gr_error err;
                gr_error_clear(&err);
                double a0 = gr_now_s();
                if (decide(g, specs[s], seed0 + (unsigned long long)i + (unsigned long long)r * AGREE_SEED_STRIDE, p,
                           &pick, NULL, &err)) {
                    fprintf(stderr, "grognard bench agree: %s: %s\n", specs[s], err.msg);
                    return 1;
                }
                sc[s].ms += (gr_now_s() - a0) * 1000.0;
                sc[s].picks++;
                if (gr_action_equal(&pick, &p->alt[0].a)) sc[s].agree++;
                double v = oracle_value(p, &pick);
                if (v < 0) sc[s].unvouched++;
                else {
                    sc[s].regret_sum += p->alt[0].value - v;
                    sc[s].regret_sq += (p->alt[0].value - v) * (p->alt[0].value - v);
                    here += p->alt[0].value - v;
                    here_n++;
                }
            }
            preg[(size_t)s * (size_t)col->n + (size_t)i] = here_n ? here / (double)here_n : -1;
            if (!a->as_json) fprintf(stderr, "\r%s: %d/%d positions", specs[s], i + 1, col->n);
        }
        if (!a->as_json) fprintf(stderr, "\n");
    }
    return 0;
}

/* player s's row: its agreement with the oracle, its regret, and its regret
 * less the first player's paired by position (preg as score_players fills it) */
static json_t *player_row(const agree_score *sc, const char *spec, const double *preg, const double *first, int npos,
                          int as_json)
{
    double lo = 0, hi = 0;
    gr_stats_wilson_ci(sc->agree, sc->picks, 0.95, &lo, &hi);
    long vouched = sc->picks - sc->unvouched;
    double regret = vouched ? sc->regret_sum / (double)vouched : 0;
    /* the standard error of the mean regret over the vouched picks */
    double var = vouched > 1 ? (sc->regret_sq - (double)vouched * regret * regret) / (double)(vouched - 1) : 0;
    double regret_se = vouched > 1 && var > 0 ? sqrt(var / (double)vouched) : 0;
    double dsum = 0, dsq = 0;
    long dn = 0;
    for (int i = 0; i < npos; i++) {
        double x = preg[i], y = first[i];
        if (x < 0 || y < 0) continue;
        dsum += x - y;
        dsq += (x - y) * (x - y);
        dn++;
    }
    double dmean = dn ? dsum / (double)dn : 0;
    double dvar = dn > 1 ? (dsq - (double)dn * dmean * dmean) / (double)(dn - 1) : 0;
    double dse = dn > 1 && dvar > 0 ? sqrt(dvar / (double)dn) : 0;
    double ms_per_pick = sc->picks ? sc->ms / (double)sc->picks : 0;
    json_t *o = json_object();
    json_object_set_new(o, "player", json_string(spec));
    json_object_set_new(o, "picks", json_integer(sc->picks));
    json_object_set_new(o, "agree", json_integer(sc->agree));
    json_object_set_new(o, "agree_lo", json_real(lo));
    json_object_set_new(o, "agree_hi", json_real(hi));
    json_object_set_new(o, "regret", json_real(regret));
    json_object_set_new(o, "regret_se", json_real(regret_se));
    json_object_set_new(o, "regret_less_first", json_real(dmean));
    json_object_set_new(o, "regret_less_first_se", json_real(dse));
    json_object_set_new(o, "unvouched", json_integer(sc->unvouched));
    json_object_set_new(o, "ms_per_pick", json_real(ms_per_pick));
    if (!as_json)
        printf("%-40s %7.1f%% [%5.1f%%, %5.1f%%] %12.2f (%5.2f) %12.2f (%5.2f) %10ld %9.1f\n", spec,
               100.0 * (double)sc->agree / (double)sc->picks, 100 * lo, 100 * hi, 1000 * regret, 1000 * regret_se,
               1000 * dmean, 1000 * dse, sc->unvouched, ms_per_pick);
    return o;
}

/* the table (or with --json the object) of every player's scores */
static void print_scores(const agree_collect *col, int nfiles, char specs[][GR_SPEC_TEXT], int nspec,
                         const agree_args *a, const agree_score *sc, const double *preg)
{
    json_t *j = json_object();
    json_object_set_new(j, "oracle", json_string(a->oracle));
    json_object_set_new(j, "positions", json_integer(col->n));
    json_object_set_new(j, "repeats", json_integer(a->repeats));
    json_t *arr = json_array();
    if (!a->as_json)
        printf("%d positions from %d record files, oracle %s, %ld searches a position\n"
               "%-40s %8s %16s %20s %20s %10s %9s\n", col->n, nfiles, a->oracle, a->repeats, "player", "agrees",
               "95% interval", "regret x1000 (s.e.)", "less first (s.e.)", "unvouched", "ms/pick");
    for (int s = 0; s < nspec; s++)
        json_array_append_new(arr, player_row(&sc[s], specs[s], preg + (size_t)s * (size_t)col->n, preg, col->n,
                                              a->as_json));
    json_object_set_new(j, "players", arr);
    if (a->as_json) {
        char *txt = json_dumps(j, JSON_INDENT(2) | JSON_REAL_PRECISION(6));
        if (txt) puts(txt);
        free(txt);
    }
    json_decref(j);
}

/* the positions collected, the oracle's verdicts and the players' scores,
 * printed; 0 or 1 */
static int agree_run(char *const *files, int nfiles, char specs[][GR_SPEC_TEXT], int nspec, const agree_args *a)
{
    agree_collect col = {calloc((size_t)a->npos_want, sizeof(agree_pos)), 0, (int)a->npos_want, (int)a->per_record, 0, 0};
    gr_game g;
    int have_game = 0, rc = 1;
    agree_score sc[AGREE_MAX_PLAYERS];
    memset(sc, 0, sizeof sc);
    double *preg = NULL;
    if (!col.pos) {
        fprintf(stderr, "out of memory\n");
        goto out;
    }
    if (collect_positions(&col, files, nfiles, &g, &have_game) ||
        try_specs(&g, a->oracle, specs, nspec, (unsigned long long)a->seed) || run_oracle(&g, &col, a->oracle, a->as_json))
        goto out;
    preg = malloc(sizeof(double) * (size_t)nspec * (size_t)col.n);
    if (!preg) {
        fprintf(stderr, "out of memory\n");
        goto out;
    }
    if (score_players(&g, &col, specs, nspec, a, sc, preg)) goto out;
    print_scores(&col, nfiles, specs, nspec, a, sc, preg);
    rc = 0;
out:
    free(preg);
    for (int i = 0; i < col.n; i++) free(col.pos[i].state);
    free(col.pos);
    if (have_game) gr_game_free(&g);
    return rc;
}

int gr_cmd_bench_agree(int argc, char **argv)
{
    agree_args a = {AGREE_ORACLE_DEFAULT, NULL, 60, 3, 4, 1, 0};
    gr_args_list records = {argv, 0, argc};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--players", &a.players, "SPECS", "the player specs to score, separated by commas"),
        GR_ARGS_OPT_STRING("--oracle", &a.oracle, "SPEC", "the deeper search (default " AGREE_ORACLE_DEFAULT ")"),
        GR_ARGS_OPT_LONG("--positions", &a.npos_want, 1, AGREE_MAX_POSITIONS, "P", "positions in all (default 60)"),
        GR_ARGS_OPT_LONG("--per-record", &a.per_record, 1, 1000, "K", "positions from each record (default 3)"),
        GR_ARGS_OPT_LONG("--repeats", &a.repeats, 1, 1000, "R", "searches of each position by each player (default 4)"),
        GR_ARGS_OPT_LONG("--seed", &a.seed, 1, 1000000000L, "N", "the players' first seed (default 1)"),
        GR_ARGS_OPT_FLAG("--json", &a.as_json, "one JSON object instead of a table"),
    };
    const gr_args_spec spec = {
        .verb = "grognard bench agree",
        .usage = "usage: grognard bench agree RECORD|FOLDER... --players SPECS [--oracle SPEC] "
                 "[--positions P] [--per-record K] [--repeats R] [--seed N] [--json]\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &records, .pos_name = "a RECORD",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    if (!records.n || !a.players)
        return gr_args_fail(&spec, "%s", !records.n ? "no game record given" : "--players is missing");
    gr_error err;
    gr_error_clear(&err);
    char specs[AGREE_MAX_PLAYERS][GR_SPEC_TEXT];
    int nspec = gr_spec_split(a.players, specs, AGREE_MAX_PLAYERS, &err);
    /* files as given, folders as their *.json by name (the tuner's list, tune_records.h) */
    gr_tune_files list = {0};
    int listed = nspec >= 1;
    for (int k = 0; listed && k < records.n; k++) listed = !gr_tune_files_add(&list, records.v[k], &err);
    if (!listed) {
        gr_tune_files_free(&list);
        fprintf(stderr, "grognard bench agree: %s\n", err.msg);
        return 2;
    }
    int rc = agree_run(list.path, list.n, specs, nspec, &a);
    gr_tune_files_free(&list);
    return rc;
}
