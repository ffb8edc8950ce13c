/* menu.c - the Activity Phase's menus (menu.h). */
#include "menu.h"
#include "artillery.h"
#include "charge.h"
#include "compressed.h"
#include "footprint.h"
#include "form.h"
#include "ground.h"
#include "move.h"
#include "officers.h"
#include "tables.h"
#include "toward.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEG (GR_PI / 180.0)
#define MAX_OFFICER_SPOTS 10
#define GUN_SIGHT_BW 24.0   /* batteries unlimber toward an enemy within this distance */

gr_action lasalle_act(int type, int actor, int target, int arg)
{
    gr_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint16_t)type;
    a.actor = (int16_t)actor;
    a.target = (int16_t)target;
    a.arg = (int16_t)arg;
    return a;
}

/* One walk through a unit's menu serves three uses. LIST checks every
 * entry and keeps the legal ones (the menu). CANDIDATES checks nothing and
 * keeps every entry the walk could reach, whatever the checks would say (a
 * superset of the menu, in its order). QUERY is told one action and works
 * out only whether the menu would hold it: the checks of other entries are
 * made only where the walk's course depends on them. */
enum { MENU_LIST, MENU_CANDIDATES, MENU_QUERY };

typedef struct menu {
    const lasalle_scenario *s;
    const lasalle_state *st;
    int i;
    gr_action *out;              /* LIST, CANDIDATES: the entries; QUERY: the legal entries the walk relied on */
    int n, max;
    lasalle_charge_memo charges; /* what the unit's charges share (charge.h) ... */
    lasalle_move_memo memo;      /* ... and its moves (move.h) */
    int mode;
    const gr_action *want;       /* QUERY: the action asked about ... */
    int found, legal;            /* ... 1 once the walk offered it, and whether the menu holds it ... */
    lasalle_order_plan *keep;    /* ... and where its check's plan is kept (NULL: not kept) */
} menu;

static int same(const gr_action *a, const gr_action *b)
{
    return a->type == b->type && a->target == b->target && a->arg == b->arg && !memcmp(a->p, b->p, sizeof a->p);
}

static int listed(const menu *m, const gr_action *a)
{
    for (int k = 0; k < m->n; k++)
        if (same(&m->out[k], a)) return 1;
    return 0;
}

/* the rules' check of one entry: 0 when it is legal, its plan then in *keep (NULL: not kept) */
static int refused(menu *m, const gr_action *ap, lasalle_order_plan *keep)
{
    lasalle_order_plan own;
    lasalle_order_plan *pl = keep ? keep : &own;
    gr_action a = *ap;
    int bad;
    if (a.type == LASALLE_A_CHARGE) {
        pl->kind = LASALLE_PLAN_CHARGE;
        bad = lasalle_charge_check_memo(m->s, m->st, &a, &m->charges, &pl->u.charge, NULL);
    } else if (a.type >= LASALLE_A_DRIVE && a.type <= LASALLE_A_PROLONG) {
        pl->kind = LASALLE_PLAN_GUN;
        bad = lasalle_gun_plan(m->s, m->st, &a, &pl->u.gun, NULL);
    } else {
        pl->kind = LASALLE_PLAN_MOVE;
        bad = lasalle_move_plan_memo(m->s, m->st, &a, &m->memo, &pl->u.move, NULL);
    }
    if (bad) pl->kind = LASALLE_PLAN_NONE;
    return bad;
}

/* the walk offers an entry whose verdict it needs (the next entries depend
 * on it): 1 when the menu takes it, legal and new. CANDIDATES keeps it and
 * answers `assume`, the answer that lets the walk reach every entry after */
static int offer_if(menu *m, gr_action a, int assume)
{
    if (m->mode == MENU_QUERY && m->found) return 0;
    if (m->mode == MENU_QUERY && same(&a, m->want)) {
        m->found = 1;
        m->legal = !listed(m, &a) && !refused(m, &a, m->keep);
        return m->legal;
    }
    if (m->n >= m->max || listed(m, &a)) return 0;
    if (m->mode == MENU_CANDIDATES) {
        m->out[m->n++] = a;
        return assume;
    }
    if (refused(m, &a, NULL)) return 0;
    m->out[m->n++] = a;
    return 1;
}

/* the walk offers an entry whose verdict nothing after it depends on */
static void offer(menu *m, gr_action a)
{
    if (m->mode != MENU_QUERY || (!m->found && same(&a, m->want))) offer_if(m, a, 0);
}

static gr_action move_act(int i, int arg, double w0, double d0, double w1, double d1)
{
    gr_action a = lasalle_act(LASALLE_A_MOVE, i, -1, arg);
    a.p[0] = (float)w0;
    a.p[1] = (float)d0;
    a.p[2] = (float)w1;
    a.p[3] = (float)d1;
    return a;
}

/* a query skips a group of entries whose verdicts decide only which of the group's own entries are
 * offered when its action is not among them: not of this type and arg, or (q >= 0) parameter q not v */
static int elsewhere(const menu *m, int type, int arg, int q, float v)
{
    if (m->mode != MENU_QUERY) return 0;
    if (m->found) return 1;
    const gr_action *w = m->want;
    return w->type != type || w->arg != arg || (q >= 0 && w->p[q] != v);
}

#define FORWARD_STEPS 4

/* the distances the forward steps try, in half BW: the allowance, the Reduced allowance, half, 1 BW */
static void forward_steps(double allow, double reduced, double out[FORWARD_STEPS])
{
    double tries[FORWARD_STEPS] = {allow, reduced, allow / 2, 1};
    for (int k = 0; k < FORWARD_STEPS; k++) out[k] = floor(tries[k] * 2) / 2;
}

/* forward as far as the allowance goes, else as far as the Reduced allowance, else half, else 1 BW */
static int offer_forward(menu *m, int arg, double allow, double reduced)
{
    double steps[FORWARD_STEPS];
    forward_steps(allow, reduced, steps);
    int got = 0;
    if (elsewhere(m, LASALLE_A_MOVE, arg, 0, 0.0f)) return 0;
    for (int k = 0; k < FORWARD_STEPS && got < 2; k++) {
        double d = steps[k];
        if (d <= 0 || d > allow) continue;
        got += offer_if(m, move_act(m->i, arg, 0, d, 0, 0), 0);
    }
    return got;
}

#define BACK_STEPS 3

/* straight back (retrograde, at double cost [C, p.27]) as far as the allowance goes, else half as far,
 * else 1 BW: the first of them that is legal. A unit with a friend close behind it may still step
 * back out of the enemy's reach, as the rules allow any distance. */
static void offer_back(menu *m, double back)
{
    double tries[BACK_STEPS] = {back, fmax(floor(back) / 2, 1), fmin(floor(back) / 2, 1)};
    if (elsewhere(m, LASALLE_A_MOVE, 0, 0, 0.0f)) return;
    for (int k = 0; k < BACK_STEPS; k++) {
        double d = tries[k];
        if (d <= 0 || d > back || (k > 0 && d >= tries[k - 1])) continue;
        if (offer_if(m, move_act(m->i, 0, 0, -d, 0, 0), 0)) return;
    }
}

static void unit_charges(menu *m)
{
    const lasalle_scenario *s = m->s;
    if (lasalle_may_charge(s, m->st, m->i, NULL)) return;
    const int *must;
    int n = lasalle_charge_mandatory_memo(s, m->st, m->i, &m->charges, &must);
    for (int j = 0; j < s->nunits; j++) {
        int ok = !n;
        for (int k = 0; k < n; k++) ok |= must[k] == j;
        if (m->mode == MENU_QUERY && j != m->want->target) continue; /* the other targets' charges are apart */
        if (!ok || !lasalle_alive(m->st, j) || !lasalle_enemies(s, m->i, j)) continue;
        /* beyond the charge's allowance no charge is found: the target's checks are not asked */
        if (lasalle_charge_in_reach(s, m->st, m->i, j)) continue;
        if (lasalle_may_target_memo(s, m->st, m->i, j, &m->charges)) continue;
        double wheel;
        if (lasalle_charge_find_memo(s, m->st, m->i, j, &m->charges, &wheel)) continue;
        gr_action a = lasalle_act(LASALLE_A_CHARGE, m->i, j, 0);
        a.p[0] = (float)(wheel / DEG);
        offer(m, a);
    }
}

/* a straight move of d the forward steps may offer: a heading straight ahead leaves it to them, as a heading
 * on one of the fixed wheels' angles leaves its entries to those, so that no entry belongs to two parts of
 * the walk and its place in the menu never depends on which of them offered it */
static int forward_step(double d, const double steps[FORWARD_STEPS])
{
    for (int k = 0; k < FORWARD_STEPS; k++)
        if (d == steps[k]) return 1;
    return 0;
}

/* the wheels that face the unit at the nearest enemy and at the nearest objective not its side's, each
 * going straight on as far as the allowance left and the target allow, else half as far, else alone
 * (toward.h). Like the fixed wheels, a wheel costs its angle times the footprint's width */
static void unit_towards(menu *m, double allow, const gr_rect *h, const double steps[FORWARD_STEPS],
                         const double ws[2])
{
    if (m->mode == MENU_QUERY && (m->found || m->want->type != LASALLE_A_MOVE || m->want->arg != 0 ||
                                  m->want->p[2] != 0 || m->want->p[3] != 0))
        return;
    lasalle_toward t[LASALLE_TOWARD_MAX];
    int n = lasalle_towards(m->s, m->st, m->i, t);
    double most = floor(allow / h->w / DEG);
    for (int k = 0; k < n; k++) {
        int w = t[k].wheel = abs(t[k].wheel) <= most ? t[k].wheel : (int)(t[k].wheel > 0 ? most : -most);
        /* a heading on a fixed wheel's angle is the fixed wheels' to offer; and one heading once */
        if ((w != 0 && (abs(w) == (int)ws[0] || abs(w) == (int)ws[1])) || (k > 0 && w == t[0].wheel)) continue;
        /* a query is answered by its own heading's entries alone: no other heading's verdict decides them */
        if (m->mode == MENU_QUERY && m->want->p[0] != (float)w) continue;
        double d = floor(fmin(allow - abs(w) * DEG * h->w, t[k].reach) * 2) / 2, half = floor(d) / 2;
        if (d > 0 && !(w == 0 && forward_step(d, steps)) && offer_if(m, move_act(m->i, 0, w, d, 0, 0), 0)) continue;
        if (half > 0 && !(w == 0 && forward_step(half, steps)) && offer_if(m, move_act(m->i, 0, w, half, 0, 0), 0))
            continue;
        if (w != 0) offer(m, move_act(m->i, 0, w, 0, 0, 0));
    }
}

static void unit_moves(menu *m)
{
    const lasalle_scenario *s = m->s;
    const lasalle_unit_profile *p = &s->units[m->i];
    int form = m->st->u[m->i].form;
    double allow = lasalle_unit_allowance(s, m->st, m->i, form, s->ground == LASALLE_MUD);
    if (allow <= 0) return;
    gr_rect h = lasalle_hull(s, m->st, m->i);
    double reduced = lasalle_unit_allowance(s, m->st, m->i, form, 1), steps[FORWARD_STEPS];
    forward_steps(allow, reduced, steps);
    offer_forward(m, 0, allow, reduced);
    if (form != LASALLE_SQUARE) {
        /* wheels that spend half and all of the allowance, at most a right angle, each going on with what
         * is left or, where that cannot go, alone. When both are the right angle, the second turn offers
         * the wheels alone, whether or not they could go on: an entry's place in the menu never depends
         * on another entry's verdict (menu.h) */
        double ws[2] = {floor(fmin(90.0, allow / 2 / h.w / DEG)), floor(fmin(90.0, allow / h.w / DEG))};
        int twice = ws[1] == ws[0];
        for (int k = 0; k < 2; k++)
            for (int sign = 1; sign >= -1; sign -= 2) {
                if (ws[k] < 5) continue;
                if (elsewhere(m, LASALLE_A_MOVE, 0, 0, (float)(sign * ws[k]))) continue;
                if (k == 1 && twice) {
                    offer(m, move_act(m->i, 0, sign * ws[k], 0, 0, 0));
                    continue;
                }
                double left = floor((allow - ws[k] * DEG * h.w) * 2) / 2;
                if (twice && elsewhere(m, LASALLE_A_MOVE, 0, 1, (float)left)) continue; /* its one entry */
                if ((left <= 0 || !offer_if(m, move_act(m->i, 0, sign * ws[k], left, 0, 0), 0)) && !twice)
                    offer(m, move_act(m->i, 0, sign * ws[k], 0, 0, 0));
            }
        unit_towards(m, allow, &h, steps, ws);
        if (p->discipline != LASALLE_AMATEUR)
            for (int sign = 1; sign >= -1; sign -= 2) {
                gr_action a = lasalle_act(LASALLE_A_OBLIQUE, m->i, -1, 0);
                a.p[0] = (float)floor(allow);
                a.p[1] = (float)(sign * floor(allow));
                offer(m, a);
            }
    }
    double back = form == LASALLE_SQUARE ? 1 : floor(allow) / 2;
    if (form == LASALLE_SQUARE) offer(m, move_act(m->i, 0, 0, -back, 0, 0));
    else offer_back(m, back);
    for (int sign = 1; sign >= -1; sign -= 2) {
        gr_action a = lasalle_act(LASALLE_A_FLANK, m->i, -1, 0);
        a.p[0] = (float)(sign * back);
        offer(m, a);
    }
}

static void unit_changes(menu *m)
{
    const lasalle_scenario *s = m->s;
    const lasalle_unit_profile *p = &s->units[m->i];
    int form = m->st->u[m->i].form;
    lasalle_fct v = lasalle_fct_now(s, m->st, m->i, NULL);
    m->memo.fct = v;
    m->memo.fct_known = 1;
    if (v == LASALLE_FCT_FORBIDDEN) return;
    for (int f = 0; f < LASALLE_FORM_COUNT; f++) {
        if (f == form || !lasalle_form_allowed(s, p, f)) continue;
        int arg = f + 1;
        if (elsewhere(m, LASALLE_A_MOVE, arg, -1, 0) || !offer_if(m, move_act(m->i, arg, 0, 0, 0, 0), 1)) continue;
        double left = lasalle_fct_allowance(v, lasalle_unit_allowance(s, m->st, m->i, f, s->ground == LASALLE_MUD));
        double rough = lasalle_fct_allowance(v, lasalle_unit_allowance(s, m->st, m->i, f, 1));
        if (left > 0 && v != LASALLE_FCT_DISC) offer_forward(m, arg, left, rough);
    }
    if (form == LASALLE_SQUARE) return;
    if (!elsewhere(m, LASALLE_A_MOVE, LASALLE_PRE_ABOUT, -1, 0) &&
        offer_if(m, move_act(m->i, LASALLE_PRE_ABOUT, 0, 0, 0, 0), 1)) {
        double left = lasalle_fct_allowance(v, lasalle_unit_allowance(s, m->st, m->i, form, s->ground == LASALLE_MUD));
        if (left > 0 && v != LASALLE_FCT_DISC) offer(m, move_act(m->i, LASALLE_PRE_ABOUT, 0, floor(left), 0, 0));
    }
    offer(m, lasalle_act(LASALLE_A_CROSS, m->i, -1, 0));
    gr_action sq = lasalle_act(LASALLE_A_CROSS, m->i, -1, 0);
    sq.p[0] = 1;
    offer(m, sq);
}

/* a garrison: into an adjacent town base, an attack on the next one, or out of the town in March, its full
 * allowance out of each side [G Towns, p.70] */
static void garrison_menu(menu *m)
{
    static const double sides[4] = {0, 90, -90, 180};
    const lasalle_scenario *s = m->s;
    for (int k = 0; k < 4; k++) offer(m, move_act(m->i, 0, sides[k], LASALLE_TOWN_BW, 0, 0));
    for (int j = 0; j < s->nunits; j++)
        if (lasalle_alive(m->st, j) && lasalle_enemies(s, m->i, j)) offer(m, lasalle_act(LASALLE_A_CHARGE, m->i, j, 0));
    double allow = lasalle_unit_allowance(s, m->st, m->i, LASALLE_MARCH, s->ground == LASALLE_MUD);
    for (int k = 0; k < 4; k++) {
        double left = floor(allow - fabs(sides[k]) * DEG); /* a one-base-wide column's wheel */
        if (left > 0) offer(m, move_act(m->i, LASALLE_MARCH + 1, sides[k], left, 0, 0));
    }
}

/* the heading, in whole degrees, from a battery toward the nearest enemy within sight, or its own */
static double gun_aim(const lasalle_scenario *s, const lasalle_state *st, int i, double own)
{
    gr_rect h = lasalle_hull(s, st, i);
    double best = GUN_SIGHT_BW, aim = own;
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        double d = gr_rect_dist(&h, &g);
        if (d >= best) continue;
        gr_vec2 v = gr_v2_sub(gr_rect_centre(&g), h.fc);
        best = d;
        aim = round(atan2(v.y, v.x) / DEG) + 0.0; /* + 0.0: never a negative zero */
    }
    return aim;
}

static void gun_drives(menu *m, double h0, int arg, double aim)
{
    const lasalle_unit_profile *p = &m->s->units[m->i];
    gr_rect hull = lasalle_hull_at(p, LASALLE_LIMBERED, m->st->u[m->i].x, m->st->u[m->i].y, m->st->u[m->i].heading);
    double allow = lasalle_allowance(p, LASALLE_LIMBERED, m->s->ground == LASALLE_MUD);
    static const double turns[5] = {0, 45, -45, 90, -90};
    for (int k = 0; k < 5; k++) {
        double h = h0 + turns[k], turn_cost = fabs(turns[k]) * DEG * (hull.d / 2);
        if (elsewhere(m, LASALLE_A_DRIVE, arg, 2, (float)h) &&
            elsewhere(m, LASALLE_A_DRIVE, arg | LASALLE_DRIVE_UNLIMBER_AFTER, 2, (float)h))
            continue;
        for (double d = floor(allow - turn_cost); d >= 1; d = floor(d / 2)) {
            gr_vec2 f = gr_v2_dir(h * DEG);
            gr_action a = lasalle_act(LASALLE_A_DRIVE, m->i, -1, arg);
            a.p[0] = (float)(round((m->st->u[m->i].x + f.x * d) * 100) / 100 + 0.0);
            a.p[1] = (float)(round((m->st->u[m->i].y + f.y * d) * 100) / 100 + 0.0);
            a.p[2] = (float)h;
            if (offer_if(m, a, 1)) {
                if (!(arg & LASALLE_DRIVE_LIMBER_FIRST)) {
                    a.arg = (int16_t)(arg | LASALLE_DRIVE_UNLIMBER_AFTER);
                    a.p[3] = (float)aim;
                    offer(m, a);
                }
                if (m->mode != MENU_CANDIDATES) break; /* the longest drive that goes */
            }
        }
    }
}

static void gun_menu(menu *m)
{
    const lasalle_unit *u = &m->st->u[m->i];
    double h = round(u->heading / DEG) + 0.0, aim = gun_aim(m->s, m->st, m->i, h);
    if (u->form == LASALLE_LIMBERED) {
        gr_action a = lasalle_act(LASALLE_A_UNLIMBER, m->i, -1, 0);
        a.p[0] = (float)aim;
        offer(m, a);
        a.p[0] = (float)h;
        offer(m, a);
        gun_drives(m, h, 0, aim);
        return;
    }
    static const float dirs[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
    for (int k = 0; k < 4; k++) {
        gr_action a = lasalle_act(LASALLE_A_PROLONG, m->i, -1, 0);
        a.p[0] = dirs[k][0];
        a.p[1] = dirs[k][1];
        offer(m, a);
    }
    if (m->s->options & LASALLE_OPT_COMPRESSED_ARTILLERY) /* the prolong spent on the frontage [H, p.81] */
        offer(m, lasalle_act(LASALLE_A_PROLONG, m->i, -1,
                             lasalle_compressed(m->st, m->i) ? LASALLE_PROLONG_EXTEND : LASALLE_PROLONG_COMPRESS));
    gr_action a = lasalle_act(LASALLE_A_LIMBER, m->i, -1, 0);
    a.p[0] = (float)h;
    offer(m, a);
    a.p[0] = (float)(h + 180 > 180 ? h - 180 : h + 180);
    offer(m, a);
    gun_drives(m, a.p[0], LASALLE_DRIVE_LIMBER_FIRST, aim);
}

/* an officer's menu: hold, or ride to one of the places worth it (checked as they are found) */
static int officer_menu(const lasalle_scenario *s, const lasalle_state *st, int actor, gr_action *out, int max)
{
    int k = actor - s->nunits, n = 1;
    double spots[MAX_OFFICER_SPOTS][2];
    int ns = lasalle_officer_spots(s, st, k, spots, MAX_OFFICER_SPOTS);
    for (int q = 0; q < ns && n < max; q++) {
        out[n] = lasalle_act(LASALLE_A_OFFICER, actor, -1, 0);
        out[n].p[0] = (float)spots[q][0];
        out[n].p[1] = (float)spots[q][1];
        n++;
    }
    return n;
}

/* the walk through a unit's menu (the officers' is officer_menu), hold first. A query skips the parts that
 * cannot hold its action: no entry of one part is the same as an entry of another (their types or args
 * differ), so what one part holds never depends on another */
static void walk(menu *m)
{
    const lasalle_scenario *s = m->s;
    lasalle_geo geo; /* every unit's footprint, shared by the unit's moves and charges */
    lasalle_geo_init(&geo);
    m->charges.geo = m->memo.geo = &geo;
    int query = m->mode == MENU_QUERY, charge = query && m->want->type == LASALLE_A_CHARGE;
    if (s->units[m->i].type == LASALLE_ART) {
        gun_menu(m);
    } else if (m->st->u[m->i].form == LASALLE_TOWN) {
        garrison_menu(m);
    } else {
        if (!query || charge) unit_charges(m);
        if (!query || (!charge && !m->found)) unit_moves(m);
        if (!query || (!charge && !m->found)) unit_changes(m);
    }
    m->charges.geo = m->memo.geo = NULL;
}

static int same_action(const gr_action *a, const gr_action *b) { return a->actor == b->actor && same(a, b); }

/* the menu, or its candidates: hold first, then the walk's entries */
static int listing(const lasalle_scenario *s, const lasalle_state *st, int actor, gr_action *out, int max, int mode)
{
    if (max <= 0) return 0;
    out[0] = lasalle_act(LASALLE_A_HOLD, actor, -1, 0);
    if (actor >= s->nunits) return officer_menu(s, st, actor, out, max);
    menu m = {s, st, actor, out, 1, max, LASALLE_CHARGE_MEMO_INIT, LASALLE_MOVE_MEMO_INIT, mode, NULL, 0, 0, NULL};
    walk(&m);
    return m.n;
}

int lasalle_activity_menu(const lasalle_scenario *s, const lasalle_state *st, int actor, gr_action *out, int max)
{
    return listing(s, st, actor, out, max, MENU_LIST);
}

int lasalle_activity_candidates_of(const lasalle_scenario *s, const lasalle_state *st, int actor, gr_action *out,
                                   int max)
{
    return listing(s, st, actor, out, max, MENU_CANDIDATES);
}

int lasalle_activity_menu_has(const lasalle_scenario *s, const lasalle_state *st, int actor, const gr_action *a,
                              lasalle_order_plan *keep)
{
    if (keep) keep->kind = LASALLE_PLAN_NONE;
    gr_action out[GR_MAX_ACTIONS];
    out[0] = lasalle_act(LASALLE_A_HOLD, actor, -1, 0);
    if (same_action(a, &out[0])) return 1;
    if (a->actor != actor) return 0;
    if (actor >= s->nunits) { /* a ride: only the spot asked about is checked */
        gr_action x = lasalle_act(LASALLE_A_OFFICER, actor, -1, 0);
        x.p[0] = a->p[0];
        x.p[1] = a->p[1];
        return same_action(a, &x) &&
               lasalle_officer_spot_offered(s, st, actor - s->nunits, a->p[0], a->p[1], MAX_OFFICER_SPOTS);
    }
    menu m = {s, st, actor, out, 1, GR_MAX_ACTIONS, LASALLE_CHARGE_MEMO_INIT, LASALLE_MOVE_MEMO_INIT,
              MENU_QUERY, a, 0, 0, keep};
    walk(&m);
    return m.found && m.legal;
}
