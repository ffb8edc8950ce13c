/* ai.c - the neutral facts and the evaluation's view of a Lasalle position
 * (ai.h). */
#include "ai.h"
#include "footprint.h"
#include "move.h"
#include "status.h"
#include "sweep.h"
#include "tables.h"
#include "toward.h"
#include "../../core/ruleset.h"

#include <assert.h>
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

/* engage: a unit this near an enemy (an Attack Column's Full move, BW) is
 * as close as closing can get it; from there it charges */
#define ENGAGE_BW 4.0

/* a move is said to go for an objective (gr_action_info.objective) when it
 * brings the unit at least this many BW nearer: a quarter of an Attack
 * Column's Full move, so that a wheel and a step do not count */
#define OBJECTIVE_STEP_BW 1.0

const char *const lasalle_term_names[LASALLE_TERMS] = {"losses_to_breakpoint", "army_breaks", "objective_held",
                                                       "objective_approach", "pursuit", "objective_contest",
                                                       "engage", "losses_at_stake"};

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

/* what the facts of a unit's moves share: where it stands, the enemy nearest
 * it there and who controls each objective, worked out once for all the
 * moves of one unit that are asked about together */
typedef struct move_from {
    int actor;     /* whose footprint h0 is, -1: none yet */
    gr_rect h0;    /* its footprint where it stands */
    double d0;     /* its distance to the nearest enemy, INFINITY: none */
    int control_known;
    int control[LASALLE_MAX_OBJECTIVES]; /* lasalle_objective_control of each */
    lasalle_near_memo near;              /* the enemies' footprints */
} move_from;

/* nothing worked out yet (the footprints' arrays left as they are) */
static void from_none(move_from *f)
{
    f->actor = -1;
    f->control_known = 0;
    f->near.hull_known = f->near.reach_known = 0;
}

static void from_unit(const lasalle_scenario *s, const lasalle_state *st, int i, move_from *f)
{
    f->actor = i;
    f->h0 = lasalle_hull(s, st, i);
    int nearest;
    f->d0 = lasalle_nearest_enemy_memo(s, st, i, &f->h0, &nearest, &f->near);
}

static const int *from_control(const lasalle_scenario *s, const lasalle_state *st, move_from *f)
{
    if (!f->control_known) {
        for (int k = 0; k < s->nobjectives; k++) f->control[k] = lasalle_objective_control(s, st, k);
        f->control_known = 1;
    }
    return f->control;
}

/* the objective the unit's side does not control now that a move to `to`
 * brings its hull nearer by OBJECTIVE_STEP_BW or more and by half the
 * unit's Full move in its formation (or into the 4 BW of control), the
 * nearest such; -1 */
static int objective_closed(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose to,
                            move_from *f)
{
    gr_rect h1 = lasalle_pose_hull(&s->units[i], to);
    double half = 0.5 * lasalle_allowance(&s->units[i], st->u[i].form, 0);
    const int *control = from_control(s, st, f);
    int best = -1;
    double bestd = INFINITY;
    for (int k = 0; k < s->nobjectives; k++) {
        if (control[k] == s->units[i].side) continue;
        gr_vec2 at = gr_v2(s->objectives[k].x, s->objectives[k].y);
        double d0 = gr_rect_point_dist(&f->h0, at), d1 = gr_rect_point_dist(&h1, at);
        /* a good part of a move, or into the 4 BW of control */
        int far = d0 - d1 >= half || (d1 <= LASALLE_OBJECTIVE_BW && d0 > LASALLE_OBJECTIVE_BW);
        if (d1 <= d0 - OBJECTIVE_STEP_BW && far && d1 < bestd) {
            best = k;
            bestd = d1;
        }
    }
    return best;
}

static void move_info(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, move_from *f,
                      gr_action_info *out)
{
    int i = a->actor, e1, form = a->arg & LASALLE_PRE_FORM_MASK;
    if (f->actor != i) from_unit(s, st, i, f);
    lasalle_pose to = rough_end(s, st, a);
    gr_rect h1 = lasalle_pose_hull(&s->units[i], to);
    double d0 = f->d0;
    double d1 = lasalle_nearest_enemy_memo(s, st, i, &h1, &e1, &f->near);
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
    if (!moves) return;
    /* the formation it moves in, when the move opens with a change */
    if (form) out->shape = (uint8_t)lasalle_form_shape(form - 1);
    /* an objective its side does not control that the move closes on [J, p.91] */
    int k = objective_closed(s, st, i, to, f);
    if (k < 0) return;
    out->objective = (int16_t)k;
    out->kind = GR_AK_ADVANCE;
}

static void action_info(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, move_from *f,
                        gr_action_info *out)
{
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
    case LASALLE_A_FALLBACK: /* a combat's fall-back names its unit as the target (fallback_step.h) */
        out->kind = GR_AK_WITHDRAW;
        if (!unit && a->target >= 0 && a->target < s->nunits) out->unit = a->target;
        break;
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
    case LASALLE_A_ADVANCE: /* the one winner that advances [E, p.60] */
        out->kind = GR_AK_MANOEUVRE;
        out->unit = a->target;
        break;
    case LASALLE_A_NEXT: /* the force (or independent unit) that moves next [C, p.24] */
        out->kind = GR_AK_COMMAND;
        out->unit = a->target; /* an independent unit; a force is named by its first unit */
        if (a->arg >= 0) out->unit = a->arg < s->nforces && s->forces[a->arg].nunits ? s->forces[a->arg].units[0] : -1;
        break;
    case LASALLE_A_RESERVE: out->kind = GR_AK_COMMAND; break; /* the reserve that rolls [J, p.91] */
    case LASALLE_A_ARRIVE: out->kind = GR_AK_COMMAND; break;  /* where a reserve comes on [J, p.91] */
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
        if (unit) move_info(s, st, a, f, out);
        else out->kind = GR_AK_MANOEUVRE;
        break;
    default: out->kind = GR_AK_PASS; break;
    }
}

void lasalle_action_info(const void *scn, const void *state, const gr_action *a, gr_action_info *out)
{
    move_from f;
    from_none(&f);
    action_info(scn, state, a, &f, out);
}

void lasalle_action_infos(const void *scn, const void *state, const gr_action *a, int n, gr_action_info *out)
{
    move_from f;
    from_none(&f);
    for (int k = 0; k < n; k++) action_info(scn, state, &a[k], &f, &out[k]);
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
    gr_rs_unit_label(out, p->name, 'u', i);
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

/* for each objective not yet the side's: its units' progress towards it,
 * a unit counting 1 - d / APPROACH_BW for d BW beyond the 4 BW of control,
 * half the mean of all its units weighed by morale value (so that every unit
 * that closes in adds to it) and half the nearest one's (one unit within
 * 4 BW is what controls it, J p.91) */
static double approach(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    double sum = 0;
    for (int k = 0; k < s->nobjectives; k++) {
        if (st->owner[k] == side) continue;
        gr_vec2 at = gr_v2(s->objectives[k].x, s->objectives[k].y);
        double got = 0, all = 0, best = 0;
        for (int i = 0; i < s->nunits; i++) {
            if (!lasalle_alive(st, i) || s->units[i].side != side) continue;
            gr_rect h = lasalle_hull(s, st, i);
            double d = fmax(0.0, gr_rect_point_dist(&h, at) - LASALLE_OBJECTIVE_BW);
            double v = lasalle_morale_value(&s->units[i]), near = d < APPROACH_BW ? 1.0 - d / APPROACH_BW : 0;
            all += v;
            got += v * near;
            if (near > best) best = near;
        }
        if (all > 0) sum += 0.5 * got / all + 0.5 * best;
    }
    return sum;
}

/* the defender's hold on the objectives its enemy must clear [J, p.91]:
 * for each, the share of its army's morale value standing within the 4 BW
 * of control, a unit counting less over CONTEST_BW beyond, so that each
 * defender the attacker breaks or drives off loosens it; the attacker's is 0 */
static double contest(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    int morale = lasalle_army_morale(s, st, side);
    if (side != s->defender || morale <= 0) return 0;
    double sum = 0;
    for (int k = 0; k < s->nobjectives; k++) {
        gr_vec2 at = gr_v2(s->objectives[k].x, s->objectives[k].y);
        for (int i = 0; i < s->nunits; i++) {
            if (!lasalle_alive(st, i) || s->units[i].side != side) continue;
            gr_rect h = lasalle_hull(s, st, i);
            double d = fmax(0.0, gr_rect_point_dist(&h, at) - LASALLE_OBJECTIVE_BW);
            if (d < CONTEST_BW) sum += lasalle_morale_value(&s->units[i]) * (1.0 - d / CONTEST_BW) / morale;
        }
    }
    return sum;
}

/* The chance that the side's army breaks in the morale checks still to
 * come [F, p.66-67], were it to test n dice in each of its Status Phases
 * from the next one on: each tests n dice against the turn number, and a
 * turn past the basic length is played only while the end-of-game rolls
 * (both dice no more than the bonus turns plus one) have not ended the
 * game. */
static double checks_to_come(const lasalle_scenario *s, const lasalle_state *st, int side, int n)
{
    /* the chance n d6 sum to no more than each total, worked out on loading
     * (lasalle_check_fail_chance's numbers) */
    assert(n >= 0 && n <= LASALLE_CHECK_DICE_MAX);
    const double *fail_at = s->check_fail[n];
    double reach = 1.0, stands = 1.0, broke = 0;
    int bonus = st->bonus;
    /* the current turn's Status Phase is still to come: the turn is not over
     * until it has run */
    for (int t = st->turn_no; t < st->turn_no + 40 && reach > 1e-4; t++) {
        int mover = t == st->turn_no ? st->active : (st->active + t - st->turn_no) & 1;
        if (mover == side) {
            double f = fail_at[t < 36 ? t : 36];
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

/* the checks to come were its losses and the objective to stay as they
 * are: the defender tests 4 dice while the attacker controls the
 * objective, any army past its breakpoint 5 */
static double break_chance(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    int objective = side == s->defender && lasalle_attacker_controls(s, st);
    if (!objective && !lasalle_at_breakpoint(s, st, side)) return 0;
    return checks_to_come(s, st, side, objective ? 4 : 5);
}

/* the side's infantry and cavalry closing with the enemy: the mean, by
 * morale value, of 1 - d / APPROACH_BW for each, d its distance in BW to
 * the nearest enemy unit beyond ENGAGE_BW; charges, the only way to break
 * a unit outright [E, p.59], start from there. A defender has nothing else
 * that could break the attacker's army, the attacker nothing else that
 * drives the defender off the objective. */
static double engage(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    double got = 0, all = 0;
    for (int i = 0; i < s->nunits; i++) {
        if (!lasalle_alive(st, i) || s->units[i].side != side || s->units[i].type == LASALLE_ART) continue;
        int who;
        gr_rect h = lasalle_hull(s, st, i);
        double d = fmax(0.0, lasalle_nearest_enemy(s, st, i, &h, &who) - ENGAGE_BW);
        double v = lasalle_morale_value(&s->units[i]);
        all += v;
        if (who >= 0 && d < APPROACH_BW) got += v * (1.0 - d / APPROACH_BW);
    }
    return all > 0 ? got / all : 0;
}

/* What the objective is still worth to the attacker: the chance the
 * defender breaks in the checks to come were the attacker to control the
 * objective from now on. It falls as the turns run out, so that the pull
 * of the objective and the defender's hold on it fade to nothing as a
 * draw by time nears [F, p.66-67; J, p.91]; 0 without an objective. */
static double objective_stake(const lasalle_scenario *s, const lasalle_state *st)
{
    if (s->defender < 0 || s->nobjectives <= 0) return 0;
    return checks_to_come(s, st, s->defender, 4);
}

void lasalle_terms(const void *scn, const void *state, double *out)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    double stake = objective_stake(s, st);
    for (int side = 0; side < 2; side++) {
        double *t = out + side * LASALLE_TERMS;
        int held = 0;
        for (int k = 0; k < s->nobjectives; k++) held += st->owner[k] == side;
        /* the losses as a share of the third of the army's morale that breaks it [F, p.66] */
        int morale = lasalle_army_morale(s, st, side);
        t[0] = morale ? 3.0 * lasalle_losses(s, st, side) / morale : 0;
        t[1] = break_chance(s, st, side);
        t[2] = held;
        t[3] = approach(s, st, side) * stake;
        t[4] = lasalle_pursuit(s, st, side);
        t[5] = contest(s, st, side) * stake;
        /* closing counts as far as the enemy's checks to come could break it */
        t[6] = engage(s, st, side) * checks_to_come(s, st, side ^ 1, 5);
        /* the losses as far as the checks still to come may break the army */
        t[7] = t[0] * checks_to_come(s, st, side, 5);
    }
}
