/* random_games.c - plays complete games between two random players and
 * reports what happened: games per second on one core, decisions per game,
 * how games end and how long they last. It is both the speed benchmark of
 * random play and the soak test of the rules: with --check it verifies the
 * state's invariants after every action, and before every decision that the
 * candidates a search draws from are the menu (ruleset.h), and stops at the
 * first violation,
 * crash-free play of many games being the point (built with the sanitizers
 * by `make soak`).
 *
 *   random_games [SCENARIO] [--games N] [--seed S] [--check] [--candidates-every K] [--quiet] [--trace]
 *                [--keep-going]
 *
 * --trace keeps each game's event log and, when something goes wrong, prints
 * its last events. --keep-going goes on after a failed game and lists the
 * failed seeds at the end (the exit status is still 1). A game that needs
 * more than MAX_DECISIONS decisions counts as one that never ends.
 *
 * Game k is played with dice seed S + k, so any game can be replayed alone. */
#include "../engine/core/narrate.h"
#include "../engine/core/args.h"
#include "../engine/core/clock.h"
#include "../engine/core/play.h"
#include "../engine/core/rng.h"
#include "../engine/core/ruleset.h"
#include "../engine/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_LEN_BUCKETS 64
#define MAX_DECISIONS 200000
#define MAX_LISTED_FAILURES 64
#define MAX_REASONS 8

/* what the command line asks */
typedef struct rg_opts {
    const char *file;
    long games;
    unsigned long long seed;
    int check, quiet, trace, keep_going;
    long every;     /* with --check, the candidates are compared with the menu at every `every`-th decision */
} rg_opts;

/* what the games came to */
typedef struct rg_stats {
    long wins[3], by_reason[MAX_REASONS], len_hist[MAX_LEN_BUCKETS], move_hist[MAX_LEN_BUCKETS];
    long total_decisions, min_len, max_len, played, failures;
    double total_moves;
    char reason_text[MAX_REASONS][sizeof ((gr_result *)0)->reason];
    unsigned long long failed_seeds[MAX_LISTED_FAILURES];
} rg_stats;

/* Plays game k (dice seed o->seed + k) from the opening in st; the number
 * of decisions, or -1 after printing what went wrong. */
static long play_game(const gr_game *g, void *st, const rg_opts *o, long k, gr_log *log)
{
    const gr_ruleset *rs = g->rs;
    unsigned long long seed = o->seed + (unsigned long long)k;
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, 1);
    gr_log_clear(log);
    if (o->trace) gr_dice_set_log(&dice, log);
    gr_rng pick;
    gr_rng_seed(&pick, seed, 2);
    gr_error err;
    rs->rules->init(g->scn, st);
    long n = 0;
    while (rs->rules->to_move(g->scn, st) != GR_TERMINAL) {
        if (n >= MAX_DECISIONS) {
            fprintf(stderr, "game %ld (seed %llu): no end after %d decisions\n", k, seed, MAX_DECISIONS);
            return -1;
        }
        gr_action a;
        if (o->check && n % o->every == 0 && gr_rs_check_candidates(rs, g->scn, st, &err)) {
            fprintf(stderr, "game %ld (seed %llu), decision %ld: %s\n", k, seed, n, err.msg);
            return -1;
        }
        gr_error_clear(&err);
        char text[160] = "";
        int rc;
        if (o->trace || o->check) { /* the order's text before it is applied, and the apply's log */
            if (gr_play_random_legal(g, st, &pick, &a)) rc = 1;
            else {
                rs->present->format_action(g->scn, st, &a, text, sizeof text);
                rc = rs->rules->apply(g->scn, st, &a, &dice, o->trace ? log : NULL, &err) ? -1 : 0;
            }
        } else {
            rc = gr_play_random_apply(g, st, &pick, &dice, &a, &err);
        }
        if (rc == 1) {
            fprintf(stderr, "game %ld (seed %llu): no legal action after %ld decisions\n", k, seed, n);
            return -1;
        }
        if (rc) {
            if (!text[0]) rs->present->format_action(g->scn, st, &a, text, sizeof text);
            fprintf(stderr, "game %ld (seed %llu): '%s' refused after being drawn as legal: %s\n", k, seed, text,
                    err.msg);
            return -1;
        }
        n++;
        if (o->check && rs->present->check_invariants(g->scn, st, &err)) {
            fprintf(stderr, "game %ld (seed %llu), decision %ld ('%s'): invariant broken: %s\n", k, seed, n, text,
                    err.msg);
            return -1;
        }
    }
    return n;
}

/* adds a finished game of n decisions, ending in st, to the statistics */
static void count_game(const gr_game *g, const void *st, long n, rg_stats *S)
{
    const gr_ruleset *rs = g->rs;
    S->played++;
    gr_result res;
    rs->rules->result(g->scn, st, &res);
    S->wins[res.winner < 0 ? 2 : res.winner]++;
    /* how it ended: the text before the first ':' ("turn limit", "army morale") */
    char head[sizeof res.reason];
    snprintf(head, sizeof head, "%s", res.reason);
    char *colon = strchr(head, ':');
    if (colon) *colon = '\0';
    int r = 0;
    while (r < MAX_REASONS && S->reason_text[r][0] && strcmp(S->reason_text[r], head)) r++;
    if (r < MAX_REASONS) {
        if (!S->reason_text[r][0]) snprintf(S->reason_text[r], sizeof S->reason_text[r], "%s", head);
        S->by_reason[r]++;
    }
    /* the player-move the game ended in, as the ruleset counts them */
    long moves = rs->rules->turn(g->scn, st);
    S->total_moves += (double)moves;
    S->move_hist[moves < MAX_LEN_BUCKETS ? (moves < 0 ? 0 : moves) : MAX_LEN_BUCKETS - 1]++;
    S->total_decisions += n;
    if (S->min_len < 0 || n < S->min_len) S->min_len = n;
    if (n > S->max_len) S->max_len = n;
    int b = (int)(n / 100);
    S->len_hist[b < MAX_LEN_BUCKETS ? b : MAX_LEN_BUCKETS - 1]++;
}

/* plays every game into S; 0, or 1 when a game went wrong without --keep-going */
static int play_all(const gr_game *g, void *st, const rg_opts *o, rg_stats *S)
{
    gr_log log;
    gr_log_init(&log);
    int rc = 0;
    for (long k = 0; k < o->games; k++) {
        long n = play_game(g, st, o, k, &log);
        if (n < 0) {
            if (o->trace) {
                gr_narrator nar;
                gr_narrator_init(&nar, "side 0", "side 1", 1);
                gr_narrate(&nar, &log, log.n > 60 ? log.n - 60 : 0, stderr);
            }
            if (!o->keep_going) {
                rc = 1;
                break;
            }
            if (S->failures < MAX_LISTED_FAILURES) S->failed_seeds[S->failures] = o->seed + (unsigned long long)k;
            S->failures++;
            continue;
        }
        count_game(g, st, n, S);
        if (!o->quiet && (k + 1) % 100 == 0) fprintf(stderr, "\r%ld/%ld games", k + 1, o->games);
    }
    gr_log_free(&log);
    return rc;
}

static void print_report(const rg_opts *o, const rg_stats *S, double dt)
{
    long played = S->played;
    printf("scenario: %s\n", o->file);
    printf("games: %ld (seeds %llu..%llu)%s\n", o->games, o->seed, o->seed + (unsigned long long)o->games - 1,
           o->check ? ", invariants checked after every action" : "");
    if (S->failures) {
        printf("FAILED: %ld game(s); seeds:", S->failures);
        for (long i = 0; i < S->failures && i < MAX_LISTED_FAILURES; i++) printf(" %llu", S->failed_seeds[i]);
        printf("%s\n", S->failures > MAX_LISTED_FAILURES ? " ..." : "");
    }
    printf("time: %.3f s, %.1f games/s, %.0f decisions/s, one core\n", dt, o->games / dt, S->total_decisions / dt);
    printf("decisions per game: mean %.1f, min %ld, max %ld\n", (double)S->total_decisions / played, S->min_len,
           S->max_len);
    printf("player-moves per game: mean %.2f\n", S->total_moves / played);
    printf("results: %s %ld, %s %ld, draws %ld\n", "side 0 wins", S->wins[0], "side 1 wins", S->wins[1], S->wins[2]);
    printf("how games end:\n");
    for (int r = 0; r < MAX_REASONS && S->reason_text[r][0]; r++)
        printf("  %-20s %6ld (%.1f%%)\n", S->reason_text[r], S->by_reason[r], 100.0 * S->by_reason[r] / played);
    printf("game length (decisions):\n");
    for (int b = 0; b < MAX_LEN_BUCKETS; b++)
        if (S->len_hist[b])
            printf("  %5d-%-5d %6ld\n", b * 100, b == MAX_LEN_BUCKETS - 1 ? 999999 : b * 100 + 99, S->len_hist[b]);
    printf("game length (player-moves at the end):\n");
    for (int b = 0; b < MAX_LEN_BUCKETS; b++)
        if (S->move_hist[b]) printf("  %5d%s %6ld\n", b, b == MAX_LEN_BUCKETS - 1 ? "+" : " ", S->move_hist[b]);
}

int main(int argc, char **argv)
{
    rg_opts o = {.file = "scenarios/fogn/corps-battle.json", .games = 1000, .seed = 1, .every = 1};
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_LONG("--games", &o.games, 1, 1000000000L, "N", "games to play (default 1000)"),
        GR_ARGS_OPT_ULL("--seed", &o.seed, "S", "game k is played with dice seed S + k (default 1)"),
        GR_ARGS_OPT_FLAG("--check", &o.check, "check the invariants after every action, and the candidates a search draws from against the menu before every decision"),
        GR_ARGS_OPT_LONG("--candidates-every", &o.every, 1, 1000000L, "K",
                         "with --check, compare the candidates with the menu at every K-th decision only (default 1: "
                         "all; the comparison works out the whole menu and checks every candidate)"),
        GR_ARGS_OPT_FLAG("--quiet", &o.quiet, "no progress on standard error"),
        GR_ARGS_OPT_FLAG("--trace", &o.trace, "keep each game's log and tell its end when a game fails"),
        GR_ARGS_OPT_FLAG("--keep-going", &o.keep_going, "go on after a failed game and list the failed seeds"),
    };
    const gr_args_spec spec = {
        .verb = "random_games",
        .usage = "usage: random_games [SCENARIO] [--games N] [--seed S] [--check] [--candidates-every K] [--quiet] [--trace] "
                 "[--keep-going]\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .pos_name = "SCENARIO",
    };
    int status;
    if (gr_args_parse(&spec, argc - 1, argv + 1, &status)) return status;
    if (files.n) o.file = files.v[0];
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    if (gr_game_load(&g, o.file, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    void *st = calloc(1, g.rs->rules->state_size);
    rg_stats *S = calloc(1, sizeof *S);
    if (!st || !S) {
        free(st);
        free(S);
        gr_game_free(&g);
        return 1;
    }
    S->min_len = -1;
    double t0 = gr_now_s();
    int rc = play_all(&g, st, &o, S);
    double dt = gr_now_s() - t0;
    if (!rc && S->played > 0) {
        if (!o.quiet) fprintf(stderr, "\r");
        print_report(&o, S, dt);
    }
    if (S->failures) rc = 1;
    free(S);
    free(st);
    gr_game_free(&g);
    return rc;
}
