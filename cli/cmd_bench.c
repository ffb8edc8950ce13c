/* cmd_bench.c - `grognard bench [SCENARIO] [--runs R] [--games G] [--iters N]
 * [--positions P] [--play D] [--play-iters N] [--think MS] [--json]`: how fast the engine
 * and the search are on one scenario. Each figure is measured R times and
 * given as the median with the spread (lowest, highest), beside the
 * scenario, the build and the machine: state size and clone time,
 * legal-order generation per decision, complete random-legal games per
 * second, MCTS iterations per second with 1 and 2 threads on positions taken
 * from a random game (N iterations each, a fresh tree), the same in play
 * (the opening's first D decisions searched by MCTS on both sides, N
 * iterations a decision, trees kept within a turn), bytes per tree node,
 * and iterations per second with 1 and 2 threads at a think time (MS
 * milliseconds a position, tables warm) with the gain of the second thread.
 * `grognard bench agree ...` measures how well a search spends its budget
 * instead (bench_agree.c). */
#include "commands.h"
#include "../engine/core/args.h"
#include "../engine/core/clock.h"
#include "session.h"
#include "../ai/detcache.h"
#include "../ai/evalcache.h"
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
/* the search at a think time: milliseconds a position (a 1 s side-turn
 * spreads over about ten decisions) */
#define BENCH_THINK_MS 100

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
        rs->rules->init(g->scn, st);
        long dec = 0;
        double t0 = gr_now_s();
        while (rs->rules->to_move(g->scn, st) != GR_TERMINAL && dec < BENCH_GAME_CAP) {
            if (dec % 10 == 0) {
                double a = gr_now_s();
                int n = rs->rules->legal_actions(g->scn, st, acts, GR_MAX_ACTIONS);
                double b = gr_now_s();
                t_legal += b - a;
                t0 += b - a; /* not part of the game's time */
                n_legal++;
                if (positions && *npos < maxpos && n >= 3 && dec % 40 == 0) {
                    positions[*npos] = malloc(rs->rules->state_size);
                    if (positions[*npos]) memcpy(positions[(*npos)++], st, rs->rules->state_size);
                }
            }
            gr_action a;
            if (gr_play_random_apply(g, st, &pick, &dice, &a, NULL)) break;
            dec++;
        }
        t_games += gr_now_s() - t0;
    }
    *legal_us = n_legal ? t_legal / (double)n_legal * 1e6 : 0;
    return t_games > 0 ? games / t_games : 0;
}

/* MCTS iterations a second over the positions, each searched from a fresh
 * tree: `iters` iterations a position, or with `think_ms` > 0 that many
 * milliseconds a position. With a think time the player first searches
 * `warm` (a position not measured) once, untimed, so the threads' tables are
 * in memory before the clock runs (a player in a game searches hundreds of
 * decisions with the same tables); and each thread grows a tree as big as
 * one thread alone would in that time, so one and two threads are compared
 * on like trees. */
static double mcts_rate(const gr_game *g, void **positions, int npos, long iters, long think_ms, const void *warm,
                        int threads, long *nodes_out, long *cached_out)
{
    char spec[96];
    if (think_ms > 0) snprintf(spec, sizeof spec, "mcts:dms=%ld,threads=%d,reuse=0", think_ms, threads);
    else snprintf(spec, sizeof spec, "mcts:iters=%ld,threads=%d,reuse=0", iters, threads);
    gr_error err;
    gr_error_clear(&err);
    gr_player *p = gr_player_create(spec, g, 7, &err);
    if (!p) {
        fprintf(stderr, "grognard bench: %s\n", err.msg);
        return 0;
    }
    long it = 0, nodes = 0, cached = 0;
    double secs = 0;
    if (think_ms > 0 && warm) {
        gr_action a;
        (void)p->choose(p, g, warm, &a, &err);
    }
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
    void *st = malloc(g->rs->rules->state_size);
    if (!p[0] || !p[1] || !st) {
        fprintf(stderr, "grognard bench: %s\n", err.msg[0] ? err.msg : "out of memory");
        gr_player_free(p[0]);
        gr_player_free(p[1]);
        free(st);
        return 0;
    }
    g->rs->rules->init(g->scn, st);
    gr_dice dice;
    gr_dice_init_rng(&dice, 13, 1);
    long it = 0;
    double secs = 0;
    for (long d = 0; d < decisions; d++) {
        int side = g->rs->rules->to_move(g->scn, st);
        if (side == GR_TERMINAL) break;
        gr_action a;
        double t0 = gr_now_s();
        if (p[side]->choose(p[side], g, st, &a, &err)) break;
        secs += gr_now_s() - t0;
        gr_analysis an;
        if (p[side]->analysis && !p[side]->analysis(p[side], &an)) it += an.iterations;
        gr_player_observe(p[0], g, st, &a);
        gr_player_observe(p[1], g, st, &a);
        if (g->rs->rules->apply(g->scn, st, &a, &dice, NULL, &err)) break;
    }
    gr_player_free(p[0]);
    gr_player_free(p[1]);
    free(st);
    return secs > 0 ? (double)it / secs : 0;
}

/* what the command line asks */
typedef struct bench_opts {
    const char *file;
    long runs, games, iters, npos_want, play, play_iters, think_ms;
    int as_json;
} bench_opts;

/* run r's figures, one value each into m (in the order of gr_cmd_bench's table) */
static void measure_run(const gr_game *g, void *st, unsigned char *bufs, void **positions, int npos,
                        const void *warm, const bench_opts *o, long r, bench_metric *m)
{
    const gr_ruleset *rs = g->rs;
    /* a position's copy, as the search makes it (gr_rs_state_span) */
    size_t ss = gr_rs_state_span(rs, g->scn);
    rs->rules->init(g->scn, st);
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
    m[2].v[m[2].n++] = random_games(g, st, (int)o->games, 1000 + (unsigned long long)r * 100, &legal_us, NULL, NULL, 0);
    m[1].v[m[1].n++] = legal_us;
    long nodes1 = 0, nodes2 = 0, cached1 = 0, cached2 = 0;
    m[3].v[m[3].n++] = mcts_rate(g, positions, npos, o->iters, 0, NULL, 1, &nodes1, &cached1);
    m[4].v[m[4].n++] = mcts_rate(g, positions, npos, o->iters, 0, NULL, 2, &nodes2, &cached2);
    m[5].v[m[5].n++] = play_rate(g, o->play, o->play_iters);
    m[6].v[m[6].n++] = npos ? (double)nodes1 / ((double)o->iters * npos) : 0;
    m[7].v[m[7].n++] = npos ? (double)cached1 / ((double)o->iters * npos) : 0;
    long n0, c0;
    double one = mcts_rate(g, positions, npos, 0, o->think_ms, warm, 1, &n0, &c0);
    double two = mcts_rate(g, positions, npos, 0, o->think_ms, warm, 2, &n0, &c0);
    m[8].v[m[8].n++] = one;
    m[9].v[m[9].n++] = two;
    m[10].v[m[10].n++] = one > 0 ? two / one : 0;
}

/* the scenario, the build, the machine, and each figure's median and
 * spread: a table, or with --json one object */
static void print_results(const gr_game *g, const bench_opts *o, int npos, bench_metric *m, int nm)
{
    const gr_ruleset *rs = g->rs;
    size_t ss = rs->rules->state_size, ps = gr_rs_state_span(rs, g->scn); /* a state, and a position of this scenario */
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
    json_object_set_new(j, "scenario", json_string(o->file));
    json_object_set_new(j, "ruleset", json_string(rs->name));
    json_object_set_new(j, "state_bytes", json_integer((json_int_t)ss));
    json_object_set_new(j, "position_bytes", json_integer((json_int_t)ps));
    json_object_set_new(j, "node_bytes", json_integer((json_int_t)sizeof(gr_node)));
    json_object_set_new(j, "cache_bytes_per_thread", json_integer((json_int_t)(ps * GR_DETCACHE_STATES)));
    json_object_set_new(j, "poscache_bytes_per_thread", json_integer((json_int_t)(2 * ps * GR_POSCACHE_ENTRIES)));
    json_object_set_new(j, "evalcache_bytes_per_thread", json_integer((json_int_t)(ps * GR_EVALCACHE_ENTRIES)));
    json_object_set_new(j, "build", json_sprintf("gcc %s, %s", __VERSION__, opt));
    json_object_set_new(j, "machine", json_sprintf("%s %s %s, %s, %ld cores", un.sysname, un.release, un.machine, cpu, cores));
    json_object_set_new(j, "runs", json_integer(o->runs));
    json_object_set_new(j, "games_per_run", json_integer(o->games));
    json_object_set_new(j, "mcts_iters_per_position", json_integer(o->iters));
    json_object_set_new(j, "positions", json_integer(npos));
    json_object_set_new(j, "play_decisions", json_integer(o->play));
    json_object_set_new(j, "play_iters_per_decision", json_integer(o->play_iters));
    json_object_set_new(j, "think_ms_per_position", json_integer(o->think_ms));
    if (!o->as_json) {
        printf("scenario  %s (%s)\nbuild     gcc %s, %s\nmachine   %s %s %s, %s, %ld cores\n", o->file, rs->title,
               __VERSION__, opt, un.sysname, un.release, un.machine, cpu, cores);
        printf("state     %zu bytes, a position of this scenario %zu; tree node %zu bytes\n"
               "          a thread keeps %d positions on dice-free paths (%.1f MiB), %d dice-free transitions\n"
               "          by position (%.1f MiB) and %d evaluations by position (%.1f MiB)\n",
               ss, ps, sizeof(gr_node), GR_DETCACHE_STATES, (double)ps * GR_DETCACHE_STATES / (1024.0 * 1024.0),
               GR_POSCACHE_ENTRIES, 2.0 * (double)ps * GR_POSCACHE_ENTRIES / (1024.0 * 1024.0), GR_EVALCACHE_ENTRIES,
               (double)ps * GR_EVALCACHE_ENTRIES / (1024.0 * 1024.0));
        printf("%-38s %12s %12s %12s  %s\n", "measure", "median", "lowest", "highest", "unit");
    }
    for (int k = 0; k < nm; k++) {
        double lo = m[k].v[0], hi = m[k].v[0];
        for (int i = 1; i < m[k].n; i++) {
            if (m[k].v[i] < lo) lo = m[k].v[i];
            if (m[k].v[i] > hi) hi = m[k].v[i];
        }
        double med = gr_stats_median(m[k].v, m[k].n);
        json_t *x = json_object();
        json_object_set_new(x, "median", json_real(med));
        json_object_set_new(x, "lowest", json_real(lo));
        json_object_set_new(x, "highest", json_real(hi));
        json_object_set_new(x, "unit", json_string(m[k].unit));
        json_object_set_new(j, m[k].key, x);
        if (!o->as_json) printf("%-38s %12.2f %12.2f %12.2f  %s\n", m[k].label, med, lo, hi, m[k].unit);
    }
    if (o->as_json) {
        char *s = json_dumps(j, JSON_INDENT(2) | JSON_REAL_PRECISION(6));
        if (s) puts(s);
        free(s);
    }
    json_decref(j);
}

int gr_cmd_bench(int argc, char **argv)
{
    if (argc > 0 && !strcmp(argv[0], "agree")) return gr_cmd_bench_agree(argc - 1, argv + 1);
    bench_opts o = {NULL, 3, 3, 200, 8, BENCH_PLAY_DECISIONS, BENCH_PLAY_ITERS, BENCH_THINK_MS, 0};
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_LONG("--runs", &o.runs, 1, BENCH_MAX_RUNS, "R", "measure each figure R times (default 3)"),
        GR_ARGS_OPT_LONG("--games", &o.games, 1, 100000, "G", "random-legal games a run (default 3)"),
        GR_ARGS_OPT_LONG("--iters", &o.iters, 1, 10000000, "N", "MCTS iterations a position (default 200)"),
        GR_ARGS_OPT_LONG("--positions", &o.npos_want, 1, BENCH_MAX_POSITIONS, "P", "positions for the search (default 8)"),
        GR_ARGS_OPT_LONG("--play", &o.play, 1, 100000, "D", "decisions of the opening searched in play (default 60)"),
        GR_ARGS_OPT_LONG("--play-iters", &o.play_iters, 1, 10000000, "N", "iterations a decision in play (default 300)"),
        GR_ARGS_OPT_LONG("--think", &o.think_ms, 1, 600000, "MS", "think time a position, warm tables (default 100)"),
        GR_ARGS_OPT_FLAG("--json", &o.as_json, "one JSON object instead of a table"),
    };
    const gr_args_spec spec = {
        .verb = "grognard bench",
        .usage = "usage: grognard bench [SCENARIO] [--runs R] [--games G] [--iters N] [--positions P] [--play D] "
                 "[--play-iters N] [--think MS] [--json]\n"
                 "       grognard bench agree RECORD... --players SPECS [--oracle SPEC] ...   (grognard bench agree --help)\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .pos_name = "SCENARIO",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    o.file = files.n ? files.v[0] : NULL;
    gr_error err;
    gr_error_clear(&err);
    char def[1024];
    if (!o.file) {
        if (gr_find_default_scenario(def, sizeof def, &err)) { fprintf(stderr, "grognard bench: %s\n", err.msg); return 1; }
        o.file = def;
    }
    gr_game g;
    if (gr_game_load(&g, o.file, &err)) { fprintf(stderr, "%s\n", err.msg); return 1; }
    size_t ss = g.rs->rules->state_size;
    unsigned char *bufs = malloc(ss * 8);
    void *st = malloc(ss);
    void *positions[BENCH_MAX_POSITIONS];
    int npos = 0;
    if (!bufs || !st) { fprintf(stderr, "out of memory\n"); free(bufs); free(st); gr_game_free(&g); return 1; }
    /* the search's rows say their budget a position */
    char it1[48], it2[48], ms1[48], ms2[48], pl[48];
    snprintf(it1, sizeof it1, "MCTS, %ld iter. a position, 1 thread", o.iters);
    snprintf(it2, sizeof it2, "MCTS, %ld iter. a position, 2 threads", o.iters);
    snprintf(pl, sizeof pl, "MCTS in play, %ld iter. a decision", o.play_iters);
    snprintf(ms1, sizeof ms1, "MCTS, %ld ms a position, 1 thread", o.think_ms);
    snprintf(ms2, sizeof ms2, "MCTS, %ld ms a position, 2 threads", o.think_ms);
    bench_metric m[] = {
        {"clone_ns", "position clone", "ns", {0}, 0},
        {"legal_us", "legal orders per decision", "us", {0}, 0},
        {"games_per_s", "random-legal games", "games/s", {0}, 0},
        {"mcts1_iters_per_s", it1, "iter/s", {0}, 0},
        {"mcts2_iters_per_s", it2, "iter/s", {0}, 0},
        {"play_iters_per_s", pl, "iter/s", {0}, 0},
        {"nodes_per_iter", "tree nodes per iteration", "nodes", {0}, 0},
        {"cached_per_iter", "tree steps copied, not played", "per iter", {0}, 0},
        {"think1_iters_per_s", ms1, "iter/s", {0}, 0},
        {"think2_iters_per_s", ms2, "iter/s", {0}, 0},
        {"think_threads_gain", "  2 threads / 1 thread", "x", {0}, 0},
    };
    g.rs->rules->init(g.scn, st);
    /* positions for the search: decisions with choices from one random game */
    double dummy;
    random_games(&g, st, 1, 9999, &dummy, positions, &npos, (int)o.npos_want);
    /* the think-time searches warm their tables on the last such position
     * of another game, so that no answer for a measured one is kept */
    void *warm[BENCH_MAX_POSITIONS];
    int nwarm = 0;
    random_games(&g, st, 1, 4242, &dummy, warm, &nwarm, BENCH_MAX_POSITIONS);
    if (!o.as_json) fprintf(stderr, "bench %s: %ld runs, %d positions for the search\n", o.file, o.runs, npos);
    for (long r = 0; r < o.runs; r++) {
        measure_run(&g, st, bufs, positions, npos, nwarm ? warm[nwarm - 1] : NULL, &o, r, m);
        if (!o.as_json) fprintf(stderr, "  run %ld/%ld done\n", r + 1, o.runs);
    }
    print_results(&g, &o, npos, m, (int)(sizeof m / sizeof *m));
    for (int i = 0; i < npos; i++) free(positions[i]);
    for (int i = 0; i < nwarm; i++) free(warm[i]);
    free(bufs);
    free(st);
    gr_game_free(&g);
    return 0;
}
