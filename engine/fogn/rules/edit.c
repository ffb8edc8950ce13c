/* edit.c - corrections of a fogn position for the tabletop assistant (see
 * edit.h for the commands and what each does). The text is read with PCRE2
 * through core/regex.h, patterns compiled per call (this is not a hot path,
 * and nothing mutable is shared between threads); the correction is made on
 * a copy of the flat state, the derived marks it touches are refreshed, the
 * ruleset's invariants are checked, and only then is the copy written back. */
#include "edit.h"
#include "contact.h"
#include "outcome.h"
#include "present.h"
#include "steps.h"
#include "../../core/regex.h"
#include "cmdr.h"
#include "move.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DEG (GR_PI / 180.0)

typedef enum ed_kind { ED_AT = 0, ED_TURN, ED_FORMATION, ED_COHESION, ED_LOST, ED_REMOVE } ed_kind;

/* one command: its first word, its whole pattern over the text after
 * "uN "/"cN ", and its usage after "uN "/"cN " */
typedef struct ed_cmd {
    const char *word;
    const char *pattern;
    const char *usage;
    ed_kind kind;
} ed_cmd;

static const ed_cmd unit_cmds[] = {
    {"at", "at\\s+(?<x>\\S+)\\s+(?<y>\\S+)(?:\\s+facing\\s+(?<d>\\S+))?", "at X Y [facing D]", ED_AT},
    {"turn", "turn\\s+(?<d>\\S+)", "turn D", ED_TURN},
    {"formation", "formation\\s+(?<name>\\S+(?:\\s+\\S+)?)", "formation NAME", ED_FORMATION},
    {"cohesion", "cohesion\\s+(?<name>\\S+)", "cohesion LEVEL", ED_COHESION},
    {"lost", "lost\\s+(?<n>\\S+)", "lost N", ED_LOST},
    {"remove", "remove", "remove", ED_REMOVE},
};

static const ed_cmd cmdr_cmds[] = {
    {"at", "at\\s+(?<x>\\S+)\\s+(?<y>\\S+)", "at X Y", ED_AT},
    {"remove", "remove", "remove", ED_REMOVE},
};

#define NCMDS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* a correction once read */
typedef struct ed_parsed {
    int cmdr;       /* 0 unit, 1 commander */
    int idx;
    ed_kind kind;
    double x, y, deg;
    int has_deg;
    int value;      /* formation, cohesion level or bases lost */
} ed_parsed;

/* --- text helpers ---------------------------------------------------------------------------------- */

/* every correction, "uN at X Y [facing D], ..., cN remove" */
static void list_commands(char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < NCMDS(unit_cmds) && len < cap; k++)
        len += (size_t)snprintf(buf + len, cap - len, "%suN %s", k ? ", " : "", unit_cmds[k].usage);
    for (int k = 0; k < NCMDS(cmdr_cmds) && len < cap; k++)
        len += (size_t)snprintf(buf + len, cap - len, ", cN %s", cmdr_cmds[k].usage);
}

/* names[i] for which keep(i) (all when keep is NULL), joined by ", " */
static void join_names(char *buf, size_t cap, const char *const *names, int n, const fogn_unit_profile *p)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < cap; i++) {
        if (p && !fogn_formation_allowed(p, (fogn_formation)i)) continue;
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", names[i]);
    }
}

/* a name as typed: lower case, runs of blanks and hyphens made one '_' */
static void normalise_name(const char *in, char *out, size_t cap)
{
    size_t k = 0;
    for (const char *q = in; *q && k + 1 < cap; q++) {
        unsigned char ch = (unsigned char)*q;
        if (isspace(ch) || ch == '-' || ch == '_') {
            if (k == 0 || out[k - 1] != '_') out[k++] = '_';
        } else {
            out[k++] = (char)tolower(ch);
        }
    }
    out[k] = '\0';
}

static int find_name(const char *const *names, int n, const char *typed)
{
    char want[64];
    normalise_name(typed, want, sizeof want);
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(names[i], want)) return i;
    return -1;
}

/* a real number, all of the text, finite */
static int read_number(const char *txt, double *out, gr_error *err)
{
    char *end;
    errno = 0;
    double v = strtod(txt, &end);
    if (end == txt || *end || errno == ERANGE || !isfinite(v)) return gr_error_set(err, "'%s' is not a number", txt);
    *out = v;
    return 0;
}

static int read_degrees(const char *txt, double *out, gr_error *err)
{
    if (read_number(txt, out, err)) return -1;
    if (fabs(*out) > FOGN_EDIT_DEG_MAX)
        return gr_error_set(err, "%s degrees: give an angle between %g and %g", txt, -FOGN_EDIT_DEG_MAX,
                            FOGN_EDIT_DEG_MAX);
    return 0;
}

/* distances for the log: two decimals at most, one at least ("12.0", "12.25") */
static void fmt_mu(char *buf, size_t cap, double v)
{
    if (fabs(v) < 0.005) v = 0;
    snprintf(buf, cap, "%.2f", v);
    size_t n = strlen(buf);
    if (n >= 2 && buf[n - 1] == '0' && buf[n - 2] != '.') buf[n - 1] = '\0';
}

/* a heading for the log, in degrees in (-180, 180]: "90", "-45", "12.5" */
static void fmt_deg(char *buf, size_t cap, double heading)
{
    double d = gr_angle_norm(heading) / DEG;
    if (fabs(d) < 0.05) d = 0;
    snprintf(buf, cap, "%.1f", d);
    size_t n = strlen(buf);
    if (n >= 2 && !strcmp(buf + n - 2, ".0")) buf[n - 2] = '\0';
}

/* a named group into buf; 1 when present, 0 when unset */
static int group(const gr_regex *re, const gr_match *m, const char *name, char *buf, size_t cap)
{
    int n = gr_match_named(re, m, name, buf, cap);
    return n >= 0;
}

/* --- reading a correction ---------------------------------------------------------------------------- */

/* group "name" read as one of names[]; an unknown one lists them all */
static int read_named(const gr_regex *re, const gr_match *m, const char *const *names, int n, const char *what,
                      const char *list_intro, int *value, gr_error *err)
{
    char a[FOGN_EDIT_TEXT_MAX + 1], b[512];
    group(re, m, "name", a, sizeof a);
    *value = find_name(names, n, a);
    if (*value >= 0) return 0;
    join_names(b, sizeof b, names, n, NULL);
    return gr_error_set(err, "unknown %s '%s': %s %s", what, a, list_intro, b);
}

static int read_args(const fogn_scenario *s, const ed_cmd *c, const gr_regex *re, const gr_match *m, ed_parsed *out,
                     gr_error *err)
{
    char a[FOGN_EDIT_TEXT_MAX + 1], b[FOGN_EDIT_TEXT_MAX + 1];
    (void)s;
    out->kind = c->kind;
    switch (c->kind) {
    case ED_AT:
        group(re, m, "x", a, sizeof a);
        group(re, m, "y", b, sizeof b);
        if (read_number(a, &out->x, err) || read_number(b, &out->y, err)) return -1;
        if (!out->cmdr && group(re, m, "d", a, sizeof a)) {
            if (read_degrees(a, &out->deg, err)) return -1;
            out->has_deg = 1;
        }
        return 0;
    case ED_TURN:
        group(re, m, "d", a, sizeof a);
        if (read_degrees(a, &out->deg, err)) return -1;
        out->has_deg = 1;
        return 0;
    case ED_FORMATION: {
        int n;
        const char *const *names = fogn_formation_names(&n);
        return read_named(re, m, names, n, "formation", "the formations are", &out->value, err);
    }
    case ED_COHESION: {
        int n;
        const char *const *names = fogn_cohesion_names(&n);
        return read_named(re, m, names, n, "cohesion level", "the levels are", &out->value, err);
    }
    case ED_LOST: {
        group(re, m, "n", a, sizeof a);
        char *end;
        errno = 0;
        long v = strtol(a, &end, 10);
        if (end == a || *end || errno == ERANGE) return gr_error_set(err, "'%s' is not a whole number of bases", a);
        if (v < 0 || v > 1)
            return gr_error_set(err, "a fogn unit loses at most one base: 'lost 0', or 'lost 1' for Spent (not %ld)", v);
        out->value = (int)v;
        return 0;
    }
    case ED_REMOVE:
        return 0;
    }
    return gr_error_set(err, "unknown correction");
}

static int parse(const fogn_scenario *s, const char *text, ed_parsed *out, gr_error *err)
{
    char cmds[400];
    memset(out, 0, sizeof *out);
    list_commands(cmds, sizeof cmds);
    gr_regex *head = gr_regex_compile("\\s*(?<kind>[uc])(?<idx>\\d+)(?:\\s+(?<rest>.*?))?\\s*", 1, err);
    if (!head) return -1;
    gr_match m;
    if (gr_regex_match(head, text, &m) != 1) {
        gr_regex_free(head);
        return gr_error_set(err, "cannot read '%s' as a correction: the corrections are %s", text, cmds);
    }
    char kind[4], idx[FOGN_EDIT_TEXT_MAX + 1], rest[FOGN_EDIT_TEXT_MAX + 1];
    group(head, &m, "kind", kind, sizeof kind);
    group(head, &m, "idx", idx, sizeof idx);
    group(head, &m, "rest", rest, sizeof rest);
    gr_regex_free(head);
    out->cmdr = kind[0] == 'c' || kind[0] == 'C';
    int count = out->cmdr ? s->ncmdrs : s->nunits;
    long n = strlen(idx) > 6 ? -1 : strtol(idx, NULL, 10);
    if (n < 0 || n >= count) {
        if (count == 0)
            return gr_error_set(err, "there is no %s %s%s; the scenario has none", out->cmdr ? "commander" : "unit",
                                out->cmdr ? "c" : "u", idx);
        return gr_error_set(err, "there is no %s %s%s; %s are %s0..%s%d", out->cmdr ? "commander" : "unit",
                            out->cmdr ? "c" : "u", idx, out->cmdr ? "commanders" : "units", out->cmdr ? "c" : "u",
                            out->cmdr ? "c" : "u", count - 1);
    }
    out->idx = (int)n;
    const ed_cmd *table = out->cmdr ? cmdr_cmds : unit_cmds;
    int ncmd = out->cmdr ? NCMDS(cmdr_cmds) : NCMDS(unit_cmds);
    const char *who = out->cmdr ? "c" : "u";

    /* the first word names the command; the pattern then reads it whole */
    char word[32] = "";
    size_t w = 0;
    while (rest[w] && !isspace((unsigned char)rest[w]) && w + 1 < sizeof word) {
        word[w] = (char)tolower((unsigned char)rest[w]);
        w++;
    }
    word[w] = '\0';
    for (int k = 0; k < ncmd; k++) {
        if (strcmp(word, table[k].word)) continue;
        gr_regex *re = gr_regex_compile(table[k].pattern, 1, err);
        if (!re) return -1;
        int rc;
        if (gr_regex_match(re, rest, &m) != 1)
            rc = gr_error_set(err, "cannot read '%s%ld %s': expected '%s%ld %s'", who, n, rest, who, n, table[k].usage);
        else
            rc = read_args(s, &table[k], re, &m, out, err);
        gr_regex_free(re);
        return rc;
    }
    if (out->cmdr) {
        for (int k = 0; k < NCMDS(unit_cmds); k++)
            if (!strcmp(word, unit_cmds[k].word))
                return gr_error_set(err, "a commander takes only 'c%ld at X Y' and 'c%ld remove'", n, n);
    }
    return gr_error_set(err, "cannot read '%s%ld %s' as a correction: the corrections are %s", who, n, rest, cmds);
}

/* --- applying ---------------------------------------------------------------------------------------- */

/* the commanders leading unit i go to their post behind its rear edge, on the table */
static void post_leaders(const fogn_scenario *s, fogn_state *t, int i)
{
    double h = FOGN_CMDR_BASE / 2;
    for (int c = 0; c < s->ncmdrs; c++) {
        if (t->c[c].leading != i || !(t->c[c].flags & FOGN_CF_ON_TABLE)) continue;
        gr_vec2 p = fogn_cmdr_post(s, t, i);
        if (p.x < h) p.x = h;
        if (p.y < h) p.y = h;
        if (p.x > s->table_w - h) p.x = s->table_w - h;
        if (p.y > s->table_h - h) p.y = s->table_h - h;
        t->c[c].x = p.x;
        t->c[c].y = p.y;
    }
}

/* Marks derived from where units stand, after unit `unit` was moved,
 * re-formed or removed: no unit is "in combat" without an enemy touching it,
 * and a flank or rear strike involving `unit` is kept only while the two
 * still touch. */
static void refresh_marks(const fogn_scenario *s, fogn_state *t, int unit)
{
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &t->u[i];
        if ((u->flags & FOGN_UF_IN_COMBAT) && (!fogn_unit_alive(u) || !fogn_in_enemy_contact(s, t, i)))
            u->flags &= ~(uint32_t)FOGN_UF_IN_COMBAT;
        int k = u->flanked_by;
        if (k < 0 || (i != unit && k != unit)) continue;
        fogn_contact c;
        if (k >= s->nunits || !fogn_unit_alive(u) || !fogn_unit_alive(&t->u[k]) || !fogn_unit_contact(s, t, i, k, &c))
            u->flanked_by = -1;
    }
}

/* is the one the decision is about still there? */
static int actor_present(const fogn_scenario *s, const fogn_state *t, const fogn_step_def *d)
{
    int a = d->actor ? d->actor(s, t) : -1;
    if (a < 0) return 1;
    if (a < s->nunits) return fogn_unit_alive(&t->u[a]);
    if (a - s->nunits < s->ncmdrs) return (t->c[a - s->nunits].flags & FOGN_CF_ON_TABLE) != 0;
    return 1;
}

/* During a decision step the cursor names who decides; when the correction
 * took him away (or made him no longer due) the cursor moves on to the next
 * one due in the same step, as the turn machine would. No dice: automatic
 * steps are never run here, so a step left with nobody refuses. */
static int refresh_cursor(const fogn_scenario *s, fogn_state *t, gr_error *err)
{
    if (t->turn.over) return 0;
    const fogn_step_def *d = fogn_step_def_of(t->turn.step);
    if (!d || d->run || !d->due || !d->cursor_end || !d->decider) return 0;
    int end = d->cursor_end(s), cur = t->turn.cursor;
    if (cur >= 0 && cur < end && d->due(s, t, cur) && actor_present(s, t, d)) {
        t->turn.decider = (uint8_t)d->decider(s, t);
        return 0;
    }
    t->turn.second = 0;
    int next = cur < 0 ? 0 : cur + 1;
    while (next < end && !d->due(s, t, next)) next++;
    if (next >= end)
        return gr_error_set(err, "after this correction nobody would be left to decide in the current step (%s): "
                                 "answer the decision now due first, then make the correction", d->name);
    t->turn.cursor = (int8_t)next;
    t->turn.decider = (uint8_t)d->decider(s, t);
    return 0;
}

static int unit_edit(const fogn_scenario *s, fogn_state *t, const ed_parsed *e, char *note, size_t cap, gr_error *err)
{
    int i = e->idx;
    const fogn_unit_profile *p = &s->units[i];
    fogn_unit *u = &t->u[i];
    int alive = fogn_unit_alive(u);
    char fx[32], fy[32], fd[32];
    int n;
    const char *const *names;
    switch (e->kind) {
    case ED_AT:
        u->x = e->x;
        u->y = e->y;
        if (e->has_deg) fogn_unit_set_heading(u, gr_angle_norm(e->deg * DEG));
        if (!alive) {
            /* a destroyed unit, or a reserve that has not arrived, is back on the table */
            u->flags |= FOGN_UF_ON_TABLE;
            u->flags &= ~(uint32_t)FOGN_UF_DESTROYED;
        }
        post_leaders(s, t, i);
        refresh_marks(s, t, i);
        fmt_mu(fx, sizeof fx, u->x);
        fmt_mu(fy, sizeof fy, u->y);
        fmt_deg(fd, sizeof fd, u->heading);
        snprintf(note, cap, "correction: u%d (%s) placed at %s, %s facing %s%s", i, p->name, fx, fy, fd,
                 alive ? "" : " (back on the table)");
        return 0;
    case ED_TURN: {
        if (!alive)
            return gr_error_set(err, "u%d (%s) is not on the table: put it there with 'u%d at X Y [facing D]'", i,
                                p->name, i);
        double a = e->deg * DEG;
        gr_rect r = fogn_unit_rect(p, u);
        gr_vec2 pivot = FOGN_EDIT_TURN_ABOUT_CENTRE ? gr_rect_centre(&r) : r.fc;
        gr_vec2 fc = gr_v2_rot_about(gr_v2(u->x, u->y), pivot, a);
        u->x = fc.x;
        u->y = fc.y;
        fogn_unit_set_heading(u, gr_angle_norm(u->heading + a));
        post_leaders(s, t, i);
        refresh_marks(s, t, i);
        char by[32];
        snprintf(by, sizeof by, "%g", e->deg);
        fmt_mu(fx, sizeof fx, u->x);
        fmt_mu(fy, sizeof fy, u->y);
        fmt_deg(fd, sizeof fd, u->heading);
        snprintf(note, cap, "correction: u%d (%s) turned %s degrees about its %s: now at %s, %s facing %s", i, p->name,
                 by, FOGN_EDIT_TURN_ABOUT_CENTRE ? "centre" : "front-edge centre", fx, fy, fd);
        return 0;
    }
    case ED_FORMATION: {
        names = fogn_formation_names(&n);
        if (!fogn_formation_allowed(p, (fogn_formation)e->value)) {
            char ok[160];
            join_names(ok, sizeof ok, names, n, p);
            return gr_error_set(err, "u%d (%s, %s %s) may not take the formation %s; it may take %s", i, p->name,
                                p->size == FOGN_LARGE ? "large" : "small", fogn_troop_name((fogn_troop)p->troop),
                                names[e->value], ok);
        }
        int old = u->formation;
        u->formation = (uint8_t)e->value;
        u->kink = 0;
        u->bend = 0;
        post_leaders(s, t, i);
        refresh_marks(s, t, i);
        snprintf(note, cap, "correction: u%d (%s) formation %s (was %s)", i, p->name, names[e->value],
                 fogn_formation_name((fogn_formation)old));
        return 0;
    }
    case ED_COHESION: {
        int old = u->cohesion;
        u->cohesion = (uint8_t)e->value;
        if (e->value == FOGN_BROKEN && old != FOGN_BROKEN) {
            /* what breaking does to the unit itself (§12.3, as fogn_unit_broke):
             * only skirmisher attachments stay, no tests are owed, no assault goes on */
            for (int k = 0; k < 2; k++) {
                fogn_attach a = (fogn_attach)p->attach[k];
                if (a != FOGN_ATT_NONE && a != FOGN_ATT_SKIRMISHERS && a != FOGN_ATT_RIFLE_SKIRMISHERS)
                    u->att_lost |= (uint8_t)(1u << k);
            }
            u->ct_due = 0;
            u->flags &= ~(uint32_t)FOGN_UF_ASSAULTING;
        }
        snprintf(note, cap, "correction: u%d (%s) cohesion %s (was %s)", i, p->name,
                 fogn_cohesion_name((fogn_cohesion)e->value), fogn_cohesion_name((fogn_cohesion)old));
        return 0;
    }
    case ED_LOST:
        if (e->value && fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART)
            return gr_error_set(err, "u%d (%s) is artillery, which never loses a base (only infantry and cavalry are "
                                     "Spent)", i, p->name);
        if (e->value) {
            u->flags |= FOGN_UF_SPENT;
            u->bases_lost = 1;
        } else {
            u->flags &= ~(uint32_t)FOGN_UF_SPENT;
            u->bases_lost = 0;
        }
        snprintf(note, cap, "correction: u%d (%s) bases lost %d (%s)", i, p->name, e->value,
                 e->value ? "Spent" : "not Spent");
        return 0;
    case ED_REMOVE:
        if (u->flags & FOGN_UF_DESTROYED) return gr_error_set(err, "u%d (%s) is already destroyed", i, p->name);
        if (!alive) return gr_error_set(err, "u%d (%s) is not on the table", i, p->name);
        fogn_remove_unit(s, t, i);
        /* as fogn_destroy, without the friends' tests: no assault, no tests owed */
        u->flags &= ~(uint32_t)FOGN_UF_ASSAULTING;
        u->ct_due = 0;
        refresh_marks(s, t, i);
        snprintf(note, cap, "correction: u%d (%s) removed from the table (destroyed)", i, p->name);
        return 0;
    }
    return gr_error_set(err, "unknown correction");
}

static int cmdr_edit(const fogn_scenario *s, fogn_state *t, const ed_parsed *e, char *note, size_t cap, gr_error *err)
{
    int c = e->idx;
    const fogn_cmdr_profile *cp = &s->cmdrs[c];
    fogn_cmdr *cm = &t->c[c];
    int on = (cm->flags & FOGN_CF_ON_TABLE) != 0;
    int led = cm->leading;
    if (e->kind == ED_REMOVE) {
        if (!on) return gr_error_set(err, "c%d (%s) is not on the table", c, cp->name);
        /* as a fallen commander (casualty.c), without the unit's test */
        cm->flags |= FOGN_CF_CASUALTY;
        cm->flags &= (uint8_t)~FOGN_CF_ON_TABLE;
        cm->leading = -1;
        cm->cp = 0;
        char with[80] = "";
        if (led >= 0 && led < s->nunits) snprintf(with, sizeof with, ", no longer leading u%d", led);
        snprintf(note, cap, "correction: c%d (%s) removed from the table (a casualty%s)", c, cp->name, with);
        return 0;
    }
    fogn_cmdr moved = *cm;
    moved.x = e->x;
    moved.y = e->y;
    gr_rect b = fogn_cmdr_rect(&moved);
    if (!fogn_rect_on_table(s, &b))
        return gr_error_set(err, "c%d (%s): a commander's base at (%g, %g) would not be wholly on the table", c,
                            cp->name, e->x, e->y);
    for (int j = 0; j < s->nunits; j++) {
        if (!fogn_unit_alive(&t->u[j])) continue;
        gr_rect r[2];
        int nr = fogn_unit_rects(&s->units[j], &t->u[j], r);
        for (int k = 0; k < nr; k++)
            if (gr_rect_overlap(&b, &r[k], FOGN_CONTACT_TOL))
                return gr_error_set(err, "c%d (%s): his base would stand on u%d (%s); put it beside the unit", c,
                                    cp->name, j, s->units[j].name);
    }
    cm->x = e->x;
    cm->y = e->y;
    if (!on) {
        cm->flags |= FOGN_CF_ON_TABLE;
        cm->flags &= (uint8_t)~FOGN_CF_CASUALTY;
        cm->leading = -1;
    }
    int detached = 0;
    if (on && led >= 0 && led < s->nunits) {
        double d = INFINITY;
        if (fogn_unit_alive(&t->u[led])) {
            gr_rect r[2];
            int nr = fogn_unit_rects(&s->units[led], &t->u[led], r);
            for (int k = 0; k < nr; k++) {
                double x = gr_rect_dist(&b, &r[k]);
                if (x < d) d = x;
            }
        }
        if (d > FOGN_EDIT_CMDR_TOUCH) {
            cm->leading = -1;
            detached = 1;
        }
    }
    char fx[32], fy[32], tail[96] = "";
    fmt_mu(fx, sizeof fx, cm->x);
    fmt_mu(fy, sizeof fy, cm->y);
    if (!on) snprintf(tail, sizeof tail, " (back on the table)");
    else if (detached) snprintf(tail, sizeof tail, "; no longer leads u%d", led);
    else if (led >= 0) snprintf(tail, sizeof tail, "; still leads u%d", led);
    snprintf(note, cap, "correction: c%d (%s) placed at %s, %s%s", c, cp->name, fx, fy, tail);
    return 0;
}

int fogn_edit(const void *scn, void *state, const char *text, gr_log *log, gr_error *err)
{
    const fogn_scenario *s = scn;
    fogn_state *st = state;
    assert(FOGN_EDIT_CMDR_TOUCH == FOGN_CONTACT_TOL);
    if (!s || !st) return gr_error_set(err, "no game to correct");
    if (!text) return gr_error_set(err, "no correction given");
    if (strlen(text) > FOGN_EDIT_TEXT_MAX)
        return gr_error_set(err, "a correction is at most %d bytes long", FOGN_EDIT_TEXT_MAX);
    ed_parsed e;
    if (parse(s, text, &e, err)) return -1;

    fogn_state t;
    memcpy(&t, st, sizeof t);
    char note[GR_EVENT_TEXT + 64];
    note[0] = '\0';
    int rc = e.cmdr ? cmdr_edit(s, &t, &e, note, sizeof note, err) : unit_edit(s, &t, &e, note, sizeof note, err);
    if (rc) return -1;
    fogn_fi_forget_views(s, &t); /* the views of a firing step were of the old position */
    gr_error inv;
    gr_error_clear(&inv);
    if (fogn_check_invariants(s, &t, &inv))
        return gr_error_set(err, "the corrected position would not be legal: %s", inv.msg);
    if (refresh_cursor(s, &t, err)) return -1;
    memcpy(st, &t, sizeof t);
    gr_log_add(log, GR_EV_NOTE, e.cmdr ? s->cmdrs[e.idx].side : s->units[e.idx].side, "%s", note);
    return 0;
}

int fogn_edit_help(char *buf, size_t cap)
{
    int nf, nc;
    const char *const *forms = fogn_formation_names(&nf);
    const char *const *levels = fogn_cohesion_names(&nc);
    char f[200], l[80];
    join_names(f, sizeof f, forms, nf, NULL);
    join_names(l, sizeof l, levels, nc, NULL);
    return snprintf(buf, cap,
                    "corrections (make the program's position match the table):\n"
                    "  uN at X Y [facing D]  front-edge centre to (X, Y) MU; D degrees, 0 east, 90 north;\n"
                    "                        a unit off the table comes back on\n"
                    "  uN turn D             turn D degrees about the unit's centre (+ counter-clockwise)\n"
                    "  uN formation NAME     %s\n"
                    "  uN cohesion LEVEL     %s\n"
                    "  uN lost N             bases lost: 0, or 1 (Spent)\n"
                    "  uN remove             the unit is destroyed and leaves the table\n"
                    "  cN at X Y             the commander's base centre to (X, Y); away from his unit he leaves it\n"
                    "  cN remove             the commander leaves the table (a casualty)\n",
                    f, l);
}
