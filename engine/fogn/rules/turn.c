/* turn.c - the fogn move as a state machine (§4). The move is the fixed list
 * of steps of steps.h: automatic steps run the rules and roll the dice,
 * decision steps hand one small decision at a time to the side that makes it
 * (the active side declares, moves and rallies; the inactive side reacts and
 * returns fire). This file drives the list, answers the game interface's
 * to_move / legal_actions / apply, and opens and closes each move. */
#include "steps.h"
#include "memo.h"
#include "reserve.h"
#include "building.h"

#include <math.h>
#include <string.h>

static const char *const phase_names[] = {"command", "assault", "firing", "movement", "combat", "recovery", "over"};

const char *fogn_phase_name(int ph);
const char *fogn_phase_name(int ph) { return (unsigned)ph <= FOGN_PH_OVER ? phase_names[ph] : "?"; }

/* --- small shared pieces of the step table ----------------------------------------------- */

int fogn_decider_active(const fogn_scenario *s, const fogn_state *st)
{
    (void)s;
    return st->active;
}

int fogn_decider_inactive(const fogn_scenario *s, const fogn_state *st)
{
    (void)s;
    return st->active ^ 1;
}

int fogn_actor_unit_cursor(const fogn_scenario *s, const fogn_state *st)
{
    (void)s;
    return st->cursor;
}

int fogn_cursor_units(const fogn_scenario *s) { return s->nunits; }

/* --- 1 command phase ------------------------------------------------------------------------------ */

static int cmd_begin(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    (void)dice;
    gr_log_add(log, GR_EV_PHASE, st->active, "move %d: %s", st->move, s->side_name[st->active]);
    return FOGN_ST_CMD_ALLOC;
}

/* §5.1: each corps commander's allocation (alloc.c), one decision while he
 * has a point he could give; "done" hands over to the next corps */

/* --- 6 recovery: the end of the move ---------------------------------------------------------------- */

/* the end of a side's move: its commanders' points refresh (§5.1: at the end
 * of the owner's Recovery Phase), per-move marks clear, the other side moves */
static int re_end(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    if (fogn_re_close(s, st, dice, log) < 0) return -1;
    for (int c = 0; c < s->ncmdrs; c++) {
        if (s->cmdrs[c].side == st->active) st->c[c].cp = st->c[c].level;
        st->c[c].flags &= (uint8_t)~(FOGN_CF_MOVED | FOGN_CF_RECOVERED);
        if (s->cmdrs[c].side == st->active && (st->c[c].flags & FOGN_CF_CASUALTY)) st->c[c].cp = 0;
    }
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &st->u[i];
        /* "halted" results last through the unit's own next Movement Phase (§7.9) */
        if (s->units[i].side == st->active) u->flags &= ~(uint32_t)(FOGN_UF_HALTED | FOGN_UF_NO_ADVANCE);
        u->flags &= ~(uint32_t)(FOGN_UF_MOVED | FOGN_UF_NO_MOVE | FOGN_UF_CMT_FAILED | FOGN_UF_SECOND_DONE |
                                FOGN_UF_HELD | FOGN_UF_CMD_AT_START | FOGN_UF_TOOK_CMT | FOGN_UF_STATIONARY |
                                FOGN_UF_INTERPENETRATED | FOGN_UF_REACTED | FOGN_UF_FIRED | FOGN_UF_ROUND2 |
                                FOGN_UF_FOUGHT | FOGN_UF_ASSAULTING | FOGN_UF_EVADED | FOGN_UF_ARRIVED);
        u->target = -1;
        u->flanked_by = -1;
        u->astate = 0;
        u->reaction = 0;
        u->hits = 0;
    }
    if (st->move >= 2 * fogn_turn_limit(s)) {
        fogn_timed_result(s, st, log);
        return FOGN_ST_COUNT;
    }
    st->move++;
    st->active ^= 1;
    return FOGN_ST_CMD_BEGIN;
}

/* --- the step table ------------------------------------------------------------------------------ */

#define AUTO(nm, ph, fn) {.name = nm, .phase = ph, .run = fn}
/* "done" in the reactions step: every target still to react takes its
 * default (the first reaction listed for it) */
static int react_done(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, gr_error *err)
{
    for (int j = st->cursor; j < s->nunits; j++) {
        if (!fogn_as_react_due(s, st, j)) continue;
        gr_action menu[GR_MAX_ACTIONS];
        st->cursor = (int8_t)j;
        int n = fogn_as_react_actions(s, st, menu, GR_MAX_ACTIONS);
        for (int k = 0; k < n; k++)
            if (menu[k].type == FOGN_A_REACT) {
                if (fogn_react(s, st, j, menu[k].arg, dice, log) < 0)
                    return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
                break;
            }
    }
    return 0;
}

static const fogn_step_def steps[FOGN_ST_COUNT] = {
    [FOGN_ST_CMD_BEGIN] = AUTO("command", FOGN_PH_COMMAND, cmd_begin),
    [FOGN_ST_CMD_ALLOC] = {.name = "command points", .phase = FOGN_PH_COMMAND, .cursor_end = fogn_alloc_cursor_end, .done_moves_on = 1,
                           .due = fogn_alloc_due, .decider = fogn_decider_active, .actor = fogn_alloc_actor,
                           .actions = fogn_alloc_actions, .apply = fogn_alloc_apply},
    [FOGN_ST_AS_BEGIN] = AUTO("assault", FOGN_PH_ASSAULT, fogn_as_begin),
    [FOGN_ST_AS_DECLARE] = {.name = "assault declarations", .phase = FOGN_PH_ASSAULT, .walk_memo = 1, .cursor_end = fogn_cursor_units,
                            .due = fogn_as_declare_due, .decider = fogn_decider_active, .actor = fogn_actor_unit_cursor,
                            .actions = fogn_as_declare_actions, .apply = fogn_as_declare_apply},
    [FOGN_ST_AS_TESTS] = AUTO("declaration tests", FOGN_PH_ASSAULT, fogn_as_tests),
    [FOGN_ST_AS_REACT] = {.name = "reactions", .phase = FOGN_PH_ASSAULT, .cursor_end = fogn_cursor_units,
                          .due = fogn_as_react_due, .decider = fogn_decider_inactive, .actor = fogn_actor_unit_cursor,
                          .actions = fogn_as_react_actions, .apply = fogn_as_react_apply, .done = react_done},
    [FOGN_ST_AS_INTERCEPT] = {.name = "intercepts", .phase = FOGN_PH_ASSAULT, .walk_memo = 1, .cursor_end = fogn_cursor_units,
                              .due = fogn_as_intercept_due, .decider = fogn_decider_inactive,
                              .actor = fogn_actor_unit_cursor, .actions = fogn_as_intercept_actions,
                              .apply = fogn_as_intercept_apply},
    [FOGN_ST_AS_FIRE] = AUTO("defensive fire", FOGN_PH_ASSAULT, fogn_as_fire),
    [FOGN_ST_AS_PRESS] = {.name = "pressing on", .phase = FOGN_PH_ASSAULT, .cursor_end = fogn_cursor_units,
                          .due = fogn_as_press_due, .decider = fogn_decider_active, .actor = fogn_actor_unit_cursor,
                          .actions = fogn_as_press_actions, .apply = fogn_as_press_apply, .done = fogn_as_press_done},
    [FOGN_ST_AS_CONTACT] = AUTO("contact", FOGN_PH_ASSAULT, fogn_as_contact),
    [FOGN_ST_FI_BEGIN] = AUTO("firing", FOGN_PH_FIRING, fogn_fi_begin),
    [FOGN_ST_FI_ALLOC_A] = {.name = "fire", .phase = FOGN_PH_FIRING, .walk_memo = 1, .cursor_end = fogn_cursor_units,
                            .prepare = fogn_fi_prepare, .due = fogn_fi_due, .decider = fogn_fi_decider, .actor = fogn_actor_unit_cursor,
                            .actions = fogn_fi_actions, .apply = fogn_fi_apply},
    [FOGN_ST_FI_RESOLVE_A] = AUTO("fire results", FOGN_PH_FIRING, fogn_fi_resolve),
    [FOGN_ST_FI_ALLOC_N] = {.name = "return fire", .phase = FOGN_PH_FIRING, .walk_memo = 1, .cursor_end = fogn_cursor_units,
                            .prepare = fogn_fi_prepare, .due = fogn_fi_due, .decider = fogn_fi_decider, .actor = fogn_actor_unit_cursor,
                            .actions = fogn_fi_actions, .apply = fogn_fi_apply},
    [FOGN_ST_FI_RESOLVE_N] = AUTO("return fire results", FOGN_PH_FIRING, fogn_fi_resolve),
    [FOGN_ST_MV_BEGIN] = AUTO("movement", FOGN_PH_MOVEMENT, fogn_mv_begin),
    [FOGN_ST_MV_UNITS] = {.name = "moves", .phase = FOGN_PH_MOVEMENT, .cursor_end = fogn_mv_cursor_end,
                          .due = fogn_mv_due, .decider = fogn_decider_active, .actor = fogn_mv_actor,
                          .actions = fogn_mv_actions, .candidates = fogn_mv_candidates, .legal = fogn_mv_legal,
                          .apply = fogn_mv_apply, .done = fogn_mv_done},
    [FOGN_ST_CO_BEGIN] = AUTO("combat", FOGN_PH_COMBAT, fogn_co_begin),
    [FOGN_ST_CO_ROUND] = AUTO("melee", FOGN_PH_COMBAT, fogn_co_round),
    [FOGN_ST_CO_STAGE] = AUTO("resolution", FOGN_PH_COMBAT, fogn_co_stage),
    [FOGN_ST_CO_PURSUE] = {.name = "pursuit choices", .phase = FOGN_PH_COMBAT, .cursor_end = fogn_cursor_units,
                           .due = fogn_co_pursue_due, .decider = fogn_co_pursue_decider, .actor = fogn_actor_unit_cursor,
                           .actions = fogn_co_pursue_actions, .apply = fogn_co_pursue_apply},
    [FOGN_ST_CO_PURSUIT] = AUTO("pursuits", FOGN_PH_COMBAT, fogn_co_pursuit),
    [FOGN_ST_CO_END] = AUTO("end of combat", FOGN_PH_COMBAT, fogn_co_end),
    [FOGN_ST_RE_VICTORY] = AUTO("recovery", FOGN_PH_RECOVERY, fogn_re_victory),
    [FOGN_ST_RE_CMDR] = {.name = "commanders' moves", .phase = FOGN_PH_RECOVERY, .cursor_end = fogn_re_cmdr_end,
                         .due = fogn_re_cmdr_due, .decider = fogn_re_cmdr_decider, .actor = fogn_re_cmdr_actor,
                         .actions = fogn_re_cmdr_actions, .apply = fogn_re_cmdr_apply},
    [FOGN_ST_RE_GUNS] = AUTO("guns", FOGN_PH_RECOVERY, fogn_re_guns),
    [FOGN_ST_RE_RALLY] = {.name = "rallies", .phase = FOGN_PH_RECOVERY, .cursor_end = fogn_re_rally_end,
                          .due = fogn_re_rally_due, .decider = fogn_decider_active, .actor = fogn_re_rally_actor,
                          .actions = fogn_re_rally_actions, .apply = fogn_re_rally_apply},
    [FOGN_ST_RE_END] = AUTO("end of move", FOGN_PH_RECOVERY, re_end),
};

const fogn_step_def *fogn_step_def_of(int step)
{
    return step >= 0 && step < FOGN_ST_COUNT ? &steps[step] : NULL;
}

/* Runs automatic steps and skips decision steps with nothing due, until a
 * decision is due or the game is over. -1 when the dice failed (the caller
 * restores the state). */
static int advance(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    /* a bound on steps per call: a move has FOGN_ST_COUNT steps, and the
     * combat resolution loops a few times per round */
    for (int guard = 0; guard < 64 * FOGN_ST_COUNT && !st->over; guard++) {
        fogn_bld_sync(s, st); /* garrisons moved out by the last step hold their areas no more */
        const fogn_step_def *d = fogn_step_def_of(st->step);
        if (!d) return 0;
        st->phase = d->phase;
        if (d->run) {
            int next = d->run(s, st, dice, log);
            if (next < 0) return -1;
            if (st->over) return 0;
            if (next >= FOGN_ST_COUNT) {
                /* the game ended inside the step */
                st->over = 1;
                st->phase = FOGN_PH_OVER;
                return 0;
            }
            st->step = (uint8_t)next;
            st->cursor = 0;
            st->second = 0;
            continue;
        }
        int end = d->cursor_end(s);
        fogn_memo_walk(s, st, d, end, dice ? dice->memo : NULL);
        if (st->cursor < end) {
            st->decider = (uint8_t)d->decider(s, st);
            return 0;
        }
        st->step = (uint8_t)(st->step + 1 < FOGN_ST_COUNT ? st->step + 1 : FOGN_ST_CMD_BEGIN);
        st->cursor = 0;
        st->second = 0;
    }
    return 0;
}

void fogn_advance_to_decision(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    advance(s, st, dice, log);
}

void fogn_state_setup(const fogn_scenario *s, fogn_state *st)
{
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
        u->bld = -1;
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
        st->c[c].flags |= FOGN_CF_ON_TABLE;
    }
    fogn_reserve_setup(s, st); /* §8.1: reserve divisions and their commanders start off the table */
    /* garrisons from the start take their places in their areas (§15.4, §15.5) */
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].start_bld1)
            fogn_bld_place(s, st, i, s->units[i].start_bld1 - 1, s->units[i].start_bmode, s->units[i].start_bface);
    for (int o = 0; o < FOGN_MAX_OBJ; o++) st->obj_owner[o] = o < s->nobj ? s->obj[o].owner : -1;
    st->active = s->first_side;
    st->decider = s->first_side;
    st->move = 1;
    st->step = FOGN_ST_CMD_BEGIN;
    st->winner = GR_SIDE_NONE;
}

void fogn_init(const void *scn, void *state);
void fogn_init(const void *scn, void *state)
{
    const fogn_scenario *s = scn;
    fogn_state *st = state;
    fogn_state_setup(s, st);
    /* the opening steps roll no dice: the first decision is the command phase's */
    advance(s, st, NULL, NULL);
}

/* --- the game interface ------------------------------------------------------------------------------ */

int fogn_cursor_actor_public(const void *scn, const void *state) { return fogn_cursor_actor(scn, state); }

int fogn_cursor_actor(const fogn_scenario *s, const fogn_state *st)
{
    const fogn_step_def *d = fogn_step_def_of(st->step);
    if (st->over || !d || !d->actor) return -1;
    return d->actor(s, st);
}

int fogn_to_move(const void *scn, const void *state);
int fogn_to_move(const void *scn, const void *state)
{
    (void)scn;
    const fogn_state *st = state;
    if (st->over) return GR_TERMINAL;
    return st->decider;
}

int fogn_legal_actions(const void *scn, const void *state, gr_action *out, int max);
int fogn_legal_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    const fogn_step_def *d = fogn_step_def_of(st->step);
    if (st->over || !d || !d->actions) return 0;
    return d->actions(s, st, out, max);
}

int fogn_candidates(const void *scn, const void *state, gr_action *out, int max);
int fogn_candidates(const void *scn, const void *state, gr_action *out, int max)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    const fogn_step_def *d = fogn_step_def_of(st->step);
    if (st->over || !d || !d->actions) return 0;
    return d->candidates ? d->candidates(s, st, out, max) : d->actions(s, st, out, max);
}

int fogn_action_legal(const void *scn, const void *state, const gr_action *a);
int fogn_action_legal(const void *scn, const void *state, const gr_action *a)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    const fogn_step_def *d = fogn_step_def_of(st->step);
    if (st->over || !d || !d->actions) return 0;
    if (d->legal) return d->legal(s, st, a);
    return 1; /* steps without their own check list only legal actions as candidates */
}

/* fogn_apply; pre: a movement order's move, compiled by its legality test on
 * this same state (NULL: the step compiles it) */
static int apply_with(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                      gr_error *err, const fogn_compiled *pre)
{
    if (st->over) return gr_error_set(err, "the game is over");
    const fogn_step_def *d = fogn_step_def_of(st->step);
    if (!d || d->run) return gr_error_set(err, "no decision is due");
    if (st->decisions >= FOGN_MAX_DECISIONS) {
        st->over = 1;
        st->phase = FOGN_PH_OVER;
        st->end_reason = FOGN_END_LIMIT;
        return gr_error_set(err, "decision limit reached");
    }
    char text[128] = "";
    if (log) fogn_format_action(s, st, a, text, sizeof text); /* only the log shows it */
    size_t log_mark = log ? log->n : 0;
    fogn_state save = *st;
    int rc = 0;
    if (a->type == FOGN_A_DONE) {
        gr_log_add(log, GR_EV_DECISION, st->decider, "%s", text);
        if (d->done) rc = d->done(s, st, dice, log, err);
        if (!rc) st->cursor = (int8_t)(d->done_moves_on ? st->cursor + 1 : d->cursor_end(s));
    } else {
        int actor = d->actor(s, st);
        if (a->actor != actor) {
            if (actor < 0) rc = gr_error_set(err, "the %s decision takes only 'done'", d->name);
            else
                rc = gr_error_set(err, "it is %s's decision now, not this one",
                                  actor < s->nunits ? s->units[actor].name : s->cmdrs[actor - s->nunits].name);
        } else if (!d->apply) {
            rc = gr_error_set(err, "the %s decision takes only 'done'", d->name);
        } else {
            gr_log_add(log, GR_EV_DECISION, st->decider, "%s", text);
            rc = pre ? fogn_mv_apply_compiled(s, st, a, pre, dice, log, err) : d->apply(s, st, a, dice, log, err);
        }
    }
    if (!rc && advance(s, st, dice, log) < 0)
        rc = gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
    if (rc) {
        *st = save; /* a refused action leaves the state as it was ... */
        if (log) log->n = log_mark; /* ... and no trace in the log */
        return -1;
    }
    st->decisions++;
    return 0;
}

int fogn_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err);
int fogn_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err)
{
    return apply_with(scn, state, a, dice, log, err, NULL);
}

/* fogn_action_legal then fogn_apply, compiling a movement order once for both */
int fogn_apply_checked(const void *scn, void *state, const gr_action *a, gr_dice *dice);
int fogn_apply_checked(const void *scn, void *state, const gr_action *a, gr_dice *dice)
{
    const fogn_scenario *s = scn;
    fogn_state *st = state;
    const fogn_step_def *d = fogn_step_def_of(st->step);
    if (st->over || !d || !d->actions) return 1;
    if (d->legal == fogn_mv_legal) {
        fogn_compiled c;
        if (!fogn_mv_legal_compiled(s, st, a, &c, dice ? dice->memo : NULL)) return 1;
        return apply_with(s, st, a, dice, NULL, NULL, c.have && d->apply == fogn_mv_apply ? &c : NULL) ? -1 : 0;
    }
    if (d->legal && !d->legal(s, st, a)) return 1;
    return apply_with(s, st, a, dice, NULL, NULL, NULL) ? -1 : 0;
}
