/* test_ruleset.c - the seam's own checks (engine/core/ruleset.h and the
 * registry): every ruleset built in has complete tables for the interface
 * version it declares, a table missing a required member is refused by name,
 * the fallbacks of the optional fast table give the plain rules, and the
 * check of a fast table's candidates against the menu finds what differs;
 * the unit labels the rulesets' unit_info share are snprintf's bytes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
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

/* candidates for the toy menu of types 1, 2, 3: the state names which list (an int) */
static int toy_candidates(const void *scn, const void *state, gr_action *out, int max)
{
    (void)scn;
    static const int lists[3][5] = {{1, 4, 2, 3, 0}, {1, 2, 4, 3, 0}, {1, 2, 0}};
    const int *l = lists[*(const int *)state];
    int n = 0;
    for (int k = 0; l[k] && n < max; k++) out[n++] = (gr_action){.type = (uint16_t)l[k], .actor = -1, .target = -1};
    return n;
}

/* type 4 is no entry of the menu; list 1's check passes it */
static int toy_legal(const void *scn, const void *state, const gr_action *a)
{
    (void)scn;
    return a->type != 4 || *(const int *)state == 1;
}

static int toy_format(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap)
{
    (void)scn;
    (void)state;
    return snprintf(buf, cap, "order %d", a->type) < 0 ? -1 : 0;
}

/* the soak's check of gr_fast.candidates against the menu: a superset whose extra entries the check
 * refuses passes; an extra entry passed as legal, or a menu entry missing, is named. And what a search
 * expands a node with: the candidates, or the menu with expand_with_menu */
static void test_candidates_are_checked_against_the_menu(void **unused)
{
    (void)unused;
    gr_rules rules = {.legal_actions = menu};
    gr_fast fast = {.candidates = toy_candidates, .action_legal = toy_legal};
    gr_present present = {.format_action = toy_format};
    gr_ruleset rs = {.version = GR_RULESET_VERSION, .name = "toy", .rules = &rules, .fast = &fast,
                     .present = &present};
    gr_error err;
    int list = 0;
    gr_error_clear(&err);
    assert_int_equal(gr_rs_check_candidates(&rs, NULL, &list, &err), 0);
    list = 1;
    assert_int_equal(gr_rs_check_candidates(&rs, NULL, &list, &err), -1);
    assert_string_equal(err.msg, "candidate 2, 'order 4', is passed as legal but is not the menu's entry 2");
    list = 2;
    gr_error_clear(&err);
    assert_int_equal(gr_rs_check_candidates(&rs, NULL, &list, &err), -1);
    assert_string_equal(err.msg, "the menu's entry 2, 'order 3', is not among the candidates passed as legal");
    /* a search's nodes: the candidates, or the menu when the ruleset asks for it */
    gr_action out[8];
    list = 1;
    assert_int_equal(gr_rs_expand_actions(&rs, NULL, &list, out, 8), 4);
    assert_int_equal(out[2].type, 4);
    fast.expand_with_menu = 1;
    assert_int_equal(gr_rs_expand_actions(&rs, NULL, &list, out, 8), 3);
    assert_int_equal(out[2].type, 3);
    /* without candidates of its own a ruleset has nothing to check */
    rs.fast = NULL;
    gr_error_clear(&err);
    assert_int_equal(gr_rs_check_candidates(&rs, NULL, &list, &err), 0);
}

/* gr_rs_unit_label writes the bytes snprintf's "%s" and "%c%d" would, cut
 * names and long indices included, on a zeroed gr_unit_info */
static void test_unit_labels_are_snprintf_bytes(void **unused)
{
    (void)unused;
    char longname[80];
    memset(longname, 'x', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    const char *names[] = {"", "57e Ligne", "IR 24 Strauch", longname, longname + 80 - 48, longname + 80 - 47,
                           "Batterie \xc3\xa0 cheval"};
    const int idx[] = {0, 7, 10, 99, 123, 2147483647};
    for (size_t n = 0; n < sizeof names / sizeof *names; n++)
        for (size_t k = 0; k < sizeof idx / sizeof *idx; k++)
            for (int pre = 0; pre < 2; pre++) {
                char c = pre ? 'c' : 'u';
                gr_unit_info got, want;
                memset(&got, 0, sizeof got);
                memset(&want, 0, sizeof want);
                gr_rs_unit_label(&got, names[n], c, idx[k]);
                snprintf(want.name, sizeof want.name, "%s", names[n]);
                snprintf(want.ref, sizeof want.ref, "%c%d", c, idx[k]);
                assert_memory_equal(&got, &want, sizeof got);
            }
    gr_unit_info u;
    memset(&u, 0, sizeof u);
    gr_rs_unit_label(&u, longname, 'u', 3);
    assert_int_equal(strlen(u.name), sizeof u.name - 1);
    assert_string_equal(u.ref, "u3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_ruleset_built_in_is_complete),
        cmocka_unit_test(test_a_missing_member_is_named),
        cmocka_unit_test(test_fallbacks_without_a_fast_table),
        cmocka_unit_test(test_candidates_are_checked_against_the_menu),
        cmocka_unit_test(test_unit_labels_are_snprintf_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
