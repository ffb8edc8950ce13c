/* victory.c - army morale and the end of a fogn battle (§14): the Army
 * Combat Value, attrition points, the defeat tests made at each Recovery
 * Phase, the result of a timed game by attrition inflicted and received, and
 * the fresh-cavalry bonus that raises or lowers it. */
#include "victory.h"
#include "tables.h"
#include "footprint.h"


int fogn_unit_value(const fogn_unit_profile *p) { return p->size == FOGN_LARGE ? 3 : 2; }

int fogn_acv(const fogn_scenario *s, int side)
{
    int v = s->acv_adjust[side]; /* §17.1: after the attacker's bonus units (see fogn.h) */
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == side) v += fogn_unit_value(&s->units[i]);
    return v;
}

/* attrition counted in halves: small Spent cavalry count half a point */
static int attrition_halves(const fogn_scenario *s, const fogn_state *st, int side)
{
    int twice = 0;
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *p = &s->units[i];
        const fogn_unit *u = &st->u[i];
        if (p->side != side) continue;
        int whole = fogn_unit_value(p);
        /* §14: Broken, destroyed, abandoned guns and units off the table
         * (reserves not yet arrived are not losses, §8.1) count whole */
        if (p->off_table && !(u->flags & (FOGN_UF_ON_TABLE | FOGN_UF_DESTROYED))) continue;
        if (!(u->flags & FOGN_UF_ON_TABLE) || (u->flags & (FOGN_UF_DESTROYED | FOGN_UF_ABANDONED)) ||
            u->cohesion == FOGN_BROKEN)
            twice += 2 * whole;
        else if (u->flags & FOGN_UF_SPENT) {
            int small_cav = p->size == FOGN_SMALL && fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_CAV;
            twice += small_cav ? u->bases_lost : 2 * u->bases_lost;
        }
    }
    return twice;
}

int fogn_attrition(const fogn_scenario *s, const fogn_state *st, int side)
{
    return attrition_halves(s, st, side) / 2;
}

double fogn_attrition_exact(const fogn_scenario *s, const fogn_state *st, int side)
{
    return attrition_halves(s, st, side) / 2.0;
}

/* any enemy footprint within contact distance; reach[k] is unit k's reach
 * (fogn_unit_reach), for every unit on the table */
static int touching_enemy(const fogn_scenario *s, const fogn_state *st, int i, const double *reach)
{
    gr_rect a = fogn_unit_rect(&s->units[i], &st->u[i]);
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[i].side || !fogn_unit_alive(&st->u[j])) continue;
        if (fogn_reaches_clearly_apart(st, i, j, reach[i], reach[j], FOGN_CONTACT_TOL)) continue;
        gr_rect b = fogn_unit_rect(&s->units[j], &st->u[j]);
        if (gr_rect_within(&a, &b, FOGN_CONTACT_TOL)) return 1;
    }
    return 0;
}

/* fresh cavalry (§2.5) of both sides: cavalry not Spent and not in combat,
 * on the table, not Broken; each unit's reach worked out once for both */
static void fresh_cavalry(const fogn_scenario *s, const fogn_state *st, int n[2])
{
    int have_reach = 0;
    double reach[FOGN_MAX_UNITS];
    n[0] = n[1] = 0;
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        if (!fogn_unit_alive(u)) continue;
        if (fogn_troop_arm((fogn_troop)s->units[i].troop) != FOGN_ARM_CAV) continue;
        if ((u->flags & (FOGN_UF_SPENT | FOGN_UF_IN_COMBAT)) || u->cohesion == FOGN_BROKEN) continue;
        if (!have_reach) { /* each unit's reach once, not once a pair */
            for (int k = 0; k < s->nunits; k++)
                if (fogn_unit_alive(&st->u[k])) reach[k] = fogn_unit_reach(&s->units[k], &st->u[k]);
            have_reach = 1;
        }
        if (touching_enemy(s, st, i, reach)) continue;
        n[s->units[i].side]++;
    }
}

/* §14 bonus, ruling §23.3 #48: the fresh-cavalry difference moves the winner's level */
static int cavalry_bonus(const fogn_scenario *s, const fogn_state *st, int winner, int level)
{
    if (winner < 0) return level;
    int fresh[2];
    fresh_cavalry(s, st, fresh);
    return fogn_cavalry_bonus_level(level, fresh[winner], fresh[winner ^ 1]);
}

static void finish(fogn_state *st, int winner, int level, int reason)
{
    st->turn.over = 1;
    st->turn.phase = FOGN_PH_OVER;
    st->end_reason = (uint8_t)reason;
    st->winner = (int8_t)(level == FOGN_RESULT_DRAW ? -1 : winner);
    st->margin = (uint8_t)(st->winner < 0 ? FOGN_RESULT_DRAW : level);
}

int fogn_check_defeat(const fogn_scenario *s, fogn_state *st, gr_log *log)
{
    int a2[2], v[2], b[2];
    for (int k = 0; k < 2; k++) {
        a2[k] = attrition_halves(s, st, k);
        v[k] = fogn_acv(s, k);
    }
    for (int k = 0; k < 2; k++) b[k] = fogn_army_defeated(a2[k] / 2.0, v[k], a2[k ^ 1] / 2.0, v[k ^ 1]);
    if (!b[0] && !b[1]) return 0;
    if (b[0] && b[1]) {
        finish(st, -1, FOGN_RESULT_DRAW, FOGN_END_DEFEAT);
    } else {
        int w = b[0] ? 1 : 0;
        /* a defeat counts as a Moderate Victory before the cavalry bonus (§23.3 #48) */
        finish(st, w, cavalry_bonus(s, st, w, FOGN_RESULT_MODERATE), FOGN_END_DEFEAT);
    }
    gr_log_add(log, GR_EV_PHASE, -1, "army morale: %s attrition %.1f of %d, %s %.1f of %d: %s", s->side_name[0],
               a2[0] / 2.0, v[0], s->side_name[1], a2[1] / 2.0, v[1],
               b[0] && b[1] ? "both armies break, a draw" : b[0] ? "the first army breaks" : "the second army breaks");
    return 1;
}

/* which side alone has a unit in good enough order on objective o (-1 none) */
static int objective_presence(const fogn_scenario *s, const fogn_state *st, int o)
{
    int near[2] = {0, 0};
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        if (!fogn_unit_alive(u) || (u->flags & FOGN_UF_ABANDONED) || u->cohesion > FOGN_OBJ_HOLD_WORST_COHESION)
            continue;
        /* every part lies within its reach of its front-edge centre: one
         * farther off than that and the radius cannot be near */
        double dx = u->x - s->obj[o].x, dy = u->y - s->obj[o].y;
        double far = fogn_unit_reach(&s->units[i], u) + s->obj[o].radius + 1e-6;
        if (dx * dx + dy * dy > far * far) continue;
        /* every part of it: a bent column's rear part, a kinked line's right half */
        gr_rect r[2];
        int n = fogn_unit_rects(&s->units[i], u, r);
        for (int k = 0; k < n; k++)
            if (gr_rect_point_dist(&r[k], gr_v2(s->obj[o].x, s->obj[o].y)) <= s->obj[o].radius)
                near[s->units[i].side] = 1;
    }
    return near[0] && !near[1] ? 0 : near[1] && !near[0] ? 1 : -1;
}

void fogn_update_objectives(const fogn_scenario *s, fogn_state *st, gr_log *log)
{
    for (int o = 0; o < s->nobj; o++) {
        int side = objective_presence(s, st, o);
        if (side < 0 || side == st->obj_owner[o]) continue;
        gr_log_add(log, GR_EV_NOTE, side, "%s takes %s (%d point%s)", s->side_name[side], s->obj[o].name,
                   s->obj[o].points, s->obj[o].points == 1 ? "" : "s");
        st->obj_owner[o] = (int8_t)side;
    }
}

int fogn_objective_points(const fogn_scenario *s, const fogn_state *st, int side)
{
    int pts = 0;
    for (int o = 0; o < s->nobj; o++)
        if (st->obj_owner[o] == side) pts += s->obj[o].points;
    return pts;
}

int fogn_turn_limit(const fogn_scenario *s) { return s->max_turns > 0 ? s->max_turns : FOGN_DEFAULT_TURNS; }

/* The timed count, worked out once for the result and for the lead:
 * attrition each side inflicted (in halves, objectives counting as
 * attrition it inflicted) and, when someone leads, the fresh cavalry of
 * both sides (fresh[0] -1 when no one leads, as neither needs it then) */
typedef struct timed_count {
    int inflicted[2], fresh[2];
} timed_count;

static void timed_count_of(const fogn_scenario *s, const fogn_state *st, timed_count *c)
{
    int a0 = attrition_halves(s, st, 0), a1 = attrition_halves(s, st, 1);
    /* attrition inflicted by side 0 is side 1's, and the other way round;
     * each side's objectives count as attrition it inflicted (in halves) */
    int p0 = fogn_objective_points(s, st, 0), p1 = fogn_objective_points(s, st, 1);
    c->inflicted[0] = a1 + 2 * p0;
    c->inflicted[1] = a0 + 2 * p1;
    c->fresh[0] = c->fresh[1] = -1;
    if (c->inflicted[0] != c->inflicted[1]) fresh_cavalry(s, st, c->fresh);
}

static int timed_winner(const timed_count *c, int *level)
{
    int d = c->inflicted[0] - c->inflicted[1];
    int winner = d > 0 ? 0 : d < 0 ? 1 : -1;
    int lvl = FOGN_RESULT_DRAW;
    if (winner >= 0) {
        lvl = fogn_timed_level(c->inflicted[winner] / 2.0, c->inflicted[winner ^ 1] / 2.0);
        lvl = fogn_cavalry_bonus_level(lvl, c->fresh[winner], c->fresh[winner ^ 1]);
    }
    if (lvl == FOGN_RESULT_DRAW) winner = -1;
    if (level) *level = lvl;
    return winner;
}

static double timed_lead(const timed_count *c)
{
    double d = (c->inflicted[0] - c->inflicted[1]) / 2.0;
    if (d == 0) return 0;
    int leader = d > 0 ? 0 : 1;
    int f = c->fresh[leader] - c->fresh[leader ^ 1];
    if (f > -FOGN_CAVALRY_BONUS_MARGIN) return d;
    return d > 0 ? d - FOGN_MARGINAL_MARGIN : d + FOGN_MARGINAL_MARGIN;
}

int fogn_timed_outcome(const fogn_scenario *s, const fogn_state *st, int *level)
{
    timed_count c;
    timed_count_of(s, st, &c);
    return timed_winner(&c, level);
}

/* Side 0's lead in a timed count (attrition inflicted plus objectives held,
 * less the same for side 1), in attrition points; a win needs
 * FOGN_MARGINAL_MARGIN. When the fresh-cavalry bonus would lower the
 * leader's result one level (§14, ruling §23.3 #48) the lead is cut by one
 * level's width, so a marginal lead that the bonus turns into a draw reads as
 * one inside the draw band. An evaluation input, not a rule: it ignores the
 * ratio a moderate result needs, so a lead of 8 or more that the bonus lowers
 * from marginal to a draw still reads as a win. */
double fogn_timed_lead(const fogn_scenario *s, const fogn_state *st)
{
    timed_count c;
    timed_count_of(s, st, &c);
    return timed_lead(&c);
}

int fogn_timed_view(const fogn_scenario *s, const fogn_state *st, int *level, double *lead)
{
    timed_count c;
    timed_count_of(s, st, &c);
    *lead = timed_lead(&c);
    return timed_winner(&c, level);
}

void fogn_timed_result(const fogn_scenario *s, fogn_state *st, gr_log *log)
{
    int a0 = attrition_halves(s, st, 0), a1 = attrition_halves(s, st, 1);
    int p0 = fogn_objective_points(s, st, 0), p1 = fogn_objective_points(s, st, 1);
    int level;
    int winner = fogn_timed_outcome(s, st, &level);
    finish(st, winner, level, FOGN_END_TIME);
    if (s->nobj > 0)
        gr_log_add(log, GR_EV_PHASE, -1, "the game ends after move %d: attrition %s %.1f, %s %.1f; objectives %s %d, %s %d",
                   st->move, s->side_name[0], a0 / 2.0, s->side_name[1], a1 / 2.0, s->side_name[0], p0,
                   s->side_name[1], p1);
    else
        gr_log_add(log, GR_EV_PHASE, -1, "the game ends after move %d: attrition %s %.1f, %s %.1f", st->move,
                   s->side_name[0], a0 / 2.0, s->side_name[1], a1 / 2.0);
}
