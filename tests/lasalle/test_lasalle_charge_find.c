/* test_lasalle_charge_find.c - the search for a charge and its shortcuts
 * [C Charging, p.30-32]: over the positions of random games on bundled
 * scenarios, a charge tried without a reason asked (which refuses a run that
 * cannot reach its target's footprint without sweeping it) gives the same
 * verdict as the same charge tried with its reason (every sweep made); a
 * target beyond the charge allowance is never found; a charge found is one
 * the rules allow, reason asked; and the mandatory targets are the nearest
 * of the enemies ahead within 4 BW that may be charged, every tie listed
 * (asked nearest first, so that those beyond the nearest are not checked);
 * and a countercharge is due exactly when its decision would list a target
 * (none where it is not). */
#include "lasalle_fixture.h"

#include "../../engine/core/play.h"
#include "../../engine/lasalle/rules/charge.h"
#include "../../engine/lasalle/rules/command.h"
#include "../../engine/lasalle/rules/react.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/lasalle/rules/tables.h"

#include <math.h>

#define DEG (GR_PI / 180.0)

typedef struct tally {
    long tries, legal, refused, beyond, found;
    long must_positions;
    long counter_listed;
} tally;

/* some corner of g lies ahead of h's front line (the book's "to its front", as charge.c reads it) */
static int ahead(const gr_rect *h, const gr_rect *g)
{
    gr_vec2 c[4];
    gr_rect_corners(g, c);
    for (int q = 0; q < 4; q++)
        if (gr_rect_ahead_of_front(h, c[q]) > LASALLE_CONTACT_EPS) return 1;
    return 0;
}

/* unit i's mandatory targets worked out the long way: every enemy ahead within 4 BW checked. With none
 * the list holds every unit (each target is then as good as another); *some 1 when there is one */
static int must_by_hand(const lasalle_scenario *s, const lasalle_state *st, int i, int *out, int *some)
{
    gr_rect h = lasalle_hull(s, st, i);
    double d[LASALLE_MAX_UNITS], best = INFINITY;
    for (int j = 0; j < s->nunits; j++) {
        d[j] = INFINITY;
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        double dist = gr_rect_dist(&h, &g);
        lasalle_charge c;
        if (dist > LASALLE_NEAR_BW || !ahead(&h, &g) || lasalle_may_target(s, st, i, j, NULL) ||
            lasalle_charge_find(s, st, i, j, &c))
            continue;
        d[j] = dist;
        if (dist < best) best = dist;
    }
    int n = 0;
    for (int j = 0; j < s->nunits; j++)
        if (d[j] <= best + 1e-6) out[n++] = j;
    *some = isfinite(best);
    return n;
}

/* cavalry of the side to act that may countercharge at all [D Countercharge, p.36] */
static int may_counter(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    const lasalle_unit_profile *p = &s->units[i];
    const lasalle_unit *u = &st->u[i];
    int touch[1];
    return p->side == st->active && p->type == LASALLE_CAV && lasalle_alive(st, i) &&
           !(u->flags & LASALLE_UF_REACTED) && u->form != LASALLE_MARCH && u->disr + 1 < p->nbases &&
           !lasalle_contacts(s, st, i, touch, 1) && lasalle_in_command(s, st, i);
}

/* a countercharge is due (its first target found settles it) exactly when the decision would list a target */
static void check_counters(const lasalle_scenario *s, const lasalle_state *st, tally *t)
{
    lasalle_state *at = malloc(sizeof *at);
    gr_action out[GR_MAX_ACTIONS];
    for (int i = 0; i < s->nunits; i++) {
        if (!may_counter(s, st, i)) {
            assert_int_equal(lasalle_counter_due(s, st, i), 0);
            continue;
        }
        *at = *st;
        at->turn.cursor = (int16_t)i;
        int listed = lasalle_counter_actions(s, at, out, GR_MAX_ACTIONS) > 1, due = lasalle_counter_due(s, st, i);
        assert_int_equal(due, listed);
        t->counter_listed++;
    }
    free(at);
}

/* every unit of the side to act that may charge, against every enemy */
static void check_position(const lasalle_scenario *s, const lasalle_state *st, tally *t)
{
    static const double wheels[] = {0, 3, -3, 8, -8, 15, -15, 30, -30, 55, -55};
    for (int i = 0; i < s->nunits; i++) {
        if (!lasalle_alive(st, i) || s->units[i].side != st->active || lasalle_may_charge(s, st, i, NULL)) continue;
        for (int j = 0; j < s->nunits; j++) {
            if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
            lasalle_charge c;
            int found = !lasalle_charge_find(s, st, i, j, &c);
            if (lasalle_charge_in_reach(s, st, i, j)) {
                t->beyond++;
                assert_false(found);
                continue;
            }
            if (found) {
                t->found++;
                gr_error err;
                gr_error_clear(&err);
                lasalle_charge again;
                if (lasalle_charge_try(s, st, i, j, c.wheel, &again, &err))
                    fail_msg("%s on %s: the charge found is refused: %s", s->units[i].name, s->units[j].name,
                             err.msg);
            }
            for (size_t k = 0; k < sizeof wheels / sizeof wheels[0]; k++) {
                lasalle_charge quick, full;
                gr_error err;
                gr_error_clear(&err);
                int r0 = lasalle_charge_try(s, st, i, j, wheels[k] * DEG, &quick, NULL);
                int r1 = lasalle_charge_try(s, st, i, j, wheels[k] * DEG, &full, &err);
                if ((r0 == 0) != (r1 == 0))
                    fail_msg("%s on %s, wheel %g: %s without a reason asked, %s with it (%s)", s->units[i].name,
                             s->units[j].name, wheels[k], r0 ? "refused" : "allowed", r1 ? "refused" : "allowed",
                             err.msg);
                t->tries++;
                if (r1) t->refused++;
                else t->legal++;
            }
        }
        int want[LASALLE_MAX_UNITS];
        const int *got;
        lasalle_geo geo;
        lasalle_geo_init(&geo);
        lasalle_charge_memo memo = LASALLE_CHARGE_MEMO_INIT;
        memo.geo = &geo;
        int some, n = must_by_hand(s, st, i, want, &some), m = lasalle_charge_mandatory_memo(s, st, i, &memo, &got);
        assert_int_equal(m, n);
        for (int k = 0; k < n; k++) assert_int_equal(got[k], want[k]);
        t->must_positions += some;
    }
}

static void play_and_check(const char *scenario, unsigned long long seed, int every, tally *t)
{
    gr_game g;
    ls_game_load(&g, scenario);
    const lasalle_scenario *s = g.scn;
    lasalle_state *st = calloc(1, sizeof *st);
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, 1);
    gr_rng pick;
    gr_rng_seed(&pick, seed, 2);
    g.rs->rules->init(s, st);
    int decisions = 0;
    while (g.rs->rules->to_move(s, st) != GR_TERMINAL) {
        if (st->turn.step == LASALLE_ST_ACTIVITY && decisions++ % every == 0) check_position(s, st, t);
        check_counters(s, st, t);
        gr_action a;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(gr_play_random_legal(&g, st, &pick, &a), 0);
        if (g.rs->rules->apply(s, st, &a, &dice, NULL, &err)) fail_msg("%s: %s", scenario, err.msg);
    }
    free(st);
    gr_game_free(&g);
}

static void test_charge_shortcuts_keep_the_verdicts(void **state)
{
    (void)state;
    tally t = {0};
    play_and_check("scenarios/lasalle/brigade-clash.json", 1, 3, &t);
    play_and_check("scenarios/lasalle/brigade-clash.json", 2, 3, &t);
    play_and_check("scenarios/lasalle/village-fight.json", 1, 3, &t);
    /* the positions hold every case: charges allowed and refused, targets out of reach, mandatory targets */
    assert_true(t.legal > 0);
    assert_true(t.refused > t.legal);
    assert_true(t.beyond > 0);
    assert_true(t.found > 0);
    assert_true(t.must_positions > 0);
    assert_true(t.counter_listed > 0); /* (positions where one is due: test_lasalle_react.c) */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_charge_shortcuts_keep_the_verdicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
