/* turn.c - the fogn move as a state machine (§4). The move is the fixed list
 * of steps of steps.h: automatic steps run the rules and roll the dice,
 * decision steps hand one small decision at a time to the side that makes it
 * (the active side declares, moves and rallies; the inactive side reacts and
 * returns fire). This file drives the list, answers the game interface's
 * to_move / legal_actions / apply, and opens and closes each move. */
#include "steps.h"
#include "memo.h"
#include "turn.h"
#include "reserve.h"
#include "building.h"
#include "alloc.h"
#include "notation.h"
#include "orders.h"
#include "victory.h"

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
    return st->turn.cursor;
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
                                FOGN_UF_FOUGHT | FOGN_UF_ASSAULTING | FOGN_UF_EVADED | FOGN_UF_ARRIVED |
                                FOGN_UF_GROUP_SECOND);
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

/* "done" in the reactions step: every target still to react takes its
 * default (the first reaction listed for it) */
static int react_done(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, fogn_memo *memo,
                      gr_error *err)
{
    for (int j = st->turn.cursor; j < s->nunits; j++) {
        if (!fogn_as_react_due_memo(s, st, j, memo)) continue;
        gr_action menu[GR_MAX_ACTIONS];
        st->turn.cursor = (int8_t)j;
        int n = fogn_as_react_actions(s, st, menu, GR_MAX_ACTIONS);
        for (int k = 0; k < n; k++)
            if (menu[k].type == FOGN_A_REACT) {
                if (fogn_react(s, st, j, menu[k].arg, dice, log, memo) < 0)
                    return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
                break;
            }
    }
    return 0;
}

/* The phase files' step functions take the fogn types and the dice and log
 * one by one; these adapters give them the core's shape (void pointers and
 * the call's gr_ctx). */
#define RUN(fn) \
    static int run_##fn(const void *scn, void *st, const gr_ctx *cx) { return fn(scn, st, cx->dice, cx->log); }
#define CURSOR(fn) \
    static int end_##fn(const void *scn) { return fn(scn); }
#define PREPARE(fn) \
    static void prep_##fn(const void *scn, void *st, int cursor) { fn(scn, st, cursor); }
#define DUE(fn) \
    static int due_##fn(const void *scn, const void *st, int cursor) { return fn(scn, st, cursor); }
#define DUE_M(fn)                                                                                                  \
    static int due_##fn(const void *scn, const void *st, int cursor, void *memo) { return fn(scn, st, cursor, memo); }
#define WHO(fn) \
    static int who_##fn(const void *scn, const void *st) { return fn(scn, st); }
#define MENU(fn) \
    static int menu_##fn(const void *scn, const void *st, gr_action *out, int max) { return fn(scn, st, out, max); }
#define LEGAL(fn) \
    static int legal_##fn(const void *scn, const void *st, const gr_action *a) { return fn(scn, st, a); }
#define APPLY(fn)                                                                                                  \
    static int apply_##fn(const void *scn, void *st, const gr_action *a, const gr_ctx *cx, gr_error *err)          \
    {                                                                                                              \
        return fn(scn, st, a, cx->dice, cx->log, err);                                                             \
    }
#define DONE(fn)                                                                                                   \
    static int done_##fn(const void *scn, void *st, const gr_ctx *cx, gr_error *err)                               \
    {                                                                                                              \
        return fn(scn, st, cx->dice, cx->log, err);                                                                \
    }
/* the same for the functions that also take the thread's memo (the assault reaches, memo.h) */
#define RUN_M(fn) \
    static int run_##fn(const void *scn, void *st, const gr_ctx *cx) { return fn(scn, st, cx->dice, cx->log, cx->memo); }
#define APPLY_M(fn)                                                                                                \
    static int apply_##fn(const void *scn, void *st, const gr_action *a, const gr_ctx *cx, gr_error *err)          \
    {                                                                                                              \
        return fn(scn, st, a, cx->dice, cx->log, cx->memo, err);                                                   \
    }
#define DONE_M(fn)                                                                                                 \
    static int done_##fn(const void *scn, void *st, const gr_ctx *cx, gr_error *err)                               \
    {                                                                                                              \
        return fn(scn, st, cx->dice, cx->log, cx->memo, err);                                                      \
    }

RUN(cmd_begin) RUN(fogn_as_begin) RUN_M(fogn_as_tests) RUN_M(fogn_as_fire) RUN_M(fogn_as_contact) RUN(fogn_fi_begin)
RUN(fogn_mv_begin) RUN(fogn_co_begin) RUN(fogn_co_round) RUN(fogn_co_stage) RUN(fogn_co_pursuit) RUN(fogn_co_end)
RUN(fogn_re_victory) RUN(fogn_re_guns) RUN(re_end)
CURSOR(fogn_alloc_cursor_end) CURSOR(fogn_cursor_units) CURSOR(fogn_mv_cursor_end) CURSOR(fogn_re_cmdr_end)
CURSOR(fogn_re_rally_end)
PREPARE(fogn_fi_prepare)
static void prep_fogn_fi_prepare_memo(const void *scn, void *st, int cursor, void *memo)
{
    fogn_fi_prepare_memo(scn, st, cursor, memo);
}
DUE(fogn_alloc_due) DUE(fogn_as_declare_due) DUE(fogn_as_react_due) DUE(fogn_as_intercept_due) DUE(fogn_as_press_due)
DUE(fogn_fi_due) DUE(fogn_mv_due) DUE(fogn_co_pursue_due) DUE(fogn_re_cmdr_due) DUE(fogn_re_rally_due)
DUE_M(fogn_as_declare_due_memo) DUE_M(fogn_as_react_due_memo) DUE_M(fogn_as_intercept_due_memo)
WHO(fogn_decider_active) WHO(fogn_decider_inactive) WHO(fogn_fi_decider) WHO(fogn_co_pursue_decider)
WHO(fogn_re_cmdr_decider) WHO(fogn_alloc_actor) WHO(fogn_actor_unit_cursor) WHO(fogn_mv_actor) WHO(fogn_re_cmdr_actor)
WHO(fogn_re_rally_actor)
MENU(fogn_alloc_actions) MENU(fogn_as_declare_actions) MENU(fogn_as_react_actions) MENU(fogn_as_intercept_actions)
MENU(fogn_as_press_actions) MENU(fogn_fi_actions) MENU(fogn_mv_actions) MENU(fogn_mv_candidates)
MENU(fogn_co_pursue_actions) MENU(fogn_re_cmdr_actions) MENU(fogn_re_rally_actions)
LEGAL(fogn_mv_legal)
APPLY(fogn_alloc_apply) APPLY_M(fogn_as_declare_apply) APPLY_M(fogn_as_react_apply) APPLY_M(fogn_as_intercept_apply)
APPLY(fogn_as_press_apply) APPLY(fogn_fi_apply) APPLY(fogn_co_pursue_apply) APPLY(fogn_re_cmdr_apply)
APPLY(fogn_re_rally_apply)
DONE_M(react_done) DONE(fogn_as_press_done) DONE(fogn_mv_done)

/* the Firing Phase's results take the thread's memo (the volley), and so
 * does a movement order (its compiled move) */
static int run_fi_resolve(const void *scn, void *st, const gr_ctx *cx)
{
    return fogn_fi_resolve(scn, st, cx->dice, cx->log, cx->memo);
}

static int apply_mv(const void *scn, void *st, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    return fogn_mv_apply_compiled(scn, st, a, NULL, cx->dice, cx->log, cx->memo, err);
}

#define AUTO(nm, ph, fn) {.name = nm, .phase = ph, .run = run_##fn}
/* a decision step over the units: its cursor names the unit */
#define UNITS(nm, ph, due_fn, who, act)                                                                            \
    .name = nm, .phase = ph, .cursor_end = end_fogn_cursor_units, .due = due_##due_fn, .decider = who_##who,       \
    .actor = who_fogn_actor_unit_cursor, .actions = menu_##act##_actions, .apply = apply_##act##_apply

/* decisions taken unit by unit in any order the player likes (gr_steps_one_group): a side's choice of fire
 * (§7: every die aimed at a target is rolled together once all have chosen, so the order changes nothing),
 * and the assaulted units' reactions (§6.6), each of its own target's */
static const fogn_step_def steps[FOGN_ST_COUNT] = {
    [FOGN_ST_CMD_BEGIN] = AUTO("command", FOGN_PH_COMMAND, cmd_begin),
    [FOGN_ST_CMD_ALLOC] = {.name = "command points", .phase = FOGN_PH_COMMAND, .cursor_end = end_fogn_alloc_cursor_end,
                           .done_moves_on = 1, .due = due_fogn_alloc_due, .decider = who_fogn_decider_active,
                           .actor = who_fogn_alloc_actor, .actions = menu_fogn_alloc_actions,
                           .apply = apply_fogn_alloc_apply},
    [FOGN_ST_AS_BEGIN] = AUTO("assault", FOGN_PH_ASSAULT, fogn_as_begin),
    [FOGN_ST_AS_DECLARE] = {UNITS("assault declarations", FOGN_PH_ASSAULT, fogn_as_declare_due, fogn_decider_active,
                                  fogn_as_declare), .walk_memo = 1, .due_memo = due_fogn_as_declare_due_memo},
    [FOGN_ST_AS_TESTS] = AUTO("declaration tests", FOGN_PH_ASSAULT, fogn_as_tests),
    [FOGN_ST_AS_REACT] = {UNITS("reactions", FOGN_PH_ASSAULT, fogn_as_react_due, fogn_decider_inactive, fogn_as_react),
                          .done = done_react_done, .order_group = gr_steps_one_group,
                          .due_memo = due_fogn_as_react_due_memo},
    [FOGN_ST_AS_INTERCEPT] = {UNITS("intercepts", FOGN_PH_ASSAULT, fogn_as_intercept_due, fogn_decider_inactive,
                                    fogn_as_intercept), .walk_memo = 1, .due_memo = due_fogn_as_intercept_due_memo},
    [FOGN_ST_AS_FIRE] = AUTO("defensive fire", FOGN_PH_ASSAULT, fogn_as_fire),
    [FOGN_ST_AS_PRESS] = {UNITS("pressing on", FOGN_PH_ASSAULT, fogn_as_press_due, fogn_decider_active, fogn_as_press),
                          .done = done_fogn_as_press_done},
    [FOGN_ST_AS_CONTACT] = AUTO("contact", FOGN_PH_ASSAULT, fogn_as_contact),
    [FOGN_ST_FI_BEGIN] = AUTO("firing", FOGN_PH_FIRING, fogn_fi_begin),
    [FOGN_ST_FI_ALLOC_A] = {.name = "fire", .phase = FOGN_PH_FIRING, .walk_memo = 1, .cursor_end = end_fogn_cursor_units,
                            .prepare = prep_fogn_fi_prepare, .prepare_memo = prep_fogn_fi_prepare_memo,
                            .due = due_fogn_fi_due, .decider = who_fogn_fi_decider,
                            .actor = who_fogn_actor_unit_cursor, .actions = menu_fogn_fi_actions,
                            .apply = apply_fogn_fi_apply, .order_group = gr_steps_one_group},
    [FOGN_ST_FI_RESOLVE_A] = {.name = "fire results", .phase = FOGN_PH_FIRING, .run = run_fi_resolve},
    [FOGN_ST_FI_ALLOC_N] = {.name = "return fire", .phase = FOGN_PH_FIRING, .walk_memo = 1,
                            .cursor_end = end_fogn_cursor_units, .prepare = prep_fogn_fi_prepare,
                            .prepare_memo = prep_fogn_fi_prepare_memo,
                            .due = due_fogn_fi_due, .decider = who_fogn_fi_decider,
                            .actor = who_fogn_actor_unit_cursor, .actions = menu_fogn_fi_actions,
                            .apply = apply_fogn_fi_apply, .order_group = gr_steps_one_group},
    [FOGN_ST_FI_RESOLVE_N] = {.name = "return fire results", .phase = FOGN_PH_FIRING, .run = run_fi_resolve},
    [FOGN_ST_MV_BEGIN] = AUTO("movement", FOGN_PH_MOVEMENT, fogn_mv_begin),
    [FOGN_ST_MV_UNITS] = {.name = "moves", .phase = FOGN_PH_MOVEMENT, .cursor_end = end_fogn_mv_cursor_end,
                          .due = due_fogn_mv_due, .decider = who_fogn_decider_active, .actor = who_fogn_mv_actor,
                          .actions = menu_fogn_mv_actions, .candidates = menu_fogn_mv_candidates,
                          .legal = legal_fogn_mv_legal, .apply = apply_mv, .done = done_fogn_mv_done,
                          .order_group = fogn_mv_order_group,
                          .order_rule = "units within command range move before those out of it, and the "
                                        "commanders after them (§8.2)"},
    [FOGN_ST_CO_BEGIN] = AUTO("combat", FOGN_PH_COMBAT, fogn_co_begin),
    [FOGN_ST_CO_ROUND] = AUTO("melee", FOGN_PH_COMBAT, fogn_co_round),
    [FOGN_ST_CO_STAGE] = AUTO("resolution", FOGN_PH_COMBAT, fogn_co_stage),
    [FOGN_ST_CO_PURSUE] = {UNITS("pursuit choices", FOGN_PH_COMBAT, fogn_co_pursue_due, fogn_co_pursue_decider,
                                 fogn_co_pursue)},
    [FOGN_ST_CO_PURSUIT] = AUTO("pursuits", FOGN_PH_COMBAT, fogn_co_pursuit),
    [FOGN_ST_CO_END] = AUTO("end of combat", FOGN_PH_COMBAT, fogn_co_end),
    [FOGN_ST_RE_VICTORY] = AUTO("recovery", FOGN_PH_RECOVERY, fogn_re_victory),
    [FOGN_ST_RE_CMDR] = {.name = "commanders' moves", .phase = FOGN_PH_RECOVERY, .cursor_end = end_fogn_re_cmdr_end,
                         .due = due_fogn_re_cmdr_due, .decider = who_fogn_re_cmdr_decider,
                         .actor = who_fogn_re_cmdr_actor, .actions = menu_fogn_re_cmdr_actions,
                         .apply = apply_fogn_re_cmdr_apply},
    [FOGN_ST_RE_GUNS] = AUTO("guns", FOGN_PH_RECOVERY, fogn_re_guns),
    [FOGN_ST_RE_RALLY] = {.name = "rallies", .phase = FOGN_PH_RECOVERY, .cursor_end = end_fogn_re_rally_end,
                          .due = due_fogn_re_rally_due, .decider = who_fogn_decider_active,
                          .actor = who_fogn_re_rally_actor, .actions = menu_fogn_re_rally_actions,
                          .apply = apply_fogn_re_rally_apply},
    [FOGN_ST_RE_END] = AUTO("end of move", FOGN_PH_RECOVERY, re_end),
};

const fogn_step_def *fogn_step_def_of(int step)
{
    return step >= 0 && step < FOGN_ST_COUNT ? &steps[step] : NULL;
}

/* --- the driver: the core's step machinery over fogn's table ---------------------------------------- */

/* garrisons moved out by the last step hold their areas no more */
static void before_step(const void *scn, void *st) { fogn_bld_sync(scn, st); }

/* the cursor walk, kept in the thread's memo for the steps marked walk_memo */
static void walk(const void *scn, void *st, const gr_step_def *d, int end, void *memo)
{
    fogn_memo_walk(scn, st, d, end, memo);
}

/* the decision limit: the game ends there */
static void on_limit(const void *scn, void *st)
{
    (void)scn;
    ((fogn_state *)st)->end_reason = FOGN_END_LIMIT;
}

static const char *actor_name(const void *scn, int actor)
{
    const fogn_scenario *s = scn;
    return actor < s->nunits ? s->units[actor].name : s->cmdrs[actor - s->nunits].name;
}

static const gr_steps fogn_steps = {
    .def = steps,
    .count = FOGN_ST_COUNT,
    .first = FOGN_ST_CMD_BEGIN,
    .turn_offset = offsetof(fogn_state, turn),
    .state_size = sizeof(fogn_state),
    .done_type = FOGN_A_DONE,
    .over_phase = FOGN_PH_OVER,
    .max_decisions = FOGN_MAX_DECISIONS,
    .before_step = before_step,
    .walk = walk,
    .on_limit = on_limit,
    .format_action = fogn_format_action,
    .actor_name = actor_name,
    .state_span = fogn_state_span,
};

/* Runs automatic steps and skips decision steps with nothing due, until a
 * decision is due or the game is over. -1 when the dice failed (the caller
 * restores the state). */
static int advance(const fogn_scenario *s, fogn_state *st, const gr_ctx *cx)
{
    return gr_steps_advance(&fogn_steps, s, st, cx);
}

void fogn_advance_to_decision(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    gr_ctx cx = {dice, log, NULL, 0};
    advance(s, st, &cx);
}

void fogn_state_setup(const fogn_scenario *s, fogn_state *st)
{
    memset(st, 0, sizeof *st);
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *p = &s->units[i];
        fogn_unit *u = &st->u[i];
        u->x = p->x;
        u->y = p->y;
        fogn_unit_set_heading(u, p->heading);
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
    st->turn.decider = s->first_side;
    st->move = 1;
    st->turn.step = FOGN_ST_CMD_BEGIN;
    st->winner = GR_SIDE_NONE;
}

void fogn_init(const void *scn, void *state)
{
    const fogn_scenario *s = scn;
    fogn_state *st = state;
    fogn_state_setup(s, st);
    /* the opening steps roll no dice: the first decision is the command phase's */
    gr_ctx cx = {NULL, NULL, NULL, 0};
    advance(s, st, &cx);
}

/* --- the game interface ------------------------------------------------------------------------------ */

int fogn_cursor_actor_public(const void *scn, const void *state) { return fogn_cursor_actor(scn, state); }

int fogn_cursor_actor(const fogn_scenario *s, const fogn_state *st) { return gr_steps_actor(&fogn_steps, s, st); }

int fogn_to_move(const void *scn, const void *state)
{
    (void)scn;
    return gr_steps_to_move(&fogn_steps, state);
}

int fogn_legal_actions(const void *scn, const void *state, gr_action *out, int max)
{
    return gr_steps_legal_actions(&fogn_steps, scn, state, out, max);
}

int fogn_candidates(const void *scn, const void *state, gr_action *out, int max)
{
    return gr_steps_candidates(&fogn_steps, scn, state, out, max);
}

int fogn_action_legal(const void *scn, const void *state, const gr_action *a)
{
    return gr_steps_action_legal(&fogn_steps, scn, state, a);
}

int fogn_apply_memo(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, void *memo,
                    gr_error *err)
{
    gr_ctx cx = {dice, log, memo, 0};
    return gr_steps_apply(&fogn_steps, scn, state, a, &cx, err);
}

/* the rules' own apply, the front ends': an order may name any unit of the current group (§8.2) */
int fogn_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err)
{
    gr_ctx cx = {dice, log, NULL, 1};
    return gr_steps_apply(&fogn_steps, scn, state, a, &cx, err);
}

/* a movement order carried out with the move its legality test compiled */
static int apply_compiled(const void *scn, void *st, const gr_action *a, const gr_ctx *cx, gr_error *err,
                          const void *compiled)
{
    return fogn_mv_apply_compiled(scn, st, a, compiled, cx->dice, cx->log, cx->memo, err);
}

/* fogn_action_legal then fogn_apply, compiling a movement order once for both */
int fogn_apply_checked(const void *scn, void *state, const gr_action *a, gr_dice *dice, void *memo)
{
    const fogn_scenario *s = scn;
    fogn_state *st = state;
    const fogn_step_def *d = gr_steps_def(&fogn_steps, st);
    if (!d || !d->actions) return 1;
    gr_ctx cx = {dice, NULL, memo, 0};
    if (st->turn.step == FOGN_ST_MV_UNITS) {
        fogn_compiled c;
        if (!fogn_mv_legal_compiled(s, st, a, &c, memo)) return 1;
        if (!c.have) return gr_steps_apply(&fogn_steps, s, st, a, &cx, NULL) ? -1 : 0;
        return gr_steps_apply_by(&fogn_steps, s, st, a, &cx, NULL, apply_compiled, &c) ? -1 : 0;
    }
    if (d->legal && !d->legal(s, st, a)) return 1;
    return gr_steps_apply(&fogn_steps, s, st, a, &cx, NULL) ? -1 : 0;
}
