/* cmd_bench.c - `grognard bench [SCENARIO] [--runs R] [--games G] [--iters N]
 * [--positions P] [--play D] [--play-iters N] [--json]`: how fast the engine
 * and the search are on one scenario. Each figure is measured R times and
 * given as the median with the spread (lowest, highest), beside the
 * scenario, the build and the machine: state size and clone time,
 * legal-order generation per decision, complete random-legal games per
 * second, MCTS iterations per second with 1 and 2 threads on positions taken
 * from a random game (N iterations each, a fresh tree), the same in play
 * (the opening's first D decisions searched by MCTS on both sides, N
 * iterations a decision, trees kept within a turn), and bytes per tree node.
 * `grognard bench agree ...` measures how well a search spends its budget
 * instead (bench_agree.c). */
#include "commands.h"
#include "args.h"
#include "../engine/core/clock.h"
#include "session.h"
#include "../ai/detcache.h"
#include "../ai/poscache.h"
#include "../ai/tree.h"
#include "../bench/arena/stats.h"
#include "../engine/core/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define BENCH_MAX_RUNS 50
#define BENCH_MAX_POSITIONS 64
#define BENCH_CLONES 200000
#define BENCH_GAME_CAP 200000
/* the search in play: decisions of the opening, iterations a decision (about
 * what 1 s a side-turn gives) */
#define BENCH_PLAY_DECISIONS 60
#define BENCH_PLAY_ITERS 300

typedef struct bench_metric {
    const char *key, *label, *unit;
    double v[BENCH_MAX_RUNS];
    int n;
} bench_metric;

static void cpu_model(char *buf, size_t cap)
{
    snprintf(buf, cap, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10)) {
            char *c = strchr(line, ':');
            if (c) {
                c++;
                while (*c == ' ') c++;
                c[strcspn(c, "\n")] = '\0';
                snprintf(buf, cap, "%s", c);
            }
            break;
        }
    fclose(f);
}

/* plays random games; returns games/s and fills the legal-actions time per call */
static double random_games(const gr_game *g, void *st, int games, unsigned long long seed, double *legal_us,
                           void **positions, int *npos, int maxpos)
{
    const gr_ruleset *rs = g->rs;
    gr_action acts[GR_MAX_ACTIONS];
    double t_legal = 0, t_games = 0;
    long n_legal = 0;
    for (int k = 0; k < games; k++) {
        gr_dice dice;
        gr_dice_init_rng(&dice, seed + (unsigned long long)k, 1);
        gr_rng pick;
        gr_rng_seed(&pick, seed + (unsigned long long)k, 2);
        rs->init(g->scn, st);
        long dec = 0;
        double t0 = gr_now_s();
        while (rs->to_move(g->scn, st) != GR_TERMINAL && dec < BENCH_GAME_CAP) {
            if (dec % 10 == 0) {
                double a = gr_now_s();
                int n = rs->legal_actions(g->scn, st, acts, GR_MAX_ACTIONS);
                double b = gr_now_s();
                t_legal += b - a;
                t0 += b - a; /* not part of the game's time */
                n_legal++;
                if (positions && *npos < maxpos && n >= 3 && dec % 40 == 0) {
                    positions[*npos] = malloc(rs->state_size);
                    if (positions[*npos]) memcpy(positions[(*npos)++], st, rs->state_size);
                }
            }
            gr_action a;
            if (gr_random_legal(g, st, &pick, &a) || rs->apply(g->scn, st, &a, &dice, NULL, NULL)) break;
            dec++;
        }
        t_games += gr_now_s() - t0;
    }
    *legal_us = n_legal ? t_legal / (double)n_legal * 1e6 : 0;
    return t_games > 0 ? games / t_games : 0;
}

static double mcts_rate(const gr_game *g, void **positions, int npos, long iters, int threads, long *nodes_out,
                        long *cached_out)
{
    char spec[96];
    snprintf(spec, sizeof spec, "mcts:iters=%ld,threads=%d,reuse=0", iters, threads);
    gr_error err;
    gr_error_clear(&err);
    gr_player *p = gr_player_create(spec, g, 7, &err);
    if (!p) {
        fprintf(stderr, "grognard bench: %s\n", err.msg);
        return 0;
    }
    long it = 0, nodes = 0, cached = 0;
    double secs = 0;
    for (int i = 0; i < npos; i++) {
        gr_action a;
        double t0 = gr_now_s();
        if (p->choose(p, g, positions[i], &a, &err)) continue;
        secs += gr_now_s() - t0;
        gr_analysis an;
        if (p->analysis && !p->analysis(p, &an)) {
            it += an.iterations;
            nodes += an.nodes;
            cached += an.cached;
        }
    }
    gr_player_free(p);
    *nodes_out = nodes;
    *cached_out = cached;
    return secs > 0 ? (double)it / secs : 0;
}

/* The search as it is used: the scenario's opening played by MCTS on both
 * sides, `iters` iterations a decision, the tree kept between decisions of a
 * turn, for `decisions` decisions; iterations per second of search. */
static double play_rate(const gr_game *g, long decisions, long iters)
{
    char spec[96];
    snprintf(spec, sizeof spec, "mcts:iters=%ld", iters);
    gr_error err;
    gr_error_clear(&err);
    gr_player *p[2] = {gr_player_create(spec, g, 11, &err), gr_player_create(spec, g, 12, &err)};
    void *st = malloc(g->rs->state_size);
    if (!p[0] || !p[1] || !st) {
        fprintf(stderr, "grognard bench: %s\n", err.msg[0] ? err.msg : "out of memory");
        gr_player_free(p[0]);
        gr_player_free(p[1]);
        free(st);
        return 0;
    }
    g->rs->init(g->scn, st);
    gr_dice dice;
    gr_dice_init_rng(&dice, 13, 1);
    long it = 0;
    double secs = 0;
    for (long d = 0; d < decisions; d++) {
        int side = g->rs->to_move(g->scn, st);
        if (side == GR_TERMINAL) break;
        gr_action a;
        double t0 = gr_now_s();
        if (p[side]->choose(p[side], g, st, &a, &err)) break;
        secs += gr_now_s() - t0;
        gr_analysis an;
        if (p[side]->analysis && !p[side]->analysis(p[side], &an)) it += an.iterations;
        gr_player_observe(p[0], g, st, &a);
        gr_player_observe(p[1], g, st, &a);
        if (g->rs->apply(g->scn, st, &a, &dice, NULL, &err)) break;
    }
    gr_player_free(p[0]);
    gr_player_free(p[1]);
    free(st);
    return secs > 0 ? (double)it / secs : 0;
}

int gr_cmd_bench(int argc, char **argv)
{
    const char *file = NULL;
    long runs = 3, games = 3, iters = 200, npos_want = 8, play = BENCH_PLAY_DECISIONS, play_iters = BENCH_PLAY_ITERS;
    int as_json = 0;
    if (argc > 0 && !strcmp(argv[0], "agree")) return gr_cmd_bench_agree(argc - 1, argv + 1);
    for (int i = 0; i < argc; i++) {
        long *dst = NULL, hi = 0;
        if (!strcmp(argv[i], "--runs")) { dst = &runs; hi = BENCH_MAX_RUNS; }
        else if (!strcmp(argv[i], "--games")) { dst = &games; hi = 100000; }
        else if (!strcmp(argv[i], "--iters")) { dst = &iters; hi = 10000000; }
        else if (!strcmp(argv[i], "--positions")) { dst = &npos_want; hi = BENCH_MAX_POSITIONS; }
        else if (!strcmp(argv[i], "--play")) { dst = &play; hi = 100000; }
        else if (!strcmp(argv[i], "--play-iters")) { dst = &play_iters; hi = 10000000; }
        if (dst) {
            if (i + 1 >= argc || gr_arg_long(argv[i + 1], 1, hi, dst)) {
                fprintf(stderr, "grognard bench: %s takes a whole number from 1 to %ld\n", argv[i], hi);
                return 2;
            }
            i++;
        } else if (!strcmp(argv[i], "--json")) as_json = 1;
        else if (argv[i][0] != '-' && !file) file = argv[i];
        else {
            fprintf(stderr, "grognard bench: unexpected argument '%s'\nusage: grognard bench [SCENARIO] [--runs R] "
                            "[--games G] [--iters N] [--positions P] [--play D] [--play-iters N] [--json]\n", argv[i]);
            return 2;
        }
    }
    gr_error err;
    gr_error_clear(&err);
    char def[1024];
    if (!file) {
        if (gr_find_default_scenario(def, sizeof def, &err)) { fprintf(stderr, "grognard bench: %s\n", err.msg); return 1; }
        file = def;
    }
    gr_game g;
    if (gr_game_load(&g, file, &err)) { fprintf(stderr, "%s\n", err.msg); return 1; }
    const gr_ruleset *rs = g.rs;
    size_t ss = rs->state_size;
    unsigned char *bufs = malloc(ss * 8);
    void *st = malloc(ss);
    void *positions[BENCH_MAX_POSITIONS];
    int npos = 0;
    if (!bufs || !st) { fprintf(stderr, "out of memory\n"); free(bufs); free(st); gr_game_free(&g); return 1; }
    bench_metric m[] = {
        {"clone_ns", "state clone", "ns", {0}, 0},
        {"legal_us", "legal orders per decision", "us", {0}, 0},
        {"games_per_s", "random-legal games", "games/s", {0}, 0},
        {"mcts1_iters_per_s", "MCTS iterations, 1 thread", "iter/s", {0}, 0},
        {"mcts2_iters_per_s", "MCTS iterations, 2 threads", "iter/s", {0}, 0},
        {"play_iters_per_s", "MCTS iterations in play, 1 thread", "iter/s", {0}, 0},
        {"nodes_per_iter", "tree nodes per iteration", "nodes", {0}, 0},
        {"cached_per_iter", "tree steps copied, not played", "per iter", {0}, 0},
    };
    const int nm = (int)(sizeof m / sizeof *m);
    rs->init(g.scn, st);
    /* positions for the search: decisions with choices from one random game */
    double dummy;
    random_games(&g, st, 1, 9999, &dummy, positions, &npos, (int)npos_want);
    if (!as_json) fprintf(stderr, "bench %s: %ld runs, %d positions for the search\n", file, runs, npos);
    for (long r = 0; r < runs; r++) {
        rs->init(g.scn, st);
        double t0 = gr_now_s();
        /* the copies are read back into a volatile sink, so the compiler
         * cannot drop them as unused */
        volatile unsigned char sink = 0;
        for (int i = 0; i < BENCH_CLONES; i++) {
            unsigned char *dst = bufs + (size_t)(i & 7) * ss;
            memcpy(dst, st, ss);
            sink ^= dst[(size_t)i % ss];
        }
        double t1 = gr_now_s();
        (void)sink;
        m[0].v[m[0].n++] = (t1 - t0) / BENCH_CLONES * 1e9;
        double legal_us;
        m[2].v[m[2].n++] = random_games(&g, st, (int)games, 1000 + (unsigned long long)r * 100, &legal_us, NULL, NULL, 0);
        m[1].v[m[1].n++] = legal_us;
        long nodes1 = 0, nodes2 = 0, cached1 = 0, cached2 = 0;
        m[3].v[m[3].n++] = mcts_rate(&g, positions, npos, iters, 1, &nodes1, &cached1);
        m[4].v[m[4].n++] = mcts_rate(&g, positions, npos, iters, 2, &nodes2, &cached2);
        m[5].v[m[5].n++] = play_rate(&g, play, play_iters);
        m[6].v[m[6].n++] = npos ? (double)nodes1 / ((double)iters * npos) : 0;
        m[7].v[m[7].n++] = npos ? (double)cached1 / ((double)iters * npos) : 0;
        if (!as_json) fprintf(stderr, "  run %ld/%ld done\n", r + 1, runs);
    }
    struct utsname un;
    uname(&un);
    char cpu[256];
    cpu_model(cpu, sizeof cpu);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef __OPTIMIZE__
    const char *opt = "optimised";
#else
    const char *opt = "not optimised";
#endif
    json_t *j = json_object();
    json_object_set_new(j, "scenario", json_string(file));
    json_object_set_new(j, "ruleset", json_string(rs->name));
    json_object_set_new(j, "state_bytes", json_integer((json_int_t)ss));
    json_object_set_new(j, "node_bytes", json_integer((json_int_t)sizeof(gr_node)));
    json_object_set_new(j, "cache_bytes_per_thread", json_integer((json_int_t)(ss * GR_DETCACHE_STATES)));
    json_object_set_new(j, "poscache_bytes_per_thread", json_integer((json_int_t)(2 * ss * GR_POSCACHE_ENTRIES)));
    json_object_set_new(j, "build", json_sprintf("gcc %s, %s", __VERSION__, opt));
    json_object_set_new(j, "machine", json_sprintf("%s %s %s, %s, %ld cores", un.sysname, un.release, un.machine, cpu, cores));
    json_object_set_new(j, "runs", json_integer(runs));
    json_object_set_new(j, "games_per_run", json_integer(games));
    json_object_set_new(j, "mcts_iters_per_position", json_integer(iters));
    json_object_set_new(j, "positions", json_integer(npos));
    json_object_set_new(j, "play_decisions", json_integer(play));
    json_object_set_new(j, "play_iters_per_decision", json_integer(play_iters));
    if (!as_json) {
        printf("scenario  %s (%s)\nbuild     gcc %s, %s\nmachine   %s %s %s, %s, %ld cores\n", file, rs->title, __VERSION__,
               opt, un.sysname, un.release, un.machine, cpu, cores);
        printf("state     %zu bytes; tree node %zu bytes; a thread keeps %d states on dice-free paths (%.1f MiB)\n"
               "          and %d dice-free transitions by position (%.1f MiB)\n", ss, sizeof(gr_node),
               GR_DETCACHE_STATES, (double)ss * GR_DETCACHE_STATES / (1024.0 * 1024.0), GR_POSCACHE_ENTRIES,
               2.0 * (double)ss * GR_POSCACHE_ENTRIES / (1024.0 * 1024.0));
        printf("%-34s %12s %12s %12s  %s\n", "measure", "median", "lowest", "highest", "unit");
    }
    for (int k = 0; k < nm; k++) {
        double lo = m[k].v[0], hi = m[k].v[0];
        for (int i = 1; i < m[k].n; i++) {
            if (m[k].v[i] < lo) lo = m[k].v[i];
            if (m[k].v[i] > hi) hi = m[k].v[i];
        }
        double med = gr_stats_median(m[k].v, m[k].n);
        json_t *o = json_object();
        json_object_set_new(o, "median", json_real(med));
        json_object_set_new(o, "lowest", json_real(lo));
        json_object_set_new(o, "highest", json_real(hi));
        json_object_set_new(o, "unit", json_string(m[k].unit));
        json_object_set_new(j, m[k].key, o);
        if (!as_json) printf("%-34s %12.2f %12.2f %12.2f  %s\n", m[k].label, med, lo, hi, m[k].unit);
    }
    if (as_json) {
        char *s = json_dumps(j, JSON_INDENT(2) | JSON_REAL_PRECISION(6));
        if (s) puts(s);
        free(s);
    }
    json_decref(j);
    for (int i = 0; i < npos; i++) free(positions[i]);
    free(bufs);
    free(st);
    gr_game_free(&g);
    return 0;
}
