/* steps.c - the driver of a step table (steps.h): it runs automatic steps,
 * walks decision steps' cursors to the next decision due, answers whose
 * decision it is and which actions it offers, and applies one decision,
 * leaving the state and the log as they were when the decision is refused
 * or the dice fail. */
#include "steps.h"
#include "words.h"

#include <stdlib.h>
#include <string.h>

/* automatic steps a single advance may run before giving up: a turn has
 * `count` steps, and a ruleset's loops (combat rounds, resolution stages)
 * go round a few times */
#define GR_STEPS_GUARD 64
/* states up to this many bytes are saved on the stack while a decision is applied */
#define GR_STEPS_LOCAL_STATE 8192

gr_turn *gr_steps_turn(const gr_steps *t, void *state) { return (gr_turn *)((char *)state + t->turn_offset); }

const gr_turn *gr_steps_turn_c(const gr_steps *t, const void *state)
{
    return (const gr_turn *)((const char *)state + t->turn_offset);
}

const gr_step_def *gr_steps_def(const gr_steps *t, const void *state)
{
    const gr_turn *tn = gr_steps_turn_c(t, state);
    if (tn->over || tn->step >= t->count) return NULL;
    return &t->def[tn->step];
}

void gr_steps_walk(const void *scn, void *state, gr_turn *turn, const gr_step_def *d, int end)
{
    while (turn->cursor < end) {
        if (d->prepare) d->prepare(scn, state, turn->cursor);
        if (d->due(scn, state, turn->cursor)) break;
        turn->cursor++;
    }
}

/* the game ended inside an automatic step */
static void finish(const gr_steps *t, gr_turn *tn)
{
    tn->over = 1;
    tn->phase = (uint8_t)t->over_phase;
}

int gr_steps_advance(const gr_steps *t, const void *scn, void *state, const gr_ctx *cx)
{
    gr_turn *tn = gr_steps_turn(t, state);
    for (int guard = 0; guard < GR_STEPS_GUARD * t->count && !tn->over; guard++) {
        if (t->before_step) t->before_step(scn, state);
        if (tn->step >= t->count) return 0;
        const gr_step_def *d = &t->def[tn->step];
        tn->phase = d->phase;
        if (d->run) {
            int next = d->run(scn, state, cx);
            if (next < 0) return -1;
            if (tn->over) return 0;
            if (next >= t->count) {
                finish(t, tn);
                return 0;
            }
            tn->step = (uint8_t)next;
            tn->cursor = 0;
            tn->second = 0;
            tn->resume = 0;
            continue;
        }
        int end = d->cursor_end(scn);
        if (t->walk) t->walk(scn, state, d, end, cx ? cx->memo : NULL);
        else gr_steps_walk(scn, state, tn, d, end);
        if (tn->cursor < end) {
            tn->decider = (uint8_t)d->decider(scn, state);
            return 0;
        }
        tn->step = (uint8_t)(tn->step + 1 < t->count ? tn->step + 1 : t->first);
        tn->cursor = 0;
        tn->second = 0;
        tn->resume = 0;
    }
    return 0;
}

int gr_steps_to_move(const gr_steps *t, const void *state)
{
    const gr_turn *tn = gr_steps_turn_c(t, state);
    return tn->over ? GR_TERMINAL : tn->decider;
}

int gr_steps_actor(const gr_steps *t, const void *scn, const void *state)
{
    const gr_step_def *d = gr_steps_def(t, state);
    if (!d || !d->actor) return -1;
    return d->actor(scn, state);
}

int gr_steps_legal_actions(const gr_steps *t, const void *scn, const void *state, gr_action *out, int max)
{
    const gr_step_def *d = gr_steps_def(t, state);
    if (!d || !d->actions) return 0;
    return d->actions(scn, state, out, max);
}

int gr_steps_candidates(const gr_steps *t, const void *scn, const void *state, gr_action *out, int max)
{
    const gr_step_def *d = gr_steps_def(t, state);
    if (!d || !d->actions) return 0;
    return d->candidates ? d->candidates(scn, state, out, max) : d->actions(scn, state, out, max);
}

int gr_steps_action_legal(const gr_steps *t, const void *scn, const void *state, const gr_action *a)
{
    const gr_step_def *d = gr_steps_def(t, state);
    if (!d || !d->actions) return 0;
    /* a step without its own check lists only legal actions as candidates */
    return d->legal ? d->legal(scn, state, a) : 1;
}

/* "done": the step's own closing, then the cursor moves on (to the next
 * actor, or past the step's end) */
static int apply_done(const gr_steps *t, const void *scn, void *state, gr_turn *tn, const gr_step_def *d,
                      const gr_ctx *cx, gr_error *err)
{
    (void)t;
    int rc = d->done ? d->done(scn, state, cx, err) : 0;
    if (!rc) tn->cursor = (int16_t)(d->done_moves_on ? tn->cursor + 1 : d->cursor_end(scn));
    return rc;
}

/* an action for `want`, due later in the walk in the cursor's group
 * (gr_step_def.order_group): the cursor goes to its position, remembering
 * where to come back to; 0, or -1 when no such position is due, -2 when
 * one is but in a later group (the cursor as it was) */
static int jump_to(const void *scn, void *state, gr_turn *tn, const gr_step_def *d, int want)
{
    int c0 = tn->cursor, end = d->cursor_end(scn), group = d->order_group(scn, state, c0), rc = -1;
    if (want < 0 || tn->second) return -1; /* the actor now deciding finishes first (a second move) */
    for (int p = c0 + 1; p < end && rc == -1; p++) {
        tn->cursor = (int16_t)p;
        if (d->prepare) d->prepare(scn, state, p);
        if (!d->due(scn, state, p) || d->actor(scn, state) != want) continue;
        if (d->order_group(scn, state, p) != group) {
            rc = -2;
            break;
        }
        if (!tn->resume) tn->resume = (uint16_t)(c0 + 1);
        return 0;
    }
    tn->cursor = (int16_t)c0;
    if (d->prepare) d->prepare(scn, state, c0);
    return rc;
}

/* an action of the step: only the actor whose decision is due may act (or,
 * where the step allows it, one due later in its group: jump_to); the
 * decision goes to the log (as `text`) before it is carried out */
static int apply_action(const gr_steps *t, const void *scn, void *state, const gr_action *a, const gr_step_def *d,
                        const gr_ctx *cx, gr_error *err, gr_step_apply_fn apply, const void *arg, const char *text)
{
    int actor = d->actor(scn, state), jump = -1;
    if (a->actor != actor && actor >= 0 && d->order_group && cx && cx->any_order) {
        jump = jump_to(scn, state, gr_steps_turn(t, state), d, a->actor);
        if (jump == 0) actor = d->actor(scn, state);
    }
    if (a->actor != actor && jump == -2) {
        const char *due = t->actor_name ? t->actor_name(scn, actor) : "another piece";
        return gr_error_set(err, "it is %s%s decision now: %s acts later in this step (%s)", due, gr_words_poss(due),
                            t->actor_name ? t->actor_name(scn, a->actor) : "that piece",
                            d->order_rule ? d->order_rule : "its group's turn comes after this one's");
    }
    if (a->actor != actor) {
        if (actor < 0 && d->apply)
            return gr_error_set(err, "the decision due (%s) is not that piece's: 'list' shows the orders it takes, "
                                     "'done' among them", d->name);
        if (actor < 0) return gr_error_set(err, "the decision due (%s) takes only 'done'", d->name);
        const char *due = t->actor_name ? t->actor_name(scn, actor) : "another piece";
        return gr_error_set(err, "it is %s%s decision now, not this one", due, gr_words_poss(due));
    }
    if (!d->apply) return gr_error_set(err, "the decision due (%s) takes only 'done'", d->name);
    gr_log_add(cx ? cx->log : NULL, GR_EV_DECISION, gr_steps_turn(t, state)->decider, "%s", text);
    return apply ? apply(scn, state, a, cx, err, arg) : d->apply(scn, state, a, cx, err);
}

int gr_steps_apply_by(const gr_steps *t, const void *scn, void *state, const gr_action *a, const gr_ctx *cx,
                      gr_error *err, gr_step_apply_fn apply, const void *arg)
{
    gr_turn *tn = gr_steps_turn(t, state);
    if (tn->over) return gr_error_set(err, "the game is over");
    const gr_step_def *d = gr_steps_def(t, state);
    if (!d || d->run) return gr_error_set(err, "no decision is due");
    if (tn->decisions >= t->max_decisions) {
        if (t->on_limit) t->on_limit(scn, state);
        finish(t, tn);
        return gr_error_set(err, "decision limit reached");
    }
    gr_dice *dice = cx ? cx->dice : NULL;
    gr_log *log = cx ? cx->log : NULL;
    char text[128] = "";
    if (log && t->format_action) t->format_action(scn, state, a, text, sizeof text); /* only the log shows it */
    size_t log_mark = log ? log->n : 0;
    /* the copy to restore: on the stack for states of ordinary size (this
     * is the search's hot path), on the heap for larger ones */
    unsigned char local[GR_STEPS_LOCAL_STATE];
    size_t span = t->state_span ? t->state_span(scn) : t->state_size;
    void *save = span <= sizeof local ? local : malloc(span);
    if (!save) return gr_error_set(err, "out of memory");
    memcpy(save, state, span);
    int rc;
    int step = tn->step;
    if (a->type == t->done_type) {
        gr_log_add(log, GR_EV_DECISION, tn->decider, "%s", text);
        rc = apply_done(t, scn, state, tn, d, cx, err);
    } else {
        rc = apply_action(t, scn, state, a, d, cx, err, apply, arg, text);
    }
    /* a decision taken out of order is finished: back to the first position passed over (unless the step
     * was left, or closed by "done"; an order for the last position leaves the cursor at the end too, and
     * the positions passed over are still to come) */
    if (!rc && tn->resume && !tn->second) {
        int closed = a->type == t->done_type && tn->cursor >= d->cursor_end(scn);
        if (tn->step == step && !closed) tn->cursor = (int16_t)(tn->resume - 1);
        tn->resume = 0;
    }
    if (!rc && gr_steps_advance(t, scn, state, cx) < 0)
        rc = gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
    if (rc) {
        memcpy(state, save, span); /* a refused action leaves the state as it was ... */
        if (log) log->n = log_mark;          /* ... and no trace in the log */
        if (save != local) free(save);
        return -1;
    }
    if (save != local) free(save);
    tn->decisions++;
    return 0;
}

int gr_steps_one_group(const void *scn, const void *state, int cursor)
{
    (void)scn;
    (void)state;
    (void)cursor;
    return 0;
}

int gr_steps_apply(const gr_steps *t, const void *scn, void *state, const gr_action *a, const gr_ctx *cx,
                   gr_error *err)
{
    return gr_steps_apply_by(t, scn, state, a, cx, err, NULL, NULL);
}
