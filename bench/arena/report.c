/* report.c - the tactics report of an arena run. It first condenses the games
 * into a model (scenarios, the players of each, a results matrix per
 * scenario, and "budget series": players that differ only in their iteration
 * or millisecond budget), then writes the Markdown page and SVG charts from
 * that model. Everything is sorted by name and printed with fixed formats so
 * the same set of games always gives the same bytes. */
#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "stats.h"
#include "text.h"

#define NAME_CAP 130            /* longest name field (128) plus NUL, with a spare byte */
#define CONF 0.95               /* confidence of every interval in the report */
#define PATH_CAP 4096
#define DOCTRINE_PREFIX "doctrine:"

/* Colour-blind friendly line colours (Okabe and Ito). */
static const char *const PALETTE[8] = {
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
};

/* ---- fields --------------------------------------------------------------- */

/* Copies a fixed-size field (which may lack its NUL) into a C string. */
static void copy_field(char *dst, size_t dcap, const char *src, size_t scap)
{
    size_t n = strnlen(src, scap);
    if (n >= dcap) n = dcap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* ---- number formats -------------------------------------------------------- */

static long wdl_n(gr_stats_wdl r)
{
    return r.w + r.d + r.l;
}

/* Elo as a signed whole number; the statistics cap the Elo of a score of 0
 * or 1, and such a value is shown as unbounded ("+inf"), which it is. */
static void fmt_elo(char *buf, size_t cap, double e)
{
    if (isnan(e)) snprintf(buf, cap, "n/a");
    else if (fabs(e) >= GR_STATS_ELO_CAP) snprintf(buf, cap, e > 0 ? "+inf" : "-inf");
    else if (fabs(e) < 0.5) snprintf(buf, cap, "0");
    else snprintf(buf, cap, "%+.0f", e);
}

/* Every figure the tables show for one set of results. */
typedef struct rp_figures {
    char games[24], wdl[72], score[16], ci[48], elo[16], eloci[48];
} rp_figures;

static void figures(gr_stats_wdl r, rp_figures *f)
{
    long n = wdl_n(r);
    snprintf(f->games, sizeof f->games, "%ld", n);
    snprintf(f->wdl, sizeof f->wdl, "%ld-%ld-%ld", r.w, r.d, r.l);
    double lo, hi, e;
    if (n > 0) snprintf(f->score, sizeof f->score, "%.1f%%", 100.0 * gr_stats_score(r));
    else snprintf(f->score, sizeof f->score, "-");
    if (n > 0 && gr_stats_score_ci(r, CONF, &lo, &hi) == 0)
        snprintf(f->ci, sizeof f->ci, "[%.1f%%, %.1f%%]", 100.0 * lo, 100.0 * hi);
    else snprintf(f->ci, sizeof f->ci, "-");
    if (n > 0 && gr_stats_elo_ci(r, CONF, &e, &lo, &hi) == 0) {
        char a[16], c[16];
        fmt_elo(f->elo, sizeof f->elo, e);
        fmt_elo(a, sizeof a, lo);
        fmt_elo(c, sizeof c, hi);
        snprintf(f->eloci, sizeof f->eloci, "[%s, %s]", a, c);
    } else {
        snprintf(f->elo, sizeof f->elo, "-");
        snprintf(f->eloci, sizeof f->eloci, "-");
    }
}

/* ---- sorted name lists ----------------------------------------------------- */

typedef char rp_name[NAME_CAP];

typedef struct names {
    rp_name *v;
    size_t n, cap;
} names;

static void names_free(names *ns)
{
    free(ns->v);
    ns->v = NULL;
    ns->n = ns->cap = 0;
}

static int names_add(names *ns, const char *src, size_t scap)
{
    if (ns->n == ns->cap) {
        size_t ncap = ns->cap ? ns->cap * 2 : 16;
        if (ncap > SIZE_MAX / sizeof *ns->v) return -1;
        rp_name *nv = realloc(ns->v, ncap * sizeof *nv);
        if (!nv) return -1;
        ns->v = nv;
        ns->cap = ncap;
    }
    copy_field(ns->v[ns->n++], NAME_CAP, src, scap);
    return 0;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static void names_sort_unique(names *ns)
{
    if (ns->n < 2) return;
    qsort(ns->v, ns->n, sizeof *ns->v, cmp_name);
    size_t out = 1;
    for (size_t i = 1; i < ns->n; i++)
        if (strcmp(ns->v[i], ns->v[out - 1]) != 0) memcpy(ns->v[out++], ns->v[i], NAME_CAP);
    ns->n = out;
}

/* Position of a name in a sorted list; the list must hold it. */
static size_t names_find(const names *ns, const char *src, size_t scap)
{
    rp_name key;
    copy_field(key, sizeof key, src, scap);
    const rp_name *hit = bsearch(key, ns->v, ns->n, sizeof *ns->v, cmp_name);
    return hit ? (size_t)(hit - ns->v) : 0;
}

/* ---- the model ------------------------------------------------------------- */

typedef struct rp_scen {
    rp_name name;
    char slug[64];          /* file name stem of its charts */
    names pl;               /* its players, sorted */
    gr_stats_wdl *m;        /* pl.n x pl.n: the row player's results against the column's */
    gr_stats_wdl *mside;    /* pl.n x pl.n x 2: the same, split by the seat the row player held */
    gr_stats_wdl side0;     /* results of seat 0 over all its games */
    size_t ngames, nmirror; /* games, and games of a player against itself */
    char side[2][GR_ARENA_SIDE_MAX];    /* its sides' names when its games agree on them, else empty */
    int side_clash;         /* two games named its sides differently */
} rp_scen;

/* A player spec with one budget taken out: "mcts:iters=N,threads=1". */
typedef struct rp_entry {
    rp_name key;
    long budget;
    size_t player;          /* in model.players */
} rp_entry;

typedef struct rp_series {
    size_t first, count;    /* entries of one key, sorted by budget */
} rp_series;

typedef struct model {
    const gr_arena_set *s;
    rp_scen *sc;
    size_t ns;
    size_t *gsc;            /* per game: its scenario */
    size_t *gpl;            /* per game: both players' positions in their scenario's list */
    names players;          /* every player of the set */
    size_t ntour;           /* distinct tournaments */
    rp_entry *ent;
    size_t nent, capent;
    rp_series *ser;
    size_t nser;
} model;

static void model_free(model *md)
{
    for (size_t k = 0; k < md->ns; k++) {
        names_free(&md->sc[k].pl);
        free(md->sc[k].m);
        free(md->sc[k].mside);
    }
    free(md->sc);
    free(md->gsc);
    free(md->gpl);
    names_free(&md->players);
    free(md->ent);
    free(md->ser);
    memset(md, 0, sizeof *md);
}

static int add_entry(model *md, const rp_entry *e)
{
    if (md->nent == md->capent) {
        size_t ncap = md->capent ? md->capent * 2 : 16;
        if (ncap > SIZE_MAX / sizeof *md->ent) return -1;
        rp_entry *ne = realloc(md->ent, ncap * sizeof *ne);
        if (!ne) return -1;
        md->ent = ne;
        md->capent = ncap;
    }
    md->ent[md->nent++] = *e;
    return 0;
}

/* Finds every "iters=N" and "ms=N" option of a player's spec (an option
 * starts the spec or follows ':' or ',', and ends at ',' or the end). */
static int find_budgets(model *md, size_t player)
{
    static const char *const kinds[2] = {"iters=", "ms="};
    const char *spec = md->players.v[player];
    for (size_t i = 0; spec[i]; i++) {
        if (i > 0 && spec[i - 1] != ':' && spec[i - 1] != ',') continue;
        for (int k = 0; k < 2; k++) {
            size_t kl = strlen(kinds[k]);
            if (strncmp(spec + i, kinds[k], kl) != 0) continue;
            size_t a = i + kl, e = a;
            while (spec[e] >= '0' && spec[e] <= '9') e++;
            if (e == a || e - a > 12 || (spec[e] && spec[e] != ',')) continue;
            long budget = strtol(spec + a, NULL, 10);
            if (budget <= 0) continue;
            rp_entry ent;
            memset(&ent, 0, sizeof ent);
            /* the key is no longer than the spec: at least one digit becomes "N" */
            memcpy(ent.key, spec, a);
            ent.key[a] = 'N';
            snprintf(ent.key + a + 1, sizeof ent.key - a - 1, "%s", spec + e);
            ent.budget = budget;
            ent.player = player;
            if (add_entry(md, &ent)) return -1;
        }
    }
    return 0;
}

static int cmp_entry(const void *a, const void *b)
{
    const rp_entry *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    if (c) return c;
    if (x->budget != y->budget) return x->budget < y->budget ? -1 : 1;
    return (x->player > y->player) - (x->player < y->player);
}

static int build_series(model *md)
{
    for (size_t p = 0; p < md->players.n; p++)
        if (find_budgets(md, p)) return -1;
    if (md->nent == 0) return 0;
    qsort(md->ent, md->nent, sizeof *md->ent, cmp_entry);
    md->ser = calloc(md->nent, sizeof *md->ser);
    if (!md->ser) return -1;
    for (size_t i = 0; i < md->nent;) {
        size_t j = i + 1;
        while (j < md->nent && strcmp(md->ent[j].key, md->ent[i].key) == 0) j++;
        /* a series needs at least two different budgets */
        if (md->ent[j - 1].budget != md->ent[i].budget) {
            md->ser[md->nser].first = i;
            md->ser[md->nser].count = j - i;
            md->nser++;
        }
        i = j;
    }
    return 0;
}

/* Keeps the side names of a scenario's games while they all agree (lines
 * that name no sides say nothing either way). */
static void note_sides(rp_scen *sc, const gr_arena_game *g)
{
    if (!g->sides[0][0] && !g->sides[1][0]) return;
    char a[GR_ARENA_SIDE_MAX], b[GR_ARENA_SIDE_MAX];
    copy_field(a, sizeof a, g->sides[0], sizeof g->sides[0]);
    copy_field(b, sizeof b, g->sides[1], sizeof g->sides[1]);
    if (!sc->side[0][0] && !sc->side[1][0] && !sc->side_clash) {
        memcpy(sc->side[0], a, sizeof a);
        memcpy(sc->side[1], b, sizeof b);
    } else if (strcmp(sc->side[0], a) || strcmp(sc->side[1], b)) {
        sc->side_clash = 1;
        memset(sc->side, 0, sizeof sc->side);
    }
}

static int model_build(model *md, const gr_arena_set *s, gr_error *err)
{
    memset(md, 0, sizeof *md);
    md->s = s;
    names sn = {0}, tn = {0};
    size_t n = s->n;
    for (size_t i = 0; i < n; i++) {
        const gr_arena_game *g = &s->g[i];
        if (names_add(&sn, g->scenario, sizeof g->scenario) ||
            names_add(&tn, g->tournament, sizeof g->tournament) ||
            names_add(&md->players, g->players[0], sizeof g->players[0]) ||
            names_add(&md->players, g->players[1], sizeof g->players[1]))
            goto oom;
    }
    names_sort_unique(&sn);
    names_sort_unique(&tn);
    names_sort_unique(&md->players);
    md->ntour = tn.n;
    names_free(&tn);

    if (sn.n) {
        md->sc = calloc(sn.n, sizeof *md->sc);
        if (!md->sc) goto oom;
    }
    md->ns = sn.n;
    for (size_t k = 0; k < sn.n; k++) {
        memcpy(md->sc[k].name, sn.v[k], NAME_CAP);
        gr_text_slug(md->sc[k].slug, sizeof md->sc[k].slug, k, sn.v[k]);
    }
    md->gsc = calloc(n ? n : 1, sizeof *md->gsc);
    md->gpl = calloc(n ? 2 * n : 1, sizeof *md->gpl);
    if (!md->gsc || !md->gpl) goto oom;
    for (size_t i = 0; i < n; i++) {
        const gr_arena_game *g = &s->g[i];
        size_t k = names_find(&sn, g->scenario, sizeof g->scenario);
        md->gsc[i] = k;
        md->sc[k].ngames++;
        if (names_add(&md->sc[k].pl, g->players[0], sizeof g->players[0]) ||
            names_add(&md->sc[k].pl, g->players[1], sizeof g->players[1]))
            goto oom;
    }
    names_free(&sn);
    for (size_t k = 0; k < md->ns; k++) {
        rp_scen *sc = &md->sc[k];
        names_sort_unique(&sc->pl);
        size_t np = sc->pl.n;
        if (np > SIZE_MAX / sizeof *sc->m / np) goto oom;
        sc->m = calloc(np * np, sizeof *sc->m);
        if (!sc->m) goto oom;
        if (np * np > SIZE_MAX / 2 / sizeof *sc->mside) goto oom;
        sc->mside = calloc(2 * np * np, sizeof *sc->mside);
        if (!sc->mside) goto oom;
    }
    for (size_t i = 0; i < n; i++) {
        const gr_arena_game *g = &s->g[i];
        rp_scen *sc = &md->sc[md->gsc[i]];
        size_t a = names_find(&sc->pl, g->players[0], sizeof g->players[0]);
        size_t b = names_find(&sc->pl, g->players[1], sizeof g->players[1]);
        md->gpl[2 * i] = a;
        md->gpl[2 * i + 1] = b;
        gr_stats_wdl_add(&sc->side0, g->score[0]);
        note_sides(sc, g);
        if (a == b) {
            sc->nmirror++;
            continue;
        }
        gr_stats_wdl_add(&sc->m[a * sc->pl.n + b], g->score[0]);
        gr_stats_wdl_add(&sc->m[b * sc->pl.n + a], g->score[1]);
        gr_stats_wdl_add(&sc->mside[2 * (a * sc->pl.n + b)], g->score[0]);
        gr_stats_wdl_add(&sc->mside[2 * (b * sc->pl.n + a) + 1], g->score[1]);
    }
    if (build_series(md)) goto oom_nonames;
    return 0;
oom:
    names_free(&sn);
    names_free(&tn);
oom_nonames:
    model_free(md);
    return gr_error_set(err, "report: out of memory");
}

static gr_stats_wdl wdl_add(gr_stats_wdl a, gr_stats_wdl b)
{
    a.w += b.w;
    a.d += b.d;
    a.l += b.l;
    return a;
}

/* A player's results against a group of players (positions in the scenario). */
static gr_stats_wdl row_total(const rp_scen *sc, size_t row, const size_t *idx, size_t n)
{
    gr_stats_wdl t = {0, 0, 0};
    for (size_t j = 0; j < n; j++)
        if (idx[j] != row) t = wdl_add(t, sc->m[row * sc->pl.n + idx[j]]);
    return t;
}


/* The opponents every member of series sr met in scenario sc (members
 * themselves excluded), as positions in sc; returns the count. A budget
 * series is scored against these only, so that its points are comparable. */
static size_t series_opponents(const model *md, const rp_scen *sc, const rp_series *sr, size_t *out)
{
    size_t n = 0, np = sc->pl.n;
    const rp_entry *e = &md->ent[sr->first];
    for (size_t j = 0; j < np; j++) {
        int member = 0, all = 1, present = 0;
        for (size_t i = 0; i < sr->count; i++) {
            const char *pname = md->players.v[e[i].player];
            size_t p = names_find(&sc->pl, pname, NAME_CAP);
            if (np == 0 || strcmp(sc->pl.v[p], pname) != 0) continue;
            present++;
            if (p == j) member = 1;
            else if (wdl_n(sc->m[p * np + j]) == 0) all = 0;
        }
        if (!member && all && present) out[n++] = j;
    }
    return n;
}

/* ---- files ------------------------------------------------------------------ */

static int make_dirs(const char *dir, gr_error *err)
{
    char p[PATH_CAP];
    size_t len = strlen(dir);
    if (len == 0) return gr_error_set(err, "report: no output folder given");
    if (len >= sizeof p) return gr_error_set(err, "report: folder name too long: %.80s...", dir);
    memcpy(p, dir, len + 1);
    for (size_t i = 1; i <= len; i++) {
        if (p[i] != '/' && p[i] != '\0') continue;
        char keep = p[i];
        p[i] = '\0';
        if (mkdir(p, 0755) != 0 && errno != EEXIST) {
            int e = errno;
            return gr_error_set(err, "report: cannot create folder %s: %s", p, strerror(e));
        }
        p[i] = keep;
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return gr_error_set(err, "report: %s is not a folder", dir);
    return 0;
}

/* ---- SVG pieces --------------------------------------------------------------- */

/* An axis title under the plot and one turned along the left edge. */
static void svg_axis_titles(gr_text *b, double cx, double by, const char *xt, double lx, double cy,
                            const char *yt)
{
    gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", cx, by);
    gr_text_xml(b, xt, 0);
    gr_text_puts(b, "</text>\n");
    gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                      "transform=\"rotate(-90 %.1f %.1f)\">",
                   lx, cy, lx, cy);
    gr_text_xml(b, yt, 0);
    gr_text_puts(b, "</text>\n");
}

/* Vertical integer axis from 0 to ymax with gridlines across the plot. */
static void svg_count_axis(gr_text *b, double x0, double y0, double w, double h, double ymax,
                           double step)
{
    for (double v = 0; v <= ymax + step * 0.001; v += step) {
        double y = y0 + h - v / ymax * h;
        gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e0e0e0\"/>\n",
                       x0, y, x0 + w, y);
        gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                       x0 - 5, y, x0, y);
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>\n", x0 - 8,
                       y + 4, v);
    }
}

/* Colour of a score on a scale from orange (0%) through white (50%) to blue (100%). */
static void heat_colour(double s, char *buf, size_t cap)
{
    static const double lo[3] = {213, 94, 0}, mid[3] = {255, 255, 255}, hi[3] = {0, 114, 178};
    if (s < 0) s = 0;
    if (s > 1) s = 1;
    const double *a = s < 0.5 ? lo : mid, *c = s < 0.5 ? mid : hi;
    double t = s < 0.5 ? s / 0.5 : (s - 0.5) / 0.5;
    int rgb[3];
    for (int i = 0; i < 3; i++) rgb[i] = (int)lround(a[i] + (c[i] - a[i]) * t);
    snprintf(buf, cap, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* ---- charts ------------------------------------------------------------------- */

/* Score of each member of a budget series against budget, one line per scenario. */
static void chart_budget(gr_text *b, const model *md, const rp_series *sr)
{
    const rp_entry *e = &md->ent[sr->first];
    int ms = strstr(e->key, "ms=N") && !strstr(e->key, "iters=N");
    char title[200];
    snprintf(title, sizeof title, "Score by budget: %s", e->key);
    gr_text_svg_begin(b, title);
    const double x0 = 64, y0 = 44, w = 400, h = 260;
    double bmin = (double)e[0].budget, bmax = (double)e[sr->count - 1].budget;
    int klo = (int)floor(log2(bmin)), khi = (int)ceil(log2(bmax));
    if (khi <= klo) khi = klo + 1;
    double xlo = klo - 0.3, xhi = khi + 0.3;
#define XPOS(budget) (x0 + (log2((double)(budget)) - xlo) / (xhi - xlo) * w)
#define YPOS(score) (y0 + h - (score) * h)
    /* score gridlines, 50% stronger */
    for (int q = 0; q <= 4; q++) {
        double y = YPOS(q * 0.25);
        gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>\n",
                       x0, y, x0 + w, y, q == 2 ? "#888" : "#e0e0e0",
                       q == 2 ? " stroke-dasharray=\"4 3\"" : "");
        gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                       x0 - 5, y, x0, y);
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n", x0 - 8,
                       y + 4, q * 25);
    }
    int kstep = (khi - klo) / 8 + 1;
    for (int k = klo; k <= khi; k += kstep) {
        if (k < 0 || k > 62) continue;
        double x = x0 + (k - xlo) / (xhi - xlo) * w;
        gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                       x, y0 + h, x, y0 + h + 5);
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%llu</text>\n", x,
                       y0 + h + 18, 1ULL << k);
    }
    gr_text_svg_frame(b, x0, y0, w, h);
    svg_axis_titles(b, x0 + w / 2, y0 + h + 40,
                    ms ? "milliseconds per side-turn (log2 scale)"
                       : "iterations per decision (log2 scale)",
                    18, y0 + h / 2, "score against the common opponents");

    size_t drawn = 0;
    for (size_t k = 0; k < md->ns; k++) {
        const rp_scen *sc = &md->sc[k];
        const char *col = PALETTE[k % 8];
        /* slight sideways shift per scenario so error bars do not hide each other */
        double dx = ((double)(k % 5) - 2.0) * 2.5 * (md->ns > 1);
        gr_text pts, marks;
        gr_text_init(&pts);
        gr_text_init(&marks);
        size_t npts = 0;
        size_t *opp = malloc((sc->pl.n + 1) * sizeof *opp);
        size_t nopp = opp ? series_opponents(md, sc, sr, opp) : 0;
        for (size_t i = 0; i < sr->count; i++) {
            const rp_entry *m = &e[i];
            size_t p = names_find(&sc->pl, md->players.v[m->player], NAME_CAP);
            if (sc->pl.n == 0 || strcmp(sc->pl.v[p], md->players.v[m->player]) != 0) continue;
            gr_stats_wdl t = row_total(sc, p, opp, nopp);
            if (wdl_n(t) == 0) continue;
            double x = XPOS(m->budget) + dx, sv = gr_stats_score(t), lo, hi;
            gr_text_printf(&pts, "%s%.1f,%.1f", npts ? " " : "", x, YPOS(sv));
            npts++;
            if (gr_stats_score_ci(t, CONF, &lo, &hi) == 0) {
                gr_text_printf(&marks, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                                  "stroke=\"%s\"/>\n", x, YPOS(lo), x, YPOS(hi), col);
                gr_text_printf(&marks, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                                  "stroke=\"%s\"/>\n", x - 4, YPOS(lo), x + 4, YPOS(lo), col);
                gr_text_printf(&marks, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                                  "stroke=\"%s\"/>\n", x - 4, YPOS(hi), x + 4, YPOS(hi), col);
            }
            gr_text_printf(&marks, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n", x,
                           YPOS(sv), col);
        }
        if (pts.failed || marks.failed) b->failed = 1;
        if (npts > 1)
            gr_text_printf(b, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" "
                              "stroke-width=\"2\"/>\n", pts.p, col);
        if (marks.p) gr_text_puts(b, marks.p);
        gr_text_free(&pts);
        gr_text_free(&marks);
        free(opp);
        if (npts == 0) continue;
        if (drawn < 12) {
            double ly = y0 + 8 + 18.0 * (double)drawn;
            gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                              "stroke-width=\"2\"/>\n", x0 + w + 16, ly, x0 + w + 36, ly, col);
            gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\">", x0 + w + 42, ly + 4);
            gr_text_xml(b, sc->name, 22);
            gr_text_puts(b, "</text>\n");
        }
        drawn++;
    }
    double ly = y0 + 8 + 18.0 * (double)(drawn < 12 ? drawn : 12) + 6;
    gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\" font-size=\"11\">bars: %.0f%% "
                      "interval</text>\n", x0 + w + 16, ly + 4, 100.0 * CONF);
#undef XPOS
#undef YPOS
    gr_text_svg_end(b);
}

/* Heat map of the results among a group of players (positions in sc). */
static void chart_heat(gr_text *b, const rp_scen *sc, const size_t *idx, size_t n, const char *title)
{
    gr_text_svg_begin(b, title);
    gr_text_printf(b, "<text x=\"%d\" y=\"42\" text-anchor=\"middle\" fill=\"#555\">"
                      "row&apos;s score against column, per cent</text>\n", GR_TEXT_SVG_W / 2);
    const double lw = 220, top = 72, avail_w = GR_TEXT_SVG_W - lw - 20, avail_h = 236;
    double cell = (avail_w < avail_h ? avail_w : avail_h) / (double)n;
    if (cell > 72) cell = 72;
    double fs = cell / 3.2 < 12 ? cell / 3.2 : 12;
    if (fs < 6) fs = 6;
    for (size_t j = 0; j < n; j++)
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%zu</text>\n",
                       lw + (j + 0.5) * cell, top - 6, j + 1);
    for (size_t i = 0; i < n; i++) {
        const char *name = sc->pl.v[idx[i]];
        if (strncmp(name, DOCTRINE_PREFIX, strlen(DOCTRINE_PREFIX)) == 0)
            name += strlen(DOCTRINE_PREFIX);
        double y = top + (double)i * cell;
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%zu. ", lw - 8,
                       y + cell / 2 + 4, i + 1);
        gr_text_xml(b, name, 28);
        gr_text_puts(b, "</text>\n");
        for (size_t j = 0; j < n; j++) {
            double x = lw + (double)j * cell;
            gr_stats_wdl r = sc->m[idx[i] * sc->pl.n + idx[j]];
            char fill[8] = "#dddddd", label[16] = "-";
            if (i == j) {
                snprintf(fill, sizeof fill, "#f4f4f4");
                label[0] = '\0';
            } else if (wdl_n(r) > 0) {
                double s = gr_stats_score(r);
                heat_colour(s, fill, sizeof fill);
                snprintf(label, sizeof label, "%.0f%%", 100.0 * s);
            }
            gr_text_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                              "fill=\"%s\" stroke=\"#ffffff\"/>\n", x, y, cell, cell, fill);
            if (label[0])
                gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                                  "font-size=\"%.1f\">%s</text>\n", x + cell / 2, y + cell / 2 + fs / 3,
                               fs, label);
        }
    }
    /* the colour scale */
    const double gx = lw, gy = 322, gw = 200;
    gr_text_puts(b, "<defs><linearGradient id=\"scale\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\">"
                    "<stop offset=\"0\" stop-color=\"#d55e00\"/>"
                    "<stop offset=\"0.5\" stop-color=\"#ffffff\"/>"
                    "<stop offset=\"1\" stop-color=\"#0072b2\"/></linearGradient></defs>\n");
    gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">score</text>\n", gx - 8,
                   gy + 9);
    gr_text_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"10\" fill=\"url(#scale)\" "
                      "stroke=\"#888\"/>\n", gx, gy, gw);
    for (int q = 0; q <= 2; q++)
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"11\">"
                          "%d%%</text>\n", gx + gw * q / 2.0, gy + 24, q * 50);
    gr_text_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"#dddddd\"/>\n",
                   gx + gw + 30, gy);
    gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">did not meet</text>\n",
                   gx + gw + 46, gy + 9);
    gr_text_svg_end(b);
}

/* Histogram of player-moves of one scenario's games. */
static void chart_length(gr_text *b, const model *md, size_t k, long mn, long mx, double median)
{
    const rp_scen *sc = &md->sc[k];
    char title[200];
    snprintf(title, sizeof title, "Game length: %s", sc->name);
    gr_text_svg_begin(b, title);
    const double x0 = 60, y0 = 44, w = 556, h = 256;
    long span = mx - mn + 1;
    long bw = (span + 19) / 20;
    if (bw < 1) bw = 1;
    long nb = (span + bw - 1) / bw;
    long *cnt = calloc((size_t)nb, sizeof *cnt);
    if (!cnt) {
        b->failed = 1;
        return;
    }
    long cmax = 0;
    for (size_t i = 0; i < md->s->n; i++) {
        if (md->gsc[i] != k) continue;
        long bin = (md->s->g[i].moves - mn) / bw;
        if (++cnt[bin] > cmax) cmax = cnt[bin];
    }
    double step = ceil(gr_text_nice_step((double)cmax, 5));
    double ymax = ceil((double)cmax / step) * step;
    if (ymax <= 0) ymax = step;
    svg_count_axis(b, x0, y0, w, h, ymax, step);
    double slots = (double)(nb * bw);
    for (long i = 0; i < nb; i++) {
        double x = x0 + (double)(i * bw) / slots * w, bwpx = (double)bw / slots * w;
        double bh = (double)cnt[i] / ymax * h;
        if (cnt[i] > 0)
            gr_text_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                              "fill=\"#0072B2\" stroke=\"#ffffff\"/>\n", x, y0 + h - bh, bwpx, bh);
    }
    long lstep = nb / 10 + 1;
    for (long i = 0; i <= nb; i += lstep) {
        double x;
        long v = mn + i * bw;
        if (bw == 1) {
            if (i == nb) break;
            x = x0 + ((double)i + 0.5) / slots * w;
        } else {
            x = x0 + (double)(i * bw) / slots * w;
        }
        gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                       x, y0 + h, x, y0 + h + 5);
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%ld</text>\n", x,
                       y0 + h + 18, v);
    }
    gr_text_svg_frame(b, x0, y0, w, h);
    double mxpx = x0 + (median - (double)mn + 0.5) / slots * w;
    gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#D55E00\" "
                      "stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n", mxpx, y0, mxpx, y0 + h);
    gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#D55E00\" "
                      "stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n", x0 + w - 120, y0 - 8,
                   x0 + w - 100, y0 - 8);
    gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\">median %.1f</text>\n", x0 + w - 94, y0 - 4,
                   median);
    svg_axis_titles(b, x0 + w / 2, y0 + h + 40, "player-moves per game", 16, y0 + h / 2,
                    "games");
    free(cnt);
    gr_text_svg_end(b);
}

/* How often each way of ending occurred. */
typedef struct rp_end {
    char end[40];
    long count;
} rp_end;

static int cmp_end(const void *a, const void *b)
{
    const rp_end *x = a, *y = b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    return strcmp(x->end, y->end);
}

/* Counts the ends of one scenario's games, most frequent first; NULL when out of memory. */
static rp_end *count_ends(const model *md, size_t k, size_t *nout)
{
    const rp_scen *sc = &md->sc[k];
    rp_end *v = calloc(sc->ngames ? sc->ngames : 1, sizeof *v);
    if (!v) return NULL;
    size_t n = 0;
    for (size_t i = 0; i < md->s->n; i++) {
        if (md->gsc[i] != k) continue;
        char e[40];
        copy_field(e, sizeof e, md->s->g[i].end, sizeof md->s->g[i].end);
        size_t j = 0;
        while (j < n && strcmp(v[j].end, e) != 0) j++;
        if (j == n) {
            memcpy(v[n].end, e, sizeof e);
            n++;
        }
        v[j].count++;
    }
    qsort(v, n, sizeof *v, cmp_end);
    *nout = n;
    return v;
}

static void chart_ends(gr_text *b, const rp_scen *sc, const rp_end *v, size_t n)
{
    char title[200];
    snprintf(title, sizeof title, "How games ended: %s", sc->name);
    gr_text_svg_begin(b, title);
    const double x0 = 196, w = 340, room = 264;
    double slot = room / (double)n;
    if (slot > 40) slot = 40;
    const double h = slot * (double)n, y0 = 44 + (room - h) / 2;
    long cmax = v[0].count;
    double step = ceil(gr_text_nice_step((double)cmax, 5));
    double xmax = ceil((double)cmax / step) * step;
    for (double t = 0; t <= xmax + step * 0.001; t += step) {
        double x = x0 + t / xmax * w;
        gr_text_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e0e0e0\"/>\n",
                       x, y0, x, y0 + h);
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n", x,
                       y0 + h + 18, t);
    }
    for (size_t i = 0; i < n; i++) {
        double y = y0 + (double)i * slot, bh = slot * 0.7, bwid = (double)v[i].count / xmax * w;
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", x0 - 8,
                       y + slot / 2 + 4);
        gr_text_xml(b, v[i].end[0] ? v[i].end : "(none)", 28);
        gr_text_puts(b, "</text>\n");
        gr_text_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                          "fill=\"#009E73\"/>\n", x0, y + (slot - bh) / 2, bwid, bh);
        gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\">%ld (%.1f%%)</text>\n", x0 + bwid + 6,
                       y + slot / 2 + 4, v[i].count, 100.0 * (double)v[i].count / (double)sc->ngames);
    }
    gr_text_svg_frame(b, x0, y0, w, h);
    gr_text_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">games</text>\n", x0 + w / 2,
                   y0 + h + 40);
    gr_text_svg_end(b);
}

/* ---- Markdown sections ---------------------------------------------------------- */

/* Cross table, pairings and per-player totals among a group of players. */
static void md_tables(gr_text *b, const rp_scen *sc, const size_t *idx, size_t n)
{
    gr_text_puts(b, "| # | Player |");
    for (size_t j = 0; j < n; j++) gr_text_printf(b, " %zu |", j + 1);
    gr_text_puts(b, " Total |\n|---:|---|");
    for (size_t j = 0; j < n; j++) gr_text_puts(b, "---:|");
    gr_text_puts(b, "---:|\n");
    for (size_t i = 0; i < n; i++) {
        gr_text_printf(b, "| %zu | ", i + 1);
        gr_text_code(b, sc->pl.v[idx[i]]);
        gr_text_puts(b, " |");
        for (size_t j = 0; j < n; j++) {
            gr_stats_wdl r = sc->m[idx[i] * sc->pl.n + idx[j]];
            if (i == j) gr_text_puts(b, " . |");
            else if (wdl_n(r) == 0) gr_text_puts(b, " - |");
            else gr_text_printf(b, " %.1f%% (%ld) |", 100.0 * gr_stats_score(r), wdl_n(r));
        }
        gr_stats_wdl t = row_total(sc, idx[i], idx, n);
        if (wdl_n(t) == 0) gr_text_puts(b, " - |\n");
        else gr_text_printf(b, " %.1f%% (%ld) |\n", 100.0 * gr_stats_score(t), wdl_n(t));
    }

    gr_text_puts(b, "\nEvery pairing, from the first-named player's side:\n\n"
                    "| Player | Opponent | Games | W-D-L | Score | 95% CI | Elo | Elo 95% CI |\n"
                    "|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            gr_stats_wdl r = sc->m[idx[i] * sc->pl.n + idx[j]];
            if (wdl_n(r) == 0) continue;
            rp_figures f;
            figures(r, &f);
            gr_text_puts(b, "| ");
            gr_text_code(b, sc->pl.v[idx[i]]);
            gr_text_puts(b, " | ");
            gr_text_code(b, sc->pl.v[idx[j]]);
            gr_text_printf(b, " | %s | %s | %s | %s | %s | %s |\n", f.games, f.wdl, f.score, f.ci,
                           f.elo, f.eloci);
        }

    gr_text_puts(b, "\nEvery pairing by the side the first-named player commanded (side 0 is the "
                    "scenario's first side");
    if (sc->side[0][0]) {
        gr_text_puts(b, ", here the ");
        gr_text_plain(b, sc->side[0]);
    }
    gr_text_puts(b, "; a scenario seldom gives both sides the same chances, "
                    "and a player may be stronger with one of them):\n\n"
                    "| Player | Opponent | Games as side 0 | W-D-L | Score | 95% CI | Games as side 1 | W-D-L "
                    "| Score | 95% CI |\n"
                    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            size_t cell = idx[i] * sc->pl.n + idx[j];
            if (wdl_n(sc->m[cell]) == 0) continue;
            gr_text_puts(b, "| ");
            gr_text_code(b, sc->pl.v[idx[i]]);
            gr_text_puts(b, " | ");
            gr_text_code(b, sc->pl.v[idx[j]]);
            for (int seat = 0; seat < 2; seat++) {
                rp_figures f;
                figures(sc->mside[2 * cell + (size_t)seat], &f);
                gr_text_printf(b, " | %s | %s | %s | %s", f.games, f.wdl, f.score, f.ci);
            }
            gr_text_puts(b, " |\n");
        }

    gr_text_puts(b, "\nEach player against the whole field:\n\n"
                    "| Player | Games | W-D-L | Score | 95% CI | Elo | Elo 95% CI |\n"
                    "|---|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < n; i++) {
        rp_figures f;
        figures(row_total(sc, idx[i], idx, n), &f);
        gr_text_puts(b, "| ");
        gr_text_code(b, sc->pl.v[idx[i]]);
        gr_text_printf(b, " | %s | %s | %s | %s | %s | %s |\n", f.games, f.wdl, f.score, f.ci, f.elo,
                       f.eloci);
    }
}

static void md_header(gr_text *b, const model *md, const char *title, const char *command)
{
    gr_text_puts(b, "# ");
    for (const char *p = title ? title : "Arena report"; *p; p++)
        gr_text_putn(b, (unsigned char)*p < 0x20 ? " " : p, 1);
    gr_text_puts(b, "\n\n");
    if (command && *command) {
        gr_text_puts(b, "Produced by this command:\n\n~~~\n");
        for (const char *p = command; *p; p++)
            gr_text_putn(b, (unsigned char)*p < 0x20 ? " " : p, 1);
        gr_text_puts(b, "\n~~~\n\n");
    }
    const gr_arena_set *s = md->s;
    gr_text_printf(b, "%zu game%s from %zu tournament%s, %zu player%s, %zu scenario%s", s->n,
                   s->n == 1 ? "" : "s", md->ntour, md->ntour == 1 ? "" : "s", md->players.n,
                   md->players.n == 1 ? "" : "s", md->ns, md->ns == 1 ? "" : "s");
    for (size_t k = 0; k < md->ns; k++) {
        gr_text_puts(b, k ? ", " : ": ");
        gr_text_code(b, md->sc[k].name);
        gr_text_printf(b, " (%zu game%s)", md->sc[k].ngames, md->sc[k].ngames == 1 ? "" : "s");
    }
    /* wall times are left out on purpose: a re-run must give the same page */
    gr_text_puts(b, ".\n\n");
    gr_text_puts(b, "How to read the tables: a win counts 1, a draw a half, a loss 0, and a "
                    "player's score is its share of the points on offer, whichever side it "
                    "commanded. The bracket after a score is the range the true strength very "
                    "likely lies in (95% confidence): with few games it is wide, and two players "
                    "whose ranges overlap broadly are not proven to differ. Elo turns a score into "
                    "a rating gap: +100 means winning about 64% of the points, +200 about 76%; "
                    "\"inf\" appears when one side never scored.\n\n");
}

static void md_scenario(gr_text *b, const model *md, size_t k)
{
    const rp_scen *sc = &md->sc[k];
    gr_text_puts(b, "## Scenario ");
    gr_text_code(b, sc->name);
    gr_text_puts(b, "\n\n");
    rp_figures f;
    figures(sc->side0, &f);
    gr_text_printf(b, "%zu game%s among %zu player%s. ", sc->ngames, sc->ngames == 1 ? "" : "s", sc->pl.n,
                   sc->pl.n == 1 ? "" : "s");
    if (sc->side[0][0]) {
        gr_text_puts(b, "The ");
        gr_text_plain(b, sc->side[0]);
        gr_text_printf(b, " (side 0) took %s of the points whoever played them (95%% CI %s), the ",
                       f.score, f.ci);
        gr_text_plain(b, sc->side[1][0] ? sc->side[1] : "side 1");
        gr_text_puts(b, " (side 1) the rest: a measure of how even the scenario is.");
    } else {
        gr_text_printf(b, "Side 0 took %s of the points whoever played it (95%% CI %s), a measure of "
                          "how even the scenario is.", f.score, f.ci);
    }
    if (sc->nmirror)
        gr_text_printf(b, " %zu game%s of a player against itself %s left out of the tables below.",
                       sc->nmirror, sc->nmirror == 1 ? "" : "s", sc->nmirror == 1 ? "is" : "are");
    gr_text_puts(b, "\n\nCross table: each cell is the row player's score against the column player, "
                    "with the number of games in brackets.\n\n");
    size_t *idx = malloc((sc->pl.n ? sc->pl.n : 1) * sizeof *idx);
    if (!idx) {
        b->failed = 1;
        return;
    }
    for (size_t i = 0; i < sc->pl.n; i++) idx[i] = i;
    md_tables(b, sc, idx, sc->pl.n);
    free(idx);
    gr_text_puts(b, "\n");
}

/* The budget section; writes its charts too. */
static int md_budget(gr_text *b, const model *md, const char *dir, gr_error *err)
{
    gr_text_puts(b, "## Strength against budget\n\n");
    if (md->nser == 0) {
        gr_text_puts(b, "No series to compare: no group of players differs only in its "
                        "iterations or milliseconds per decision.\n\n");
        return 0;
    }
    gr_text_puts(b, "Players that are the same apart from their thinking budget (`iters=` or "
                    "`ms=`), each scored only against the opponents that every one of them met in "
                    "the scenario, so that the points compare like with like. A line that "
                    "still climbs at the right-hand end means more thought still buys strength; a "
                    "flat line means the budget is no longer what limits play.\n\n");
    for (size_t q = 0; q < md->nser; q++) {
        const rp_series *sr = &md->ser[q];
        const rp_entry *e = &md->ent[sr->first];
        char fname[64];
        snprintf(fname, sizeof fname, "budget-%zu.svg", q + 1);
        gr_text svg;
        gr_text_init(&svg);
        chart_budget(&svg, md, sr);
        int rc = gr_text_write(dir, fname, &svg, err);
        gr_text_free(&svg);
        if (rc) return -1;
        gr_text_puts(b, "### ");
        gr_text_code(b, e->key);
        gr_text_printf(b, "\n\n![Score by budget](%s)\n\n", fname);
        gr_text_puts(b, "| Player | Budget | Scenario | Games | W-D-L | Score | 95% CI |\n"
                        "|---|---:|---|---:|---:|---:|---:|\n");
        for (size_t i = 0; i < sr->count; i++)
            for (size_t k = 0; k < md->ns; k++) {
                const rp_scen *sc = &md->sc[k];
                const char *pname = md->players.v[e[i].player];
                size_t p = names_find(&sc->pl, pname, NAME_CAP);
                if (sc->pl.n == 0 || strcmp(sc->pl.v[p], pname) != 0) continue;
                size_t *opp = malloc((sc->pl.n + 1) * sizeof *opp);
                size_t nopp = opp ? series_opponents(md, sc, sr, opp) : 0;
                gr_stats_wdl t = row_total(sc, p, opp, nopp);
                free(opp);
                rp_figures f;
                figures(t, &f);
                gr_text_puts(b, "| ");
                gr_text_code(b, pname);
                gr_text_printf(b, " | %ld | ", e[i].budget);
                gr_text_code(b, sc->name);
                gr_text_printf(b, " | %s | %s | %s | %s |\n", f.games, f.wdl, f.score, f.ci);
            }
        gr_text_puts(b, "\n");
    }
    return 0;
}

static int is_doctrine(const char *spec)
{
    return strncmp(spec, DOCTRINE_PREFIX, strlen(DOCTRINE_PREFIX)) == 0;
}

static int md_doctrine(gr_text *b, const model *md, const char *dir, gr_error *err)
{
    gr_text_puts(b, "## Doctrine against doctrine\n\n");
    size_t total = 0;
    for (size_t p = 0; p < md->players.n; p++) total += is_doctrine(md->players.v[p]) != 0;
    if (total < 2) {
        gr_text_puts(b, "Fewer than two scripted doctrines (`doctrine:` players) took part, so "
                        "there is nothing to set against each other.\n\n");
        return 0;
    }
    gr_text_puts(b, "The scripted doctrines among themselves only: which way of fighting beats "
                    "which. Blue cells favour the row's doctrine, orange ones the column's.\n\n");
    for (size_t k = 0; k < md->ns; k++) {
        const rp_scen *sc = &md->sc[k];
        gr_text_puts(b, "### ");
        gr_text_code(b, sc->name);
        gr_text_puts(b, "\n\n");
        size_t *idx = malloc((sc->pl.n ? sc->pl.n : 1) * sizeof *idx);
        if (!idx) return gr_error_set(err, "report: out of memory");
        size_t n = 0;
        for (size_t i = 0; i < sc->pl.n; i++)
            if (is_doctrine(sc->pl.v[i])) idx[n++] = i;
        if (n < 2) {
            gr_text_puts(b, "Fewer than two doctrines played this scenario.\n\n");
            free(idx);
            continue;
        }
        long met = 0; /* games between two of them */
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++) {
                gr_stats_wdl c = sc->m[idx[i] * sc->pl.n + idx[j]];
                if (i != j) met += c.w + c.d + c.l;
            }
        if (met == 0) {
            gr_text_puts(b, "The doctrines here played other opponents only, never each other.\n\n");
            free(idx);
            continue;
        }
        char fname[96], title[200];
        snprintf(fname, sizeof fname, "%s-doctrines.svg", sc->slug);
        snprintf(title, sizeof title, "Doctrine against doctrine: %s", sc->name);
        gr_text svg;
        gr_text_init(&svg);
        chart_heat(&svg, sc, idx, n, title);
        int rc = gr_text_write(dir, fname, &svg, err);
        gr_text_free(&svg);
        if (rc) {
            free(idx);
            return -1;
        }
        md_tables(b, sc, idx, n);
        gr_text_printf(b, "\n![Doctrine heat map](%s)\n\n", fname);
        free(idx);
    }
    return 0;
}

static int md_length(gr_text *b, const model *md, const char *dir, gr_error *err)
{
    gr_text_puts(b, "## Game length\n\nLength counts player-moves: one side's whole turn is one "
                    "move.\n\n"
                    "| Scenario | Games | Mean | Median | Shortest | Longest | Decisions per game |\n"
                    "|---|---:|---:|---:|---:|---:|---:|\n");
    double *x = malloc((md->s->n ? md->s->n : 1) * sizeof *x);
    gr_text charts;
    gr_text_init(&charts);
    if (!x) return gr_error_set(err, "report: out of memory");
    for (size_t k = 0; k < md->ns; k++) {
        const rp_scen *sc = &md->sc[k];
        long n = 0, mn = 0, mx = 0;
        double sum = 0, dsum = 0;
        for (size_t i = 0; i < md->s->n; i++) {
            if (md->gsc[i] != k) continue;
            long mv = md->s->g[i].moves;
            if (n == 0 || mv < mn) mn = mv;
            if (n == 0 || mv > mx) mx = mv;
            x[n++] = (double)mv;
            sum += (double)mv;
            dsum += (double)md->s->g[i].decisions;
        }
        if (n == 0) continue;
        double med = gr_stats_median(x, n);
        gr_text_puts(b, "| ");
        gr_text_code(b, sc->name);
        gr_text_printf(b, " | %ld | %.1f | %.1f | %ld | %ld | %.1f |\n", n, sum / (double)n, med, mn,
                       mx, dsum / (double)n);
        char fname[96];
        snprintf(fname, sizeof fname, "%s-length.svg", sc->slug);
        gr_text svg;
        gr_text_init(&svg);
        chart_length(&svg, md, k, mn, mx, med);
        int rc = gr_text_write(dir, fname, &svg, err);
        gr_text_free(&svg);
        if (rc) {
            free(x);
            gr_text_free(&charts);
            return -1;
        }
        gr_text_printf(&charts, "![Game length: %s](%s)\n\n", sc->slug, fname);
    }
    free(x);
    gr_text_puts(b, "\n");
    if (charts.failed) b->failed = 1;
    if (charts.p) gr_text_puts(b, charts.p);
    gr_text_free(&charts);
    return 0;
}

static int md_ends(gr_text *b, const model *md, const char *dir, gr_error *err)
{
    gr_text_puts(b, "## How the games ended\n\nA game is decisive when one side won; the rest "
                    "were drawn.\n\n"
                    "| Scenario | Games | Decisive | Drawn | Decisive share |\n"
                    "|---|---:|---:|---:|---:|\n");
    for (size_t k = 0; k < md->ns; k++) {
        long dec = 0, n = 0;
        for (size_t i = 0; i < md->s->n; i++) {
            if (md->gsc[i] != k) continue;
            n++;
            dec += md->s->g[i].winner != -1;
        }
        gr_text_puts(b, "| ");
        gr_text_code(b, md->sc[k].name);
        gr_text_printf(b, " | %ld | %ld | %ld | %.1f%% |\n", n, dec, n - dec,
                       n ? 100.0 * (double)dec / (double)n : 0.0);
    }
    gr_text_puts(b, "\n");
    for (size_t k = 0; k < md->ns; k++) {
        const rp_scen *sc = &md->sc[k];
        size_t ne = 0;
        rp_end *v = count_ends(md, k, &ne);
        if (!v) return gr_error_set(err, "report: out of memory");
        if (ne == 0) {
            free(v);
            continue;
        }
        gr_text_puts(b, "### ");
        gr_text_code(b, sc->name);
        gr_text_puts(b, "\n\n| End | Games | Share |\n|---|---:|---:|\n");
        for (size_t i = 0; i < ne; i++) {
            gr_text_puts(b, "| ");
            gr_text_code(b, v[i].end);
            gr_text_printf(b, " | %ld | %.1f%% |\n", v[i].count,
                           100.0 * (double)v[i].count / (double)sc->ngames);
        }
        char fname[96];
        snprintf(fname, sizeof fname, "%s-ends.svg", sc->slug);
        gr_text svg;
        gr_text_init(&svg);
        chart_ends(&svg, sc, v, ne);
        free(v);
        int rc = gr_text_write(dir, fname, &svg, err);
        gr_text_free(&svg);
        if (rc) return -1;
        gr_text_printf(b, "\n![How games ended](%s)\n\n", fname);
    }
    return 0;
}

int gr_report_write(const gr_arena_set *s, const gr_tactics *tactics, const char *out_dir,
                    const char *title, const char *command, gr_error *err)
{
    if (!s || !out_dir) return gr_error_set(err, "report: no results or no folder given");
    if (make_dirs(out_dir, err)) return -1;
    model md;
    if (model_build(&md, s, err)) return -1;
    gr_text b;
    gr_text_init(&b);
    md_header(&b, &md, title, command);
    int rc = 0;
    if (s->n == 0) {
        gr_text_puts(&b, "There are no games to report on.\n");
    } else {
        for (size_t k = 0; k < md.ns; k++) md_scenario(&b, &md, k);
        rc = md_budget(&b, &md, out_dir, err);
        if (!rc) rc = md_doctrine(&b, &md, out_dir, err);
        if (!rc && tactics) rc = gr_tactics_write(tactics, &b, out_dir, err);
        if (!rc) rc = md_length(&b, &md, out_dir, err);
        if (!rc) rc = md_ends(&b, &md, out_dir, err);
    }
    if (!rc) rc = gr_text_write(out_dir, "README.md", &b, err);
    gr_text_free(&b);
    model_free(&md);
    return rc;
}
