/* test_fogn_memo.c - the memo of a search thread (engine/fogn/memo.c):
 * through the game interface, every movement order of a random corps battle
 * is applied without the memo, with it when it has to work the answer out,
 * and with it again when it copies the answer; the three must leave
 * byte-identical states, the same result and the same dice thrown, and a
 * refused order the same reason. The same for every action of a whole
 * random battle, where the memo keeps the cursor walks of the assault and
 * firing steps, the volleys of the fire results and the assault reaches. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/core/hash.h"
#include "../../engine/core/play.h"
#include "../../engine/core/ruleset.h"
#include "../../ai/player.h"
#include "../../engine/core/rng.h"
#include "../../engine/fogn/rules/memo.h"
#include "../../engine/registry.h"

/* movement decisions looked at, and how far into the game to look */
#define MEMO_TEST_DECISIONS 24
#define MEMO_TEST_MAX_STEPS 3000

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return r && *r ? r : ".";
}

/* the corps battle, the scenario these tests play */
static void load_corps_battle(gr_game *g)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/fogn/corps-battle.json", root_dir());
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_game_load(g, path, &err), 0);
}

/* applies a to a copy of st with apply_checked (dice from `seed`), with or
 * without the memo; returns apply_checked's answer and the dice thrown */
static int checked(const gr_game *g, const fogn_state *st, const gr_action *a, unsigned long long seed, fogn_memo *memo,
                   fogn_state *out, long *rolled)
{
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, 3);
    *out = *st;
    int rc = g->rs->fast->apply_checked(g->scn, out, a, &dice, memo);
    *rolled = dice.rolled;
    return rc;
}

/* the same through plain apply, keeping the reason of a refusal */
static int plain(const gr_game *g, const fogn_state *st, const gr_action *a, unsigned long long seed, fogn_memo *memo,
                 fogn_state *out, gr_error *err)
{
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, 4);
    gr_error_clear(err);
    *out = *st;
    return g->rs->fast->apply_memo(g->scn, out, a, &dice, NULL, memo, err);
}

/* Every unit order of 24 movement decisions: no memo, memo working it out,
 * memo copying it; the same state, answer, dice and reason each time. One
 * memo serves the whole game, so an answer kept for an earlier position
 * must never be given for a later one. */
static void test_memo_changes_nothing(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps_battle(&g);
    fogn_memo *memo = fogn_memo_create();
    assert_non_null(memo);
    fogn_state st, a0, a1, a2;
    g.rs->rules->init(g.scn, &st);
    gr_rng rng;
    gr_rng_seed(&rng, 19, 1);
    gr_dice game_dice;
    gr_dice_init_rng(&game_dice, 19, 2);
    gr_action cand[GR_MAX_ACTIONS];
    int looked = 0, orders = 0, refused = 0;
    for (int step = 0; step < MEMO_TEST_MAX_STEPS && looked < MEMO_TEST_DECISIONS; step++) {
        if (g.rs->rules->to_move(g.scn, &st) == GR_TERMINAL) break;
        const fogn_scenario *s = g.scn;
        if (st.turn.step == FOGN_ST_MV_UNITS && fogn_mv_actor(s, &st) < s->nunits) {
            looked++;
            int n = g.rs->fast->candidates(g.scn, &st, cand, GR_MAX_ACTIONS);
            for (int i = 0; i < n; i++) {
                unsigned long long seed = (unsigned long long)step * 1000 + (unsigned long long)i;
                long r0, r1, r2;
                int c0 = checked(&g, &st, &cand[i], seed, NULL, &a0, &r0);
                int c1 = checked(&g, &st, &cand[i], seed, memo, &a1, &r1);
                int c2 = checked(&g, &st, &cand[i], seed, memo, &a2, &r2);
                assert_int_equal(c0, c1);
                assert_int_equal(c0, c2);
                assert_int_equal(r0, r1);
                assert_int_equal(r0, r2);
                assert_memory_equal(&a0, &a1, sizeof a0);
                assert_memory_equal(&a0, &a2, sizeof a0);
                gr_error e0, e1;
                int p0 = plain(&g, &st, &cand[i], seed, NULL, &a0, &e0);
                int p1 = plain(&g, &st, &cand[i], seed, memo, &a1, &e1);
                assert_int_equal(p0, p1);
                assert_string_equal(e0.msg, e1.msg);
                assert_memory_equal(&a0, &a1, sizeof a0);
                orders++;
                refused += p0 != 0;
            }
        }
        gr_action a;
        assert_int_equal(gr_play_random_legal(&g, &st, &rng, &a), 0);
        assert_int_equal(g.rs->rules->apply(g.scn, &st, &a, &game_dice, NULL, NULL), 0);
    }
    long hits, misses;
    fogn_memo_stats(memo, &hits, &misses);
    print_message("memo: %d decisions, %d orders (%d refused), %ld answers copied, %ld worked out\n", looked,
                  orders, refused, hits, misses);
    assert_int_equal(looked, MEMO_TEST_DECISIONS);
    assert_true(refused > 0);  /* refusals and their reasons were compared too */
    assert_true(hits >= 2 * misses); /* each compiled order is looked up three times */
    assert_true(misses > 0);
    fogn_memo_free(memo);
    gr_game_free(&g);
}

/* Every action of two random corps battles applied three times from the same
 * position and dice: without the memo, with it, and with it again (a walk
 * of the declarations, intercepts or fire now copied, and the volley of a
 * fire-results step); the same bytes each time. The walks are both worked
 * out and copied, in the assault steps and in the firing steps, and so are
 * the volleys. */
static void test_walks_change_nothing(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps_battle(&g);
    fogn_memo *memo = fogn_memo_create();
    assert_non_null(memo);
    fogn_state st, a0, a1, a2;
    int steps = 0, walk_steps[2] = {0, 0}; /* actions that end in an assault / a firing walk step */
    int volleys = 0;                       /* fire-results steps the actions ran through */
    long again_w = 0, again_v = 0, looked = 0; /* walks and volleys the second application missed; all lookups */
    /* two battles, one memo: the second meets the first's steps and cursors
     * with other positions, which the memo must tell apart */
    for (unsigned long long game = 0; game < 2; game++) {
        g.rs->rules->init(g.scn, &st);
        gr_rng rng;
        gr_rng_seed(&rng, 23 + game, 1);
        for (int k = 0; k < MEMO_TEST_MAX_STEPS && g.rs->rules->to_move(g.scn, &st) != GR_TERMINAL; k++, steps++) {
            gr_action a;
            assert_int_equal(gr_play_random_legal(&g, &st, &rng, &a), 0);
            unsigned long long seed = 5000 + 100000 * game + (unsigned long long)k;
            gr_error e0;
            int p0 = plain(&g, &st, &a, seed, NULL, &a0, &e0);
            long h0, m0, h1, m1, h2, m2, vh0, vm0, vh1, vm1, vh2, vm2;
            fogn_memo_walk_stats(memo, &h0, &m0);
            fogn_memo_volley_stats(memo, &vh0, &vm0);
            int p1 = plain(&g, &st, &a, seed, memo, &a1, &e0);
            fogn_memo_walk_stats(memo, &h1, &m1);
            fogn_memo_volley_stats(memo, &vh1, &vm1);
            int p2 = plain(&g, &st, &a, seed, memo, &a2, &e0);
            fogn_memo_walk_stats(memo, &h2, &m2);
            fogn_memo_volley_stats(memo, &vh2, &vm2);
            assert_int_equal(p0, 0);
            assert_int_equal(p1, 0);
            assert_int_equal(p2, 0);
            assert_memory_equal(&a0, &a1, sizeof a0);
            assert_memory_equal(&a0, &a2, sizeof a0);
            /* the second application looks up the same walks and volleys, and copies each one the first
             * left in the table: a miss again only where two of one application's walks (or volleys)
             * share a slot of the direct-mapped table, the later one evicting the earlier */
            assert_int_equal((h2 - h1) + (m2 - m1), (h1 - h0) + (m1 - m0));
            assert_int_equal((vh2 - vh1) + (vm2 - vm1), (vh1 - vh0) + (vm1 - vm0));
            again_w += m2 - m1;
            again_v += vm2 - vm1;
            looked += (h1 - h0) + (m1 - m0) + (vh1 - vh0) + (vm1 - vm0);
            volleys += (int)((vh1 - vh0) + (vm1 - vm0));
            if (a0.turn.step == FOGN_ST_AS_DECLARE || a0.turn.step == FOGN_ST_AS_INTERCEPT) walk_steps[0]++;
            if (a0.turn.step == FOGN_ST_FI_ALLOC_A || a0.turn.step == FOGN_ST_FI_ALLOC_N) walk_steps[1]++;
            st = a0;
        }
    }
    long hits, misses;
    fogn_memo_walk_stats(memo, &hits, &misses);
    print_message("walks: %d actions, %d / %d stopped in assault / firing walk steps, %ld walks copied, %ld worked "
                  "out; %ld of %ld lookups missed again (slots shared)\n", steps, walk_steps[0], walk_steps[1], hits,
                  misses, again_w + again_v, looked);
    assert_true((again_w + again_v) * 100 <= looked); /* shared slots are rare: at most 1 in 100 */
    assert_true(walk_steps[0] > 0);
    assert_true(walk_steps[1] > 0);
    assert_true(misses > 0);
    assert_true(hits + 2 * again_w >= misses); /* the second application copies every walk but those */
    long vhits, vmisses;
    fogn_memo_volley_stats(memo, &vhits, &vmisses);
    print_message("volleys: %d met, %ld copied, %ld built\n", volleys, vhits, vmisses);
    assert_true(volleys > 0);
    assert_true(vmisses > 0);
    assert_true(vhits + 2 * again_v >= vmisses);
    fogn_memo_free(memo);
    gr_game_free(&g);
}

/* The state's hash (fogn_state_hash, the memo's and the search's keys)
 * reads every byte a rule can read and passes over the empty slots after
 * the scenario's units and commanders: a unit's place, a commander's, the
 * step each change it; a byte in an empty slot does not, and the hash of a
 * state as it starts is the hash of its bytes up to the last commander the
 * scenario has, fed in three runs */
static void test_state_hash_reads_the_scenarios_own_slots(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps_battle(&g);
    const fogn_scenario *s = g.scn;
    assert_true(s->nunits < FOGN_MAX_UNITS && s->ncmdrs < FOGN_MAX_CMDRS);
    fogn_state st, t;
    g.rs->rules->init(g.scn, &st);
    const uint64_t seed = 12345;
    uint64_t h = fogn_state_hash(s, &st, seed);
    assert_true(gr_rs_state_hash(g.rs, g.scn, &st, seed) == h); /* the ruleset's table hands it to the search */
    uint64_t want = gr_hash_bytes(&st, offsetof(fogn_state, c), seed);
    want = gr_hash_bytes(st.c, (size_t)s->ncmdrs * sizeof st.c[0], want);
    want = gr_hash_bytes(st.u, (size_t)s->nunits * sizeof st.u[0], want);
    assert_true(h == want);
    t = st;
    t.u[s->nunits - 1].x += 0.25;
    assert_true(fogn_state_hash(s, &t, seed) != h);
    t = st;
    t.c[s->ncmdrs - 1].y += 0.25;
    assert_true(fogn_state_hash(s, &t, seed) != h);
    t = st;
    t.turn.step++;
    assert_true(fogn_state_hash(s, &t, seed) != h);
    t = st;
    t.u[s->nunits].x = 7;
    t.c[s->ncmdrs].x = 7;
    assert_true(fogn_state_hash(s, &t, seed) == h);
    assert_true(gr_hash_bytes(&t, sizeof t, seed) != gr_hash_bytes(&st, sizeof st, seed)); /* every byte: changed */
    gr_game_free(&g);
}

/* The state's span (gr_fast.state_span): the bytes up to the scenario's last
 * unit. A whole random corps battle played from a state whose bytes past
 * the span hold a pattern, and from one whose bytes there are zero, with the
 * same actions and dice: every action leaves the two spans identical (no
 * rule read the pattern) and both tails as they were (no rule wrote there),
 * refused actions, whose state the step driver restores, among them. */
static void test_state_span_holds_every_byte_a_game_touches(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps_battle(&g);
    const fogn_scenario *s = g.scn;
    size_t span = gr_rs_state_span(g.rs, g.scn);
    assert_true(span == offsetof(fogn_state, u) + (size_t)s->nunits * sizeof(fogn_unit));
    assert_true(span < sizeof(fogn_state));
    size_t tail = sizeof(fogn_state) - span;
    static fogn_state a, b;
    g.rs->rules->init(g.scn, &a);
    b = a;
    unsigned char zero[sizeof(fogn_state)] = {0}, pattern[sizeof(fogn_state)];
    memset(pattern, 0xa5, sizeof pattern);
    memcpy((unsigned char *)&b + span, pattern, tail);
    assert_memory_equal((unsigned char *)&a + span, zero, tail);
    gr_rng rng;
    gr_rng_seed(&rng, 41, 1);
    int steps = 0, refused = 0;
    for (; steps < MEMO_TEST_MAX_STEPS && g.rs->rules->to_move(g.scn, &a) != GR_TERMINAL; steps++) {
        gr_action act;
        assert_int_equal(gr_play_random_legal(&g, &a, &rng, &act), 0);
        /* every few decisions an order drawn from the candidates, which may be refused */
        gr_action cand[GR_MAX_ACTIONS];
        int nc = g.rs->fast->candidates(g.scn, &a, cand, GR_MAX_ACTIONS);
        if (steps % 5 == 0 && nc > 0) act = cand[gr_rng_below(&rng, (uint32_t)nc)];
        gr_dice da, db;
        gr_dice_init_rng(&da, 9000 + (unsigned long long)steps, 1);
        gr_dice_init_rng(&db, 9000 + (unsigned long long)steps, 1);
        gr_error ea, eb;
        int ra = g.rs->rules->apply(g.scn, &a, &act, &da, NULL, &ea);
        int rb = g.rs->rules->apply(g.scn, &b, &act, &db, NULL, &eb);
        assert_int_equal(ra, rb);
        refused += ra != 0;
        assert_memory_equal(&a, &b, span);
        assert_memory_equal((unsigned char *)&a + span, zero, tail);
        assert_memory_equal((unsigned char *)&b + span, pattern, tail);
    }
    assert_int_equal(g.rs->rules->to_move(g.scn, &a), GR_TERMINAL);
    assert_true(steps > 300 && refused > 0);
    gr_game_free(&g);
}

/* Every action of four random corps battles applied with the memo and
 * without it, the memo set to work out again every assault reach and
 * firer's view it copies (fogn_memo_check): the same bytes after each
 * action, no copy that differs from the answer worked out afresh, reaches
 * copied across the steps of an Assault Phase (a declaration's reach met
 * again by its test, the reactions and the contact) and views copied. */
static void test_reaches_and_views_change_nothing(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps_battle(&g);
    fogn_memo *memo = fogn_memo_create();
    assert_non_null(memo);
    fogn_memo_check(memo, 1);
    fogn_state st, a0, a1;
    int actions = 0, declared = 0;
    for (unsigned long long game = 0; game < 4; game++) {
        g.rs->rules->init(g.scn, &st);
        gr_rng rng;
        gr_rng_seed(&rng, 41 + game, 1);
        for (int k = 0; k < MEMO_TEST_MAX_STEPS && g.rs->rules->to_move(g.scn, &st) != GR_TERMINAL; k++) {
            gr_action a;
            assert_int_equal(gr_play_random_legal(&g, &st, &rng, &a), 0);
            unsigned long long seed = 9000 + 100000 * game + (unsigned long long)k;
            gr_error e;
            assert_int_equal(plain(&g, &st, &a, seed, NULL, &a0, &e), 0);
            assert_int_equal(plain(&g, &st, &a, seed, memo, &a1, &e), 0);
            assert_memory_equal(&a0, &a1, sizeof a0);
            declared += a.type == FOGN_A_ASSAULT;
            actions++;
            st = a0;
        }
    }
    long hits, misses, vhits, vmisses;
    fogn_memo_reach_stats(memo, &hits, &misses);
    fogn_memo_view_stats(memo, &vhits, &vmisses);
    print_message("reaches: %d actions, %d assaults declared, %ld reaches copied, %ld worked out; views: %ld copied, "
                  "%ld worked out; %ld copied wrong\n",
                  actions, declared, hits, misses, vhits, vmisses, fogn_memo_mismatches(memo));
    assert_true(declared > 0);
    assert_true(misses > 0);
    assert_true(hits >= declared); /* each declaration's test at least meets its reach again */
    assert_true(vmisses > 0);
    assert_true(vhits > 0);
    assert_int_equal(fogn_memo_mismatches(memo), 0);
    fogn_memo_free(memo);
    gr_game_free(&g);
}

/* Plays a random corps battle (seed) from its start, a random legal order
 * drawn at each decision, until `found` says the position and the order
 * drawn there are the ones looked for; that order is in *a, not applied. */
static void play_until(const gr_game *g, fogn_state *st, unsigned long long seed,
                       bool (*found)(const fogn_scenario *s, const fogn_state *st, const gr_action *a), gr_action *a)
{
    g->rs->rules->init(g->scn, st);
    gr_rng rng;
    gr_rng_seed(&rng, seed, 1);
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, 2);
    for (int k = 0; k < MEMO_TEST_MAX_STEPS && g->rs->rules->to_move(g->scn, st) != GR_TERMINAL; k++) {
        assert_int_equal(gr_play_random_legal(g, st, &rng, a), 0);
        if (found(g->scn, st, a)) return;
        assert_int_equal(g->rs->rules->apply(g->scn, st, a, &dice, NULL, NULL), 0);
    }
    fail_msg("the game ended before the position looked for");
}

static bool declares_an_assault(const fogn_scenario *s, const fogn_state *st, const gr_action *a)
{
    (void)s;
    (void)st;
    return a->type == FOGN_A_ASSAULT;
}

/* a firing decision whose firer has a target in its kept view */
static bool fires_with_a_target(const fogn_scenario *s, const fogn_state *st, const gr_action *a)
{
    (void)a;
    int step = st->turn.step, c = st->turn.cursor;
    return (step == FOGN_ST_FI_ALLOC_A || step == FOGN_ST_FI_ALLOC_N) && c < s->nunits && st->u[c].fview;
}

/* The reach's key, at the first assault declared in a random corps battle
 * (unit i on enemy j, so i reaches j): the same position with i's assault
 * under way (its target, its progress, the flags of an assault and of a
 * test taken) and j's reaction chosen is the same key, and the memo copies
 * the reach; j 20 MU farther off is another key, and the memo works out
 * that j is out of reach (§6.1: no assault beyond the move). */
static void test_reach_key_leaves_out_the_bookkeeping_only(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps_battle(&g);
    const fogn_scenario *s = g.scn;
    fogn_memo *memo = fogn_memo_create();
    assert_non_null(memo);
    fogn_state st;
    gr_action a;
    play_until(&g, &st, 41, declares_an_assault, &a);
    int i = a.actor, j = a.target;
    fogn_reach r0, r1, fresh;
    long h0, m0, h1, m1;
    assert_int_equal(fogn_memo_reach(s, &st, i, j, &r0, memo), 1);
    fogn_memo_reach_stats(memo, &h0, &m0);
    assert_int_equal(m0, 1);
    fogn_state t = st;
    t.u[i].target = (int8_t)j;
    t.u[i].astate = 5;
    t.u[i].flags |= FOGN_UF_ASSAULTING | FOGN_UF_TOOK_CMT;
    t.u[j].reaction = 2;
    assert_int_equal(fogn_memo_reach(s, &t, i, j, &r1, memo), 1);
    fogn_memo_reach_stats(memo, &h1, &m1);
    assert_int_equal(h1, h0 + 1);
    assert_memory_equal(&r0, &r1, sizeof r0);
    t = st;
    double dx = t.u[j].x - t.u[i].x, dy = t.u[j].y - t.u[i].y, len = sqrt(dx * dx + dy * dy);
    t.u[j].x += 20 * dx / len;
    t.u[j].y += 20 * dy / len;
    int want = fogn_assault_reach(s, &t, i, j, &fresh, NULL);
    assert_int_equal(want, 0);
    assert_int_equal(fogn_memo_reach(s, &t, i, j, &r1, memo), want);
    assert_memory_equal(&r1, &fresh, sizeof fresh);
    fogn_memo_free(memo);
    gr_game_free(&g);
}

/* The view's key, at the first firing decision of a random corps battle
 * whose firer f sees a target t (its view kept in the state): f's view
 * worked out again through the memo is the one kept; with the other units'
 * fire choices made (targets, options, FIRED marks) and their views kept it
 * is the same key, and copied; with t carried 40 MU farther off it is
 * another, worked out as without the memo (t out of sight or out of range
 * now, §7.2). */
static void test_view_key_leaves_out_the_fire_choices_only(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps_battle(&g);
    const fogn_scenario *s = g.scn;
    fogn_memo *memo = fogn_memo_create();
    assert_non_null(memo);
    fogn_state st;
    gr_action a;
    play_until(&g, &st, 43, fires_with_a_target, &a);
    int f = st.turn.cursor;
    int t = __builtin_ctzll(st.u[f].fview);
    fogn_state base = st;
    base.u[f].fview_band = 0;
    base.u[f].fview = 0;
    fogn_state x = base;
    long h0, m0, h1, m1;
    fogn_fi_prepare_memo(s, &x, f, memo);
    fogn_memo_view_stats(memo, &h0, &m0);
    assert_int_equal(m0, 1);
    assert_int_equal(x.u[f].fview_band, st.u[f].fview_band);
    assert_true(x.u[f].fview == st.u[f].fview);
    x = base;
    for (int k = 0; k < s->nunits; k++) {
        if (k == f) continue;
        x.u[k].target = (int8_t)t;
        x.u[k].fire_opt = 1;
        x.u[k].flags |= FOGN_UF_FIRED;
        x.u[k].fview_band = FOGN_RANGE_LONG + 1;
        x.u[k].fview = 1;
    }
    fogn_fi_prepare_memo(s, &x, f, memo);
    fogn_memo_view_stats(memo, &h1, &m1);
    assert_int_equal(h1, h0 + 1);
    assert_int_equal(x.u[f].fview_band, st.u[f].fview_band);
    assert_true(x.u[f].fview == st.u[f].fview);
    x = base;
    double dx = x.u[t].x - x.u[f].x, dy = x.u[t].y - x.u[f].y, len = sqrt(dx * dx + dy * dy);
    x.u[t].x += 40 * dx / len;
    x.u[t].y += 40 * dy / len;
    fogn_state fresh = x;
    fogn_fi_prepare(s, &fresh, f);
    fogn_fi_prepare_memo(s, &x, f, memo);
    fogn_memo_view_stats(memo, &h0, &m0);
    assert_int_equal(m0, m1 + 1);
    assert_false(x.u[f].fview >> t & 1);
    assert_memory_equal(&x, &fresh, sizeof x);
    fogn_memo_free(memo);
    gr_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_memo_changes_nothing),
        cmocka_unit_test(test_walks_change_nothing),
        cmocka_unit_test(test_state_hash_reads_the_scenarios_own_slots),
        cmocka_unit_test(test_state_span_holds_every_byte_a_game_touches),
        cmocka_unit_test(test_reaches_and_views_change_nothing),
        cmocka_unit_test(test_reach_key_leaves_out_the_bookkeeping_only),
        cmocka_unit_test(test_view_key_leaves_out_the_fire_choices_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
