/* ai.c - the neutral facts and the evaluation's view of a Lasalle position
 * (ai.h). */
#include "ai.h"
#include "footprint.h"
#include "move.h"
#include "status.h"
#include "sweep.h"
#include "tables.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* objective_approach: a unit counts 1 - d / this many BW towards an
 * objective not yet its side's, d its distance beyond the 4 BW of control:
 * the table's depth, so that a unit anywhere on it gains by closing in (an
 * evaluation input, not a rule) */
#define APPROACH_BW 24.0

/* objective_contest: how much a unit of the side within this many BW of the
 * control distance still counts as standing in the enemy's way */
#define CONTEST_BW 4.0

const char *const lasalle_term_names[LASALLE_TERMS] = {"losses_to_breakpoint", "army_breaks", "objective_held",
                                                       "objective_approach", "pursuit", "objective_contest"};

static double nearest_enemy(const lasalle_scenario *s, const lasalle_state *st, int i, gr_rect h, int *who)
{
    double best = INFINITY;
    *who = -1;
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        double d = gr_rect_dist(&h, &g);
        if (d < best) {
            best = d;
            *who = j;
        }
    }
    return best;
}

/* where a move would take the unit, without checking it */
static lasalle_pose rough_end(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a)
{
    const lasalle_unit_profile *p = &s->units[a->actor];
    lasalle_pose at = lasalle_pose_of(st, a->actor);
    double deg = GR_PI / 180;
    if (a->type == LASALLE_A_DRIVE) {
        lasalle_pose to = {a->p[0], a->p[1], a->p[2] * deg, LASALLE_LIMBERED};
        return to;
    }
    lasalle_motion m[4];
    int n = 0, back = a->p[1] < 0 || a->p[3] < 0;
    if (a->type == LASALLE_A_MOVE) {
        if (a->p[0] != 0) m[n++] = lasalle_wheel(p, at.form, a->p[0] * deg, back);
        if (a->p[1] != 0) m[n++] = lasalle_straight(a->p[1], 0, 0);
        if (a->p[2] != 0) m[n++] = lasalle_wheel(p, at.form, a->p[2] * deg, back);
        if (a->p[3] != 0) m[n++] = lasalle_straight(a->p[3], 0, 0);
    } else if (a->type == LASALLE_A_OBLIQUE) {
        m[n++] = lasalle_straight(a->p[0], a->p[1], 0);
    } else if (a->type == LASALLE_A_FLANK) {
        m[n++] = lasalle_straight(0, a->p[0], 0);
    } else if (a->type == LASALLE_A_PROLONG) {
        m[n++] = lasalle_straight(a->p[1], a->p[0], 0);
    }
    for (int k = 0; k < n; k++) at = lasalle_pose_after(p, at, &m[k]);
    return at;
}

static void move_info(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, gr_action_info *out)
{
    int i = a->actor, e0, e1, form = a->arg & LASALLE_PRE_FORM_MASK;
    double d0 = nearest_enemy(s, st, i, lasalle_hull(s, st, i), &e0);
    lasalle_pose to = rough_end(s, st, a);
    double d1 = nearest_enemy(s, st, i, lasalle_pose_hull(&s->units[i], to), &e1);
    int moves = hypot(to.x - st->u[i].x, to.y - st->u[i].y) > 1e-6;
    if (!moves && a->type == LASALLE_A_MOVE && form) {
        out->kind = GR_AK_FORM;
        out->shape = (uint8_t)lasalle_form_shape(form - 1);
    } else if (e1 >= 0 && d1 < d0 - 0.25) {
        out->kind = GR_AK_ADVANCE;
        out->enemy = (int16_t)e1;
    } else if (e1 >= 0 && d1 > d0 + 0.25) {
        out->kind = GR_AK_WITHDRAW;
    } else {
        out->kind = GR_AK_MANOEUVRE;
    }
}

void lasalle_action_info(const void *scn, const void *state, const gr_action *a, gr_action_info *out)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    memset(out, 0, sizeof *out);
    out->unit = out->enemy = out->objective = -1;
    int unit = a->actor >= 0 && a->actor < s->nunits;
    if (unit) out->unit = a->actor;
    switch (a->type) {
    case LASALLE_A_HOLD: out->kind = unit ? GR_AK_HOLD : GR_AK_PASS; break;
    case LASALLE_A_STAY: out->kind = GR_AK_HOLD; break;
    case LASALLE_A_OFFICER:
    case LASALLE_A_REROLL: out->kind = GR_AK_COMMAND; break;
    case LASALLE_A_CHARGE:
    case LASALLE_A_COUNTERCHARGE:
    case LASALLE_A_MOMENTUM:
        out->kind = GR_AK_ATTACK;
        out->enemy = a->target;
        break;
    case LASALLE_A_FIRE:
        out->kind = GR_AK_FIRE;
        out->enemy = a->target;
        break;
    case LASALLE_A_FALLBACK: out->kind = GR_AK_WITHDRAW; break;
    case LASALLE_A_ABOUT: out->kind = GR_AK_MANOEUVRE; break;
    case LASALLE_A_REFORM:
        out->kind = GR_AK_FORM;
        out->shape = (uint8_t)lasalle_form_shape((a->arg & LASALLE_PRE_FORM_MASK) - 1);
        break;
    case LASALLE_A_LIMBER:
    case LASALLE_A_UNLIMBER:
        out->kind = GR_AK_FORM;
        out->shape = (uint8_t)lasalle_form_shape(a->type == LASALLE_A_LIMBER ? LASALLE_LIMBERED : LASALLE_UNLIMBERED);
        break;
    case LASALLE_A_FIGHT: out->kind = GR_AK_MANOEUVRE; break;
    case LASALLE_A_LATER: out->kind = GR_AK_PASS; break;
    case LASALLE_A_TACTICS:
        out->kind = a->target >= 0 ? GR_AK_COMMAND : GR_AK_PASS;
        out->unit = a->target;
        break;
    case LASALLE_A_MOVE:
    case LASALLE_A_OBLIQUE:
    case LASALLE_A_FLANK:
    case LASALLE_A_CROSS:
    case LASALLE_A_DRIVE:
    case LASALLE_A_PROLONG:
        if (unit) move_info(s, st, a, out);
        else out->kind = GR_AK_MANOEUVRE;
        break;
    default: out->kind = GR_AK_PASS; break;
    }
}

int lasalle_unit_count(const void *scn) { return ((const lasalle_scenario *)scn)->nunits; }

static int arm_of(int type)
{
    static const int arms[LASALLE_TYPE_COUNT] = {GR_ARM_INF, GR_ARM_CAV, GR_ARM_ART};
    return type >= 0 && type < LASALLE_TYPE_COUNT ? arms[type] : GR_ARM_NONE;
}

void lasalle_unit_info(const void *scn, const void *state, int i, gr_unit_info *out)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    const lasalle_unit_profile *p = &s->units[i];
    memset(out, 0, sizeof *out);
    out->side = p->side;
    out->arm = arm_of(p->type);
    out->shape = lasalle_form_shape(st->u[i].form);
    out->alive = lasalle_alive(st, i);
    /* the worst level is broken, so that "breaks" is said only of a broken unit */
    out->levels = LASALLE_LEVELS + 1;
    out->cohesion = out->alive ? (st->u[i].disr < LASALLE_LEVELS ? st->u[i].disr : LASALLE_LEVELS - 1) : LASALLE_LEVELS;
    out->x = st->u[i].x;
    out->y = st->u[i].y;
    out->value = lasalle_morale_value(p);
    snprintf(out->name, sizeof out->name, "%s", p->name);
    snprintf(out->ref, sizeof out->ref, "u%d", i);
}

void lasalle_unit_worth(const void *scn, const void *state, int i, gr_unit_worth *out)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    memset(out, 0, sizeof *out);
    out->side = s->units[i].side;
    out->value = lasalle_morale_value(&s->units[i]);
    int disr = st->u[i].disr;
    out->level = !lasalle_alive(st, i) ? LASALLE_LEVELS : disr < LASALLE_LEVELS ? disr : LASALLE_LEVELS - 1;
    out->worn = 0;
}

/* for each objective not yet the side's: its units' mean progress towards
 * it, each weighed by its morale value, a unit counting 1 - d / APPROACH_BW
 * for d BW beyond the 4 BW of control, so that every unit that closes in
 * adds to it, not only the nearest */
static double approach(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    double sum = 0;
    for (int k = 0; k < s->nobjectives; k++) {
        if (st->owner[k] == side) continue;
        gr_vec2 at = gr_v2(s->objectives[k].x, s->objectives[k].y);
        double got = 0, all = 0;
        for (int i = 0; i < s->nunits; i++) {
            if (!lasalle_alive(st, i) || s->units[i].side != side) continue;
            gr_rect h = lasalle_hull(s, st, i);
            double d = fmax(0.0, gr_rect_point_dist(&h, at) - LASALLE_OBJECTIVE_BW);
            double v = lasalle_morale_value(&s->units[i]);
            all += v;
            if (d < APPROACH_BW) got += v * (1.0 - d / APPROACH_BW);
        }
        if (all > 0) sum += got / all;
    }
    return sum;
}

/* the defender's hold on the objectives its enemy must clear [J, p.91]:
 * for each, the share of its army's morale value standing within the 4 BW
 * of control, a unit counting less over CONTEST_BW beyond, so that each
 * defender the attacker breaks or drives off loosens it; the attacker's is 0 */
static double contest(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    if (side != s->defender || s->morale[side] <= 0) return 0;
    double sum = 0;
    for (int k = 0; k < s->nobjectives; k++) {
        gr_vec2 at = gr_v2(s->objectives[k].x, s->objectives[k].y);
        for (int i = 0; i < s->nunits; i++) {
            if (!lasalle_alive(st, i) || s->units[i].side != side) continue;
            gr_rect h = lasalle_hull(s, st, i);
            double d = fmax(0.0, gr_rect_point_dist(&h, at) - LASALLE_OBJECTIVE_BW);
            if (d < CONTEST_BW) sum += lasalle_morale_value(&s->units[i]) * (1.0 - d / CONTEST_BW) / s->morale[side];
        }
    }
    return sum;
}

/* The chance that the side's army breaks in the morale checks still to
 * come [F, p.66-67], were its losses and the objective to stay as they are:
 * each of its Status Phases from the next one tests n dice against the
 * turn number, and a turn past the basic length is played only while the
 * end-of-game rolls (both dice no more than the bonus turns plus one) have
 * not ended the game. The defender tests 4 dice while the attacker controls
 * the objective, any army past its breakpoint 5. */
static double break_chance(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    int objective = side == s->defender && lasalle_attacker_controls(s, st);
    if (!objective && !lasalle_at_breakpoint(s, st, side)) return 0;
    int n = objective ? 4 : 5;
    double reach = 1.0, stands = 1.0, broke = 0;
    int bonus = st->bonus;
    /* the current turn's Status Phase is still to come: the turn is not over
     * until it has run */
    for (int t = st->turn_no; t < st->turn_no + 40 && reach > 1e-4; t++) {
        int mover = t == st->turn_no ? st->active : (st->active + t - st->turn_no) & 1;
        if (mover == side) {
            double f = lasalle_check_fail_chance(n, t);
            broke += reach * stands * f;
            stands *= 1.0 - f;
        }
        if (t >= s->turns) {
            double q = (bonus + 1) / 6.0;
            reach *= 1.0 - (q < 1 ? q * q : 1.0);
            bonus++;
        }
    }
    return broke;
}

void lasalle_terms(const void *scn, const void *state, double *out)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    for (int side = 0; side < 2; side++) {
        double *t = out + side * LASALLE_TERMS;
        int held = 0;
        for (int k = 0; k < s->nobjectives; k++) held += st->owner[k] == side;
        /* the losses as a share of the third of the army's morale that breaks it [F, p.66] */
        t[0] = s->morale[side] ? 3.0 * lasalle_losses(s, st, side) / s->morale[side] : 0;
        t[1] = break_chance(s, st, side);
        t[2] = held;
        t[3] = approach(s, st, side);
        t[4] = lasalle_pursuit(s, st, side);
        t[5] = contest(s, st, side);
    }
}
