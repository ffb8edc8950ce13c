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
#include "args.h"
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
    int side = g->rs->to_move(g->scn, state);
    if (side < 0 || side > 1) return 0;
    gr_action acts[GR_MAX_ACTIONS];
    if (g->rs->legal_actions(g->scn, state, acts, GR_MAX_ACTIONS) < 2) return 0;
    agree_pos *p = &c->pos[c->n];
    p->state = malloc(g->rs->state_size);
    if (!p->state) return gr_error_set(err, "out of memory");
    memcpy(p->state, state, g->rs->state_size);
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

int gr_cmd_bench_agree(int argc, char **argv)
{
    const char *usage = "usage: grognard bench agree RECORD|FOLDER... --players SPECS [--oracle SPEC] "
                        "[--positions P] [--per-record K] [--repeats R] [--seed N] [--json]\n";
    const char *oracle = AGREE_ORACLE_DEFAULT, *players = NULL;
    long npos_want = 60, per_record = 3, repeats = 4, seed_arg = 1;
    int as_json = 0, nargs = 0;
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (!args) { fprintf(stderr, "out of memory\n"); return 1; }
    for (int i = 0; i < argc; i++) {
        long *dst = NULL, hi = 0;
        if (!strcmp(argv[i], "--positions")) { dst = &npos_want; hi = AGREE_MAX_POSITIONS; }
        else if (!strcmp(argv[i], "--per-record")) { dst = &per_record; hi = 1000; }
        else if (!strcmp(argv[i], "--repeats")) { dst = &repeats; hi = 1000; }
        else if (!strcmp(argv[i], "--seed")) { dst = &seed_arg; hi = 1000000000L; }
        if (dst) {
            if (i + 1 >= argc || gr_arg_long(argv[i + 1], 1, hi, dst)) {
                fprintf(stderr, "grognard bench agree: %s takes a whole number from 1 to %ld\n", argv[i], hi);
                free(args);
                return 2;
            }
            i++;
        } else if ((!strcmp(argv[i], "--players") || !strcmp(argv[i], "--oracle")) && i + 1 < argc) {
            if (argv[i][2] == 'p') players = argv[++i];
            else oracle = argv[++i];
        } else if (!strcmp(argv[i], "--json")) as_json = 1;
        else if (argv[i][0] != '-') args[nargs++] = argv[i];
        else {
            fprintf(stderr, "grognard bench agree: unexpected argument '%s'\n%s", argv[i], usage);
            free(args);
            return 2;
        }
    }
    if (!nargs || !players) {
        fprintf(stderr, "grognard bench agree: %s\n%s", !nargs ? "no game record given" : "--players is missing",
                usage);
        free(args);
        return 2;
    }
    const unsigned long long seed0 = (unsigned long long)seed_arg;
    gr_error err;
    gr_error_clear(&err);
    char specs[AGREE_MAX_PLAYERS][GR_SPEC_TEXT];
    int nspec = gr_spec_split(players, specs, AGREE_MAX_PLAYERS, &err);
    /* files as given, folders as their *.json by name (the tuner's list, tune_records.h) */
    gr_tune_files list = {0};
    int rc = 1, listed = nspec >= 1;
    for (int k = 0; listed && k < nargs; k++) listed = !gr_tune_files_add(&list, args[k], &err);
    char **files = list.path;
    int nfiles = list.n;
    if (!listed) {
        gr_tune_files_free(&list);
        fprintf(stderr, "grognard bench agree: %s\n", err.msg);
        free(args);
        return 2;
    }
    free(args);
    agree_collect col = {calloc((size_t)npos_want, sizeof(agree_pos)), 0, (int)npos_want, (int)per_record, 0, 0};
    gr_game g;
    int have_game = 0;
    if (!col.pos) { fprintf(stderr, "out of memory\n"); goto out; }
    /* positions: per_record from each record until npos_want */
    for (int f = 0; f < nfiles && col.n < col.cap; f++) {
        gr_record rec;
        if (gr_record_load(&rec, files[f], &err)) { fprintf(stderr, "grognard bench agree: %s\n", err.msg); goto out; }
        gr_game gf;
        if (gr_game_from_json(&gf, rec.scenario, rec.scenario_file[0] ? rec.scenario_file : files[f], &err)) {
            fprintf(stderr, "grognard bench agree: %s: embedded scenario: %s\n", files[f], err.msg);
            gr_record_free(&rec);
            goto out;
        }
        if (have_game && strcmp(gf.rs->name, g.rs->name)) {
            fprintf(stderr, "grognard bench agree: %s is a %s game, the first record a %s one\n", files[f],
                    gf.rs->name, g.rs->name);
            gr_game_free(&gf);
            gr_record_free(&rec);
            goto out;
        }
        void *st = calloc(1, gf.rs->state_size);
        col.nactions = rec.nactions;
        col.taken = 0;
        int vr = st ? gr_replay_visit(&gf, &rec, st, visit_pos, &col, &err) : gr_error_set(&err, "out of memory");
        free(st);
        gr_record_free(&rec);
        if (vr) {
            fprintf(stderr, "grognard bench agree: %s: %s\n", files[f], err.msg);
            gr_game_free(&gf);
            goto out;
        }
        if (have_game) gr_game_free(&gf);
        else { g = gf; have_game = 1; }
    }
    if (!col.n) { fprintf(stderr, "grognard bench agree: no decision with a choice in the records\n"); goto out; }
    /* every spec is tried before the oracle's minutes of work, so a typo is told at once */
    for (int s = -1; s < nspec; s++) {
        const char *spec = s < 0 ? oracle : specs[s];
        gr_player *pl = gr_player_create(spec, &g, seed0, &err);
        if (!pl) {
            fprintf(stderr, "grognard bench agree: %s%s\n", s < 0 ? "oracle: " : "", err.msg);
            goto out;
        }
        gr_player_free(pl);
    }
    /* the oracle: every position searched once, its alternatives kept */
    double t0 = gr_now_s();
    for (int i = 0; i < col.n; i++) {
        gr_analysis an;
        gr_action a;
        if (decide(&g, oracle, AGREE_SEED + (unsigned long long)i, &col.pos[i], &a, &an, &err)) {
            fprintf(stderr, "grognard bench agree: oracle %s: %s\n", oracle, err.msg);
            goto out;
        }
        col.pos[i].nalt = an.n;
        memcpy(col.pos[i].alt, an.alt, sizeof(gr_choice_stat) * (size_t)an.n);
        if (!as_json) fprintf(stderr, "\roracle %s: %d/%d positions, %.0f s", oracle, i + 1, col.n, gr_now_s() - t0);
    }
    if (!as_json) fprintf(stderr, "\n");
    agree_score sc[AGREE_MAX_PLAYERS];
    memset(sc, 0, sizeof sc);
    /* each player's mean regret at each position (-1: none vouched), for the
     * comparison with the first player position by position */
    double *preg = malloc(sizeof(double) * (size_t)nspec * (size_t)col.n);
    if (!preg) { fprintf(stderr, "out of memory\n"); goto out; }
    for (int s = 0; s < nspec; s++) {
        for (int i = 0; i < col.n; i++) {
            const agree_pos *p = &col.pos[i];
            double here = 0;
            long here_n = 0;
            for (long r = 0; r < repeats; r++) {
                gr_action a;
                double a0 = gr_now_s();
                if (decide(&g, specs[s], seed0 + (unsigned long long)i + (unsigned long long)r * AGREE_SEED_STRIDE, p, &a,
                           NULL, &err)) {
                    fprintf(stderr, "grognard bench agree: %s: %s\n", specs[s], err.msg);
                    free(preg);
                    goto out;
                }
                sc[s].ms += (gr_now_s() - a0) * 1000.0;
                sc[s].picks++;
                if (gr_action_equal(&a, &p->alt[0].a)) sc[s].agree++;
                double v = oracle_value(p, &a);
                if (v < 0) sc[s].unvouched++;
                else {
                    sc[s].regret_sum += p->alt[0].value - v;
                    sc[s].regret_sq += (p->alt[0].value - v) * (p->alt[0].value - v);
                    here += p->alt[0].value - v;
                    here_n++;
                }
            }
            preg[(size_t)s * (size_t)col.n + (size_t)i] = here_n ? here / (double)here_n : -1;
            if (!as_json) fprintf(stderr, "\r%s: %d/%d positions", specs[s], i + 1, col.n);
        }
        if (!as_json) fprintf(stderr, "\n");
    }
    json_t *j = json_object();
    json_object_set_new(j, "oracle", json_string(oracle));
    json_object_set_new(j, "positions", json_integer(col.n));
    json_object_set_new(j, "repeats", json_integer(repeats));
    json_t *arr = json_array();
    if (!as_json)
        printf("%d positions from %d record files, oracle %s, %ld searches a position\n"
               "%-40s %8s %16s %20s %20s %10s %9s\n", col.n, nfiles, oracle, repeats, "player", "agrees",
               "95% interval", "regret x1000 (s.e.)", "less first (s.e.)", "unvouched", "ms/pick");
    for (int s = 0; s < nspec; s++) {
        double lo = 0, hi = 0;
        gr_stats_wilson_ci(sc[s].agree, sc[s].picks, 0.95, &lo, &hi);
        long vouched = sc[s].picks - sc[s].unvouched;
        double regret = vouched ? sc[s].regret_sum / (double)vouched : 0;
        /* the standard error of the mean regret over the vouched picks */
        double var = vouched > 1 ? (sc[s].regret_sq - (double)vouched * regret * regret) / (double)(vouched - 1) : 0;
        double regret_se = vouched > 1 && var > 0 ? sqrt(var / (double)vouched) : 0;
        /* regret less the first player's, paired by position */
        double dsum = 0, dsq = 0;
        long dn = 0;
        for (int i = 0; i < col.n; i++) {
            double a = preg[(size_t)s * (size_t)col.n + (size_t)i], b = preg[i];
            if (a < 0 || b < 0) continue;
            dsum += a - b;
            dsq += (a - b) * (a - b);
            dn++;
        }
        double dmean = dn ? dsum / (double)dn : 0;
        double dvar = dn > 1 ? (dsq - (double)dn * dmean * dmean) / (double)(dn - 1) : 0;
        double dse = dn > 1 && dvar > 0 ? sqrt(dvar / (double)dn) : 0;
        json_t *o = json_object();
        json_object_set_new(o, "player", json_string(specs[s]));
        json_object_set_new(o, "picks", json_integer(sc[s].picks));
        json_object_set_new(o, "agree", json_integer(sc[s].agree));
        json_object_set_new(o, "agree_lo", json_real(lo));
        json_object_set_new(o, "agree_hi", json_real(hi));
        json_object_set_new(o, "regret", json_real(regret));
        json_object_set_new(o, "regret_se", json_real(regret_se));
        json_object_set_new(o, "regret_less_first", json_real(dmean));
        json_object_set_new(o, "regret_less_first_se", json_real(dse));
        json_object_set_new(o, "unvouched", json_integer(sc[s].unvouched));
        json_object_set_new(o, "ms_per_pick", json_real(sc[s].picks ? sc[s].ms / (double)sc[s].picks : 0));
        json_array_append_new(arr, o);
        if (!as_json)
            printf("%-40s %7.1f%% [%5.1f%%, %5.1f%%] %12.2f (%5.2f) %12.2f (%5.2f) %10ld %9.1f\n", specs[s],
                   100.0 * (double)sc[s].agree / (double)sc[s].picks, 100 * lo, 100 * hi, 1000 * regret, 1000 * regret_se,
                   1000 * dmean, 1000 * dse,
                   sc[s].unvouched, sc[s].picks ? sc[s].ms / (double)sc[s].picks : 0);
    }
    free(preg);
    json_object_set_new(j, "players", arr);
    if (as_json) {
        char *txt = json_dumps(j, JSON_INDENT(2) | JSON_REAL_PRECISION(6));
        if (txt) puts(txt);
        free(txt);
    }
    json_decref(j);
    rc = 0;
out:
    for (int i = 0; i < col.n; i++) free(col.pos[i].state);
    free(col.pos);
    gr_tune_files_free(&list);
    if (have_game) gr_game_free(&g);
    return rc;
}
