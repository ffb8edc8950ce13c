/* test_args.c - the table-driven command line (engine/core/args.h): every
 * kind of option read from good input, positional arguments gathered (also
 * into argv itself), each kind of bad input refused with a message that
 * names the verb and the argument and is followed by the usage, --help
 * printing the table, and the strict whole numbers underneath. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../engine/core/args.h"

#define USAGE "usage: grognard demo [FILE...] [--seed N] [--moves N] [--ratio X] [--out FILE] [--tag T]...\n"

/* what the demo verb's table stores into */
typedef struct demo {
    int quiet, against;
    long moves;
    unsigned long long seed;
    double ratio;
    const char *out;
    char *tag_v[2];
    gr_args_list tags;
    char *pos_v[3];
    gr_args_list pos;
    int seen[7];
} demo;

static void demo_init(demo *d)
{
    memset(d, 0, sizeof *d);
    d->moves = 5;
    d->seed = 1;
    d->ratio = 0.5;
    d->tags = (gr_args_list){d->tag_v, 0, 2};
    d->pos = (gr_args_list){d->pos_v, 0, 3};
}

/* the demo verb's table over d; opts must have room for 7 rows */
static gr_args_spec demo_spec(demo *d, gr_args_opt *opts, int min_pos)
{
    const gr_args_opt rows[] = {
        GR_ARGS_OPT_FLAG("--quiet", &d->quiet, "say nothing"),
        GR_ARGS_OPT_LONG("--moves", &d->moves, 1, 1000, "N", "stop after N moves"),
        GR_ARGS_OPT_ULL("--seed", &d->seed, "N", "the dice's seed"),
        GR_ARGS_OPT_REAL("--ratio", &d->ratio, 0.0, 1.0, "X", "a share"),
        GR_ARGS_OPT_STRING("--out", &d->out, "FILE", "where it goes"),
        GR_ARGS_OPT_STRINGS("--tag", &d->tags, "T", "a tag"),
        GR_ARGS_OPT_MARK("--against", &d->against, "the files after it are the other side's"),
    };
    memcpy(opts, rows, sizeof rows);
    return (gr_args_spec){.verb = "grognard demo", .usage = USAGE, .opts = opts, .nopts = GR_ARGS_COUNT(rows),
                          .pos = &d->pos, .min_pos = min_pos, .pos_name = "a FILE", .seen = d->seen};
}

/* runs the parser with stdout and stderr caught; returns its result and
 * the text each stream got (malloc'd) */
typedef struct caught {
    int rc, status;
    char *out, *err;
} caught;

static char *slurp(FILE *f)
{
    fflush(f);
    long n = ftell(f);
    assert_true(n >= 0);
    char *s = calloc(1, (size_t)n + 1);
    assert_non_null(s);
    rewind(f);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    return s;
}

static caught parse(const gr_args_spec *spec, int argc, char **argv)
{
    FILE *fo = tmpfile(), *fe = tmpfile();
    assert_true(fo && fe);
    fflush(stdout);
    fflush(stderr);
    int so = dup(1), se = dup(2);
    dup2(fileno(fo), 1);
    dup2(fileno(fe), 2);
    caught c;
    c.status = -1;
    c.rc = gr_args_parse(spec, argc, argv, &c.status);
    fflush(stdout);
    fflush(stderr);
    dup2(so, 1);
    dup2(se, 2);
    close(so);
    close(se);
    fseek(fo, 0, SEEK_END);
    fseek(fe, 0, SEEK_END);
    c.out = slurp(fo);
    c.err = slurp(fe);
    fclose(fo);
    fclose(fe);
    return c;
}

static void caught_free(caught *c)
{
    free(c->out);
    free(c->err);
}

static void test_good_input(void **unused)
{
    (void)unused;
    demo d;
    demo_init(&d);
    gr_args_opt opts[7];
    gr_args_spec spec = demo_spec(&d, opts, 0);
    char *argv[] = {"a.json", "--quiet", "--moves", "12", "--seed", "18446744073709551615", "--ratio", "0.25",
                    "--out", "x.svg", "--tag", "one", "b.json", "--against", "--tag", "--two", "c.json",
                    "--out", "y.svg"};
    caught c = parse(&spec, (int)(sizeof argv / sizeof *argv), argv);
    assert_int_equal(c.rc, 0);
    assert_int_equal(c.status, 0);
    assert_string_equal(c.out, "");
    assert_string_equal(c.err, "");
    assert_int_equal(d.quiet, 1);
    assert_int_equal(d.moves, 12);
    assert_true(d.seed == 18446744073709551615ULL);
    assert_true(d.ratio == 0.25);
    assert_string_equal(d.out, "y.svg"); /* the last one given wins */
    assert_int_equal(d.tags.n, 2);
    assert_string_equal(d.tags.v[0], "one");
    assert_string_equal(d.tags.v[1], "--two"); /* a value is taken as it is */
    assert_int_equal(d.pos.n, 3);
    assert_string_equal(d.pos.v[0], "a.json");
    assert_string_equal(d.pos.v[1], "b.json");
    assert_string_equal(d.pos.v[2], "c.json");
    assert_int_equal(d.against, 3); /* two positional arguments before it */
    assert_int_equal(gr_args_seen(&spec, "--out"), 2);
    assert_int_equal(gr_args_seen(&spec, "--moves"), 1);
    assert_int_equal(gr_args_seen(&spec, "--ratio"), 1);
    assert_int_equal(gr_args_seen(&spec, "--nothing"), 0);
    caught_free(&c);

    /* nothing given: the defaults stand */
    demo_init(&d);
    spec = demo_spec(&d, opts, 0);
    c = parse(&spec, 0, NULL);
    assert_int_equal(c.rc, 0);
    assert_int_equal(d.moves, 5);
    assert_true(d.seed == 1);
    assert_null(d.out);
    assert_int_equal(d.against, 0);
    assert_int_equal(gr_args_seen(&spec, "--seed"), 0);
    caught_free(&c);
}

/* positional arguments gathered at the front of the argv being read */
static void test_positionals_into_argv(void **unused)
{
    (void)unused;
    int quiet = 0;
    const char *out = NULL;
    char *argv[] = {"--out", "o", "f1", "--quiet", "f2", "f3"};
    gr_args_list files = {argv, 0, 6};
    const gr_args_opt opts[] = {GR_ARGS_OPT_STRING("--out", &out, "FILE", "out"),
                                GR_ARGS_OPT_FLAG("--quiet", &quiet, "quiet")};
    const gr_args_spec spec = {.verb = "grognard x", .usage = "usage: grognard x FILE...\n", .opts = opts,
                               .nopts = GR_ARGS_COUNT(opts), .pos = &files, .min_pos = 1, .pos_name = "a FILE"};
    caught c = parse(&spec, 6, argv);
    assert_int_equal(c.rc, 0);
    assert_int_equal(files.n, 3);
    assert_string_equal(argv[0], "f1");
    assert_string_equal(argv[1], "f2");
    assert_string_equal(argv[2], "f3");
    assert_string_equal(out, "o");
    assert_int_equal(quiet, 1);
    caught_free(&c);
}

/* each kind of bad input: status 2, the verb and the argument named, the usage after */
static void test_bad_input(void **unused)
{
    (void)unused;
    static const struct {
        int min_pos;
        const char *args[6];
        const char *message;
    } bad[] = {
        {0, {"--bogus"}, "grognard demo: unexpected argument '--bogus'\n"},
        {0, {"-x"}, "grognard demo: unexpected argument '-x'\n"},
        {0, {"a", "b", "c", "d"}, "grognard demo: unexpected argument 'd'\n"},
        {0, {"--moves"}, "grognard demo: --moves needs a value: --moves N\n"},
        {0, {"--moves", "x"}, "grognard demo: --moves: expected a whole number from 1 to 1000, got 'x'\n"},
        {0, {"--moves", "0"}, "grognard demo: --moves: expected a whole number from 1 to 1000, got '0'\n"},
        {0, {"--moves", "1001"}, "grognard demo: --moves: expected a whole number from 1 to 1000, got '1001'\n"},
        {0, {"--moves", "5x"}, "grognard demo: --moves: expected a whole number from 1 to 1000, got '5x'\n"},
        {0, {"--moves", ""}, "grognard demo: --moves: expected a whole number from 1 to 1000, got ''\n"},
        {0, {"--seed", "x"}, "grognard demo: --seed: expected a whole number, got 'x'\n"},
        {0, {"--seed", "-3"}, "grognard demo: --seed: expected a whole number, got '-3'\n"},
        {0, {"--seed", "18446744073709551616"}, "grognard demo: --seed: expected a whole number, got '18446744073709551616'\n"},
        {0, {"--ratio", "half"}, "grognard demo: --ratio: expected a number from 0 to 1, got 'half'\n"},
        {0, {"--ratio", "1.5"}, "grognard demo: --ratio: expected a number from 0 to 1, got '1.5'\n"},
        {0, {"--ratio", "nan"}, "grognard demo: --ratio: expected a number from 0 to 1, got 'nan'\n"},
        {0, {"--out"}, "grognard demo: --out needs a value: --out FILE\n"},
        {0, {"--tag", "a", "--tag", "b", "--tag", "c"}, "grognard demo: --tag: at most 2\n"},
        {0, {"--against", "x", "--against"}, "grognard demo: --against given twice\n"},
        {1, {"--quiet"}, "grognard demo: a FILE is needed\n"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        demo d;
        demo_init(&d);
        gr_args_opt opts[7];
        gr_args_spec spec = demo_spec(&d, opts, bad[i].min_pos);
        char *argv[6];
        int argc = 0;
        while (argc < 6 && bad[i].args[argc]) {
            argv[argc] = (char *)bad[i].args[argc];
            argc++;
        }
        caught c = parse(&spec, argc, argv);
        if (c.rc != 1 || c.status != 2) fail_msg("case %zu: rc %d status %d", i, c.rc, c.status);
        char want[512];
        snprintf(want, sizeof want, "%s%s", bad[i].message, USAGE);
        if (strcmp(c.err, want)) fail_msg("case %zu: got\n%s\nwanted\n%s", i, c.err, want);
        assert_string_equal(c.out, "");
        caught_free(&c);
    }
}

/* --help (or -h): the usage and the table with each option's help, on standard output, status 0 */
static void test_help(void **unused)
{
    (void)unused;
    const char *asks[] = {"--help", "-h"};
    for (int k = 0; k < 2; k++) {
        demo d;
        demo_init(&d);
        gr_args_opt opts[7];
        gr_args_spec spec = demo_spec(&d, opts, 1);
        char *argv[] = {"--moves", "3", (char *)asks[k], "--bogus"};
        caught c = parse(&spec, 4, argv);
        assert_int_equal(c.rc, 1);
        assert_int_equal(c.status, 0);
        assert_string_equal(c.err, "");
        assert_non_null(strstr(c.out, USAGE "options:\n"));
        assert_non_null(strstr(c.out, "  --moves N "));
        assert_non_null(strstr(c.out, "stop after N moves; a whole number from 1 to 1000\n"));
        assert_non_null(strstr(c.out, "a share; a number from 0 to 1\n"));
        assert_non_null(strstr(c.out, "  --tag T "));
        assert_non_null(strstr(c.out, "a tag; may be repeated\n"));
        assert_non_null(strstr(c.out, "  --quiet "));
        assert_non_null(strstr(c.out, "  --help "));
        caught_free(&c);
    }
    /* a value that reads "--help" is a value */
    demo d;
    demo_init(&d);
    gr_args_opt opts[7];
    gr_args_spec spec = demo_spec(&d, opts, 0);
    char *argv[] = {"--out", "--help"};
    caught c = parse(&spec, 2, argv);
    assert_int_equal(c.rc, 0);
    assert_string_equal(d.out, "--help");
    caught_free(&c);
}

/* gr_args_fail: the verb's own checks after parsing read like the parser's */
static void test_fail(void **unused)
{
    (void)unused;
    const gr_args_spec spec = {.verb = "grognard demo", .usage = USAGE};
    FILE *fe = tmpfile();
    assert_non_null(fe);
    fflush(stderr);
    int se = dup(2);
    dup2(fileno(fe), 2);
    int rc = gr_args_fail(&spec, "give --%s or --%s, not both", "ms", "iters");
    fflush(stderr);
    dup2(se, 2);
    close(se);
    fseek(fe, 0, SEEK_END);
    char *text = slurp(fe);
    fclose(fe);
    assert_int_equal(rc, 2);
    assert_string_equal(text, "grognard demo: give --ms or --iters, not both\n" USAGE);
    free(text);
}

static void test_whole_numbers(void **unused)
{
    (void)unused;
    long v = 0;
    assert_int_equal(gr_arg_long("42", 0, 100, &v), 0);
    assert_int_equal(v, 42);
    assert_int_equal(gr_arg_long("-7", -10, 10, &v), 0);
    assert_int_equal(v, -7);
    assert_int_equal(gr_arg_long("101", 0, 100, &v), -1);
    assert_int_equal(gr_arg_long("4.5", 0, 100, &v), -1);
    assert_int_equal(gr_arg_long("", 0, 100, &v), -1);
    assert_int_equal(gr_arg_long(NULL, 0, 100, &v), -1);
    assert_int_equal(gr_arg_long("99999999999999999999", LONG_MIN, LONG_MAX, &v), -1);
    assert_int_equal(v, -7); /* untouched when refused */
    unsigned long long u = 0;
    assert_int_equal(gr_arg_ull("18446744073709551615", &u), 0);
    assert_true(u == 18446744073709551615ULL);
    assert_int_equal(gr_arg_ull("+1", &u), -1);
    assert_int_equal(gr_arg_ull("-1", &u), -1);
    assert_int_equal(gr_arg_ull("1 ", &u), -1);
    assert_int_equal(gr_arg_ull(NULL, &u), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_input),     cmocka_unit_test(test_positionals_into_argv),
        cmocka_unit_test(test_bad_input),      cmocka_unit_test(test_help),
        cmocka_unit_test(test_fail),           cmocka_unit_test(test_whole_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
