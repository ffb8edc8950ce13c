/* test_plan.c - a side's turn told as a plan and the battle's standing in
 * words (cli/plan.h), as `suggest` prints them and the web page shows them:
 * the clauses in their order with their exact words, orders of no unit left
 * out, and each army's strength, shaken units and the clock of a timed end
 * read off a real position. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/plan.h"
#include "../engine/registry.h"

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return r && *r ? r : ".";
}

/* the brigade encounter loaded into g, and its opening position (the caller frees both) */
static void *opening(gr_game *g)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/fogn/brigade-encounter.json", root_dir());
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_game_load(g, path, &err), 0);
    void *st = calloc(1, g->rs->rules->state_size);
    assert_non_null(st);
    g->rs->rules->init(g->scn, st);
    return st;
}

static void step(gr_plan *p, int kind, const char *unit, const char *aim)
{
    p->step[p->n].kind = kind;
    snprintf(p->step[p->n].unit, sizeof p->step[p->n].unit, "%s", unit);
    snprintf(p->step[p->n].aim, sizeof p->step[p->n].aim, "%s", aim);
    p->n++;
}

/* clauses by kind in a fixed order (attack, fire, advance, ... hold), units
 * in the order given, the aim after its kind's word */
static void test_plan_words(void **unused)
{
    (void)unused;
    gr_plan p;
    gr_plan_init(&p);
    char buf[512];
    gr_plan_text(&p, buf, sizeof buf);
    assert_string_equal(buf, "");
    step(&p, GR_AK_HOLD, "66e Ligne", "");
    step(&p, GR_AK_FIRE, "Battery Lamothe", "88th Foot");
    step(&p, GR_AK_ATTACK, "2e Cuirassiers", "45th Foot");
    step(&p, GR_AK_HOLD, "82e Ligne", "");
    step(&p, GR_AK_ADVANCE, "2e Leger", "Lawson's battery");
    gr_plan_text(&p, buf, sizeof buf);
    assert_string_equal(buf, "attack: 2e Cuirassiers on 45th Foot; fire: Battery Lamothe at 88th Foot; "
                             "advance: 2e Leger towards Lawson's battery; hold: 66e Ligne, 82e Ligne");
    /* a short buffer is cut, never overrun */
    char small[20];
    gr_plan_text(&p, small, sizeof small);
    assert_string_equal(small, "attack: 2e Cuirassi");
}

/* gr_plan_add reads the action's facts: "done" (no unit) is left out */
static void test_plan_add_leaves_out_done(void **unused)
{
    (void)unused;
    gr_game g;
    void *st = opening(&g);
    gr_action acts[GR_MAX_ACTIONS];
    int n = g.rs->rules->legal_actions(g.scn, st, acts, GR_MAX_ACTIONS);
    assert_true(n > 0);
    gr_plan p;
    gr_plan_init(&p);
    int units = 0;
    for (int i = 0; i < n; i++) {
        gr_action_info ai;
        memset(&ai, 0, sizeof ai);
        ai.unit = -1;
        g.rs->ai->action_info(g.scn, st, &acts[i], &ai);
        units += ai.kind != GR_AK_PASS && ai.unit >= 0;
        gr_plan_add(&p, &g, st, &acts[i]);
    }
    assert_int_equal(p.n, units);
    free(st);
    gr_game_free(&g);
}

/* the brigade encounter's opening: both armies whole, nobody shaken, the
 * clock of its timed end as the ruleset gives it */
static void test_standing_at_the_opening(void **unused)
{
    (void)unused;
    char buf[600];
    gr_game g;
    void *st = opening(&g);
    gr_standing_text(&g, st, buf, sizeof buf);
    gr_clock c;
    g.rs->ai->clock(g.scn, st, &c);
    char want[600];
    snprintf(want, sizeof want,
             "French: 100%% of their strength in the field, 0 units shaken; British: 100%% of their strength in "
             "the field, 0 units shaken; %d moves left before the end, the armies level (a win needs %.0f)",
             c.moves_left, c.band);
    assert_string_equal(buf, want);
    free(st);
    gr_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plan_words),
        cmocka_unit_test(test_plan_add_leaves_out_done),
        cmocka_unit_test(test_standing_at_the_opening),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
