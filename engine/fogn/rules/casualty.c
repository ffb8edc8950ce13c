/* casualty.c - commanders in danger (§10, §8.11): the casualty roll when a
 * unit he is with takes three or more hits, what his fall does to the unit,
 * his replacement at the end of his side's next Recovery Phase (a Corps
 * Commander by the best of his Division Commanders), the brigade officer's
 * loss, and the commander caught alone by the enemy. */
#include "casualty.h"
#include "tables.h"
#include "cmdr.h"
#include "cohesion.h"
#include "footprint.h"

#include <math.h>
#include <stdio.h>

static fogn_cas_rank rank_of(fogn_cmdr_role role)
{
    switch (role) {
    case FOGN_CMDR_CORPS: return FOGN_CAS_CORPS;
    case FOGN_CMDR_DIVISION: return FOGN_CAS_DIVISION;
    default: return FOGN_CAS_ARMY; /* §10.3: never a casualty */
    }
}

static void fall(const fogn_scenario *s, fogn_state *st, int c, int unit, gr_log *log)
{
    fogn_cmdr *cm = &st->c[c];
    cm->flags |= FOGN_CF_CASUALTY;
    cm->flags &= (uint8_t)~FOGN_CF_ON_TABLE;
    cm->leading = -1;
    cm->cp = 0;
    gr_log_add(log, GR_EV_MOVE, s->cmdrs[c].side, "%s is a casualty%s%s", s->cmdrs[c].name, unit >= 0 ? " with " : "",
               unit >= 0 ? s->units[unit].name : "");
    /* §10.2: the unit he was with takes a cohesion test */
    if (unit >= 0 && fogn_unit_alive(&st->u[unit])) fogn_ct_owe(st, unit);
}

int fogn_casualty_rolls(const fogn_scenario *s, fogn_state *st, int unit, int score, gr_dice *dice, gr_log *log)
{
    char who[160];
    for (int c = 0; c < s->ncmdrs; c++) {
        if (st->c[c].leading != unit || (st->c[c].flags & FOGN_CF_CASUALTY)) continue;
        int n = fogn_cas_dice(rank_of((fogn_cmdr_role)s->cmdrs[c].role));
        if (n == 0) continue;
        snprintf(who, sizeof who, "%s with %s", s->cmdrs[c].name, s->units[unit].name);
        int hit = fogn_roll_casualty(s->cmdrs[c].side, who, n, score, dice, log);
        if (hit < 0) return -1;
        if (hit) fall(s, st, c, unit, log);
    }
    /* the brigade officer attachment rolls one die (§10.2) */
    const fogn_unit_profile *p = &s->units[unit];
    for (int k = 0; k < 2; k++) {
        if (p->attach[k] != FOGN_ATT_OFFICER || !fogn_attach_working(p, &st->u[unit], k)) continue;
        snprintf(who, sizeof who, "the brigade commander of %s", p->name);
        int hit = fogn_roll_casualty(p->side, who, fogn_cas_dice(FOGN_CAS_BRIGADE), score, dice, log);
        if (hit < 0) return -1;
        if (hit) {
            /* §10.3: the officer is gone for good; his base becomes an ordinary one */
            st->u[unit].att_lost |= (uint8_t)(1u << k);
            gr_log_add(log, GR_EV_MOVE, p->side, "the brigade commander of %s is a casualty", p->name);
            fogn_ct_owe(st, unit);
        }
    }
    return 0;
}

/* the unit of `division` (any when -1) of `side` nearest to p, alive and not
 * Broken, that nobody leads; -1 when none */
static int nearest_unit(const fogn_scenario *s, const fogn_state *st, int side, int division, gr_vec2 p, int arms_only)
{
    int best = -1;
    double bd = INFINITY;
    for (int i = 0; i < s->nunits; i++) {
        if (s->units[i].side != side || !fogn_unit_alive(&st->u[i]) || st->u[i].cohesion == FOGN_BROKEN) continue;
        if (division >= 0 && s->units[i].division != division) continue;
        if (arms_only && fogn_troop_arm((fogn_troop)s->units[i].troop) == FOGN_ARM_ART) continue;
        gr_rect r = fogn_unit_rect(&s->units[i], &st->u[i]);
        double d = gr_rect_point_dist(&r, p);
        if (d < bd) { bd = d; best = i; }
    }
    return best;
}

static void place_with(const fogn_scenario *s, fogn_state *st, int c, int unit)
{
    gr_vec2 post = fogn_cmdr_post(s, st, unit);
    /* keep the base on the table */
    double h = FOGN_CMDR_BASE / 2;
    if (post.x < h) post.x = h;
    if (post.y < h) post.y = h;
    if (post.x > s->table_w - h) post.x = s->table_w - h;
    if (post.y > s->table_h - h) post.y = s->table_h - h;
    st->c[c].x = post.x;
    st->c[c].y = post.y;
}

/* brings commander c back with the given level, beside the nearest unit of
 * his command to where he stood; stays off when none is left */
static void reappear(const fogn_scenario *s, fogn_state *st, int c, int level, int charismatic, gr_log *log)
{
    const fogn_cmdr_profile *cp = &s->cmdrs[c];
    int division = cp->role == FOGN_CMDR_DIVISION ? cp->division : -1;
    int unit = nearest_unit(s, st, cp->side, division, gr_v2(st->c[c].x, st->c[c].y), 0);
    if (unit < 0) return;
    place_with(s, st, c, unit);
    fogn_cmdr *cm = &st->c[c];
    cm->flags = (uint8_t)((cm->flags & ~(FOGN_CF_CASUALTY | FOGN_CF_CHARISMATIC)) | FOGN_CF_ON_TABLE);
    if (charismatic) cm->flags |= FOGN_CF_CHARISMATIC;
    cm->level = (uint8_t)level;
    cm->cp = (uint8_t)level;
    cm->leading = -1;
    gr_log_add(log, GR_EV_MOVE, cp->side, "a %s replacement takes the post of %s, beside %s",
               level >= 3 ? "exceptional" : level == 2 ? "skilled" : "competent", cp->name, s->units[unit].name);
}

void fogn_replace_commanders(const fogn_scenario *s, fogn_state *st, int side, gr_log *log)
{
    for (int c = 0; c < s->ncmdrs; c++) {
        if (s->cmdrs[c].side != side || !(st->c[c].flags & FOGN_CF_CASUALTY)) continue;
        if (s->cmdrs[c].role == FOGN_CMDR_CORPS) {
            /* §10.3: the best Division Commander on the table takes the corps,
             * Skilled if the fallen was Exceptional, else Competent, keeping
             * his charisma; his division gets a Competent replacement */
            int best = -1;
            /* ruling: with several corps on a side, one of his own corps' division commanders first */
            for (int own = 1; own >= 0 && best < 0; own--)
                for (int d = 0; d < s->ncmdrs; d++) {
                    if (s->cmdrs[d].side != side || s->cmdrs[d].role != FOGN_CMDR_DIVISION) continue;
                    if (own && s->divs[s->cmdrs[d].division].corps != c) continue;
                    if (!(st->c[d].flags & FOGN_CF_ON_TABLE) || (st->c[d].flags & FOGN_CF_CASUALTY)) continue;
                    if (best < 0 || st->c[d].level > st->c[best].level) best = d;
                }
            int level = st->c[c].level >= 3 ? 2 : 1;
            if (best < 0) {
                reappear(s, st, c, level, 0, log);
                continue;
            }
            int charismatic = (st->c[best].flags & FOGN_CF_CHARISMATIC) != 0;
            fogn_cmdr *cm = &st->c[c];
            cm->x = st->c[best].x;
            cm->y = st->c[best].y;
            cm->flags = (uint8_t)(FOGN_CF_ON_TABLE | (charismatic ? FOGN_CF_CHARISMATIC : 0));
            cm->level = (uint8_t)level;
            cm->cp = (uint8_t)level;
            cm->leading = st->c[best].leading;
            gr_log_add(log, GR_EV_MOVE, side, "%s takes command of the corps in place of %s", s->cmdrs[best].name,
                       s->cmdrs[c].name);
            /* the promoted general's post is filled at once by a Competent officer */
            st->c[best].leading = -1;
            st->c[best].flags |= FOGN_CF_CASUALTY;
            reappear(s, st, best, 1, 0, log);
            if (st->c[best].flags & FOGN_CF_CASUALTY) {
                /* nobody of that division left to stand beside: the post stays empty */
                st->c[best].flags &= (uint8_t)~FOGN_CF_ON_TABLE;
            }
        } else {
            reappear(s, st, c, 1, 0, log);
        }
    }
}

int fogn_cmdr_displaced(const fogn_scenario *s, fogn_state *st, gr_log *log)
{
    int moved = 0;
    /* each unit's reach, worked out for the first commander that asks and
     * kept for the others (no commander's move changes a unit) */
    double reach[FOGN_MAX_UNITS];
    int have_reach = 0;
    for (int c = 0; c < s->ncmdrs; c++) {
        fogn_cmdr *cm = &st->c[c];
        if (!(cm->flags & FOGN_CF_ON_TABLE) || (cm->flags & FOGN_CF_CASUALTY)) continue;
        if (cm->leading >= 0 && fogn_unit_alive(&st->u[cm->leading])) continue;
        cm->leading = -1;
        gr_rect me = fogn_cmdr_rect(cm);
        gr_vec2 mc = gr_rect_centre(&me);
        double mhalf = 0.5 * sqrt(me.w * me.w + me.d * me.d);
        if (!have_reach) {
            for (int j = 0; j < s->nunits; j++)
                reach[j] = fogn_unit_alive(&st->u[j]) ? fogn_unit_reach(&s->units[j], &st->u[j]) : 0;
            have_reach = 1;
        }
        int touched = 0;
        for (int j = 0; j < s->nunits && !touched; j++) {
            if (s->units[j].side == s->cmdrs[c].side || !fogn_unit_alive(&st->u[j])) continue;
            if (fogn_reach_clearly_apart_from(st, j, reach[j], mc, mhalf, FOGN_CONTACT_TOL)) continue;
            gr_rect e = fogn_unit_rect(&s->units[j], &st->u[j]);
            if (gr_rect_within(&me, &e, FOGN_CONTACT_TOL)) touched = 1;
        }
        if (!touched) continue;
        /* §8.11: to the nearest friendly unit within 10 MU, else captured (ruling: a casualty) */
        int unit = nearest_unit(s, st, s->cmdrs[c].side, -1, gr_v2(cm->x, cm->y), 0);
        gr_rect ur;
        if (unit >= 0) ur = fogn_unit_rect(&s->units[unit], &st->u[unit]);
        if (unit >= 0 && gr_rect_dist(&me, &ur) <= FOGN_CMDR_ESCAPE_RANGE) {
            place_with(s, st, c, unit);
            gr_log_add(log, GR_EV_MOVE, s->cmdrs[c].side, "%s, caught alone by the enemy, rides to %s", s->cmdrs[c].name,
                       s->units[unit].name);
        } else {
            gr_log_add(log, GR_EV_MOVE, s->cmdrs[c].side, "%s is caught alone and captured", s->cmdrs[c].name);
            fall(s, st, c, -1, log);
        }
        moved++;
    }
    return moved;
}
