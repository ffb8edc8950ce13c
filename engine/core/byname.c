/* byname.c - unit names in orders (byname.h). */
#include "byname.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAX_WORDS 24
#define WORD_CAP 64
#define LINE_CAP 512

typedef struct words {
    int n;
    char w[MAX_WORDS][WORD_CAP];
} words;

/* one stretch of words that names one unit, or several (ambiguous) */
typedef struct candidate {
    int first, last;        /* the words it covers */
    int unit;               /* the unit named; -1 when several are */
    char ref[16];           /* its reference (several: the first's) */
    char names[160];        /* ambiguous: the names it could be */
} candidate;

static void split(const char *text, words *out)
{
    out->n = 0;
    const char *p = text;
    while (*p && out->n < MAX_WORDS) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        size_t k = 0;
        while (p[k] && !isspace((unsigned char)p[k])) k++;
        snprintf(out->w[out->n++], WORD_CAP, "%.*s", (int)(k < WORD_CAP - 1 ? k : WORD_CAP - 1), p);
        p += k;
    }
}

static int prefix_ci(const char *pre, const char *s)
{
    for (; *pre; pre++, s++)
        if (tolower((unsigned char)*pre) != tolower((unsigned char)*s)) return 0;
    return 1;
}

/* does `phrase` (one or more words) begin `name`, or (one word) begin a word of it? 2 when it is the
 * whole name */
static int names(const char *phrase, const char *name, int one_word)
{
    if (prefix_ci(phrase, name)) return strlen(phrase) == strlen(name) ? 2 : 1;
    if (!one_word) return 0;
    for (const char *p = name; *p; p++)
        if (isspace((unsigned char)p[0]) && p[1] && prefix_ci(phrase, p + 1)) return 1;
    return 0;
}

/* a word that may be a name: some letter in it, and not a reference the notation takes already */
static int may_name(const char *w)
{
    int letters = 0, digits = 0;
    for (const char *p = w; *p; p++) {
        letters += isalpha((unsigned char)*p) != 0;
        digits += isdigit((unsigned char)*p) != 0;
    }
    if (!letters) return 0;
    if (isalpha((unsigned char)w[0]) && letters == 1 && digits == (int)strlen(w) - 1 && digits > 0) return 0;
    return strlen(w) >= 2;
}

/* the things an order may name: the units (ai->unit_info), then the
 * ruleset's others (present->other_names: commanders, officers) */
static int others(const gr_ruleset *rs, const void *scn, gr_name_ref *out, int max)
{
    if (rs->version < 3 || !rs->present->other_names) return 0;
    int n = rs->present->other_names(scn, out, max);
    return n < 0 ? 0 : n > max ? max : n;
}

/* thing k: a unit below unit_count, else extra[k - unit_count] (the others) */
static void name_of(const gr_ruleset *rs, const void *scn, const void *state, const gr_name_ref *extra, int k,
                    gr_name_ref *out)
{
    int nunits = rs->ai->unit_count(scn);
    if (k >= nunits) {
        *out = extra[k - nunits];
        return;
    }
    gr_unit_info info;
    memset(&info, 0, sizeof info);
    rs->ai->unit_info(scn, state, k, &info);
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", info.name);
    snprintf(out->ref, sizeof out->ref, "%s", info.ref);
}

/* the things words first..last name: 0 none, else the count (the one, or the names when several) */
static int match(const gr_ruleset *rs, const void *scn, const void *state, const words *ws, int first, int last,
                 candidate *c)
{
    char phrase[LINE_CAP] = "";
    for (int k = first; k <= last; k++) {
        size_t n = strlen(phrase);
        snprintf(phrase + n, sizeof phrase - n, "%s%s", k > first ? " " : "", ws->w[k]);
    }
    gr_name_ref other[GR_BYNAME_MAX_OTHERS];
    int count = 0, exact = -1, total = rs->ai->unit_count(scn) + others(rs, scn, other, GR_BYNAME_MAX_OTHERS);
    c->first = first;
    c->last = last;
    c->unit = -1;
    c->names[0] = 0;
    for (int u = 0; u < total; u++) {
        gr_name_ref nr;
        name_of(rs, scn, state, other, u, &nr);
        int m = names(phrase, nr.name, first == last);
        if (!m) continue;
        if (m == 2) exact = u;
        if (count++ == 0) {
            c->unit = u;
            snprintf(c->ref, sizeof c->ref, "%s", nr.ref);
        }
        size_t n = strlen(c->names);
        if (count <= 3) snprintf(c->names + n, sizeof c->names - n, "%s%s", count > 1 ? " or " : "", nr.name);
        else if (count == 4) snprintf(c->names + n, sizeof c->names - n, " or others");
    }
    if (exact >= 0 && count > 1) {
        gr_name_ref nr;
        name_of(rs, scn, state, other, exact, &nr);
        c->unit = exact;
        snprintf(c->ref, sizeof c->ref, "%s", nr.ref);
        return 1;
    }
    if (count > 1) c->unit = -1;
    return count;
}

/* the stretches of words that may name units, the longest first at each word */
static int candidates(const gr_ruleset *rs, const void *scn, const void *state, const words *ws, candidate *out,
                      int max)
{
    int n = 0;
    for (int i = 0; i < ws->n && n < max; i++) {
        if (!may_name(ws->w[i])) continue;
        for (int j = ws->n - 1; j >= i; j--) {
            candidate c;
            if (!match(rs, scn, state, ws, i, j, &c)) continue;
            out[n++] = c;
            i = j;
            break;
        }
    }
    return n;
}

/* the order with the chosen candidates (bit k of `use`) put as references */
static void rewrite(const words *ws, const candidate *c, int nc, unsigned use, char *out, size_t cap)
{
    out[0] = 0;
    for (int i = 0; i < ws->n; i++) {
        const char *w = ws->w[i];
        for (int k = 0; k < nc; k++) {
            if (!(use & (1u << k)) || i < c[k].first || i > c[k].last) continue;
            w = i == c[k].first ? c[k].ref : NULL;
        }
        if (!w) continue;
        size_t n = strlen(out);
        snprintf(out + n, cap - n, "%s%s", n ? " " : "", w);
    }
}

static int bits(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1) n++;
    return n;
}

int gr_byname_parse(const gr_ruleset *rs, const void *scn, const void *state, const char *text, gr_action *out,
                    gr_error *err)
{
    gr_error first;
    gr_error_clear(&first);
    if (!rs->present->parse_action(scn, state, text, out, &first)) return 0;
    words ws;
    split(text, &ws);
    candidate c[GR_BYNAME_MAX_CANDIDATES];
    int nc = candidates(rs, scn, state, &ws, c, GR_BYNAME_MAX_CANDIDATES);
    unsigned usable = 0;
    for (int k = 0; k < nc; k++)
        if (c[k].unit >= 0) usable |= 1u << k;
    /* the readings with more names first; among equals, the earlier words first */
    for (int want = bits(usable); want > 0; want--)
        for (unsigned use = usable; use; use = (use - 1) & usable) {
            if (bits(use) != want) continue;
            char line[LINE_CAP];
            rewrite(&ws, c, nc, use, line, sizeof line);
            if (!rs->present->parse_action(scn, state, line, out, NULL)) return 0;
        }
    /* a word naming several units is the trouble only when the order reads with one of them in its place */
    for (int k = 0; k < nc; k++) {
        if (c[k].unit >= 0) continue;
        char line[LINE_CAP];
        gr_action probe;
        rewrite(&ws, c, nc, usable | (1u << k), line, sizeof line);
        if (!rs->present->parse_action(scn, state, line, &probe, NULL))
            return gr_error_set(err, "\"%s\" is ambiguous: %s (name more of it, or use its reference)",
                                ws.w[c[k].first], c[k].names);
    }
    if (err) *err = first;
    return -1;
}
