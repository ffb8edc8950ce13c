/* test_lasalle_army_files.c - the Army Builder's file loaders refuse
 * malformed files with the file, the JSON path and what was expected:
 * nation files (bad values, batteries, compositions, theatres, tables,
 * rules), the book as a whole (allied offers, values in offered theatres),
 * the minor states' file, and army files of several broken shapes.
 * Files are written to a temporary folder; the real minor-states.json is
 * found under $GROGNARD_ROOT (default: the current folder). */
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
#include "../../engine/core/fsutil.h"

/* a small nation that loads; the cases below change one piece of it ('
 * stands for " so the JSON reads without escapes) */
static const char nation_template[] =
    "{'ruleset':'lasalle','format':'lasalle-nation','id':'testland','name':'Testland','adjective':'Testish',"
    "'ref':'K Test, p.1','theatres':['empire'],'allies':true,"
    "'subcommanders':{'vigor':[-1,-1,0,0,0,1],'tactics':['poor','poor','average','average','average','good']},"
    "'units':[{'name':'Line','arm':'infantry','values':{'all':'Rel/Exp/SK1'}},"
    "{'name':'Horse','arm':'cavalry','values':{'all':'Rel/Exp/Pursuit'}}],"
    "'artillery':[{'name':'Foot BTY','type':'foot','cannon':3,'weight':'medium','howitzers':1}],"
    "'brigades':[{'name':'Line','units':[{'n':4,'unit':'Line'},{'n':1,'battery':'Foot BTY'}]}],"
    "'armies':[{'id':'division','name':'Division','cores':[{'theatres':['empire'],"
    "'units':[{'n':4,'unit':'Line'},{'n':1,'battery':'Foot BTY'}],'attacker_bonus':[{'n':1,'unit':'Line'}]}],"
    "'support':{'organic':[{'brigade':'Line'}],'allied':[{'state':'bavaria'}]}}],"
    "'rules':[{'rule':'linear-tactics'}]}";

/* --- helpers ------------------------------------------------------------------------------ */

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return (r && *r) ? r : ".";
}

/* s with its first `from` made `to` (malloc'd; still with ' for ") */
static char *variant(const char *s, const char *from, const char *to)
{
    const char *at = from ? strstr(s, from) : NULL;
    if (from && !at) fail_msg("the template has no \"%s\"", from);
    size_t n = strlen(s) + (to ? strlen(to) : 0) + 1;
    char *out = malloc(n);
    assert_non_null(out);
    if (at)
        snprintf(out, n, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
    else
        snprintf(out, n, "%s", s);
    return out;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* writes a template-form text with every ' made " */
static void write_json(const char *path, const char *text)
{
    char *t = variant(text, NULL, NULL);
    for (char *p = t; *p; p++)
        if (*p == '\'') *p = '"';
    write_text(path, t);
    free(t);
}

/* a temporary folder holding a copy of the real minor-states.json */
static void make_book_dir(char *dir, size_t cap)
{
    snprintf(dir, cap, "/tmp/grognard-lasalle-XXXXXX");
    assert_non_null(mkdtemp(dir));
    char src[1024], dst[1024];
    snprintf(src, sizeof src, "%s/data/lasalle/armies/minor-states.json", root_dir());
    snprintf(dst, sizeof dst, "%s/minor-states.json", dir);
    gr_error err;
    size_t len;
    char *text = gr_read_file(src, 1 << 22, &len, &err);
    if (!text) fail_msg("%s", err.msg);
    write_text(dst, text);
    free(text);
}

static void remove_book_dir(const char *dir)
{
    char p[1024];
    snprintf(p, sizeof p, "%s/minor-states.json", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/testland.json", dir);
    unlink(p);
    rmdir(dir);
}

/* the nation text loaded alone: 0, or -1 with err set */
static int load_nation_text(const char *text, char *path, size_t cap, gr_error *err)
{
    snprintf(path, cap, "/tmp/grognard-lasalle-nation-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_json(path, text);
    lasalle_list_nation *N = malloc(sizeof *N);
    assert_non_null(N);
    int rc = lasalle_list_load_nation(path, N, err);
    free(N);
    unlink(path);
    return rc;
}

/* --- nation files --------------------------------------------------------------------------- */

/* the template is good: alone, and as a book with the minor states */
static void test_k_template_loads(void **state)
{
    (void)state;
    char *text = variant(nation_template, NULL, NULL), path[64], dir[64], file[128];
    gr_error err;
    if (load_nation_text(text, path, sizeof path, &err)) fail_msg("%s", err.msg);
    make_book_dir(dir, sizeof dir);
    snprintf(file, sizeof file, "%s/testland.json", dir);
    write_json(file, text);
    lasalle_list_book *B = lasalle_list_load_book(dir, &err);
    if (!B) fail_msg("%s", err.msg);
    lasalle_list_ref l;
    assert_int_equal(lasalle_list_find(B, "testland-division-empire", &l, &err), 0);
    free(B);
    remove_book_dir(dir);
    free(text);
}

/* K (format): a broken nation file names the file, the path and what was expected */
static void test_k_malformed_nation_files(void **state)
{
    (void)state;
    static const char *const cases[][3] = {
        {"'Rel/Exp/SK1'", "'Rel/Exp/SK9'", "$.units[0].values.all: expected unit values such as"},
        {"'Rel/Exp/SK1'", "'Rel/Exp'", "$.units[0].values.all: infantry values need a skirmish value"},
        {"'Rel/Exp/Pursuit'", "'Rel/Exp/SK1'", "$.units[1].values.all: cavalry has no skirmish value"},
        {"'cannon':3", "'cannon':5", "$.artillery[0]: a battery has 3 to 5 gun bases (A p.8); this one has 6"},
        {"{'n':4,'unit':'Line'},{'n':1,'battery'", "{'n':4,'unit':'Lines'},{'n':1,'battery'",
         "$.brigades[0].units[0].unit: expected a unit type of Testland"},
        {"{'n':1,'battery':'Foot BTY'}]}],'armies'", "{'n':1,'unit':'Line'}]}],'armies'",
         "$.brigades[0].units[1]: this line takes the same units as line 0"},
        {"'cores':[{'theatres':['empire']", "'cores':[{'theatres':['peninsula']",
         "$.armies[0].cores[0].theatres[0]: peninsula is not among the theatres here (empire)"},
        {"'allies':true", "'allies':false", "$.armies[0].support.allied: Testland may not take allied brigades"},
        {"'vigor':[-1,-1,0,0,0,1]", "'vigor':[1,-1,0,0,0,1]", "$.subcommanders.vigor[1]: a higher roll never gives"},
        {"'allies':true", "'allies':true,'colour':'blue'", "$.colour: unknown key \"colour\""},
        {"'ruleset':'lasalle'", "'ruleset':'fogn'", "$.ruleset: expected \"lasalle\", got \"fogn\""},
        {"{'rule':'linear-tactics'}", "{'rule':'entrenched-start'}",
         "$.rules[0]: rule entrenched-start needs \"units\""},
        {"{'rule':'linear-tactics'}", "{'rule':'linear-tactic'}", "$.rules[0].rule: expected one of linear-tactics"},
        {"'support':{'organic':[{'brigade':'Line'}]", "'support':{'organic':[{'brigade':'Guard'}]",
         "$.armies[0].support.organic[0].brigade: expected a brigade of Testland's \"brigades\""},
        {"'attacker_bonus':[{'n':1,'unit':'Line'}]", "'attacker_bonus':[{'sk_bases':2}]",
         "$.armies[0].cores[0].attacker_bonus[0]: SK bases may not be listed here"},
        {"'units':[{'n':4,'unit':'Line'},{'n':1,'battery':'Foot BTY'}],'attacker_bonus'",
         "'units':[{'n':1,'unit':'Line'}],'attacker_bonus'",
         "$.armies[0].cores[0]: a core list needs at least 2 units to make a Force (K p.95)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *text = variant(nation_template, cases[i][0], cases[i][1]), path[64];
        gr_error err;
        int rc = load_nation_text(text, path, sizeof path, &err);
        free(text);
        if (rc == 0) fail_msg("case %zu should be refused", i);
        if (!strstr(err.msg, path) || !strstr(err.msg, cases[i][2]))
            fail_msg("case %zu: expected \"%s\" in: %s", i, cases[i][2], err.msg);
    }
}

/* K p.94: what needs the whole book (states, values in offered theatres) */
static void test_k_malformed_book(void **state)
{
    (void)state;
    static const char *const cases[][3] = {
        {"{'state':'bavaria'}", "{'state':'ruritania'}",
         "$.armies[0].support.allied[0]: expected the id of a minor state (bavaria,"},
        {"'theatres':['empire'],'allies'", "'theatres':['empire','peninsula'],'allies'",
         "$.armies[0].support.allied[0]: Bavaria has no brigade in the peninsula theatre"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *text = variant(nation_template, cases[i][0], cases[i][1]), dir[64], file[128];
        if (i == 1) { /* Peninsula: the core serves it too, so the allied offer covers it */
            char *t2 = variant(text, "'cores':[{'theatres':['empire']", "'cores':[{'theatres':['empire','peninsula']");
            free(text);
            text = t2;
        }
        make_book_dir(dir, sizeof dir);
        snprintf(file, sizeof file, "%s/testland.json", dir);
        write_json(file, text);
        gr_error err;
        lasalle_list_book *B = lasalle_list_load_book(dir, &err);
        remove_book_dir(dir);
        free(text);
        if (B) fail_msg("case %zu should be refused", i);
        if (!strstr(err.msg, "testland.json: ") || !strstr(err.msg, cases[i][2]))
            fail_msg("case %zu: expected \"%s\" in: %s", i, cases[i][2], err.msg);
    }
    /* a unit of a core list with no value in a theatre the core serves */
    char *text =
        variant(nation_template, "'theatres':['empire'],'allies'", "'theatres':['empire','liberation'],'allies'");
    char *t2 = variant(text, "'cores':[{'theatres':['empire']", "'cores':[{'theatres':['empire','liberation']");
    char *t3 = variant(t2, "'values':{'all':'Rel/Exp/SK1'}", "'values':{'empire':'Rel/Exp/SK1'}");
    char *t4 = variant(t3, "{'state':'bavaria'}", "{'state':'bavaria','theatres':['empire']}");
    char dir[64], file[128];
    make_book_dir(dir, sizeof dir);
    snprintf(file, sizeof file, "%s/testland.json", dir);
    write_json(file, t4);
    gr_error err;
    lasalle_list_book *B = lasalle_list_load_book(dir, &err);
    remove_book_dir(dir);
    assert_null(B);
    assert_non_null(strstr(err.msg, "$.armies[0].cores[0].units[0]: Line has no value in the liberation theatre"));
    free(text);
    free(t2);
    free(t3);
    free(t4);
}

/* the minor states' file: a broken state is named by its path */
static void test_k_malformed_minor_states(void **state)
{
    (void)state;
    static const char states[] =
        "{'ruleset':'lasalle','format':'lasalle-minor-states','ref':'K Minor States, p.120',"
        "'subcommanders':{'vigor':[-1,-1,0,0,0,1],'tactics':['poor','poor','average','average','average','good'],"
        "'modifiers':[{'rolls':['vigor'],'add':1,'states':['ruritania']}]},"
        "'states':[{'id':'bavaria','name':'Bavaria','adjective':'Bavarian','theatres':['empire'],"
        "'units':[{'name':'Infantry','arm':'infantry','values':{'all':'Rel/Exp/SK1'}}],"
        "'artillery':[{'name':'Foot BTY','type':'foot','cannon':2,'weight':'medium','howitzers':1}],"
        "'brigades':[{'name':'Infantry','once':'yes','units':[{'n':4,'unit':'Infantry'}]}]}]}";
    static const char *const cases[][3] = {
        {NULL, NULL, "$.states[0].brigades[0].once: expected true or false"},
        {"'once':'yes'", "'once':true",
         "$.subcommanders.modifiers[0].states[0]: expected the id of a state of this file"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *text = variant(states, cases[i][0], cases[i][1]);
        char path[] = "/tmp/grognard-lasalle-states-XXXXXX";
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        close(fd);
        write_json(path, text);
        lasalle_list_book *B = calloc(1, sizeof *B);
        assert_non_null(B);
        gr_error err;
        int rc = lasalle_list_load_states(path, B, &err);
        unlink(path);
        free(B);
        free(text);
        assert_int_equal(rc, -1);
        if (!strstr(err.msg, path) || !strstr(err.msg, cases[i][2]))
            fail_msg("case %zu: expected \"%s\" in: %s", i, cases[i][2], err.msg);
    }
}

/* --- army files ------------------------------------------------------------------------------- */

static const char army_template[] =
    "{'ruleset':'lasalle','format':'lasalle-army','list':'spain-infantry-division-peninsula','role':'defender',"
    "'commander':{'name':'Blake'},'forces':[{'subcommander':{'vigor':0,'tactics':'average'},"
    "'units':[{'unit':'Militia'},{'battery':'Foot BTY'}]}]}";

/* the army-file format: each broken shape is refused with its path */
static void test_k_malformed_army_files(void **state)
{
    (void)state;
    static const char *const cases[][3] = {
        {"'role':'defender',", "'role':'defender'", ":1:"}, /* not JSON */
        {"'ruleset':'lasalle'", "'ruleset':'fogn'", "$.ruleset: expected \"lasalle\""},
        {"'role':'defender',", "", "$.role: missing (expected one of defender, attacker)"},
        {"{'battery':'Foot BTY'}", "{'battery':'Foot BTY','unit':'Militia'}",
         "$.forces[0].units[1]: expected exactly one of \"unit\" and \"battery\""},
        {"{'subcommander'", "{'subcomander'",
         "$.forces[0].subcomander: unknown key \"subcomander\" (did you mean \"subcommander\"?)"},
        {"{'subcommander'", "{'support':'allied','brigade':'Infantry','subcommander'",
         "$.forces[0]: an allied brigade, and only one, names its minor \"state\""},
        {"{'battery':'Foot BTY'}", "{'battery':'Foot BTY','large':true}", "$.forces[0].units[1]: a battery takes only"},
        {"'vigor':0", "'vigor':2", "$.forces[0].subcommander.vigor: expected an integer in [-1, 1], got 2"},
        {"'tactics':'average'", "'tactics':'brilliant'", "$.forces[0].subcommander.tactics: expected one of poor"},
        {"{'unit':'Militia'}", "{'unit':'Militia','swap':'rockets'}", "only a battery may be exchanged"},
        {"'forces':[", "'support_choices':9,'forces':[", "$.support_choices: expected an integer in [0, 6], got 9"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *text = variant(army_template, cases[i][0], cases[i][1]);
        char path[] = "/tmp/grognard-lasalle-army-XXXXXX";
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        close(fd);
        write_json(path, text);
        free(text);
        gr_error err;
        lasalle_army *a = lasalle_army_load_file(path, &err);
        unlink(path);
        if (a) fail_msg("case %zu should be refused", i);
        if (!strstr(err.msg, path) || !strstr(err.msg, cases[i][2]))
            fail_msg("case %zu: expected \"%s\" in: %s", i, cases[i][2], err.msg);
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/data/lasalle/armies/examples/broken/britain-malformed.json", root_dir());
    gr_error err;
    assert_null(lasalle_army_load_file(path, &err));
    assert_non_null(strstr(err.msg, "britain-malformed.json: $.forces[0].units[2].sk_bases: expected an integer"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k_template_loads),       cmocka_unit_test(test_k_malformed_nation_files),
        cmocka_unit_test(test_k_malformed_book),       cmocka_unit_test(test_k_malformed_minor_states),
        cmocka_unit_test(test_k_malformed_army_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
