/* turn.c - the turn's step table and the game interface over it
 * (turn.h). */
#include "turn.h"
#include "activity.h"
#include "advance.h"
#include "combat.h"
#include "engineer.h"
#include "engineer_task.h"
#include "entrench.h"
#include "fallback_step.h"
#include "footprint.h"
#include "notation.h"
#include "officers.h"
#include "order.h"
#include "react.h"
#include "reaction.h"
#include "reinforce.h"
#include "recovery.h"
#include "status.h"
#include "tactics.h"
#include "works.h"

#include <stddef.h>
#include <string.h>

/* far more decisions than any game takes: a few a unit and an officer a turn */
#define LASALLE_MAX_DECISIONS 30000

/* marks that last one turn of the moving side; smoke goes in the Status Phase, esprit once fixed stays */
#define TURN_MARKS (LASALLE_UF_ACTED | LASALLE_UF_REACTED | LASALLE_UF_OOC_START | LASALLE_UF_RECOVERY |       \
                    LASALLE_UF_FOUGHT | LASALLE_UF_COUNTERCHARGER | LASALLE_UF_CHARGER | LASALLE_UF_LIMBER |    \
                    LASALLE_UF_FORMED | LASALLE_UF_ASKED | LASALLE_UF_FOLLOW | LASALLE_UF_DEFERRED)
/* marks of what a unit did in its Activity Phase (the recovery bars) */
#define MOVE_MARKS (LASALLE_UF_MOVED | LASALLE_UF_MANEUVER | LASALLE_UF_ROUGH | LASALLE_UF_CROSSED | LASALLE_UF_INTERPEN)

int lasalle_dice_error(const gr_ctx *cx, gr_error *err)
{
    gr_dice *d = cx ? cx->dice : NULL;
    return gr_error_set(err, "%s", d && d->fail_msg[0] ? d->fail_msg : "the dice failed");
}

/* [B The Sequence of Play, p.23]: the turn opens */
static int run_begin(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    gr_log_add(cx ? cx->log : NULL, GR_EV_PHASE, st->active, "turn %d: the %s%s", st->turn_no,
               s->side_name[st->active], st->bonus ? " (a bonus turn)" : "");
    for (int i = 0; i < s->nunits; i++) {
        if (s->units[i].side == st->active) st->u[i].flags &= ~(uint32_t)TURN_MARKS;
        st->u[i].flags &= ~(uint32_t)LASALLE_UF_MOMENTUM;
    }
    /* each officer's rating once a turn [H, p.73] */
    for (int k = 0; k < s->nofficers; k++)
        st->o[k].flags &= (uint8_t)~(LASALLE_OF_OWN_USED | LASALLE_OF_POOR_USED | LASALLE_OF_DIRECTED);
    st->reroll_used = 0;
    st->pending = -1;
    st->mark = 0;
    return LASALLE_ST_REACT;
}

static int run_activity_begin(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == st->active) st->u[i].flags &= ~(uint32_t)MOVE_MARKS;
    st->mark = 0;
    int next = lasalle_activity_begin(scn, state, cx);
    return next == LASALLE_ST_ACTIVITY ? LASALLE_ST_ENTRENCH : next;
}

static int who_active(const void *scn, const void *state)
{
    (void)scn;
    return ((const lasalle_state *)state)->active;
}

static int end_one(const void *scn)
{
    (void)scn;
    return 1;
}

static int actor_pending(const void *scn, const void *state)
{
    (void)scn;
    return ((const lasalle_state *)state)->pending;
}

/* an Activity Phase order, with the plan its check kept (`arg`, a lasalle_order_plan, or NULL) */
static int activity_apply_planned(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err,
                                  const void *arg)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    lasalle_unit before = a->actor >= 0 && a->actor < s->nunits ? st->u[a->actor] : (lasalle_unit){0};
    int rc = lasalle_activity_apply_plan(scn, state, a, arg, cx, err);
    /* enemy officers in the mover's path [H, p.73] */
    if (!rc && a->actor >= 0 && a->actor < s->nunits) rc = lasalle_officers_swept(s, st, a->actor, &before, cx);
    /* ... and enemy engineers at their tasks [H, p.79] */
    if (!rc && s->nengineers && a->actor >= 0 && a->actor < s->nunits)
        rc = lasalle_engineers_swept(s, st, a->actor, &before, cx);
    if (rc && err && !err->set) lasalle_dice_error(cx, err);
    return rc;
}

static int activity_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    return activity_apply_planned(scn, state, a, cx, err, NULL);
}

/* every unit that moved since `before` (a fall-back, an advance, a momentum move) passes over enemy
 * engineers at their table tasks on its way [H, p.79] */
static int engineers_passed(const lasalle_scenario *s, lasalle_state *st, const lasalle_unit *before, const gr_ctx *cx)
{
    for (int i = 0; i < s->nunits; i++) {
        const lasalle_unit *u = &st->u[i];
        if (!lasalle_alive(st, i) || (u->x == before[i].x && u->y == before[i].y && u->heading == before[i].heading))
            continue;
        if (lasalle_engineers_swept(s, st, i, &before[i], cx)) return -1;
    }
    return 0;
}

/* reactions, combats and advances move units too: officers they end on ride clear [H, p.73], engineers they
 * pass are lost [H, p.79]; `before` holds the units as they were (read only when the game has engineers) */
static int units_moved(const lasalle_scenario *s, lasalle_state *st, const lasalle_unit *before, const gr_ctx *cx)
{
    if (lasalle_officers_trampled(s, st, cx)) return -1;
    return s->nengineers ? engineers_passed(s, st, before, cx) : 0;
}

/* the units as they are, for units_moved: copied only when the game has engineers */
#define KEEP_UNITS(s, st, before)                                                                                  \
    lasalle_unit before[LASALLE_MAX_UNITS];                                                                        \
    if ((s)->nengineers) memcpy(before, (st)->u, sizeof before)

typedef int (*apply_fn)(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
typedef int (*done_fn)(const void *scn, void *state, const gr_ctx *cx, gr_error *err);
typedef int (*run_fn)(const void *scn, void *state, const gr_ctx *cx);

/* a decision that moves units (apply, or done when apply is NULL), then what that does to officers and
 * engineers; a dice failure told as such */
static int moving(apply_fn apply, done_fn done, const void *scn, void *state, const gr_action *a, const gr_ctx *cx,
                  gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    KEEP_UNITS(s, st, before);
    int rc = apply ? apply(scn, state, a, cx, err) : done(scn, state, cx, err);
    if (!rc) rc = units_moved(s, st, before, cx);
    if (rc && err && !err->set) lasalle_dice_error(cx, err);
    return rc;
}

/* an automatic step that moves units, the same way */
static int moving_run(run_fn run, const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    KEEP_UNITS(s, st, before);
    int next = run(scn, state, cx);
    return next < 0 || units_moved(s, st, before, cx) ? -1 : next;
}

static int react_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    return moving(lasalle_reaction_apply, NULL, scn, state, a, cx, err);
}

static int run_combat_fight(const void *scn, void *state, const gr_ctx *cx)
{
    return moving_run(lasalle_combat_fight, scn, state, cx);
}

static int advance_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    return moving(lasalle_advance_apply, NULL, scn, state, a, cx, err);
}

static int advance_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err)
{
    return moving(NULL, lasalle_advance_done, scn, state, NULL, cx, err);
}

static int fb_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    return moving(lasalle_fb_apply, NULL, scn, state, a, cx, err);
}

static int fb_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err)
{
    return moving(NULL, lasalle_fb_done, scn, state, NULL, cx, err);
}

static int run_fb_end(const void *scn, void *state, const gr_ctx *cx)
{
    return moving_run(lasalle_fb_end, scn, state, cx);
}

static int run_advance_end(const void *scn, void *state, const gr_ctx *cx)
{
    (void)scn;
    (void)state;
    (void)cx;
    return LASALLE_ST_COMBAT_PICK;
}

static int entrench_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    int rc = lasalle_entrench_apply(scn, state, a, cx, err);
    if (rc && err && !err->set) lasalle_dice_error(cx, err);
    return rc;
}

static int reroll_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    int rc = lasalle_reroll_apply(scn, state, a, cx, err);
    if (rc && err && !err->set) lasalle_dice_error(cx, err);
    return rc;
}

static int engineer_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    int rc = lasalle_engineer_apply(scn, state, a, cx, err);
    if (rc && err && !err->set) lasalle_dice_error(cx, err);
    return rc;
}

static const gr_step_def steps[LASALLE_ST_COUNT] = {
    [LASALLE_ST_BEGIN] = {.name = "the turn opens", .phase = LASALLE_PH_REACTION, .run = run_begin},
    [LASALLE_ST_REACT] = {.name = "reactions", .phase = LASALLE_PH_REACTION, .cursor_end = lasalle_unit_end,
                          .due = lasalle_reaction_due, .decider = lasalle_react_decider, .actor = lasalle_react_actor,
                          .actions = lasalle_reaction_actions, .apply = react_apply, .done = lasalle_react_done,
                          .done_moves_on = 1, .order_group = gr_steps_one_group}, /* any order [D, p.33] */
    [LASALLE_ST_COMBAT_BEGIN] = {.name = "the roll for the first combat", .phase = LASALLE_PH_COMBAT,
                                 .run = lasalle_combat_begin},
    [LASALLE_ST_COMBAT_PICK] = {.name = "the next combat", .phase = LASALLE_PH_COMBAT, .cursor_end = end_one,
                                .due = lasalle_pick_due, .decider = lasalle_pick_decider, .actor = lasalle_no_actor,
                                .actions = lasalle_pick_actions, .apply = lasalle_pick_apply,
                                .done = lasalle_pick_done},
    [LASALLE_ST_COMBAT_CHOOSE] = {.name = "the combat chosen", .phase = LASALLE_PH_COMBAT,
                                  .run = lasalle_combat_choose},
    [LASALLE_ST_TACTICS] = {.name = "officer tactics", .phase = LASALLE_PH_COMBAT, .cursor_end = lasalle_tactics_end,
                            .due = lasalle_tactics_due, .decider = lasalle_tactics_decider, .actor = lasalle_no_actor,
                            .actions = lasalle_tactics_actions, .apply = lasalle_tactics_apply, .done_moves_on = 1},
    [LASALLE_ST_COMBAT_FIGHT] = {.name = "the combat", .phase = LASALLE_PH_COMBAT, .run = run_combat_fight},
    [LASALLE_ST_FALLBACK] = {.name = "the fall-backs", .phase = LASALLE_PH_COMBAT, .cursor_end = end_one,
                             .due = lasalle_fb_due, .decider = lasalle_fb_decider, .actor = lasalle_no_actor,
                             .actions = lasalle_fb_actions, .apply = fb_apply, .done = fb_done},
    [LASALLE_ST_FALLBACK_END] = {.name = "the combat", .phase = LASALLE_PH_COMBAT, .run = run_fb_end},
    [LASALLE_ST_ADVANCE] = {.name = "the advance", .phase = LASALLE_PH_COMBAT, .cursor_end = end_one,
                            .due = lasalle_advance_due, .decider = lasalle_advance_decider, .actor = lasalle_no_actor,
                            .actions = lasalle_advance_actions, .apply = advance_apply, .done = advance_done},
    [LASALLE_ST_ADVANCE_END] = {.name = "the combat", .phase = LASALLE_PH_COMBAT, .run = run_advance_end},
    [LASALLE_ST_ACTIVITY_BEGIN] = {.name = "the Activity Phase opens", .phase = LASALLE_PH_ACTIVITY,
                                   .run = run_activity_begin},
    [LASALLE_ST_ENTRENCH] = {.name = "entrenching", .phase = LASALLE_PH_ACTIVITY, .cursor_end = lasalle_entrench_end,
                             .due = lasalle_entrench_due, .decider = who_active, .actor = lasalle_entrench_actor,
                             .actions = lasalle_entrench_actions, .apply = entrench_apply, .done_moves_on = 1},
    [LASALLE_ST_FORCE] = {.name = "force order", .phase = LASALLE_PH_ACTIVITY, .cursor_end = end_one,
                          .prepare = lasalle_order_prepare, .due = lasalle_order_due, .decider = who_active,
                          .actor = lasalle_no_actor, .actions = lasalle_order_actions, .apply = lasalle_order_apply,
                          .done = lasalle_order_done},
    [LASALLE_ST_ACTIVITY] = {.name = "activity", .phase = LASALLE_PH_ACTIVITY, .cursor_end = lasalle_activity_end,
                             .due = lasalle_activity_due, .decider = who_active, .actor = lasalle_activity_actor,
                             .actions = lasalle_activity_actions, .candidates = lasalle_activity_candidates,
                             .legal = lasalle_activity_legal, .apply = activity_apply,
                             .done = lasalle_activity_done, .order_group = lasalle_activity_order_group,
                             .order_rule = "a force's units move before its subcommander (C, p.24)"},
    [LASALLE_ST_ACTIVITY_NEXT] = {.name = "activity", .phase = LASALLE_PH_ACTIVITY, .run = lasalle_order_next},
    [LASALLE_ST_RECOVERY] = {.name = "recovery", .phase = LASALLE_PH_ACTIVITY, .run = lasalle_recovery_run},
    [LASALLE_ST_REROLL] = {.name = "the commander's re-roll", .phase = LASALLE_PH_ACTIVITY, .cursor_end = end_one,
                           .due = lasalle_reroll_due, .decider = who_active, .actor = actor_pending,
                           .actions = lasalle_reroll_actions, .apply = reroll_apply},
    [LASALLE_ST_RECOVERY_MORE] = {.name = "recovery", .phase = LASALLE_PH_ACTIVITY, .run = lasalle_recovery_more},
    [LASALLE_ST_STATUS] = {.name = "reserve roll", .phase = LASALLE_PH_STATUS, .cursor_end = end_one,
                           .due = lasalle_reserve_due, .decider = who_active, .actor = lasalle_no_actor,
                           .actions = lasalle_reserve_actions, .apply = lasalle_reserve_apply},
    [LASALLE_ST_STATUS_OPEN] = {.name = "the Status Phase", .phase = LASALLE_PH_STATUS,
                                .run = lasalle_engineer_status_run},
    [LASALLE_ST_ENGINEER] = {.name = "engineering", .phase = LASALLE_PH_STATUS, .cursor_end = lasalle_engineer_end,
                             .due = lasalle_engineer_due, .decider = who_active, .actor = lasalle_no_actor,
                             .actions = lasalle_engineer_actions, .apply = engineer_apply, .done_moves_on = 1},
    [LASALLE_ST_STATUS_MORE] = {.name = "the Status Phase", .phase = LASALLE_PH_STATUS, .run = lasalle_status_run},
    [LASALLE_ST_ARRIVE] = {.name = "reinforcements arriving", .phase = LASALLE_PH_STATUS,
                           .cursor_end = lasalle_arrive_end, .due = lasalle_arrive_due, .decider = who_active,
                           .actor = lasalle_no_actor, .actions = lasalle_arrive_actions, .apply = lasalle_arrive_apply,
                           .done = lasalle_arrive_done, .done_moves_on = 1},
    [LASALLE_ST_STATUS_END] = {.name = "the Status Phase", .phase = LASALLE_PH_STATUS, .run = lasalle_status_end},
};

const char *lasalle_step_name(int step) { return step >= 0 && step < LASALLE_ST_COUNT ? steps[step].name : "over"; }

/* the decision limit: a draw, said so */
static void on_limit(const void *scn, void *state)
{
    (void)scn;
    lasalle_state *st = state;
    st->end = LASALLE_END_LIMIT;
    st->winner = -1;
    st->margin = 0;
}

const gr_steps lasalle_steps = {
    .def = steps,
    .count = LASALLE_ST_COUNT,
    .first = LASALLE_ST_BEGIN,
    .turn_offset = offsetof(lasalle_state, turn),
    .state_size = sizeof(lasalle_state),
    .done_type = LASALLE_A_DONE,
    .over_phase = LASALLE_PH_OVER,
    .max_decisions = LASALLE_MAX_DECISIONS,
    .on_limit = on_limit,
    .format_action = lasalle_format_action,
    .actor_name = lasalle_actor_name,
};

void lasalle_init(const void *scn, void *state)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    memset(st, 0, sizeof *st);
    st->turn_no = 1;
    st->active = (uint8_t)s->first;
    st->winner = -1;
    st->pending = -1;
    st->fb_def = -1;
    for (int k = 0; k < LASALLE_MAX_OBJECTIVES; k++) st->owner[k] = -1;
    for (int k = 0; k < s->nobjectives; k++) st->owner[k] = (int8_t)s->objectives[k].owner;
    for (int k = 0; k < s->nofficers; k++) {
        st->o[k].x = s->officers[k].x;
        st->o[k].y = s->officers[k].y;
        st->o[k].vigor = (int8_t)s->officers[k].vigor;
        st->o[k].tactics = (int8_t)s->officers[k].tactics;
    }
    st->tactic_unit[0] = st->tactic_unit[1] = st->tactic_officer[0] = st->tactic_officer[1] = -1;
    for (int i = 0; i < s->nunits; i++) {
        const lasalle_unit_profile *p = &s->units[i];
        lasalle_unit *u = &st->u[i];
        u->x = p->x;
        u->y = p->y;
        lasalle_unit_set_heading(u, gr_angle_norm(p->heading));
        u->form = (uint8_t)p->form;
        u->disr = (uint8_t)p->disr;
        u->esprit = (uint8_t)p->esprit;
        if (p->compressed) u->flags |= LASALLE_UF_COMPRESSED; /* two ranks deep [H Compressed Artillery, p.81] */
    }
    lasalle_reinforce_init(s, st);
    for (int i = 0; i < s->nunits; i++) /* the works a unit starts behind [H, p.75] (the loader counts them) */
        if (s->units[i].entrenched && lasalle_alive(st, i)) lasalle_works_dig(s, st, i);
    lasalle_engineer_init(s, st); /* engineers off the table or deployed at the set-up [H, p.77-78] */
    st->turn.step = LASALLE_ST_BEGIN;
    gr_steps_advance(&lasalle_steps, scn, state, NULL); /* no die is rolled before the first decision */
}

int lasalle_to_move(const void *scn, const void *state)
{
    (void)scn;
    return gr_steps_to_move(&lasalle_steps, state);
}

int lasalle_legal_actions(const void *scn, const void *state, gr_action *out, int max)
{
    return gr_steps_legal_actions(&lasalle_steps, scn, state, out, max);
}

int lasalle_candidates(const void *scn, const void *state, gr_action *out, int max)
{
    return gr_steps_candidates(&lasalle_steps, scn, state, out, max);
}

int lasalle_action_legal(const void *scn, const void *state, const gr_action *a)
{
    return gr_steps_action_legal(&lasalle_steps, scn, state, a);
}

/* the rules' own apply, the front ends': an order may name any unit of the force moving [C, p.24] */
int lasalle_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err)
{
    gr_ctx cx = {dice, log, NULL, 1};
    return gr_steps_apply(&lasalle_steps, scn, state, a, &cx, err);
}

/* the search's apply: the cursor's order only */
int lasalle_apply_memo(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, void *memo,
                       gr_error *err)
{
    gr_ctx cx = {dice, log, memo, 0};
    return gr_steps_apply(&lasalle_steps, scn, state, a, &cx, err);
}

/* lasalle_action_legal then the search's apply, an Activity Phase order carried out with the plan its check
 * worked out */
int lasalle_apply_checked(const void *scn, void *state, const gr_action *a, gr_dice *dice, void *memo)
{
    lasalle_state *st = state;
    const gr_step_def *d = gr_steps_def(&lasalle_steps, st);
    if (!d || !d->actions) return 1;
    gr_ctx cx = {dice, NULL, memo, 0};
    if (st->turn.step == LASALLE_ST_ACTIVITY) {
        lasalle_order_plan pl;
        if (!lasalle_activity_legal_plan(scn, st, a, &pl)) return 1;
        return gr_steps_apply_by(&lasalle_steps, scn, st, a, &cx, NULL, activity_apply_planned, &pl) ? -1 : 0;
    }
    if (d->legal && !d->legal(scn, st, a)) return 1;
    return gr_steps_apply(&lasalle_steps, scn, st, a, &cx, NULL) ? -1 : 0;
}

int lasalle_turn(const void *scn, const void *state)
{
    (void)scn;
    return ((const lasalle_state *)state)->turn_no;
}

int lasalle_phase(const void *scn, const void *state)
{
    (void)scn;
    return ((const lasalle_state *)state)->turn.phase;
}
