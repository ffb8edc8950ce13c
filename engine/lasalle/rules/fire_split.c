/* fire_split.c - Split Fire, an optional rule [H Split Fire, p.80]: an
 * infantry unit in Line names a break point in its front; the bases left
 * of it fire at one target and the rest at another, a die a clear base and
 * no skirmish dice. Each target must be one the whole unit may fire at
 * under the priority rules (ruling R-92); each part needs a clear base at
 * its target; the split fire is declared alone and its hits are converted
 * when its dice are rolled (ruling R-93). The order is written
 * "uN fire uA split K uB": bases 1..K from the left at uA. */
#include "fire.h"
#include "menu.h"

#include <math.h>

int lasalle_split_check(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, gr_error *err)
{
    int i = a->actor, t = a->target, k = a->arg, t2 = (int)a->p[2], n = s->units[i].nbases, kind;
    if (!(s->options & LASALLE_OPT_SPLIT_FIRE))
        return gr_error_set(err, "split fire is an optional rule the scenario does not use (H, p.80)");
    if (s->units[i].type != LASALLE_INF || st->u[i].form != LASALLE_LINE)
        return gr_error_set(err, "only infantry in Line splits its fire (H, p.80)");
    if (a->p[0] != 0 || a->p[1] != 0)
        return gr_error_set(err, "a split fire is declared alone: no other unit joins it (ruling R-93)");
    if (k < 1 || k >= n)
        return gr_error_set(err, "the break must leave bases on both sides: split 1 to %d (H, p.80)", n - 1);
    if (a->p[2] != floorf(a->p[2]) || t2 < 0 || t2 >= s->nunits || t2 == t)
        return gr_error_set(err, "a split fire names two different targets (H, p.80)");
    if (lasalle_fire_target_ok(s, st, i, t, &kind, err) || lasalle_fire_target_ok(s, st, i, t2, &kind, err))
        return -1;
    if (!lasalle_clear_bases_in(s, st, i, t, 0, k))
        return gr_error_set(err, "bases 1-%d of %s have no clear line to %s (D, p.49; H, p.80)", k, s->units[i].name,
                            s->units[t].name);
    if (!lasalle_clear_bases_in(s, st, i, t2, k, n))
        return gr_error_set(err, "bases %d-%d of %s have no clear line to %s (D, p.49; H, p.80)", k + 1, n,
                            s->units[i].name, s->units[t2].name);
    return 0;
}

int lasalle_split_actions(const lasalle_scenario *s, const lasalle_state *st, int i, const int *t, int nt,
                          gr_action *out, int n, int max)
{
    if (!(s->options & LASALLE_OPT_SPLIT_FIRE) || s->units[i].type != LASALLE_INF || st->u[i].form != LASALLE_LINE)
        return n;
    for (int x = 0; x < nt; x++)
        for (int y = 0; y < nt; y++)
            for (int k = 1; x != y && k < s->units[i].nbases && n < max; k++) {
                gr_action a = lasalle_act(LASALLE_A_FIRE, i, t[x], k);
                a.p[2] = (float)t[y];
                if (!lasalle_split_check(s, st, &a, NULL)) out[n++] = a;
            }
    return n;
}
