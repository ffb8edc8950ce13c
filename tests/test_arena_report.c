/* test_arena_report.c - the arena tactics report: a small made-up set of
 * games (two doctrines, an MCTS budget series and a random player over two
 * scenarios) must give the expected table rows, charts that are SVG, XML-safe
 * names, a note when a section has nothing to show, and the same bytes every
 * time it is written; the side bias names the scenario's sides when the
 * results lines do; the orders by kind, read from hand-written hexwar records
 * of known orders, are counted exactly, with a missing record counted and a
 * bad one named in a warning while the rest is reported; and the whole path
 * from `grognard arena --records` to `grognard report --records` works.
 * Output goes to a fresh folder from mkdtemp. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../bench/arena/report.h"
#include "../bench/arena/results.h"
#include "../bench/arena/tactics.h"
#include "../cli/commands.h"
#include "../engine/core/fsutil.h"

#define SCEN_A "Quatre Bras (small)"
#define SCEN_B "Ligny & <Wavre>"

typedef struct fixture {
    char dir[64];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/gr_arena_report_XXXXXX");
    if (!mkdtemp(f->dir)) {
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

/* Removes a folder and everything under it (plain files and folders only). */
static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char p[512];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            struct stat st;
            if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) remove_tree(p);
            else unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
}

static int teardown(void **state)
{
    fixture *f = *state;
    remove_tree(f->dir);
    free(f);
    return 0;
}

/* Adds one game; result is seat 0's score (1, 0.5 or 0). */
static void add(gr_arena_set *s, const char *scen, const char *p0, const char *p1, double result,
                long moves, const char *end)
{
    gr_arena_game g;
    memset(&g, 0, sizeof g);
    snprintf(g.tournament, sizeof g.tournament, "t-report");
    snprintf(g.scenario, sizeof g.scenario, "%s", scen);
    g.index = (long)s->n;
    g.pair = g.index / 2;
    g.seed = 1000u + (unsigned long long)g.pair;
    snprintf(g.players[0], sizeof g.players[0], "%s", p0);
    snprintf(g.players[1], sizeof g.players[1], "%s", p1);
    g.score[0] = result;
    g.score[1] = 1.0 - result;
    g.winner = result > 0.75 ? 0 : result < 0.25 ? 1 : -1;
    g.margin = g.winner < 0 ? 0 : 2;
    g.moves = moves;
    g.decisions = 20 * moves;
    snprintf(g.end, sizeof g.end, "%s", end);
    snprintf(g.reason, sizeof g.reason, "made up for the test");
    g.seconds = 0.25;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_set_add(s, &g, &err), 0);
}

/* Two doctrines, a budget series against random, in two scenarios. */
static void build_set(gr_arena_set *s)
{
    gr_arena_set_init(s);
    /* doctrine:columns scores 3 of 4 against doctrine:line, from both seats */
    add(s, SCEN_A, "doctrine:columns", "doctrine:line", 1.0, 12, "army morale");
    add(s, SCEN_A, "doctrine:line", "doctrine:columns", 0.0, 14, "army morale");
    add(s, SCEN_A, "doctrine:columns", "doctrine:line", 1.0, 9, "army morale");
    add(s, SCEN_A, "doctrine:line", "doctrine:columns", 1.0, 20, "army morale");
    /* doctrine:line against random: a win and a draw */
    add(s, SCEN_A, "doctrine:line", "random", 1.0, 16, "army morale");
    add(s, SCEN_A, "random", "doctrine:line", 0.5, 24, "turn limit");
    /* more iterations, more points against random */
    add(s, SCEN_A, "mcts:iters=8", "random", 1.0, 18, "army morale");
    add(s, SCEN_A, "random", "mcts:iters=8", 0.5, 24, "turn limit");
    add(s, SCEN_A, "mcts:iters=8", "random", 0.5, 24, "turn limit");
    add(s, SCEN_A, "random", "mcts:iters=8", 0.0, 15, "army morale");
    add(s, SCEN_A, "mcts:iters=16", "random", 1.0, 11, "army morale");
    add(s, SCEN_A, "random", "mcts:iters=16", 0.0, 13, "objectives");
    add(s, SCEN_A, "mcts:iters=16", "random", 0.5, 24, "turn limit");
    add(s, SCEN_A, "random", "mcts:iters=16", 0.0, 10, "army morale");
    add(s, SCEN_A, "mcts:iters=32", "random", 1.0, 8, "army morale");
    add(s, SCEN_A, "random", "mcts:iters=32", 0.0, 9, "objectives");
    add(s, SCEN_A, "mcts:iters=32", "random", 1.0, 7, "army morale");
    add(s, SCEN_A, "random", "mcts:iters=32", 0.0, 12, "army morale");
    /* a second scenario */
    add(s, SCEN_B, "mcts:iters=8", "doctrine:columns", 1.0, 30, "army morale");
    add(s, SCEN_B, "doctrine:columns", "mcts:iters=8", 0.5, 40, "turn limit");
    add(s, SCEN_B, "mcts:iters=32", "doctrine:columns", 1.0, 22, "army morale");
    add(s, SCEN_B, "doctrine:columns", "mcts:iters=32", 0.0, 25, "army morale");
}

static char *read_out(const char *dir, const char *name, size_t *len)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    gr_error err;
    gr_error_clear(&err);
    char *text = gr_read_file(p, 1 << 22, len, &err);
    if (!text) fail_msg("cannot read %s: %s", p, err.msg);
    return text;
}

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part)) fail_msg("the report lacks: %s", part);
}

static void assert_svg(const char *dir, const char *name)
{
    size_t len;
    char *t = read_out(dir, name, &len);
    assert_true(len > 100);
    assert_int_equal(strncmp(t, "<svg", 4), 0);
    assert_non_null(strstr(t, "</svg>\n"));
    free(t);
}

static void test_report_tables(void **state)
{
    fixture *f = *state;
    gr_arena_set s;
    build_set(&s);
    char out[128];
    snprintf(out, sizeof out, "%s/deep/report", f->dir);    /* parents are made too */
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_report_write(&s, NULL, out, "Test arena", "grognard arena --games 22", &err),
                     0);
    size_t len;
    char *md = read_out(out, "README.md", &len);
    assert_contains(md, "# Test arena\n");
    assert_contains(md, "grognard arena --games 22");
    assert_contains(md, "22 games from 1 tournament, 6 players, 2 scenarios");
    assert_contains(md, "`" SCEN_A "` (18 games)");
    /* lines that name no sides: the side bias says "side 0" */
    assert_contains(md, "18 games among 6 players. Side 0 took 55.6% of the points whoever played it");
    assert_null(strstr(md, "## Orders by kind"));
    /* pairings, from the first-named player's side */
    assert_contains(md, "| `doctrine:columns` | `doctrine:line` | 4 | 3-0-1 | 75.0% |");
    assert_contains(md, "| `doctrine:line` | `random` | 2 | 1-1-0 | 75.0% |");
    assert_contains(md, "| `mcts:iters=16` | `random` | 4 | 3-1-0 | 87.5% |");
    assert_contains(md, "| `mcts:iters=32` | `random` | 4 | 4-0-0 | 100.0% |");
    assert_contains(md, "| `mcts:iters=8` | `random` | 4 | 2-2-0 | 75.0% |");
    /* the same pairings split by the first-named player's seat: columns won both
     * games as side 0 and one of two as side 1 */
    assert_contains(md, "| `doctrine:columns` | `doctrine:line` | 2 | 2-0-0 | 100.0% | ");
    assert_contains(md, " | 2 | 1-0-1 | 50.0% | ");
    assert_contains(md, "| `mcts:iters=8` | `random` | 2 | 1-1-0 | 75.0% | ");
    assert_contains(md, "| `doctrine:line` | `random` | 1 | 1-0-0 | 100.0% | ");
    /* cross table row: players sorted by name, self cell, total */
    assert_contains(md, "| 1 | `doctrine:columns` | . | 75.0% (4) | - | - | - | - | 75.0% (4) |");
    /* per-player total over both opponents */
    assert_contains(md, "| `doctrine:line` | 6 | 2-1-3 | 41.7% |");
    /* budget series */
    assert_contains(md, "### `mcts:iters=N`");
    assert_contains(md, "![Score by budget](budget-1.svg)");
    assert_contains(md, "| `mcts:iters=16` | 16 | `" SCEN_A "` | 4 | 3-1-0 | 87.5% |");
    /* doctrines: only the scenario where two met gets a table and a map */
    assert_contains(md, "## Doctrine against doctrine");
    assert_contains(md, "Fewer than two doctrines played this scenario.");
    assert_contains(md, "![Doctrine heat map](s2-quatre-bras-small-doctrines.svg)");
    /* lengths and ends */
    assert_contains(md, "| `" SCEN_B "` | 4 | 29.2 | 27.5 | 22 | 40 | 585.0 |");
    assert_contains(md, "| `" SCEN_A "` | 18 | 14 | 4 | 77.8% |");
    assert_contains(md, "| `army morale` | 12 | 66.7% |");
    free(md);

    assert_svg(out, "budget-1.svg");
    assert_svg(out, "s2-quatre-bras-small-doctrines.svg");
    assert_svg(out, "s1-ligny-wavre-length.svg");
    assert_svg(out, "s2-quatre-bras-small-length.svg");
    assert_svg(out, "s1-ligny-wavre-ends.svg");
    assert_svg(out, "s2-quatre-bras-small-ends.svg");
    /* names are escaped for XML */
    char *svg = read_out(out, "s1-ligny-wavre-ends.svg", &len);
    assert_contains(svg, "Ligny &amp; &lt;Wavre&gt;");
    assert_null(strstr(svg, "<Wavre>"));
    free(svg);
    gr_arena_set_free(&s);
}

/* Only doctrines, only one of them named twice: both optional sections say
 * why they are empty. */
static void test_report_empty_sections(void **state)
{
    fixture *f = *state;
    gr_arena_set s;
    gr_arena_set_init(&s);
    add(&s, SCEN_A, "doctrine:columns", "greedy", 1.0, 10, "army morale");
    add(&s, SCEN_A, "greedy", "doctrine:columns", 0.5, 24, "turn limit");
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_report_write(&s, NULL, f->dir, NULL, NULL, &err), 0);
    size_t len;
    char *md = read_out(f->dir, "README.md", &len);
    assert_contains(md, "# Arena report\n");
    assert_contains(md, "No series to compare");
    assert_contains(md, "Fewer than two scripted doctrines");
    assert_contains(md, "| `doctrine:columns` | `greedy` | 2 | 1-1-0 | 75.0% |");
    free(md);
    assert_svg(f->dir, "s1-quatre-bras-small-length.svg");
    gr_arena_set_free(&s);

    /* two doctrines that each met greedy but not each other: no empty table */
    gr_arena_set_init(&s);
    add(&s, SCEN_A, "doctrine:columns", "greedy", 1.0, 10, "army morale");
    add(&s, SCEN_A, "doctrine:line", "greedy", 0.0, 12, "army morale");
    char two[128];
    snprintf(two, sizeof two, "%s/two", f->dir);
    assert_int_equal(gr_report_write(&s, NULL, two, NULL, NULL, &err), 0);
    md = read_out(two, "README.md", &len);
    assert_contains(md, "played other opponents only, never each other");
    assert_null(strstr(md, "Doctrine heat map"));
    free(md);
    gr_arena_set_free(&s);

    /* no games at all still makes a page */
    gr_arena_set_init(&s);
    char out[128];
    snprintf(out, sizeof out, "%s/none", f->dir);
    assert_int_equal(gr_report_write(&s, NULL, out, "Nothing", "x", &err), 0);
    md = read_out(out, "README.md", &len);
    assert_contains(md, "no games");
    free(md);
    gr_arena_set_free(&s);
}

static void assert_same_file(const char *da, const char *db, const char *name)
{
    size_t la, lb;
    char *a = read_out(da, name, &la);
    char *b = read_out(db, name, &lb);
    assert_int_equal(la, lb);
    assert_memory_equal(a, b, la);
    free(a);
    free(b);
}

static void test_report_deterministic(void **state)
{
    fixture *f = *state;
    gr_arena_set s;
    build_set(&s);
    char a[128], b[128];
    snprintf(a, sizeof a, "%s/a", f->dir);
    snprintf(b, sizeof b, "%s/b", f->dir);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_report_write(&s, NULL, a, "Same", "cmd", &err), 0);
    assert_int_equal(gr_report_write(&s, NULL, b, "Same", "cmd", &err), 0);

    /* the order the games come in does not matter either */
    for (size_t i = 0, j = s.n - 1; i < j; i++, j--) {
        gr_arena_game t = s.g[i];
        s.g[i] = s.g[j];
        s.g[j] = t;
    }
    char c[128];
    snprintf(c, sizeof c, "%s/c", f->dir);
    assert_int_equal(gr_report_write(&s, NULL, c, "Same", "cmd", &err), 0);
    /* writing over an existing report changes nothing */
    assert_int_equal(gr_report_write(&s, NULL, c, "Same", "cmd", &err), 0);

    static const char *const files[] = {
        "README.md", "budget-1.svg", "s2-quatre-bras-small-doctrines.svg",
        "s1-ligny-wavre-length.svg", "s2-quatre-bras-small-length.svg",
        "s1-ligny-wavre-ends.svg", "s2-quatre-bras-small-ends.svg",
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        assert_same_file(a, b, files[i]);
        assert_same_file(a, c, files[i]);
    }
    gr_arena_set_free(&s);
}

/* A budget series is scored only against the opponents all its members
 * met: games of one member against anyone else stay out of its points. */
static void test_report_budget_common_opponents(void **state)
{
    fixture *f = *state;
    gr_arena_set s;
    gr_arena_set_init(&s);
    add(&s, SCEN_A, "mcts:iters=8", "random", 1.0, 10, "army morale");
    add(&s, SCEN_A, "random", "mcts:iters=8", 1.0, 10, "army morale");
    add(&s, SCEN_A, "mcts:iters=16", "random", 1.0, 10, "army morale");
    add(&s, SCEN_A, "random", "mcts:iters=16", 0.0, 10, "army morale");
    add(&s, SCEN_A, "mcts:iters=16", "doctrine:line", 0.0, 10, "army morale");
    add(&s, SCEN_A, "doctrine:line", "mcts:iters=16", 1.0, 10, "army morale");
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_report_write(&s, NULL, f->dir, NULL, NULL, &err), 0);
    size_t len;
    char *md = read_out(f->dir, "README.md", &len);
    assert_contains(md, "| `mcts:iters=8` | 8 | `" SCEN_A "` | 2 | 1-0-1 | 50.0% |");
    assert_contains(md, "| `mcts:iters=16` | 16 | `" SCEN_A "` | 2 | 2-0-0 | 100.0% |");
    free(md);
    gr_arena_set_free(&s);
}

/* ---- orders by kind, from records ---------------------------------------------- */

#define SKIRMISH "skirmish.json"
#define ORDERS_TOUR "t-orders"

/* A one-turn hexwar battle whose record holds known orders: the French
 * advance their infantry, hold their hussars and assault (an exchange on a
 * scripted 4); the Austrians withdraw their infantry and pass. Time ends it
 * with the Mill's 4 points: a decisive French victory. */
static const char SKIRMISH_RECORD[] =
    "{\"format\":\"grognard-record\",\"version\":1,\"ruleset\":\"hexwar\",\"seed\":\"7\","
    "\"scenario\":{\"ruleset\":\"hexwar\",\"name\":\"Skirmish\",\"turns\":1,"
    "\"sides\":[{\"name\":\"French\"},{\"name\":\"Austrians\"}],\"map\":{\"cols\":7,\"rows\":7},"
    "\"objectives\":[{\"name\":\"Mill\",\"hex\":[0,0],\"points\":4,\"owner\":0}],"
    "\"counters\":["
    "{\"name\":\"Ligne\",\"side\":0,\"arm\":\"infantry\",\"full\":\"4-4-4\",\"reduced\":\"2-2-4\",\"hex\":[3,2]},"
    "{\"name\":\"Hussards\",\"side\":0,\"arm\":\"cavalry\",\"full\":\"3-2-6\",\"reduced\":\"2-1-6\",\"hex\":[5,0]},"
    "{\"name\":\"IR 4\",\"side\":1,\"arm\":\"infantry\",\"full\":\"4-4-4\",\"reduced\":\"2-2-4\",\"hex\":[3,4]},"
    "{\"name\":\"Battery\",\"side\":1,\"arm\":\"artillery\",\"full\":\"5-2-3\",\"reduced\":\"3-1-3\","
    "\"hex\":[0,6]}]},"
    "\"actions\":[%s],\"rolls\":[4]}";
#define SKIRMISH_ORDERS "\"c0 move 3 3\",\"c1 hold\",\"c0 attack 3 4\",\"c2 move 3 5\",\"done\""

/* game `index` of the orders tournament, French (side 0) winning */
static void add_skirmish(gr_arena_set *s, long index, const char *p0, const char *p1)
{
    gr_arena_game g;
    memset(&g, 0, sizeof g);
    snprintf(g.tournament, sizeof g.tournament, ORDERS_TOUR);
    snprintf(g.scenario, sizeof g.scenario, SKIRMISH);
    g.index = index;
    g.pair = index / 2;
    g.seed = 7;
    snprintf(g.players[0], sizeof g.players[0], "%s", p0);
    snprintf(g.players[1], sizeof g.players[1], "%s", p1);
    snprintf(g.sides[0], sizeof g.sides[0], "French");
    snprintf(g.sides[1], sizeof g.sides[1], "Austrians");
    g.score[0] = 1.0;
    g.winner = 0;
    g.margin = 2;
    g.moves = 2;
    g.decisions = 5;
    snprintf(g.end, sizeof g.end, "time");
    snprintf(g.reason, sizeof g.reason, "time: decisive victory for French (VP 5 to 1, steps lost 1 to 1)");
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_set_add(s, &g, &err), 0);
}

/* writes text as dir/ORDERS_TOUR-index.json */
static void put_record(const char *dir, long index, const char *text)
{
    char p[256];
    snprintf(p, sizeof p, "%s/" ORDERS_TOUR "-%ld.json", dir, index);
    gr_error err;
    gr_error_clear(&err);
    if (gr_write_atomic(p, text, strlen(text), &err)) fail_msg("%s", err.msg);
}

static void put_skirmish(const char *dir, long index, const char *orders)
{
    char text[4096];
    snprintf(text, sizeof text, SKIRMISH_RECORD, orders);
    put_record(dir, index, text);
}

typedef struct warnings {
    int n;
    char msg[4][GR_ERROR_MAX + 200];
} warnings;

static void keep_warning(void *ctx, const char *msg)
{
    warnings *w = ctx;
    if (w->n < 4) snprintf(w->msg[w->n], sizeof w->msg[w->n], "%s", msg);
    w->n++;
}

/* Two recorded games (the same battle, the French won by doctrine:line both
 * times), one without a record, one whose record is not JSON and one whose
 * record does not replay: the two are counted exactly, the missing one is
 * counted, the bad ones are named in warnings, and the rest is reported. */
static void test_report_orders_by_kind(void **state)
{
    fixture *f = *state;
    char rec[128], out[128];
    snprintf(rec, sizeof rec, "%s/records", f->dir);
    snprintf(out, sizeof out, "%s/page", f->dir);
    assert_int_equal(mkdir(rec, 0755), 0);
    gr_arena_set s;
    gr_arena_set_init(&s);
    add_skirmish(&s, 0, "doctrine:line", "random");
    add_skirmish(&s, 1, "doctrine:line", "greedy");
    add_skirmish(&s, 2, "greedy", "random");            /* no record */
    add_skirmish(&s, 3, "random", "greedy");            /* not JSON */
    add_skirmish(&s, 4, "random", "doctrine:line");     /* an order that names no counter */
    put_skirmish(rec, 0, SKIRMISH_ORDERS);
    put_skirmish(rec, 1, SKIRMISH_ORDERS);
    put_record(rec, 3, "{\"format\": \"grognard-record\", ");
    put_skirmish(rec, 4, "\"c9 move 3 3\"");

    warnings w = {0};
    gr_error err;
    gr_error_clear(&err);
    char *dirs[] = {rec};
    gr_tactics *t = gr_tactics_read(&s, dirs, 1, keep_warning, &w, &err);
    assert_non_null(t);
    gr_tactics_counts c;
    gr_tactics_counts_of(t, &c);
    assert_int_equal(c.games, 5);
    assert_int_equal(c.classified, 2);
    assert_int_equal(c.missing, 1);
    assert_int_equal(c.bad, 2);
    assert_int_equal(w.n, 2);
    assert_contains(w.msg[0], "game 3 of tournament " ORDERS_TOUR " left out");
    assert_contains(w.msg[0], ORDERS_TOUR "-3.json");
    assert_contains(w.msg[1], ORDERS_TOUR "-4.json: does not replay: action 1 'c9 move 3 3'");
    assert_contains(w.msg[1], "no counter c9");

    assert_int_equal(gr_report_write(&s, t, out, "Orders", NULL, &err), 0);
    /* the same games and records give the same bytes */
    char again[128];
    snprintf(again, sizeof again, "%s/again", f->dir);
    assert_int_equal(gr_report_write(&s, t, again, "Orders", NULL, &err), 0);
    assert_same_file(out, again, "README.md");
    assert_same_file(out, again, "s1-skirmish-json-orders.svg");
    gr_tactics_free(t);
    size_t len;
    char *md = read_out(out, "README.md", &len);
    /* the side bias by name */
    assert_contains(md, "The French (side 0) took 100.0% of the points whoever played them");
    assert_contains(md, "the Austrians (side 1) the rest");
    assert_contains(md, "side 0 is the scenario's first side, here the French;");
    /* the classified share */
    assert_contains(md, "2 of the 5 games were classified; 1 had no record and 2 a record that could not be used.");
    assert_contains(md, "2 of 5 games classified (1 without a record, 2 whose record could not be used).");
    /* each player's orders per game: doctrine:line held the French both times */
    assert_contains(md, "1 `doctrine:line`, 2 `greedy`, 3 `random`):");
    assert_contains(md, "| Orders per game | 1 | 2 | 3 |\n|---|---:|---:|---:|\n"
                        "| passes ('done') | 0.0 | 1.0 | 1.0 |\n"
                        "| holds | 1.0 | 0.0 | 0.0 |\n"
                        "| advances by infantry | 1.0 | 0.0 | 0.0 |\n"
                        "| assaults and charges by infantry | 1.0 | 0.0 | 0.0 |\n"
                        "| withdrawals by infantry | 0.0 | 1.0 | 1.0 |\n"
                        "| **all orders** | 3.0 | 2.0 | 2.0 |\n");
    /* the hussars' hold is a hold, whatever the arm; nothing else was counted */
    assert_null(strstr(md, "by cavalry"));
    assert_null(strstr(md, "by artillery"));
    /* winners against losers, and the median split */
    assert_contains(md, "| advances by infantry | 1.0 | 0.0 | +1.0 | 0.5 | 100.0% (2) | 0.0% (2) |\n");
    assert_contains(md, "| passes ('done') | 0.0 | 1.0 | -1.0 | 0.5 | 0.0% (2) | 100.0% (2) |\n");
    assert_contains(md, "| **all orders** | 3.0 | 2.0 | +1.0 | 2.5 | 100.0% (2) | 0.0% (2) |\n");
    assert_contains(md, "In the 2 decisive games the winners gave more holds (+1.0 a game), advances by "
                        "infantry (+1.0) and assaults and charges by infantry (+1.0) than the losers.");
    assert_contains(md, "correlations, not causes");
    assert_contains(md, "![Winners less losers, orders per game](s1-skirmish-json-orders.svg)");
    free(md);
    assert_svg(out, "s1-skirmish-json-orders.svg");
    gr_arena_set_free(&s);
}

/* runs a verb in this process with its stdout thrown away */
static int quietly(int (*verb)(int, char **), int argc, char **argv)
{
    fflush(stdout);
    int saved = dup(1), null = open("/dev/null", O_WRONLY);
    assert_true(saved >= 0 && null >= 0);
    assert_true(dup2(null, 1) >= 0);
    int rc = verb(argc, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(null);
    return rc;
}

/* `grognard arena --records` then `grognard report --records`: the results
 * lines name the sides, every game is classified, and a records folder that
 * is not one is refused. */
static void test_report_from_arena_records(void **state)
{
    fixture *f = *state;
    const char *root = getenv("GROGNARD_ROOT");
    char scn[1024], results[128], rec[128], out[128], games_s[] = "2", seed_s[] = "3";
    snprintf(scn, sizeof scn, "%s/scenarios/hexwar/meeting-engagement.json", root && *root ? root : ".");
    snprintf(results, sizeof results, "%s/results.jsonl", f->dir);
    snprintf(rec, sizeof rec, "%s/records", f->dir);
    snprintf(out, sizeof out, "%s/page", f->dir);
    char *arena[] = {scn, "--players", "random,greedy", "--games", games_s, "--seed", seed_s,
                     "--out", results, "--records", rec, "--quiet", NULL};
    assert_int_equal(quietly(gr_cmd_arena, 12, arena), 0);
    char *report[] = {results, "--records", rec, "--out", out, NULL};
    assert_int_equal(quietly(gr_cmd_report, 5, report), 0);
    size_t len;
    char *md = read_out(out, "README.md", &len);
    assert_contains(md, "The French (side 0) took ");
    assert_contains(md, "2 of the 2 games were classified.");
    assert_contains(md, "| **all orders** |");
    free(md);
    char *bad[] = {results, "--records", results, "--out", out, NULL};
    assert_int_equal(quietly(gr_cmd_report, 5, bad), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_report_tables, setup, teardown),
        cmocka_unit_test_setup_teardown(test_report_empty_sections, setup, teardown),
        cmocka_unit_test_setup_teardown(test_report_deterministic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_report_budget_common_opponents, setup, teardown),
        cmocka_unit_test_setup_teardown(test_report_orders_by_kind, setup, teardown),
        cmocka_unit_test_setup_teardown(test_report_from_arena_records, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
