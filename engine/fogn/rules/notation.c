/* notation.c - the fogn order notation: one line per action, printed and
 * parsed (PCRE2). Units are `u<N>` and commanders `c<N>` by their index in
 * the scenario (`grognard show` lists them); objectives are `obj<N>`.
 *
 *   done                         end the movement phase (the rest hold)
 *   u3 hold                      stay (or decline a second move)
 *   u3 advance u12 to 6          order: advance on enemy u12, halting 6 MU short
 *   u3 advance obj1              order: advance on objective 1
 *   u3 face u12                  order: turn to face u12
 *   u3 form line                 change formation
 *   u3 fallback                  order: half a move to the rear
 *   u3 road +|-                  order: march along the road
 *   u3 turn 180                  turn in place by degrees
 *   u3 move FR -30 4.5 slide 0.5  exact: wheel 30 deg clockwise about the front-right
 *                                corner, then 4.5 MU ahead, then slide 0.5 MU right
 *   u3 move 4.5                  exact: straight ahead
 *   u3 move 3 bent               exact: a kinked line goes on bent, each half
 *                                straight ahead with the slide that keeps them together
 *   u3 halves 3 2.5              exact: the same with the left half going 3 MU ahead
 *                                and the right half 2.5
 *   u3 halves 3 3 bend -20 [left]  exact: the right (left) half first wheels about the
 *                                centre to a bend of -20 degrees, then as halves
 *   u3 swing 10 4 [left]         exact: the right (left) half wheels 10 degrees forward about
 *                                its outer front corner and goes 4 MU on; the other half
 *                                goes straight with the slide that keeps them together;
 *                                `both [B [D2]]`: each half wheels about its own outer corner,
 *                                the left 10 and the right B (10 unless given), the left goes
 *                                4 MU on and the right D2 (4 unless given), and both slide to meet
 *   u3 rear 2 [start-about] [end-about]
 *   u3 free 1.5 -2 90            exact (skirmishers): displacement and heading
 *   u3 faceto 90                 exact: turn to a heading in degrees
 *   u3 limber [fwd|back|right|left] | u3 unlimber | u3 prolong 1.5
 *   u3 kink -30 [left]           bend a line at its centre, the right (or left) half wheeling
 *   u3 group u4,u5 advance u12 to 6   Brigade Group led from u3 (its Division
 *                                Commander is with it): order, as advance
 *   u3 group u4,u5 move FL 20 3  exact group wheel about the group's corner, then straight
 *   u3 group u4,u5 rear 2        exact group move straight back
 *   u3 group u4,u5 cross t2      every member over obstacle t2 from touching it (§8.8, §15.8)
 *   c2 move 30 12.5 | c2 join u5 | c2 hold | c2 recover u5 (Recovery Phase)
 *   c0 give c2                  the corps commander gives c2 a command point (§5.1)
 *   u3 assault u12 | u12 react square | u7 intercept u3 | u3 press     (Assault Phase)
 *   u3 fire u12 [noskirm]        (Firing Phase: most dice at u12; guns may ignore Skirmishers)
 *   u3 fire u12 split 2|3        (guns in a field work: split among the 2 or 3 most central targets, §15.5)
 *   u3 enter t4 defend|occupy [front|right|rear|left]   go into building / field work t4 (terrain piece 4)
 *   u3 garrison defend|occupy [front|right|rear|left]   change how it holds its building (§15.4)
 *   u3 leave front|right|rear|left  leave its area through that face of the area's box
 *   u3 pursue | u3 hold           (Combat Phase: pursue, or hold back) */
#include "notation.h"
#include "building.h"
#include "../../core/regex.h"
#include "brigade.h"
#include "names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const corner_names[] = {"FL", "FR", "RR", "RL"};
static const char *const limber_names[] = {"fwd", "back", "right", "left"};

/* shortest decimal text that reads back to the same float */
static void fmt_float(char *buf, size_t cap, float v)
{
    for (int prec = 3; prec <= 9; prec++) {
        snprintf(buf, cap, "%.*g", prec, (double)v);
        if (strtof(buf, NULL) == v) return;
    }
}

static void actor_name(const fogn_scenario *s, int actor, char *buf, size_t cap)
{
    if (actor < s->nunits) snprintf(buf, cap, "u%d", actor);
    else snprintf(buf, cap, "c%d", actor - s->nunits);
}

int fogn_format_action(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap)
{
    const fogn_scenario *s = scn;
    (void)state;
    char who[16], f0[24], f1[24], f2[24], f3[24];
    if (a->type == FOGN_A_DONE) return snprintf(buf, cap, "done");
    actor_name(s, a->actor, who, sizeof who);
    fmt_float(f0, sizeof f0, a->p[0]);
    fmt_float(f1, sizeof f1, a->p[1]);
    fmt_float(f2, sizeof f2, a->p[2]);
    fmt_float(f3, sizeof f3, a->p[3]);
    switch ((fogn_action_type)a->type) {
    case FOGN_A_HOLD: return snprintf(buf, cap, "%s hold", who);
    case FOGN_A_ADVANCE: return snprintf(buf, cap, "%s advance u%d to %d", who, a->target, a->arg);
    case FOGN_A_ADVANCE_OBJ: return snprintf(buf, cap, "%s advance obj%d", who, a->target);
    case FOGN_A_FACE: return snprintf(buf, cap, "%s face u%d", who, a->target);
    case FOGN_A_FORM: return snprintf(buf, cap, "%s form %s", who, fogn_formation_name((fogn_formation)a->arg));
    case FOGN_A_FALL_BACK: return snprintf(buf, cap, "%s fallback", who);
    case FOGN_A_ROAD: return snprintf(buf, cap, "%s road %c", who, a->arg >= 0 ? '+' : '-');
    case FOGN_A_TURN: return snprintf(buf, cap, "%s turn %d", who, a->arg);
    case FOGN_A_SWING:
        if (a->arg != 2) return snprintf(buf, cap, "%s swing %s %s%s", who, f0, f1, a->arg == 1 ? " left" : "");
        if (a->p[3] != a->p[1]) return snprintf(buf, cap, "%s swing %s %s both %s %s", who, f0, f1, f2, f3);
        return a->p[2] == a->p[0] ? snprintf(buf, cap, "%s swing %s %s both", who, f0, f1)
                                  : snprintf(buf, cap, "%s swing %s %s both %s", who, f0, f1, f2);
    case FOGN_A_MOVE:
        if (a->p[3] == 2.0f)
            return a->arg < 0 ? snprintf(buf, cap, "%s halves %s %s", who, f1, f2)
                              : snprintf(buf, cap, "%s halves %s %s bend %s%s", who, f1, f2, f0, a->arg == 1 ? " left" : "");
        if (a->p[3] != 0.0f) return snprintf(buf, cap, "%s move %s bent", who, f1);
        if (a->p[0] == 0.0f && a->arg < 0)
            return a->p[2] != 0.0f ? snprintf(buf, cap, "%s move %s slide %s", who, f1, f2)
                                   : snprintf(buf, cap, "%s move %s", who, f1);
        return a->p[2] != 0.0f
                   ? snprintf(buf, cap, "%s move %s %s %s slide %s", who, corner_names[a->arg & 3], f0, f1, f2)
                   : snprintf(buf, cap, "%s move %s %s %s", who, corner_names[a->arg & 3], f0, f1);
    case FOGN_A_REAR:
        return snprintf(buf, cap, "%s rear %s%s%s", who, f1, (a->arg & 1) ? " start-about" : "",
                        (a->arg & 2) ? " end-about" : "");
    case FOGN_A_FREE: return snprintf(buf, cap, "%s free %s %s %s", who, f0, f1, f2);
    case FOGN_A_FACE_TO: return snprintf(buf, cap, "%s faceto %s", who, f0);
    case FOGN_A_LIMBER: return snprintf(buf, cap, "%s limber %s", who, limber_names[a->arg & 3]);
    case FOGN_A_UNLIMBER: return snprintf(buf, cap, "%s unlimber", who);
    case FOGN_A_PROLONG: return snprintf(buf, cap, "%s prolong %s", who, f1);
    case FOGN_A_KINK: return snprintf(buf, cap, "%s kink %s%s", who, f0, a->arg == 1 ? " left" : "");
    case FOGN_A_UP_TO: return snprintf(buf, cap, "%s up to t%d", who, a->target);
    case FOGN_A_CROSS: return snprintf(buf, cap, "%s cross t%d", who, a->target);
    case FOGN_A_CMDR_MOVE: return snprintf(buf, cap, "%s move %s %s", who, f0, f1);
    case FOGN_A_CMDR_JOIN: return snprintf(buf, cap, "%s join u%d", who, a->target);
    case FOGN_A_ALLOCATE: return snprintf(buf, cap, "%s give c%d", who, a->target);
    case FOGN_A_ARRIVE:
        if (a->p[1] > 0)
            return snprintf(buf, cap, "%s arrive %s %s %s", who, f0, fogn_formation_name((fogn_formation)a->arg), f1);
        return snprintf(buf, cap, "%s arrive %s %s", who, f0, fogn_formation_name((fogn_formation)a->arg));
    case FOGN_A_RECOVER: return snprintf(buf, cap, "%s recover u%d", who, a->target);
    case FOGN_A_ASSAULT: return snprintf(buf, cap, "%s assault u%d", who, a->target);
    case FOGN_A_REACT: {
        const char *r = fogn_reaction_name(a->arg);
        return snprintf(buf, cap, "%s react %s", who, r ? r : "?");
    }
    case FOGN_A_INTERCEPT: return snprintf(buf, cap, "%s intercept u%d", who, a->target);
    case FOGN_A_PRESS: return snprintf(buf, cap, "%s press", who);
    case FOGN_A_FIRE:
        if (a->arg >= 2) return snprintf(buf, cap, "%s fire u%d split %d", who, a->target, a->arg);
        return snprintf(buf, cap, "%s fire u%d%s", who, a->target, a->arg ? " noskirm" : "");
    case FOGN_A_ENTER:
        return snprintf(buf, cap, "%s enter t%d %s %s", who, a->target, fogn_bld_mode_name(a->arg & 3),
                        fogn_bld_face_name((a->arg >> 2) & 3));
    case FOGN_A_GARRISON:
        return snprintf(buf, cap, "%s garrison %s %s", who, fogn_bld_mode_name(a->arg & 3),
                        fogn_bld_face_name((a->arg >> 2) & 3));
    case FOGN_A_LEAVE:
        if (a->arg >= FOGN_BLD_LEAVE_ROAD_FWD)
            return snprintf(buf, cap, "%s leave road %c", who, a->arg == FOGN_BLD_LEAVE_ROAD_FWD ? '+' : '-');
        return snprintf(buf, cap, "%s leave %s", who, fogn_bld_face_name(a->arg & 3));
    case FOGN_A_PURSUE: return snprintf(buf, cap, "%s pursue", who);
    case FOGN_A_GROUP_MOVE:
    case FOGN_A_GROUP_ADVANCE:
    case FOGN_A_GROUP_REAR:
    case FOGN_A_GROUP_CROSS: {
        int m[FOGN_GROUP_MAX];
        int nm = fogn_brigade_unpack(s, a, m, FOGN_GROUP_MAX);
        char list[64] = "";
        size_t len = 0;
        for (int k = 1; k < nm && len < sizeof list; k++)
            len += (size_t)snprintf(list + len, sizeof list - len, "%su%d", k > 1 ? "," : "", m[k]);
        if (a->type == FOGN_A_GROUP_ADVANCE)
            return snprintf(buf, cap, "%s group %s advance u%d to %d", who, list, a->target, a->arg);
        if (a->type == FOGN_A_GROUP_REAR) return snprintf(buf, cap, "%s group %s rear %s", who, list, f1);
        if (a->type == FOGN_A_GROUP_CROSS) return snprintf(buf, cap, "%s group %s cross t%d", who, list, a->target);
        if (a->p[0] == 0.0f) return snprintf(buf, cap, "%s group %s move %s", who, list, f1);
        return snprintf(buf, cap, "%s group %s move %s %s %s", who, list, corner_names[a->arg & 3], f0, f1);
    }
    default: return snprintf(buf, cap, "%s ?%d", who, a->type);
    }
}

/* one grammar rule: a pattern over the text after the actor, and a builder */
typedef struct rule {
    const char *pattern;
    int type;
} rule;

/* Patterns are matched against the whole remainder after "uN "/"cN ". */
static const rule unit_rules[] = {
    {"hold", FOGN_A_HOLD},
    {"advance\\s+u(?<t>\\d+)\\s+to\\s+(?<band>\\d+)", FOGN_A_ADVANCE},
    {"advance\\s+obj(?<t>\\d+)", FOGN_A_ADVANCE_OBJ},
    {"face\\s+u(?<t>\\d+)", FOGN_A_FACE},
    {"form\\s+(?<name>[a-z_]+)", FOGN_A_FORM},
    {"fallback", FOGN_A_FALL_BACK},
    {"road\\s+(?<dir>[+-])", FOGN_A_ROAD},
    {"turn\\s+(?<deg>-?\\d+)", FOGN_A_TURN},
    {"move(?:\\s+(?<corner>FL|FR|RL|RR)\\s+(?<ang>[-+]?[0-9.]+))?\\s+(?<dist>[-+]?[0-9.]+)"
     "(?:\\s+slide\\s+(?<slide>[-+]?[0-9.]+))?(?<bent>\\s+bent)?", FOGN_A_MOVE},
    {"rear\\s+(?<dist>[0-9.]+)(?<sa>\\s+start-about)?(?<ea>\\s+end-about)?", FOGN_A_REAR},
    {"free\\s+(?<dx>[-+]?[0-9.]+)\\s+(?<dy>[-+]?[0-9.]+)\\s+(?<hd>[-+]?[0-9.]+)", FOGN_A_FREE},
    {"faceto\\s+(?<hd>[-+]?[0-9.]+)", FOGN_A_FACE_TO},
    {"limber(?:\\s+(?<dir>fwd|back|right|left))?", FOGN_A_LIMBER},
    {"unlimber", FOGN_A_UNLIMBER},
    {"prolong\\s+(?<dist>[-+]?[0-9.]+)", FOGN_A_PROLONG},
    {"kink\\s+(?<ang>[-+]?[0-9.]+)(?:\\s+(?<half>left|right))?", FOGN_A_KINK},
    {"swing\\s+(?<sa>[-+]?[0-9.]+)\\s+(?<sd>[-+]?[0-9.]+)(?:\\s+(?:(?<half>left|right)|(?<both>both)"
     "(?:\\s+(?<sb>[-+]?[0-9.]+)(?:\\s+(?<sd2>[-+]?[0-9.]+))?)?))?",
     FOGN_A_SWING},
    {"halves\\s+(?<dl>[-+]?[0-9.]+)\\s+(?<dr>[-+]?[0-9.]+)(?:\\s+bend\\s+(?<bend>[-+]?[0-9.]+)(?:\\s+(?<half>left|right))?)?",
     FOGN_A_MOVE},
    {"up\\s+to\\s+t(?<t>\\d+)", FOGN_A_UP_TO},
    {"cross\\s+t(?<t>\\d+)", FOGN_A_CROSS},
    {"group\\s+(?<members>u\\d+(?:\\s*,\\s*u\\d+)*)\\s+advance\\s+u(?<t>\\d+)\\s+to\\s+(?<band>\\d+)",
     FOGN_A_GROUP_ADVANCE},
    {"group\\s+(?<members>u\\d+(?:\\s*,\\s*u\\d+)*)\\s+move(?:\\s+(?<corner>FL|FR)\\s+(?<ang>[-+]?[0-9.]+))?"
     "\\s+(?<dist>[-+]?[0-9.]+)", FOGN_A_GROUP_MOVE},
    {"group\\s+(?<members>u\\d+(?:\\s*,\\s*u\\d+)*)\\s+rear\\s+(?<dist>[0-9.]+)", FOGN_A_GROUP_REAR},
    {"group\\s+(?<members>u\\d+(?:\\s*,\\s*u\\d+)*)\\s+cross\\s+t(?<t>\\d+)", FOGN_A_GROUP_CROSS},
    {"assault\\s+u(?<t>\\d+)", FOGN_A_ASSAULT},
    {"react\\s+(?<name>[a-z]+)", FOGN_A_REACT},
    {"intercept\\s+u(?<t>\\d+)", FOGN_A_INTERCEPT},
    {"press", FOGN_A_PRESS},
    {"fire\\s+u(?<t>\\d+)(?:(?<ns>\\s+noskirm)|\\s+split\\s+(?<split>[23]))?", FOGN_A_FIRE},
    {"enter\\s+t(?<t>\\d+)\\s+(?<mode>occupy|defend)(?:\\s+(?<face>front|right|rear|left))?", FOGN_A_ENTER},
    {"garrison\\s+(?<mode>occupy|defend)(?:\\s+(?<face>front|right|rear|left))?", FOGN_A_GARRISON},
    {"leave\\s+(?:(?<face>front|right|rear|left)|road\\s+(?<dir>[+-]))", FOGN_A_LEAVE},
    {"pursue", FOGN_A_PURSUE},
    {"arrive\\s+(?<x>[-+]?[0-9.]+)\\s+(?<name>[a-z_]+)(?:\\s+(?<dist>[0-9.]+))?", FOGN_A_ARRIVE},
};

static const rule cmdr_rules[] = {
    {"hold", FOGN_A_HOLD},
    {"move\\s+(?<x>[-+]?[0-9.]+)\\s+(?<y>[-+]?[0-9.]+)", FOGN_A_CMDR_MOVE},
    {"join\\s+u(?<t>\\d+)", FOGN_A_CMDR_JOIN},
    {"give\\s+c(?<t>\\d+)", FOGN_A_ALLOCATE},
    {"recover\\s+u(?<t>\\d+)", FOGN_A_RECOVER},
};

static int num(const gr_regex *re, const gr_match *m, const char *name, float *out, gr_error *err)
{
    char buf[48];
    if (gr_match_named(re, m, name, buf, sizeof buf) < 0) return 1; /* absent */
    char *end;
    float v = strtof(buf, &end);
    if (*end || end == buf) return gr_error_set(err, "'%s' is not a number", buf);
    *out = v;
    return 0;
}

static int whole(const gr_regex *re, const gr_match *m, const char *name, long *out)
{
    char buf[32];
    if (gr_match_named(re, m, name, buf, sizeof buf) < 0) return 1;
    *out = strtol(buf, NULL, 10);
    return 0;
}

/* "u4, u5" -> the members after the lead, packed into a->p[3] */
static int group_members(const fogn_scenario *s, const gr_regex *re, const gr_match *m, gr_action *a, gr_error *err)
{
    char buf[96];
    if (gr_match_named(re, m, "members", buf, sizeof buf) < 0) return gr_error_set(err, "which units form the group?");
    int mem[FOGN_GROUP_MAX], n = 0;
    mem[n++] = a->actor;
    for (const char *q = buf; *q;) {
        if (*q == 'u' || *q == 'U') {
            long v = strtol(q + 1, (char **)&q, 10);
            if (v < 0 || v >= s->nunits) return gr_error_set(err, "there is no unit u%ld (units are u0..u%d)", v, s->nunits - 1);
            if (n >= FOGN_GROUP_MAX) return gr_error_set(err, "a Brigade Group has at most %d units", FOGN_GROUP_MAX);
            mem[n++] = (int)v;
        } else {
            q++;
        }
    }
    a->p[3] = fogn_brigade_pack(mem, n);
    return 0;
}

/* the formation named in the match ("name") into a->arg */
static int formation_arg(const gr_regex *re, const gr_match *m, gr_action *a, gr_error *err)
{
    char buf[48] = "";
    gr_match_named(re, m, "name", buf, sizeof buf);
    int n;
    const char *const *names = fogn_formation_names(&n);
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], buf)) {
            a->arg = (int16_t)i;
            return 0;
        }
    return gr_error_set(err, "unknown formation '%s' (tactical, deep, line, skirmish, skirmish_line, square, column, "
                        "limbered, unlimbered)", buf);
}

/* a Brigade Group's order: its members, then the target, band or move the
 * group makes together */
static int build_group(const fogn_scenario *s, const gr_regex *re, const gr_match *m, int type, gr_action *a,
                       gr_error *err)
{
    long t = -1;
    char buf[48];
    if (group_members(s, re, m, a, err)) return -1;
    if (type == FOGN_A_GROUP_CROSS) {
        whole(re, m, "t", &t);
        if (t < 0 || t >= s->terrain.n)
            return gr_error_set(err, "there is no terrain piece t%ld (t0..t%d)", t, s->terrain.n - 1);
        a->target = (int16_t)t;
        return 0;
    }
    if (type == FOGN_A_GROUP_ADVANCE) {
        long band = 0;
        whole(re, m, "t", &t);
        whole(re, m, "band", &band);
        if (t < 0 || t >= s->nunits) return gr_error_set(err, "there is no unit u%ld (units are u0..u%d)", t, s->nunits - 1);
        if (band != (long)FOGN_BAND_CLOSE && band != (long)FOGN_BAND_MEDIUM && band != (long)FOGN_BAND_LONG)
            return gr_error_set(err, "advance bands are %d, %d or %d MU", (int)FOGN_BAND_CLOSE, (int)FOGN_BAND_MEDIUM,
                                (int)FOGN_BAND_LONG);
        a->target = (int16_t)t;
        a->arg = (int16_t)band;
        return 0;
    }
    a->arg = -1;
    if (gr_match_named(re, m, "corner", buf, sizeof buf) >= 0) a->arg = !strcmp(buf, "FL") ? GR_FL : GR_FR;
    if (num(re, m, "ang", &a->p[0], err) < 0 || num(re, m, "dist", &a->p[1], err) < 0) return -1;
    return 0;
}

/* a unit's exact move: a kinked line's two halves, or a wheel about a
 * corner, a distance, a slide and a bend */
static int build_move(const gr_regex *re, const gr_match *m, gr_action *a, gr_error *err)
{
    char buf[48];
    a->arg = -1;
    if (gr_match_named(re, m, "dl", buf, sizeof buf) >= 0) { /* halves DL DR [bend B [left|right]] */
        if (num(re, m, "dl", &a->p[1], err) < 0 || num(re, m, "dr", &a->p[2], err) < 0 ||
            num(re, m, "bend", &a->p[0], err) < 0)
            return -1;
        if (gr_match_named(re, m, "bend", buf, sizeof buf) >= 0)
            a->arg = gr_match_named(re, m, "half", buf, sizeof buf) >= 0 && !strcmp(buf, "left") ? 1 : 0;
        a->p[3] = 2;
        return 0;
    }
    if (gr_match_named(re, m, "corner", buf, sizeof buf) >= 0)
        for (int i = 0; i < 4; i++) if (!strcmp(buf, corner_names[i])) a->arg = (int16_t)i;
    if (num(re, m, "ang", &a->p[0], err) < 0 || num(re, m, "dist", &a->p[1], err) < 0 ||
        num(re, m, "slide", &a->p[2], err) < 0)
        return -1;
    if (gr_match_named(re, m, "bent", buf, sizeof buf) >= 0) a->p[3] = 1;
    return 0;
}

/* the action of `type` that a matched rule names: its unit, target and numbers */
static int build(const fogn_scenario *s, const gr_regex *re, const gr_match *m, int type, gr_action *a, gr_error *err)
{
    long t = -1;
    char buf[48];
    a->type = (uint16_t)type;
    switch ((fogn_action_type)type) {
    case FOGN_A_GROUP_ADVANCE:
    case FOGN_A_GROUP_MOVE:
    case FOGN_A_GROUP_REAR:
    case FOGN_A_GROUP_CROSS:
        return build_group(s, re, m, type, a, err);
    case FOGN_A_REACT: {
        gr_match_named(re, m, "name", buf, sizeof buf);
        int r = fogn_reaction_from_name(buf);
        if (r < 0)
            return gr_error_set(err, "unknown reaction '%s' (stand, square, tactical, evade, countercharge, abandon, "
                                     "standfire, fireleave)", buf);
        a->arg = (int16_t)r;
        return 0;
    }
    case FOGN_A_FIRE:
        whole(re, m, "t", &t);
        if (t < 0 || t >= s->nunits) return gr_error_set(err, "there is no unit u%ld (units are u0..u%d)", t, s->nunits - 1);
        a->target = (int16_t)t;
        a->arg = gr_match_named(re, m, "ns", buf, sizeof buf) >= 0 ? 1 : 0;
        if (gr_match_named(re, m, "split", buf, sizeof buf) >= 0) a->arg = (int16_t)(buf[0] - '0');
        return 0;
    case FOGN_A_UP_TO:
    case FOGN_A_CROSS:
        whole(re, m, "t", &t);
        if (t < 0 || t >= s->terrain.n) return gr_error_set(err, "there is no terrain piece t%ld (t0..t%d)", t, s->terrain.n - 1);
        a->target = (int16_t)t;
        return 0;
    case FOGN_A_ENTER:
    case FOGN_A_GARRISON:
    case FOGN_A_LEAVE: {
        int mode = 0, face = 0;
        if (type == FOGN_A_ENTER) {
            whole(re, m, "t", &t);
            if (t < 0 || t >= s->terrain.n) return gr_error_set(err, "there is no terrain piece t%ld (t0..t%d)", t, s->terrain.n - 1);
            a->target = (int16_t)t;
        }
        if (gr_match_named(re, m, "mode", buf, sizeof buf) >= 0) mode = fogn_bld_mode_from_name(buf);
        if (gr_match_named(re, m, "face", buf, sizeof buf) >= 0) face = fogn_bld_face_from_name(buf);
        if (mode < 0 || face < 0) return gr_error_set(err, "unknown mode or face");
        a->arg = (int16_t)(type == FOGN_A_LEAVE ? face : mode + 4 * face);
        if (type == FOGN_A_LEAVE && gr_match_named(re, m, "dir", buf, sizeof buf) >= 0)
            a->arg = buf[0] == '+' ? FOGN_BLD_LEAVE_ROAD_FWD : FOGN_BLD_LEAVE_ROAD_BACK;
        return 0;
    }
    case FOGN_A_ADVANCE:
    case FOGN_A_FACE:
    case FOGN_A_CMDR_JOIN:
    case FOGN_A_RECOVER:
    case FOGN_A_ASSAULT:
    case FOGN_A_INTERCEPT:
        whole(re, m, "t", &t);
        if (t < 0 || t >= s->nunits) return gr_error_set(err, "there is no unit u%ld (units are u0..u%d)", t, s->nunits - 1);
        a->target = (int16_t)t;
        if (type == FOGN_A_ADVANCE) {
            long band = 0;
            whole(re, m, "band", &band);
            if (band != (long)FOGN_BAND_CLOSE && band != (long)FOGN_BAND_MEDIUM && band != (long)FOGN_BAND_LONG)
                return gr_error_set(err, "advance bands are %d, %d or %d MU", (int)FOGN_BAND_CLOSE, (int)FOGN_BAND_MEDIUM,
                                    (int)FOGN_BAND_LONG);
            a->arg = (int16_t)band;
        }
        return 0;
    case FOGN_A_ALLOCATE:
        whole(re, m, "t", &t);
        if (t < 0 || t >= s->ncmdrs) return gr_error_set(err, "there is no commander c%ld (c0..c%d)", t, s->ncmdrs - 1);
        a->target = (int16_t)t;
        return 0;
    case FOGN_A_ADVANCE_OBJ:
        whole(re, m, "t", &t);
        if (t < 0 || t >= s->nobj) return gr_error_set(err, "there is no objective obj%ld", t);
        a->target = (int16_t)t;
        return 0;
    case FOGN_A_ARRIVE:
        if (num(re, m, "x", &a->p[0], err) < 0 || num(re, m, "dist", &a->p[1], err) < 0) return -1;
        return formation_arg(re, m, a, err);
    case FOGN_A_FORM:
        return formation_arg(re, m, a, err);
    case FOGN_A_ROAD:
        gr_match_named(re, m, "dir", buf, sizeof buf);
        a->arg = buf[0] == '-' ? -1 : 1;
        return 0;
    case FOGN_A_TURN: {
        long d = 0;
        whole(re, m, "deg", &d);
        if (d != 90 && d != -90 && d != 180) return gr_error_set(err, "turn by 90, -90 or 180 (faceto takes any heading)");
        a->arg = (int16_t)d;
        return 0;
    }
    case FOGN_A_SWING: /* swing A D [left|right|both [B [D2]]] */
        if (num(re, m, "sa", &a->p[0], err) < 0 || num(re, m, "sd", &a->p[1], err) < 0) return -1;
        a->arg = gr_match_named(re, m, "half", buf, sizeof buf) >= 0 && !strcmp(buf, "left") ? 1 : 0;
        if (gr_match_named(re, m, "both", buf, sizeof buf) >= 0) { /* the right half's wheel and way: A and D unless given */
            a->arg = 2;
            a->p[2] = a->p[0];
            a->p[3] = a->p[1];
            if (num(re, m, "sb", &a->p[2], err) < 0 || num(re, m, "sd2", &a->p[3], err) < 0) return -1;
        }
        return 0;
    case FOGN_A_MOVE:
        return build_move(re, m, a, err);
    case FOGN_A_REAR:
        if (num(re, m, "dist", &a->p[1], err) < 0) return -1;
        a->arg = (int16_t)((gr_match_named(re, m, "sa", buf, sizeof buf) >= 0 ? 1 : 0) |
                           (gr_match_named(re, m, "ea", buf, sizeof buf) >= 0 ? 2 : 0));
        return 0;
    case FOGN_A_FREE:
        if (num(re, m, "dx", &a->p[0], err) < 0 || num(re, m, "dy", &a->p[1], err) < 0 || num(re, m, "hd", &a->p[2], err) < 0)
            return -1;
        return 0;
    case FOGN_A_FACE_TO:
        return num(re, m, "hd", &a->p[0], err) < 0 ? -1 : 0;
    case FOGN_A_LIMBER:
        a->arg = 0;
        if (gr_match_named(re, m, "dir", buf, sizeof buf) >= 0)
            for (int i = 0; i < 4; i++) if (!strcmp(buf, limber_names[i])) a->arg = (int16_t)i;
        return 0;
    case FOGN_A_PROLONG:
        return num(re, m, "dist", &a->p[1], err) < 0 ? -1 : 0;
    case FOGN_A_KINK:
        a->arg = gr_match_named(re, m, "half", buf, sizeof buf) >= 0 && !strcmp(buf, "left") ? 1 : 0;
        return num(re, m, "ang", &a->p[0], err) < 0 ? -1 : 0;
    case FOGN_A_CMDR_MOVE:
        if (num(re, m, "x", &a->p[0], err) < 0 || num(re, m, "y", &a->p[1], err) < 0) return -1;
        return 0;
    default:
        return 0;
    }
}

static int try_rules(const fogn_scenario *s, const rule *rules, int nrules, const char *rest, gr_action *a,
                     gr_error *err, int *matched)
{
    for (int i = 0; i < nrules; i++) {
        gr_regex *re = gr_regex_compile(rules[i].pattern, 1, err);
        if (!re) return -1;
        gr_match m;
        int rc = gr_regex_match(re, rest, &m);
        if (rc == 1) {
            *matched = 1;
            rc = build(s, re, &m, rules[i].type, a, err);
            gr_regex_free(re);
            return rc;
        }
        gr_regex_free(re);
    }
    return 0;
}

int fogn_parse_action(const void *scn, const void *state, const char *text, gr_action *out, gr_error *err)
{
    const fogn_scenario *s = scn;
    (void)state;
    memset(out, 0, sizeof *out);
    out->actor = -1;
    out->target = -1;
    gr_regex *head = gr_regex_compile("\\s*(?:(?<done>done)|(?<kind>[uc])(?<idx>\\d+)\\s+(?<rest>.*?))\\s*", 1, err);
    if (!head) return -1;
    gr_match m;
    if (gr_regex_match(head, text, &m) != 1) {
        gr_regex_free(head);
        return gr_error_set(err, "cannot read '%s': expected 'done', 'uN ORDER' or 'cN ORDER'", text);
    }
    char kind[4] = "", idx[16] = "", rest[200] = "";
    if (gr_match_named(head, &m, "done", rest, sizeof rest) >= 0) {
        gr_regex_free(head);
        out->type = FOGN_A_DONE;
        return 0;
    }
    gr_match_named(head, &m, "kind", kind, sizeof kind);
    gr_match_named(head, &m, "idx", idx, sizeof idx);
    gr_match_named(head, &m, "rest", rest, sizeof rest);
    gr_regex_free(head);
    long n = strtol(idx, NULL, 10);
    int matched = 0, rc;
    if (kind[0] == 'u' || kind[0] == 'U') {
        if (n < 0 || n >= s->nunits) return gr_error_set(err, "there is no unit u%ld (units are u0..u%d)", n, s->nunits - 1);
        out->actor = (int16_t)n;
        rc = try_rules(s, unit_rules, (int)(sizeof unit_rules / sizeof *unit_rules), rest, out, err, &matched);
    } else {
        if (n < 0 || n >= s->ncmdrs) return gr_error_set(err, "there is no commander c%ld (c0..c%d)", n, s->ncmdrs - 1);
        out->actor = (int16_t)(s->nunits + n);
        rc = try_rules(s, cmdr_rules, (int)(sizeof cmdr_rules / sizeof *cmdr_rules), rest, out, err, &matched);
    }
    if (rc) return -1;
    if (!matched)
        return gr_error_set(err, "cannot read '%s' as an order for %s%ld: try hold, advance, face, form, fallback, road, turn, move, halves, swing, rear, free, faceto, limber, unlimber, prolong, kink, group, enter, garrison, leave, assault, react, intercept, press, fire, pursue%s",
                            rest, kind, n, kind[0] == 'c' || kind[0] == 'C' ? " (commanders: hold, move X Y, join uN, recover uN, give cN)" : "");
    return 0;
}
