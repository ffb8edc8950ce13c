/* test_arena_results.c - arena result lines: a line round trip, parse errors
 * that say what is wrong, appends read back, a torn last line skipped and
 * healed by the next append, appends from several processes at once, and
 * merging shards back into exactly the unsharded set; `arena --records`
 * keeping a record per game that replays to the game's result, and refusing
 * a records path that is not a folder; each line keeping how the players
 * thought (time, searched decisions, iterations). Files live in a fresh folder from
 * mkdtemp that each test removes. */
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
#include <sys/wait.h>
#include <unistd.h>

#include "../bench/arena/results.h"
#include "../cli/commands.h"
#include "../engine/core/play.h"
#include "../engine/registry.h"
#include "../engine/core/fsutil.h"
#include "../engine/core/record.h"

typedef struct fixture {
    char dir[64];
    char path[128];     /* dir/results.jsonl */
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/gr_arena_results_XXXXXX");
    if (!mkdtemp(f->dir)) {
        free(f);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "%s/results.jsonl", f->dir);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    DIR *d = opendir(f->dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char p[512];
            snprintf(p, sizeof p, "%s/%s", f->dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(f->dir);
    free(f);
    return 0;
}

/* A game whose every field depends on i, so mix-ups show. */
static void make_game(gr_arena_game *g, const char *tournament, long i)
{
    memset(g, 0, sizeof *g);
    snprintf(g->tournament, sizeof g->tournament, "%s", tournament);
    snprintf(g->scenario, sizeof g->scenario, "fogn-minimal");
    g->index = i;
    g->pair = i / 2;
    g->seed = 0x7fffffff00000000ULL + (unsigned long long)(i / 2);
    snprintf(g->players[i % 2], sizeof g->players[0], "mcts:iters=%ld", 64 + i);
    snprintf(g->players[1 - i % 2], sizeof g->players[0], "doctrine:line");
    g->winner = (int)(i % 3) - 1;
    g->score[0] = g->winner == 0 ? 1.0 : g->winner == 1 ? 0.0 : 0.5;
    g->score[1] = 1.0 - g->score[0];
    g->margin = g->winner < 0 ? 0 : (int)(i % 3) + 1;
    g->decisions = 100 + 7 * i;
    g->moves = 10 + i;
    snprintf(g->end, sizeof g->end, "%s", g->winner < 0 ? "turn limit" : "army morale");
    snprintf(g->reason, sizeof g->reason, "side %d broke after %ld moves", g->winner, g->moves);
    g->seconds = 0.1 * (double)(i + 1);
}

static void assert_games_equal(const gr_arena_game *a, const gr_arena_game *b)
{
    assert_string_equal(a->tournament, b->tournament);
    assert_string_equal(a->scenario, b->scenario);
    assert_int_equal(a->index, b->index);
    assert_int_equal(a->pair, b->pair);
    assert_true(a->seed == b->seed);
    assert_string_equal(a->players[0], b->players[0]);
    assert_string_equal(a->players[1], b->players[1]);
    assert_string_equal(a->sides[0], b->sides[0]);
    assert_string_equal(a->sides[1], b->sides[1]);
    assert_true(a->score[0] == b->score[0]);
    assert_true(a->score[1] == b->score[1]);
    assert_int_equal(a->winner, b->winner);
    assert_int_equal(a->margin, b->margin);
    assert_int_equal(a->decisions, b->decisions);
    assert_int_equal(a->moves, b->moves);
    assert_string_equal(a->end, b->end);
    assert_string_equal(a->reason, b->reason);
    assert_true(a->seconds == b->seconds);
    assert_int_equal(a->has_thought, b->has_thought);
    for (int k = 0; k < 2; k++) {
        assert_true(a->think_s[k] == b->think_s[k]);
        assert_int_equal(a->searched[k], b->searched[k]);
        assert_true(a->iterations[k] == b->iterations[k]);
    }
}

static void append_raw(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    assert_true(fd >= 0);
    size_t len = strlen(text);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    assert_int_equal(close(fd), 0);
}

static void test_line_round_trip(void **state)
{
    (void)state;
    gr_arena_game g, back;
    make_game(&g, "t-0123abcd", 5);
    g.seed = 0x7fffffffffffffffULL;     /* the largest seed a line can carry */
    snprintf(g.reason, sizeof g.reason, "the \"Old Guard\" \\ fled: Garde Impériale\ttab");
    char line[4096];
    int n = gr_arena_game_to_line(&g, line, sizeof line);
    assert_true(n > 0);
    assert_int_equal((size_t)n, strlen(line));
    assert_null(strchr(line, '\n'));
    assert_non_null(strstr(line, "\"seed\":9223372036854775807"));
    assert_non_null(strstr(line, "\"players\":[\"doctrine:line\",\"mcts:iters=69\"]"));
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_game_from_line(line, &back, &err), 0);
    assert_games_equal(&g, &back);

    /* too small a buffer is refused, not cut */
    assert_int_equal(gr_arena_game_to_line(&g, line, 40), -1);
    /* a seed beyond a signed 64-bit JSON integer cannot be written */
    g.seed = 0x8000000000000000ULL;
    assert_int_equal(gr_arena_game_to_line(&g, line, sizeof line), -1);
}

/* Replaces the first occurrence of from by to in line (in place). */
static void edit(char *line, size_t cap, const char *from, const char *to)
{
    char *p = strstr(line, from);
    assert_non_null(p);
    char rest[4096];
    snprintf(rest, sizeof rest, "%s", p + strlen(from));
    snprintf(p, cap - (size_t)(p - line), "%s%s", to, rest);
}

static void expect_error(const char *line, const char *part1, const char *part2)
{
    gr_arena_game g;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_game_from_line(line, &g, &err), -1);
    assert_true(err.set);
    if (!strstr(err.msg, part1) || (part2 && !strstr(err.msg, part2)))
        fail_msg("message \"%s\" lacks \"%s\"/\"%s\"", err.msg, part1, part2 ? part2 : "");
}

/* The sides' names: written after the players when the game has them,
 * read back; a game without them writes no "sides" key, and a line
 * without one (as every line was before sides were named) reads with
 * both names empty; a bad "sides" says what is wrong. */
static void test_line_sides(void **state)
{
    (void)state;
    gr_arena_game g, back;
    make_game(&g, "t-sides", 2);
    snprintf(g.sides[0], sizeof g.sides[0], "French");
    snprintf(g.sides[1], sizeof g.sides[1], "Österreicher \"k.k.\"");
    char line[4096];
    assert_true(gr_arena_game_to_line(&g, line, sizeof line) > 0);
    assert_non_null(strstr(line, "\"players\":[\"mcts:iters=66\",\"doctrine:line\"],"
                                 "\"sides\":[\"French\",\"Österreicher \\\"k.k.\\\"\"],\"score\""));
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_game_from_line(line, &back, &err), 0);
    assert_games_equal(&g, &back);

    make_game(&g, "t-sides", 3);
    assert_true(gr_arena_game_to_line(&g, line, sizeof line) > 0);
    assert_null(strstr(line, "\"sides\""));
    memset(&back, 0x55, sizeof back);
    assert_int_equal(gr_arena_game_from_line(line, &back, &err), 0);
    assert_games_equal(&g, &back);
    assert_string_equal(back.sides[0], "");
    assert_string_equal(back.sides[1], "");

    /* a line as the arena wrote them before it named the sides */
    const char *old = "{\"tournament\":\"246931cad7c0e29d\",\"scenario\":\"corps-battle.json\",\"index\":0,"
                      "\"pair\":0,\"seed\":3000,\"players\":[\"mcts:iters=32\",\"greedy:samples=1\"],"
                      "\"score\":[0.0,1.0],\"winner\":1,\"margin\":1,\"decisions\":950,\"moves\":48,"
                      "\"end\":\"turn limit\",\"reason\":\"turn limit: marginal victory for Austrians\","
                      "\"seconds\":1.5}";
    assert_int_equal(gr_arena_game_from_line(old, &back, &err), 0);
    assert_string_equal(back.players[1], "greedy:samples=1");
    assert_string_equal(back.sides[0], "");
    assert_string_equal(back.sides[1], "");

    /* what is wrong with a bad one is named */
    char bad[4096];
    snprintf(bad, sizeof bad, "%s", old);
    edit(bad, sizeof bad, "\"score\":", "\"sides\":[\"French\"],\"score\":");
    expect_error(bad, "\"sides\"", "two");
    snprintf(bad, sizeof bad, "%s", old);
    edit(bad, sizeof bad, "\"score\":", "\"sides\":[\"French\",7],\"score\":");
    expect_error(bad, "\"sides\": element 1", "string");
    char longname[200];
    memset(longname, 'x', 100);
    longname[100] = '\0';
    char with[300];
    snprintf(with, sizeof with, "\"sides\":[\"%s\",\"b\"],\"score\":", longname);
    snprintf(bad, sizeof bad, "%s", old);
    edit(bad, sizeof bad, "\"score\":", with);
    expect_error(bad, "\"sides\": element 0", "too long");

    /* two results of one game that differ only in the sides' names do not merge */
    gr_arena_set s;
    gr_arena_set_init(&s);
    make_game(&g, "t-sides", 4);
    assert_int_equal(gr_arena_set_add(&s, &g, &err), 0);
    snprintf(g.sides[0], sizeof g.sides[0], "French");
    assert_int_equal(gr_arena_set_add(&s, &g, &err), 0);
    assert_int_equal(gr_arena_merge(&s, &err), -1);
    assert_non_null(strstr(err.msg, "\"sides\""));
    gr_arena_set_free(&s);
}

/* How each seat's player thought: written after the wall time when the
 * game keeps it, read back; a line without the three keys (as every line
 * was before they were kept) reads with has_thought 0; one or two of the
 * three, a negative value or a fraction of a decision say what is wrong;
 * two results of one game that differ only there do not merge. */
static void test_line_thought(void **state)
{
    (void)state;
    gr_arena_game g, back;
    make_game(&g, "t-thought", 1);
    g.has_thought = 1;
    g.think_s[0] = 12.25;
    g.searched[0] = 0;
    g.iterations[0] = 0;
    g.think_s[1] = 30.5;
    g.searched[1] = 341;
    g.iterations[1] = 5000000000LL; /* beyond 32 bits */
    char line[4096];
    assert_true(gr_arena_game_to_line(&g, line, sizeof line) > 0);
    assert_non_null(strstr(line, ",\"think_s\":[12.25,30.5],\"searched\":[0,341],"
                                 "\"iterations\":[0,5000000000]}"));
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_game_from_line(line, &back, &err), 0);
    assert_games_equal(&g, &back);

    make_game(&g, "t-thought", 2);
    assert_true(gr_arena_game_to_line(&g, line, sizeof line) > 0);
    assert_null(strstr(line, "think_s"));
    memset(&back, 0x55, sizeof back);
    assert_int_equal(gr_arena_game_from_line(line, &back, &err), 0);
    assert_int_equal(back.has_thought, 0);
    assert_games_equal(&g, &back);

    char good[4096], bad[4096];
    g.has_thought = 1;
    g.think_s[0] = 1.5;
    g.searched[0] = 10;
    g.iterations[0] = 300;
    assert_true(gr_arena_game_to_line(&g, good, sizeof good) > 0);
    snprintf(bad, sizeof bad, "%s", good);
    edit(bad, sizeof bad, ",\"searched\":[10,0]", "");
    expect_error(bad, "\"searched\"", "together");
    snprintf(bad, sizeof bad, "%s", good);
    edit(bad, sizeof bad, "\"think_s\":[1.5,", "\"think_s\":[-1.5,");
    expect_error(bad, "\"think_s\": element 0", "below 0");
    snprintf(bad, sizeof bad, "%s", good);
    edit(bad, sizeof bad, "\"searched\":[10,", "\"searched\":[10.5,");
    expect_error(bad, "\"searched\": element 0", "whole number");
    snprintf(bad, sizeof bad, "%s", good);
    edit(bad, sizeof bad, "\"iterations\":[300,0]", "\"iterations\":[300]");
    expect_error(bad, "\"iterations\"", "two");

    gr_arena_set s;
    gr_arena_set_init(&s);
    assert_int_equal(gr_arena_set_add(&s, &g, &err), 0);
    g.iterations[0] = 301;
    assert_int_equal(gr_arena_set_add(&s, &g, &err), 0);
    assert_int_equal(gr_arena_merge(&s, &err), -1);
    assert_non_null(strstr(err.msg, "\"thought\""));
    gr_arena_set_free(&s);
}

static void test_parse_errors(void **state)
{
    (void)state;
    gr_arena_game g;
    make_game(&g, "t1", 0);     /* a draw: winner -1, score [0.5, 0.5] */
    char good[4096], line[4096];
    assert_true(gr_arena_game_to_line(&g, good, sizeof good) > 0);

    snprintf(line, sizeof line, "%s", good);
    edit(line, sizeof line, "\"seed\":", "\"sead\":");
    expect_error(line, "\"seed\"", "missing");

    snprintf(line, sizeof line, "%s", good);
    edit(line, sizeof line, "\"moves\":10", "\"moves\":\"ten\"");
    expect_error(line, "\"moves\"", "integer");

    snprintf(line, sizeof line, "%s", good);
    edit(line, sizeof line, "\"index\":0", "\"index\":0.5");
    expect_error(line, "\"index\"", "integer");

    snprintf(line, sizeof line, "%s", good);
    edit(line, sizeof line, "\"end\":\"turn limit\"", "\"end\":7");
    expect_error(line, "\"end\"", "string");

    snprintf(line, sizeof line, "%s", good);
    edit(line, sizeof line, "\"players\":[\"mcts:iters=64\",", "\"players\":[");
    expect_error(line, "\"players\"", "two");

    snprintf(line, sizeof line, "%s", good);
    edit(line, sizeof line, "\"score\":[0.5,", "\"score\":[\"half\",");
    expect_error(line, "\"score\"", "number");

    snprintf(line, sizeof line, "%s", good);
    edit(line, sizeof line, "\"winner\":-1", "\"winner\":4");
    expect_error(line, "\"winner\"", "outside");

    expect_error("{\"tournament\":\"t1\",\"scen", "not JSON", NULL);
    expect_error("hello", "not JSON", NULL);
    expect_error("[1,2]", "not a JSON object", NULL);
    expect_error("{}", "\"tournament\"", "missing");
}

static void test_append_read(void **state)
{
    fixture *f = *state;
    gr_arena_game g[3];
    gr_error err;
    gr_error_clear(&err);
    for (long i = 0; i < 3; i++) {
        make_game(&g[i], "t-append", i);
        assert_int_equal(gr_arena_append(f->path, &g[i], &err), 0);
    }
    gr_arena_set s;
    gr_arena_set_init(&s);
    long skipped = -1;
    gr_error warn;
    gr_error_clear(&warn);
    assert_int_equal(gr_arena_read(f->path, &s, &skipped, &warn, &err), 0);
    assert_int_equal(skipped, 0);
    assert_false(warn.set);
    assert_int_equal(s.n, 3);
    for (int i = 0; i < 3; i++) assert_games_equal(&s.g[i], &g[i]);
    gr_arena_set_free(&s);

    /* a missing file is an error naming it */
    char missing[160];
    snprintf(missing, sizeof missing, "%s/none.jsonl", f->dir);
    gr_arena_set_init(&s);
    assert_int_equal(gr_arena_read(missing, &s, NULL, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "none.jsonl"));
    gr_arena_set_free(&s);
}

static void test_blank_lines(void **state)
{
    fixture *f = *state;
    gr_arena_game g;
    make_game(&g, "t-blank", 1);
    char line[4096], text[9000];
    assert_true(gr_arena_game_to_line(&g, line, sizeof line) > 0);
    snprintf(text, sizeof text, "\n%s\n   \n\r\n%s\n\n", line, line);
    append_raw(f->path, text);
    gr_arena_set s;
    gr_arena_set_init(&s);
    long skipped = -1;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_read(f->path, &s, &skipped, NULL, &err), 0);
    assert_int_equal(skipped, 0);
    assert_int_equal(s.n, 2);
    gr_arena_set_free(&s);
}

static void test_torn_last_line(void **state)
{
    fixture *f = *state;
    gr_arena_game g[4];
    gr_error err;
    gr_error_clear(&err);
    for (long i = 0; i < 3; i++) {
        make_game(&g[i], "t-torn", i);
        assert_int_equal(gr_arena_append(f->path, &g[i], &err), 0);
    }
    /* a writer died halfway through its line */
    char line[4096];
    gr_arena_game torn;
    make_game(&torn, "t-torn", 99);
    int n = gr_arena_game_to_line(&torn, line, sizeof line);
    assert_true(n > 10);
    line[n / 2] = '\0';
    append_raw(f->path, line);

    gr_arena_set s;
    gr_arena_set_init(&s);
    long skipped = 0;
    gr_error warn;
    gr_error_clear(&warn);
    assert_int_equal(gr_arena_read(f->path, &s, &skipped, &warn, &err), 0);
    assert_int_equal(s.n, 3);
    assert_int_equal(skipped, 1);
    assert_true(warn.set);
    assert_non_null(strstr(warn.msg, ":4:"));
    gr_arena_set_free(&s);

    /* the next append starts on a fresh line and stays whole */
    make_game(&g[3], "t-torn", 3);
    assert_int_equal(gr_arena_append(f->path, &g[3], &err), 0);
    gr_arena_set_init(&s);
    gr_error_clear(&warn);
    assert_int_equal(gr_arena_read(f->path, &s, &skipped, &warn, &err), 0);
    assert_int_equal(s.n, 4);
    assert_int_equal(skipped, 1);
    for (int i = 0; i < 4; i++) assert_games_equal(&s.g[i], &g[i]);
    gr_arena_set_free(&s);

    size_t len;
    char *text = gr_read_file(f->path, 1 << 20, &len, &err);
    assert_non_null(text);
    assert_true(len > 0 && text[len - 1] == '\n');
    free(text);
}

#define CHILDREN 4
#define PER_CHILD 50

static void test_concurrent_appends(void **state)
{
    fixture *f = *state;
    pid_t pid[CHILDREN];
    for (int c = 0; c < CHILDREN; c++) {
        pid[c] = fork();
        assert_true(pid[c] >= 0);
        if (pid[c] == 0) {
            int bad = 0;
            for (long j = 0; j < PER_CHILD; j++) {
                gr_arena_game g;
                gr_error err;
                gr_error_clear(&err);
                make_game(&g, "t-race", c * PER_CHILD + j);
                /* long reasons make torn or mixed lines likelier to show */
                memset(g.reason, 'a' + c, sizeof g.reason - 1);
                g.reason[sizeof g.reason - 1] = '\0';
                if (gr_arena_append(f->path, &g, &err) != 0) bad = 1;
            }
            _exit(bad);
        }
    }
    for (int c = 0; c < CHILDREN; c++) {
        int st = 0;
        assert_int_equal(waitpid(pid[c], &st, 0), pid[c]);
        assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
    gr_arena_set s;
    gr_arena_set_init(&s);
    long skipped = -1;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_read(f->path, &s, &skipped, NULL, &err), 0);
    assert_int_equal(skipped, 0);
    assert_int_equal(s.n, CHILDREN * PER_CHILD);
    assert_int_equal(gr_arena_merge(&s, &err), 0);
    assert_int_equal(s.n, CHILDREN * PER_CHILD);
    for (size_t i = 0; i < s.n; i++) {
        gr_arena_game want;
        make_game(&want, "t-race", (long)i);
        memset(want.reason, 'a' + (int)(i / PER_CHILD), sizeof want.reason - 1);
        want.reason[sizeof want.reason - 1] = '\0';
        assert_games_equal(&s.g[i], &want);
    }
    gr_arena_set_free(&s);
}

static void test_merge_shards(void **state)
{
    fixture *f = *state;
    char even[160], odd[160], whole_path[160], merged_path[160];
    snprintf(even, sizeof even, "%s/even.jsonl", f->dir);
    snprintf(odd, sizeof odd, "%s/odd.jsonl", f->dir);
    snprintf(whole_path, sizeof whole_path, "%s/whole.jsonl", f->dir);
    snprintf(merged_path, sizeof merged_path, "%s/merged.jsonl", f->dir);
    gr_error err;
    gr_error_clear(&err);
    gr_arena_set whole;
    gr_arena_set_init(&whole);
    for (long i = 0; i < 10; i++) {
        gr_arena_game g;
        make_game(&g, "t-shard", i);
        assert_int_equal(gr_arena_set_add(&whole, &g, &err), 0);
        assert_int_equal(gr_arena_append(i % 2 ? odd : even, &g, &err), 0);
    }
    gr_arena_set s;
    gr_arena_set_init(&s);
    assert_int_equal(gr_arena_read(odd, &s, NULL, NULL, &err), 0);
    assert_int_equal(gr_arena_read(even, &s, NULL, NULL, &err), 0);
    assert_int_equal(s.n, 10);
    assert_int_equal(gr_arena_merge(&s, &err), 0);
    assert_int_equal(s.n, whole.n);
    for (size_t i = 0; i < s.n; i++) assert_games_equal(&s.g[i], &whole.g[i]);

    /* written out, both give the same bytes */
    assert_int_equal(gr_arena_write(whole_path, &whole, &err), 0);
    assert_int_equal(gr_arena_write(merged_path, &s, &err), 0);
    size_t la, lb;
    char *a = gr_read_file(whole_path, 1 << 20, &la, &err);
    char *b = gr_read_file(merged_path, 1 << 20, &lb, &err);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(la, lb);
    assert_memory_equal(a, b, la);
    free(a);
    free(b);
    /* and the written file reads back to the same set */
    gr_arena_set again;
    gr_arena_set_init(&again);
    assert_int_equal(gr_arena_read(merged_path, &again, NULL, NULL, &err), 0);
    assert_int_equal(again.n, 10);
    for (size_t i = 0; i < again.n; i++) assert_games_equal(&again.g[i], &whole.g[i]);
    gr_arena_set_free(&again);
    gr_arena_set_free(&s);
    gr_arena_set_free(&whole);
}

static void test_merge_duplicates(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    gr_arena_set s;
    gr_arena_set_init(&s);
    /* two tournaments interleaved, every game of "t-b" twice */
    for (long i = 9; i >= 0; i--) {
        gr_arena_game g;
        make_game(&g, "t-b", i);
        assert_int_equal(gr_arena_set_add(&s, &g, &err), 0);
        assert_int_equal(gr_arena_set_add(&s, &g, &err), 0);
        make_game(&g, "t-a", i);
        assert_int_equal(gr_arena_set_add(&s, &g, &err), 0);
    }
    assert_int_equal(gr_arena_merge(&s, &err), 0);
    assert_int_equal(s.n, 20);
    for (size_t i = 0; i < 20; i++) {
        gr_arena_game want;
        make_game(&want, i < 10 ? "t-a" : "t-b", (long)(i % 10));
        assert_games_equal(&s.g[i], &want);
    }

    /* a second, different result for game 4 of t-b is refused */
    gr_arena_game other;
    make_game(&other, "t-b", 4);
    other.score[0] = 1.0 - other.score[0];
    other.score[1] = 1.0 - other.score[1];
    assert_int_equal(gr_arena_set_add(&s, &other, &err), 0);
    assert_int_equal(gr_arena_merge(&s, &err), -1);
    assert_non_null(strstr(err.msg, "t-b"));
    assert_non_null(strstr(err.msg, "game 4"));
    assert_non_null(strstr(err.msg, "score"));
    assert_int_equal(s.n, 21);      /* a refused merge loses nothing */
    gr_arena_set_free(&s);
}

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return r && *r ? r : ".";
}

/* runs `grognard arena ARGS` in this process with its stdout thrown away */
static int arena_quietly(int argc, char **argv)
{
    fflush(stdout);
    int saved = dup(1), null = open("/dev/null", O_WRONLY);
    assert_true(saved >= 0 && null >= 0);
    assert_true(dup2(null, 1) >= 0);
    int rc = gr_cmd_arena(argc, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(null);
    return rc;
}

/* Each game's line keeps how its players thought: the search's iterations
 * (at iters=N, N a searched decision, all of them by the search's seat),
 * none for the random player, and wall time for both. */
static void test_arena_keeps_the_thought(void **state)
{
    fixture *f = *state;
    char scn[1024], games_s[] = "2", seed_s[] = "7";
    snprintf(scn, sizeof scn, "%s/scenarios/hexwar/meeting-engagement.json", root_dir());
    char *argv[] = {scn, "--players", "mcts:iters=8,random", "--games", games_s, "--seed", seed_s,
                    "--out", f->path, "--quiet", NULL};
    assert_int_equal(arena_quietly(10, argv), 0);
    gr_arena_set s;
    gr_arena_set_init(&s);
    gr_error err, warn;
    gr_error_clear(&err);
    gr_error_clear(&warn);
    assert_int_equal(gr_arena_read(f->path, &s, NULL, &warn, &err), 0);
    assert_int_equal(s.n, 2);
    for (size_t i = 0; i < s.n; i++) {
        const gr_arena_game *g = &s.g[i];
        int m = strcmp(g->players[0], "random") ? 0 : 1;   /* the search's seat */
        assert_int_equal(g->has_thought, 1);
        assert_true(g->searched[m] > 0 && g->searched[m] <= g->decisions);
        assert_true(g->iterations[m] == 8LL * g->searched[m]);
        assert_int_equal(g->searched[1 - m], 0);
        assert_true(g->iterations[1 - m] == 0);
        assert_true(g->think_s[m] > 0 && g->think_s[1 - m] >= 0);
        assert_true(g->think_s[0] + g->think_s[1] <= g->seconds);
    }
    gr_arena_set_free(&s);
}

/* Two workers given one --out share its games: each claims a game before
 * playing it, so the file ends with every game exactly once and merges. */
static void test_arena_workers_share_the_file(void **state)
{
    fixture *f = *state;
    char scn[1024], games_s[] = "24", seed_s[] = "5";
    snprintf(scn, sizeof scn, "%s/scenarios/hexwar/meeting-engagement.json", root_dir());
    char *argv[] = {scn, "--players", "random,greedy", "--games", games_s, "--seed", seed_s,
                    "--out", f->path, "--quiet", NULL};
    pid_t pid[2];
    for (int c = 0; c < 2; c++) {
        pid[c] = fork();
        assert_true(pid[c] >= 0);
        if (pid[c] == 0) _exit(arena_quietly(10, argv));
    }
    for (int c = 0; c < 2; c++) {
        int st = 0;
        assert_int_equal(waitpid(pid[c], &st, 0), pid[c]);
        assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
    gr_arena_set s;
    gr_arena_set_init(&s);
    long skipped = -1;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_read(f->path, &s, &skipped, NULL, &err), 0);
    assert_int_equal(skipped, 0);
    assert_int_equal(s.n, 24);
    assert_int_equal(gr_arena_merge(&s, &err), 0);
    assert_int_equal(s.n, 24);
    for (size_t i = 0; i < s.n; i++) assert_int_equal(s.g[i].index, (long)i);
    gr_arena_set_free(&s);
}

/* --records DIR: one record per game, named by tournament and index, that
 * replays to the result the results line gives; the folder is made when
 * missing; a path that is a file is refused before any game is played. */
static void test_arena_records(void **state)
{
    fixture *f = *state;
    char scn[1024], recdir[160], games_s[] = "4", seed_s[] = "3";
    snprintf(scn, sizeof scn, "%s/scenarios/fogn/brigade-encounter.json", root_dir());
    snprintf(recdir, sizeof recdir, "%s/records", f->dir);
    char *argv[] = {scn, "--players", "random,doctrine:line", "--games", games_s, "--seed", seed_s,
                    "--out", f->path, "--records", recdir, "--quiet", NULL};
    assert_int_equal(arena_quietly(12, argv), 0);
    gr_arena_set s;
    gr_arena_set_init(&s);
    long skipped = 0;
    gr_error err, warn;
    gr_error_clear(&err);
    gr_error_clear(&warn);
    assert_int_equal(gr_arena_read(f->path, &s, &skipped, &warn, &err), 0);
    assert_int_equal(s.n, 4);
    for (size_t i = 0; i < s.n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s-%ld.json", recdir, s.g[i].tournament, s.g[i].index);
        gr_record rec;
        assert_int_equal(gr_record_load(&rec, path, &err), 0);
        assert_true(rec.seed == s.g[i].seed);
        assert_true(rec.nactions > 0);
        gr_game g;
        assert_int_equal(gr_game_from_json(&g, rec.scenario, path, &err), 0);
        void *st = calloc(1, g.rs->rules->state_size);
        assert_non_null(st);
        assert_string_equal(s.g[i].sides[0], "French");   /* the scenario's names of its sides */
        assert_string_equal(s.g[i].sides[1], "British");
        assert_int_equal(gr_replay(&g, &rec, st, NULL, &err), 0);
        gr_result r;
        g.rs->rules->result(g.scn, st, &r);
        assert_true(r.over);
        assert_true(r.score[0] == s.g[i].score[0] && r.score[1] == s.g[i].score[1]);
        assert_string_equal(r.reason, s.g[i].reason);
        free(st);
        gr_game_free(&g);
        gr_record_free(&rec);
        unlink(path);
    }
    gr_arena_set_free(&s);
    rmdir(recdir);
    /* a file where the folder should be: refused, and nothing played */
    unlink(f->path);
    FILE *fp = fopen(recdir, "w");
    assert_non_null(fp);
    fclose(fp);
    assert_int_equal(arena_quietly(12, argv), 1);
    assert_int_equal(access(f->path, F_OK), -1);
    unlink(recdir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_round_trip),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_line_sides),
        cmocka_unit_test(test_line_thought),
        cmocka_unit_test_setup_teardown(test_append_read, setup, teardown),
        cmocka_unit_test_setup_teardown(test_blank_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_torn_last_line, setup, teardown),
        cmocka_unit_test_setup_teardown(test_concurrent_appends, setup, teardown),
        cmocka_unit_test_setup_teardown(test_merge_shards, setup, teardown),
        cmocka_unit_test(test_merge_duplicates),
        cmocka_unit_test_setup_teardown(test_arena_records, setup, teardown),
        cmocka_unit_test_setup_teardown(test_arena_workers_share_the_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_arena_keeps_the_thought, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
