/* quiet.c - a unit holds unless the search tells its shift apart from
 * holding (quiet.h). */
#include "quiet.h"

#include <math.h>

#include "policy.h"

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

int gr_quiet_pick(const gr_game *g, const void *state, const gr_analysis *an, int level)
{
    if (an->n < 2 || an->alt[0].visits <= 0 || !gr_quiet_needs_reason(g, state, &an->alt[0].a, level)) return 0;
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

int gr_quiet_apply(const gr_game *g, const void *state, gr_analysis *an, int level)
{
    int k = gr_quiet_pick(g, state, an, level);
    if (k <= 0) return 0;
    gr_choice_stat c = an->alt[k];
    for (int i = k; i > 0; i--) an->alt[i] = an->alt[i - 1];
    an->alt[0] = c;
    return k;
}
