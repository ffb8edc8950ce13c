/* lasalle_fixture.h - building Lasalle positions for rule tests: a small
 * scenario written inline (units, officers, terrain) or a bundled one loaded through the
 * registry, scripted dice, actions typed in the notation, a unit placed
 * where a test wants it, and the checks the tests share. Header-only
 * (static functions) so each test file can include it. */
#ifndef LASALLE_FIXTURE_H
#define LASALLE_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/lasalle/lasalle.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/core/fsutil.h"
#include "../../engine/lasalle/rules/turn.h"
#include "../../engine/registry.h"

#define LS_MAX_SCRIPT 64

typedef struct ls_fix {
    gr_game g;
    const lasalle_scenario *s;
    lasalle_state st;
    gr_log log;
    gr_dice dice;
    int script[LS_MAX_SCRIPT];
    gr_error err;
} ls_fix;

#define LS_ASSERT_HAS(msg, needle)                                                                \
    do {                                                                                          \
        if (!strstr((msg), (needle))) fail_msg("message \"%s\" lacks \"%s\"", (msg), (needle)); \
    } while (0)

/* A scenario on a 32 x 24 BW table: side 0 "French" (commander at 16 1)
 * with one force (subcommander "GdB Blue", vigor `vigor0`, at 16 2) of the
 * units `french` (a JSON array), side 1 "Austrians" (commander at 16 23)
 * with one force (subcommander at 16 22) of `austrians`; `extra` is more
 * root keys (",\"terrain\": [...]" or ""). */
static inline char *ls_text(int vigor0, const char *french, const char *austrians, const char *extra)
{
    size_t cap = strlen(french) + strlen(austrians) + strlen(extra) + 1024;
    char *t = malloc(cap);
    assert_non_null(t);
    snprintf(t, cap,
             "{\"ruleset\": \"lasalle\", \"name\": \"test\", \"table\": {\"width\": 32, \"height\": 24}, \"turns\": 8, "
             "\"sides\": [{\"name\": \"French\", \"commander\": {\"name\": \"GdD Blue\", \"at\": [16, 1]}, "
             "\"forces\": [{\"name\": \"Blue brigade\", \"subcommander\": {\"name\": \"GdB Blue\", \"vigor\": %d, "
             "\"at\": [16, 2]}, \"units\": %s}]}, {\"name\": \"Austrians\", \"commander\": {\"name\": \"FML Red\", "
             "\"at\": [16, 23]}, \"forces\": [{\"name\": \"Red brigade\", \"subcommander\": {\"name\": \"GM Red\", "
             "\"at\": [16, 22]}, \"units\": %s}]}]%s}",
             vigor0, french, austrians, extra);
    return t;
}

/* ls_text with `french_extra` (keys of the French side: "rules", "engineers", ...) spliced in after the
 * side's name */
static inline char *ls_text_french(const char *french_extra, const char *french, const char *austrians,
                                   const char *extra)
{
    char *t = ls_text(0, french, austrians, extra);
    const char *at = strstr(t, "\"name\": \"French\"");
    assert_non_null(at);
    size_t cut = (size_t)(at - t) + strlen("\"name\": \"French\"");
    char *u = malloc(strlen(t) + strlen(french_extra) + 1);
    assert_non_null(u);
    memcpy(u, t, cut);
    strcpy(u + cut, french_extra);
    strcat(u, t + cut);
    free(t);
    return u;
}

/* Loads a bundled scenario file (rel: from the data root, "scenarios/lasalle/...") into g. */
static inline void ls_game_load(gr_game *g, const char *rel)
{
    char path[1024];
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_find_data(rel, path, sizeof path), 0);
    if (gr_game_load(g, path, &err)) fail_msg("%s", err.msg);
}

/* Loads a scenario's text; 0, or -1 with the message in f->err. */
static inline int ls_try_load(ls_fix *f, const char *text)
{
    memset(f, 0, sizeof *f);
    json_error_t je;
    json_t *root = json_loads(text, 0, &je);
    if (!root) fail_msg("the test's JSON does not parse: %s (%s)", je.text, text);
    int rc = gr_game_from_json(&f->g, root, "test.json", &f->err);
    json_decref(root);
    if (rc) return -1;
    f->s = f->g.scn;
    f->g.rs->rules->init(f->g.scn, &f->st);
    gr_log_init(&f->log);
    gr_dice_init_script(&f->dice, f->script, 0);
    gr_dice_set_log(&f->dice, &f->log);
    return 0;
}

static inline void ls_load(ls_fix *f, int vigor0, const char *french, const char *austrians, const char *extra)
{
    char *t = ls_text(vigor0, french, austrians, extra);
    if (ls_try_load(f, t)) fail_msg("the test scenario was refused: %s", f->err.msg);
    free(t);
    if (f->g.rs->present->check_invariants(f->g.scn, &f->st, &f->err))
        fail_msg("the opening position breaks an invariant: %s", f->err.msg);
}

static inline void ls_free(ls_fix *f)
{
    gr_log_free(&f->log);
    gr_game_free(&f->g);
}

/* The dice the next actions will throw, in order. */
static inline void ls_dice(ls_fix *f, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < LS_MAX_SCRIPT; i++) f->script[i] = va_arg(ap, int);
    va_end(ap);
    gr_dice_init_script(&f->dice, f->script, n);
    gr_dice_set_log(&f->dice, &f->log);
}

/* Parses and applies an action; 0, or -1 with the reason in f->err. */
static inline int ls_try(ls_fix *f, const char *text)
{
    gr_action a;
    gr_error_clear(&f->err);
    if (f->g.rs->present->parse_action(f->g.scn, &f->st, text, &a, &f->err)) return -1;
    return f->g.rs->rules->apply(f->g.scn, &f->st, &a, &f->dice, &f->log, &f->err);
}

/* Applies an action that must be accepted, then checks the invariants. */
static inline void ls_do(ls_fix *f, const char *text)
{
    if (ls_try(f, text)) fail_msg("'%s' was refused: %s", text, f->err.msg);
    if (f->g.rs->present->check_invariants(f->g.scn, &f->st, &f->err))
        fail_msg("after '%s' an invariant broke: %s", text, f->err.msg);
}

/* An action that must be refused with a message containing `why`; the state must not change. */
static inline void ls_refused(ls_fix *f, const char *text, const char *why)
{
    lasalle_state before = f->st;
    if (!ls_try(f, text)) fail_msg("'%s' was accepted, expected a refusal with \"%s\"", text, why);
    LS_ASSERT_HAS(f->err.msg, why);
    assert_memory_equal(&before, &f->st, sizeof before);
}

/* does some event of the log contain `text` */
static inline int ls_logged(const ls_fix *f, const char *text)
{
    char line[512];
    for (size_t i = 0; i < f->log.n; i++) {
        gr_event_format(&f->log.ev[i], line, sizeof line);
        if (strstr(line, text)) return 1;
    }
    return 0;
}

static inline void ls_print_log(const ls_fix *f)
{
    char line[512];
    for (size_t i = 0; i < f->log.n; i++) {
        gr_event_format(&f->log.ev[i], line, sizeof line);
        print_message("%s\n", line);
    }
}

#define LS_ASSERT_LOGGED(f, text)                                   \
    do {                                                            \
        if (!ls_logged((f), (text))) {                              \
            ls_print_log(f);                                        \
            fail_msg("the log does not tell \"%s\"", (text));       \
        }                                                           \
    } while (0)

/* the menu now has an action printed as `text` */
static inline int ls_offers(ls_fix *f, const char *text)
{
    gr_action acts[GR_MAX_ACTIONS];
    int n = f->g.rs->rules->legal_actions(f->g.scn, &f->st, acts, GR_MAX_ACTIONS);
    char buf[256];
    for (int i = 0; i < n; i++) {
        f->g.rs->present->format_action(f->g.scn, &f->st, &acts[i], buf, sizeof buf);
        if (!strcmp(buf, text)) return 1;
    }
    return 0;
}

/* the decision now, in words */
static inline const char *ls_now(ls_fix *f)
{
    static char buf[256];
    f->g.rs->present->describe_decision(f->g.scn, &f->st, buf, sizeof buf);
    return buf;
}

/* Puts unit i at (x, y) facing `deg` degrees in formation `form`. */
static inline void ls_place(ls_fix *f, int i, double x, double y, double deg, int form)
{
    f->st.u[i].x = x;
    f->st.u[i].y = y;
    lasalle_unit_set_heading(&f->st.u[i], gr_angle_norm(deg * GR_PI / 180.0));
    f->st.u[i].form = (uint8_t)form;
}

/* Sends the turn to a step (its cursor at 0) and runs on to the next decision with the scripted dice; 0 or -1. */
static inline int ls_run_to(ls_fix *f, int step)
{
    f->st.turn.step = (uint8_t)step;
    f->st.turn.cursor = 0;
    f->st.turn.second = 0;
    gr_ctx cx = {&f->dice, &f->log, NULL, 0};
    return gr_steps_advance(&lasalle_steps, f->s, &f->st, &cx);
}

/* "done" at each fall-back decision of the combats (every loser falls back the engine's way, in unit order);
 * the number of such decisions */
static inline int ls_fallbacks_done(ls_fix *f)
{
    int n = 0;
    for (int guard = 0; guard < 64 && f->st.turn.step == LASALLE_ST_FALLBACK && !f->st.turn.over; guard++, n++)
        ls_do(f, "done");
    return n;
}

/* "done" until the Activity Phase's decisions come (reactions and combats declined) */
static inline void ls_to_activity(ls_fix *f)
{
    for (int guard = 0; guard < 64 && f->st.turn.step != LASALLE_ST_ACTIVITY && !f->st.turn.over; guard++)
        ls_do(f, "done");
}

/* "done", no dice thrown, until the first side's Engineering step of turn 1 [H, p.78] */
static inline void ls_to_engineering(ls_fix *f)
{
    ls_dice(f, 0);
    for (int guard = 0; guard < 64 && f->st.turn.step != LASALLE_ST_ENGINEER && !f->st.turn.over; guard++)
        ls_do(f, "done");
    assert_int_equal(f->st.turn.step, LASALLE_ST_ENGINEER);
    assert_int_equal(f->st.active, 0);
}

/* side 0's Status Phase opens again: its Engineering segment tests the working engineers [H, p.78-79]; the
 * invariants are checked after it */
static inline void ls_engineering_segment(ls_fix *f)
{
    f->st.active = 0;
    if (ls_run_to(f, LASALLE_ST_STATUS_OPEN)) fail_msg("the Status Phase failed: %s", f->err.msg);
    if (f->g.rs->present->check_invariants(f->g.scn, &f->st, &f->err)) fail_msg("invariant: %s", f->err.msg);
}

/* units as scenario JSON: name, size, discipline, formation, front-edge centre, facing in degrees */
#define LS_INF(name, size, disc, form, x, y, f)                                                                    \
    "{\"name\": \"" name "\", \"type\": \"infantry\", \"size\": \"" size "\", \"esprit\": \"reliable\", " \
    "\"discipline\": \"" disc "\", \"sk\": 1, \"formation\": \"" form "\", \"at\": [" #x ", " #y "], "          \
    "\"facing\": " #f "}"
#define LS_CAV(name, size, disc, form, x, y, f)                                                                    \
    "{\"name\": \"" name "\", \"type\": \"cavalry\", \"size\": \"" size "\", \"esprit\": \"reliable\", "  \
    "\"discipline\": \"" disc "\", \"formation\": \"" form "\", \"at\": [" #x ", " #y "], \"facing\": " #f "}"
#define LS_ART(name, guns, weight, form, x, y, f)                                                                  \
    "{\"name\": \"" name "\", \"type\": \"artillery\", \"guns\": " #guns ", \"weight\": \"" weight "\", "  \
    "\"formation\": \"" form "\", \"at\": [" #x ", " #y "], \"facing\": " #f "}"
/* an Austrian unit far away, out of everyone's way */
#define LS_FAR LS_INF("IR 7", "small", "experienced", "line", 28, 22, 270)

#define LS_ASSERT_NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) < 1e-3)

#endif
