/* test_byname.c - orders naming units by name or an unambiguous part of it
 * (engine/core/byname.h), on a Lasalle scenario through the seam: the
 * notation's own reading first, then names put as references, several words
 * of one name, the exact name winning over longer ones, ambiguity reported
 * with the candidates, and the notation's own error when no name fits;
 * fogn's commanders by name. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/byname.h"
#include "../engine/registry.h"

typedef struct fix {
    gr_game g;
    void *st;
} fix;

static void load(fix *f, const char *rel)
{
    const char *root = getenv("GROGNARD_ROOT");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", root && *root ? root : ".", rel);
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_load(&f->g, path, &err)) fail_msg("%s", err.msg);
    f->st = calloc(1, f->g.rs->rules->state_size);
    assert_non_null(f->st);
    f->g.rs->rules->init(f->g.scn, f->st);
}

static void unload(fix *f)
{
    free(f->st);
    gr_game_free(&f->g);
}

/* the order read, printed back in the notation */
static const char *read_as(fix *f, const char *text, gr_error *err)
{
    static char buf[256];
    gr_action a;
    gr_error_clear(err);
    if (gr_byname_parse(f->g.rs, f->g.scn, f->st, text, &a, err)) return NULL;
    f->g.rs->present->format_action(f->g.scn, f->st, &a, buf, sizeof buf);
    return buf;
}

static int ref_of(fix *f, const char *name)
{
    int n = f->g.rs->ai->unit_count(f->g.scn);
    for (int u = 0; u < n; u++) {
        gr_unit_info info;
        memset(&info, 0, sizeof info);
        f->g.rs->ai->unit_info(f->g.scn, f->st, u, &info);
        if (!strcmp(info.name, name)) return u;
    }
    fail_msg("no unit %s", name);
    return -1;
}

static void test_names_and_parts_of_names(void **unused)
{
    (void)unused;
    fix f;
    load(&f, "scenarios/lasalle/brigade-clash.json");
    gr_error err;
    char want[64];
    /* the notation's own reading is untouched */
    assert_string_equal(read_as(&f, "u3 hold", &err), "u3 hold");
    /* a word that begins one name */
    snprintf(want, sizeof want, "u%d hold", ref_of(&f, "8e Hussards"));
    assert_string_equal(read_as(&f, "8e hold", &err), want);
    assert_string_equal(read_as(&f, "hussards hold", &err), want); /* a word inside the name, any case */
    /* several words begin the whole name */
    snprintf(want, sizeof want, "u%d hold", ref_of(&f, "1/24e Leger"));
    assert_string_equal(read_as(&f, "1/24e Leger hold", &err), want);
    assert_string_equal(read_as(&f, "1/24e hold", &err), want);
    /* a target named too */
    const char *r = read_as(&f, "Chasseurs hold", &err);
    assert_non_null(r);
    snprintf(want, sizeof want, "u%d hold", ref_of(&f, "16e Chasseurs a Cheval"));
    assert_string_equal(r, want);
    unload(&f);
}

static void test_ambiguous_and_unknown(void **unused)
{
    (void)unused;
    fix f;
    load(&f, "scenarios/lasalle/brigade-clash.json");
    gr_error err;
    assert_null(read_as(&f, "Leger hold", &err));
    assert_string_equal(err.msg, "\"Leger\" is ambiguous: 1/24e Leger or 2/24e Leger (name more of it, or use its "
                                 "reference)");
    assert_null(read_as(&f, "IR hold", &err));
    assert_non_null(strstr(err.msg, "\"IR\" is ambiguous: IR 4, 1st Battalion or IR 4, 2nd Battalion or Grenz IR 9"));
    /* nothing named: the notation's own reason */
    gr_error plain;
    gr_error_clear(&plain);
    gr_action a;
    assert_int_not_equal(f.g.rs->present->parse_action(f.g.scn, f.st, "zzz hold", &a, &plain), 0);
    assert_null(read_as(&f, "zzz hold", &err));
    assert_string_equal(err.msg, plain.msg);
    unload(&f);
}

/* commanders by name too (present.other_names): at fogn's first decision
 * the corps commander Loison (c0) may give a command point to Ferey (c1) */
static void test_commanders_by_name(void **unused)
{
    (void)unused;
    fix f;
    load(&f, "scenarios/fogn/brigade-encounter.json");
    gr_error err;
    assert_string_equal(read_as(&f, "c0 give c1", &err), "c0 give c1");
    assert_string_equal(read_as(&f, "Loison give Ferey", &err), "c0 give c1");
    assert_string_equal(read_as(&f, "loison give c1", &err), "c0 give c1");
    unload(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_parts_of_names),
        cmocka_unit_test(test_ambiguous_and_unknown),
        cmocka_unit_test(test_commanders_by_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
