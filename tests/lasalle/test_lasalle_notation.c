/* test_lasalle_notation.c - the Lasalle notation: every legal action of
 * positions met in random games is printed and read back to itself, and
 * the same in the bundled scenario's opening; typed orders that name
 * nothing, or are not orders, are refused saying what was expected. */
#include "lasalle_fixture.h"

#include "../../engine/core/fsutil.h"

/* every legal action now reads back to itself */
static void roundtrip_all(const gr_game *g, const void *st)
{
    gr_action acts[GR_MAX_ACTIONS], back;
    int n = g->rs->rules->legal_actions(g->scn, st, acts, GR_MAX_ACTIONS);
    assert_true(n >= 1);
    for (int k = 0; k < n; k++) {
        char text[256];
        gr_error err;
        gr_error_clear(&err);
        g->rs->present->format_action(g->scn, st, &acts[k], text, sizeof text);
        if (g->rs->present->parse_action(g->scn, st, text, &back, &err)) fail_msg("'%s' does not read: %s", text, err.msg);
        if (back.type != acts[k].type || back.actor != acts[k].actor || back.target != acts[k].target ||
            back.arg != acts[k].arg || memcmp(back.p, acts[k].p, sizeof back.p))
            fail_msg("'%s' reads back as another action (type %d/%d, arg %d/%d)", text, acts[k].type, back.type,
                     acts[k].arg, back.arg);
    }
}

static void test_roundtrip_in_random_games(void **state)
{
    (void)state;
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    char path[1024];
    assert_int_equal(gr_find_data("scenarios/lasalle/brigade-clash.json", path, sizeof path), 0);
    if (gr_game_load(&g, path, &err)) fail_msg("%s", err.msg);
    lasalle_state st;
    for (unsigned seed = 1; seed <= 4; seed++) {
        g.rs->rules->init(g.scn, &st);
        gr_dice dice;
        gr_dice_init_rng(&dice, seed, 1);
        gr_rng pick;
        gr_rng_seed(&pick, seed, 2);
        for (int moves = 0; moves < 400 && g.rs->rules->to_move(g.scn, &st) != GR_TERMINAL; moves++) {
            roundtrip_all(&g, &st);
            gr_action acts[GR_MAX_ACTIONS];
            int n = g.rs->rules->legal_actions(g.scn, &st, acts, GR_MAX_ACTIONS);
            /* favour anything but "done", so the games go somewhere */
            int k = (int)gr_rng_below(&pick, (uint32_t)n);
            if (acts[k].type == LASALLE_A_DONE && n > 1) k = 0;
            if (g.rs->rules->apply(g.scn, &st, &acts[k], &dice, NULL, &err)) fail_msg("%s", err.msg);
        }
    }
    gr_game_free(&g);
}

static void test_refusals(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "column", 16, 6, 90) "]", "[" LS_FAR "]", "");
    ls_refused(&f, "u9 move 2", "there is no unit u9 (the units are u0 to u1)");
    ls_refused(&f, "c7 hold", "there is no officer c7 (the officers are c0 to c3)");
    ls_refused(&f, "u0 form blob", "'blob' is not a formation");
    ls_refused(&f, "u0 gallop", "'u0 gallop' is not a Lasalle order: expected 'done', 'uN hold', 'uN move 4'");
    ls_refused(&f, "u0 move 0", "the move goes nowhere: order 'hold' instead");
    ls_refused(&f, "u0 move 2 back 1", "a move goes either forward or back (retrograde), not both");
    /* numbers no table holds are refused before any geometry sees them */
    ls_refused(&f, "u0 form line move -51722222222222222222222222222222222", "is no distance, angle or place on a table");
    ls_refused(&f, "u0 wheel 5e34 move 2", "is no distance, angle or place on a table (at most 1000)");
    ls_refused(&f, "u0 back 5e34", "is no distance, angle or place on a table");
    ls_refused(&f, "u1 move 2", "it is 1/45e's decision now, not this one");
    ls_refused(&f, "fight u0", "it is 1/45e's decision now, not this one");
    ls_do(&f, "u0 hold");
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_in_random_games),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
