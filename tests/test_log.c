/* test_log.c - the event log: appending text and rolls, formatting lines,
 * growth past the first allocation, and a NULL log doing nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "../engine/core/log.h"
#include "../engine/core/words.h"

static void test_log_append_text(void **state)
{
    (void)state;
    gr_log log;
    gr_log_init(&log);
    gr_log_add(&log, GR_EV_PHASE, -1, "turn %d begins", 3);
    gr_log_add(&log, GR_EV_DECISION, 1, "%s", "3/45e Ligne advance to B");
    assert_int_equal(log.n, 2);
    assert_int_equal(log.ev[0].kind, GR_EV_PHASE);
    assert_int_equal(log.ev[0].side, -1);
    assert_string_equal(log.ev[0].text, "turn 3 begins");
    assert_int_equal(log.ev[1].kind, GR_EV_DECISION);
    assert_int_equal(log.ev[1].side, 1);
    assert_string_equal(log.ev[1].text, "3/45e Ligne advance to B");
    assert_int_equal(log.oom, 0);
    gr_log_free(&log);
    assert_null(log.ev);
    assert_int_equal(log.n, 0);
}

static void test_log_roll_fields(void **state)
{
    (void)state;
    gr_log log;
    gr_log_init(&log);
    int d[3] = {4, 1, 6};
    gr_log_roll(&log, 0, "CMT of 2/45e Ligne", d, 3);
    assert_int_equal(log.n, 1);
    assert_int_equal(log.ev[0].kind, GR_EV_ROLL);
    assert_int_equal(log.ev[0].side, 0);
    assert_int_equal(log.ev[0].ndice, 3);
    assert_int_equal(log.ev[0].dice[0], 4);
    assert_int_equal(log.ev[0].dice[1], 1);
    assert_int_equal(log.ev[0].dice[2], 6);
    assert_string_equal(log.ev[0].text, "CMT of 2/45e Ligne");
    gr_log_free(&log);
}

static void test_log_format(void **state)
{
    (void)state;
    gr_log log;
    gr_log_init(&log);
    int d[3] = {4, 1, 6};
    gr_log_roll(&log, 0, "CMT of 2/45e Ligne", d, 3);
    gr_log_add(&log, GR_EV_DECISION, 1, "1/2 Foot Guards hold");
    gr_log_add(&log, GR_EV_NOTE, -1, "night falls");
    char buf[256];
    gr_event_format(&log.ev[0], buf, sizeof buf);
    assert_string_equal(buf, "roll   side 0  CMT of 2/45e Ligne: 3d6 [4 1 6]");
    gr_event_format(&log.ev[1], buf, sizeof buf);
    assert_string_equal(buf, "action side 1  1/2 Foot Guards hold");
    gr_event_format(&log.ev[2], buf, sizeof buf);
    assert_string_equal(buf, "note           night falls");
    /* a small buffer is cut short, never overrun */
    char small[10];
    gr_event_format(&log.ev[0], small, sizeof small);
    assert_string_equal(small, "roll   si");
    gr_log_free(&log);
}

static void test_log_grows_and_clears(void **state)
{
    (void)state;
    gr_log log;
    gr_log_init(&log);
    for (int i = 0; i < 1000; i++) gr_log_add(&log, GR_EV_MOVE, i % 2, "move %d", i);
    assert_int_equal(log.n, 1000);
    assert_true(log.cap >= 1000);
    assert_string_equal(log.ev[999].text, "move 999");
    assert_string_equal(log.ev[0].text, "move 0");
    gr_log_clear(&log);
    assert_int_equal(log.n, 0);
    gr_log_add(&log, GR_EV_TEST, 0, "passed");
    assert_int_equal(log.n, 1);
    assert_string_equal(log.ev[0].text, "passed");
    gr_log_free(&log);
}

static void test_log_long_text_truncated(void **state)
{
    (void)state;
    gr_log log;
    gr_log_init(&log);
    char big[GR_EVENT_TEXT * 2];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    gr_log_add(&log, GR_EV_NOTE, 0, "%s", big);
    assert_int_equal(strlen(log.ev[0].text), GR_EVENT_TEXT - 1);
    int many[GR_EVENT_DICE + 4];
    for (int i = 0; i < GR_EVENT_DICE + 4; i++) many[i] = 1 + i % 6;
    gr_log_roll(&log, 1, big, many, GR_EVENT_DICE + 4);
    assert_int_equal(log.ev[1].ndice, GR_EVENT_DICE);
    gr_log_free(&log);
}

static void test_log_null_is_noop(void **state)
{
    (void)state;
    int d[2] = {3, 5};
    gr_log_init(NULL);
    gr_log_add(NULL, GR_EV_NOTE, 0, "ignored %d", 1);
    gr_log_roll(NULL, 0, "ignored", d, 2);
    gr_log_clear(NULL);
    gr_log_free(NULL);
    char buf[16] = "x";
    gr_event_format(NULL, buf, sizeof buf);
    assert_string_equal(buf, "");
}

/* a plural side takes an apostrophe alone, any other name an apostrophe and s */
static void test_words_possessive(void **state)
{
    (void)state;
    assert_string_equal(gr_words_poss("Austrians"), "'");
    assert_string_equal(gr_words_poss("8e Hussards"), "'");
    assert_string_equal(gr_words_poss("French"), "'s");
    assert_string_equal(gr_words_poss(""), "'s");
    assert_string_equal(gr_words_poss(NULL), "'s");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_log_append_text),
        cmocka_unit_test(test_log_roll_fields),
        cmocka_unit_test(test_log_format),
        cmocka_unit_test(test_log_grows_and_clears),
        cmocka_unit_test(test_log_long_text_truncated),
        cmocka_unit_test(test_log_null_is_noop),
        cmocka_unit_test(test_words_possessive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
