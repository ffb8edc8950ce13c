/* cmt.c - Complex Move Tests (§5.3) and what they cost in command points
 * (§5.2), with the command ranges of §3.4. Each commander's pool is his own
 * level, refreshed at the end of his side's move, plus what the corps
 * commander gives him in the Command Phase (§5.1, alloc.c). */
#include "cmt.h"
#include "tables.h"
#include "obstacle.h"

#include <math.h>
#include <stdio.h>

/* any enemy footprint (both halves of a kinked line) within contact distance */
int fogn_unit_in_contact(const fogn_scenario *s, const fogn_state *st, int unit)
{
    gr_rect a[2];
    int na = fogn_unit_rects(&s->units[unit], &st->u[unit], a);
    const fogn_unit *u = &st->u[unit];
    double ru = fogn_unit_reach(&s->units[unit], u);
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[unit].side || !fogn_unit_alive(&st->u[j])) continue;
        /* footprints lie within their reach of the front-edge centres: an
         * enemy this far off is not within contact distance */
        double dx = st->u[j].x - u->x, dy = st->u[j].y - u->y, d2 = dx * dx + dy * dy;
        double most = ru + FOGN_REACH_MAX + FOGN_CONTACT_TOL + 1e-6;
        if (d2 > most * most) continue;
        most = ru + fogn_unit_reach(&s->units[j], &st->u[j]) + FOGN_CONTACT_TOL + 1e-6;
        if (d2 > most * most) continue;
        gr_rect b[2];
        int nb = fogn_unit_rects(&s->units[j], &st->u[j], b);
        for (int x = 0; x < na; x++)
            for (int y = 0; y < nb; y++)
                if (gr_rect_dist(&a[x], &b[y]) <= FOGN_CONTACT_TOL) return 1;
    }
    /* §6.1 item 3: or across an obstacle */
    if (!fogn_obs_any(s)) return 0;
    fogn_obs_lines lines;
    lines.ready = 0;
    for (int j = 0; j < s->nunits; j++) {
        fogn_contact c;
        if (s->units[j].side != s->units[unit].side && fogn_obs_contact_lines(s, st, unit, j, &lines, &c)) return 1;
    }
    return 0;
}

int fogn_leader_of(const fogn_scenario *s, const fogn_state *st, int unit)
{
    for (int c = 0; c < s->ncmdrs; c++)
        if ((st->c[c].flags & FOGN_CF_ON_TABLE) && st->c[c].leading == unit) return c;
    return -1;
}

static double cmdr_range(const fogn_scenario *s, const fogn_state *st, int c)
{
    int leading = st->c[c].leading >= 0;
    switch ((fogn_cmdr_role)s->cmdrs[c].role) {
    case FOGN_CMDR_CORPS: return leading ? FOGN_CORPS_RANGE_LEADING : FOGN_CORPS_RANGE;
    case FOGN_CMDR_ARMY: return FOGN_ARMY_RANGE;
    default: return leading ? FOGN_DIV_RANGE_LEADING : FOGN_DIV_RANGE;
    }
}

static int division_cmdr(const fogn_scenario *s, int unit)
{
    int d = s->units[unit].division;
    return d >= 0 ? s->divs[d].commander : -1;
}

bool fogn_in_command(const fogn_scenario *s, const fogn_state *st, int unit)
{
    int c = division_cmdr(s, unit);
    if (c < 0 || !(st->c[c].flags & FOGN_CF_ON_TABLE)) return false;
    gr_rect cr = fogn_cmdr_rect(&st->c[c]);
    gr_rect ur[2];
    int n = fogn_unit_rects(&s->units[unit], &st->u[unit], ur);
    double d = INFINITY;
    for (int i = 0; i < n; i++) {
        double di = gr_rect_dist(&cr, &ur[i]);
        if (di < d) d = di;
    }
    return d <= cmdr_range(s, st, c) + GR_EPS;
}

int fogn_cmt_cost_of(const fogn_scenario *s, const fogn_state *st, int unit, fogn_cmt_cost *out,
                     gr_error *err)
{
    out->cmdr = -1;
    out->cp = 0;
    out->led = 0;
    out->free = 0;
    if (st->u[unit].flags & FOGN_UF_CMT_FAILED)
        return gr_error_set(err, "%s already failed a complex move test this phase", s->units[unit].name);
    int leader = fogn_leader_of(s, st, unit);
    if (leader >= 0) {
        /* §5.2: the first CMT of a led unit in a phase is free and passes on 4+;
         * ruling §23.3 #32: later ones also pass on 4+ but cost the leader a point */
        out->led = 1;
        out->cmdr = leader;
        if (!(st->u[unit].flags & FOGN_UF_TOOK_CMT)) {
            out->free = 1;
            return 0;
        }
        if (st->c[leader].cp < 1)
            return gr_error_set(err, "%s has no command point left for a further complex move of %s (§5.2)",
                                s->cmdrs[leader].name, s->units[unit].name);
        out->cp = 1;
        return 0;
    }
    int c = division_cmdr(s, unit);
    if (c < 0) return gr_error_set(err, "%s has no division commander to pay for a complex move", s->units[unit].name);
    /* §8.10: a second move is priced from where the unit stood before its first */
    int in_range = st->turn.second && (st->u[unit].flags & FOGN_UF_MOVED) ? (st->u[unit].flags & FOGN_UF_CMD_AT_START) != 0
                                                                      : fogn_in_command(s, st, unit);
    int cost = in_range ? 1 : 2;
    if (st->c[c].cp < cost)
        return gr_error_set(err, "%s needs %d command point%s for a complex move; %s has %d",
                            s->units[unit].name, cost, cost > 1 ? "s" : "", s->cmdrs[c].name, st->c[c].cp);
    out->cmdr = c;
    out->cp = cost;
    return 0;
}

int fogn_cmt_dice(const fogn_unit_profile *p)
{
    switch ((fogn_training)p->training) {
    case FOGN_TR_VETERAN: return 3;
    case FOGN_TR_DRILLED: return 2;
    default: return 1; /* conscript, irregular */
    }
}

int fogn_elan_level(const fogn_unit_profile *p)
{
    return fogn_reroll_level((fogn_elan)p->elan, (p->caps & FOGN_CAP_GUARD) != 0);
}

int fogn_cmt_roll_with(int side, const char *who, int ndice, int elan_level, int led, gr_dice *dice, gr_log *log,
                       const char *what)
{
    return fogn_roll_test(side, who, ndice, led ? 4 : 5, elan_level, dice, log, "complex move test", what);
}

int fogn_cmt_roll(const fogn_scenario *s, const fogn_state *st, int unit, int led, gr_dice *dice,
                  gr_log *log, const char *what)
{
    (void)st;
    const fogn_unit_profile *p = &s->units[unit];
    return fogn_cmt_roll_with(p->side, p->name, fogn_cmt_dice(p), fogn_elan_level(p), led, dice, log, what);
}
