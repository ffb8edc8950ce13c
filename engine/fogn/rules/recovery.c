/* recovery.c - the Recovery Phase (§12, §4 step 6): the army-morale check,
 * commanders' free 4 MU moves (the inactive side's first), hopeless Broken
 * units removed, abandoned guns recovered, one rally or recovery attempt per
 * commander (a brigade officer for his own unit), Broken units nobody rallied
 * destroyed, and fallen commanders replaced. */
#include "steps.h"
#include "tables.h"
#include "casualty.h"
#include "cmdr.h"
#include "cmt.h"
#include "cohesion.h"
#include "loc.h"
#include "move.h"
#include "orders.h"
#include "victory.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int fogn_re_victory(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    (void)dice;
    gr_log_add(log, GR_EV_PHASE, st->active, "recovery phase");
    if (fogn_check_defeat(s, st, log)) return FOGN_ST_COUNT;
    fogn_update_objectives(s, st, log);
    if (log) {
        /* where both armies stand, for the narrative (§14) */
        gr_log_add(log, GR_EV_NOTE, -1, "army morale: %s attrition %.1f of %d, %s %.1f of %d", s->side_name[0],
                   fogn_attrition_exact(s, st, 0), fogn_acv(s, 0), s->side_name[1], fogn_attrition_exact(s, st, 1),
                   fogn_acv(s, 1));
    }
    /* §14: the final move of a timed game that ends with neither army
     * defeated has no Recovery Phase: the result is taken here */
    if (st->move >= 2 * fogn_turn_limit(s)) {
        fogn_timed_result(s, st, log);
        return FOGN_ST_COUNT;
    }
    return FOGN_ST_RE_VICTORY + 1;
}

static int cmdr_usable(const fogn_state *st, int c)
{
    return (st->c[c].flags & FOGN_CF_ON_TABLE) && !(st->c[c].flags & FOGN_CF_CASUALTY);
}

/* --- 6.2 commanders' moves ------------------------------------------------------------------------ */

/* cursor: the inactive side's commanders (0..n-1), then the active side's (n..2n-1) */
int fogn_re_cmdr_end(const fogn_scenario *s) { return 2 * s->ncmdrs; }

static int re_cmdr_of(const fogn_scenario *s, const fogn_state *st, int cursor, int *side)
{
    int c = cursor < s->ncmdrs ? cursor : cursor - s->ncmdrs;
    *side = cursor < s->ncmdrs ? st->active ^ 1 : st->active;
    return c;
}

int fogn_re_cmdr_due(const fogn_scenario *s, const fogn_state *st, int cursor)
{
    int side;
    int c = re_cmdr_of(s, st, cursor, &side);
    if (s->cmdrs[c].side != side || !cmdr_usable(st, c) || s->cmdrs[c].role == FOGN_CMDR_ARMY) return 0;
    if (st->c[c].flags & FOGN_CF_MOVED) return 0;
    /* a commander with a unit in combat stays with it */
    if (st->c[c].leading >= 0 && fogn_unit_in_contact(s, st, st->c[c].leading)) return 0;
    return 1;
}

int fogn_re_cmdr_decider(const fogn_scenario *s, const fogn_state *st)
{
    int side;
    re_cmdr_of(s, st, st->turn.cursor, &side);
    return side;
}

int fogn_re_cmdr_actor(const fogn_scenario *s, const fogn_state *st)
{
    int side;
    return s->nunits + re_cmdr_of(s, st, st->turn.cursor, &side);
}

int fogn_re_cmdr_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int side;
    int c = re_cmdr_of(s, st, st->turn.cursor, &side);
    int actor = s->nunits + c, n = 0;
    if (n < max) out[n++] = fogn_act(FOGN_A_HOLD, actor, -1, 0);
    if (n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    for (int j = 0; j < s->nunits && n < max; j++) {
        if (st->c[c].leading == j) continue;
        /* fogn_cmdr_join's own first refusals, before copying the state:
         * an enemy or a unit off the table, or a post beyond the move */
        if (s->units[j].side != s->cmdrs[c].side || !fogn_unit_alive(&st->u[j])) continue;
        gr_vec2 post = fogn_cmdr_post(s, st, j);
        if (gr_v2_dist(gr_v2(st->c[c].x, st->c[c].y), post) > FOGN_RECOVERY_CMDR_MOVE + 1e-6) continue;
        fogn_state tmp = *st;
        if (fogn_cmdr_join(s, &tmp, c, j, FOGN_RECOVERY_CMDR_MOVE, 1, NULL) == 0) out[n++] = fogn_act(FOGN_A_CMDR_JOIN, actor, j, 0);
    }
    return n;
}

int fogn_re_cmdr_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                       gr_error *err)
{
    (void)dice;
    int side;
    int c = re_cmdr_of(s, st, st->turn.cursor, &side);
    const char *name = s->cmdrs[c].name;
    if (a->type == FOGN_A_HOLD) {
        st->c[c].flags |= FOGN_CF_MOVED;
    } else if (a->type == FOGN_A_CMDR_JOIN) {
        if (fogn_cmdr_join(s, st, c, a->target, FOGN_RECOVERY_CMDR_MOVE, 1, err)) return -1;
        st->c[c].flags |= FOGN_CF_MOVED;
        gr_log_add(log, GR_EV_MOVE, side, "%s joins %s", name, s->units[a->target].name);
    } else {
        return gr_error_set(err, "in the Recovery Phase a commander holds or joins a unit within %.0f MU",
                            FOGN_RECOVERY_CMDR_MOVE);
    }
    st->turn.cursor++;
    return 0;
}

/* --- 6.4 guns and hopeless Broken units ------------------------------------------------------------ */

static double unit_dist(const fogn_scenario *s, const fogn_state *st, int i, int j)
{
    gr_rect a = fogn_unit_rect(&s->units[i], &st->u[i]), b = fogn_unit_rect(&s->units[j], &st->u[j]);
    return gr_rect_dist(&a, &b);
}

int fogn_re_guns(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    int side = st->active;
    int loc_lost = fogn_loc_occupied(s, st, side);
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *p = &s->units[i];
        fogn_unit *u = &st->u[i];
        if (p->side != side || !fogn_unit_alive(u) || u->cohesion != FOGN_BROKEN) continue;
        /* §12.2: Broken infantry already Spent cannot rally; with the LOC
         * occupied no Broken unit can (§13) */
        if (loc_lost) fogn_destroy(s, st, i, log, "Broken with its line of communications lost");
        else if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_INF && (u->flags & FOGN_UF_SPENT))
            fogn_destroy(s, st, i, log, "Broken a second time");
    }
    /* §12.4: abandoned guns are recovered when nothing stops it: no enemy
     * within 2 MU, a friendly infantry unit within 6 MU and closer to them
     * than any unbroken enemy */
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *p = &s->units[i];
        fogn_unit *u = &st->u[i];
        if (p->side != side || !fogn_unit_alive(u) || !(u->flags & FOGN_UF_ABANDONED)) continue;
        double enemy = INFINITY, friend_inf = INFINITY;
        for (int j = 0; j < s->nunits; j++) {
            if (j == i || !fogn_unit_alive(&st->u[j])) continue;
            double d = unit_dist(s, st, i, j);
            if (s->units[j].side != side) {
                if (st->u[j].cohesion != FOGN_BROKEN && d < enemy) enemy = d;
            } else if (fogn_troop_arm((fogn_troop)s->units[j].troop) == FOGN_ARM_INF && st->u[j].cohesion != FOGN_BROKEN &&
                       d < friend_inf) {
                friend_inf = d;
            }
        }
        if (enemy <= FOGN_CLOSE + GR_EPS || friend_inf > FOGN_GUN_RECOVERY_RANGE + GR_EPS || friend_inf >= enemy) continue;
        int score = u->gun_losses >= FOGN_GUN_LOSSES_MAX ? 6 : 5;
        if (loc_lost) score++;
        int pass = score > 6 ? 0
                             : fogn_roll_test(side, p->name, fogn_ct_training_dice((fogn_training)p->training), score,
                                              fogn_elan_level(p), dice, log, "recovery test", "re-man its guns");
        if (pass < 0) return -1;
        if (pass) {
            u->flags &= ~(uint32_t)FOGN_UF_ABANDONED;
            u->cohesion = FOGN_WAVERING;
            u->gun_losses = 0;
            gr_log_add(log, GR_EV_MOVE, side, "%s re-mans its guns, Wavering", p->name);
        } else {
            fogn_destroy(s, st, i, log, "its guns could not be recovered");
        }
    }
    return FOGN_ST_RE_GUNS + 1;
}

/* --- 6.4 rallies and recoveries -------------------------------------------------------------------- */

int fogn_re_rally_end(const fogn_scenario *s) { return s->ncmdrs; }

/* may commander c try to recover unit j now? */
static int can_recover(const fogn_scenario *s, const fogn_state *st, int c, int j)
{
    const fogn_unit *u = &st->u[j];
    const fogn_cmdr_profile *cp = &s->cmdrs[c];
    if (s->units[j].side != cp->side || !fogn_unit_alive(u)) return 0;
    if (u->cohesion == FOGN_STEADY || (u->flags & (FOGN_UF_ABANDONED | FOGN_UF_RECOVERY_TRIED))) return 0;
    if (cp->role == FOGN_CMDR_DIVISION && s->units[j].division != cp->division) return 0;
    if (cp->role == FOGN_CMDR_ARMY) return 0;
    if (u->cohesion == FOGN_BROKEN && fogn_loc_occupied(s, st, cp->side)) return 0;
    gr_rect cr = fogn_cmdr_rect(&st->c[c]);
    gr_rect r[2];
    int n = fogn_unit_rects(&s->units[j], u, r);
    double d = INFINITY;
    for (int k = 0; k < n; k++) {
        double x = gr_rect_dist(&cr, &r[k]);
        if (x < d) d = x;
    }
    return d <= FOGN_RECOVERY_RANGE + GR_EPS;
}

int fogn_re_rally_due(const fogn_scenario *s, const fogn_state *st, int c)
{
    if (s->cmdrs[c].side != st->active || !cmdr_usable(st, c) || (st->c[c].flags & FOGN_CF_RECOVERED)) return 0;
    /* §12.2: not while he leads a unit in contact with the enemy */
    if (st->c[c].leading >= 0 && fogn_unit_in_contact(s, st, st->c[c].leading)) return 0;
    for (int j = 0; j < s->nunits; j++)
        if (can_recover(s, st, c, j)) return 1;
    return 0;
}

int fogn_re_rally_actor(const fogn_scenario *s, const fogn_state *st) { return s->nunits + st->turn.cursor; }

int fogn_re_rally_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int c = st->turn.cursor, n = 0;
    if (n < max) out[n++] = fogn_act(FOGN_A_HOLD, s->nunits + c, -1, 0);
    if (n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    for (int j = 0; j < s->nunits && n < max; j++)
        if (can_recover(s, st, c, j)) out[n++] = fogn_act(FOGN_A_RECOVER, s->nunits + c, j, 0);
    return n;
}

/* a rallied unit re-forms (Tactical; artillery limbered) facing the nearest
 * enemy (ruling: "may turn to face any direction"). Placements tried in
 * order: around its old centre, then on its old front edge, then forward of
 * its old rear edge, each facing the enemy, then each keeping its facing;
 * the first that fits the table and overlaps nobody is taken. When none
 * fits it stays as it stands. */
static int placement_free(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *r)
{
    if (!fogn_rect_on_table(s, r)) return 0;
    for (int j = 0; j < s->nunits; j++) {
        if (j == unit || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect o[2];
        int no = fogn_unit_rects(&s->units[j], &st->u[j], o);
        for (int k = 0; k < no; k++)
            if (gr_rect_overlap(r, &o[k], 1e-6) ||
                (s->units[j].side != s->units[unit].side && gr_rect_dist(r, &o[k]) <= FOGN_CONTACT_TOL))
                return 0;
    }
    return 1;
}

static void reform_rallied(const fogn_scenario *s, fogn_state *st, int unit)
{
    const fogn_unit_profile *p = &s->units[unit];
    fogn_unit *u = &st->u[unit];
    fogn_unit nu = *u;
    nu.formation = (uint8_t)(fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART ? FOGN_F_LIMBERED : FOGN_F_TACTICAL);
    nu.kink = 0;
    nu.bend = 0;
    gr_rect old = fogn_unit_rect(p, u);
    gr_vec2 c = gr_rect_centre(&old);
    double facing = u->heading;
    int foe = -1;
    double best = INFINITY;
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == p->side || !fogn_unit_alive(&st->u[j])) continue;
        double d = unit_dist(s, st, unit, j);
        if (d < best) { best = d; foe = j; }
    }
    if (foe >= 0) {
        gr_rect e = fogn_unit_rect(&s->units[foe], &st->u[foe]);
        gr_vec2 ec = gr_rect_centre(&e);
        facing = atan2(ec.y - c.y, ec.x - c.x);
    }
    gr_vec2 rear = gr_v2_sub(old.fc, gr_v2_scale(gr_rect_fwd(&old), old.d));
    for (int attempt = 0; attempt < 6; attempt++) {
        fogn_unit_set_heading(&nu, attempt < 3 ? facing : u->heading);
        gr_rect r = fogn_unit_rect(p, &nu);
        gr_vec2 fwd = gr_rect_fwd(&r);
        gr_vec2 fc;
        switch (attempt % 3) {
        case 0: fc = gr_v2_add(c, gr_v2_scale(fwd, r.d / 2)); break;
        case 1: fc = old.fc; break;
        default: fc = gr_v2_add(rear, gr_v2_scale(fwd, r.d)); break;
        }
        gr_rect placed = gr_rect_make(fc, nu.heading, r.w, r.d);
        if (placement_free(s, st, unit, &placed)) {
            nu.x = fc.x;
            nu.y = fc.y;
            *u = nu;
            return;
        }
    }
}

/* one attempt by commander c (or, with c < 0, the unit's own officer) */
static int attempt(const fogn_scenario *s, fogn_state *st, int c, int unit, gr_dice *dice, gr_log *log)
{
    const fogn_unit_profile *p = &s->units[unit];
    fogn_unit *u = &st->u[unit];
    int broken = u->cohesion == FOGN_BROKEN;
    int score = broken ? FOGN_RALLY_SCORE : FOGN_RECOVER_SCORE;
    if (fogn_loc_occupied(s, st, p->side)) score++;
    int autofail = 0;
    int n = fogn_ct_dice(s, st, unit, &autofail); /* a recovery is not a forced test: no automatic failure */
    char what[96];
    snprintf(what, sizeof what, "%s%s", broken ? "rally" : "recover a level",
             c >= 0 ? "" : " (its brigade commander)");
    u->flags |= FOGN_UF_RECOVERY_TRIED;
    int pass = score > 6 ? 0 : fogn_roll_test(p->side, p->name, n, score, fogn_elan_level(p), dice, log, "recovery test", what);
    if (pass < 0) return -1;
    if (!pass) {
        if (broken) fogn_destroy(s, st, unit, log, "failed to rally");
        return 0;
    }
    if (broken) {
        /* §12.2: Wavering, re-formed, and Spent (one base, once) */
        u->cohesion = FOGN_WAVERING;
        fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
        if (arm != FOGN_ARM_ART && !(u->flags & FOGN_UF_SPENT)) {
            u->flags |= FOGN_UF_SPENT;
            u->bases_lost = 1;
        }
        reform_rallied(s, st, unit);
        gr_log_add(log, GR_EV_MOVE, p->side, "%s rallies: Wavering and Spent, re-formed in %s", p->name,
                   fogn_formation_name((fogn_formation)u->formation));
    } else {
        u->cohesion--;
        gr_log_add(log, GR_EV_MOVE, p->side, "%s recovers to %s", p->name, fogn_cohesion_name((fogn_cohesion)u->cohesion));
    }
    return 0;
}

int fogn_re_rally_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                        gr_error *err)
{
    int c = st->turn.cursor;
    if (a->type == FOGN_A_RECOVER) {
        if (a->target < 0 || a->target >= s->nunits || !can_recover(s, st, c, a->target))
            return gr_error_set(err, "%s cannot try to recover that unit: a unit of his command with losses, within %.0f MU, "
                                     "not tried this phase (§12.2)", s->cmdrs[c].name, FOGN_RECOVERY_RANGE);
        if (attempt(s, st, c, a->target, dice, log) < 0)
            return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
    } else if (a->type != FOGN_A_HOLD) {
        return gr_error_set(err, "in the Recovery Phase a commander recovers one unit or holds");
    }
    st->c[c].flags |= FOGN_CF_RECOVERED;
    st->turn.cursor++;
    return 0;
}

int fogn_re_close(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    int side = st->active;
    /* brigade officers try for their own units nobody else tried (§12.2) */
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *p = &s->units[i];
        const fogn_unit *u = &st->u[i];
        if (p->side != side || !fogn_unit_alive(u) || u->cohesion == FOGN_STEADY) continue;
        if (u->flags & (FOGN_UF_RECOVERY_TRIED | FOGN_UF_ABANDONED)) continue;
        if (!fogn_has_attach(p, u, FOGN_ATT_OFFICER) || (u->cohesion == FOGN_BROKEN && fogn_loc_occupied(s, st, side))) continue;
        if (fogn_unit_in_contact(s, st, i)) continue;
        if (attempt(s, st, -1, i, dice, log) < 0) return -1;
    }
    /* ruling §23.3 #31: a Broken unit nobody tried to rally is lost */
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == side && fogn_unit_alive(&st->u[i]) && st->u[i].cohesion == FOGN_BROKEN)
            fogn_destroy(s, st, i, log, "not rallied");
    fogn_replace_commanders(s, st, side, log);
    if (fogn_ct_run(s, st, side ^ 1, dice, log) < 0) return -1;
    for (int i = 0; i < s->nunits; i++) st->u[i].flags &= ~(uint32_t)FOGN_UF_RECOVERY_TRIED;
    return 0;
}
