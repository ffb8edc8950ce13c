/* arena_compare.c - `grognard arena compare FILE... --against FILE...
 * [--opponent SPEC]`: two players measured against the same opponent on the
 * same seeds, set side by side game by game (bench/arena/compare.h). The
 * first files hold one player's games, the files after --against the
 * other's; each game is paired with the one of the other set played on the
 * same scenario and seed with the player in the same seat, and the mean
 * difference of their scores is given with its 95% interval, over all the
 * paired games and by seat. */
#include "commands.h"
#include "../bench/arena/compare.h"

#include <stdio.h>
#include <string.h>

#define COMPARE_CONF 0.95

static const char *const COMPARE_USAGE = "usage: grognard arena compare FILE... --against FILE... [--opponent SPEC]\n";

static void print_row(const char *label, const gr_arena_pair_stats *st)
{
    if (st->n <= 0) {
        printf("%-12s %6d\n", label, 0);
        return;
    }
    printf("%-12s %6ld   %6.1f%%   %6.1f%%   %+.3f", label, st->n, 100 * st->mean_a, 100 * st->mean_b, st->diff);
    if (st->n >= 2) printf(" ± %.3f\n", st->half);
    else printf(" (one game: no interval)\n");
}

int gr_cmd_arena_compare(int argc, char **argv)
{
    gr_arena_set set[2];
    gr_arena_set_init(&set[0]);
    gr_arena_set_init(&set[1]);
    const char *opponent = NULL;
    int which = 0, files[2] = {0, 0}, rc = 2;
    gr_error err, warn;
    gr_error_clear(&err);
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--against")) {
            if (which) {
                fprintf(stderr, "grognard arena compare: --against given twice\n%s", COMPARE_USAGE);
                goto done;
            }
            which = 1;
            continue;
        }
        if (!strcmp(argv[i], "--opponent") && i + 1 < argc) {
            opponent = argv[++i];
            continue;
        }
        if (argv[i][0] == '-') {
            fprintf(stderr, "grognard arena compare: unexpected option '%s'\n%s", argv[i], COMPARE_USAGE);
            goto done;
        }
        long skipped = 0;
        gr_error_clear(&warn);
        if (gr_arena_read(argv[i], &set[which], &skipped, &warn, &err)) {
            fprintf(stderr, "grognard arena compare: %s\n", err.msg);
            rc = 1;
            goto done;
        }
        if (skipped)
            fprintf(stderr, "grognard arena compare: %s: skipped %ld torn or bad line(s): %s\n", argv[i], skipped,
                    warn.msg);
        files[which]++;
    }
    if (!files[0] || !files[1]) {
        fprintf(stderr, "grognard arena compare: %s\n%s",
                !files[0] ? "no results file before --against" : "no results file after --against", COMPARE_USAGE);
        goto done;
    }
    gr_arena_pairing p;
    if (gr_arena_compare(&set[0], &set[1], opponent, COMPARE_CONF, &p, &err)) {
        fprintf(stderr, "grognard arena compare: %s\n", err.msg);
        rc = 1;
        goto done;
    }
    if (p.seat[GR_ARENA_SEATS].n == 0) {
        fprintf(stderr,
                "grognard arena compare: no game of %s has a partner among %s's (%ld and %ld games): "
                "were both played with the same --seed and --games?\n",
                p.subject[0], p.subject[1], p.unpaired[0], p.unpaired[1]);
        rc = 1;
        goto done;
    }
    printf("first:  %s\nsecond: %s\nboth against %s\n", p.subject[0], p.subject[1], p.opponent);
    printf("paired games: %ld (same scenario, seed and seat); without a partner: %ld in the first set, %ld in the "
           "second\n\n",
           p.seat[GR_ARENA_SEATS].n, p.unpaired[0], p.unpaired[1]);
    printf("%-12s %6s   %7s   %7s   %s\n", "", "games", "first", "second", "first less second, per game (95% CI)");
    print_row("all", &p.seat[GR_ARENA_SEATS]);
    print_row("in seat 0", &p.seat[0]);
    print_row("in seat 1", &p.seat[1]);
    rc = 0;
done:
    gr_arena_set_free(&set[0]);
    gr_arena_set_free(&set[1]);
    return rc;
}
