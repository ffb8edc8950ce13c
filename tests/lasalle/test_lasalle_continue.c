/* test_lasalle_continue.c - Continuing Games and Campaigns [H, p.79]
 * (engine/lasalle/campaign/): the Overrun mark set where a combat breaks a
 * unit; finished positions sorted and tested with scripted dice (Overrun
 * -1, pursued -1, Stay +1, the subcommander's vigor (none for an
 * independent unit, an aide's own), natural 1 and 6, the discipline's
 * need), the Stay/Leave choices after a draw, the pursuit after a victory;
 * unfinished games refused; the next battle's scenario;
 * and `grognard lasalle continue` run on a recorded game, with its usage
 * errors. */
#include "lasalle_fixture.h"
#include "../../engine/lasalle/campaign/campaign.h"
#include "verb_capture.h"
#include "../../engine/core/play.h"
#include "../../engine/core/record.h"

#include <unistd.h>

#define OUT_MAX (1 << 16)

/* French: 0 A1 (experienced), 1 A2 (amateur), 2 Chasseurs (cavalry); Austrians: 3 B1, 4 B2 */
#define FRENCH                                                                                                     \
    "[" LS_INF("A1", "small", "experienced", "line", 4, 6, 90) ", " LS_INF("A2", "small", "amateur", "line", 10, 6, \
                                                                           90) ", " LS_CAV("Chasseurs", "small",       \
                                                                                           "experienced", "waves", 22, \
                                                                                           6, 90) "]"
#define AUSTRIANS                                                                                                  \
    "[" LS_INF("B1", "small", "experienced", "line", 4, 18, 270) ", " LS_INF("B2", "small", "amateur", "line", 10, \
                                                                             18, 270) "]"

/* the game over: `broke` the side whose army broke, -1 a draw at time */
static void finish(ls_fix *f, int broke)
{
    f->st.end = (uint8_t)(broke >= 0 ? LASALLE_END_MORALE : LASALLE_END_TIME);
    f->st.active = (uint8_t)(broke >= 0 ? broke : 1);
    f->st.winner = (int8_t)(broke >= 0 ? broke ^ 1 : -1);
    f->st.turn.over = 1;
}

static void broke(ls_fix *f, int i, int overrun)
{
    f->st.u[i].status = LASALLE_BROKEN;
    if (overrun) f->st.u[i].flags |= LASALLE_UF_OVERRUN;
}

/* sorts and tests with the dice given */
static void recover(ls_fix *f, const int choice[2], lasalle_campaign *c, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < LS_MAX_SCRIPT; i++) f->script[i] = va_arg(ap, int);
    va_end(ap);
    gr_dice_init_script(&f->dice, f->script, n);
    gr_dice_set_log(&f->dice, &f->log);
    if (lasalle_campaign_sort(f->s, &f->st, choice, c, &f->err)) fail_msg("refused: %s", f->err.msg);
    if (lasalle_campaign_recover(f->s, &f->st, c, &f->dice, &f->err)) fail_msg("the dice failed: %s", f->err.msg);
    assert_int_equal(f->dice.pos, n); /* every die scripted was thrown */
}

/* ---- the Overrun mark, set where a combat breaks a unit [H, p.79; E, p.59] ------------------------------- */

static int combat(ls_fix *f, const char *fr, const char *au, double y, int form, int n, const int *dice)
{
    ls_load(f, 0, fr, au, "");
    ls_place(f, 1, 16, y, 270, form);
    f->st.u[1].flags |= LASALLE_UF_CHARGER;
    for (int i = 0; i < n; i++) f->script[i] = dice[i];
    gr_dice_init_script(&f->dice, f->script, n);
    gr_dice_set_log(&f->dice, &f->log);
    return ls_run_to(f, LASALLE_ST_COMBAT_BEGIN);
}

/* artillery broken in combat is Overrun, for any enemy [H, p.79] */
static void test_overrun_artillery(void **state)
{
    (void)state;
    ls_fix f;
    const int d[] = {1, 1, 5, 1, 1, 1, 1, 1};
    assert_int_equal(combat(&f, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 16, 6, 90) "]",
                            "[" LS_CAV("Hussars", "small", "experienced", "waves", 16, 20, 270) "]", 6, LASALLE_WAVES,
                            8, d),
                     0);
    LS_ASSERT_LOGGED(&f, "6pdr breaks in a decisive defeat (E, p.59)");
    assert_true(f.st.u[0].flags & LASALLE_UF_OVERRUN);
    assert_false(f.st.u[1].flags & LASALLE_UF_OVERRUN);
    ls_free(&f);
}

/* infantry broken in combat against cavalry is Overrun; against infantry it is Worn-Out [H, p.79] */
static void test_overrun_infantry(void **state)
{
    (void)state;
    /* a line with 3 DISR of 4 loses: its fourth DISR breaks it in the combat */
    ls_fix g;
    const char *fr = "[" LS_INF("1/45e", "small", "experienced", "line", 16, 6, 90) "]";
    ls_load(&g, 0, fr, "[" LS_CAV("Hussars", "small", "experienced", "waves", 16, 20, 270) "]", "");
    ls_place(&g, 1, 16, 6, 270, LASALLE_WAVES);
    g.st.u[1].flags |= LASALLE_UF_CHARGER;
    g.st.u[0].disr = 3;
    ls_dice(&g, 12, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5, 5);
    assert_int_equal(ls_run_to(&g, LASALLE_ST_COMBAT_BEGIN), 0);
    LS_ASSERT_LOGGED(&g, "1/45e breaks");
    assert_int_equal(g.st.u[0].status, LASALLE_BROKEN);
    assert_true(g.st.u[0].flags & LASALLE_UF_OVERRUN);
    ls_free(&g);

    /* the same line broken by an infantry column: Worn-Out */
    ls_fix h;
    ls_load(&h, 0, fr, "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]", "");
    ls_place(&h, 1, 16, 6, 270, LASALLE_COLUMN);
    h.st.u[1].flags |= LASALLE_UF_CHARGER;
    h.st.u[0].disr = 3;
    ls_dice(&h, 12, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5, 5);
    assert_int_equal(ls_run_to(&h, LASALLE_ST_COMBAT_BEGIN), 0);
    LS_ASSERT_LOGGED(&h, "1/45e breaks");
    assert_int_equal(h.st.u[0].status, LASALLE_BROKEN);
    assert_false(h.st.u[0].flags & LASALLE_UF_OVERRUN);
    ls_free(&h);
}

/* ---- the tests after the battle [H, p.79] -------------------------------------------------------------- */

/* a draw: the French stay (+1), the Austrians give no choice and leave: no second day */
static void test_draw_stay_and_leave(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, FRENCH, AUSTRIANS, "");
    finish(&f, -1);
    broke(&f, 0, 0);
    broke(&f, 1, 0);
    broke(&f, 3, 0);
    broke(&f, 4, 1);
    f.st.u[2].disr = 2;
    lasalle_campaign c;
    const int choice[2] = {LASALLE_CHOICE_STAY, LASALLE_CHOICE_NONE};
    /* A1 2+1 = 3 passes (3+); A2 2+1 = 3 fails (Amateur 4+); B1 2 fails; B2 5-1 = 4 passes (Overrun, 4+) */
    recover(&f, choice, &c, 4, 2, 2, 2, 5);
    assert_int_equal(c.broke, -1);
    assert_int_equal(c.choice[0], LASALLE_CHOICE_STAY);
    assert_int_equal(c.choice[1], LASALLE_CHOICE_LEAVE);
    assert_int_equal(c.second_day, 0);
    assert_int_equal(c.u[0].fate, LASALLE_FATE_RETURNS);
    assert_int_equal(c.u[0].m_stay, 1);
    assert_int_equal(c.u[1].fate, LASALLE_FATE_LOST);
    assert_int_equal(c.u[1].need, 4);
    assert_int_equal(c.u[2].fate, LASALLE_FATE_MARCHES);
    assert_int_equal(c.u[2].disr, 2);
    assert_int_equal(c.u[3].fate, LASALLE_FATE_LOST);
    assert_int_equal(c.u[3].m_stay, 0);
    assert_int_equal(c.u[4].overrun, 1);
    assert_int_equal(c.u[4].m_overrun, -1);
    assert_int_equal(c.u[4].fate, LASALLE_FATE_RETURNS);
    assert_int_equal(c.returns[0], 1);
    assert_int_equal(c.lost[0], 1);
    assert_int_equal(c.returns[1], 1);
    assert_int_equal(c.lost[1], 1);
    LS_ASSERT_LOGGED(&f, "the recovery test of B2 (H, p.79)");
    /* both stay: a second battle */
    const int both[2] = {LASALLE_CHOICE_STAY, LASALLE_CHOICE_STAY};
    recover(&f, both, &c, 4, 3, 3, 3, 3);
    assert_int_equal(c.second_day, 1);
    assert_int_equal(c.u[3].m_stay, 1);
    assert_int_equal(c.u[3].fate, LASALLE_FATE_RETURNS);
    ls_free(&f);
}

/* a decisive victory: the Austrians broke and the French cavalry pursues (1 to 0): -1 pursued, -1 Overrun,
 * and the French subcommander's vigor +1 [H, p.79; F, p.67] */
static void test_victory_pursued(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 1, FRENCH, AUSTRIANS, "");
    finish(&f, 1);
    broke(&f, 0, 0);
    broke(&f, 3, 0);
    broke(&f, 4, 1);
    f.st.u[1].status = LASALLE_BROKEN;
    lasalle_campaign c;
    const int none[2] = {LASALLE_CHOICE_NONE, LASALLE_CHOICE_NONE};
    /* A1 2+1 = 3 passes; A2 (Amateur) 3+1 = 4 passes; B1 4-1 = 3 passes; B2 5-1-1 = 3 fails (4+) */
    recover(&f, none, &c, 4, 2, 3, 4, 5);
    assert_int_equal(c.broke, 1);
    assert_int_equal(c.pursuit[0], 1);
    assert_int_equal(c.pursuit[1], 0);
    assert_int_equal(c.pursued[0], 0);
    assert_int_equal(c.pursued[1], 1);
    assert_int_equal(c.u[0].m_vigor, 1);
    assert_int_equal(c.u[0].fate, LASALLE_FATE_RETURNS);
    assert_int_equal(c.u[1].fate, LASALLE_FATE_RETURNS);
    assert_int_equal(c.u[3].m_pursued, -1);
    assert_int_equal(c.u[3].fate, LASALLE_FATE_RETURNS);
    assert_int_equal(c.u[4].m_pursued + c.u[4].m_overrun, -2);
    assert_int_equal(c.u[4].fate, LASALLE_FATE_LOST);
    /* Stay or Leave after a victory is refused */
    const int stay[2] = {LASALLE_CHOICE_NONE, LASALLE_CHOICE_STAY};
    assert_int_equal(lasalle_campaign_sort(f.s, &f.st, stay, &c, &f.err), -1);
    LS_ASSERT_HAS(f.err.msg, "Stay or Leave is chosen after a draw only (H, p.79), and the army of the Austrians broke");
    ls_free(&f);
}

/* a marginal victory: the beaten army's cavalry covers its retreat (pursuit 1 to 1), no -1 [F, p.67] */
static void test_victory_covered(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, FRENCH,
            "[" LS_INF("B1", "small", "experienced", "line", 4, 18, 270) ", " LS_INF(
                "B2", "small", "amateur", "line", 10, 18, 270) ", " LS_CAV("Uhlans", "small", "experienced", "waves",
                                                                           22, 18, 270) "]",
            "");
    finish(&f, 1);
    broke(&f, 3, 0);
    lasalle_campaign c;
    const int none[2] = {LASALLE_CHOICE_NONE, LASALLE_CHOICE_NONE};
    recover(&f, none, &c, 1, 3);
    assert_int_equal(c.pursuit[0], 1);
    assert_int_equal(c.pursuit[1], 1);
    assert_int_equal(c.pursued[1], 0);
    assert_int_equal(c.u[3].m_pursued, 0);
    assert_int_equal(c.u[3].fate, LASALLE_FATE_RETURNS);
    ls_free(&f);
}

/* a natural 6 always passes, a natural 1 always fails, whatever the modifiers [H, p.79] */
static void test_natural_rolls(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 1, FRENCH, AUSTRIANS, "");
    finish(&f, 1);
    broke(&f, 0, 0);
    broke(&f, 4, 1);
    f.st.o[f.s->forces[1].officer].vigor = -1;
    lasalle_campaign c;
    const int none[2] = {LASALLE_CHOICE_NONE, LASALLE_CHOICE_NONE};
    /* A1: 1 + 1 vigor = 2 would fail anyway; B2 (Amateur): 6 - 1 - 1 - 1 = 3 < 4, yet it passes */
    recover(&f, none, &c, 2, 1, 6);
    assert_int_equal(c.u[0].fate, LASALLE_FATE_LOST);
    assert_int_equal(c.u[4].m_vigor, -1);
    assert_int_equal(c.u[4].fate, LASALLE_FATE_RETURNS);
    /* a draw, staying, vigor +1: 1 + 1 + 1 = 3 reaches 3+, but a natural 1 fails */
    finish(&f, -1);
    const int stay[2] = {LASALLE_CHOICE_STAY, LASALLE_CHOICE_NONE};
    recover(&f, stay, &c, 2, 1, 5);
    assert_int_equal(c.u[0].m_stay + c.u[0].m_vigor, 2);
    assert_int_equal(c.u[0].fate, LASALLE_FATE_LOST);
    ls_free(&f);
}

/* a reserve that never came on is not tested; a unit that left the table is, as Worn-Out */
static void test_reserve_and_left(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, FRENCH, AUSTRIANS, "");
    finish(&f, -1);
    f.st.u[0].status = LASALLE_LEFT;
    f.st.u[0].flags |= LASALLE_UF_RESERVE;
    f.st.u[1].status = LASALLE_LEFT;
    lasalle_campaign c;
    const int none[2] = {LASALLE_CHOICE_NONE, LASALLE_CHOICE_NONE};
    recover(&f, none, &c, 1, 4);
    assert_int_equal(c.u[0].fate, LASALLE_FATE_RESERVE);
    assert_int_equal(c.u[1].left, 1);
    assert_int_equal(c.u[1].overrun, 0);
    assert_int_equal(c.u[1].fate, LASALLE_FATE_RETURNS);
    assert_int_equal(c.broken[0], 1);
    ls_free(&f);
}

/* an independent unit has no subcommander: no vigor; a replaced subcommander's vigor counts, and he
 * leads his force in the next battle as an aide with his ratings at the end (R-176) [H, p.73, 79] */
static void test_vigor_independent_and_aide(void **state)
{
    (void)state;
    ls_fix f;
    char *t = ls_text(1, FRENCH, AUSTRIANS, "");
    const char *cut = "}]}, {\"name\": \"Austrians\"";
    char *at = strstr(t, cut);
    assert_non_null(at);
    size_t cap = strlen(t) + 512;
    char *u = malloc(cap);
    assert_non_null(u);
    snprintf(u, cap, "%.*s}], \"independent\": [%s]%s", (int)(at - t), t,
             LS_INF("Tirailleurs", "small", "irregular", "line", 28, 6, 90), at + 2);
    if (ls_try_load(&f, u)) fail_msg("refused: %s", f.err.msg);
    free(t);
    free(u);
    assert_int_equal(f.s->units[3].force, -1);
    finish(&f, -1);
    broke(&f, 0, 0);
    broke(&f, 3, 0);
    int k = f.s->forces[0].officer;
    f.st.o[k].flags |= LASALLE_OF_REPLACED;
    f.st.o[k].vigor = 0; /* the aide: one less than the +1 of the file */
    lasalle_campaign c;
    const int none[2] = {LASALLE_CHOICE_NONE, LASALLE_CHOICE_NONE};
    recover(&f, none, &c, 2, 2, 2); /* A1 2 + 0 fails; the independent 2 fails, no vigor */
    assert_int_equal(c.u[0].officer, k);
    assert_int_equal(c.u[0].m_vigor, 0);
    assert_int_equal(c.u[0].fate, LASALLE_FATE_LOST);
    assert_int_equal(c.u[3].officer, -1);
    assert_int_equal(c.u[3].m_vigor, 0);
    assert_int_equal(c.u[3].fate, LASALLE_FATE_LOST);
    json_t *next = lasalle_campaign_next(f.g.scenario_json, f.s, &f.st, &c, &f.err);
    if (!next) fail_msg("no next battle: %s", f.err.msg);
    json_t *sub = json_object_get(json_array_get(json_object_get(json_array_get(json_object_get(next, "sides"), 0),
                                                                 "forces"), 0), "subcommander");
    assert_string_equal(json_string_value(json_object_get(sub, "name")), "GdB Blue's aide");
    assert_int_equal(json_integer_value(json_object_get(sub, "vigor")), 0);
    assert_null(json_object_get(json_array_get(json_object_get(next, "sides"), 0), "independent"));
    json_decref(next);
    ls_free(&f);
}

/* a game that has not ended is refused, naming why [H, p.79; F, p.66-67] */
static void test_unfinished_refused(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, FRENCH, AUSTRIANS, "");
    lasalle_campaign c;
    const int none[2] = {LASALLE_CHOICE_NONE, LASALLE_CHOICE_NONE};
    assert_int_equal(lasalle_campaign_sort(f.s, &f.st, none, &c, &f.err), -1);
    LS_ASSERT_HAS(f.err.msg, "the game has not ended: it stands at turn 1 of 8, the French moving");
    LS_ASSERT_HAS(f.err.msg, "H, p.79");
    f.st.end = LASALLE_END_LIMIT;
    gr_error_clear(&f.err);
    assert_int_equal(lasalle_campaign_sort(f.s, &f.st, none, &c, &f.err), -1);
    LS_ASSERT_HAS(f.err.msg, "the engine's limit of decisions");
    ls_free(&f);
}

/* ---- the next battle's scenario (R-175) ---------------------------------------------------------------- */

static void test_next_scenario(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, FRENCH, AUSTRIANS, "");
    finish(&f, -1);
    broke(&f, 0, 0);
    broke(&f, 3, 0);
    f.st.u[4].disr = 3;
    lasalle_campaign c;
    const int both[2] = {LASALLE_CHOICE_STAY, LASALLE_CHOICE_STAY};
    recover(&f, both, &c, 2, 1, 6); /* A1 lost, B1 returns */
    json_t *next = lasalle_campaign_next(f.g.scenario_json, f.s, &f.st, &c, &f.err);
    if (!next) fail_msg("no next battle: %s", f.err.msg);
    assert_string_equal(json_string_value(json_object_get(next, "name")), "test, the second day");
    gr_game g;
    if (gr_game_from_json(&g, next, "next.json", &f.err)) fail_msg("the next battle does not load: %s", f.err.msg);
    const lasalle_scenario *s = g.scn;
    assert_int_equal(s->nunits, 4);
    assert_string_equal(s->units[0].name, "A2");
    assert_string_equal(s->units[2].name, "B1");
    assert_int_equal(s->units[3].disr, 0); /* B2's 3 DISR are gone */
    gr_game_free(&g);
    json_decref(next);
    /* an army with nothing left has no next battle */
    broke(&f, 1, 0);
    broke(&f, 2, 0);
    recover(&f, both, &c, 4, 1, 1, 1, 6);
    assert_null(lasalle_campaign_next(f.g.scenario_json, f.s, &f.st, &c, &f.err));
    LS_ASSERT_HAS(f.err.msg, "the army of the French has no unit left");
    ls_free(&f);
}

/* continuing_games in a scenario's options names the verb and the page */
static void test_option_names_the_verb(void **state)
{
    (void)state;
    ls_fix f;
    char *t = ls_text(0, FRENCH, AUSTRIANS, ", \"options\": {\"continuing_games\": true}");
    assert_int_equal(ls_try_load(&f, t), -1);
    free(t);
    LS_ASSERT_HAS(f.err.msg, "$.options.continuing_games: the optional rule Continuing Games and Campaigns (H, p.79) "
                             "is played between two battles");
    LS_ASSERT_HAS(f.err.msg, "grognard lasalle continue FILE --seed N");
}

/* ---- the verb ------------------------------------------------------------------------------------------- */

/* runs `continue ARGS...` (NULL-terminated), standard output and error captured into out; the exit status */
static int run(char *out, const char *arg, ...)
{
    va_list ap;
    va_start(ap, arg);
    int rc = ls_verb_capture(lasalle_continue_verb, "continue", out, OUT_MAX, arg, ap);
    va_end(ap);
    return rc;
}

static void has(const char *out, const char *what) { ls_has(out, what); }

/* a record of the small battle played by random players to its end (whole = 1) or of no action at all */
static void record_game(const char *path, int whole)
{
    ls_fix f;
    ls_load(&f, 0, FRENCH, AUSTRIANS, "");
    gr_record rec;
    gr_record_init(&rec, &f.g, 7);
    gr_play_opts o = {.seed = 7};
    if (whole) {
        lasalle_state st;
        f.g.rs->rules->init(f.g.scn, &st);
        if (gr_play_random(&f.g, &st, &rec, NULL, &o, &f.err) < 0) fail_msg("the game failed: %s", f.err.msg);
        assert_true(st.end == LASALLE_END_MORALE || st.end == LASALLE_END_TIME);
    }
    if (gr_record_save(&rec, path, &f.err)) fail_msg("cannot save: %s", f.err.msg);
    gr_record_free(&rec);
    ls_free(&f);
}

static char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    char *buf = calloc(1, OUT_MAX);
    assert_non_null(buf);
    size_t n = fread(buf, 1, OUT_MAX - 1, fp);
    buf[n] = 0;
    fclose(fp);
    return buf;
}

static void test_verb_on_a_record(void **state)
{
    (void)state;
    char *out = calloc(1, OUT_MAX), *again = calloc(1, OUT_MAX);
    char game[] = "/tmp/lasalle-continue-XXXXXX";
    int fd = mkstemp(game);
    assert_true(fd >= 0);
    close(fd);
    char next[64], next2[64];
    snprintf(next, sizeof next, "%s.next", game);
    snprintf(next2, sizeof next2, "%s.next2", game);
    record_game(game, 1);
    assert_int_equal(run(out, game, "--seed", "3", "--out", next, "--stay-a", "stay", NULL), 0);
    has(out, "Continuing Games and Campaigns (H, p.79): test");
    has(out, "Recovery: all DISR removed");
    has(out, "The next battle: ");
    /* the same seed, the same tests and the same next battle */
    assert_int_equal(run(again, game, "--seed", "3", "--out", next2, "--stay-a", "stay", NULL), 0);
    char *a = slurp(next), *b = slurp(next2);
    assert_string_equal(a, b);
    free(a);
    free(b);
    /* an unfinished game: refused, saying why */
    record_game(game, 0);
    assert_int_equal(run(out, game, "--seed", "3", NULL), 1);
    has(out, "the game has not ended: it stands at turn 1 of 8");
    unlink(game);
    unlink(next);
    unlink(next2);
    free(out);
    free(again);
}

static void test_verb_usage(void **state)
{
    (void)state;
    char *out = calloc(1, OUT_MAX);
    assert_int_equal(run(out, NULL), 2);
    has(out, "GAME");
    assert_int_equal(run(out, "game.json", NULL), 2);
    has(out, "--seed N is needed");
    assert_int_equal(run(out, "game.json", "--seed", "1", "--stay-a", "maybe", NULL), 2);
    has(out, "--stay-a: \"maybe\" is neither stay nor leave");
    assert_int_equal(run(out, "game.json", "--seed", "x", NULL), 2);
    assert_int_equal(run(out, "/nonexistent/game.json", "--seed", "1", NULL), 1);
    has(out, "/nonexistent/game.json");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_overrun_artillery),
        cmocka_unit_test(test_overrun_infantry),
        cmocka_unit_test(test_draw_stay_and_leave),
        cmocka_unit_test(test_victory_pursued),
        cmocka_unit_test(test_victory_covered),
        cmocka_unit_test(test_natural_rolls),
        cmocka_unit_test(test_reserve_and_left),
        cmocka_unit_test(test_vigor_independent_and_aide),
        cmocka_unit_test(test_unfinished_refused),
        cmocka_unit_test(test_next_scenario),
        cmocka_unit_test(test_option_names_the_verb),
        cmocka_unit_test(test_verb_on_a_record),
        cmocka_unit_test(test_verb_usage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
