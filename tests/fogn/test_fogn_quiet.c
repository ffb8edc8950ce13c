/* test_fogn_quiet.c - the search's "no move without a reason" (ai/quiet.h)
 * on fogn positions: which orders must show a reason at each level, and
 * which alternative of a finished search is played, given the visits and
 * mean scores a search would have left. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../ai/quiet.h"
#include "../../ai/player.h"

typedef struct qfix {
    fogn_scenario *s;
    fogn_state st;
    gr_game g;
} qfix;

/* side 0: a foot battery (u0) and an infantry battalion (u1) in the open,
 * both facing an enemy battalion (u2) 10 MU up the table */
static int setup(void **state)
{
    qfix *q = calloc(1, sizeof *q);
    q->s = fx_scenario();
    fx_unit(q->s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 10, 90);
    fx_unit(q->s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 10, 90);
    fx_unit(q->s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 25, 20, -90);
    fx_state(q->s, &q->st, 0);
    q->g.rs = &fogn_ruleset;
    q->g.scn = q->s;
    *state = q;
    return 0;
}

static int teardown(void **state)
{
    qfix *q = *state;
    free(q->s);
    free(q);
    return 0;
}

static gr_action parse(const qfix *q, const char *text)
{
    return fx_parse(q->s, &q->st, text);
}

static int needs(const qfix *q, const char *text, int level)
{
    gr_action a = parse(q, text);
    return gr_quiet_needs_reason(&q->g, &q->st, &a, level);
}

static void test_which_orders_need_a_reason(void **state)
{
    qfix *q = *state;
    /* off: none */
    assert_false(needs(q, "u0 turn 180", GR_QUIET_OFF));
    /* guns: any move of the battery, whatever its kind; not the infantry's */
    assert_true(needs(q, "u0 turn 180", GR_QUIET_GUNS));
    assert_true(needs(q, "u0 limber fwd", GR_QUIET_GUNS));
    assert_false(needs(q, "u0 hold", GR_QUIET_GUNS));
    assert_false(needs(q, "u1 turn 180", GR_QUIET_GUNS));
    assert_false(needs(q, "u1 fallback", GR_QUIET_GUNS));
    /* all: the infantry's turns and falls back too, never its advance or its hold */
    assert_true(needs(q, "u1 turn 180", GR_QUIET_ALL));
    assert_true(needs(q, "u1 fallback", GR_QUIET_ALL));
    assert_false(needs(q, "u1 advance u2 to 6", GR_QUIET_ALL));
    assert_false(needs(q, "u1 hold", GR_QUIET_ALL));
    assert_false(needs(q, "done", GR_QUIET_ALL));
}

/* an analysis of two alternatives: text a with (visits, mean), then text b */
static gr_analysis two(const qfix *q, const char *a, long va, double ma, const char *b, long vb, double mb)
{
    gr_analysis an;
    memset(&an, 0, sizeof an);
    an.n = 2;
    an.alt[0] = (gr_choice_stat){.a = parse(q, a), .visits = va, .value = ma};
    an.alt[1] = (gr_choice_stat){.a = parse(q, b), .visits = vb, .value = mb};
    return an;
}

static void test_guns_hold_when_the_turn_is_within_the_noise(void **state)
{
    qfix *q = *state;
    /* 60 and 40 visits: the means are uncertain by 0.5/sqrt(n) each, 2 x 0.10 together; 0.03 apart is noise */
    gr_analysis an = two(q, "u0 turn 180", 60, 0.53, "u0 hold", 40, 0.50);
    assert_int_equal(gr_quiet_pick(&q->g, &q->st, &an, GR_QUIET_GUNS, NULL), 1);
    assert_int_equal(gr_quiet_apply(&q->g, &q->st, &an, GR_QUIET_GUNS, NULL), 1);
    char text[64];
    fogn_ruleset.present->format_action(q->s, &q->st, &an.alt[0].a, text, sizeof text);
    assert_string_equal(text, "u0 hold");
    fogn_ruleset.present->format_action(q->s, &q->st, &an.alt[1].a, text, sizeof text);
    assert_string_equal(text, "u0 turn 180");
    /* level off: the most visited stands */
    an = two(q, "u0 turn 180", 60, 0.53, "u0 hold", 40, 0.50);
    assert_int_equal(gr_quiet_pick(&q->g, &q->st, &an, GR_QUIET_OFF, NULL), 0);
}

static void test_guns_move_when_the_search_tells_it_apart(void **state)
{
    qfix *q = *state;
    /* 4000 and 2000 visits: noise 2 x 0.0137 = 0.027; 0.10 apart is a reason */
    gr_analysis an = two(q, "u0 limber fwd", 4000, 0.60, "u0 hold", 2000, 0.50);
    assert_int_equal(gr_quiet_pick(&q->g, &q->st, &an, GR_QUIET_GUNS, NULL), 0);
    /* however many visits, GR_QUIET_EVEN is the least gap that counts */
    an = two(q, "u0 limber fwd", 10000000, 0.502, "u0 hold", 10000000, 0.500);
    assert_int_equal(gr_quiet_pick(&q->g, &q->st, &an, GR_QUIET_GUNS, NULL), 1);
}

/* the reversal rule (GR_QUIET_GUNS and up): u1 went 6 MU north in its
 * side's last move (player-move 3), stood in the enemy's (4), and in move 5
 * is told to fall back: that takes it back the way it came, so within the
 * search's noise it holds; going on north needs no reason, nor does a unit
 * whose last move went nowhere */
static void test_a_unit_sent_back_the_way_it_came_holds_within_the_noise(void **state)
{
    qfix *q = *state;
    fogn_state now = q->st, m3 = q->st, m4 = q->st;
    now.move = 5;
    m3.move = 3;
    m4.move = 4;
    m3.u[1].y = 4;
    gr_quiet_memory mem;
    gr_quiet_memory_init(&mem);
    gr_quiet_see(&mem, &q->g, &m3);
    gr_quiet_see(&mem, &q->g, &m4);
    gr_quiet_see(&mem, &q->g, &now);
    assert_int_equal(mem.when[1], 3);
    ASSERT_NEAR(mem.vy[1], 6, 1e-9);
    assert_int_equal(mem.when[0], -1); /* the battery stood */
    gr_action back = fx_parse(q->s, &now, "u1 fallback"), on = fx_parse(q->s, &now, "u1 advance u2 to 6");
    assert_true(gr_quiet_reverses(&q->g, &now, &back, &mem));
    assert_false(gr_quiet_reverses(&q->g, &now, &on, &mem));
    gr_analysis an;
    memset(&an, 0, sizeof an);
    an.n = 2;
    an.alt[0] = (gr_choice_stat){.a = back, .visits = 60, .value = 0.53};
    an.alt[1] = (gr_choice_stat){.a = fx_parse(q->s, &now, "u1 hold"), .visits = 40, .value = 0.50};
    assert_int_equal(gr_quiet_pick(&q->g, &now, &an, GR_QUIET_GUNS, &mem), 1);
    assert_int_equal(gr_quiet_pick(&q->g, &now, &an, GR_QUIET_GUNS, NULL), 0);
    assert_int_equal(gr_quiet_pick(&q->g, &now, &an, GR_QUIET_OFF, &mem), 0);
    /* told apart from the hold, it goes */
    an.alt[0].visits = 4000;
    an.alt[0].value = 0.60;
    an.alt[1].visits = 2000;
    assert_int_equal(gr_quiet_pick(&q->g, &now, &an, GR_QUIET_GUNS, &mem), 0);
    /* a move later the memory is of move 5, not of the side's last move */
    fogn_state m6 = now;
    m6.move = 6;
    gr_quiet_see(&mem, &q->g, &m6);
    fogn_state m7 = now;
    m7.move = 7;
    gr_quiet_see(&mem, &q->g, &m7);
    assert_false(gr_quiet_reverses(&q->g, &m7, &back, &mem));
    /* a counter that goes back is a new game: nothing remembered */
    gr_quiet_see(&mem, &q->g, &m3);
    assert_int_equal(mem.when[1], -1);
}

/* only the same unit's hold stands in: another unit's hold, or no hold tried, changes nothing */
static void test_only_the_same_units_hold_stands_in(void **state)
{
    qfix *q = *state;
    gr_analysis an = two(q, "u0 turn 180", 60, 0.53, "u1 hold", 40, 0.50);
    assert_int_equal(gr_quiet_pick(&q->g, &q->st, &an, GR_QUIET_ALL, NULL), 0);
    an = two(q, "u0 turn 180", 60, 0.53, "u0 hold", 0, 0.0);
    assert_int_equal(gr_quiet_pick(&q->g, &q->st, &an, GR_QUIET_ALL, NULL), 0);
}

/* NaiveMCTS plays quietly too: `quiet=N` in its spec (default the same level
 * as MCTS), and the order it plays is its analysis's first, which the
 * quiet rule would not change again */
static void test_naive_plays_quietly(void **state)
{
    qfix *q = *state;
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_player_create("naive:iters=40,quiet=3", &q->g, 1, &err));
    ASSERT_HAS(err.msg, "quiet");
    for (unsigned long long seed = 1; seed <= 6; seed++) {
        gr_error_clear(&err);
        gr_player *p = gr_player_create("naive:iters=60,quiet=2", &q->g, seed, &err);
        if (!p) fail_msg("%s", err.msg);
        gr_action a;
        if (p->choose(p, &q->g, &q->st, &a, &err)) fail_msg("%s", err.msg);
        gr_analysis an;
        if (p->analysis && !p->analysis(p, &an)) {
            assert_memory_equal(&an.alt[0].a, &a, sizeof a);
            assert_int_equal(gr_quiet_pick(&q->g, &q->st, &an, GR_QUIET_ALL, NULL), 0);
        }
        gr_player_free(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_which_orders_need_a_reason, setup, teardown),
        cmocka_unit_test_setup_teardown(test_guns_hold_when_the_turn_is_within_the_noise, setup, teardown),
        cmocka_unit_test_setup_teardown(test_guns_move_when_the_search_tells_it_apart, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_unit_sent_back_the_way_it_came_holds_within_the_noise, setup, teardown),
        cmocka_unit_test_setup_teardown(test_only_the_same_units_hold_stands_in, setup, teardown),
        cmocka_unit_test_setup_teardown(test_naive_plays_quietly, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
