/* cmd_arena.c - `grognard arena`: tournaments between players.
 *
 *   grognard arena [SCENARIO] --players A,B[,C...] --games N [--seed S] [--out FILE]
 *                  [--records DIR] [--shard I/N] [--sprt ELO0,ELO1[,ALPHA,BETA]] [--check] [--quiet]
 *   grognard arena merge FILE... [--out FILE]
 *   grognard arena compare FILE... --against FILE... [--opponent SPEC]   (arena_compare.c)
 *
 * Every pair of players meets N times (seats swapped on paired seeds; see
 * bench/arena/tournament.h). Each finished game is appended to --out as one
 * JSON line; games already in the file are skipped, so an interrupted run
 * resumes where it stopped; several processes given the same --out share
 * the games, each claiming a game before playing it (bench/arena/claim.h).
 * With --records every game's record (the
 * actions and the dice thrown) is kept as DIR/TOURNAMENT-INDEX.json, so a
 * game played on a time budget, which no seed can play again, can still be
 * read with `grognard replay`. The summary gives each pairing's score with a
 * 95% confidence interval and the Elo difference with its interval, and a
 * cross table when more than two players meet. */
#include "commands.h"
#include "../engine/core/clock.h"
#include "session.h"
#include "../engine/core/args.h"
#include "../ai/spec.h"
#include "../bench/arena/claim.h"
#include "../bench/arena/results.h"
#include "../bench/arena/stats.h"
#include "../bench/arena/tournament.h"

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ARENA_CONF 0.95
#define ARENA_BAR 30
/* the SPRT's normal approximation overstates the evidence of a handful of
 * games (their spread is barely known), so it may stop a match only after
 * this many */
#define ARENA_SPRT_MIN_GAMES 20

/* games between players a and b in s, from a's side */
static gr_stats_wdl wdl_of(const gr_arena_set *s, const char *a, const char *b)
{
    gr_stats_wdl r = {0, 0, 0};
    for (size_t i = 0; i < s->n; i++) {
        const gr_arena_game *x = &s->g[i];
        int sa = !strcmp(x->players[0], a) && !strcmp(x->players[1], b) ? 0
                 : !strcmp(x->players[1], a) && !strcmp(x->players[0], b) ? 1 : -1;
        if (sa < 0) continue;
        gr_stats_wdl_add(&r, x->score[sa]);
    }
    return r;
}

static int player_index(char names[][GR_ARENA_SPEC_MAX], int *n, const char *p)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(names[i], p)) return i;
    if (*n >= GR_ARENA_MAX_PLAYERS * 2) return -1;
    snprintf(names[*n], GR_ARENA_SPEC_MAX, "%s", p);
    return (*n)++;
}

/* prints the pairings' scores, and a cross table when more than two meet */
static void print_summary(const gr_arena_set *s, FILE *out)
{
    char names[GR_ARENA_MAX_PLAYERS * 2][GR_ARENA_SPEC_MAX];
    int n = 0;
    for (size_t i = 0; i < s->n; i++)
        for (int k = 0; k < 2; k++) player_index(names, &n, s->g[i].players[k]);
    fprintf(out, "%-28s %-28s %6s %5s %5s %5s  %-17s  %s\n", "player", "against", "games", "win", "draw", "loss",
            "score (95% CI)", "Elo (95% CI)");
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            gr_stats_wdl r = wdl_of(s, names[a], names[b]);
            long games = r.w + r.d + r.l;
            if (!games) continue;
            double lo, hi, elo, elo_lo, elo_hi;
            gr_stats_score_ci(r, ARENA_CONF, &lo, &hi);
            gr_stats_elo_ci(r, ARENA_CONF, &elo, &elo_lo, &elo_hi);
            fprintf(out, "%-28s %-28s %6ld %5ld %5ld %5ld  %5.1f%% [%4.1f, %5.1f]  %+.0f [%+.0f, %+.0f]\n", names[a],
                    names[b], games, r.w, r.d, r.l, 100 * gr_stats_score(r), 100 * lo, 100 * hi, elo, elo_lo, elo_hi);
        }
    /* mirror games (a player against itself) tell how even the scenario is */
    gr_stats_wdl mirror = {0, 0, 0};
    const char *side0 = "";
    for (size_t i = 0; i < s->n; i++) {
        const gr_arena_game *x = &s->g[i];
        if (strcmp(x->players[0], x->players[1])) continue;
        gr_stats_wdl_add(&mirror, x->score[0]);
        if (!side0[0]) side0 = x->sides[0];
    }
    if (mirror.w + mirror.d + mirror.l) {
        double lo, hi;
        gr_stats_score_ci(mirror, ARENA_CONF, &lo, &hi);
        /* the side by the scenario's name where the results line has it */
        char who[GR_ARENA_SIDE_MAX + 16];
        if (side0[0]) snprintf(who, sizeof who, "%s (side 0)", side0);
        else snprintf(who, sizeof who, "side 0");
        fprintf(out, "mirror games: %ld; %s won %ld, drew %ld, lost %ld: %.1f%% [%.1f, %.1f] for %s\n",
                mirror.w + mirror.d + mirror.l, who, mirror.w, mirror.d, mirror.l, 100 * gr_stats_score(mirror),
                100 * lo, 100 * hi, who);
    }
    if (n > 2) {
        fprintf(out, "\ncross table (row's score against column, %%):\n%-28s", "");
        for (int b = 0; b < n; b++) fprintf(out, " %7d", b + 1);
        fprintf(out, "   total\n");
        for (int a = 0; a < n; a++) {
            fprintf(out, "%2d %-25.25s", a + 1, names[a]);
            gr_stats_wdl tot = {0, 0, 0};
            for (int b = 0; b < n; b++) {
                gr_stats_wdl r = wdl_of(s, names[a], names[b]);
                if (a == b || r.w + r.d + r.l == 0) {
                    fprintf(out, " %7s", a == b ? "-" : "");
                    continue;
                }
                tot.w += r.w;
                tot.d += r.d;
                tot.l += r.l;
                fprintf(out, " %6.1f%%", 100 * gr_stats_score(r));
            }
            if (tot.w + tot.d + tot.l) fprintf(out, "  %5.1f%%\n", 100 * gr_stats_score(tot));
            else fprintf(out, "\n");
        }
    }
}

static void progress(FILE *out, int tty, long done, long total, double t0, const char *line)
{
    double el = gr_now_s() - t0;
    double eta = done ? el / (double)done * (double)(total - done) : 0;
    if (tty) {
        int filled = total ? (int)(ARENA_BAR * done / total) : ARENA_BAR;
        char bar[ARENA_BAR + 1];
        for (int i = 0; i < ARENA_BAR; i++) bar[i] = i < filled ? '#' : '.';
        bar[ARENA_BAR] = '\0';
        fprintf(out, "\r[%s] %ld/%ld  %.0fs, about %.0fs left  %-50.50s", bar, done, total, el, eta, line);
        if (done == total) fputc('\n', out);
    } else {
        fprintf(out, "game %ld/%ld (%.0fs, about %.0fs left): %s\n", done, total, el, eta, line);
    }
    fflush(out);
}

/* where game `index` of tournament t keeps its record */
static void record_path(char *buf, size_t cap, const char *dir, const gr_tournament *t, long index)
{
    snprintf(buf, cap, "%s/%s-%ld.json", dir, t->id, index);
}

/* the names the scenario gives its sides, for the results line: left
 * empty when it names neither (the fallback "side 0" names nothing); a
 * name longer than the field is cut on a character boundary */
static void side_names(const gr_game *g, gr_arena_game *res)
{
    const char *names[2];
    gr_game_side_names(g, names);
    if (!strcmp(names[0], "side 0") && !strcmp(names[1], "side 1")) return;
    for (int k = 0; k < 2; k++) {
        size_t len = strlen(names[k]);
        if (len >= GR_ARENA_SIDE_MAX) {
            len = GR_ARENA_SIDE_MAX - 1;
            while (len > 0 && ((unsigned char)names[k][len] & 0xC0) == 0x80) len--;
        }
        memcpy(res->sides[k], names[k], len);
        res->sides[k][len] = '\0';
    }
}

/* a player's chooser that also keeps how it thought: the wall time of its
 * choices, and the decisions it searched with their iterations (from the
 * player's analysis of each choice) */
typedef struct thought {
    gr_chooser inner;
    gr_player *p;
    double seconds;
    long searched;
    long long iterations;
} thought;

static int thought_choose(void *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    thought *t = self;
    double t0 = gr_now_s();
    int rc = t->inner.choose(t->inner.self, g, state, out, err);
    t->seconds += gr_now_s() - t0;
    gr_analysis an;
    if (rc == 0 && t->p->analysis && t->p->analysis(t->p, &an) == 0 && an.iterations > 0) {
        t->searched++;
        t->iterations += an.iterations;
    }
    return rc;
}

static void thought_observe(void *self, const gr_game *g, const void *before, const gr_action *a)
{
    thought *t = self;
    if (t->inner.observe) t->inner.observe(t->inner.self, g, before, a);
}

static gr_chooser thought_chooser(thought *t, gr_player *p)
{
    *t = (thought){.inner = gr_player_chooser(p), .p = p};
    return (gr_chooser){.self = t, .name = t->inner.name, .choose = thought_choose, .observe = thought_observe};
}

/* plays one game of the tournament (its record into records_dir when
 * given); 0, or -1 with the reason */
static int play_one(const gr_game *g, const gr_tournament *t, const gr_tournament_game *tg, int check,
                    const char *records_dir, gr_arena_game *res, gr_error *err)
{
    memset(res, 0, sizeof *res);
    gr_player *p[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
        p[k] = gr_player_create(t->players[tg->seat[k]], g, tg->seed * 4 + (unsigned long long)k + 1, err);
        if (!p[k]) {
            gr_player_free(p[0]);
            return -1;
        }
    }
    void *st = calloc(1, g->rs->rules->state_size);
    if (!st) {
        gr_player_free(p[0]);
        gr_player_free(p[1]);
        return gr_error_set(err, "out of memory");
    }
    g->rs->rules->init(g->scn, st);
    gr_play_opts o = {.seed = tg->seed, .check_invariants = check};
    gr_record rec;
    if (records_dir) gr_record_init(&rec, g, tg->seed);
    double t0 = gr_now_s();
    thought th[2];
    const gr_chooser c[2] = {thought_chooser(&th[0], p[0]), thought_chooser(&th[1], p[1])};
    int n = gr_play(g, st, c, records_dir ? &rec : NULL, NULL, &o, err);
    gr_player_free(p[0]);
    gr_player_free(p[1]);
    if (n >= 0 && records_dir) {
        char path[1024];
        record_path(path, sizeof path, records_dir, t, tg->index);
        if (gr_record_save(&rec, path, err)) n = -1;
    }
    if (records_dir) gr_record_free(&rec);
    if (n < 0) {
        free(st);
        return -1;
    }
    gr_result r;
    g->rs->rules->result(g->scn, st, &r);
    snprintf(res->tournament, sizeof res->tournament, "%s", t->id);
    snprintf(res->scenario, sizeof res->scenario, "%s", t->scenario);
    res->index = tg->index;
    res->pair = tg->pair;
    res->seed = tg->seed;
    for (int k = 0; k < 2; k++) {
        snprintf(res->players[k], GR_ARENA_SPEC_MAX, "%s", t->players[tg->seat[k]]);
        res->score[k] = r.score[k];
    }
    side_names(g, res);
    res->winner = r.winner;
    res->margin = r.margin;
    res->decisions = n;
    res->moves = g->rs->rules->turn ? g->rs->rules->turn(g->scn, st) : 0;
    snprintf(res->reason, sizeof res->reason, "%s", r.reason);
    size_t head = strcspn(r.reason, ":");
    if (head >= sizeof res->end) head = sizeof res->end - 1;
    memcpy(res->end, r.reason, head);
    res->end[head] = '\0';
    res->seconds = gr_now_s() - t0;
    res->has_thought = 1;
    for (int k = 0; k < 2; k++) {
        res->think_s[k] = th[k].seconds;
        res->searched[k] = th[k].searched;
        res->iterations[k] = th[k].iterations;
    }
    free(st);
    return 0;
}

static int arena_merge(int argc, char **argv)
{
    const char *out = NULL;
    gr_args_list files = {argv, 0, argc};
    const gr_args_opt opts[] = {GR_ARGS_OPT_STRING("--out", &out, "FILE", "write the merged results there")};
    const gr_args_spec spec = {
        .verb = "grognard arena merge",
        .usage = "usage: grognard arena merge FILE... [--out FILE]\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .min_pos = 1, .pos_name = "a results FILE",
    };
    int status;
    /* bad usage has always ended this verb with 1 */
    if (gr_args_parse(&spec, argc, argv, &status)) return status ? 1 : 0;
    gr_arena_set s;
    gr_arena_set_init(&s);
    gr_error err, warn;
    gr_error_clear(&err);
    int rc = 1;
    for (int i = 0; i < files.n; i++) {
        long skipped = 0;
        gr_error_clear(&warn);
        if (gr_arena_read(files.v[i], &s, &skipped, &warn, &err)) {
            fprintf(stderr, "grognard arena merge: %s\n", err.msg);
            goto done;
        }
        if (skipped)
            fprintf(stderr, "grognard arena merge: %s: skipped %ld torn or bad line(s): %s\n", files.v[i], skipped,
                    warn.msg);
    }
    if (gr_arena_merge(&s, &err)) {
        fprintf(stderr, "grognard arena merge: %s\n", err.msg);
        goto done;
    }
    if (out && gr_arena_write(out, &s, &err)) {
        fprintf(stderr, "grognard arena merge: %s\n", err.msg);
        goto done;
    }
    printf("%zu games from %d file(s)%s%s\n", s.n, files.n, out ? " written to " : "", out ? out : "");
    print_summary(&s, stdout);
    rc = 0;
done:
    gr_arena_set_free(&s);
    return rc;
}

static int parse_sprt(const char *text, double v[4])
{
    v[2] = v[3] = 0.05;
    int n = sscanf(text, "%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2], &v[3]);
    return (n == 2 || n == 4) && v[0] < v[1] && v[2] > 0 && v[2] < 0.5 && v[3] > 0 && v[3] < 0.5 ? 0 : -1;
}

static int already_played(const gr_arena_set *s, const char *tid, long index)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->g[i].index == index && !strcmp(s->g[i].tournament, tid)) return 1;
    return 0;
}

/* what the command line asks, read and checked */
typedef struct arena_opts {
    const char *file, *players, *out, *shard_text, *sprt_text, *records;
    long games;
    unsigned long long seed;
    int check, quiet;
    int shard, nshards;
    double sprt[4];
} arena_opts;

/* the records folder made when missing and writable, and the --out file
 * writable, before anything is played; 0, or 1 with the message printed */
static int check_outputs(const arena_opts *a)
{
    const char *records = a->records;
    if (records) {
        struct stat sb;
        /* shards started together race to make it: one that finds it made
         * by another goes on (the check below still wants a folder) */
        if (stat(records, &sb) != 0 && mkdir(records, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "grognard arena: cannot make the records folder %s: %s\n", records, strerror(errno));
            return 1;
        }
        if (stat(records, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            fprintf(stderr, "grognard arena: --records %s: not a folder\n", records);
            return 1;
        }
        if (access(records, W_OK | X_OK) != 0) {
            fprintf(stderr, "grognard arena: cannot write in the records folder %s: %s\n", records, strerror(errno));
            return 1;
        }
    }
    if (a->out) {
        FILE *probe = fopen(a->out, "a");
        if (!probe) {
            fprintf(stderr, "grognard arena: cannot write %s: %s\n", a->out, strerror(errno));
            return 1;
        }
        fclose(probe);
    }
    return 0;
}

/* the results of tournament t already in --out, into s (only t's games);
 * 0, or 1 with the message printed */
static int read_earlier(const arena_opts *a, const gr_tournament *t, gr_arena_set *s)
{
    if (a->out && access(a->out, F_OK) == 0) {
        long skipped = 0;
        gr_error err, warn;
        gr_error_clear(&err);
        gr_error_clear(&warn);
        if (gr_arena_read(a->out, s, &skipped, &warn, &err)) {
            fprintf(stderr, "grognard arena: %s\n", err.msg);
            return 1;
        }
        if (skipped)
            fprintf(stderr, "grognard arena: %s: %ld torn or bad line(s) skipped: %s\n", a->out, skipped, warn.msg);
    }
    size_t keep = 0;
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->g[i].tournament, t->id)) s->g[keep++] = s->g[i];
    s->n = keep;
    return 0;
}

/* 1 when the SPRT has decided after the games in s (and says so) */
static int sprt_stops(const arena_opts *a, const gr_tournament *t, const gr_arena_set *s)
{
    double llr;
    gr_stats_wdl r = wdl_of(s, t->players[0], t->players[1]);
    int st = gr_stats_sprt_status(r, a->sprt[0], a->sprt[1], a->sprt[2], a->sprt[3], &llr);
    if (!st || r.w + r.d + r.l < ARENA_SPRT_MIN_GAMES) return 0;
    double lo, hi;
    gr_stats_sprt_bounds(a->sprt[2], a->sprt[3], &lo, &hi);
    printf("SPRT stopped after %ld games: LLR %.2f outside [%.2f, %.2f]: %s\n", r.w + r.d + r.l, llr, lo, hi,
           st > 0 ? "H1 accepted (the first player is stronger by elo1)" : "H0 accepted (not stronger than elo0)");
    return 1;
}

/* Game index of t written to --out by another worker since s was read:
 * its result is added to s and 1 returned; 0 when it is not there, -1 on
 * an error (message in err). */
static int finished_elsewhere(const arena_opts *a, const gr_tournament *t, long index, gr_arena_set *s, gr_error *err)
{
    gr_arena_set now;
    gr_arena_set_init(&now);
    long skipped = 0;
    int rc = 0;
    if (gr_arena_read(a->out, &now, &skipped, NULL, err)) rc = -1;
    for (size_t k = 0; !rc && k < now.n; k++)
        if (now.g[k].index == index && !strcmp(now.g[k].tournament, t->id))
            rc = gr_arena_set_add(s, &now.g[k], err) ? -1 : 1;
    gr_arena_set_free(&now);
    return rc;
}

/* Claims game i for this worker when others may share --out: 1 to play it,
 * 0 when another worker holds or has finished it, -1 on an error. */
static int claim_game(const arena_opts *a, const gr_tournament *t, gr_arena_claims *c, long i, gr_arena_set *s,
                      gr_error *err)
{
    if (c->fd < 0) return 1;
    int k = gr_arena_claim(c, i, err);
    if (k <= 0) return k;
    k = finished_elsewhere(a, t, i, s, err);
    if (k != 0) gr_arena_unclaim(c, i);
    return k == 0 ? 1 : k > 0 ? 0 : -1;
}

/* Plays the games of t this shard still owes, each appended to --out and
 * to s, until the end or the SPRT's decision; *played counts them. 0, or 1
 * with the message printed. */
static int play_games(const gr_game *g, const gr_tournament *t, const arena_opts *a, const char *base,
                      gr_arena_set *s, long *played)
{
    long total = gr_tournament_size(t), todo = 0;
    for (long i = 0; i < total; i++)
        if (gr_tournament_in_shard(i, a->shard, a->nshards) && !already_played(s, t->id, i)) todo++;
    int tty = isatty(2);
    if (!a->quiet)
        fprintf(stderr, "arena %s: %d players, %ld games in all, %ld to play here%s%s (tournament %s)\n", base,
                t->nplayers, total, todo, a->nshards > 1 ? ", shard " : "", a->nshards > 1 ? a->shard_text : "", t->id);
    double t0 = gr_now_s();
    int stopped = 0;
    gr_error err;
    gr_error_clear(&err);
    gr_arena_claims claims = {.fd = -1};
    if (a->out && gr_arena_claims_open(&claims, a->out, t->id, &err)) {
        fprintf(stderr, "grognard arena: %s\n", err.msg);
        return 1;
    }
    for (long i = 0; i < total && !stopped; i++) {
        if (!gr_tournament_in_shard(i, a->shard, a->nshards) || already_played(s, t->id, i)) continue;
        int mine = claim_game(a, t, &claims, i, s, &err);
        if (mine < 0) {
            fprintf(stderr, "\ngrognard arena: %s\n", err.msg);
            gr_arena_claims_close(&claims);
            return 1;
        }
        if (!mine) continue;
        gr_tournament_game tg;
        gr_tournament_game_at(t, i, &tg);
        gr_arena_game res;
        int bad = play_one(g, t, &tg, a->check, a->records, &res, &err);
        if (bad) fprintf(stderr, "\ngrognard arena: game %ld (seed %llu): %s\n", i, tg.seed, err.msg);
        else if ((a->out && gr_arena_append(a->out, &res, &err)) || gr_arena_set_add(s, &res, &err)) {
            fprintf(stderr, "\ngrognard arena: %s\n", err.msg);
            bad = 1;
        }
        if (claims.fd >= 0) gr_arena_unclaim(&claims, i);
        if (bad) {
            gr_arena_claims_close(&claims);
            return 1;
        }
        (*played)++;
        char line[600];
        snprintf(line, sizeof line, "#%ld %s vs %s: %s", i, res.players[0], res.players[1], res.reason);
        if (!a->quiet) progress(stderr, tty, *played, todo, t0, line);
        if (a->sprt_text) stopped = sprt_stops(a, t, s);
    }
    gr_arena_claims_close(&claims);
    if (a->sprt_text && !stopped) {
        double llr;
        gr_stats_wdl r = wdl_of(s, t->players[0], t->players[1]);
        gr_stats_sprt_status(r, a->sprt[0], a->sprt[1], a->sprt[2], a->sprt[3], &llr);
        printf("SPRT undecided after %ld games: LLR %.2f\n", r.w + r.d + r.l, llr);
    }
    return 0;
}

/* the tournament between the players of specs on g: made, its outputs
 * checked, its games played, its summary printed; the exit status */
static int run_tournament(const gr_game *g, const arena_opts *a, char specs[][GR_SPEC_TEXT], int np)
{
    const char *base = strrchr(a->file, '/');
    base = base ? base + 1 : a->file;
    gr_error err;
    gr_error_clear(&err);
    gr_tournament t;
    gr_arena_set s;
    gr_arena_set_init(&s);
    int rc = 1;
    if (gr_tournament_init(&t, base, specs, np, a->games, a->seed, &err)) {
        fprintf(stderr, "grognard arena: %s\n", err.msg);
        goto done;
    }
    /* every spec must make a player before the first game starts */
    for (int i = 0; i < np; i++) {
        gr_player *p = gr_player_create(specs[i], g, 1, &err);
        if (!p) {
            fprintf(stderr, "grognard arena: %s\n", err.msg);
            goto done;
        }
        gr_player_free(p);
    }
    long played = 0;
    if (check_outputs(a) || read_earlier(a, &t, &s) || play_games(g, &t, a, base, &s, &played)) goto done;
    if (a->out && !a->sprt_text) {
        /* workers sharing --out: the summary is of the whole file as it is now */
        gr_arena_set_free(&s);
        gr_arena_set_init(&s);
        if (read_earlier(a, &t, &s)) goto done;
    }
    printf("%s: %zu games of tournament %s%s%s\n", base, s.n, t.id, a->out ? " in " : "", a->out ? a->out : "");
    if (a->records && played)
        printf("records of the games played here: %s/%s-INDEX.json (grognard replay FILE tells one)\n", a->records, t.id);
    print_summary(&s, stdout);
    rc = 0;
done:
    gr_arena_set_free(&s);
    return rc;
}

int gr_cmd_arena(int argc, char **argv)
{
    if (argc > 0 && !strcmp(argv[0], "merge")) return arena_merge(argc - 1, argv + 1);
    if (argc > 0 && !strcmp(argv[0], "compare")) return gr_cmd_arena_compare(argc - 1, argv + 1);
    arena_opts a = {.seed = 1, .nshards = 1, .sprt = {0, 0, 0.05, 0.05}};
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--players", &a.players, "A,B[,C...]", "the players; every pair meets"),
        GR_ARGS_OPT_LONG("--games", &a.games, 1, 10000000, "N", "games between each pair"),
        GR_ARGS_OPT_ULL("--seed", &a.seed, "S", "the tournament's seed (default 1)"),
        GR_ARGS_OPT_STRING("--out", &a.out, "FILE", "append each game's result there; games in it are not played again"),
        GR_ARGS_OPT_STRING("--records", &a.records, "DIR", "keep each game's record there"),
        GR_ARGS_OPT_STRING("--shard", &a.shard_text, "I/N", "play only shard I of N"),
        GR_ARGS_OPT_STRING("--sprt", &a.sprt_text, "ELO0,ELO1[,ALPHA,BETA]", "stop when the SPRT decides (two players)"),
        GR_ARGS_OPT_FLAG("--check", &a.check, "check the invariants after every action"),
        GR_ARGS_OPT_FLAG("--quiet", &a.quiet, "no progress on standard error"),
    };
    const gr_args_spec spec = {
        .verb = "grognard arena",
        .usage = "usage: grognard arena [SCENARIO] --players A,B[,C...] --games N [--seed S] [--out FILE]\n"
                 "                      [--records DIR] [--shard I/N] [--sprt ELO0,ELO1[,ALPHA,BETA]] [--check] [--quiet]\n"
                 "       grognard arena merge FILE... [--out FILE]\n"
                 "       grognard arena compare FILE... --against FILE... [--opponent SPEC]\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .pos_name = "SCENARIO",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    if (!a.players || !a.games) return gr_args_fail(&spec, "--players and --games are needed");
    gr_error err;
    gr_error_clear(&err);
    if (a.shard_text && gr_tournament_parse_shard(a.shard_text, &a.shard, &a.nshards, &err))
        return gr_args_fail(&spec, "%s", err.msg);
    if (a.sprt_text && parse_sprt(a.sprt_text, a.sprt))
        return gr_args_fail(&spec, "--sprt takes ELO0,ELO1[,ALPHA,BETA] with ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5, "
                                   "not '%s'", a.sprt_text);
    char specs[GR_ARENA_MAX_PLAYERS][GR_SPEC_TEXT];
    int np = gr_spec_split(a.players, specs, GR_ARENA_MAX_PLAYERS, &err);
    if (np < 0) return gr_args_fail(&spec, "%s", err.msg);
    if (a.sprt_text && (np != 2 || a.nshards > 1)) return gr_args_fail(&spec, "--sprt needs exactly two players and no --shard");
    char def[1024];
    a.file = files.n ? files.v[0] : NULL;
    if (!a.file) {
        if (gr_find_default_scenario(def, sizeof def, &err)) {
            fprintf(stderr, "grognard arena: %s\n", err.msg);
            return 1;
        }
        a.file = def;
    }
    gr_game g;
    if (gr_game_load(&g, a.file, &err) || gr_game_check_start(&g, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    int rc = run_tournament(&g, &a, specs, np);
    gr_game_free(&g);
    return rc;
}
