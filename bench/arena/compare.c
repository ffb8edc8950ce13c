/* compare.c - pairs the games of two arena result sets by scenario, seed and
 * the subject's seat, and gives the paired difference of the subjects'
 * scores with its interval (compare.h). */
#include "compare.h"
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* most distinct players a set may name */
#define CMP_MAX_PLAYERS 8

typedef struct cmp_set {
    const char *names[CMP_MAX_PLAYERS];
    int n;
} cmp_set;

static int players_of(const gr_arena_set *s, cmp_set *out, const char *which, gr_error *err)
{
    out->n = 0;
    for (size_t i = 0; i < s->n; i++)
        for (int k = 0; k < 2; k++) {
            const char *p = s->g[i].players[k];
            int j = 0;
            while (j < out->n && strcmp(out->names[j], p)) j++;
            if (j < out->n) continue;
            if (out->n == CMP_MAX_PLAYERS)
                return gr_error_set(err, "the %s set names more than %d players", which, CMP_MAX_PLAYERS);
            out->names[out->n++] = p;
        }
    if (!out->n) return gr_error_set(err, "the %s set has no games", which);
    return 0;
}

static int has_player(const cmp_set *c, const char *p)
{
    for (int j = 0; j < c->n; j++)
        if (!strcmp(c->names[j], p)) return 1;
    return 0;
}

/* the opponent both sets share, when it is the only player they share and
 * each set has two */
static int find_opponent(const cmp_set *a, const cmp_set *b, char *out, gr_error *err)
{
    const char *common = NULL;
    int ncommon = 0;
    for (int j = 0; j < a->n; j++)
        if (has_player(b, a->names[j])) {
            common = a->names[j];
            ncommon++;
        }
    if (a->n != 2 || b->n != 2 || ncommon != 1)
        return gr_error_set(err,
                            "cannot tell the common opponent (the first set has %d players, the second %d, "
                            "%d in both): name it with --opponent",
                            a->n, b->n, ncommon);
    snprintf(out, GR_ARENA_SPEC_MAX, "%s", common);
    return 0;
}

/* the subject of set s: the one player every game sets against the opponent */
static int subject_of(const gr_arena_set *s, const char *opp, char *out, const char *which, gr_error *err)
{
    out[0] = '\0';
    for (size_t i = 0; i < s->n; i++) {
        const gr_arena_game *g = &s->g[i];
        int seat = !strcmp(g->players[1], opp) ? 0 : !strcmp(g->players[0], opp) ? 1 : -1;
        if (seat < 0)
            return gr_error_set(err, "the %s set has a game without %s (game %ld of tournament %s: %s against %s)",
                                which, opp, g->index, g->tournament, g->players[0], g->players[1]);
        if (!strcmp(g->players[seat], opp))
            return gr_error_set(err, "the %s set has %s against itself (game %ld of tournament %s)", which, opp,
                                g->index, g->tournament);
        if (!out[0]) snprintf(out, GR_ARENA_SPEC_MAX, "%s", g->players[seat]);
        else if (strcmp(out, g->players[seat]))
            return gr_error_set(err, "the %s set has two players against %s: %s and %s", which, opp, out,
                                g->players[seat]);
    }
    return 0;
}

static int subject_seat(const gr_arena_game *g, const char *subject)
{
    return strcmp(g->players[0], subject) ? 1 : 0;
}

static int same_key(const gr_arena_game *x, int xs, const gr_arena_game *y, int ys)
{
    return xs == ys && x->seed == y->seed && !strcmp(x->scenario, y->scenario);
}

static int check_unique(const gr_arena_set *s, const char *subject, const char *which, gr_error *err)
{
    for (size_t i = 0; i < s->n; i++) {
        int si = subject_seat(&s->g[i], subject);
        for (size_t j = i + 1; j < s->n; j++)
            if (same_key(&s->g[i], si, &s->g[j], subject_seat(&s->g[j], subject)))
                return gr_error_set(err, "the %s set has two games of %s with seed %llu and %s in seat %d", which,
                                    s->g[i].scenario, s->g[i].seed, subject, si);
    }
    return 0;
}

static void finish(gr_arena_pair_stats *st, const double *d, double sa, double sb, double conf)
{
    if (st->n <= 0) return;
    st->mean_a = sa / (double)st->n;
    st->mean_b = sb / (double)st->n;
    st->diff = gr_stats_mean(d, st->n);
    st->half = st->n >= 2 ? gr_stats_normal_quantile(0.5 + conf / 2) * gr_stats_stddev(d, st->n) / sqrt((double)st->n)
                          : 0;
}

static void add_thought(gr_arena_thought *t, const gr_arena_game *g, int seat)
{
    if (!g->has_thought) return;
    t->games++;
    t->think_s += g->think_s[seat];
    t->searched += g->searched[seat];
    t->iterations += g->iterations[seat];
}

int gr_arena_compare(gr_arena_set *a, gr_arena_set *b, const char *opponent, double conf, gr_arena_pairing *out,
                     gr_error *err)
{
    memset(out, 0, sizeof *out);
    if (!(conf > 0 && conf < 1)) return gr_error_set(err, "confidence %g is not between 0 and 1", conf);
    if (gr_arena_merge(a, err) || gr_arena_merge(b, err)) return -1;
    cmp_set pa, pb;
    if (players_of(a, &pa, "first", err) || players_of(b, &pb, "second", err)) return -1;
    if (opponent) {
        if (!has_player(&pa, opponent) || !has_player(&pb, opponent))
            return gr_error_set(err, "%s does not play in the %s set", opponent,
                                has_player(&pa, opponent) ? "second" : "first");
        snprintf(out->opponent, sizeof out->opponent, "%s", opponent);
    } else if (find_opponent(&pa, &pb, out->opponent, err)) {
        return -1;
    }
    if (subject_of(a, out->opponent, out->subject[0], "first", err) ||
        subject_of(b, out->opponent, out->subject[1], "second", err) ||
        check_unique(a, out->subject[0], "first", err) || check_unique(b, out->subject[1], "second", err))
        return -1;

    size_t cap = a->n < b->n ? a->n : b->n;
    double *d[GR_ARENA_SEATS + 1];
    for (int k = 0; k <= GR_ARENA_SEATS; k++) d[k] = malloc((cap ? cap : 1) * sizeof(double));
    if (!d[0] || !d[1] || !d[2]) {
        for (int k = 0; k <= GR_ARENA_SEATS; k++) free(d[k]);
        return gr_error_set(err, "out of memory");
    }
    double sa[GR_ARENA_SEATS + 1] = {0}, sb[GR_ARENA_SEATS + 1] = {0};
    long matched_b = 0;
    for (size_t i = 0; i < a->n; i++) {
        const gr_arena_game *x = &a->g[i];
        int xs = subject_seat(x, out->subject[0]);
        const gr_arena_game *y = NULL;
        for (size_t j = 0; j < b->n && !y; j++)
            if (same_key(x, xs, &b->g[j], subject_seat(&b->g[j], out->subject[1]))) y = &b->g[j];
        if (!y) {
            out->unpaired[0]++;
            continue;
        }
        matched_b++;
        add_thought(&out->thought[0], x, xs);
        add_thought(&out->thought[1], y, xs);
        double va = x->score[xs], vb = y->score[xs];
        int groups[2] = {xs, GR_ARENA_SEATS};
        for (int k = 0; k < 2; k++) {
            gr_arena_pair_stats *st = &out->seat[groups[k]];
            d[groups[k]][st->n++] = va - vb;
            sa[groups[k]] += va;
            sb[groups[k]] += vb;
        }
    }
    out->unpaired[1] = (long)b->n - matched_b;
    for (int k = 0; k <= GR_ARENA_SEATS; k++) {
        finish(&out->seat[k], d[k], sa[k], sb[k], conf);
        free(d[k]);
    }
    return 0;
}
