/* tactics_page.c - the section "Orders by kind" of the tactics report,
 * from the tally tactics.c made: per scenario a table of every player's
 * orders per game by kind, the winners against the losers with the median
 * split of each kind, the sentences that name the largest differences, and
 * a chart of the winners' and the losers' orders. Fixed formats and rows in
 * a fixed order, so the same tally always gives the same bytes. */
#include "tactics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "tactics_tally.h"

#define TAC_NAMED 3         /* differences a sentence names at most */
#define TAC_SPLIT_MIN 5     /* sides in each half before a median split is named, */
#define TAC_SPLIT_SHARE 10  /* and at least this per cent of the sides */

static int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* ---- what a scenario's tables show ------------------------------------------------ */

typedef struct tac_view {
    const gr_tactics_scen *sc;
    int rows[GR_TACTICS_ROWS];  /* the rows any order of the scenario fell in, "all orders" last */
    int nrows;
    double *per_player;         /* sc->npl x GR_TACTICS_ROWS: orders in all the player's games */
    long *sides;                /* sc->npl: the games each player's orders were counted in */
    long ndec;                  /* decisive games classified */
    double win[GR_TACTICS_ROWS], lose[GR_TACTICS_ROWS]; /* orders per decisive game: winners, losers */
    double median[GR_TACTICS_ROWS];                     /* of a side's orders in a game */
    gr_stats_wdl above[GR_TACTICS_ROWS], rest[GR_TACTICS_ROWS]; /* sides above the median, the rest */
} tac_view;

static void view_free(tac_view *v)
{
    free(v->per_player);
    free(v->sides);
}

/* The median split of every row over the sides of the scenario's games. */
static int view_split(const gr_tactics *t, size_t k, tac_view *v)
{
    size_t n = 0;
    double *x = malloc((2 * t->ng + 1) * sizeof *x);
    if (!x) return -1;
    for (int j = 0; j < v->nrows; j++) {
        int r = v->rows[j];
        n = 0;
        for (size_t i = 0; i < t->ng; i++)
            if (t->g[i].scen == k)
                for (int side = 0; side < 2; side++) x[n++] = (double)t->g[i].orders[side][r];
        v->median[r] = gr_stats_median(x, (long)n);
        for (size_t i = 0; i < t->ng; i++)
            if (t->g[i].scen == k)
                for (int side = 0; side < 2; side++)
                    gr_stats_wdl_add((double)t->g[i].orders[side][r] > v->median[r] ? &v->above[r] : &v->rest[r],
                                     t->g[i].score[side]);
    }
    free(x);
    return 0;
}

static int view_build(const gr_tactics *t, size_t k, tac_view *v)
{
    memset(v, 0, sizeof *v);
    const gr_tactics_scen *sc = v->sc = &t->sc[k];
    v->per_player = calloc((sc->npl ? sc->npl : 1) * GR_TACTICS_ROWS, sizeof *v->per_player);
    v->sides = calloc(sc->npl ? sc->npl : 1, sizeof *v->sides);
    if (!v->per_player || !v->sides) return -1;
    long used[GR_TACTICS_ROWS] = {0};
    for (size_t i = 0; i < t->ng; i++) {
        const gr_tactics_game *g = &t->g[i];
        if (g->scen != k) continue;
        for (int side = 0; side < 2; side++) {
            const char (*hit)[GR_ARENA_SPEC_MAX] = bsearch(g->players[side], sc->pl, sc->npl, sizeof *sc->pl, cmp_str);
            size_t p = hit ? (size_t)(hit - sc->pl) : 0;
            v->sides[p]++;
            for (int r = 0; r < GR_TACTICS_ROWS; r++) {
                v->per_player[p * GR_TACTICS_ROWS + (size_t)r] += (double)g->orders[side][r];
                used[r] += g->orders[side][r];
            }
        }
        if (g->winner == 0 || g->winner == 1) {
            v->ndec++;
            for (int r = 0; r < GR_TACTICS_ROWS; r++) {
                v->win[r] += (double)g->orders[g->winner][r];
                v->lose[r] += (double)g->orders[1 - g->winner][r];
            }
        }
    }
    for (int r = 0; r < GR_TACTICS_ALL; r++)
        if (used[r]) v->rows[v->nrows++] = r;
    v->rows[v->nrows++] = GR_TACTICS_ALL;
    for (int r = 0; v->ndec && r < GR_TACTICS_ROWS; r++) {
        v->win[r] /= (double)v->ndec;
        v->lose[r] /= (double)v->ndec;
    }
    return view_split(t, k, v);
}

/* ---- sentences ------------------------------------------------------------------ */

/* The rows (not "all orders") with the largest key, at most TAC_NAMED of
 * them above `least`, into out; ties keep row order. Returns how many. */
static int top_rows(const tac_view *v, const double *key, double least, int *out)
{
    int n = 0;
    for (int j = 0; j < v->nrows; j++) {
        int r = v->rows[j];
        if (r == GR_TACTICS_ALL || !(key[r] > least)) continue;
        int at = n;
        while (at > 0 && key[out[at - 1]] < key[r]) at--;
        if (at >= TAC_NAMED) continue;
        for (int m = n < TAC_NAMED ? n : TAC_NAMED - 1; m > at; m--) out[m] = out[m - 1];
        out[at] = r;
        if (n < TAC_NAMED) n++;
    }
    return n;
}

/* "A (+1.2 a game), B (+0.4) and C (+0.1)" */
static void name_rows(gr_text *b, const int *rows, int n, const double *value)
{
    for (int i = 0; i < n; i++) {
        char label[64];
        gr_tactics_row_label(rows[i], label, sizeof label);
        gr_text_printf(b, "%s%s (%+.1f%s)", i == 0 ? "" : i == n - 1 ? " and " : ", ", label, value[rows[i]],
                       i == 0 ? " a game" : "");
    }
}

/* Player p's orders of row r per game it played. */
static double per_game(const tac_view *v, size_t p, int r)
{
    return v->per_player[p * GR_TACTICS_ROWS + (size_t)r] / (double)v->sides[p];
}

/* The two rows in which the players differ most, from the fewest a game to the most. */
static void say_players(gr_text *b, const tac_view *v)
{
    const gr_tactics_scen *sc = v->sc;
    double spread[GR_TACTICS_ROWS] = {0};
    size_t lo[GR_TACTICS_ROWS] = {0}, hi[GR_TACTICS_ROWS] = {0};
    size_t with = 0;
    for (size_t p = 0; p < sc->npl; p++) with += v->sides[p] > 0;
    if (with < 2) return;
    for (int j = 0; j < v->nrows; j++) {
        int r = v->rows[j], first = 1;
        for (size_t p = 0; p < sc->npl; p++) {
            if (!v->sides[p]) continue;
            if (first || per_game(v, p, r) < per_game(v, lo[r], r)) lo[r] = p;
            if (first || per_game(v, p, r) > per_game(v, hi[r], r)) hi[r] = p;
            first = 0;
        }
        spread[r] = per_game(v, hi[r], r) - per_game(v, lo[r], r);
    }
    int top[TAC_NAMED];
    int n = top_rows(v, spread, 0.05, top);
    if (n > 2) n = 2;
    if (n == 0) return;
    gr_text_puts(b, "The players differ most in ");
    for (int i = 0; i < n; i++) {
        int r = top[i];
        char label[64];
        gr_tactics_row_label(r, label, sizeof label);
        gr_text_printf(b, "%s%s (from %.1f a game by ", i ? " and in " : "", label, per_game(v, lo[r], r));
        gr_text_code(b, sc->pl[lo[r]]);
        gr_text_printf(b, " to %.1f by ", per_game(v, hi[r], r));
        gr_text_code(b, sc->pl[hi[r]]);
        gr_text_puts(b, ")");
    }
    gr_text_puts(b, ".\n\n");
}

/* What the winners did more and less than the losers, and the widest gap in
 * score a median split shows. */
static void say_outcome(gr_text *b, const tac_view *v)
{
    double more[GR_TACTICS_ROWS], fewer[GR_TACTICS_ROWS];
    for (int r = 0; r < GR_TACTICS_ROWS; r++) {
        more[r] = v->win[r] - v->lose[r];
        fewer[r] = -more[r];
    }
    int up[TAC_NAMED], down[TAC_NAMED];
    int nu = v->ndec ? top_rows(v, more, 0.05, up) : 0, nd = v->ndec ? top_rows(v, fewer, 0.05, down) : 0;
    /* name the largest differences, whichever way they go */
    while (nu + nd > TAC_NAMED) {
        if (nd == 0 || (nu > 0 && more[up[nu - 1]] < fewer[down[nd - 1]])) nu--;
        else nd--;
    }
    if (nu || nd) {
        gr_text_printf(b, "In the %ld decisive game%s the winners gave ", v->ndec, v->ndec == 1 ? "" : "s");
        if (nu) {
            gr_text_puts(b, "more ");
            name_rows(b, up, nu, more);
            gr_text_puts(b, " than the losers");
        }
        if (nd) {
            gr_text_puts(b, nu ? ", and fewer " : "fewer ");
            name_rows(b, down, nd, more);
            if (!nu) gr_text_puts(b, " than the losers");
        }
        gr_text_puts(b, ". ");
    }
    int best = -1;
    double gap = 0;
    for (int j = 0; j < v->nrows; j++) {
        int r = v->rows[j];
        long na = gr_stats_games(v->above[r]), nr = gr_stats_games(v->rest[r]), least = (na + nr) * TAC_SPLIT_SHARE / 100;
        if (least < TAC_SPLIT_MIN) least = TAC_SPLIT_MIN;
        if (na < least || nr < least) continue;
        double d = gr_stats_score(v->above[r]) - gr_stats_score(v->rest[r]);
        if (best < 0 || (d < 0 ? -d : d) > gap) {
            best = r;
            gap = d < 0 ? -d : d;
        }
    }
    if (best >= 0) {
        char label[64];
        gr_tactics_row_label(best, label, sizeof label);
        gr_text_printf(b, "The widest gap in score: the sides that gave more %s than the median side (%.1f a "
                          "game) took %.1f%% of the points, the rest %.1f%%. ",
                       label, v->median[best], 100.0 * gr_stats_score(v->above[best]),
                       100.0 * gr_stats_score(v->rest[best]));
    }
    gr_text_puts(b, "These are correlations, not causes: a side that is winning has more to assault and less "
                    "reason to withdraw, and nothing here says which came first.\n\n");
}

/* ---- tables and the chart ---------------------------------------------------------- */

static void md_players(gr_text *b, const tac_view *v)
{
    const gr_tactics_scen *sc = v->sc;
    gr_text_puts(b, "Orders per game by each player, in the classified games it played (the columns are "
                    "the players, numbered as in the cross table:");
    for (size_t p = 0; p < sc->npl; p++) {
        gr_text_printf(b, "%s %zu ", p ? "," : "", p + 1);
        gr_text_code(b, sc->pl[p]);
    }
    gr_text_puts(b, "):\n\n| Orders per game |");
    for (size_t p = 0; p < sc->npl; p++) gr_text_printf(b, " %zu |", p + 1);
    gr_text_puts(b, "\n|---|");
    for (size_t p = 0; p < sc->npl; p++) gr_text_puts(b, "---:|");
    gr_text_puts(b, "\n");
    for (int j = 0; j < v->nrows; j++) {
        int r = v->rows[j];
        char label[64];
        gr_tactics_row_label(r, label, sizeof label);
        gr_text_printf(b, r == GR_TACTICS_ALL ? "| **%s** |" : "| %s |", label);
        for (size_t p = 0; p < sc->npl; p++) {
            if (!v->sides[p]) gr_text_puts(b, " - |");
            else gr_text_printf(b, " %.1f |", per_game(v, p, r));
        }
        gr_text_puts(b, "\n");
    }
    gr_text_puts(b, "\n");
    say_players(b, v);
}

/* a score with the number of sides it was taken over, "-" for none */
static void score_cell(gr_text *b, gr_stats_wdl r)
{
    if (gr_stats_games(r) == 0) gr_text_puts(b, " - |");
    else gr_text_printf(b, " %.1f%% (%ld) |", 100.0 * gr_stats_score(r), gr_stats_games(r));
}

static void md_outcome(gr_text *b, const tac_view *v, const char *chart)
{
    gr_text_puts(b, "The winning side against the losing side, in orders per decisive game, and the share of "
                    "the points taken by the sides that gave an order more often than the median side of the "
                    "scenario, against the rest (at or below the median), with the number of sides in "
                    "brackets:\n\n"
                    "| Orders per game | Winners | Losers | Winners less losers | Median side "
                    "| Above the median: score | The rest: score |\n"
                    "|---|---:|---:|---:|---:|---:|---:|\n");
    for (int j = 0; j < v->nrows; j++) {
        int r = v->rows[j];
        char label[64];
        gr_tactics_row_label(r, label, sizeof label);
        gr_text_printf(b, r == GR_TACTICS_ALL ? "| **%s** |" : "| %s |", label);
        if (v->ndec) gr_text_printf(b, " %.1f | %.1f | %+.1f |", v->win[r], v->lose[r], v->win[r] - v->lose[r]);
        else gr_text_puts(b, " - | - | - |");
        gr_text_printf(b, " %.1f |", v->median[r]);
        score_cell(b, v->above[r]);
        score_cell(b, v->rest[r]);
        gr_text_puts(b, "\n");
    }
    gr_text_puts(b, "\n");
    if (chart) gr_text_printf(b, "![Winners less losers, orders per game](%s)\n\n", chart);
    say_outcome(b, v);
}

/* Winners less losers in orders per decisive game, a bar for each row:
 * to the right where the winners gave more, to the left where the losers did. */
static void chart_outcome(gr_text *b, const tac_view *v)
{
    char title[200];
    snprintf(title, sizeof title, "Winners less losers, orders per game: %s", v->sc->name);
    gr_text_svg_begin(b, title);
    int n = v->nrows - 1;   /* every row but "all orders" */
    double m = 0;
    for (int j = 0; j < n; j++) m = fmax(m, fabs(v->win[v->rows[j]] - v->lose[v->rows[j]]));
    double step = gr_text_nice_step(m, 3);
    m = m > 0 ? ceil(m / step) * step : step;
    const double x0 = 236, w = 230, xc = x0 + w / 2, room = 264;
    double slot = room / (double)n;
    if (slot > 36) slot = 36;
    const double h = slot * (double)n, y0 = 44 + (room - h) / 2;
    for (double x = -m; x <= m + step * 0.001; x += step) {
        double px = xc + x / m * (w / 2);
        gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", px, y0, px,
                       y0 + h, fabs(x) < step * 0.001 ? "#333" : "#e0e0e0");
        char tick[32] = "0";
        if (fabs(x) >= step * 0.001) snprintf(tick, sizeof tick, "%+g", x);
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", px, y0 + h + 18, tick);
    }
    for (int j = 0; j < n; j++) {
        int r = v->rows[j];
        double y = y0 + (double)j * slot, d = v->win[r] - v->lose[r], len = fabs(d) / m * (w / 2);
        char label[64];
        gr_tactics_row_label(r, label, sizeof label);
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"11\">", x0 - 8,
                       y + slot / 2 + 4);
        gr_text_xml(b, label, 40);
        gr_text_puts(b, "</text>\n");
        gr_text_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                       d >= 0 ? xc : xc - len, y + slot * 0.15, len, slot * 0.7, d >= 0 ? "#0072B2" : "#D55E00");
    }
    gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n", x0, y0 + h,
                   x0 + w, y0 + h);
    gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">orders per decisive game</text>\n",
                   xc, y0 + h + 40);
    static const char *const keys[2] = {"winners gave more", "losers gave more"};
    static const char *const fills[2] = {"#0072B2", "#D55E00"};
    for (int k = 0; k < 2; k++) {
        double ly = 52 + 20.0 * k;
        gr_text_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>\n", x0 + w + 20,
                       ly - 10, fills[k]);
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x0 + w + 38, ly, keys[k]);
    }
    gr_text_svg_end(b);
}

/* ---- the section ------------------------------------------------------------------- */

static int md_scenario(gr_text *b, const gr_tactics *t, size_t k, const char *dir, gr_error *err)
{
    const gr_tactics_scen *sc = &t->sc[k];
    gr_text_puts(b, "### ");
    gr_text_code(b, sc->name);
    gr_text_printf(b, "\n\n%ld of %ld game%s classified", sc->classified, sc->games, sc->games == 1 ? "" : "s");
    if (sc->missing || sc->bad)
        gr_text_printf(b, " (%ld without a record, %ld whose record could not be used)", sc->missing, sc->bad);
    gr_text_puts(b, ".\n\n");
    if (sc->classified == 0) return 0;
    tac_view v;
    if (view_build(t, k, &v)) {
        view_free(&v);
        return gr_error_set(err, "report: out of memory tallying the orders");
    }
    md_players(b, &v);
    char fname[96];
    int chart = v.ndec > 0 && v.nrows > 1;
    if (chart) {
        snprintf(fname, sizeof fname, "%s-orders.svg", sc->slug);
        gr_text svg;
        gr_text_init(&svg);
        chart_outcome(&svg, &v);
        int rc = gr_text_write(dir, fname, &svg, err);
        gr_text_free(&svg);
        if (rc) {
            view_free(&v);
            return -1;
        }
    }
    md_outcome(b, &v, chart ? fname : NULL);
    view_free(&v);
    return 0;
}

int gr_tactics_write(const gr_tactics *t, gr_text *page, const char *dir, gr_error *err)
{
    gr_tactics_counts c;
    gr_tactics_counts_of(t, &c);
    gr_text_puts(page, "## Orders by kind\n\n");
    gr_text_printf(page, "Each game that has its record is replayed, and each of its orders classified by what "
                         "it does, as the ruleset describes it to the players (an advance, an assault or charge, "
                         "fire, a withdrawal, a formation change, ...), and by the arm of the unit that gave it, "
                         "then counted for the side that gave it. %ld of the %ld games were classified",
                   c.classified, c.games);
    if (c.missing || c.bad)
        gr_text_printf(page, "; %ld had no record and %ld a record that could not be used", c.missing, c.bad);
    gr_text_puts(page, ".\n\n");
    for (size_t k = 0; k < t->ns; k++)
        if (md_scenario(page, t, k, dir, err)) return -1;
    return 0;
}
