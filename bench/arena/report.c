/* report.c - the tactics report of an arena run. It first condenses the games
 * into a model (scenarios, the players of each, a results matrix per
 * scenario, and "budget series": players that differ only in their iteration
 * or millisecond budget), then writes the Markdown page and SVG charts from
 * that model. Everything is sorted by name and printed with fixed formats so
 * the same set of games always gives the same bytes. */
#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../engine/core/fsutil.h"
#include "stats.h"

#define NAME_CAP 130            /* longest name field (128) plus NUL, with a spare byte */
#define CONF 0.95               /* confidence of every interval in the report */
#define SVG_W 640
#define SVG_H 360
#define PATH_CAP 4096
#define DOCTRINE_PREFIX "doctrine:"

/* Colour-blind friendly line colours (Okabe and Ito). */
static const char *const PALETTE[8] = {
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
};

/* ---- growing text buffer --------------------------------------------------- */

typedef struct sbuf {
    char *p;
    size_t n, cap;
    int failed;     /* out of memory at some point: the text is incomplete */
} sbuf;

static void sb_init(sbuf *b)
{
    b->p = NULL;
    b->n = b->cap = 0;
    b->failed = 0;
}

static void sb_free(sbuf *b)
{
    free(b->p);
    sb_init(b);
}

static int sb_reserve(sbuf *b, size_t extra)
{
    if (b->failed) return -1;
    if (extra > SIZE_MAX - b->n - 1) {
        b->failed = 1;
        return -1;
    }
    size_t need = b->n + extra + 1;
    if (need <= b->cap) return 0;
    size_t ncap = b->cap ? b->cap : 1024;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2) {
            b->failed = 1;
            return -1;
        }
        ncap *= 2;
    }
    char *np = realloc(b->p, ncap);
    if (!np) {
        b->failed = 1;
        return -1;
    }
    b->p = np;
    b->cap = ncap;
    return 0;
}

static void sb_putn(sbuf *b, const char *s, size_t n)
{
    if (sb_reserve(b, n)) return;
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

static void sb_puts(sbuf *b, const char *s)
{
    sb_putn(b, s, strlen(s));
}

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k < 0) {
        b->failed = 1;
        return;
    }
    if ((size_t)k < sizeof tmp) {
        sb_putn(b, tmp, (size_t)k);
        return;
    }
    if (sb_reserve(b, (size_t)k)) return;
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

/* ---- escaping -------------------------------------------------------------- */

/* Copies a fixed-size field (which may lack its NUL) into a C string. */
static void copy_field(char *dst, size_t dcap, const char *src, size_t scap)
{
    size_t n = strnlen(src, scap);
    if (n >= dcap) n = dcap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* A name as a Markdown code span that survives inside a table. */
static void sb_code(sbuf *b, const char *s)
{
    if (!*s) {
        sb_puts(b, "(none)");
        return;
    }
    sb_putn(b, "`", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '|') sb_puts(b, "\\|");
        else if (c == '`') sb_putn(b, "'", 1);
        else if (c < 0x20 || c == 0x7f) sb_putn(b, " ", 1);
        else sb_putn(b, s, 1);
    }
    sb_putn(b, "`", 1);
}

/* Text for SVG/XML, cut to at most maxbytes (0: no limit) on a UTF-8
 * character boundary, with "..." marking a cut. */
static void sb_xml(sbuf *b, const char *s, size_t maxbytes)
{
    size_t len = strlen(s);
    int cut = 0;
    if (maxbytes && len > maxbytes) {
        len = maxbytes;
        while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80) len--;
        cut = 1;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '&': sb_puts(b, "&amp;"); break;
        case '<': sb_puts(b, "&lt;"); break;
        case '>': sb_puts(b, "&gt;"); break;
        case '"': sb_puts(b, "&quot;"); break;
        case '\'': sb_puts(b, "&apos;"); break;
        default:
            if (c < 0x20 || c == 0x7f) sb_putn(b, "?", 1);
            else sb_putn(b, s + i, 1);
        }
    }
    if (cut) sb_puts(b, "...");
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

/* "s3-fogn-minimal": the position keeps names unique, the rest is readable. */
static void make_slug(char *out, size_t cap, size_t k, const char *name)
{
    int n = snprintf(out, cap, "s%zu-", k + 1);
    size_t o = n > 0 && (size_t)n < cap ? (size_t)n : 0;
    int dash = 1;
    for (const char *p = name; *p && o + 1 < cap && o < 40; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            out[o++] = (char)c;
            dash = 0;
        } else if (c >= 'A' && c <= 'Z') {
            out[o++] = (char)(c - 'A' + 'a');
            dash = 0;
        } else if (!dash) {
            out[o++] = '-';
            dash = 1;
        }
    }
    while (o > 0 && out[o - 1] == '-') o--;
    out[o] = '\0';
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
        make_slug(md->sc[k].slug, sizeof md->sc[k].slug, k, sn.v[k]);
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

static int write_out(const char *dir, const char *name, const sbuf *b, gr_error *err)
{
    char path[PATH_CAP];
    int k = snprintf(path, sizeof path, "%s/%s", dir, name);
    if (k < 0 || (size_t)k >= sizeof path)
        return gr_error_set(err, "report: path too long for %s", name);
    if (b->failed) return gr_error_set(err, "report: out of memory writing %s", path);
    return gr_write_atomic(path, b->p ? b->p : "", b->n, err);
}

/* ---- SVG pieces --------------------------------------------------------------- */

static void svg_begin(sbuf *b, const char *title)
{
    sb_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                 "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
              SVG_W, SVG_H, SVG_W, SVG_H);
    sb_puts(b, "<title>");
    sb_xml(b, title, 0);
    sb_puts(b, "</title>\n");
    sb_printf(b, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", SVG_W,
              SVG_H);
    sb_printf(b, "<text x=\"%d\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" "
                 "font-weight=\"bold\">",
              SVG_W / 2);
    sb_xml(b, title, 90);
    sb_puts(b, "</text>\n");
}

static void svg_end(sbuf *b)
{
    sb_puts(b, "</svg>\n");
}

/* A tick step of 1, 2 or 5 times a power of ten giving about `target` ticks. */
static double nice_step(double span, int target)
{
    if (!(span > 0)) return 1.0;
    double raw = span / target;
    double p = pow(10.0, floor(log10(raw)));
    double f = raw / p;
    double m = f <= 1.0 ? 1.0 : f <= 2.0 ? 2.0 : f <= 5.0 ? 5.0 : 10.0;
    return m * p;
}

/* An axis title under the plot and one turned along the left edge. */
static void svg_axis_titles(sbuf *b, double cx, double by, const char *xt, double lx, double cy,
                            const char *yt)
{
    sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", cx, by);
    sb_xml(b, xt, 0);
    sb_puts(b, "</text>\n");
    sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                 "transform=\"rotate(-90 %.1f %.1f)\">",
              lx, cy, lx, cy);
    sb_xml(b, yt, 0);
    sb_puts(b, "</text>\n");
}

/* Vertical integer axis from 0 to ymax with gridlines across the plot. */
static void svg_count_axis(sbuf *b, double x0, double y0, double w, double h, double ymax,
                           double step)
{
    for (double v = 0; v <= ymax + step * 0.001; v += step) {
        double y = y0 + h - v / ymax * h;
        sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e0e0e0\"/>\n",
                  x0, y, x0 + w, y);
        sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                  x0 - 5, y, x0, y);
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>\n", x0 - 8,
                  y + 4, v);
    }
}

static void svg_frame(sbuf *b, double x0, double y0, double w, double h)
{
    sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n", x0,
              y0, x0, y0 + h);
    sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n", x0,
              y0 + h, x0 + w, y0 + h);
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
static void chart_budget(sbuf *b, const model *md, const rp_series *sr)
{
    const rp_entry *e = &md->ent[sr->first];
    int ms = strstr(e->key, "ms=N") && !strstr(e->key, "iters=N");
    char title[200];
    snprintf(title, sizeof title, "Score by budget: %s", e->key);
    svg_begin(b, title);
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
        sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>\n",
                  x0, y, x0 + w, y, q == 2 ? "#888" : "#e0e0e0",
                  q == 2 ? " stroke-dasharray=\"4 3\"" : "");
        sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                  x0 - 5, y, x0, y);
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n", x0 - 8,
                  y + 4, q * 25);
    }
    int kstep = (khi - klo) / 8 + 1;
    for (int k = klo; k <= khi; k += kstep) {
        if (k < 0 || k > 62) continue;
        double x = x0 + (k - xlo) / (xhi - xlo) * w;
        sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                  x, y0 + h, x, y0 + h + 5);
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%llu</text>\n", x,
                  y0 + h + 18, 1ULL << k);
    }
    svg_frame(b, x0, y0, w, h);
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
        sbuf pts, marks;
        sb_init(&pts);
        sb_init(&marks);
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
            sb_printf(&pts, "%s%.1f,%.1f", npts ? " " : "", x, YPOS(sv));
            npts++;
            if (gr_stats_score_ci(t, CONF, &lo, &hi) == 0) {
                sb_printf(&marks, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                             "stroke=\"%s\"/>\n", x, YPOS(lo), x, YPOS(hi), col);
                sb_printf(&marks, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                             "stroke=\"%s\"/>\n", x - 4, YPOS(lo), x + 4, YPOS(lo), col);
                sb_printf(&marks, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                             "stroke=\"%s\"/>\n", x - 4, YPOS(hi), x + 4, YPOS(hi), col);
            }
            sb_printf(&marks, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n", x,
                      YPOS(sv), col);
        }
        if (pts.failed || marks.failed) b->failed = 1;
        if (npts > 1)
            sb_printf(b, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" "
                         "stroke-width=\"2\"/>\n", pts.p, col);
        if (marks.p) sb_puts(b, marks.p);
        sb_free(&pts);
        sb_free(&marks);
        free(opp);
        if (npts == 0) continue;
        if (drawn < 12) {
            double ly = y0 + 8 + 18.0 * (double)drawn;
            sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                         "stroke-width=\"2\"/>\n", x0 + w + 16, ly, x0 + w + 36, ly, col);
            sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\">", x0 + w + 42, ly + 4);
            sb_xml(b, sc->name, 22);
            sb_puts(b, "</text>\n");
        }
        drawn++;
    }
    double ly = y0 + 8 + 18.0 * (double)(drawn < 12 ? drawn : 12) + 6;
    sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\" font-size=\"11\">bars: %.0f%% "
                 "interval</text>\n", x0 + w + 16, ly + 4, 100.0 * CONF);
#undef XPOS
#undef YPOS
    svg_end(b);
}

/* Heat map of the results among a group of players (positions in sc). */
static void chart_heat(sbuf *b, const rp_scen *sc, const size_t *idx, size_t n, const char *title)
{
    svg_begin(b, title);
    sb_printf(b, "<text x=\"%d\" y=\"42\" text-anchor=\"middle\" fill=\"#555\">"
                 "row&apos;s score against column, per cent</text>\n", SVG_W / 2);
    const double lw = 220, top = 72, avail_w = SVG_W - lw - 20, avail_h = 236;
    double cell = (avail_w < avail_h ? avail_w : avail_h) / (double)n;
    if (cell > 72) cell = 72;
    double fs = cell / 3.2 < 12 ? cell / 3.2 : 12;
    if (fs < 6) fs = 6;
    for (size_t j = 0; j < n; j++)
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%zu</text>\n",
                  lw + (j + 0.5) * cell, top - 6, j + 1);
    for (size_t i = 0; i < n; i++) {
        const char *name = sc->pl.v[idx[i]];
        if (strncmp(name, DOCTRINE_PREFIX, strlen(DOCTRINE_PREFIX)) == 0)
            name += strlen(DOCTRINE_PREFIX);
        double y = top + (double)i * cell;
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%zu. ", lw - 8,
                  y + cell / 2 + 4, i + 1);
        sb_xml(b, name, 28);
        sb_puts(b, "</text>\n");
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
            sb_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                         "fill=\"%s\" stroke=\"#ffffff\"/>\n", x, y, cell, cell, fill);
            if (label[0])
                sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                             "font-size=\"%.1f\">%s</text>\n", x + cell / 2, y + cell / 2 + fs / 3,
                          fs, label);
        }
    }
    /* the colour scale */
    const double gx = lw, gy = 322, gw = 200;
    sb_puts(b, "<defs><linearGradient id=\"scale\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\">"
               "<stop offset=\"0\" stop-color=\"#d55e00\"/>"
               "<stop offset=\"0.5\" stop-color=\"#ffffff\"/>"
               "<stop offset=\"1\" stop-color=\"#0072b2\"/></linearGradient></defs>\n");
    sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">score</text>\n", gx - 8,
              gy + 9);
    sb_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"10\" fill=\"url(#scale)\" "
                 "stroke=\"#888\"/>\n", gx, gy, gw);
    for (int q = 0; q <= 2; q++)
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"11\">"
                     "%d%%</text>\n", gx + gw * q / 2.0, gy + 24, q * 50);
    sb_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"#dddddd\"/>\n",
              gx + gw + 30, gy);
    sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">did not meet</text>\n",
              gx + gw + 46, gy + 9);
    svg_end(b);
}

/* Histogram of player-moves of one scenario's games. */
static void chart_length(sbuf *b, const model *md, size_t k, long mn, long mx, double median)
{
    const rp_scen *sc = &md->sc[k];
    char title[200];
    snprintf(title, sizeof title, "Game length: %s", sc->name);
    svg_begin(b, title);
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
    double step = ceil(nice_step((double)cmax, 5));
    double ymax = ceil((double)cmax / step) * step;
    if (ymax <= 0) ymax = step;
    svg_count_axis(b, x0, y0, w, h, ymax, step);
    double slots = (double)(nb * bw);
    for (long i = 0; i < nb; i++) {
        double x = x0 + (double)(i * bw) / slots * w, bwpx = (double)bw / slots * w;
        double bh = (double)cnt[i] / ymax * h;
        if (cnt[i] > 0)
            sb_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
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
        sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                  x, y0 + h, x, y0 + h + 5);
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%ld</text>\n", x,
                  y0 + h + 18, v);
    }
    svg_frame(b, x0, y0, w, h);
    double mxpx = x0 + (median - (double)mn + 0.5) / slots * w;
    sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#D55E00\" "
                 "stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n", mxpx, y0, mxpx, y0 + h);
    sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#D55E00\" "
                 "stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n", x0 + w - 120, y0 - 8,
              x0 + w - 100, y0 - 8);
    sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\">median %.1f</text>\n", x0 + w - 94, y0 - 4,
              median);
    svg_axis_titles(b, x0 + w / 2, y0 + h + 40, "player-moves per game", 16, y0 + h / 2,
                    "games");
    free(cnt);
    svg_end(b);
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

static void chart_ends(sbuf *b, const rp_scen *sc, const rp_end *v, size_t n)
{
    char title[200];
    snprintf(title, sizeof title, "How games ended: %s", sc->name);
    svg_begin(b, title);
    const double x0 = 196, w = 340, room = 264;
    double slot = room / (double)n;
    if (slot > 40) slot = 40;
    const double h = slot * (double)n, y0 = 44 + (room - h) / 2;
    long cmax = v[0].count;
    double step = ceil(nice_step((double)cmax, 5));
    double xmax = ceil((double)cmax / step) * step;
    for (double t = 0; t <= xmax + step * 0.001; t += step) {
        double x = x0 + t / xmax * w;
        sb_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e0e0e0\"/>\n",
                  x, y0, x, y0 + h);
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n", x,
                  y0 + h + 18, t);
    }
    for (size_t i = 0; i < n; i++) {
        double y = y0 + (double)i * slot, bh = slot * 0.7, bwid = (double)v[i].count / xmax * w;
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", x0 - 8,
                  y + slot / 2 + 4);
        sb_xml(b, v[i].end[0] ? v[i].end : "(none)", 28);
        sb_puts(b, "</text>\n");
        sb_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                     "fill=\"#009E73\"/>\n", x0, y + (slot - bh) / 2, bwid, bh);
        sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\">%ld (%.1f%%)</text>\n", x0 + bwid + 6,
                  y + slot / 2 + 4, v[i].count, 100.0 * (double)v[i].count / (double)sc->ngames);
    }
    svg_frame(b, x0, y0, w, h);
    sb_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">games</text>\n", x0 + w / 2,
              y0 + h + 40);
    svg_end(b);
}

/* ---- Markdown sections ---------------------------------------------------------- */

/* Cross table, pairings and per-player totals among a group of players. */
static void md_tables(sbuf *b, const rp_scen *sc, const size_t *idx, size_t n)
{
    sb_puts(b, "| # | Player |");
    for (size_t j = 0; j < n; j++) sb_printf(b, " %zu |", j + 1);
    sb_puts(b, " Total |\n|---:|---|");
    for (size_t j = 0; j < n; j++) sb_puts(b, "---:|");
    sb_puts(b, "---:|\n");
    for (size_t i = 0; i < n; i++) {
        sb_printf(b, "| %zu | ", i + 1);
        sb_code(b, sc->pl.v[idx[i]]);
        sb_puts(b, " |");
        for (size_t j = 0; j < n; j++) {
            gr_stats_wdl r = sc->m[idx[i] * sc->pl.n + idx[j]];
            if (i == j) sb_puts(b, " . |");
            else if (wdl_n(r) == 0) sb_puts(b, " - |");
            else sb_printf(b, " %.1f%% (%ld) |", 100.0 * gr_stats_score(r), wdl_n(r));
        }
        gr_stats_wdl t = row_total(sc, idx[i], idx, n);
        if (wdl_n(t) == 0) sb_puts(b, " - |\n");
        else sb_printf(b, " %.1f%% (%ld) |\n", 100.0 * gr_stats_score(t), wdl_n(t));
    }

    sb_puts(b, "\nEvery pairing, from the first-named player's side:\n\n"
               "| Player | Opponent | Games | W-D-L | Score | 95% CI | Elo | Elo 95% CI |\n"
               "|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            gr_stats_wdl r = sc->m[idx[i] * sc->pl.n + idx[j]];
            if (wdl_n(r) == 0) continue;
            rp_figures f;
            figures(r, &f);
            sb_puts(b, "| ");
            sb_code(b, sc->pl.v[idx[i]]);
            sb_puts(b, " | ");
            sb_code(b, sc->pl.v[idx[j]]);
            sb_printf(b, " | %s | %s | %s | %s | %s | %s |\n", f.games, f.wdl, f.score, f.ci,
                      f.elo, f.eloci);
        }

    sb_puts(b, "\nEvery pairing by the side the first-named player commanded (side 0 is the "
               "scenario's first side; a scenario seldom gives both sides the same chances, "
               "and a player may be stronger with one of them):\n\n"
               "| Player | Opponent | Games as side 0 | W-D-L | Score | 95% CI | Games as side 1 | W-D-L "
               "| Score | 95% CI |\n"
               "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            size_t cell = idx[i] * sc->pl.n + idx[j];
            if (wdl_n(sc->m[cell]) == 0) continue;
            sb_puts(b, "| ");
            sb_code(b, sc->pl.v[idx[i]]);
            sb_puts(b, " | ");
            sb_code(b, sc->pl.v[idx[j]]);
            for (int seat = 0; seat < 2; seat++) {
                rp_figures f;
                figures(sc->mside[2 * cell + (size_t)seat], &f);
                sb_printf(b, " | %s | %s | %s | %s", f.games, f.wdl, f.score, f.ci);
            }
            sb_puts(b, " |\n");
        }

    sb_puts(b, "\nEach player against the whole field:\n\n"
               "| Player | Games | W-D-L | Score | 95% CI | Elo | Elo 95% CI |\n"
               "|---|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < n; i++) {
        rp_figures f;
        figures(row_total(sc, idx[i], idx, n), &f);
        sb_puts(b, "| ");
        sb_code(b, sc->pl.v[idx[i]]);
        sb_printf(b, " | %s | %s | %s | %s | %s | %s |\n", f.games, f.wdl, f.score, f.ci, f.elo,
                  f.eloci);
    }
}

static void md_header(sbuf *b, const model *md, const char *title, const char *command)
{
    sb_puts(b, "# ");
    for (const char *p = title ? title : "Arena report"; *p; p++)
        sb_putn(b, (unsigned char)*p < 0x20 ? " " : p, 1);
    sb_puts(b, "\n\n");
    if (command && *command) {
        sb_puts(b, "Produced by this command:\n\n~~~\n");
        for (const char *p = command; *p; p++)
            sb_putn(b, (unsigned char)*p < 0x20 ? " " : p, 1);
        sb_puts(b, "\n~~~\n\n");
    }
    const gr_arena_set *s = md->s;
    sb_printf(b, "%zu game%s from %zu tournament%s, %zu player%s, %zu scenario%s", s->n,
              s->n == 1 ? "" : "s", md->ntour, md->ntour == 1 ? "" : "s", md->players.n,
              md->players.n == 1 ? "" : "s", md->ns, md->ns == 1 ? "" : "s");
    for (size_t k = 0; k < md->ns; k++) {
        sb_puts(b, k ? ", " : ": ");
        sb_code(b, md->sc[k].name);
        sb_printf(b, " (%zu game%s)", md->sc[k].ngames, md->sc[k].ngames == 1 ? "" : "s");
    }
    /* wall times are left out on purpose: a re-run must give the same page */
    sb_puts(b, ".\n\n");
    sb_puts(b, "How to read the tables: a win counts 1, a draw a half, a loss 0, and a "
               "player's score is its share of the points on offer, whichever side it "
               "commanded. The bracket after a score is the range the true strength very "
               "likely lies in (95% confidence): with few games it is wide, and two players "
               "whose ranges overlap broadly are not proven to differ. Elo turns a score into "
               "a rating gap: +100 means winning about 64% of the points, +200 about 76%; "
               "\"inf\" appears when one side never scored.\n\n");
}

static void md_scenario(sbuf *b, const model *md, size_t k)
{
    const rp_scen *sc = &md->sc[k];
    sb_puts(b, "## Scenario ");
    sb_code(b, sc->name);
    sb_puts(b, "\n\n");
    rp_figures f;
    figures(sc->side0, &f);
    sb_printf(b, "%zu game%s among %zu player%s. Side 0 took %s of the points over all games "
                 "(95%% CI %s), a measure of how even the scenario is.",
              sc->ngames, sc->ngames == 1 ? "" : "s", sc->pl.n, sc->pl.n == 1 ? "" : "s",
              f.score, f.ci);
    if (sc->nmirror)
        sb_printf(b, " %zu game%s of a player against itself %s left out of the tables below.",
                  sc->nmirror, sc->nmirror == 1 ? "" : "s", sc->nmirror == 1 ? "is" : "are");
    sb_puts(b, "\n\nCross table: each cell is the row player's score against the column player, "
               "with the number of games in brackets.\n\n");
    size_t *idx = malloc((sc->pl.n ? sc->pl.n : 1) * sizeof *idx);
    if (!idx) {
        b->failed = 1;
        return;
    }
    for (size_t i = 0; i < sc->pl.n; i++) idx[i] = i;
    md_tables(b, sc, idx, sc->pl.n);
    free(idx);
    sb_puts(b, "\n");
}

/* The budget section; writes its charts too. */
static int md_budget(sbuf *b, const model *md, const char *dir, gr_error *err)
{
    sb_puts(b, "## Strength against budget\n\n");
    if (md->nser == 0) {
        sb_puts(b, "No series to compare: no group of players differs only in its "
                   "iterations or milliseconds per decision.\n\n");
        return 0;
    }
    sb_puts(b, "Players that are the same apart from their thinking budget (`iters=` or "
               "`ms=`), each scored only against the opponents that every one of them met in "
               "the scenario, so that the points compare like with like. A line that "
               "still climbs at the right-hand end means more thought still buys strength; a "
               "flat line means the budget is no longer what limits play.\n\n");
    for (size_t q = 0; q < md->nser; q++) {
        const rp_series *sr = &md->ser[q];
        const rp_entry *e = &md->ent[sr->first];
        char fname[64];
        snprintf(fname, sizeof fname, "budget-%zu.svg", q + 1);
        sbuf svg;
        sb_init(&svg);
        chart_budget(&svg, md, sr);
        int rc = write_out(dir, fname, &svg, err);
        sb_free(&svg);
        if (rc) return -1;
        sb_puts(b, "### ");
        sb_code(b, e->key);
        sb_printf(b, "\n\n![Score by budget](%s)\n\n", fname);
        sb_puts(b, "| Player | Budget | Scenario | Games | W-D-L | Score | 95% CI |\n"
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
                sb_puts(b, "| ");
                sb_code(b, pname);
                sb_printf(b, " | %ld | ", e[i].budget);
                sb_code(b, sc->name);
                sb_printf(b, " | %s | %s | %s | %s |\n", f.games, f.wdl, f.score, f.ci);
            }
        sb_puts(b, "\n");
    }
    return 0;
}

static int is_doctrine(const char *spec)
{
    return strncmp(spec, DOCTRINE_PREFIX, strlen(DOCTRINE_PREFIX)) == 0;
}

static int md_doctrine(sbuf *b, const model *md, const char *dir, gr_error *err)
{
    sb_puts(b, "## Doctrine against doctrine\n\n");
    size_t total = 0;
    for (size_t p = 0; p < md->players.n; p++) total += is_doctrine(md->players.v[p]) != 0;
    if (total < 2) {
        sb_puts(b, "Fewer than two scripted doctrines (`doctrine:` players) took part, so "
                   "there is nothing to set against each other.\n\n");
        return 0;
    }
    sb_puts(b, "The scripted doctrines among themselves only: which way of fighting beats "
               "which. Blue cells favour the row's doctrine, orange ones the column's.\n\n");
    for (size_t k = 0; k < md->ns; k++) {
        const rp_scen *sc = &md->sc[k];
        sb_puts(b, "### ");
        sb_code(b, sc->name);
        sb_puts(b, "\n\n");
        size_t *idx = malloc((sc->pl.n ? sc->pl.n : 1) * sizeof *idx);
        if (!idx) return gr_error_set(err, "report: out of memory");
        size_t n = 0;
        for (size_t i = 0; i < sc->pl.n; i++)
            if (is_doctrine(sc->pl.v[i])) idx[n++] = i;
        if (n < 2) {
            sb_puts(b, "Fewer than two doctrines played this scenario.\n\n");
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
            sb_puts(b, "The doctrines here played other opponents only, never each other.\n\n");
            free(idx);
            continue;
        }
        char fname[96], title[200];
        snprintf(fname, sizeof fname, "%s-doctrines.svg", sc->slug);
        snprintf(title, sizeof title, "Doctrine against doctrine: %s", sc->name);
        sbuf svg;
        sb_init(&svg);
        chart_heat(&svg, sc, idx, n, title);
        int rc = write_out(dir, fname, &svg, err);
        sb_free(&svg);
        if (rc) {
            free(idx);
            return -1;
        }
        md_tables(b, sc, idx, n);
        sb_printf(b, "\n![Doctrine heat map](%s)\n\n", fname);
        free(idx);
    }
    return 0;
}

static int md_length(sbuf *b, const model *md, const char *dir, gr_error *err)
{
    sb_puts(b, "## Game length\n\nLength counts player-moves: one side's whole turn is one "
               "move.\n\n"
               "| Scenario | Games | Mean | Median | Shortest | Longest | Decisions per game |\n"
               "|---|---:|---:|---:|---:|---:|---:|\n");
    double *x = malloc((md->s->n ? md->s->n : 1) * sizeof *x);
    sbuf charts;
    sb_init(&charts);
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
        sb_puts(b, "| ");
        sb_code(b, sc->name);
        sb_printf(b, " | %ld | %.1f | %.1f | %ld | %ld | %.1f |\n", n, sum / (double)n, med, mn,
                  mx, dsum / (double)n);
        char fname[96];
        snprintf(fname, sizeof fname, "%s-length.svg", sc->slug);
        sbuf svg;
        sb_init(&svg);
        chart_length(&svg, md, k, mn, mx, med);
        int rc = write_out(dir, fname, &svg, err);
        sb_free(&svg);
        if (rc) {
            free(x);
            sb_free(&charts);
            return -1;
        }
        sb_printf(&charts, "![Game length: %s](%s)\n\n", sc->slug, fname);
    }
    free(x);
    sb_puts(b, "\n");
    if (charts.failed) b->failed = 1;
    if (charts.p) sb_puts(b, charts.p);
    sb_free(&charts);
    return 0;
}

static int md_ends(sbuf *b, const model *md, const char *dir, gr_error *err)
{
    sb_puts(b, "## How the games ended\n\nA game is decisive when one side won; the rest "
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
        sb_puts(b, "| ");
        sb_code(b, md->sc[k].name);
        sb_printf(b, " | %ld | %ld | %ld | %.1f%% |\n", n, dec, n - dec,
                  n ? 100.0 * (double)dec / (double)n : 0.0);
    }
    sb_puts(b, "\n");
    for (size_t k = 0; k < md->ns; k++) {
        const rp_scen *sc = &md->sc[k];
        size_t ne = 0;
        rp_end *v = count_ends(md, k, &ne);
        if (!v) return gr_error_set(err, "report: out of memory");
        if (ne == 0) {
            free(v);
            continue;
        }
        sb_puts(b, "### ");
        sb_code(b, sc->name);
        sb_puts(b, "\n\n| End | Games | Share |\n|---|---:|---:|\n");
        for (size_t i = 0; i < ne; i++) {
            sb_puts(b, "| ");
            sb_code(b, v[i].end);
            sb_printf(b, " | %ld | %.1f%% |\n", v[i].count,
                      100.0 * (double)v[i].count / (double)sc->ngames);
        }
        char fname[96];
        snprintf(fname, sizeof fname, "%s-ends.svg", sc->slug);
        sbuf svg;
        sb_init(&svg);
        chart_ends(&svg, sc, v, ne);
        free(v);
        int rc = write_out(dir, fname, &svg, err);
        sb_free(&svg);
        if (rc) return -1;
        sb_printf(b, "\n![How games ended](%s)\n\n", fname);
    }
    return 0;
}

int gr_report_write(const gr_arena_set *s, const char *out_dir, const char *title,
                    const char *command, gr_error *err)
{
    if (!s || !out_dir) return gr_error_set(err, "report: no results or no folder given");
    if (make_dirs(out_dir, err)) return -1;
    model md;
    if (model_build(&md, s, err)) return -1;
    sbuf b;
    sb_init(&b);
    md_header(&b, &md, title, command);
    int rc = 0;
    if (s->n == 0) {
        sb_puts(&b, "There are no games to report on.\n");
    } else {
        for (size_t k = 0; k < md.ns; k++) md_scenario(&b, &md, k);
        rc = md_budget(&b, &md, out_dir, err);
        if (!rc) rc = md_doctrine(&b, &md, out_dir, err);
        if (!rc) rc = md_length(&b, &md, out_dir, err);
        if (!rc) rc = md_ends(&b, &md, out_dir, err);
    }
    if (!rc) rc = write_out(out_dir, "README.md", &b, err);
    sb_free(&b);
    model_free(&md);
    return rc;
}
