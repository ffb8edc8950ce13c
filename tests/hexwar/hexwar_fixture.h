/* hexwar_fixture.h - building hexwar positions for rule tests: a small
 * scenario written inline (map, counters, objectives) loaded through the
 * registry, its opening position, scripted dice, actions typed in notation,
 * and the checks the tests share. Header-only (static functions) so each
 * test file can include it. */
#ifndef HEXWAR_FIXTURE_H
#define HEXWAR_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/hexwar/hexwar.h"
#include "../../engine/registry.h"

#define HW_MAX_SCRIPT 16

typedef struct hw_fix {
    gr_game g;
    const hexwar_scenario *s;
    hexwar_state st;
    gr_log log;
    gr_dice dice;
    int script[HW_MAX_SCRIPT];
    gr_error err;
} hw_fix;

#define HW_ASSERT_HAS(msg, needle)                                                                \
    do {                                                                                          \
        if (!strstr((msg), (needle))) fail_msg("message \"%s\" lacks \"%s\"", (msg), (needle)); \
    } while (0)

/* A two-sided scenario ("Blue" moves first, "Red") of `turns` game turns on
 * the map `map` (JSON), with these counters and objectives (JSON arrays). */
static inline char *hw_text(int turns, const char *map, const char *counters, const char *objectives)
{
    size_t cap = strlen(map) + strlen(counters) + strlen(objectives) + 256;
    char *t = malloc(cap);
    assert_non_null(t);
    snprintf(t, cap,
             "{\"ruleset\": \"hexwar\", \"name\": \"test\", \"turns\": %d, \"sides\": [{\"name\": \"Blue\"}, "
             "{\"name\": \"Red\"}], \"map\": %s, \"counters\": %s, \"objectives\": %s}",
             turns, map, counters, objectives);
    return t;
}

/* Loads a scenario's text; 0, or -1 with the message in f->err. */
static inline int hw_try_load(hw_fix *f, const char *text)
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

static inline void hw_load(hw_fix *f, int turns, const char *map, const char *counters, const char *objectives)
{
    char *t = hw_text(turns, map, counters, objectives);
    if (hw_try_load(f, t)) fail_msg("the test scenario was refused: %s", f->err.msg);
    free(t);
    if (f->g.rs->present->check_invariants(f->g.scn, &f->st, &f->err))
        fail_msg("the opening position breaks an invariant: %s", f->err.msg);
}

static inline void hw_free(hw_fix *f)
{
    gr_log_free(&f->log);
    gr_game_free(&f->g);
}

/* The dice the next actions will throw, in order (faces of a d10). */
static inline void hw_dice(hw_fix *f, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < HW_MAX_SCRIPT; i++) f->script[i] = va_arg(ap, int);
    va_end(ap);
    gr_dice_init_script(&f->dice, f->script, n);
    gr_dice_set_log(&f->dice, &f->log);
}

/* Parses and applies an action; 0, or -1 with the reason in f->err. */
static inline int hw_try(hw_fix *f, const char *text)
{
    gr_action a;
    gr_error_clear(&f->err);
    if (f->g.rs->present->parse_action(f->g.scn, &f->st, text, &a, &f->err)) return -1;
    return f->g.rs->rules->apply(f->g.scn, &f->st, &a, &f->dice, &f->log, &f->err);
}

/* Applies an action that must be accepted, then checks the invariants. */
static inline void hw_do(hw_fix *f, const char *text)
{
    if (hw_try(f, text)) fail_msg("'%s' was refused: %s", text, f->err.msg);
    if (f->g.rs->present->check_invariants(f->g.scn, &f->st, &f->err))
        fail_msg("after '%s' an invariant broke: %s", text, f->err.msg);
}

/* An action that must be refused with a message containing `why`; the state must not change. */
static inline void hw_refused(hw_fix *f, const char *text, const char *why)
{
    hexwar_state before = f->st;
    if (!hw_try(f, text)) fail_msg("'%s' was accepted, expected a refusal with \"%s\"", text, why);
    HW_ASSERT_HAS(f->err.msg, why);
    assert_memory_equal(&before, &f->st, sizeof before);
}

/* The hexes the legal menu offers as moves now, "c r; c r; ..." in menu order. */
static inline void hw_moves(hw_fix *f, char *buf, size_t cap)
{
    gr_action acts[GR_MAX_ACTIONS];
    int n = f->g.rs->rules->legal_actions(f->g.scn, &f->st, acts, GR_MAX_ACTIONS);
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (acts[i].type != HEXWAR_A_MOVE) continue;
        gr_hex h = gr_hex_of_index(f->s->map, acts[i].target);
        int w = snprintf(buf + len, cap - len, "%s%d %d", len ? "; " : "", h.col, h.row);
        if (w < 0 || (size_t)w >= cap - len) break;
        len += (size_t)w;
    }
}

#define HW_ASSERT_MOVES(f, expected)                                                            \
    do {                                                                                        \
        char got_[2048];                                                                        \
        hw_moves((f), got_, sizeof got_);                                                       \
        if (strcmp(got_, (expected))) fail_msg("moves \"%s\", expected \"%s\"", got_, (expected)); \
    } while (0)

/* does some event of the log contain `text` */
static inline int hw_logged(const hw_fix *f, const char *text)
{
    char line[512];
    for (size_t i = 0; i < f->log.n; i++) {
        gr_event_format(&f->log.ev[i], line, sizeof line);
        if (strstr(line, text)) return 1;
    }
    return 0;
}

static inline void hw_print_log(const hw_fix *f)
{
    char line[512];
    for (size_t i = 0; i < f->log.n; i++) {
        gr_event_format(&f->log.ev[i], line, sizeof line);
        print_message("%s\n", line);
    }
}

#define HW_ASSERT_LOGGED(f, text)                                   \
    do {                                                            \
        if (!hw_logged((f), (text))) {                              \
            hw_print_log(f);                                        \
            fail_msg("the log does not tell \"%s\"", (text));       \
        }                                                           \
    } while (0)

#define HW_ASSERT_AT(f, i, c, r)                                                                         \
    do {                                                                                                 \
        if ((f)->st.p[i].col != (c) || (f)->st.p[i].row != (r))                                          \
            fail_msg("c%d is at %d %d, expected %d %d", (i), (f)->st.p[i].col, (f)->st.p[i].row, (c), (r)); \
    } while (0)

#endif
