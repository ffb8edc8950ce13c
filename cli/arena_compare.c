/* arena_compare.c - `grognard arena compare FILE... --against FILE...
 * [--opponent SPEC]`: two players measured against the same opponent on the
 * same seeds, set side by side game by game (bench/arena/compare.h). The
 * first files hold one player's games, the files after --against the
 * other's; each game is paired with the one of the other set played on the
 * same scenario and seed with the player in the same seat, and the mean
 * difference of their scores is given with its 95% interval, over all the
 * paired games and by seat; then how each player thought (its time choosing
 * and its iterations a searched decision), where the results keep it. */
#include "commands.h"
#include "../bench/arena/compare.h"
#include "../engine/core/args.h"

#include <stdio.h>
#include <string.h>

#define COMPARE_CONF 0.95

static const char *const COMPARE_USAGE = "usage: grognard arena compare FILE... --against FILE... [--opponent SPEC]\n";

/* how a subject searched, over the paired games whose lines keep it */
static void print_thought(const char *which, const gr_arena_thought *t)
{
    if (t->games == 0) {
        printf("%-7s searching not kept in its results\n", which);
        return;
    }
    printf("%-7s %.1f s choosing a game", which, t->think_s / (double)t->games);
    if (t->searched > 0)
        printf(", %.0f iterations a searched decision, %ld decisions searched",
               (double)t->iterations / (double)t->searched, t->searched);
    else printf(", no search");
    printf(" in %ld game%s\n", t->games, t->games == 1 ? "" : "s");
}

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

/* reads the results files into set; 0, or 1 with the message printed */
static int read_sets(char *const *files, int n, gr_arena_set *set)
{
    gr_error err, warn;
    gr_error_clear(&err);
    for (int i = 0; i < n; i++) {
        long skipped = 0;
        gr_error_clear(&warn);
        if (gr_arena_read(files[i], set, &skipped, &warn, &err)) {
            fprintf(stderr, "grognard arena compare: %s\n", err.msg);
            return 1;
        }
        if (skipped)
            fprintf(stderr, "grognard arena compare: %s: skipped %ld torn or bad line(s): %s\n", files[i], skipped,
                    warn.msg);
    }
    return 0;
}

int gr_cmd_arena_compare(int argc, char **argv)
{
    const char *opponent = NULL;
    int against = 0;
    gr_args_list files = {argv, 0, argc};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_MARK("--against", &against, "the files after it hold the second player's games"),
        GR_ARGS_OPT_STRING("--opponent", &opponent, "SPEC", "the opponent both played (when the files hold several)"),
    };
    const gr_args_spec spec = {
        .verb = "grognard arena compare",
        .usage = COMPARE_USAGE,
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .pos_name = "FILE",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    /* the files before --against are the first set's, those after it the second's */
    int nfirst = against ? against - 1 : files.n;
    if (!nfirst || nfirst == files.n)
        return gr_args_fail(&spec, "%s", !nfirst ? "no results file before --against" : "no results file after --against");
    gr_arena_set set[2];
    gr_arena_set_init(&set[0]);
    gr_arena_set_init(&set[1]);
    gr_error err;
    gr_error_clear(&err);
    int rc = 1;
    if (read_sets(files.v, nfirst, &set[0]) || read_sets(files.v + nfirst, files.n - nfirst, &set[1])) goto done;
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
    print_thought("first", &p.thought[0]);
    print_thought("second", &p.thought[1]);
    rc = 0;
done:
    gr_arena_set_free(&set[0]);
    gr_arena_set_free(&set[1]);
    return rc;
}
