/* random_games.c - plays complete games between two random players and
 * reports what happened: games per second on one core, decisions per game,
 * how games end and how long they last. It is both the speed benchmark of
 * random play and the soak test of the rules: with --check it verifies the
 * state's invariants after every action and stops at the first violation,
 * crash-free play of many games being the point (built with the sanitizers
 * by `make soak`).
 *
 *   random_games [SCENARIO] [--games N] [--seed S] [--check] [--quiet] [--trace] [--keep-going]
 *
 * --trace keeps each game's event log and, when something goes wrong, prints
 * its last events. --keep-going goes on after a failed game and lists the
 * failed seeds at the end (the exit status is still 1). A game that needs
 * more than MAX_DECISIONS decisions counts as one that never ends.
 *
 * Game k is played with dice seed S + k, so any game can be replayed alone. */
#include "../ai/player.h"
#include "../engine/core/clock.h"
#include "../cli/narrate.h"
#include "../engine/core/rng.h"
#include "../engine/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_LEN_BUCKETS 64
#define MAX_DECISIONS 200000
#define MAX_LISTED_FAILURES 64

int main(int argc, char **argv)
{
    const char *file = "scenarios/fogn/corps-battle.json";
    long games = 1000;
    unsigned long long seed = 1;
    int check = 0, quiet = 0, trace = 0, keep_going = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--games") && i + 1 < argc) games = strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--check")) check = 1;
        else if (!strcmp(argv[i], "--quiet")) quiet = 1;
        else if (!strcmp(argv[i], "--trace")) trace = 1;
        else if (!strcmp(argv[i], "--keep-going")) keep_going = 1;
        else if (argv[i][0] != '-') file = argv[i];
        else {
            fprintf(stderr, "usage: random_games [SCENARIO] [--games N] [--seed S] [--check] [--quiet] [--trace] "
                            "[--keep-going]\n");
            return 2;
        }
    }
    if (games < 1) {
        fprintf(stderr, "random_games: --games must be at least 1\n");
        return 2;
    }
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    if (gr_game_load(&g, file, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    const gr_ruleset *rs = g.rs;
    void *st = calloc(1, rs->state_size);
    if (!st) return 1;
    long wins[3] = {0, 0, 0}, by_reason[8] = {0}, len_hist[MAX_LEN_BUCKETS] = {0}, move_hist[MAX_LEN_BUCKETS] = {0};
    long total_decisions = 0, min_len = -1, max_len = 0;
    double total_moves = 0;
    char reason_text[8][128] = {{0}};
    gr_log log;
    gr_log_init(&log);
    int rc = 0;
    long failures = 0, played = 0;
    unsigned long long failed_seeds[MAX_LISTED_FAILURES];
    double t0 = gr_now_s();
    for (long k = 0; k < games && !rc; k++) {
        gr_dice dice;
        gr_dice_init_rng(&dice, seed + (unsigned long long)k, 1);
        gr_log_clear(&log);
        if (trace) gr_dice_set_log(&dice, &log);
        gr_rng pick;
        gr_rng_seed(&pick, seed + (unsigned long long)k, 2);
        rs->init(g.scn, st);
        long n = 0;
        while (rs->to_move(g.scn, st) != GR_TERMINAL) {
            if (n >= MAX_DECISIONS) {
                fprintf(stderr, "game %ld (seed %llu): no end after %d decisions\n", k, seed + k, MAX_DECISIONS);
                rc = 1;
                break;
            }
            gr_action a;
            if (gr_random_legal(&g, st, &pick, &a)) {
                fprintf(stderr, "game %ld (seed %llu): no legal action after %ld decisions\n", k, seed + k, n);
                rc = 1;
                break;
            }
            gr_error_clear(&err);
            if (rs->apply(g.scn, st, &a, &dice, trace ? &log : NULL, &err)) {
                char text[160];
                rs->format_action(g.scn, st, &a, text, sizeof text);
                fprintf(stderr, "game %ld (seed %llu): '%s' refused after being drawn as legal: %s\n", k, seed + k, text,
                        err.msg);
                rc = 1;
                break;
            }
            n++;
            if (check && rs->check_invariants(g.scn, st, &err)) {
                fprintf(stderr, "game %ld (seed %llu), decision %ld: invariant broken: %s\n", k, seed + k, n, err.msg);
                rc = 1;
                break;
            }
        }
        if (rc) {
            if (trace) {
                gr_narrator nar;
                gr_narrator_init(&nar, "side 0", "side 1", 1);
                gr_narrate(&nar, &log, log.n > 60 ? log.n - 60 : 0, stderr);
            }
            if (!keep_going) break;
            if (failures < MAX_LISTED_FAILURES) failed_seeds[failures] = seed + (unsigned long long)k;
            failures++;
            rc = 0;
            continue;
        }
        played++;
        gr_result res;
        rs->result(g.scn, st, &res);
        wins[res.winner < 0 ? 2 : res.winner]++;
        /* how it ended: the text before the first ':' ("turn limit", "army morale") */
        char head[128];
        snprintf(head, sizeof head, "%s", res.reason);
        char *colon = strchr(head, ':');
        if (colon) *colon = '\0';
        int r = 0;
        while (r < 8 && reason_text[r][0] && strcmp(reason_text[r], head)) r++;
        if (r < 8) {
            if (!reason_text[r][0]) snprintf(reason_text[r], sizeof reason_text[r], "%s", head);
            by_reason[r]++;
        }
        json_t *sj = rs->state_to_json(g.scn, st);
        json_t *mv = sj ? json_object_get(sj, "move") : NULL;
        long moves = mv ? (long)json_integer_value(mv) : 0;
        total_moves += (double)moves;
        move_hist[moves < MAX_LEN_BUCKETS ? (moves < 0 ? 0 : moves) : MAX_LEN_BUCKETS - 1]++;
        json_decref(sj);
        total_decisions += n;
        if (min_len < 0 || n < min_len) min_len = n;
        if (n > max_len) max_len = n;
        int b = (int)(n / 100);
        len_hist[b < MAX_LEN_BUCKETS ? b : MAX_LEN_BUCKETS - 1]++;
        if (!quiet && (k + 1) % 100 == 0) fprintf(stderr, "\r%ld/%ld games", k + 1, games);
    }
    double dt = gr_now_s() - t0;
    gr_log_free(&log);
    if (rc || played == 0) {
        free(st);
        gr_game_free(&g);
        return rc;
    }
    if (!quiet) fprintf(stderr, "\r");
    printf("scenario: %s\n", file);
    printf("games: %ld (seeds %llu..%llu)%s\n", games, seed, seed + (unsigned long long)games - 1,
           check ? ", invariants checked after every action" : "");
    if (failures) {
        printf("FAILED: %ld game(s); seeds:", failures);
        for (long i = 0; i < failures && i < MAX_LISTED_FAILURES; i++) printf(" %llu", failed_seeds[i]);
        printf("%s\n", failures > MAX_LISTED_FAILURES ? " ..." : "");
    }
    printf("time: %.3f s, %.1f games/s, %.0f decisions/s, one core\n", dt, games / dt, total_decisions / dt);
    printf("decisions per game: mean %.1f, min %ld, max %ld\n", (double)total_decisions / played, min_len, max_len);
    printf("player-moves per game: mean %.2f\n", total_moves / played);
    printf("results: %s %ld, %s %ld, draws %ld\n", "side 0 wins", wins[0], "side 1 wins", wins[1], wins[2]);
    printf("how games end:\n");
    for (int r = 0; r < 8 && reason_text[r][0]; r++)
        printf("  %-20s %6ld (%.1f%%)\n", reason_text[r], by_reason[r], 100.0 * by_reason[r] / played);
    printf("game length (decisions):\n");
    for (int b = 0; b < MAX_LEN_BUCKETS; b++)
        if (len_hist[b])
            printf("  %5d-%-5d %6ld\n", b * 100, b == MAX_LEN_BUCKETS - 1 ? 999999 : b * 100 + 99, len_hist[b]);
    printf("game length (player-moves at the end):\n");
    for (int b = 0; b < MAX_LEN_BUCKETS; b++)
        if (move_hist[b]) printf("  %5d%s %6ld\n", b, b == MAX_LEN_BUCKETS - 1 ? "+" : " ", move_hist[b]);
    free(st);
    gr_game_free(&g);
    return failures ? 1 : 0;
}
