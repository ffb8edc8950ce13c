/* test_lasalle_setup_sweep.c - Set Up the Game [J, p.86-91] over every
 * pair of the bundled armies (every list of the Army Builder, rolled for
 * its role, and every example army file): each scenario made must load
 * and its opening position pass the checks. One seed a pair keeps it fast;
 * `grognard lasalle setup --sweep 100` runs the full hundred seeds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "../../engine/lasalle/setup/setup.h"

#define SWEEP_MAX 64

static void test_j86_every_pair_loads(void **state)
{
    (void)state;
    gr_error err;
    lasalle_list_book *B = lasalle_list_load_book(NULL, &err);
    if (!B) fail_msg("the book should load: %s", err.msg);
    static char names[SWEEP_MAX][LASALLE_SETUP_PATH];
    const char *ptr[SWEEP_MAX];
    int n = lasalle_setup_bundled(B, names, SWEEP_MAX);
    for (int i = 0; i < n; i++) ptr[i] = names[i];
    /* 31 lists and 8 example files when this was written: never fewer than the lists */
    assert_true(n >= lasalle_list_count(B) + 1);
    lasalle_setup_sweep_result r;
    int rc = lasalle_setup_sweep(B, ptr, n, 7, 7, NULL, &r);
    if (rc) fail_msg("%ld of %ld scenarios failed; the first: %s", r.failed, r.tried, r.first);
    assert_int_equal(r.tried, (long)n * (n + 1) / 2);
    assert_int_equal(r.valid, r.tried);
    free(B);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_j86_every_pair_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
