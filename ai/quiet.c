/* quiet.c - a unit holds unless the search tells its shift apart from
 * holding (quiet.h). */
#include "quiet.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/dice.h"
#include "policy.h"

void gr_quiet_memory_init(gr_quiet_memory *m)
{
    m->move = -1;
    m->n = 0;
}

static int units_of(const gr_game *g)
{
    int n = g->rs->ai->unit_count(g->scn);
    return n < GR_QUIET_MAX_UNITS ? n : GR_QUIET_MAX_UNITS;
}

void gr_quiet_see(gr_quiet_memory *m, const gr_game *g, const void *state)
{
    if (!g->rs->rules->turn) return;
    long t = g->rs->rules->turn(g->scn, state);
    if (m->move >= 0 && t == m->move) return;
    int fresh = m->move < 0 || t < m->move;
    double far = g->rs->ai->pace * GR_QUIET_FAR_PACE;
    m->n = units_of(g);
    for (int i = 0; i < m->n; i++) {
        gr_unit_info u;
        g->rs->ai->unit_info(g->scn, state, i, &u);
        if (fresh) {
            m->when[i] = -1;
        } else if (u.alive && hypot(u.x - m->x[i], u.y - m->y[i]) >= far) {
            m->vx[i] = u.x - m->x[i];
            m->vy[i] = u.y - m->y[i];
            m->when[i] = t - 1;
        }
        m->x[i] = u.x;
        m->y[i] = u.y;
    }
    m->move = t;
}

int gr_quiet_reverses(const gr_game *g, const void *state, const gr_action *a, const gr_quiet_memory *mem)
{
    if (!mem || mem->move < 0 || !g->rs->rules->turn) return 0;
    gr_action_info in;
    gr_policy_action_info(g, state, a, &in);
    if (in.unit < 0 || in.unit >= mem->n) return 0;
    if (in.kind != GR_AK_ADVANCE && in.kind != GR_AK_WITHDRAW && in.kind != GR_AK_MANOEUVRE) return 0;
    long t = g->rs->rules->turn(g->scn, state);
    if (mem->move != t || mem->when[in.unit] != t - 2) return 0;
    const gr_rules *r = g->rs->rules;
    void *trial = malloc(r->state_size);
    if (!trial) return 0;
    memcpy(trial, state, r->state_size);
    gr_dice dice;
    gr_dice_init_rng(&dice, GR_QUIET_TRIAL_SEED, 1);
    int back = 0;
    if (r->apply(g->scn, trial, a, &dice, NULL, NULL) == 0) {
        gr_unit_info was, now;
        g->rs->ai->unit_info(g->scn, state, in.unit, &was);
        g->rs->ai->unit_info(g->scn, trial, in.unit, &now);
        double dx = now.x - was.x, dy = now.y - was.y, vx = mem->vx[in.unit], vy = mem->vy[in.unit];
        double len = hypot(dx, dy), plen = hypot(vx, vy);
        back = len >= g->rs->ai->pace * GR_QUIET_FAR_PACE && plen > 0 &&
               (dx * vx + dy * vy) / (len * plen) <= GR_QUIET_REVERSE_COS;
    }
    free(trial);
    return back;
}

int gr_quiet_needs_reason(const gr_game *g, const void *state, const gr_action *a, int level)
{
    gr_action_info in;
    gr_policy_action_info(g, state, a, &in);
    if (level <= GR_QUIET_OFF || in.unit < 0) return 0;
    int shift = in.kind == GR_AK_MANOEUVRE || in.kind == GR_AK_WITHDRAW;
    if (shift && level >= GR_QUIET_ALL) return 1;
    if (!shift && in.kind != GR_AK_ADVANCE && in.kind != GR_AK_FORM) return 0;
    gr_unit_info u;
    g->rs->ai->unit_info(g->scn, state, in.unit, &u);
    return u.arm == GR_ARM_ART;
}

/* are two alternatives apart by more than their simulations can tell */
static int told_apart(const gr_choice_stat *a, const gr_choice_stat *b)
{
    double gap = fabs(a->value - b->value);
    double sa = 0.5 / sqrt((double)a->visits), sb = 0.5 / sqrt((double)b->visits);
    return gap >= GR_QUIET_EVEN && gap >= 2 * sqrt(sa * sa + sb * sb);
}

int gr_quiet_pick(const gr_game *g, const void *state, const gr_analysis *an, int level, const gr_quiet_memory *mem)
{
    if (an->n < 2 || an->alt[0].visits <= 0) return 0;
    if (!gr_quiet_needs_reason(g, state, &an->alt[0].a, level) &&
        (level < GR_QUIET_GUNS || !gr_quiet_reverses(g, state, &an->alt[0].a, mem)))
        return 0;
    gr_action_info first;
    gr_policy_action_info(g, state, &an->alt[0].a, &first);
    for (int k = 1; k < an->n; k++) {
        gr_action_info in;
        gr_policy_action_info(g, state, &an->alt[k].a, &in);
        if (in.kind != GR_AK_HOLD || in.unit != first.unit) continue;
        if (an->alt[k].visits <= 0 || told_apart(&an->alt[0], &an->alt[k])) return 0;
        return k;
    }
    return 0;
}

int gr_quiet_apply(const gr_game *g, const void *state, gr_analysis *an, int level, const gr_quiet_memory *mem)
{
    int k = gr_quiet_pick(g, state, an, level, mem);
    if (k <= 0) return 0;
    gr_choice_stat c = an->alt[k];
    for (int i = k; i > 0; i--) an->alt[i] = an->alt[i - 1];
    an->alt[0] = c;
    return k;
}
