/* test_dice.c - the three sources of dice: the seeded generator (repeatable,
 * streams independent, fair), scripts (order, re-rolls, running out), and
 * manual entry (prompt, bad input asked again, end of input), plus the
 * log entries every roll leaves behind; and the same for dice of other
 * numbers of faces (a d10, a d2, a d100), with the d6 unchanged by them. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/dice.h"
#include "../engine/core/rng.h"

static void test_dice_rng_repeatable(void **state)
{
    (void)state;
    gr_dice a, b;
    gr_dice_init_rng(&a, 12345, 7);
    gr_dice_init_rng(&b, 12345, 7);
    for (int i = 0; i < 1000; i++) {
        int fa[3], fb[3];
        assert_int_equal(gr_dice_roll(&a, 3, fa, "test"), 3);
        assert_int_equal(gr_dice_roll(&b, 3, fb, "test"), 3);
        assert_memory_equal(fa, fb, sizeof fa);
    }
    assert_int_equal(a.rolled, 3000);
    assert_int_equal(a.failed, 0);
}

/* n d6 from (seed, stream) into out. */
static void sequence(unsigned long long seed, unsigned long long stream, int *out, int n)
{
    gr_dice d;
    gr_dice_init_rng(&d, seed, stream);
    for (int i = 0; i < n; i++) out[i] = gr_dice_d6(&d, "seq");
}

static void test_dice_rng_streams_differ(void **state)
{
    (void)state;
    enum { N = 64 };
    int s0[N], s1[N], t0[N];
    sequence(99, 0, s0, N);
    sequence(99, 1, s1, N);
    sequence(100, 0, t0, N);
    assert_memory_not_equal(s0, s1, sizeof s0);
    assert_memory_not_equal(s0, t0, sizeof s0);
    int same = 0;
    for (int i = 0; i < N; i++) same += s0[i] == s1[i];
    assert_true(same < N / 2);   /* about N/6 expected for independent streams */
}

static void test_dice_rng_uniform(void **state)
{
    (void)state;
    enum { N = 60000 };
    gr_dice d;
    gr_dice_init_rng(&d, 2024, 3);
    long count[7] = {0};
    for (int i = 0; i < N; i++) {
        int f = gr_dice_d6(&d, "uniformity");
        assert_in_range(f, 1, 6);
        count[f]++;
    }
    double expect = N / 6.0, chi2 = 0;
    for (int f = 1; f <= 6; f++) {
        double dv = (double)count[f] - expect;
        chi2 += dv * dv / expect;
    }
    /* 5 degrees of freedom: P(chi2 > 30) is about 1.5e-5 for a fair die */
    assert_true(chi2 < 30.0);
    assert_int_equal(d.rolled, N);
}

static void test_dice_script_order(void **state)
{
    (void)state;
    static const int faces[] = {6, 1, 3, 4, 2, 5};
    gr_dice d;
    gr_dice_init_script(&d, faces, 6);
    assert_int_equal(gr_dice_d6(&d, "first"), 6);
    int out[4];
    assert_int_equal(gr_dice_roll(&d, 4, out, "four"), 4);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 3);
    assert_int_equal(out[2], 4);
    assert_int_equal(out[3], 2);
    assert_int_equal(gr_dice_d6(&d, "last"), 5);
    assert_int_equal(d.rolled, 6);
    assert_int_equal(d.failed, 0);
}

static void test_dice_script_exhausted(void **state)
{
    (void)state;
    static const int faces[] = {2, 2, 2};
    gr_dice d;
    gr_dice_init_script(&d, faces, 3);
    int out[2];
    assert_int_equal(gr_dice_roll(&d, 2, out, "firing of 1/95th Rifles"), 2);
    assert_int_equal(gr_dice_roll(&d, 2, out, "morale of 1/2 Foot Guards"), 0);
    assert_int_equal(d.failed, 1);
    assert_string_equal(d.fail_msg,
        "dice script exhausted after 3 dice while rolling for morale of 1/2 Foot Guards");
    /* the failure is sticky and keeps the first message */
    assert_int_equal(gr_dice_d6(&d, "anything"), 0);
    assert_string_equal(d.fail_msg,
        "dice script exhausted after 3 dice while rolling for morale of 1/2 Foot Guards");
    assert_int_equal(d.rolled, 2);
}

static void test_dice_script_bad_face(void **state)
{
    (void)state;
    static const int faces[] = {3, 7};
    gr_dice d;
    gr_dice_init_script(&d, faces, 2);
    assert_int_equal(gr_dice_d6(&d, "a"), 3);
    assert_int_equal(gr_dice_d6(&d, "b"), 0);
    assert_int_equal(d.failed, 1);
    assert_non_null(strstr(d.fail_msg, "entry 2 is 7"));
}

static void test_dice_script_reroll(void **state)
{
    (void)state;
    static const int faces[] = {1, 2, 3, 5, 6, 4};
    gr_dice d;
    gr_dice_init_script(&d, faces, 6);
    int out[3];
    assert_int_equal(gr_dice_roll(&d, 3, out, "CMT"), 3);
    const int idx[2] = {0, 2};
    assert_int_equal(gr_dice_reroll(&d, out, idx, 2, "CMT"), 2);
    assert_int_equal(out[0], 5);
    assert_int_equal(out[1], 2);
    assert_int_equal(out[2], 6);
    assert_int_equal(d.pos, 5);
    assert_int_equal(d.rolled, 5);
    assert_int_equal(gr_dice_d6(&d, "next"), 4);
}

static void test_dice_bad_count(void **state)
{
    (void)state;
    gr_dice d;
    int out[GR_DICE_MAX_PER_ROLL + 1];
    gr_dice_init_rng(&d, 1, 1);
    assert_int_equal(gr_dice_roll(&d, 0, out, "nothing"), 0);
    assert_int_equal(d.failed, 1);
    gr_dice_init_rng(&d, 1, 1);
    assert_int_equal(gr_dice_roll(&d, GR_DICE_MAX_PER_ROLL + 1, out, "too many"), 0);
    assert_int_equal(d.failed, 1);
    assert_non_null(strstr(d.fail_msg, "too many"));
}

/* Runs a manual roll of n dice over `input`; returns what roll returned,
 * with the prompts written into *prompts (malloc'd). */
static int manual(const char *input, int n, int *out, gr_dice *d, char **prompts)
{
    FILE *in = fmemopen((void *)input, strlen(input), "r");
    assert_non_null(in);
    size_t plen;
    FILE *po = open_memstream(prompts, &plen);
    assert_non_null(po);
    gr_dice_init_manual(d, in, po);
    int r = gr_dice_roll(d, n, out, "CMT of 2/45e Ligne");
    fclose(po);
    fclose(in);
    return r;
}

/* "cancel" or "undo" at a dice prompt takes the order back: the roll fails
 * saying so, and the caller keeps the position as it was */
static void test_dice_manual_cancel(void **state)
{
    (void)state;
    gr_dice d;
    int out[3];
    char *prompts = NULL;
    assert_int_equal(manual("4 cancel\n", 3, out, &d, &prompts), 0);
    assert_int_equal(d.failed, 1);
    assert_string_equal(d.fail_msg, "cancelled at the roll for CMT of 2/45e Ligne: the order is not carried out");
    free(prompts);
    prompts = NULL;
    assert_int_equal(manual("UNDO\n", 3, out, &d, &prompts), 0);
    assert_non_null(strstr(d.fail_msg, "cancelled"));
    free(prompts);
}

static void test_dice_manual_good(void **state)
{
    (void)state;
    gr_dice d;
    int out[3];
    char *prompts = NULL;
    assert_int_equal(manual("4\n1\n\n  6\n", 3, out, &d, &prompts), 3);
    /* a line that ends short asks for the rest */
    assert_string_equal(prompts, "roll 3d6 for CMT of 2/45e Ligne: 2 more for CMT of 2/45e Ligne: "
                                 "1 more for CMT of 2/45e Ligne: ");
    assert_int_equal(out[0], 4);
    assert_int_equal(out[1], 1);
    assert_int_equal(out[2], 6);
    assert_int_equal(d.rolled, 3);
    free(prompts);
}

static void test_dice_manual_bad_token_reprompts(void **state)
{
    (void)state;
    gr_dice d;
    int out[3];
    char *prompts = NULL;
    /* 7 is no face; then "3 x" dies on x and the line is dropped */
    assert_int_equal(manual("7\n3 x 2\n4 1 6\n", 3, out, &d, &prompts), 3);
    assert_int_equal(d.failed, 0);
    assert_int_equal(out[0], 4);
    assert_int_equal(out[1], 1);
    assert_int_equal(out[2], 6);
    assert_non_null(strstr(prompts, "7 is not a face of a d6; type 3 numbers from 1 to 6"));
    assert_non_null(strstr(prompts, "'x' is not a die face"));
    /* three prompts in all */
    int nprompt = 0;
    for (const char *p = prompts; (p = strstr(p, "roll 3d6 for CMT of 2/45e Ligne: ")); p++)
        nprompt++;
    assert_int_equal(nprompt, 3);
    free(prompts);
}

/* more faces on the line than the roll needs: asked again, and the extra
 * faces are not left over for the next question */
static void test_dice_manual_extra_faces_reprompt(void **state)
{
    (void)state;
    gr_dice d;
    int out[1];
    char *prompts = NULL;
    const char *input = "1 3 6\n5\nnext command\n";
    FILE *in = fmemopen((void *)input, strlen(input), "r");
    assert_non_null(in);
    size_t plen;
    FILE *po = open_memstream(&prompts, &plen);
    assert_non_null(po);
    gr_dice_init_manual(&d, in, po);
    assert_int_equal(gr_dice_roll(&d, 1, out, "CMT of 2/45e Ligne"), 1);
    assert_int_equal(out[0], 5);
    char rest[32];
    assert_non_null(fgets(rest, sizeof rest, in));
    assert_string_equal(rest, "next command\n");
    fclose(po);
    fclose(in);
    assert_non_null(strstr(prompts, "more than 1 number on the line"));
    free(prompts);
}

static void test_dice_manual_too_many_bad(void **state)
{
    (void)state;
    gr_dice d;
    int out[1];
    char *prompts = NULL;
    assert_int_equal(manual("0\nsix\n66\n5\n", 1, out, &d, &prompts), 0);
    assert_int_equal(d.failed, 1);
    assert_non_null(strstr(d.fail_msg, "no valid dice"));
    assert_non_null(strstr(d.fail_msg, "CMT of 2/45e Ligne"));
    free(prompts);
}

static void test_dice_manual_eof(void **state)
{
    (void)state;
    gr_dice d;
    int out[3];
    char *prompts = NULL;
    assert_int_equal(manual("2 3", 3, out, &d, &prompts), 0);
    assert_int_equal(d.failed, 1);
    assert_string_equal(d.fail_msg,
        "end of input after 2 of 3 dice while rolling for CMT of 2/45e Ligne");
    assert_int_equal(d.rolled, 0);
    free(prompts);
}

static void test_dice_manual_reroll_prompt(void **state)
{
    (void)state;
    const char *input = "4 1 6\n3\n";
    FILE *in = fmemopen((void *)input, strlen(input), "r");
    char *prompts = NULL;
    size_t plen;
    FILE *po = open_memstream(&prompts, &plen);
    assert_non_null(in);
    assert_non_null(po);
    gr_dice d;
    gr_dice_init_manual(&d, in, po);
    int out[3];
    assert_int_equal(gr_dice_roll(&d, 3, out, "CMT"), 3);
    const int idx[1] = {1};
    assert_int_equal(gr_dice_reroll(&d, out, idx, 1, "CMT"), 1);
    assert_int_equal(out[1], 3);
    fclose(po);
    fclose(in);
    assert_string_equal(prompts, "roll 3d6 for CMT: re-roll 1d6 for CMT: ");
    free(prompts);
}

static void test_dice_logged(void **state)
{
    (void)state;
    static const int faces[] = {4, 1, 6, 5};
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, faces, 4);
    gr_dice_set_log(&d, &log);
    d.side = 0;
    int out[3];
    assert_int_equal(gr_dice_roll(&d, 3, out, "CMT of 2/45e Ligne"), 3);
    const int idx[1] = {1};
    assert_int_equal(gr_dice_reroll(&d, out, idx, 1, "CMT of 2/45e Ligne"), 1);
    assert_int_equal(gr_dice_d6(&d, "nothing left"), 0);   /* failures are not logged */
    assert_int_equal(log.n, 2);
    char line[256];
    gr_event_format(&log.ev[0], line, sizeof line);
    assert_string_equal(line, "roll   side 0  CMT of 2/45e Ligne: 3d6 [4 1 6]");
    gr_event_format(&log.ev[1], line, sizeof line);
    assert_string_equal(line, "roll   side 0  re-roll CMT of 2/45e Ligne: 1d6 [5]");
    assert_int_equal(log.ev[1].kind, GR_EV_ROLL);
    gr_log_free(&log);
}

/* ---- dice of any number of faces ----------------------------------------- */

/* the generator's draw for a die of N faces is one number below N: the d6
 * is the draw it always was, and gr_dice_dn(d, 6) is gr_dice_d6 */
static void test_dice_dn_rng_draw(void **state)
{
    (void)state;
    gr_dice a, b, c;
    gr_dice_init_rng(&a, 77, 2);
    gr_dice_init_rng(&b, 77, 2);
    gr_dice_init_rng(&c, 77, 2);
    gr_rng raw;
    gr_rng_seed(&raw, 77, 2);
    for (int i = 0; i < 500; i++) {
        int six = gr_dice_d6(&a, "d6");
        assert_int_equal(six, 1 + (int)gr_rng_below(&raw, 6));
        assert_int_equal(gr_dice_dn(&b, 6, "d6"), six);
        int ten = gr_dice_dn(&c, 10, "d10");
        assert_in_range(ten, 1, 10);
        (void)gr_dice_d6(&c, "keep in step"); /* c draws a d10 where a drew a d6 */
    }
    gr_dice_init_rng(&c, 77, 2);
    gr_rng_seed(&raw, 77, 2);
    for (int i = 0; i < 500; i++) assert_int_equal(gr_dice_dn(&c, 10, "d10"), 1 + (int)gr_rng_below(&raw, 10));
}

static void test_dice_dn_rng_uniform(void **state)
{
    (void)state;
    enum { N = 100000 };
    gr_dice d;
    gr_dice_init_rng(&d, 31, 4);
    long count[11] = {0};
    for (int i = 0; i < N; i++) {
        int f = gr_dice_dn(&d, 10, "uniformity");
        assert_in_range(f, 1, 10);
        count[f]++;
    }
    double expect = N / 10.0, chi2 = 0;
    for (int f = 1; f <= 10; f++) {
        double dv = (double)count[f] - expect;
        chi2 += dv * dv / expect;
    }
    /* 9 degrees of freedom: P(chi2 > 40) is about 7e-6 for a fair die */
    assert_true(chi2 < 40.0);
    int two[16], hundred[16];
    assert_int_equal(gr_dice_roll_dn(&d, 2, 16, two, "coins"), 16);
    assert_int_equal(gr_dice_roll_dn(&d, 100, 16, hundred, "percent"), 16);
    for (int i = 0; i < 16; i++) {
        assert_in_range(two[i], 1, 2);
        assert_in_range(hundred[i], 1, 100);
    }
    assert_int_equal(d.rolled, N + 32);
}

static void test_dice_dn_script(void **state)
{
    (void)state;
    static const int faces[] = {10, 7, 1, 9, 11};
    gr_dice d;
    gr_dice_init_script(&d, faces, 5);
    assert_int_equal(gr_dice_dn(&d, 10, "combat at 5 7"), 10);
    int out[3];
    assert_int_equal(gr_dice_roll_dn(&d, 10, 3, out, "three"), 3);
    assert_int_equal(out[0], 7);
    assert_int_equal(out[1], 1);
    assert_int_equal(out[2], 9);
    assert_int_equal(gr_dice_dn(&d, 10, "combat at 6 7"), 0);
    assert_int_equal(d.failed, 1);
    assert_string_equal(d.fail_msg,
        "dice script entry 5 is 11, not a face of a d10 (1..10) (rolling for combat at 6 7)");
    /* a d6 read from a script keeps its message */
    static const int six[] = {7};
    gr_dice_init_script(&d, six, 1);
    assert_int_equal(gr_dice_dn(&d, 6, "a d6"), 0);
    assert_string_equal(d.fail_msg, "dice script entry 1 is 7, not a face 1..6 (rolling for a d6)");
}

static void test_dice_dn_bad_die(void **state)
{
    (void)state;
    gr_dice d;
    int out[2];
    gr_dice_init_rng(&d, 1, 1);
    assert_int_equal(gr_dice_roll_dn(&d, 1, 2, out, "a one-faced die"), 0);
    assert_int_equal(d.failed, 1);
    assert_string_equal(d.fail_msg, "cannot roll dice of 1 faces for a one-faced die (a die has 2..100 faces)");
    gr_dice_init_rng(&d, 1, 1);
    assert_int_equal(gr_dice_dn(&d, 101, "too many faces"), 0);
    assert_non_null(strstr(d.fail_msg, "dice of 101 faces"));
    gr_dice_init_rng(&d, 1, 1);
    assert_int_equal(gr_dice_roll_dn(&d, 10, 0, out, "no dice"), 0);
    assert_non_null(strstr(d.fail_msg, "cannot roll 0 dice for no dice"));
}

/* Runs a manual roll of n dice of `faces` over `input`, prompts into *prompts. */
static int manual_dn(const char *input, int faces, int n, int *out, gr_dice *d, char **prompts)
{
    FILE *in = fmemopen((void *)input, strlen(input), "r");
    assert_non_null(in);
    size_t plen;
    FILE *po = open_memstream(prompts, &plen);
    assert_non_null(po);
    gr_dice_init_manual(d, in, po);
    int r = gr_dice_roll_dn(d, faces, n, out, "combat at 5 7");
    fclose(po);
    fclose(in);
    return r;
}

static void test_dice_dn_manual(void **state)
{
    (void)state;
    gr_dice d;
    int out[2];
    char *prompts = NULL;
    assert_int_equal(manual_dn("10\n", 10, 1, out, &d, &prompts), 1);
    assert_string_equal(prompts, "roll 1d10 for combat at 5 7: ");
    assert_int_equal(out[0], 10);
    free(prompts);
    /* 11 and 0 are named as no faces of a d10; a word is no die face */
    assert_int_equal(manual_dn("11\n0\nten\n8 2\n", 10, 2, out, &d, &prompts), 0);
    assert_non_null(strstr(prompts, "11 is not a face of a d10; type 2 numbers from 1 to 10"));
    assert_non_null(strstr(prompts, "0 is not a face of a d10"));
    assert_non_null(strstr(prompts, "'ten' is not a die face; type 2 numbers from 1 to 10"));
    assert_int_equal(d.failed, 1);
    assert_string_equal(d.fail_msg, "no valid dice after 3 tries while rolling for combat at 5 7");
    free(prompts);
    assert_int_equal(manual_dn("7 9 2\n9 2\n", 10, 2, out, &d, &prompts), 2);
    assert_int_equal(out[0], 9);
    assert_int_equal(out[1], 2);
    assert_string_equal(prompts, "roll 2d10 for combat at 5 7: more than 2 numbers on the line; type the roll again\n"
                                 "roll 2d10 for combat at 5 7: ");
    free(prompts);
}

static void test_dice_dn_logged(void **state)
{
    (void)state;
    static const int faces[] = {7, 3, 9, 2};
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    gr_dice_init_script(&d, faces, 4);
    gr_dice_set_log(&d, &log);
    d.side = 1;
    assert_int_equal(gr_dice_dn(&d, 10, "combat at 5 7, 2:1"), 7);
    int out[2];
    assert_int_equal(gr_dice_roll_dn(&d, 20, 2, out, "two d20"), 2);
    assert_int_equal(gr_dice_d6(&d, "a d6"), 2);
    assert_int_equal(log.n, 3);
    char line[256];
    gr_event_format(&log.ev[0], line, sizeof line);
    assert_string_equal(line, "roll   side 1  combat at 5 7, 2:1: 1d10 [7]");
    gr_event_format(&log.ev[1], line, sizeof line);
    assert_string_equal(line, "roll   side 1  two d20: 2d20 [3 9]");
    gr_event_format(&log.ev[2], line, sizeof line);
    assert_string_equal(line, "roll   side 1  a d6: 1d6 [2]");
    gr_log_free(&log);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dice_rng_repeatable),
        cmocka_unit_test(test_dice_rng_streams_differ),
        cmocka_unit_test(test_dice_rng_uniform),
        cmocka_unit_test(test_dice_script_order),
        cmocka_unit_test(test_dice_script_exhausted),
        cmocka_unit_test(test_dice_script_bad_face),
        cmocka_unit_test(test_dice_script_reroll),
        cmocka_unit_test(test_dice_bad_count),
        cmocka_unit_test(test_dice_manual_good),
        cmocka_unit_test(test_dice_manual_bad_token_reprompts),
        cmocka_unit_test(test_dice_manual_extra_faces_reprompt),
        cmocka_unit_test(test_dice_manual_too_many_bad),
        cmocka_unit_test(test_dice_manual_eof),
        cmocka_unit_test(test_dice_manual_reroll_prompt),
        cmocka_unit_test(test_dice_logged),
        cmocka_unit_test(test_dice_dn_rng_draw),
        cmocka_unit_test(test_dice_dn_rng_uniform),
        cmocka_unit_test(test_dice_dn_script),
        cmocka_unit_test(test_dice_dn_bad_die),
        cmocka_unit_test(test_dice_dn_manual),
        cmocka_unit_test(test_dice_manual_cancel),
        cmocka_unit_test(test_dice_dn_logged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
