/* test_e2e.c - end-to-end tests of the interactive front ends: `grognard
 * play`, `grognard assist` and `grognard protocol` are run as programs (the
 * sanitizer build beside this test) and driven through their standard input,
 * each for a whole game, with malformed input of many kinds mixed in. Each
 * test checks the answer to every bad line, that the program neither crashed
 * nor lost the game (exit status 0, the battle told to its end, the saved
 * record replays), and for the protocol that scenarios load from URLs served
 * by a local HTTP server on 127.0.0.1 (tests/http_server.h). The command
 * lines of the verbs are run too: good and bad arguments, --help, and the
 * ruleset's own verbs listed and run through the seam. Every run has its
 * own temporary folder as working directory. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <jansson.h>

#include "http_server.h"

#define E2E_TIMEOUT_MS 300000   /* a run that takes longer than this is killed and fails */
#define E2E_SCENARIO "scenarios/fogn/brigade-encounter.json"

typedef struct fixture {
    char dir[64];               /* the runs' working directory */
    char bin[PATH_MAX];         /* the grognard under test */
    char scenario[PATH_MAX];    /* absolute path of the scenario */
} fixture;

typedef struct run_out {
    int status;                 /* exit status, or 128 + signal */
    char *text;                 /* stdout and stderr, NUL-terminated */
    size_t len;
} run_out;

/* ---- running the program ---- */

static void append(run_out *r, const char *b, size_t n)
{
    char *p = realloc(r->text, r->len + n + 1);
    assert_non_null(p);
    memcpy(p + r->len, b, n);
    r->len += n;
    p[r->len] = 0;
    r->text = p;
}

/* Runs the binary with args (NULL-terminated, args[0] the verb) in dir,
 * feeding input on stdin while reading stdout+stderr. */
static void run(const fixture *f, const char *const *args, const char *input, size_t inlen, run_out *r)
{
    memset(r, 0, sizeof *r);
    append(r, "", 0);
    int in[2], out[2];
    assert_int_equal(pipe(in), 0);
    assert_int_equal(pipe(out), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(out[1], 2);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        if (chdir(f->dir) != 0) _exit(126);
        const char *argv[32];
        int n = 0;
        argv[n++] = f->bin;
        for (int i = 0; args[i] && n < 31; i++) argv[n++] = args[i];
        argv[n] = NULL;
        execv(f->bin, (char *const *)argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    signal(SIGPIPE, SIG_IGN);
    fcntl(in[1], F_SETFL, O_NONBLOCK);
    size_t sent = 0;
    int in_open = 1;
    if (inlen == 0) {
        close(in[1]);
        in_open = 0;
    }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        struct pollfd p[2] = {{out[0], POLLIN, 0}, {in_open ? in[1] : -1, POLLOUT, 0}};
        int k = poll(p, 2, 1000);
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        long ms = (t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000;
        if (ms > E2E_TIMEOUT_MS) {
            kill(pid, SIGKILL);
            fail_msg("the run did not end within %d ms", E2E_TIMEOUT_MS);
        }
        if (k < 0 && errno == EINTR) continue;
        assert_true(k >= 0);
        if (in_open && (p[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
            ssize_t w = (p[1].revents & POLLOUT) ? write(in[1], input + sent, inlen - sent) : -1;
            if (w > 0) sent += (size_t)w;
            if (w < 0 && errno != EAGAIN) sent = inlen; /* the program stopped reading */
            if (sent >= inlen) {
                close(in[1]);
                in_open = 0;
            }
        }
        if (p[0].revents & (POLLIN | POLLHUP)) {
            char buf[65536];
            ssize_t n = read(out[0], buf, sizeof buf);
            if (n > 0) append(r, buf, (size_t)n);
            else if (n == 0) break;
        }
    }
    if (in_open) close(in[1]);
    close(out[0]);
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void run_text(const fixture *f, const char *const *args, const char *input, run_out *r)
{
    run(f, args, input, input ? strlen(input) : 0, r);
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

static void expect(const run_out *r, const char *needle)
{
    if (!strstr(r->text, needle)) {
        size_t n = r->len;
        /* the whole output, for whoever reads the failure */
        FILE *o = fopen("/tmp/grognard_e2e_failed_output.txt", "w");
        if (o) {
            fwrite(r->text, 1, n, o);
            fclose(o);
        }
        fail_msg("expected '%s' in the output (%zu bytes, all in /tmp/grognard_e2e_failed_output.txt), "
                 "which ends with:\n%s", needle, n, r->text + (n > 1500 ? n - 1500 : 0));
    }
}

/* input: the given lines, then `ones` lines of "1" (pick the first order,
 * or a die showing 1) */
static char *script(const char *const *lines, int ones)
{
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    for (int i = 0; lines && lines[i]; i++) {
        size_t l = strlen(lines[i]);
        while (n + l + 2 > cap) s = realloc(s, cap *= 2);
        assert_non_null(s);
        memcpy(s + n, lines[i], l);
        n += l;
        s[n++] = '\n';
    }
    for (int i = 0; i < ones; i++) {
        while (n + 3 > cap) s = realloc(s, cap *= 2);
        assert_non_null(s);
        s[n++] = '1';
        s[n++] = '\n';
    }
    s[n] = 0;
    return s;
}

static void write_file(const fixture *f, const char *name, const char *text)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/%s", f->dir, name);
    FILE *o = fopen(p, "w");
    assert_non_null(o);
    fputs(text, o);
    fclose(o);
}

static char *read_file(const fixture *f, const char *name)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/%s", f->dir, name);
    FILE *i = fopen(p, "rb");
    if (!i) return NULL;
    char *s = malloc(1 << 22);
    assert_non_null(s);
    size_t n = fread(s, 1, (1 << 22) - 1, i);
    s[n] = 0;
    fclose(i);
    return s;
}

/* the record saved at name replays, and its game is over */
static void expect_replays_to_end(const fixture *f, const char *name)
{
    run_out r;
    const char *args[] = {"replay", name, NULL};
    run_text(f, args, NULL, &r);
    if (r.status != 0) fail_msg("replay %s failed (%d): %s", name, r.status, r.text);
    expect(&r, "replayed");
    assert_null(strstr(r.text, "replayed 0 actions"));
    assert_true(strstr(r.text, "turn limit") || strstr(r.text, "army morale"));
    free(r.text);
}

/* the number of lines in a saved record's "actions" */
static int record_actions(const fixture *f, const char *name)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/%s", f->dir, name);
    json_error_t je;
    json_t *root = json_load_file(p, 0, &je);
    assert_non_null(root);
    int n = (int)json_array_size(json_object_get(root, "actions"));
    json_decref(root);
    return n;
}

/* ---- fixture ---- */

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/gr_e2e_XXXXXX");
    if (!mkdtemp(f->dir)) return -1;
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return -1;
    self[n] = 0;
    char *slash = strrchr(self, '/');
    if (!slash) return -1;
    *slash = 0;
    /* $(B)/san/tests/test_e2e -> $(B)/san/grognard */
    if (strlen(self) + 16 > sizeof f->bin) return -1;
    memcpy(f->bin, self, strlen(self));
    memcpy(f->bin + strlen(self), "/../grognard", sizeof "/../grognard");
    if (access(f->bin, X_OK) != 0) {
        fprintf(stderr, "test_e2e: %s is not built (make tests-build builds it)\n", f->bin);
        return -1;
    }
    const char *root = getenv("GROGNARD_ROOT");
    char rel[PATH_MAX];
    snprintf(rel, sizeof rel, "%s/%s", root ? root : ".", E2E_SCENARIO);
    if (!realpath(rel, f->scenario)) return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", f->dir);
    free(f);
    return 0;
}

/* ---- play ---- */

/* the file a new game of play is kept in, as its banner says */
static void kept_path(const run_out *r, char *buf, size_t cap)
{
    const char *p = strstr(r->text, "the game is kept in ");
    if (!p) fail_msg("no 'the game is kept in' in:\n%s", r->text);
    p += strlen("the game is kept in ");
    size_t n = strcspn(p, " \n");
    assert_true(n < cap);
    memcpy(buf, p, n);
    buf[n] = 0;
}

/* a whole game against the AI, with 22 kinds of bad input at the first
 * prompt; each gets its own answer and the game goes on to its end */
static void test_play_whole_game_with_malformed_input(void **state)
{
    fixture *f = *state;
    write_file(f, "garbage.json", "{ this is not json");
    write_file(f, "other.json", "{\"format\": \"grognard-record\", \"version\": 1}");
    /* a record whose second action cannot be played: refused whole */
    char *scn = NULL;
    {
        FILE *i = fopen(f->scenario, "rb");
        assert_non_null(i);
        scn = calloc(1, 1 << 20);
        assert_non_null(scn);
        size_t n = fread(scn, 1, (1 << 20) - 1, i);
        scn[n] = 0;
        fclose(i);
    }
    size_t brcap = strlen(scn) + 512;
    char *bad_rec = malloc(brcap);
    assert_non_null(bad_rec);
    snprintf(bad_rec, brcap,
             "{\"format\": \"grognard-record\", \"version\": 1, \"ruleset\": \"fogn\", \"seed\": \"1\", "
             "\"scenario\": %s, \"actions\": [\"done\", \"u3 fly to the moon\"]}", scn);
    free(scn);
    write_file(f, "badrec.json", bad_rec);
    free(bad_rec);
    char long_line[2100];
    memset(long_line, 'x', sizeof long_line - 1);
    long_line[sizeof long_line - 1] = 0;
    struct { const char *line, *answer; } bad[] = {
        {"foo bar", "not understood: cannot read 'foo bar'"},
        {"99999", "there is no order 99999"},
        {"0", "there is no order 0"},
        {"99999999999999999999999", "is not an order number"},
        {"u99 hold", "there is no unit u99"},
        {"u3 fire", "not understood"},
        {"u3 fire u3", "refused:"},
        {"u0 move FR 10 50", "refused:"},
        {"save a.json b.json", "save takes one file name"},
        {"load", "load needs a file"},
        {"load no-such-file.json", "cannot open"},
        {"load garbage.json", "garbage.json:1:"},
        {"load other.json", "other.json: $.ruleset: missing"},
        {"load badrec.json", "does not replay"},
        {"save /no-such-root/sub/x.json", "error: cannot"},
        {"map /no-such-root/sub/x.svg", "error: cannot"},
        {long_line, "the line is longer than"},
        {"\x01\x02", "control character"},
        {"\xff\xfe hold", "refused"},
        {"fix u0 cohesion disordered", "belong to the tabletop assistant"},
        {"edit", "edit needs a correction"},
        {"-1", "not understood"},
        {"undo", "nothing to undo"},
        {"list 5", "not understood: cannot read 'list 5'"},
    };
    int nbad = (int)(sizeof bad / sizeof *bad);
    const char *lines[40];
    int k = 0;
    for (int i = 0; i < nbad; i++) lines[k++] = bad[i].line;
    lines[k++] = "save mid.json";
    lines[k++] = "map mid.svg";
    lines[k++] = "show";
    lines[k++] = "list";
    lines[k] = NULL;
    char *in = script(lines, 3000);
    run_out r;
    const char *args[] = {"play", f->scenario, "--side", "French", "--ai", "random", "--seed", "5", NULL};
    run_text(f, args, in, &r);
    free(in);
    if (r.status != 0) fail_msg("play exited %d:\n%s", r.status, r.text + (r.len > 3000 ? r.len - 3000 : 0));
    for (int i = 0; i < nbad; i++) {
        /* the answers come in order: each after the previous one */
        if (!strstr(r.text, bad[i].answer)) fail_msg("no answer '%s' to bad line %d", bad[i].answer, i + 1);
    }
    assert_true(count(r.text, "refused") + count(r.text, "not understood") + count(r.text, "error:") +
                    count(r.text, "nothing to undo") >= nbad);
    expect(&r, "saved: mid.json");
    expect(&r, "map: mid.svg");
    expect(&r, "the battle is over");
    char kept[PATH_MAX], said[PATH_MAX + 16];
    kept_path(&r, kept, sizeof kept);
    snprintf(said, sizeof said, "record: %s", kept);
    expect(&r, said);
    /* the game that went on after the bad lines is whole */
    expect_replays_to_end(f, kept);
    char *svg = read_file(f, "mid.svg");
    assert_non_null(svg);
    assert_non_null(strstr(svg, "<svg"));
    free(svg);
    free(r.text);
}

/* input ends mid-battle: the game is saved; the save goes on to the end */
static void test_play_input_ends_then_resume(void **state)
{
    fixture *f = *state;
    char *in = script(NULL, 40);
    run_out r;
    const char *args[] = {"play", f->scenario, "--side", "1", "--ai", "random", "--save", "g.json", NULL};
    run_text(f, args, in, &r);
    free(in);
    assert_int_equal(r.status, 0);
    expect(&r, "input ended before the battle did; the game is saved in g.json");
    free(r.text);
    /* a corrupt copy is refused at start, naming the problem */
    char *save = read_file(f, "g.json");
    assert_non_null(save);
    save[strlen(save) / 2] = 0;
    write_file(f, "cut.json", save);
    free(save);
    const char *args_cut[] = {"play", "cut.json", NULL};
    run_text(f, args_cut, "", &r);
    assert_int_equal(r.status, 1);
    expect(&r, "cut.json:");
    free(r.text);
    /* the whole save resumes with its side and AI, and plays to the end */
    in = script((const char *const[]){"load cut.json", NULL}, 3000);
    const char *args2[] = {"play", "g.json", NULL};
    run_text(f, args2, in, &r);
    free(in);
    assert_int_equal(r.status, 0);
    expect(&r, "you play British, the AI (random) plays French");
    expect(&r, "the game in progress goes on");
    expect(&r, "the battle is over");
    expect_replays_to_end(f, "g.json");
    free(r.text);
}

/* undo takes back the player's own orders until dice are thrown */
static void test_play_undo(void **state)
{
    fixture *f = *state;
    const char *lines[] = {"done", "u3 hold", "list", "u0 form column", "list", "undo", "undo", "quit", NULL};
    char *in = script(lines, 0);
    run_out r;
    const char *args[] = {"play", f->scenario, "--side", "0", "--ai", "random", NULL};
    run_text(f, args, in, &r);
    free(in);
    assert_int_equal(r.status, 0);
    expect(&r, "  French: u0 form column");
    /* the list marks orders that need a test, with its dice, score and cost; the prompt shows the command points */
    expect(&r, "u0 advance obj0                  (CMT: 3 dice at 4+ (led), no CP (the first test of a led unit); "
               "second move)");
    expect(&r, "moves: 66e Ligne (u0) | CP Loison 1, Ferey 2 > ");
    /* and what "done" does here, as the rules' default */
    expect(&r, "done                             (the units and commanders not yet moved stay where they are)");
    expect(&r, "undone; now: move 1, French, movement phase, moves: 66e Ligne (u0)");
    expect(&r, "nothing to undo");
    expect(&r, "saved: out/play-brigade-encounter-french-");
    free(r.text);
}

/* §8.2: the player moves his units in the order he chooses: an order for a unit in command other than the one
 * asked for is taken at once, and the question comes back; a unit out of command waits for those in command */
static void test_play_units_in_any_order(void **state)
{
    fixture *f = *state;
    const char *lines[] = {"done", "done", "u3 hold", "u1 hold", "save any.json", "quit", NULL};
    char *in = script(lines, 0);
    run_out r;
    const char *args[] = {"play", f->scenario, "--side", "0", "--ai", "random", "--seed", "5", NULL};
    run_text(f, args, in, &r);
    free(in);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.text, "refused: it is 66e Ligne's decision now, not this one"));
    expect(&r, "refused: it is 66e Ligne's decision now: 82e Ligne acts later in this step (units within command "
               "range move before those out of it");
    expect(&r, "moves: 66e Ligne (u0) | CP");
    free(r.text);
    char *save = read_file(f, "any.json");
    assert_non_null(save);
    assert_non_null(strstr(save, "\"u3 hold\""));
    free(save);
}

/* --casual: undo goes back past the dice just thrown (the battery's fire
 * and the AI's moves after it) and the dice are thrown again; the default
 * game refuses the same undo. The record of the casual game still replays. */
static void test_play_casual_undo_past_dice(void **state)
{
    fixture *f = *state;
    run_out r;
    const char *strict[] = {"play", f->scenario, "--side", "0", "--ai", "random", "--save", "strict.json", NULL};
    run_text(f, strict, "done\ndone\nundo\nquit\n", &r);
    assert_int_equal(r.status, 0);
    expect(&r, "nothing to undo: your orders since the last dice and the AI's moves stand");
    free(r.text);
    const char *casual[] = {"play", f->scenario, "--side", "0", "--ai", "random", "--save", "casual.json",
                            "--casual", NULL};
    run_text(f, casual, "done\ndone\nundo\ndone\nquit\n", &r);
    assert_int_equal(r.status, 0);
    expect(&r, "casual game: 'undo' goes back past dice and the AI's moves");
    expect(&r, "undone; now: move 1, French, firing phase, fire: Battery Lamothe (u3)");
    /* the battery fired twice: before the undo and after it */
    const char *first = strstr(r.text, "roll Battery Lamothe");
    assert_non_null(first);
    assert_non_null(strstr(first + 1, "roll Battery Lamothe"));
    free(r.text);
    /* the save holds the dice thrown after the undo, and replays */
    const char *replay[] = {"replay", "casual.json", NULL};
    run_text(f, replay, NULL, &r);
    assert_int_equal(r.status, 0);
    expect(&r, "replayed ");
    free(r.text);
}

/* two games started one after the other keep two saves, both whole, and
 * `grognard saves` lists them with where each stands */
static void test_play_two_games_keep_two_saves(void **state)
{
    fixture *f = *state;
    run_out r;
    const char *args[] = {"play", f->scenario, "--side", "0", "--ai", "random", NULL};
    char first[PATH_MAX], second[PATH_MAX];
    run_text(f, args, "done\nquit\n", &r);
    assert_int_equal(r.status, 0);
    kept_path(&r, first, sizeof first);
    free(r.text);
    run_text(f, args, "quit\n", &r);
    assert_int_equal(r.status, 0);
    kept_path(&r, second, sizeof second);
    free(r.text);
    assert_string_not_equal(first, second);
    assert_int_equal(strncmp(first, "out/play-brigade-encounter-french-", 34), 0);
    assert_true(record_actions(f, first) >= 1);
    assert_int_equal(record_actions(f, second), 0);
    const char *args_list[] = {"saves", NULL};
    run_text(f, args_list, NULL, &r);
    assert_int_equal(r.status, 0);
    expect(&r, first);
    expect(&r, second);
    expect(&r, "play fogn, Brigade encounter at the ford, French");
    expect(&r, "in progress: move 1, French");
    free(r.text);
}

/* ---- assist ---- */

/* a whole game with the dice typed in, bad dice and bad corrections mixed
 * in; the session file replays to the end */
static void test_assist_whole_game(void **state)
{
    fixture *f = *state;
    const char *lines[] = {
        "help",
        "u99 hold",                 /* no such unit */
        "fix",                      /* a correction with nothing to correct */
        "fix u0 cohesion sleepy",   /* unknown cohesion level */
        "fix u99 remove",           /* no such unit */
        "fix u0 formation banana",  /* unknown formation */
        "fix u0 at 1000 1000",      /* off the table */
        "c0 give c1",               /* the corps commander's point to Ferey (§5.1) */
        "suggest",                  /* French's decision: the side played */
        "3",                        /* u3 fires: three dice asked for */
        "7", "x", "0",              /* not dice: the order is abandoned, the game kept */
        "3", "cancel",              /* taken back at the dice prompt: nothing changes */
        "3",                        /* u3 fires again */
        "9 9 9", "4 5 6",           /* a bad entry, then good dice */
        NULL};
    char *in = script(lines, 6000);
    run_out r;
    const char *args[] = {"assist", f->scenario, "--side", "French", "--ai", "mcts:iters=50", "--session", "s.json", NULL};
    run_text(f, args, in, &r);
    free(in);
    if (r.status != 0) fail_msg("assist exited %d:\n%s", r.status, r.text + (r.len > 3000 ? r.len - 3000 : 0));
    expect(&r, "there is no unit u99");
    expect(&r, "edit needs a correction");
    expect(&r, "Loison gives a command point to Ferey for 1");
    expect(&r, "7 is not a face of a d6");
    expect(&r, "'x' is not a die face");
    expect(&r, "no valid dice after 3 tries");
    expect(&r, "9 is not a face of a d6");
    expect(&r, "cancelled at the roll for");
    expect(&r, "mcts:iters=50 recommends:");
    expect(&r, "the battle is over");
    assert_true(count(r.text, "refused:") >= 6);
    /* the typed dice are in the record */
    char *rec = read_file(f, "s.json");
    assert_non_null(rec);
    assert_non_null(strstr(rec, "\"dice\": \"manual\""));
    assert_non_null(strstr(rec, "4,\n    5,\n    6"));
    free(rec);
    expect_replays_to_end(f, "s.json");
    free(r.text);
}

/* a session ends mid-battle and resumes from its file */
static void test_assist_resume(void **state)
{
    fixture *f = *state;
    char *in = script((const char *const[]){"fix u0 cohesion disordered", NULL}, 60);
    run_out r;
    const char *args[] = {"assist", f->scenario, "--session", "a.json", NULL};
    run_text(f, args, in, &r);
    free(in);
    assert_int_equal(r.status, 0);
    expect(&r, "input ended; the session is in a.json");
    free(r.text);
    char *rec = read_file(f, "a.json");
    assert_non_null(rec);
    int corrected = strstr(rec, "\"edit u0 cohesion disordered\"") != NULL;
    free(rec);
    /* an undo right after resuming takes exactly the last line off the record */
    int before = record_actions(f, "a.json");
    const char *args_undo[] = {"assist", "a.json", NULL};
    run_text(f, args_undo, "undo\nquit\n", &r);
    assert_int_equal(r.status, 0);
    expect(&r, "undone; now:");
    free(r.text);
    assert_int_equal(record_actions(f, "a.json"), before - 1);
    in = script((const char *const[]){"undo", "fix u1 cohesion wavering", "undo", "log", NULL}, 6000);
    const char *args2[] = {"assist", "a.json", NULL};
    run_text(f, args2, in, &r);
    free(in);
    assert_int_equal(r.status, 0);
    expect(&r, "(resumed)");
    /* the first undo has no mark of this run: the record is replayed
     * without its last line; the second takes back this run's correction */
    expect(&r, "correction: u1");
    assert_true(count(r.text, "undone; now:") >= 2);
    assert_null(strstr(r.text, "nothing to undo"));
    expect(&r, "the battle is over");
    /* the correction of the first run is in the record */
    assert_true(corrected);
    expect_replays_to_end(f, "a.json");
    free(r.text);
}

/* ---- protocol ---- */

static void test_protocol_whole_game_and_urls(void **state)
{
    fixture *f = *state;
    server srv;
    memset(&srv, 0, sizeof srv);
    FILE *i = fopen(f->scenario, "rb");
    assert_non_null(i);
    char *scn = calloc(1, 1 << 20);
    assert_non_null(scn);
    size_t n = fread(scn, 1, (1 << 20) - 1, i);
    scn[n] = 0;
    fclose(i);
    add_route(&srv, (route){"/brigade.json", R_PLAIN, 200, "application/json", scn, 0, 0});
    add_route(&srv, (route){"/page.html", R_PLAIN, 200, "text/html", "<html><body>hello</body></html>", 0, 0});
    add_route(&srv, (route){"/silent.json", R_SLOW, 200, NULL, NULL, 0, 0});
    server_start(&srv);
    char url_ok[128], url_404[128], url_html[128], url_refused[128];
    char *scn_line = malloc(1 << 20);
    assert_non_null(scn_line);
    url_of(&srv, "/brigade.json", url_ok, sizeof url_ok);
    url_of(&srv, "/missing.json", url_404, sizeof url_404);
    url_of(&srv, "/page.html", url_html, sizeof url_html);
    unsigned short dead;
    int fd = bind_loopback(&dead);
    assert_true(fd >= 0);
    close(fd);
    snprintf(url_refused, sizeof url_refused, "http://127.0.0.1:%u/x.json", (unsigned)dead);
    /* the scenario on one line, for the inline 'scenario' command */
    size_t k = 0;
    for (size_t j = 0; scn[j] && k + 1 < (1 << 20); j++)
        if (scn[j] != '\n') scn_line[k++] = scn[j];
    scn_line[k] = 0;

    enum { CMD_CAP = (1 << 20) + 16 };
    char *cmds[8], url_silent[128];
    url_of(&srv, "/silent.json", url_silent, sizeof url_silent);
    for (int j = 0; j < 8; j++) {
        cmds[j] = malloc(CMD_CAP);
        assert_non_null(cmds[j]);
    }
    snprintf(cmds[0], CMD_CAP, "load %s", url_404);
    snprintf(cmds[1], CMD_CAP, "load %s", url_html);
    snprintf(cmds[2], CMD_CAP, "load %s", url_refused);
    snprintf(cmds[3], CMD_CAP, "load %s", url_ok);
    snprintf(cmds[4], CMD_CAP, "scenario %s", scn_line);
    snprintf(cmds[5], CMD_CAP, "load %s timeout 1", url_silent);
    snprintf(cmds[6], CMD_CAP, "load %s", url_silent);
    snprintf(cmds[7], CMD_CAP, "load %s timeout soon", url_silent);
    free(scn_line);
    struct { const char *line, *answer; } bad[] = {
        {"frobnicate", "error unknown command 'frobnicate'"},
        {"legal", "error no game loaded"},
        {"go iters 10", "error no game loaded"},
        {"apply done", "error no game loaded"},
        {cmds[0], "HTTP 404"},
        {cmds[1], "not JSON"},
        {cmds[2], "cannot connect"},
        /* a server that never answers: the load's own time-out, and stop abandoning it */
        {cmds[5], "timed out after 1"},
        {cmds[6], "silent.json: abandoned"},
        {"stop", "silent.json: abandoned"},
        {cmds[7], "error load URL [timeout SECONDS]: after the URL only 'timeout'"},
        {"load", "error load needs a file or URL"},
        {"load /no/such/file.json", "cannot open"},
        {"scenario {\"ruleset\": \"chess\"}", "unknown ruleset"},
        {"scenario {oops", "error scenario: not JSON"},
        {"position [1, 2]", "error position:"},
        {"position {\"format\": \"grognard-record\"}", "error position:"},
        {cmds[3], "ok load fogn \"Brigade encounter at the ford\""},
        {cmds[4], "ok scenario fogn"},
        {"apply", "error apply needs an order"},
        {"apply u99 hold", "there is no unit u99"},
        {"apply u3 fire", "error apply:"},
        {"go iters", "error go: iters takes a whole number"},
        {"go iters 0", "error go: iters takes a whole number"},
        {"go banana", "error go: unknown word 'banana'"},
        {"go iters 5 ms 5", "error go: give one of"},
        {"genmove infinite", "error genmove: unknown word 'infinite'"},
        {"stop", "error stop: no search is running"},
        {"seed -3", "error seed takes a whole number"},
        {"save", "error save needs a file"},
        {"\x01", "error control character"},
        {"go infinite", "ok go mcts:iters=100000000"},
        {"stop", "bestorder"},
        {"go iters 40", "ok go mcts:iters=40"},
        {"isready", "readyok"},
    };
    int nbad = (int)(sizeof bad / sizeof *bad);
    size_t cap = 1 << 22, len = 0;
    char *in = malloc(cap);
    assert_non_null(in);
    in[0] = 0;
    const char *head[] = {"hello", NULL};
    for (int j = 0; head[j]; j++) len += (size_t)snprintf(in + len, cap - len, "%s\n", head[j]);
    for (int j = 0; j < nbad; j++) len += (size_t)snprintf(in + len, cap - len, "%s\n", bad[j].line);
    /* the search of 'go iters 40' ends before the next command that needs the state */
    len += (size_t)snprintf(in + len, cap - len, "legal\ntomove\n");
    for (int j = 0; j < 700; j++) len += (size_t)snprintf(in + len, cap - len, "genmove iters 4\n");
    len += (size_t)snprintf(in + len, cap - len, "result\nsave game.json\nquit\n");
    run_out r;
    const char *args[] = {"protocol", NULL};
    run(f, args, in, len, &r);
    free(in);
    server_stop(&srv);
    for (int j = 0; j < 8; j++) free(cmds[j]);
    free(scn);
    if (r.status != 0) fail_msg("protocol exited %d:\n%s", r.status, r.text + (r.len > 3000 ? r.len - 3000 : 0));
    for (int j = 0; j < nbad; j++)
        if (!strstr(r.text, bad[j].answer)) fail_msg("no answer '%s' to line %d", bad[j].answer, j + 1);
    expect(&r, "id name Grognard");
    expect(&r, "legal ");
    expect(&r, "ok genmove");
    /* the lines as docs/protocol.md gives them, each army named with its counts */
    expect(&r, "tomove over winner ");
    expect(&r, "result over winner ");
    expect(&r, " margin ");
    expect(&r, " (attrition: ");
    expect(&r, "ok save");
    expect(&r, "bye");
    /* after the end, further genmoves are refused but nothing breaks */
    expect(&r, "error genmove: the game is over");
    expect_replays_to_end(f, "game.json");
    free(r.text);
}

/* the record's actions and dice, as JSON text */
static char *record_play(const fixture *f, const char *name)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/%s", f->dir, name);
    json_error_t je;
    json_t *root = json_load_file(p, 0, &je);
    if (!root) fail_msg("%s: %s", name, je.text);
    json_t *both = json_pack("[O, O]", json_object_get(root, "actions"), json_object_get(root, "rolls"));
    char *text = json_dumps(both, JSON_COMPACT);
    json_decref(both);
    json_decref(root);
    return text;
}

/* `setoption players A,B` and `genmove` play the game `grognard run --players A,B` plays with the same
 * seed: the same orders, the same dice, the same result */
static void test_protocol_plays_as_run(void **state)
{
    fixture *f = *state;
    run_out r;
    const char *args[] = {"run", f->scenario, "--players", "mcts:iters=20,greedy", "--seed", "5", "--whole",
                          "--record", "run.json", "--out", "runout", NULL};
    run_text(f, args, NULL, &r);
    assert_int_equal(r.status, 0);
    free(r.text);
    size_t cap = 1 << 16, len = 0;
    char *in = malloc(cap);
    assert_non_null(in);
    len += (size_t)snprintf(in + len, cap - len, "seed 5\nload %s\nsetoption players mcts:iters=20,greedy\n", f->scenario);
    for (int k = 0; k < 1500; k++) len += (size_t)snprintf(in + len, cap - len, "genmove\n");
    len += (size_t)snprintf(in + len, cap - len, "result\nsave proto.json\nquit\n");
    const char *pargs[] = {"protocol", NULL};
    run(f, pargs, in, len, &r);
    free(in);
    assert_int_equal(r.status, 0);
    expect(&r, "ok setoption players mcts:iters=20,greedy");
    expect(&r, "result over winner ");
    free(r.text);
    char *a = record_play(f, "run.json"), *b = record_play(f, "proto.json");
    assert_string_equal(a, b);
    free(a);
    free(b);
}

/* ---- command lines ---- */

/* each verb's command line read from its table: the ruleset's verbs are
 * listed and run through the seam (the map drawn by the host), bad
 * arguments are named with the usage and exit 2, --help exits 0 */
/* a file of the repository (GROGNARD_ROOT, or the working directory) as an absolute path */
static void repo_file(const char *path, char *out)
{
    const char *root = getenv("GROGNARD_ROOT");
    char rel[PATH_MAX];
    snprintf(rel, sizeof rel, "%s/%s", root ? root : ".", path);
    assert_non_null(realpath(rel, out));
}

static void test_command_lines(void **state)
{
    fixture *f = *state;
    char army_a[PATH_MAX], army_b[PATH_MAX];
    repo_file("data/fogn/armies/examples/french-corps-1813-800.json", army_a);
    repo_file("data/fogn/armies/examples/prussian-corps-1813-800.json", army_b);
    struct {
        const char *args[18];
        int status;
        const char *answer;
    } cases[] = {
        {{"help"}, 0, "the verbs of fogn (Field of Glory Napoleonic; also as grognard fogn VERB):\n  army "},
        {{"help"}, 0, "\n  setup "},
        {{"frobnicate"}, 2, "grognard: unknown verb 'frobnicate'"},
        {{"army", "lists"}, 0, "anglo-portuguese-1810"},
        {{"fogn", "army", "lists"}, 0, "anglo-portuguese-1810"},
        /* §16: the British Foot Guards' check, 13 + 4 + 4 = 21 a base */
        {{"fogn", "army", "price", "reformed", "veteran", "superior", "guard"}, 0,
         "Line infantry, reformed, veteran, superior, guard: 13 +4 (superior) +4 (guard) = 21 points a base (§16)"},
        {{"fogn", "army", "price", "heavy-cavalry", "drilled", "shock", "6"}, 0, "6 bases: 78 points"},
        {{"fogn", "army", "price", "reformed", "irregular"}, 1, "the points table sells no irregular"},
        {{"fogn", "army", "price", "light-cavalry", "veteran", "rifles"}, 1, "Light cavalry may not be rifles (§16)"},
        {{"fogn", "army", "price", "horse-artillery", "veteran", "4"}, 1, "bought as 2 or 3 bases, not 4"},
        {{"fogn", "army", "price", "bogus"}, 2, "'bogus' is no troop class"},
        {{"fogn", "bogus"}, 2, "grognard fogn: no verb 'bogus'; the verbs of Field of Glory Napoleonic: army setup"},
        {{"army"}, 2, "grognard army: a subcommand (lists, show, check or price) is needed\nusage: grognard army lists"},
        {{"army", "check", army_a}, 0, "legal"},
        {{"setup", army_a, army_b, "--reserve", "c"}, 2, "grognard setup: --reserve takes a, b or both"},
        {{"setup", army_a, army_b, "--seed", "7", "--out", "points.json", "--svg", "points.svg"}, 0,
         "setup (seed 7):"},
        {{"setup", "--help"}, 0, "  --flank-march SIDE "},
        {{"run", "--seed", "x"}, 2, "grognard run: --seed: expected a whole number, got 'x'\nusage: grognard run"},
        {{"run", "--bogus"}, 2, "grognard run: unexpected argument '--bogus'\nusage: grognard run"},
        {{"run", "--moves"}, 2, "grognard run: --moves needs a value: --moves N"},
        {{"run", "--help"}, 0, "  --players A,B "},
        {{"run", f->scenario, "--players", "random,random", "--seed", "3", "--moves", "2", "--out", "o"}, 0,
         "== the battle opens: "},
        /* the run's record through the blunder audit, then a folder with it, then what is not a record */
        {{"audit", "o/record.json", "--quiet"}, 0, "audited 1 game record(s)"},
        {{"audit", "o", "--json", "--quiet"}, 0, "\"check\": \"guns turned away\""},
        {{"audit", "o/record.json", "points.json", "--quiet"}, 1, "points.json: "},
        {{"audit", "o/record.json", "points.json", "--quiet"}, 1, "(passed over)"},
        {{"audit", "nowhere.json"}, 1, "grognard audit: nowhere.json: no such file or folder"},
        {{"audit"}, 2, "grognard audit: a RECORD or a DIR of records is needed"},
        /* a player against itself measures the scenario: the side by its name */
        {{"arena", f->scenario, "--players", "random,random", "--games", "2", "--out", "m.jsonl", "--records", "mrec",
          "--quiet"}, 0, "mirror games: 2; French (side 0) won "},
        /* the arena's records audited by player: both sides of both games were the one player */
        {{"audit", "mrec", "--results", "m.jsonl", "--json", "--quiet"}, 0,
         "\"player\": \"random\",\n      \"side_games\": 4,"},
        {{"audit", "mrec", "--results", "none.jsonl", "--quiet"}, 1, "grognard audit: "},
        {{"bench", "--runs", "0"}, 2, "grognard bench: --runs: expected a whole number from 1 to 50, got '0'"},
        {{"bench", "--think", "0"}, 2, "grognard bench: --think: expected a whole number from 1 to 600000, got '0'"},
        /* the search at a think time, and the second thread's gain, beside the other figures */
        {{"bench", f->scenario, "--runs", "1", "--games", "1", "--positions", "1", "--iters", "5", "--play", "1",
          "--play-iters", "5", "--think", "2"}, 0, "  2 threads / 1 thread "},
        {{"show"}, 2, "grognard show: a scenario FILE is needed\nusage: grognard show FILE"},
        {{"show", "a.json", "b.json"}, 2, "grognard show: unexpected argument 'b.json'"},
        {{"suggest", f->scenario, "--side", "0", "--ms", "5", "--iters", "5"}, 2,
         "grognard suggest: give --ms or --iters, not both"},
        {{"report", "results.jsonl"}, 1, "grognard report: --out is needed"},
        {{"protocol", "x"}, 2, "grognard protocol: unexpected argument 'x'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        run_out r;
        run_text(f, cases[i].args, NULL, &r);
        if (r.status != cases[i].status)
            fail_msg("grognard %s ...: exit %d, not %d:\n%s", cases[i].args[0], r.status, cases[i].status, r.text);
        if (!strstr(r.text, cases[i].answer))
            fail_msg("grognard %s ...: no '%s' in:\n%s", cases[i].args[0], cases[i].answer, r.text);
        free(r.text);
    }
    char *svg = read_file(f, "points.svg");
    assert_non_null(svg);
    assert_non_null(strstr(svg, "<svg"));
    free(svg);
    /* the two player-moves of the run were recorded */
    assert_true(record_actions(f, "o/record.json") > 0);
}

/* A second ruleset through every verb, with no front-end code of its own:
 * hexwar on a hex board is validated, shown, drawn, played, recorded,
 * replayed, searched, put in the arena, played at the keyboard and driven
 * through the protocol. */
/* suggest says when its first two choices are within the search's noise, gives the outlook in words, and
 * writes a plural side's possessive as English does (Lasalle, whose sides are the French and the Austrians) */
static void test_suggest_in_words(void **state)
{
    fixture *f = *state;
    char las[PATH_MAX];
    repo_file("scenarios/lasalle/brigade-clash.json", las);
    run_out r;
    const char *wrong[] = {"suggest", las, "--side", "Austrians", "--iters", "5", NULL};
    run_text(f, wrong, NULL, &r);
    assert_int_equal(r.status, 1);
    if (!strstr(r.text, "it is not Austrians' decision now (turn 1, the French's Reaction Phase"))
        fail_msg("suggest for the side not deciding:\n%s", r.text);
    free(r.text);
    /* 20 simulations a decision tell no two orders apart */
    const char *few[] = {"suggest", las, "--side", "French", "--iters", "20", NULL};
    run_text(f, few, NULL, &r);
    assert_int_equal(r.status, 0);
    if (!strstr(r.text, "     no clear best: ") || !strstr(r.text, " less than the search can tell apart\n") ||
        !strstr(r.text, "the search's outlook for French: "))
        fail_msg("suggest at 20 simulations a decision:\n%s", r.text);
    free(r.text);
    const char *js[] = {"suggest", las, "--side", "French", "--iters", "20", "--json", NULL};
    run_text(f, js, NULL, &r);
    assert_int_equal(r.status, 0);
    if (!strstr(r.text, "\"clear_best\": false") || !strstr(r.text, "\"outlook\": \""))
        fail_msg("suggest --json at 20 simulations a decision:\n%s", r.text);
    free(r.text);
}

static void test_hexwar_through_every_verb(void **state)
{
    fixture *f = *state;
    char hex[PATH_MAX];
    repo_file("scenarios/hexwar/river-crossing.json", hex);
    struct {
        const char *args[14];
        const char *input;
        const char *answer;
    } cases[] = {
        {{"validate", hex}, NULL, "ok (Hex and Counter, an example ruleset, state "},
        {{"show", hex}, NULL, "Crossing the Sauer: 12 x 10 hexes"},
        {{"orders", hex}, NULL, "c0 hold"},
        {{"render", hex, "--svg", "hex.svg"}, NULL, "wrote hex.svg"},
        {{"run", hex, "--players", "random,random", "--seed", "4", "--quiet", "--out", "h", "--record", "h/r.json"},
         NULL, "record: h/r.json"},
        {{"replay", "h/r.json"}, NULL, "replayed "},
        {{"audit", "h/r.json", "--quiet"}, NULL, "audited 1 game record(s)"},
        {{"suggest", hex, "--side", "French", "--iters", "40"}, NULL, "suggestions for French"},
        {{"arena", hex, "--players", "mcts:iters=8,random", "--games", "2", "--out", "h/a.jsonl"}, NULL,
         "mcts:iters=8"},
        {{"play", hex, "--side", "French", "--level", "easy", "--save", "h/save.json"}, "list\nquit\n",
         "saved: h/save.json"},
        {{"protocol"}, "hello\nload river.json\nlegal\ngenmove iters 10\nquit\n", "rulesets fogn hexwar"},
        {{"protocol"}, "load river.json\ngenmove iters 10\nquit\n", "ok genmove \"c0 "},
    };
    /* the protocol loads a file relative to its working directory */
    char *text = NULL;
    FILE *in = fopen(hex, "r");
    assert_non_null(in);
    size_t cap = 0, len = 0;
    for (int c; (c = fgetc(in)) != EOF;) {
        if (len + 1 >= cap) text = realloc(text, cap = cap ? 2 * cap : 4096);
        text[len++] = (char)c;
    }
    fclose(in);
    text[len] = 0;
    write_file(f, "river.json", text);
    free(text);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        run_out r;
        run_text(f, cases[i].args, cases[i].input, &r);
        if (r.status != 0) fail_msg("grognard %s ...: exit %d:\n%s", cases[i].args[0], r.status, r.text);
        if (!strstr(r.text, cases[i].answer))
            fail_msg("grognard %s ...: no '%s' in:\n%s", cases[i].args[0], cases[i].answer, r.text);
        free(r.text);
    }
    char *svg = read_file(f, "hex.svg");
    assert_non_null(svg);
    assert_non_null(strstr(svg, "<svg"));
    free(svg);
    assert_true(record_actions(f, "h/r.json") > 0);
}

/* ---- inputs that could hang, cut a path short or lose a game ---- */

static void test_inputs_bounded_and_refused(void **state)
{
    fixture *f = *state;
    run_out r;
    /* a FIFO with no writer given as the scenario: an answer, not a hang */
    char fifo[PATH_MAX];
    snprintf(fifo, sizeof fifo, "%s/fifo.json", f->dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    const char *args_fifo[] = {"validate", "fifo.json", NULL};
    run_text(f, args_fifo, NULL, &r);
    assert_int_equal(r.status, 1);
    expect(&r, "fifo.json:1:0:");
    free(r.text);
    /* a save path longer than the game keeps is refused, not cut short */
    char longpath[700];
    memset(longpath, 'a', 600);
    memcpy(longpath + 600, ".json", 6);
    const char *args_long[] = {"play", f->scenario, "--side", "0", "--save", longpath, NULL};
    run_text(f, args_long, "quit\n", &r);
    assert_int_equal(r.status, 2);
    expect(&r, "--save: the path is 605 bytes long, at most 511 are taken");
    free(r.text);
    /* a game that cannot be saved when the player quits: said, and exit 1 */
    write_file(f, "blocker", "a file where a folder should be\n");
    const char *args_lost[] = {"play", f->scenario, "--side", "0", "--ai", "random", "--save", "blocker/g.json", NULL};
    run_text(f, args_lost, "quit\n", &r);
    assert_int_equal(r.status, 1);
    expect(&r, "could not save");
    free(r.text);
    /* a saved generator word of 2^64 is refused, not clamped */
    const char *args_save[] = {"play", f->scenario, "--side", "0", "--ai", "random", "--save", "s.json", NULL};
    run_text(f, args_save, "quit\n", &r);
    assert_int_equal(r.status, 0);
    free(r.text);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/s.json", f->dir);
    json_error_t je;
    json_t *root = json_load_file(path, 0, &je);
    assert_non_null(root);
    json_t *rng = json_object_get(json_object_get(root, "session"), "rng");
    assert_true(json_is_array(rng));
    json_array_set_new(rng, 0, json_string("18446744073709551616"));
    assert_int_equal(json_dump_file(root, path, 0), 0);
    json_decref(root);
    const char *args_resume[] = {"play", "s.json", "--side", "0", NULL};
    run_text(f, args_resume, "quit\n", &r);
    assert_int_equal(r.status, 1);
    expect(&r, "$.session.rng is not four 64-bit numbers");
    free(r.text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_play_whole_game_with_malformed_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_input_ends_then_resume, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_casual_undo_past_dice, setup, teardown),
        cmocka_unit_test_setup_teardown(test_protocol_plays_as_run, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_units_in_any_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_two_games_keep_two_saves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_assist_whole_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_assist_resume, setup, teardown),
        cmocka_unit_test_setup_teardown(test_protocol_whole_game_and_urls, setup, teardown),
        cmocka_unit_test_setup_teardown(test_command_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hexwar_through_every_verb, setup, teardown),
        cmocka_unit_test_setup_teardown(test_suggest_in_words, setup, teardown),
        cmocka_unit_test_setup_teardown(test_inputs_bounded_and_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
