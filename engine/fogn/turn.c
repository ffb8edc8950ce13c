/* turn.c - the fogn move as a state machine (§4): command, assault, firing,
 * movement, combat and recovery phases in order, alternating sides, with the
 * decision cursor that hands the movement phase out one unit at a time
 * (in-command units first, then out-of-command ones, then commanders).
 * Phases whose rules are not built yet pass straight through; see
 * docs/rulings.md. */
#include "internal.h"

#include <math.h>
#include <string.h>

static const char *const phase_names[] = {"command", "assault", "firing", "movement", "combat", "recovery", "over"};

const char *fogn_phase_name(int ph);
const char *fogn_phase_name(int ph) { return (unsigned)ph <= FOGN_PH_OVER ? phase_names[ph] : "?"; }

int fogn_acv(const fogn_scenario *s, int side)
{
    int v = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == side) v += s->units[i].size == FOGN_LARGE ? 3 : 2;
    return v;
}

int fogn_attrition(const fogn_scenario *s, const fogn_state *st, int side)
{
    /* §14: Broken, destroyed, abandoned or off-table units count whole (small 2,
     * large 3); Spent units still fighting count their removed bases (half for
     * small cavalry). Doubled here to stay in integers. */
    int twice = 0;
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *p = &s->units[i];
        const fogn_unit *u = &st->u[i];
        if (p->side != side || p->off_table) continue;
        int whole = p->size == FOGN_LARGE ? 3 : 2;
        if (!(u->flags & FOGN_UF_ON_TABLE) || (u->flags & (FOGN_UF_DESTROYED | FOGN_UF_ABANDONED)) ||
            u->cohesion == FOGN_BROKEN)
            twice += 2 * whole;
        else if (u->flags & FOGN_UF_SPENT) {
            int small_cav = p->size == FOGN_SMALL && fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_CAV;
            twice += small_cav ? u->bases_lost : 2 * u->bases_lost;
        }
    }
    return twice / 2;
}

void fogn_init(const void *scn, void *state);
void fogn_init(const void *scn, void *state)
{
    const fogn_scenario *s = scn;
    fogn_state *st = state;
    memset(st, 0, sizeof *st);
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *p = &s->units[i];
        fogn_unit *u = &st->u[i];
        u->x = p->x;
        u->y = p->y;
        u->heading = p->heading;
        u->formation = p->start_formation;
        u->cohesion = p->start_cohesion;
        u->target = -1;
        u->flanked_by = -1;
        if (p->start_spent && fogn_troop_arm((fogn_troop)p->troop) != FOGN_ARM_ART) {
            u->flags |= FOGN_UF_SPENT;
            u->bases_lost = 1;
        }
        if (!p->off_table) u->flags |= FOGN_UF_ON_TABLE;
    }
    for (int c = 0; c < s->ncmdrs; c++) {
        const fogn_cmdr_profile *cp = &s->cmdrs[c];
        st->c[c].x = cp->x;
        st->c[c].y = cp->y;
        st->c[c].leading = cp->start_leading;
        st->c[c].cp = cp->level;
        st->c[c].level = cp->level;
        if (cp->charismatic) st->c[c].flags |= FOGN_CF_CHARISMATIC;
        st->c[c].flags |= FOGN_CF_ON_TABLE; /* off-table divisions: issue 4 */
    }
    st->active = s->first_side;
    st->move = 1;
    st->phase = FOGN_PH_COMMAND;
    st->winner = GR_SIDE_NONE;
    fogn_advance_to_decision(s, st, NULL, NULL);
}

/* --- the movement cursor ------------------------------------------------------------- */

static int can_move_now(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit *u = &st->u[i];
    if (s->units[i].side != st->active || !fogn_unit_alive(u)) return 0;
    if (u->flags & (FOGN_UF_MOVED | FOGN_UF_NO_MOVE | FOGN_UF_IN_COMBAT | FOGN_UF_STATIONARY)) return 0;
    if (u->cohesion == FOGN_BROKEN) return 0; /* flight moves: issue 3 */
    if (s->units[i].caps & FOGN_CAP_IMMOBILE) return 0;
    return 1;
}

/* Is the cursor position a decision? */
static int cursor_due(const fogn_scenario *s, const fogn_state *st, int cur)
{
    int nu = s->nunits;
    if (cur < nu) return can_move_now(s, st, cur) && fogn_in_command(s, st, cur);
    if (cur < 2 * nu) return can_move_now(s, st, cur - nu);
    int c = cur - 2 * nu;
    if (c >= s->ncmdrs) return 0;
    return s->cmdrs[c].side == st->active && (st->c[c].flags & FOGN_CF_ON_TABLE) &&
           !(st->c[c].flags & FOGN_CF_MOVED) && s->cmdrs[c].role != FOGN_CMDR_ARMY;
}

static int cursor_end(const fogn_scenario *s) { return 2 * s->nunits + s->ncmdrs; }

int fogn_cursor_actor_public(const void *scn, const void *state) { return fogn_cursor_actor(scn, state); }

/* the unit (or nunits + commander) whose decision is due */
int fogn_cursor_actor(const fogn_scenario *s, const fogn_state *st)
{
    int cur = st->cursor, nu = s->nunits;
    if (cur < nu) return cur;
    if (cur < 2 * nu) return cur - nu;
    return nu + (cur - 2 * nu);
}

static void next_move(const fogn_scenario *s, fogn_state *st, gr_log *log)
{
    /* end of this side's move: refresh its commanders' points (§5.1: at the end
     * of the owner's Recovery Phase) and clear per-move flags */
    for (int c = 0; c < s->ncmdrs; c++) {
        if (s->cmdrs[c].side == st->active) st->c[c].cp = s->cmdrs[c].level;
        st->c[c].flags &= (uint8_t)~FOGN_CF_MOVED;
    }
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &st->u[i];
        if (s->units[i].side == st->active) u->flags &= ~(uint32_t)(FOGN_UF_HALTED | FOGN_UF_NO_ADVANCE);
        u->flags &= ~(uint32_t)(FOGN_UF_MOVED | FOGN_UF_NO_MOVE | FOGN_UF_CMT_FAILED | FOGN_UF_SECOND_DONE |
                                FOGN_UF_HELD | FOGN_UF_CMD_AT_START | FOGN_UF_TOOK_CMT |
                                FOGN_UF_STATIONARY | FOGN_UF_INTERPENETRATED);
    }
    int turns = s->max_turns > 0 ? s->max_turns : FOGN_DEFAULT_TURNS;
    if (st->move >= 2 * turns) {
        st->over = 1;
        st->phase = FOGN_PH_OVER;
        st->end_reason = 1;
        /* §14 timed game: the result from attrition inflicted and received */
        int a0 = fogn_attrition(s, st, 0), a1 = fogn_attrition(s, st, 1);
        int d = a1 - a0;
        int winner = d > 0 ? 0 : d < 0 ? 1 : -1;
        int inflicted = d > 0 ? a1 : a0, received = d > 0 ? a0 : a1, ad = abs(d);
        int margin = 0;
        if (ad >= 12 && inflicted >= 3 * received) margin = 3;
        else if (ad >= 8 && inflicted >= 2 * received) margin = 2;
        else if (ad >= 4) margin = 1;
        st->winner = (int8_t)(margin ? winner : -1);
        st->margin = (uint8_t)margin;
        gr_log_add(log, GR_EV_PHASE, -1, "the game ends after %d moves: attrition %d to %d", st->move, a0, a1);
        return;
    }
    st->move++;
    st->active ^= 1;
    st->phase = FOGN_PH_COMMAND;
}

static void check_defeat(const fogn_scenario *s, fogn_state *st, gr_log *log)
{
    /* §14: checked at the start of each Recovery Phase */
    int a[2], v[2], beaten[2];
    for (int k = 0; k < 2; k++) {
        a[k] = fogn_attrition(s, st, k);
        v[k] = fogn_acv(s, k);
    }
    for (int k = 0; k < 2; k++) {
        int o = k ^ 1;
        beaten[k] = v[k] > 0 && (2 * a[k] >= v[k] || (10 * a[k] >= 3 * v[k] && 10 * a[o] < v[o]) ||
                                 (10 * a[k] >= 4 * v[k] && 10 * a[o] < 2 * v[o]));
    }
    if (!beaten[0] && !beaten[1]) return;
    st->over = 1;
    st->phase = FOGN_PH_OVER;
    st->end_reason = 2;
    st->winner = (int8_t)(beaten[0] && beaten[1] ? -1 : beaten[0] ? 1 : 0);
    st->margin = (uint8_t)(st->winner < 0 ? 0 : 2);
    gr_log_add(log, GR_EV_PHASE, -1, "army morale: attrition %d/%d and %d/%d", a[0], v[0], a[1], v[1]);
}

void fogn_advance_to_decision(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    (void)dice;
    for (int guard = 0; guard < 64 && !st->over; guard++) {
        switch ((fogn_phase)st->phase) {
        case FOGN_PH_COMMAND:
            gr_log_add(log, GR_EV_PHASE, st->active, "move %d: %s", st->move, s->side_name[st->active]);
            /* §5.1 allocation by the corps commander: issue 4 (pools are the
             * commanders' own levels until then) */
            st->phase = FOGN_PH_ASSAULT;
            break;
        case FOGN_PH_ASSAULT: /* §6: issue 3 */
        case FOGN_PH_FIRING:  /* §7: issue 3 */
            st->phase++;
            if (st->phase == FOGN_PH_MOVEMENT) {
                gr_log_add(log, GR_EV_PHASE, st->active, "movement phase");
                st->cursor = 0;
                st->second = 0;
            }
            break;
        case FOGN_PH_MOVEMENT:
            while (st->cursor < cursor_end(s) && !cursor_due(s, st, st->cursor)) st->cursor++;
            if (st->cursor < cursor_end(s)) return; /* a decision is due */
            st->phase = FOGN_PH_COMBAT;
            break;
        case FOGN_PH_COMBAT: /* §9: issue 3 */
            st->phase = FOGN_PH_RECOVERY;
            break;
        case FOGN_PH_RECOVERY:
            check_defeat(s, st, log);
            if (st->over) return;
            next_move(s, st, log);
            break;
        case FOGN_PH_OVER:
        default:
            return;
        }
    }
}

int fogn_to_move(const void *scn, const void *state);
int fogn_to_move(const void *scn, const void *state)
{
    (void)scn;
    const fogn_state *st = state;
    if (st->over) return GR_TERMINAL;
    return st->active;
}

int fogn_legal_actions(const void *scn, const void *state, gr_action *out, int max);
int fogn_legal_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    if (st->over || st->phase != FOGN_PH_MOVEMENT) return 0;
    int actor = fogn_cursor_actor(s, st);
    if (actor < s->nunits) return fogn_orders_for_unit(s, st, actor, out, max);
    return fogn_orders_for_cmdr(s, st, actor - s->nunits, out, max);
}

/* can the unit take a second move after its first (§8.10)? */
static int second_move_possible(const fogn_scenario *s, const fogn_state *st, int unit)
{
    const fogn_unit *u = &st->u[unit];
    if (u->cohesion >= FOGN_WAVERING || (u->flags & (FOGN_UF_CMT_FAILED | FOGN_UF_SECOND_DONE))) return 0;
    if (fogn_enemy_dist(s, st, unit, NULL) <= FOGN_SECOND_MOVE_CLEAR) return 0;
    fogn_cmt_cost cost;
    return fogn_cmt_cost_of(s, st, unit, &cost, NULL) == 0;
}

static void step_cursor(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    st->second = 0;
    st->cursor++;
    fogn_advance_to_decision(s, st, dice, log);
}

/* §8.8: a Brigade Group moves as one: one check per member, one CMT for all
 * (worst training and élan of the group; its Division Commander is with it,
 * so the test is free and passes on 4+), then every member is moved. A group
 * takes no second move (ruling in docs/rulings.md). */
static int apply_group(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                       gr_error *err)
{
    if (st->second) return gr_error_set(err, "a Brigade Group makes no second move");
    fogn_move moves[FOGN_GROUP_MAX];
    fogn_move_plan plans[FOGN_GROUP_MAX];
    int n = 0, complex = 0;
    char why[96];
    if (fogn_brigade_check(s, st, a, moves, plans, &n, &complex, why, sizeof why, err)) return -1;
    const fogn_unit_profile *lead = &s->units[moves[0].unit];
    char who[96];
    snprintf(who, sizeof who, "the Brigade Group of %s", lead->name);
    /* the group's other members are no longer due: the cursor moves on */
    if (complex) {
        int ndice = 99, elan = 99;
        for (int k = 0; k < n; k++) {
            const fogn_unit_profile *p = &s->units[moves[k].unit];
            if (st->u[moves[k].unit].flags & FOGN_UF_CMT_FAILED)
                return gr_error_set(err, "%s already failed a complex move test this phase", p->name);
            if (fogn_cmt_dice(p) < ndice) ndice = fogn_cmt_dice(p);
            if (fogn_elan_level(p) < elan) elan = fogn_elan_level(p);
        }
        for (int k = 0; k < n; k++) st->u[moves[k].unit].flags |= FOGN_UF_TOOK_CMT;
        int pass = fogn_cmt_roll_with(lead->side, who, ndice, elan, 1, dice, log, why);
        if (pass < 0) return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
        if (!pass) {
            /* §5.3: nobody moves; each may still make a simple move, no more CMTs */
            for (int k = 0; k < n; k++) st->u[moves[k].unit].flags |= FOGN_UF_CMT_FAILED;
            return 0;
        }
    }
    for (int k = 0; k < n; k++) {
        fogn_move_commit(s, st, &moves[k], &plans[k]);
        st->u[moves[k].unit].flags |= FOGN_UF_SECOND_DONE;
    }
    const fogn_unit *u = &st->u[moves[0].unit];
    gr_log_add(log, GR_EV_MOVE, lead->side, "%s (%d units): %s, lead now at (%.2f, %.2f) facing %.0f deg", who, n,
               complex ? why : "simple move", u->x, u->y, u->heading * 180.0 / GR_PI);
    step_cursor(s, st, dice, log);
    return 0;
}

static int apply_unit(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                      gr_error *err)
{
    int unit = a->actor;
    fogn_unit *u = &st->u[unit];
    const fogn_unit_profile *p = &s->units[unit];
    if (a->type == FOGN_A_HOLD) {
        if (st->second) u->flags |= FOGN_UF_SECOND_DONE;
        else u->flags |= FOGN_UF_MOVED | FOGN_UF_HELD;
        gr_log_add(log, GR_EV_MOVE, p->side, "%s holds", p->name);
        step_cursor(s, st, dice, log);
        return 0;
    }
    if (a->type == FOGN_A_GROUP_MOVE || a->type == FOGN_A_GROUP_ADVANCE || a->type == FOGN_A_GROUP_REAR)
        return apply_group(s, st, a, dice, log, err);
    fogn_move m;
    fogn_move_plan plan;
    if (fogn_action_to_move(s, st, a, &m, err)) return -1;
    if (fogn_move_check(s, st, &m, &plan, err)) return -1;
    /* §8.10: command range is judged from where the unit stood before its first move */
    if (!st->second && fogn_in_command(s, st, unit)) u->flags |= FOGN_UF_CMD_AT_START;
    if (plan.complex) {
        fogn_cmt_cost cost;
        if (fogn_cmt_cost_of(s, st, unit, &cost, err)) {
            gr_error_prefix(err, "this is a complex move (%s), but ", plan.why_complex);
            return -1;
        }
        /* roll on a copy so a dice failure leaves the state untouched */
        fogn_state before = *st;
        if (cost.cmdr >= 0 && !cost.free) st->c[cost.cmdr].cp = (uint8_t)(st->c[cost.cmdr].cp - cost.cp);
        u->flags |= FOGN_UF_TOOK_CMT;
        int pass = fogn_cmt_roll(s, st, unit, cost.led, dice, log, plan.why_complex);
        if (pass < 0) {
            *st = before;
            return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
        }
        if (!pass) {
            /* §5.3: no move, no cohesion loss; a simple move is still allowed, no more CMTs */
            u->flags |= FOGN_UF_CMT_FAILED;
            if (st->second) step_cursor(s, st, dice, log);
            return 0;
        }
    }
    fogn_move_commit(s, st, &m, &plan);
    gr_log_add(log, GR_EV_MOVE, p->side, "%s: %s, now at (%.2f, %.2f) facing %.0f deg, %s", p->name,
               plan.complex ? plan.why_complex : "simple move", u->x, u->y, u->heading * 180.0 / GR_PI,
               fogn_formation_name((fogn_formation)u->formation));
    if (!st->second && second_move_possible(s, st, unit)) {
        st->second = 1; /* the same unit decides on a second move */
        return 0;
    }
    step_cursor(s, st, dice, log);
    return 0;
}

int fogn_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err);
int fogn_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err)
{
    const fogn_scenario *s = scn;
    fogn_state *st = state;
    if (st->over) return gr_error_set(err, "the game is over");
    if (st->phase != FOGN_PH_MOVEMENT) return gr_error_set(err, "no decision is due");
    if (st->decisions >= FOGN_MAX_DECISIONS) {
        st->over = 1;
        st->phase = FOGN_PH_OVER;
        st->end_reason = 3;
        return gr_error_set(err, "decision limit reached");
    }
    int actor = fogn_cursor_actor(s, st);
    char text[128];
    fogn_format_action(s, st, a, text, sizeof text);
    if (a->type == FOGN_A_DONE) {
        if (st->second) return gr_error_set(err, "finish this unit's second move first (hold to decline it)");
        st->decisions++;
        gr_log_add(log, GR_EV_DECISION, st->active, "%s", text);
        st->cursor = (int8_t)cursor_end(s);
        fogn_advance_to_decision(s, st, dice, log);
        return 0;
    }
    if (a->actor != actor) {
        char due[64];
        const char *name = actor < s->nunits ? s->units[actor].name : s->cmdrs[actor - s->nunits].name;
        snprintf(due, sizeof due, "%s", name);
        return gr_error_set(err, "it is %s's turn to move, not this one", due);
    }
    int side = actor < s->nunits ? s->units[actor].side : s->cmdrs[actor - s->nunits].side;
    size_t log_mark = log ? log->n : 0;
    gr_log_add(log, GR_EV_DECISION, side, "%s", text);
    int rc;
    if (actor < s->nunits) {
        fogn_state save = *st;
        rc = apply_unit(s, st, a, dice, log, err);
        if (rc) *st = save;
    } else {
        if (a->type == FOGN_A_HOLD) {
            st->c[actor - s->nunits].flags |= FOGN_CF_MOVED;
            rc = 0;
        } else {
            rc = fogn_cmdr_apply(s, st, a, err);
        }
        if (!rc) step_cursor(s, st, dice, log);
    }
    if (rc && log) log->n = log_mark; /* a refused action leaves no trace */
    if (!rc) st->decisions++;
    return rc;
}
