/* test_lasalle_army_verb.c - Lasalle's `army` verb (lasalle_army_verb,
 * engine/lasalle/armylist/verb.c), called directly as the package will:
 * what `lists`, `show`, `check` and `roll` print and the exit status of
 * each, and the usage errors. Output is captured through a temporary file;
 * files are found under $GROGNARD_ROOT (default: the current folder). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../engine/lasalle/armylist/armylist.h"
#include "verb_capture.h"
#include "../../engine/core/fsutil.h"

#define OUT_MAX (1 << 18)

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return (r && *r) ? r : ".";
}

/* runs `army ARGS...` (NULL-terminated), standard output and error captured into out; the exit status */
static int run(char *out, const char *arg, ...)
{
    va_list ap;
    va_start(ap, arg);
    int rc = ls_verb_capture(lasalle_army_verb, "army", out, OUT_MAX, arg, ap);
    va_end(ap);
    return rc;
}

static void has(const char *out, const char *what) { ls_has(out, what); }

/* the path of an example army file, in buf */
static const char *example(char *buf, size_t cap, const char *rel)
{
    snprintf(buf, cap, "%s/data/lasalle/armies/examples/%s", root_dir(), rel);
    return buf;
}

static void test_verb_lists(void **state)
{
    char *out = *state;
    assert_int_equal(run(out, "lists", NULL), 0);
    has(out, "france-infantry-division-liberation");
    has(out, "spain-infantry-division-peninsula");
    has(out, "Defend +2");
    has(out, "Attack +3");
    has(out, "31 lists; minor states for allied brigades: bavaria");
}

static void test_verb_show(void **state)
{
    char *out = *state;
    assert_int_equal(run(out, "show", "spain-infantry-division-peninsula", NULL), 0);
    has(out, "Spanish Infantry Division, Peninsula (1808-13) [spain-infantry-division-peninsula]");
    has(out, "role modifier: Defend +2");
    has(out, "attacker's bonus (and 1 more subcommander):\n  3 Infantry");
    has(out, "Unpred/Ama/SK1");
    has(out, "viva-espana");
    has(out, "reserve brigades:\n  (none)");
    has(out, "allied brigades:\n  (none)");
    assert_int_equal(run(out, "show", "france-guard-division-liberation", NULL), 0);
    has(out, "Old Guard Infantry (1) [L] (K France, p.108)");
    has(out, "(at most 1 the alternative)");
    has(out, "send-in-the-guards");
    has(out, "Duchy of Warsaw");
    assert_int_equal(run(out, "show", "austria", NULL), 0);
    has(out, "list austria-avant-garde-division-liberation");
    has(out, "Grenz");
    has(out, "Rel/Ama/SK1 (regular) or Rel/Irr/SK2 (irregular)");
    assert_int_equal(run(out, "show", "warsaw", NULL), 0);
    has(out, "Val/Exp/Pursuit/Lance");
    assert_int_equal(run(out, "show", "france-guard-division-peninsula", NULL), 1);
    has(out, "no army list \"france-guard-division-peninsula\"");
}

static void test_verb_check(void **state)
{
    char *out = *state, e1[1024], e2[1024];
    assert_int_equal(run(out, "check", example(e1, sizeof e1, "austria-avant-garde-1809.json"),
                         example(e2, sizeof e2, "spain-infantry-division-1809.json"), NULL),
                     0);
    has(out, "austria-avant-garde-1809.json:");
    has(out, "Force 1 \"Grenzer and Uhlans\": core; subcommander GM Mayer, vigor +1 (rolled 5)");
    has(out, "Grenz, irregular");
    has(out, "army morale 32 at the start");
    has(out, "  legal");
    assert_int_equal(run(out, "check", example(e1, sizeof e1, "broken/spain-reserve.json"), NULL), 1);
    has(out, "1 breach:\n    - [support offer] Force 3 (\"Cavalry\"): Spain has no reserve brigades (K Spain, p.118)");
    assert_int_equal(run(out, "check", example(e1, sizeof e1, "prussia-infantry-brigade-1815.json"),
                         example(e2, sizeof e2, "broken/britain-malformed.json"), NULL),
                     1);
    has(out, "  legal");
    has(out, "britain-malformed.json: $.forces[0].units[2].sk_bases: expected an integer in [0, 3], got \"two\"");
}

static void test_verb_roll(void **state)
{
    char *out = *state;
    char p1[] = "/tmp/grognard-lasalle-roll-XXXXXX", p2[] = "/tmp/grognard-lasalle-roll-XXXXXX";
    int fd = mkstemp(p1);
    close(fd);
    fd = mkstemp(p2);
    close(fd);
    assert_int_equal(run(out, "roll", "russia-guard-division-empire", "--seed", "11", "--role", "attacker", "--support",
                         "2", "--out", p1, NULL),
                     0);
    has(out, "list russia-guard-division-empire, attacker, 2 support choices agreed");
    has(out, "Force 2 \"Core Force 2\": core; subcommander");
    has(out, "(rolled ");
    has(out, "  legal");
    has(out, "written to /tmp/grognard-lasalle-roll-");
    assert_int_equal(run(out, "check", p1, NULL), 0);
    assert_int_equal(run(out, "roll", "russia-guard-division-empire", "--seed", "11", "--role", "attacker", "--support",
                         "2", "--out", p2, NULL),
                     0);
    gr_error err;
    size_t n1, n2;
    char *t1 = gr_read_file(p1, 1 << 20, &n1, &err), *t2 = gr_read_file(p2, 1 << 20, &n2, &err);
    assert_non_null(t1);
    assert_non_null(t2);
    assert_string_equal(t1, t2);
    free(t1);
    free(t2);
    unlink(p1);
    unlink(p2);
    assert_int_equal(run(out, "roll", "spain-infantry-division-peninsula", "--seed", "5", NULL), 0);
    has(out, "defender, 1 support choice agreed");
    assert_int_equal(run(out, "roll", "spain-armoured-division-peninsula", "--seed", "5", NULL), 1);
}

static void test_verb_usage(void **state)
{
    char *out = *state;
    assert_int_equal(run(out, NULL), 2);
    has(out, "usage: grognard army lists");
    assert_int_equal(run(out, "frobnicate", NULL), 2);
    has(out, "unknown subcommand 'frobnicate'");
    assert_int_equal(run(out, "roll", "spain-infantry-division-peninsula", NULL), 2);
    has(out, "roll needs --seed N");
    assert_int_equal(run(out, "lists", "--seed", "3", NULL), 2);
    assert_int_equal(run(out, "roll", "spain-infantry-division-peninsula", "--seed", "1", "--role", "umpire", NULL), 2);
    has(out, "--role is attacker or defender");
    assert_int_equal(run(out, "roll", "spain-infantry-division-peninsula", "--seed", "1", "--support", "9", NULL), 2);
    assert_int_equal(run(out, "check", NULL), 2);
    assert_int_equal(run(out, "show", "a", "b", NULL), 2);
    assert_int_equal(run(out, "--help", NULL), 0);
    has(out, "--seed N");
}

static int setup_out(void **state)
{
    *state = malloc(OUT_MAX);
    return *state ? 0 : -1;
}

static int teardown_out(void **state)
{
    free(*state);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verb_lists), cmocka_unit_test(test_verb_show),  cmocka_unit_test(test_verb_check),
        cmocka_unit_test(test_verb_roll),  cmocka_unit_test(test_verb_usage),
    };
    return cmocka_run_group_tests(tests, setup_out, teardown_out);
}
