/* notation.c - printing and reading Lasalle orders (notation.h). */
#include "notation.h"
#include "engineer_bridge.h"
#include "artillery.h"
#include "compressed.h"
#include "engineer.h"
#include "form.h"
#include "tables.h"
#include "turn.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NUM "-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?"
#define UNIT "u([0-9]{1,3})"

enum {
    RE_DONE = 0, RE_FIGHT, RE_OFFICER, RE_TACTICS, RE_SIMPLE, RE_CHARGE, RE_FIRE, RE_GUN, RE_SIDE, RE_MOVE, RE_ENGINEER,
    RE_CHOICE, RE_FALLBACK, RE_COUNT
};

#define PRELUDE "(?:form\\s+([a-z_]+)(?:\\s+(centre|center|left|right))?\\s*|(about)\\s*)?"
static const char *const patterns[RE_COUNT] = {
    [RE_DONE] = "\\s*done\\s*",
    [RE_FIGHT] = "\\s*fight\\s+" UNIT "\\s*",
    [RE_OFFICER] = "\\s*c([0-9]{1,3})\\s+(?:(hold)|move\\s+(" NUM ")\\s+(" NUM "))\\s*",
    [RE_TACTICS] = "\\s*(?:tactics\\s+(none)|" UNIT "\\s+tactics\\s+c([0-9]{1,3})(?:\\s+poor\\s+c([0-9]{1,3}))?)\\s*",
    [RE_SIMPLE] = "\\s*" UNIT "\\s+(hold|fallback|momentum|stay|reroll|accept|about|later|advance)\\s*",
    [RE_CHARGE] = "\\s*" UNIT "\\s+(charge|countercharge)\\s+" UNIT "(?:\\s+wheel\\s+(" NUM "))?\\s*",
    [RE_FIRE] = "\\s*" UNIT "\\s+fire\\s+" UNIT "((?:\\s+with(?:\\s+u[0-9]{1,3})+)?)"
                "(?:\\s+split\\s+([0-9]{1,2})\\s+" UNIT ")?\\s*",
    [RE_GUN] = "\\s*" UNIT "\\s+(?:prolong\\s+(" NUM ")\\s+(" NUM ")|(limber\\s+)?drive\\s+(" NUM ")\\s+(" NUM
               ")\\s+facing\\s+(" NUM ")(?:\\s+unlimber\\s+facing\\s+(" NUM "))?|(limber|unlimber)"
               "(?:\\s+facing\\s+(" NUM "))?|prolong\\s+(compress|extend))\\s*",
    [RE_SIDE] = "\\s*" UNIT "\\s+" PRELUDE "(?:oblique\\s+(" NUM ")\\s+(left|right)\\s+(" NUM ")|flank\\s+(left|right)"
                "\\s+(" NUM ")|(cross)(?:\\s+(square))?)\\s*",
    [RE_MOVE] = "\\s*" UNIT "\\s+" PRELUDE "(?:wheel\\s+(" NUM ")\\s*)?(?:(move|back)\\s+(" NUM ")\\s*)?"
                "(?:wheel\\s+(" NUM ")\\s*)?(?:(move|back)\\s+(" NUM "))?\\s*",
    [RE_ENGINEER] = "\\s*e([0-9]{1,2})\\s+([a-z]+)(?:\\s+" UNIT ")?(?:\\s+t([0-9]{1,2}))?(?:\\s+b([0-9]{1,3}))?\\s*",
    [RE_CHOICE] = "\\s*([fu])([0-9]{1,3})\\s+(next|reserve|arrive)(?:\\s+([+-]?[0-9]{1,3}))?\\s*",
    [RE_FALLBACK] = "\\s*" UNIT "\\s+fallback(?:\\s+(back|forward))?(?:\\s+wheel\\s+(" NUM "))?\\s*",
};

_Static_assert(RE_COUNT <= (int)(sizeof ((lasalle_scenario *)0)->re / sizeof(gr_regex *)),
               "the scenario holds every pattern of the notation");

int lasalle_notation_compile(lasalle_scenario *s, gr_error *err)
{
    for (int k = 0; k < RE_COUNT; k++) {
        s->re[k] = gr_regex_compile(patterns[k], 1, err);
        if (!s->re[k]) return -1;
    }
    return 0;
}

void lasalle_fmt_float(char *buf, size_t cap, float v)
{
    /* the fewest decimals that read back to the same float; plain digits, no exponent */
    if (v > -1e6f && v < 1e6f)
        for (int prec = 0; prec <= 9; prec++) {
            snprintf(buf, cap, "%.*f", prec, (double)v);
            /* "-0" stays: it reads back as the negative zero it is */
            if (strtof(buf, NULL) == v && signbit(strtof(buf, NULL)) == signbit(v)) return;
        }
    snprintf(buf, cap, "%.9g", (double)v);
}

/* appends to buf */
static void cat(char *buf, size_t cap, const char *fmt, const char *a)
{
    size_t n = strlen(buf);
    if (n < cap) snprintf(buf + n, cap - n, fmt, a);
}

static void cat_num(char *buf, size_t cap, const char *word, float v)
{
    char f[32];
    lasalle_fmt_float(f, sizeof f, v);
    size_t n = strlen(buf);
    if (n < cap) snprintf(buf + n, cap - n, " %s%s%s", word, *word ? " " : "", f);
}

static void prelude(const gr_action *a, char *buf, size_t cap)
{
    int f = a->arg & LASALLE_PRE_FORM_MASK, anchor = (a->arg >> LASALLE_PRE_ANCHOR_SHIFT) & 3;
    if (f && f <= LASALLE_FORM_COUNT) {
        cat(buf, cap, " form %s", lasalle_form_names[f - 1]);
        if (anchor) cat(buf, cap, " %s", lasalle_anchor_names[anchor % 3]);
    } else if (a->arg & LASALLE_PRE_ABOUT) {
        cat(buf, cap, " about%s", "");
    }
}

static void format_move(const gr_action *a, char *buf, size_t cap)
{
    prelude(a, buf, cap);
    switch (a->type) {
    case LASALLE_A_OBLIQUE:
        cat_num(buf, cap, "oblique", a->p[0]);
        cat_num(buf, cap, a->p[1] < 0 ? "left" : "right", a->p[1] < 0 ? -a->p[1] : a->p[1]);
        return;
    case LASALLE_A_FLANK: cat_num(buf, cap, a->p[0] < 0 ? "flank left" : "flank right", a->p[0] < 0 ? -a->p[0] : a->p[0]); return;
    case LASALLE_A_CROSS: cat(buf, cap, " cross%s", a->p[0] != 0 ? " square" : ""); return;
    default: break;
    }
    int any = a->arg != 0;
    for (int k = 0; k < 2; k++) {
        if (a->p[2 * k] != 0) cat_num(buf, cap, "wheel", a->p[2 * k]);
        float d = a->p[2 * k + 1];
        if (d != 0) cat_num(buf, cap, d > 0 ? "move" : "back", d > 0 ? d : -d);
        any |= a->p[2 * k] != 0 || d != 0;
    }
    if (!any) cat(buf, cap, " move 0%s", "");
}

static void format_gun(const gr_action *a, char *buf, size_t cap)
{
    switch (a->type) {
    case LASALLE_A_DRIVE:
        if (a->arg & LASALLE_DRIVE_LIMBER_FIRST) cat(buf, cap, " limber%s", "");
        cat_num(buf, cap, "drive", a->p[0]);
        cat_num(buf, cap, "", a->p[1]);
        cat_num(buf, cap, "facing", a->p[2]);
        if (a->arg & LASALLE_DRIVE_UNLIMBER_AFTER) cat_num(buf, cap, "unlimber facing", a->p[3]);
        return;
    case LASALLE_A_LIMBER: cat_num(buf, cap, "limber facing", a->p[0]); return;
    case LASALLE_A_UNLIMBER: cat_num(buf, cap, "unlimber facing", a->p[0]); return;
    default:
        if (a->arg) { /* the prolong spent changing the frontage [H Compressed Artillery, p.81] */
            cat(buf, cap, " prolong %s", a->arg == LASALLE_PROLONG_COMPRESS ? "compress" : "extend");
            return;
        }
        cat_num(buf, cap, "prolong", a->p[0]);
        cat_num(buf, cap, "", a->p[1]);
        return;
    }
}

int lasalle_format_action(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap)
{
    const lasalle_scenario *s = scn;
    (void)state;
    static const char *const words[LASALLE_A_COUNT] = {
        [LASALLE_A_HOLD] = "hold",   [LASALLE_A_FALLBACK] = "fallback", [LASALLE_A_ABOUT] = "about",
        [LASALLE_A_MOMENTUM] = "momentum", [LASALLE_A_STAY] = "stay",  [LASALLE_A_REROLL] = "reroll",
        [LASALLE_A_ACCEPT] = "accept", [LASALLE_A_LATER] = "later", [LASALLE_A_ADVANCE] = "advance"};
    if (cap) buf[0] = 0;
    if (a->type == LASALLE_A_DONE) return snprintf(buf, cap, "done");
    if (a->type == LASALLE_A_FIGHT) return snprintf(buf, cap, "fight u%d", a->target);
    if (a->type == LASALLE_A_RESERVE) return snprintf(buf, cap, "f%d reserve", a->arg); /* [J, p.91] */
    if (a->type == LASALLE_A_ARRIVE) /* where along its edge it comes on [J, p.91] */
        return a->target ? snprintf(buf, cap, "f%d arrive %+d", a->arg, a->target) : snprintf(buf, cap, "f%d arrive 0", a->arg);
    if (a->type == LASALLE_A_NEXT) /* a force, or an independent unit, moves next [C, p.24] */
        return a->arg >= 0 ? snprintf(buf, cap, "f%d next", a->arg) : snprintf(buf, cap, "u%d next", a->target);
    if (a->type == LASALLE_A_ENGINEER) { /* the Engineering step [H, p.77-78] */
        int task = (int)a->p[0];
        if (task == LASALLE_TASK_BRIDGING) /* a bank site of a terrain piece [H, p.78] */
            return snprintf(buf, cap, "e%d bridging t%d b%d", a->arg, a->target, (int)a->p[1]);
        if (task == LASALLE_TASK_DEMOLITION && lasalle_bank_sites(s, a->target)) /* a finished pontoon [H, p.79] */
            return snprintf(buf, cap, "e%d demolition t%d b%d", a->arg, a->target, (int)a->p[1]);
        if (task == LASALLE_TASK_DEMOLITION || task == LASALLE_TASK_FORTIFICATION) /* a terrain piece [H, p.78-79] */
            return snprintf(buf, cap, "e%d %s t%d", a->arg, lasalle_task_names[task], a->target);
        if (task == LASALLE_TASK_FIELD_WORKS) /* before a unit [H, p.78] */
            return snprintf(buf, cap, "e%d fortification u%d", a->arg, a->target);
        return snprintf(buf, cap, "e%d %s u%d", a->arg,
                        task > 0 && task < LASALLE_TASK_COUNT ? lasalle_task_names[task] : "?", a->target);
    }
    if (a->type == LASALLE_A_TACTICS) {
        if (a->target < 0) return snprintf(buf, cap, "tactics none");
        if (a->p[0] < 0) return snprintf(buf, cap, "u%d tactics c%d", a->target, a->arg);
        return snprintf(buf, cap, "u%d tactics c%d poor c%d", a->target, a->arg, (int)a->p[0]);
    }
    if (a->type == LASALLE_A_ADVANCE) return snprintf(buf, cap, "u%d advance", a->target); /* [E, p.60] */
    if (a->actor >= s->nunits) {
        int k = a->actor - s->nunits;
        if (a->type != LASALLE_A_OFFICER) return snprintf(buf, cap, "c%d hold", k);
        snprintf(buf, cap, "c%d", k);
        cat_num(buf, cap, "move", a->p[0]);
        cat_num(buf, cap, "", a->p[1]);
        return (int)strlen(buf);
    }
    snprintf(buf, cap, "u%d", a->type == LASALLE_A_FALLBACK && a->actor < 0 ? a->target : a->actor);
    if (a->type < LASALLE_A_COUNT && words[a->type]) {
        cat(buf, cap, " %s", words[a->type]);
        if (a->type == LASALLE_A_FALLBACK && (a->arg == 1 || a->arg == 2)) /* the way declared [D, p.38] */
            cat(buf, cap, " %s", a->arg == 1 ? "back" : "forward");
        if (a->type == LASALLE_A_FALLBACK && a->p[0] != 0) cat_num(buf, cap, "wheel", a->p[0]);
    } else if (a->type == LASALLE_A_CHARGE || a->type == LASALLE_A_COUNTERCHARGE) {
        char t[16];
        snprintf(t, sizeof t, "u%d", a->target);
        cat(buf, cap, a->type == LASALLE_A_CHARGE ? " charge %s" : " countercharge %s", t);
        if (a->p[0] != 0) cat_num(buf, cap, "wheel", a->p[0]);
    } else if (a->type == LASALLE_A_FIRE) {
        char t[16];
        snprintf(t, sizeof t, "u%d", a->target);
        cat(buf, cap, " fire %s", t);
        int with = 0;
        for (int j = 0; j < 48; j++) {
            unsigned long m = (unsigned long)a->p[j / 24];
            if (!((m >> (j % 24)) & 1)) continue;
            snprintf(t, sizeof t, "u%d", j);
            cat(buf, cap, with++ ? " %s" : " with %s", t);
        }
        if (a->arg > 0) { /* Split Fire [H, p.80] */
            char sp[48];
            snprintf(sp, sizeof sp, "%d u%d", a->arg, (int)a->p[2]);
            cat(buf, cap, " split %s", sp);
        }
    } else if (a->type == LASALLE_A_REFORM) {
        prelude(a, buf, cap);
    } else if (a->type >= LASALLE_A_DRIVE && a->type <= LASALLE_A_PROLONG) {
        format_gun(a, buf, cap);
    } else {
        format_move(a, buf, cap);
    }
    return (int)strlen(buf);
}

/* ---- reading ------------------------------------------------------------------------------ */

static int group_str(const gr_match *m, int g, char *buf, size_t cap) { return gr_match_group(m, g, buf, cap); }

static int group_num(const gr_match *m, int g, float *out)
{
    char b[48];
    if (gr_match_group(m, g, b, sizeof b) < 0) return 0;
    *out = strtof(b, NULL);
    return 1;
}

static int group_unit(const lasalle_scenario *s, const gr_match *m, int g, int *out, gr_error *err)
{
    char b[16];
    if (gr_match_group(m, g, b, sizeof b) < 0) return -1;
    long v = strtol(b, NULL, 10);
    if (v < 0 || v >= s->nunits)
        return gr_error_set(err, "there is no unit u%ld (the units are u0 to u%d)", v, s->nunits - 1);
    *out = (int)v;
    return 0;
}

/* the prelude's groups (form, anchor, about) starting at group g into the action's arg */
static int read_prelude(const gr_match *m, int g, gr_action *out, gr_error *err)
{
    char f[24], an[16];
    if (group_str(m, g, f, sizeof f) >= 0) {
        int form = -1;
        for (int k = 0; k < LASALLE_FORM_COUNT; k++)
            if (!strcmp(f, lasalle_form_names[k])) form = k;
        if (form < 0)
            return gr_error_set(err, "'%s' is not a formation: line, column, mass, square, march, waves, abreast, "
                                     "limbered, unlimbered, deployed_town", f);
        int anchor = 0;
        if (group_str(m, g + 1, an, sizeof an) >= 0) anchor = !strcmp(an, "left") ? 1 : !strcmp(an, "right") ? 2 : 0;
        out->arg = (int16_t)((form + 1) | (anchor << LASALLE_PRE_ANCHOR_SHIFT));
    } else if (group_str(m, g + 2, an, sizeof an) >= 0) {
        out->arg = LASALLE_PRE_ABOUT;
    }
    return 0;
}

static int parse_move(const lasalle_scenario *s, const lasalle_state *st, const gr_match *m, gr_action *out,
                      gr_error *err)
{
    char w[8];
    out->type = LASALLE_A_MOVE;
    if (read_prelude(m, 2, out, err)) return -1;
    group_num(m, 5, &out->p[0]);
    group_num(m, 7, &out->p[1]);
    if (group_str(m, 6, w, sizeof w) >= 0 && w[0] == 'b') out->p[1] = -out->p[1];
    group_num(m, 8, &out->p[2]);
    group_num(m, 10, &out->p[3]);
    if (group_str(m, 9, w, sizeof w) >= 0 && w[0] == 'b') out->p[3] = -out->p[3];
    /* in the Reaction Phase, "form F" is the Change Formation reaction */
    if (st->turn.step == LASALLE_ST_REACT && (out->arg & LASALLE_PRE_FORM_MASK) && !out->p[0] && !out->p[1] &&
        !out->p[2] && !out->p[3])
        out->type = LASALLE_A_REFORM;
    (void)s;
    return 0;
}

static int parse_side(const gr_match *m, gr_action *out, gr_error *err)
{
    char d[8];
    if (read_prelude(m, 2, out, err)) return -1;
    if (group_num(m, 5, &out->p[0])) {
        out->type = LASALLE_A_OBLIQUE;
        group_num(m, 7, &out->p[1]);
        if (group_str(m, 6, d, sizeof d) >= 0 && d[0] == 'l') out->p[1] = -out->p[1];
    } else if (group_num(m, 9, &out->p[0])) {
        out->type = LASALLE_A_FLANK;
        if (group_str(m, 8, d, sizeof d) >= 0 && d[0] == 'l') out->p[0] = -out->p[0];
    } else {
        out->type = LASALLE_A_CROSS;
        if (group_str(m, 11, d, sizeof d) >= 0) out->p[0] = 1; /* wheeling to line up [C, p.29] */
    }
    return 0;
}

static int parse_gun(const gr_match *m, gr_action *out)
{
    char w[16];
    if (group_str(m, 11, w, sizeof w) >= 0) { /* Compressed Artillery [H, p.81] */
        out->type = LASALLE_A_PROLONG;
        out->arg = w[0] == 'c' ? LASALLE_PROLONG_COMPRESS : LASALLE_PROLONG_EXTEND;
        return 0;
    }
    if (group_num(m, 2, &out->p[0])) {
        out->type = LASALLE_A_PROLONG;
        group_num(m, 3, &out->p[1]);
    } else if (group_num(m, 5, &out->p[0])) {
        out->type = LASALLE_A_DRIVE;
        group_num(m, 6, &out->p[1]);
        group_num(m, 7, &out->p[2]);
        if (group_str(m, 4, w, sizeof w) >= 0) out->arg |= LASALLE_DRIVE_LIMBER_FIRST;
        if (group_num(m, 8, &out->p[3])) out->arg |= LASALLE_DRIVE_UNLIMBER_AFTER;
    } else {
        group_str(m, 9, w, sizeof w);
        out->type = w[0] == 'l' ? LASALLE_A_LIMBER : LASALLE_A_UNLIMBER;
        group_num(m, 10, &out->p[0]);
    }
    return 0;
}

/* a fall-back a combat owes is its side's choice of which unit goes next and how (fallback_step.h): the order
 * names no actor, the unit is its target, as the advance's */
static void combat_fallback(const lasalle_state *st, gr_action *out)
{
    if (out->type != LASALLE_A_FALLBACK || !st || st->turn.step != LASALLE_ST_FALLBACK) return;
    out->target = out->actor;
    out->actor = -1;
}

static int parse_simple(const lasalle_state *st, const gr_match *m, gr_action *out)
{
    static const struct {
        const char *w;
        int type;
    } verbs[] = {{"hold", LASALLE_A_HOLD},     {"fallback", LASALLE_A_FALLBACK}, {"momentum", LASALLE_A_MOMENTUM},
                 {"stay", LASALLE_A_STAY},     {"reroll", LASALLE_A_REROLL},     {"accept", LASALLE_A_ACCEPT},
                 {"about", LASALLE_A_ABOUT},    {"later", LASALLE_A_LATER},       {"advance", LASALLE_A_ADVANCE}};
    char w[16] = "";
    group_str(m, 2, w, sizeof w);
    for (size_t k = 0; k < sizeof verbs / sizeof *verbs; k++)
        if (!strcmp(w, verbs[k].w)) out->type = (uint16_t)verbs[k].type;
    /* the winner that advances names no actor: the decision is the side's (advance.h) */
    if (out->type == LASALLE_A_ADVANCE) {
        out->target = out->actor;
        out->actor = -1;
    }
    combat_fallback(st, out);
    /* outside the Reaction Phase "about" opens a move */
    if (out->type == LASALLE_A_ABOUT && st->turn.step != LASALLE_ST_REACT) {
        out->type = LASALLE_A_MOVE;
        out->arg = LASALLE_PRE_ABOUT;
    }
    return 0;
}

static int parse_fire(const lasalle_scenario *s, const gr_match *m, gr_action *out, gr_error *err)
{
    char with[400];
    int t = -1;
    out->type = LASALLE_A_FIRE;
    if (group_unit(s, m, 2, &t, err) < 0) return -1;
    out->target = (int16_t)t;
    if (group_str(m, 4, with, sizeof with) > 0) { /* "split K uB": bases 1..K from the left at the first [H, p.80] */
        int t2 = -1;
        if (group_unit(s, m, 5, &t2, err) < 0) return -1;
        out->arg = (int16_t)strtol(with, NULL, 10);
        out->p[2] = (float)t2;
    }
    if (group_str(m, 3, with, sizeof with) <= 0) return 0;
    for (char *p = strchr(with, 'u'); p; p = strchr(p + 1, 'u')) {
        long j = strtol(p + 1, NULL, 10);
        if (j < 0 || j >= s->nunits) return gr_error_set(err, "there is no unit u%ld to fire with", j);
        unsigned long mask = (unsigned long)out->p[j / 24] | (1ul << (j % 24));
        out->p[j / 24] = (float)mask;
    }
    return 0;
}

static int parse_unit(const lasalle_scenario *s, const lasalle_state *st, const char *text, gr_action *out,
                      gr_error *err)
{
    gr_match m;
    int who = -1;
    for (int k = RE_SIMPLE; k < RE_COUNT; k++) {
        if (gr_regex_match(s->re[k], text, &m) != 1) continue;
        if (group_unit(s, &m, 1, &who, err) < 0) return -1;
        out->actor = (int16_t)who;
        switch (k) {
        case RE_SIMPLE: return parse_simple(st, &m, out);
        case RE_CHARGE: {
            char w[16];
            group_str(&m, 2, w, sizeof w);
            out->type = w[0] == 'c' && w[1] == 'o' ? LASALLE_A_COUNTERCHARGE : LASALLE_A_CHARGE;
            int t = -1;
            if (group_unit(s, &m, 3, &t, err) < 0) return -1;
            out->target = (int16_t)t;
            group_num(&m, 4, &out->p[0]);
            return 0;
        }
        case RE_FIRE: return parse_fire(s, &m, out, err);
        case RE_FALLBACK: { /* "uN fallback [back|forward] [wheel A]" [D, p.38] */
            char w[16];
            out->type = LASALLE_A_FALLBACK;
            if (group_str(&m, 2, w, sizeof w) >= 0) out->arg = w[0] == 'b' ? 1 : 2;
            group_num(&m, 3, &out->p[0]);
            combat_fallback(st, out);
            return 0;
        }
        case RE_GUN: return parse_gun(&m, out);
        case RE_SIDE: return parse_side(&m, out, err);
        default: return parse_move(s, st, &m, out, err);
        }
    }
    return gr_error_set(err, "'%s' is not a Lasalle order: expected 'done', 'uN hold', 'uN move 4', 'uN wheel 30 move "
                             "2', 'uN back 1', 'uN form column [move 2]', 'uN oblique 2 right 1', 'uN flank left 2', "
                             "'uN charge uM [wheel A]', 'uN drive X Y facing H', 'uN limber|unlimber facing H', "
                             "'uN prolong R F', 'uN prolong compress|extend', 'cN move X Y', "
                             "'uN fire uM [with uA uB | split K uB]', 'uN fallback [back|forward] [wheel A]', "
                             "'fight uN', 'fN next', 'uN next', 'fN reserve', 'fN arrive K', 'eN assault uM', "
                             "'eN demolition|fortification tK', 'eN fortification uM', 'eN bridging tK bS' or "
                             "'uN reroll'", text);
}

/* "tactics none" | "uN tactics cK [poor cJ]" */
static int parse_tactics(const lasalle_scenario *s, const gr_match *m, gr_action *out, gr_error *err)
{
    char b[16];
    out->type = LASALLE_A_TACTICS;
    out->arg = -1;
    out->p[0] = -1;
    if (group_str(m, 1, b, sizeof b) >= 0) return 0;
    int u = -1;
    if (group_unit(s, m, 2, &u, err) < 0) return -1;
    out->target = (int16_t)u;
    for (int g = 3; g <= 4; g++) {
        if (group_str(m, g, b, sizeof b) < 0) continue;
        long k = strtol(b, NULL, 10);
        if (k < 0 || k >= s->nofficers)
            return gr_error_set(err, "there is no officer c%ld (the officers are c0 to c%d)", k, s->nofficers - 1);
        if (g == 3) out->arg = (int16_t)k;
        else out->p[0] = (float)k;
    }
    return 0;
}

/* "eN demolition tK", "eN fortification tK", "eN bridging tK bS": engineer N goes to work at terrain piece K
 * (bank site S) [H, p.78-79]; "eN fortification uM": field works before unit M [H, p.78] */
static int parse_table_task(const lasalle_scenario *s, const gr_match *m, long e, int task, gr_action *out,
                            gr_error *err)
{
    char b[16];
    const char *name = lasalle_task_names[task];
    if (task == LASALLE_TASK_FORTIFICATION && group_str(m, 3, b, sizeof b) >= 0) { /* field works [H, p.78] */
        int u = -1;
        if (group_unit(s, m, 3, &u, err) < 0) return -1;
        out->type = LASALLE_A_ENGINEER;
        out->arg = (int16_t)e;
        out->target = (int16_t)u;
        out->p[0] = (float)LASALLE_TASK_FIELD_WORKS;
        return 0;
    }
    long k = group_str(m, 4, b, sizeof b) < 0 ? -1 : strtol(b, NULL, 10);
    long site = group_str(m, 5, b, sizeof b) < 0 ? -1 : strtol(b, NULL, 10);
    if (task == LASALLE_TASK_BRIDGING && (k < 0 || k >= s->terrain.n || site < 0))
        return gr_error_set(err, "bridging starts at a bank site of the water: 'e%ld bridging tK bS' (H, p.78)", e);
    if (k < 0 || k >= s->terrain.n)
        return gr_error_set(err, "%s works at a terrain piece: 'e%ld %s tK'%s (H, p.78-79)", name, e, name,
                            s->terrain.n ? "" : ", and this table has none");
    out->type = LASALLE_A_ENGINEER;
    out->arg = (int16_t)e;
    out->target = (int16_t)k;
    out->p[0] = (float)task;
    out->p[1] = (float)(task != LASALLE_TASK_FORTIFICATION && lasalle_bank_sites(s, (int)k) ? site : 0);
    return 0;
}

/* "eN assault uM": engineer N deploys to the Assault task with unit M [H, p.77-78] */
static int parse_engineer(const lasalle_scenario *s, const gr_match *m, gr_action *out, gr_error *err)
{
    char b[16], w[24];
    group_str(m, 1, b, sizeof b);
    long e = strtol(b, NULL, 10);
    if (e < 0 || e >= s->nengineers)
        return s->nengineers ? gr_error_set(err, "there is no engineer e%ld (the engineers are e0 to e%d)", e,
                                            s->nengineers - 1)
                             : gr_error_set(err, "there are no engineers in this game (H Engineering, p.77-79)");
    int task = -1;
    if (group_str(m, 2, w, sizeof w) < 0) w[0] = 0;
    for (int k = 1; k < LASALLE_TASK_COUNT; k++)
        if (!strcmp(w, lasalle_task_names[k])) task = k;
    if (task < 0)
        return gr_error_set(err, "'%s' is no engineering task: assault, fortification, bridging or demolition "
                                 "(H, p.77-79)", w);
    if (task != LASALLE_TASK_ASSAULT) return parse_table_task(s, m, e, task, out, err);
    int u = -1;
    if (group_str(m, 3, b, sizeof b) < 0)
        return gr_error_set(err, "an Assault engineer joins a unit: 'e%ld assault uM' (H, p.77)", e);
    if (group_unit(s, m, 3, &u, err) < 0) return -1;
    out->type = LASALLE_A_ENGINEER;
    out->arg = (int16_t)e;
    out->target = (int16_t)u;
    out->p[0] = (float)task;
    return 0;
}

/* "fN next" | "uN next": which force or independent unit moves next [C, p.24]; "fN reserve": which reserve
 * rolls to arrive; "fN arrive K": where along its edge an arriving force comes on, K BW from its set place
 * [J, p.91] */
static int parse_choice(const lasalle_scenario *s, const gr_match *m, gr_action *out, gr_error *err)
{
    char k[4], b[16], w[16], sh[8];
    group_str(m, 1, k, sizeof k);
    group_str(m, 2, b, sizeof b);
    group_str(m, 3, w, sizeof w);
    int has_shift = group_str(m, 4, sh, sizeof sh) >= 0;
    long v = strtol(b, NULL, 10);
    if (has_shift && w[0] != 'a') return gr_error_set(err, "'%s%s %s' takes no number", k, b, w);
    if (w[0] == 'a' && !has_shift)
        return gr_error_set(err, "where along the edge: 'f%s arrive K', K the BW from its set place (0 there, "
                                 "-4 or +4 along the edge, ...) (J, p.91)", b);
    if (k[0] == 'u') {
        if (w[0] == 'r') return gr_error_set(err, "a reserve is a force: 'fN reserve' (J, p.91)");
        if (w[0] == 'a') return gr_error_set(err, "a force arrives: 'fN arrive K' (J, p.91)");
        int u = -1;
        if (group_unit(s, m, 2, &u, err) < 0) return -1;
        out->type = LASALLE_A_NEXT;
        out->arg = -1;
        out->target = (int16_t)u;
        return 0;
    }
    if (v < 0 || v >= s->nforces)
        return gr_error_set(err, "there is no force f%ld (the forces are f0 to f%d)", v, s->nforces - 1);
    out->type = w[0] == 'r' ? LASALLE_A_RESERVE : w[0] == 'a' ? LASALLE_A_ARRIVE : LASALLE_A_NEXT;
    out->arg = (int16_t)v;
    if (w[0] == 'a') out->target = (int16_t)strtol(sh, NULL, 10);
    return 0;
}

/* No distance, angle or place on any table reaches this (in BW or degrees):
 * a larger number is refused before it can reach the geometry. */
#define LASALLE_NOTATION_NUMBER_MAX 1000.0f

static int numbers_in_bounds(const gr_action *a, gr_error *err)
{
    /* a fire's p[0] and p[1] are the masks of the units joining it, no number a player wrote */
    for (int k = a->type == LASALLE_A_FIRE ? 2 : 0; k < 4; k++)
        if (!isfinite(a->p[k]) || fabsf(a->p[k]) > LASALLE_NOTATION_NUMBER_MAX)
            return gr_error_set(err, "%g is no distance, angle or place on a table (at most %g)", (double)a->p[k],
                                (double)LASALLE_NOTATION_NUMBER_MAX);
    return 0;
}

static int parse_any(const lasalle_scenario *s, const lasalle_state *st, const char *text, gr_action *out,
                     gr_error *err);

int lasalle_parse_action(const void *scn, const void *state, const char *text, gr_action *out, gr_error *err)
{
    if (parse_any(scn, state, text, out, err)) return -1;
    return numbers_in_bounds(out, err);
}

static int parse_any(const lasalle_scenario *s, const lasalle_state *st, const char *text, gr_action *out,
                     gr_error *err)
{
    gr_match m;
    memset(out, 0, sizeof *out);
    out->actor = -1;
    out->target = -1;
    if (gr_regex_match(s->re[RE_DONE], text, &m) == 1) {
        out->type = LASALLE_A_DONE;
        return 0;
    }
    if (gr_regex_match(s->re[RE_FIGHT], text, &m) == 1) {
        int t = -1;
        if (group_unit(s, &m, 1, &t, err) < 0) return -1;
        out->type = LASALLE_A_FIGHT;
        out->target = (int16_t)t;
        return 0;
    }
    if (gr_regex_match(s->re[RE_TACTICS], text, &m) == 1) return parse_tactics(s, &m, out, err);
    if (gr_regex_match(s->re[RE_ENGINEER], text, &m) == 1) return parse_engineer(s, &m, out, err);
    if (gr_regex_match(s->re[RE_CHOICE], text, &m) == 1) return parse_choice(s, &m, out, err);
    if (gr_regex_match(s->re[RE_OFFICER], text, &m) == 1) {
        char b[16];
        group_str(&m, 1, b, sizeof b);
        long k = strtol(b, NULL, 10);
        if (k < 0 || k >= s->nofficers)
            return gr_error_set(err, "there is no officer c%ld (the officers are c0 to c%d)", k, s->nofficers - 1);
        out->actor = (int16_t)(s->nunits + k);
        out->type = LASALLE_A_HOLD;
        if (group_num(&m, 3, &out->p[0])) {
            out->type = LASALLE_A_OFFICER;
            group_num(&m, 4, &out->p[1]);
        }
        return 0;
    }
    return parse_unit(s, st, text, out, err);
}
