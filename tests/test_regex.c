/* test_regex.c - the PCRE2 wrapper: groups by number and by name, unset
 * groups, whole-string anchoring, case folding, compile errors, and one
 * compiled pattern shared by several threads. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "../engine/core/regex.h"

static const char *const ORDER =
    "(?<unit>\\d+)\\s+(?<verb>advance|hold)(?:\\s+to\\s+(?<band>[A-D]))?";

static void test_regex_groups_by_number(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    gr_regex *re = gr_regex_compile(ORDER, 0, &err);
    assert_non_null(re);
    gr_match m;
    assert_int_equal(gr_regex_match(re, "12 advance to B", &m), 1);
    assert_int_equal(m.ok, 1);
    assert_int_equal(m.ngroups, 4);
    char buf[32];
    assert_int_equal(gr_match_group(&m, 0, buf, sizeof buf), 15);
    assert_string_equal(buf, "12 advance to B");
    assert_int_equal(gr_match_group(&m, 1, buf, sizeof buf), 2);
    assert_string_equal(buf, "12");
    assert_int_equal(gr_match_group(&m, 2, buf, sizeof buf), 7);
    assert_string_equal(buf, "advance");
    assert_int_equal(gr_match_group(&m, 3, buf, sizeof buf), 1);
    assert_string_equal(buf, "B");
    assert_int_equal(gr_match_group(&m, 4, buf, sizeof buf), -1);   /* no such group */
    /* a short buffer is truncated; the full length is still returned */
    char tiny[4];
    assert_int_equal(gr_match_group(&m, 2, tiny, sizeof tiny), 7);
    assert_string_equal(tiny, "adv");
    gr_regex_free(re);
}

static void test_regex_groups_by_name(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    gr_regex *re = gr_regex_compile(ORDER, 0, &err);
    assert_non_null(re);
    assert_int_equal(gr_regex_group_index(re, "unit"), 1);
    assert_int_equal(gr_regex_group_index(re, "band"), 3);
    assert_int_equal(gr_regex_group_index(re, "nope"), -1);
    gr_match m;
    assert_int_equal(gr_regex_match(re, "7 hold", &m), 1);
    char buf[32];
    assert_int_equal(gr_match_named(re, &m, "unit", buf, sizeof buf), 1);
    assert_string_equal(buf, "7");
    assert_int_equal(gr_match_named(re, &m, "verb", buf, sizeof buf), 4);
    assert_string_equal(buf, "hold");
    /* the optional band did not take part: unset */
    assert_int_equal(gr_match_named(re, &m, "band", buf, sizeof buf), -1);
    assert_string_equal(buf, "");
    assert_true(m.start[3] == (size_t)-1);
    assert_int_equal(gr_match_named(re, &m, "nope", buf, sizeof buf), -1);
    gr_regex_free(re);
}

static void test_regex_unset_middle_group(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    gr_regex *re = gr_regex_compile("(a)|(b)(c)?", 0, &err);
    assert_non_null(re);
    gr_match m;
    assert_int_equal(gr_regex_match(re, "bc", &m), 1);
    char buf[8];
    assert_int_equal(gr_match_group(&m, 1, buf, sizeof buf), -1);
    assert_int_equal(gr_match_group(&m, 2, buf, sizeof buf), 1);
    assert_int_equal(gr_match_group(&m, 3, buf, sizeof buf), 1);
    assert_string_equal(buf, "c");
    assert_int_equal(gr_regex_match(re, "a", &m), 1);
    assert_int_equal(gr_match_group(&m, 2, buf, sizeof buf), -1);
    assert_int_equal(gr_match_group(&m, 3, buf, sizeof buf), -1);
    gr_regex_free(re);
}

static void test_regex_anchored(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    gr_regex *re = gr_regex_compile("hold|advance", 0, &err);
    assert_non_null(re);
    gr_match m;
    assert_int_equal(gr_regex_match(re, "hold", &m), 1);
    assert_int_equal(gr_regex_match(re, "advance", &m), 1);
    assert_int_equal(gr_regex_match(re, "hold fast", &m), 0);
    assert_int_equal(m.ok, 0);
    assert_int_equal(gr_regex_match(re, "do hold", &m), 0);
    assert_int_equal(gr_regex_match(re, "holdadvance", &m), 0);
    assert_int_equal(gr_regex_match(re, "", &m), 0);
    char buf[8];
    assert_int_equal(gr_match_group(&m, 0, buf, sizeof buf), -1);   /* no match, no groups */
    assert_int_equal(gr_regex_match(re, "HOLD", NULL), 0);
    gr_regex_free(re);
}

static void test_regex_icase_and_utf8(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    gr_regex *re = gr_regex_compile("(légère)\\s+(\\w+)", 1, &err);
    assert_non_null(re);
    gr_match m;
    assert_int_equal(gr_regex_match(re, "LÉGÈRE garde", &m), 1);
    char buf[32];
    assert_int_equal(gr_match_group(&m, 1, buf, sizeof buf), (int)strlen("LÉGÈRE"));
    assert_string_equal(buf, "LÉGÈRE");
    /* invalid UTF-8 in a subject is no match or an error, never a crash */
    assert_true(gr_regex_match(re, "l\xe9g\xe8re garde", &m) <= 0);
    gr_regex_free(re);
}

static void test_regex_compile_error(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_regex_compile("(advance", 0, &err));
    assert_int_equal(err.set, 1);
    assert_non_null(strstr(err.msg, "\"(advance\""));
    assert_non_null(strstr(err.msg, "offset 8"));
    assert_non_null(strstr(err.msg, "missing closing parenthesis"));
    gr_error_clear(&err);
    assert_null(gr_regex_compile("a{2,1}", 0, &err));
    assert_non_null(strstr(err.msg, "offset"));
    gr_error_clear(&err);
    assert_null(gr_regex_compile("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)(m)(n)(o)(p)", 0, &err));
    assert_non_null(strstr(err.msg, "16 groups"));
}

typedef struct worker {
    const gr_regex *re;
    int ok;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    w->ok = 1;
    for (int i = 0; i < 2000; i++) {
        char subject[32], buf[16];
        snprintf(subject, sizeof subject, "%d advance to %c", i, 'A' + i % 4);
        gr_match m;
        if (gr_regex_match(w->re, subject, &m) != 1) w->ok = 0;
        snprintf(subject, sizeof subject, "%d", i);
        if (gr_match_group(&m, 1, buf, sizeof buf) < 0 || strcmp(buf, subject) != 0) w->ok = 0;
    }
    return NULL;
}

static void test_regex_threads_share_pattern(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    gr_regex *re = gr_regex_compile(ORDER, 0, &err);
    assert_non_null(re);
    enum { T = 4 };
    pthread_t th[T];
    worker w[T];
    for (int i = 0; i < T; i++) {
        w[i].re = re;
        w[i].ok = 0;
        assert_int_equal(pthread_create(&th[i], NULL, work, &w[i]), 0);
    }
    for (int i = 0; i < T; i++) {
        assert_int_equal(pthread_join(th[i], NULL), 0);
        assert_int_equal(w[i].ok, 1);
    }
    gr_regex_free(re);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_regex_groups_by_number),
        cmocka_unit_test(test_regex_groups_by_name),
        cmocka_unit_test(test_regex_unset_middle_group),
        cmocka_unit_test(test_regex_anchored),
        cmocka_unit_test(test_regex_icase_and_utf8),
        cmocka_unit_test(test_regex_compile_error),
        cmocka_unit_test(test_regex_threads_share_pattern),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
