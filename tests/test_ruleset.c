/* test_ruleset.c - the seam's own checks (engine/core/ruleset.h and the
 * registry): every ruleset built in has complete tables for the interface
 * version it declares, a table missing a required member is refused by name,
 * and the fallbacks of the optional fast table give the plain rules. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "../engine/core/ruleset.h"
#include "../engine/registry.h"

static void test_every_ruleset_built_in_is_complete(void **unused)
{
    (void)unused;
    assert_true(gr_ruleset_count() >= 1);
    for (int i = 0; i < gr_ruleset_count(); i++) {
        const gr_ruleset *rs = gr_ruleset_at(i);
        gr_error err;
        gr_error_clear(&err);
        if (gr_rs_check(rs, &err)) fail_msg("%s", err.msg);
        assert_ptr_equal(gr_ruleset_find(rs->name), rs);
        assert_int_equal(rs->version, GR_RULESET_VERSION);
    }
    assert_null(gr_ruleset_at(gr_ruleset_count()));
    assert_null(gr_ruleset_find("no-such-ruleset"));
}

/* a copy of the first ruleset with one member taken away at a time */
static void test_a_missing_member_is_named(void **unused)
{
    (void)unused;
    const gr_ruleset *base = gr_ruleset_at(0);
    gr_rules rules = *base->rules;
    gr_ai_view ai = *base->ai;
    gr_present present = *base->present;
    gr_ruleset rs = *base;
    rs.rules = &rules;
    rs.ai = &ai;
    rs.present = &present;
    gr_error err;

    rules.apply = NULL;
    gr_error_clear(&err);
    assert_int_equal(gr_rs_check(&rs, &err), -1);
    assert_non_null(strstr(err.msg, "rules.apply is missing"));
    rules = *base->rules;

    ai.unit_worth = NULL;
    gr_error_clear(&err);
    assert_int_equal(gr_rs_check(&rs, &err), -1);
    assert_non_null(strstr(err.msg, "ai.unit_worth is missing"));
    ai = *base->ai;

    ai.pace = 0;
    gr_error_clear(&err);
    assert_int_equal(gr_rs_check(&rs, &err), -1);
    assert_non_null(strstr(err.msg, "ai.pace"));
    ai = *base->ai;

    present.board = NULL;
    gr_error_clear(&err);
    assert_int_equal(gr_rs_check(&rs, &err), -1);
    assert_non_null(strstr(err.msg, "present.board is missing"));
    present = *base->present;

    rs.version = GR_RULESET_VERSION + 1;
    gr_error_clear(&err);
    assert_int_equal(gr_rs_check(&rs, &err), -1);
    assert_non_null(strstr(err.msg, "interface version"));
    rs.version = base->version;

    gr_error_clear(&err);
    assert_int_equal(gr_rs_check(&rs, &err), 0);
}

/* without a fast table the candidates are the legal menu, all legal */
static int menu(const void *scn, const void *state, gr_action *out, int max)
{
    (void)scn;
    (void)state;
    int n = 0;
    for (int i = 0; i < 3 && n < max; i++) out[n++] = (gr_action){.type = (uint16_t)(i + 1), .actor = -1, .target = -1};
    return n;
}

static void test_fallbacks_without_a_fast_table(void **unused)
{
    (void)unused;
    gr_rules rules = {.legal_actions = menu};
    gr_ruleset rs = {.version = GR_RULESET_VERSION, .name = "toy", .rules = &rules};
    gr_action out[8];
    assert_int_equal(gr_rs_candidates(&rs, NULL, NULL, out, 8), 3);
    assert_int_equal(out[2].type, 3);
    assert_int_equal(gr_rs_action_legal(&rs, NULL, NULL, &out[1]), 1);
    assert_int_equal(gr_rs_checks_candidates(&rs), 0);
    assert_int_equal(gr_rs_has_apply_checked(&rs), 0);
    assert_int_equal(gr_rs_has_memo(&rs), 0);
    assert_null(gr_rs_memo_create(&rs, NULL));
    gr_rs_memo_free(&rs, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_ruleset_built_in_is_complete),
        cmocka_unit_test(test_a_missing_member_is_named),
        cmocka_unit_test(test_fallbacks_without_a_fast_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
