/* alloc.c - the Command Point Allocation Phase (§5.1, step 1.1): first the
 * army commander of a historical game gives points to his corps commanders
 * (§3.4, within 40 MU or at one more), then each corps
 * commander in turn gives his command points to his own division commanders
 * (a side may have several corps, each division names its own), one point
 * per decision, each costing him 1 plus 1 when the receiver is out of his
 * command range and 1 more when the receiver is allied; "done" keeps the
 * rest. Points given last for this move only: every pool is set back to its
 * commander's level at the end of his side's Recovery Phase (turn.c). No
 * allocation by or to a commander who is off the table, a casualty, or
 * leading a unit in contact with the enemy. */
#include "alloc.h"
#include "steps.h"
#include "cmt.h"
#include "../../core/words.h"

#include <math.h>
#include <stdio.h>

static int usable(const fogn_state *st, int c)
{
    return (st->c[c].flags & FOGN_CF_ON_TABLE) && !(st->c[c].flags & FOGN_CF_CASUALTY);
}

static int in_fight(const fogn_scenario *s, const fogn_state *st, int c)
{
    return st->c[c].leading >= 0 && fogn_unit_in_contact(s, st, st->c[c].leading);
}

/* the cursor runs over the army commanders (0 .. n-1), then the corps
 * commanders (n .. 2n-1): the commander it names if he is the active side's
 * and of the kind that pass of the cursor is for; -1 */
static int giver_at(const fogn_scenario *s, const fogn_state *st, int cursor)
{
    int n = s->ncmdrs, role = cursor < n ? FOGN_CMDR_ARMY : FOGN_CMDR_CORPS, c = cursor < n ? cursor : cursor - n;
    if (cursor < 0 || c >= n) return -1;
    return s->cmdrs[c].side == st->active && s->cmdrs[c].role == role && usable(st, c) ? c : -1;
}

/* the commander whose allocation is due, when he can give points at all; -1 */
static int corps_of(const fogn_scenario *s, const fogn_state *st) { return giver_at(s, st, st->turn.cursor); }

int fogn_alloc_cursor_end(const fogn_scenario *s) { return 2 * s->ncmdrs; }

/* §3.4: the army commander's point for a corps commander: 1, and 1 more beyond 40 MU */
static int army_cost(const fogn_scenario *s, const fogn_state *st, int giver, int receiver, gr_error *err)
{
    if (receiver < 0 || receiver >= s->ncmdrs || s->cmdrs[receiver].role != FOGN_CMDR_CORPS ||
        s->cmdrs[receiver].side != s->cmdrs[giver].side)
        return gr_error_set(err, "an army commander gives command points to a corps commander of his army (§3.4)");
    if (!usable(st, giver) || !usable(st, receiver))
        return gr_error_set(err, "%s is not on the table", usable(st, giver) ? s->cmdrs[receiver].name : s->cmdrs[giver].name);
    if (in_fight(s, st, receiver))
        return gr_error_set(err, "%s leads a unit in contact with the enemy and can neither give nor take points (§5.1)",
                            s->cmdrs[receiver].name);
    gr_rect a = fogn_cmdr_rect(&st->c[giver]), b = fogn_cmdr_rect(&st->c[receiver]);
    int cost = FOGN_ALLOC_BASE_COST;
    if (gr_rect_dist(&a, &b) > FOGN_ARMY_RANGE + GR_EPS) cost += FOGN_ALLOC_OUT_OF_RANGE;
    if (st->c[giver].cp < cost)
        return gr_error_set(err, "a point for %s costs %d and %s has %d left (§5.1)", s->cmdrs[receiver].name, cost,
                            s->cmdrs[giver].name, st->c[giver].cp);
    return cost;
}

int fogn_alloc_cost(const fogn_scenario *s, const fogn_state *st, int giver, int receiver, gr_error *err)
{
    if (giver >= 0 && giver < s->ncmdrs && s->cmdrs[giver].role == FOGN_CMDR_ARMY)
        return army_cost(s, st, giver, receiver, err);
    if (giver < 0 || giver >= s->ncmdrs || s->cmdrs[giver].role != FOGN_CMDR_CORPS)
        return gr_error_set(err, "only an army or corps commander gives command points (§3.4, §5.1)");
    if (receiver < 0 || receiver >= s->ncmdrs || s->cmdrs[receiver].role != FOGN_CMDR_DIVISION ||
        s->cmdrs[receiver].side != s->cmdrs[giver].side)
        return gr_error_set(err, "command points go to a division commander of the same army (§5.1)");
    if (s->divs[s->cmdrs[receiver].division].corps != giver)
        return gr_error_set(err, "%s%s division belongs to another corps (§5.1)", s->cmdrs[receiver].name,
                            gr_words_poss(s->cmdrs[receiver].name));
    if (!usable(st, giver) || !usable(st, receiver))
        return gr_error_set(err, "%s is not on the table", usable(st, giver) ? s->cmdrs[receiver].name : s->cmdrs[giver].name);
    if (in_fight(s, st, giver) || in_fight(s, st, receiver))
        return gr_error_set(err, "%s leads a unit in contact with the enemy and can neither give nor take points (§5.1)",
                            in_fight(s, st, giver) ? s->cmdrs[giver].name : s->cmdrs[receiver].name);
    gr_rect a = fogn_cmdr_rect(&st->c[giver]), b = fogn_cmdr_rect(&st->c[receiver]);
    double range = st->c[giver].leading >= 0 ? FOGN_CORPS_RANGE_LEADING : FOGN_CORPS_RANGE;
    int cost = FOGN_ALLOC_BASE_COST;
    if (gr_rect_dist(&a, &b) > range + GR_EPS) cost += FOGN_ALLOC_OUT_OF_RANGE;
    if (s->cmdrs[receiver].allied) cost += FOGN_ALLOC_ALLIED;
    if (st->c[giver].cp < cost)
        return gr_error_set(err, "a point for %s costs %d and %s has %d left (§5.1)", s->cmdrs[receiver].name, cost,
                            s->cmdrs[giver].name, st->c[giver].cp);
    return cost;
}

int fogn_alloc_actor(const fogn_scenario *s, const fogn_state *st)
{
    int c = corps_of(s, st);
    return c < 0 ? -1 : s->nunits + c;
}

int fogn_alloc_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int n = 0;
    if (n < max) {
        out[n] = (gr_action){.type = FOGN_A_DONE, .actor = -1, .target = -1};
        n++;
    }
    int giver = corps_of(s, st);
    for (int r = 0; giver >= 0 && r < s->ncmdrs && n < max; r++) {
        if (fogn_alloc_cost(s, st, giver, r, NULL) < 0) continue;
        out[n] = (gr_action){.type = FOGN_A_ALLOCATE, .actor = (int16_t)(s->nunits + giver), .target = (int16_t)r};
        n++;
    }
    return n;
}

/* a decision only while there is a point the corps commander could give */
int fogn_alloc_due(const fogn_scenario *s, const fogn_state *st, int cursor)
{
    if (giver_at(s, st, cursor) < 0) return 0;
    gr_action acts[2];
    return fogn_alloc_actions(s, st, acts, 2) > 1;
}

int fogn_alloc_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                     gr_error *err)
{
    (void)dice;
    if (a->type != FOGN_A_ALLOCATE) return gr_error_set(err, "the command points decision takes 'cN give cM' or 'done'");
    int giver = a->actor - s->nunits, receiver = a->target;
    int cost = fogn_alloc_cost(s, st, giver, receiver, err);
    if (cost < 0) return -1;
    if (st->c[receiver].cp >= UINT8_MAX) return gr_error_set(err, "%s cannot hold more points", s->cmdrs[receiver].name);
    st->c[giver].cp = (uint8_t)(st->c[giver].cp - cost);
    st->c[receiver].cp++;
    gr_log_add(log, GR_EV_NOTE, st->active, "%s gives a command point to %s for %d (%s now has %d, %s %d)",
               s->cmdrs[giver].name, s->cmdrs[receiver].name, cost, s->cmdrs[receiver].name, st->c[receiver].cp,
               s->cmdrs[giver].name, st->c[giver].cp);
    return 0;
}
