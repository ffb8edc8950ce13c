/* live.c - a game in progress at the keyboard (live.h): apply on a copy,
 * record, undo, save and load. */
#include "live.h"
#include "session.h"
#include "../engine/registry.h"
#include "../engine/core/jsonutil.h"
#include "../engine/core/byname.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* the dice stream of a live game (the one gr_play uses too) */
#define GR_LIVE_DICE_STREAM 1

static void clear_snaps(gr_live *L)
{
    for (int i = 0; i < L->nundo; i++) free(L->undo[i].state);
    L->nundo = 0;
}

void gr_live_free(gr_live *L)
{
    if (!L) return;
    clear_snaps(L);
    free(L->st);
    gr_record_free(&L->rec);
    gr_log_free(&L->log);
    if (L->g.rs) gr_game_free(&L->g);
    memset(L, 0, sizeof *L);
}

static void init_dice(gr_live *L, unsigned long long seed, int manual, FILE *din, FILE *dout)
{
    L->manual = manual;
    if (manual) gr_dice_init_manual(&L->dice, din, dout);
    else gr_dice_init_rng(&L->dice, seed, GR_LIVE_DICE_STREAM);
    gr_dice_set_log(&L->dice, &L->log);
}

/* "rng": the generator's four words as decimal strings (JSON integers are signed) */
static json_t *rng_to_json(const gr_rng *r)
{
    json_t *a = json_array();
    for (int i = 0; a && i < 4; i++) {
        char buf[24];
        snprintf(buf, sizeof buf, "%" PRIu64, r->s[i]);
        json_array_append_new(a, json_string(buf));
    }
    return a;
}

static int rng_from_json(json_t *a, gr_rng *r)
{
    if (!json_is_array(a) || json_array_size(a) != 4) return -1;
    for (size_t i = 0; i < 4; i++) {
        const char *s = json_string_value(json_array_get(a, i));
        if (!s || !*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 20) return -1;
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (*end || errno == ERANGE) return -1; /* 2^64 and more: not a word the generator saved */
        r->s[i] = v;
    }
    return (r->s[0] | r->s[1] | r->s[2] | r->s[3]) ? 0 : -1;
}

/* Replays rec into a fresh live game; dice continue as its session says. */
static int live_from_record(gr_live *L, gr_record *rec, const char *path, FILE *din, FILE *dout, gr_error *err)
{
    memset(L, 0, sizeof *L);
    gr_log_init(&L->log);
    if (gr_game_from_json(&L->g, rec->scenario, rec->scenario_file[0] ? rec->scenario_file : path, err)) {
        gr_error_prefix(err, "%s: embedded scenario: ", path);
        memset(&L->g, 0, sizeof L->g);
        return -1;
    }
    L->st = calloc(1, L->g.rs->rules->state_size);
    if (!L->st) return gr_error_set(err, "out of memory");
    if (gr_replay(&L->g, rec, L->st, &L->log, err)) {
        gr_error_prefix(err, "%s does not replay: ", path);
        return -1;
    }
    if (L->g.rs->present->check_invariants && L->g.rs->present->check_invariants(L->g.scn, L->st, err)) {
        gr_error_prefix(err, "%s replays to a broken position: ", path);
        return -1;
    }
    json_t *ses = rec->session;
    const char *mode = json_string_value(json_object_get(ses, "dice"));
    int manual = mode && !strcmp(mode, "manual");
    if (mode && !manual && strcmp(mode, "seeded"))
        return gr_error_set(err, "%s: $.session.dice is \"%s\", not \"seeded\" or \"manual\"", path, mode);
    init_dice(L, rec->seed, manual, din, dout);
    if (!manual && ses) {
        if (rng_from_json(json_object_get(ses, "rng"), &L->dice.rng))
            return gr_error_set(err, "%s: $.session.rng is not four 64-bit numbers in strings", path);
    } else if (!manual) {
        /* a plain record (no session): the seeded dice go on from its seed,
         * past the dice it already threw */
        for (int i = 0; i < rec->nrolls; i++) (void)gr_rng_below(&L->dice.rng, 6);
    }
    /* the record moves into L */
    L->rec = *rec;
    memset(rec, 0, sizeof *rec);
    return 0;
}

/* a freshly loaded scenario: its opening position, an empty record */
static int start_game(gr_live *L, gr_live *tmp, unsigned long long seed, int manual, FILE *din, FILE *dout,
                      gr_error *err)
{
    if (gr_game_check_start(&tmp->g, err)) {
        gr_live_free(tmp);
        return -1;
    }
    tmp->st = calloc(1, tmp->g.rs->rules->state_size);
    if (!tmp->st) {
        gr_live_free(tmp);
        return gr_error_set(err, "out of memory");
    }
    tmp->g.rs->rules->init(tmp->g.scn, tmp->st);
    gr_record_init(&tmp->rec, &tmp->g, seed);
    init_dice(tmp, seed, manual, din, dout);
    *L = *tmp;
    /* the dice point at L's log, not the temporary's */
    gr_dice_set_log(&L->dice, &L->log);
    return 0;
}

int gr_live_open(gr_live *L, const char *path, unsigned long long seed, int manual, FILE *din, FILE *dout,
                 gr_error *err)
{
    /* one read (or fetch) of path, then a record or a scenario */
    json_t *root = gr_json_load_file(path, err);
    if (!root) return -1;
    return gr_live_open_root(L, root, path, seed, manual, din, dout, err);
}

int gr_live_open_root(gr_live *L, json_t *root, const char *path, unsigned long long seed, int manual, FILE *din,
                      FILE *dout, gr_error *err)
{
    gr_live tmp;
    memset(&tmp, 0, sizeof tmp);
    if (json_object_get(root, "actions") != NULL) {
        gr_record rec;
        int rc = gr_record_from_json(&rec, root, path, err);
        json_decref(root);
        if (rc) return -1;
        rc = live_from_record(&tmp, &rec, path, din, dout, err);
        gr_record_free(&rec);
        if (rc) {
            gr_live_free(&tmp);
            return -1;
        }
        if (manual && !tmp.manual) init_dice(&tmp, seed, 1, din, dout);
        *L = tmp;
        gr_dice_set_log(&L->dice, &L->log);
        return 0;
    }
    gr_log_init(&tmp.log);
    int rc = gr_game_from_json(&tmp.g, root, path, err);
    json_decref(root);
    if (rc) return -1;
    return start_game(L, &tmp, seed, manual, din, dout, err);
}

int gr_live_open_record_json(gr_live *L, json_t *root, const char *name, gr_error *err)
{
    gr_record rec;
    if (gr_record_from_json(&rec, root, name, err)) return -1;
    gr_live tmp;
    int rc = live_from_record(&tmp, &rec, name, NULL, NULL, err);
    gr_record_free(&rec);
    if (rc) {
        gr_live_free(&tmp);
        return -1;
    }
    *L = tmp;
    gr_dice_set_log(&L->dice, &L->log);
    return 0;
}

int gr_live_open_json(gr_live *L, json_t *scenario, const char *name, unsigned long long seed, gr_error *err)
{
    gr_live tmp;
    memset(&tmp, 0, sizeof tmp);
    gr_log_init(&tmp.log);
    if (gr_game_from_json(&tmp.g, scenario, name, err)) return -1;
    return start_game(L, &tmp, seed, 0, NULL, NULL, err);
}

int gr_live_load(gr_live *L, const char *path, FILE *din, FILE *dout, json_t **session, gr_error *err)
{
    if (session) *session = NULL;
    gr_record rec;
    if (gr_record_load(&rec, path, err)) return -1;
    gr_live tmp;
    json_t *ses = rec.session ? json_incref(rec.session) : NULL;
    int rc = live_from_record(&tmp, &rec, path, din, dout, err);
    gr_record_free(&rec);
    if (rc) {
        json_decref(ses);
        gr_live_free(&tmp);
        return -1;
    }
    gr_live_free(L);
    *L = tmp;
    gr_dice_set_log(&L->dice, &L->log);
    if (session) *session = ses;
    else json_decref(ses);
    return 0;
}

int gr_live_save(gr_live *L, const char *path, json_t *session, gr_error *err)
{
    json_t *ses = session ? json_deep_copy(session) : json_object();
    if (!ses) return gr_error_set(err, "cannot save %s: out of memory", path);
    json_object_set_new(ses, "dice", json_string(L->manual ? "manual" : "seeded"));
    if (!L->manual) json_object_set_new(ses, "rng", rng_to_json(&L->dice.rng));
    json_t *old = L->rec.session;
    L->rec.session = ses;
    int rc = gr_record_save(&L->rec, path, err);
    L->rec.session = old;
    json_decref(ses);
    return rc;
}

/* the rolls logged since `from` go into the record */
static int record_rolls(gr_live *L, size_t from)
{
    for (size_t i = from; i < L->log.n; i++) {
        const gr_event *e = &L->log.ev[i];
        if (e->kind != GR_EV_ROLL) continue;
        int f[GR_EVENT_DICE];
        for (int k = 0; k < e->ndice; k++) f[k] = e->dice[k];
        if (gr_record_add_rolls(&L->rec, f, e->ndice)) return -1;
    }
    return 0;
}

/* A change on a copy of the state: committed with its record line only when
 * it succeeds; otherwise state, dice and log are as before. */
static int live_change(gr_live *L, const gr_action *a, const char *edit, gr_error *err)
{
    const gr_ruleset *rs = L->g.rs;
    if (rs->rules->to_move(L->g.scn, L->st) == GR_TERMINAL && a) return gr_error_set(err, "the game is over");
    void *copy = malloc(rs->rules->state_size);
    if (!copy) return gr_error_set(err, "out of memory");
    memcpy(copy, L->st, rs->rules->state_size);
    gr_dice saved = L->dice;
    size_t log_n = L->log.n;
    char text[256];
    int rc;
    if (a) {
        rs->present->format_action(L->g.scn, L->st, a, text, sizeof text);
        rc = rs->rules->apply(L->g.scn, copy, a, &L->dice, &L->log, err);
        if (!rc && L->dice.failed) rc = gr_error_set(err, "%s", L->dice.fail_msg);
    } else {
        snprintf(text, sizeof text, "%s%s", GR_RECORD_EDIT_PREFIX, edit);
        rc = rs->present->edit ? rs->present->edit(L->g.scn, copy, edit, &L->log, err)
                      : gr_error_set(err, "%s has no corrections of the position", rs->title);
    }
    if (!rc && rs->present->check_invariants && rs->present->check_invariants(L->g.scn, copy, err)) {
        gr_error_prefix(err, "refused, it would break the position: ");
        rc = -1;
    }
    int nroll0 = L->rec.nrolls;
    if (!rc && (gr_record_add_action(&L->rec, text) || record_rolls(L, log_n))) {
        if (L->rec.nactions > 0 && L->rec.actions[L->rec.nactions - 1] &&
            !strcmp(L->rec.actions[L->rec.nactions - 1], text)) {
            free(L->rec.actions[--L->rec.nactions]);
        }
        L->rec.nrolls = nroll0;
        rc = gr_error_set(err, "out of memory");
    }
    if (rc) {
        L->dice = saved;
        L->dice.failed = 0;
        L->dice.fail_msg[0] = 0;
        L->log.n = log_n;
        free(copy);
        return -1;
    }
    L->last_dice = L->dice.rolled - saved.rolled;
    memcpy(L->st, copy, rs->rules->state_size);
    free(copy);
    return 0;
}

int gr_live_apply(gr_live *L, const gr_action *a, gr_error *err) { return live_change(L, a, NULL, err); }

int gr_live_apply_text(gr_live *L, const char *text, gr_error *err)
{
    gr_action a;
    if (gr_live_over(L)) return gr_error_set(err, "the game is over");
    if (gr_byname_parse(L->g.rs, L->g.scn, L->st, text, &a, err)) return -1;
    return live_change(L, &a, NULL, err);
}

int gr_live_edit(gr_live *L, const char *text, gr_error *err) { return live_change(L, NULL, text, err); }

int gr_live_push_undo(gr_live *L)
{
    if (L->nundo >= GR_LIVE_MAX_UNDO) {
        /* the oldest mark goes: undo reaches back GR_LIVE_MAX_UNDO actions */
        free(L->undo[0].state);
        memmove(&L->undo[0], &L->undo[1], (size_t)(L->nundo - 1) * sizeof L->undo[0]);
        L->nundo--;
    }
    gr_live_snap *s = &L->undo[L->nundo];
    s->state = malloc(L->g.rs->rules->state_size);
    if (!s->state) return -1;
    memcpy(s->state, L->st, L->g.rs->rules->state_size);
    s->dice = L->dice;
    s->log_n = L->log.n;
    s->nactions = L->rec.nactions;
    s->nrolls = L->rec.nrolls;
    L->nundo++;
    return 0;
}

int gr_live_undo(gr_live *L)
{
    if (L->nundo <= 0) return -1;
    gr_live_snap *s = &L->undo[--L->nundo];
    memcpy(L->st, s->state, L->g.rs->rules->state_size);
    free(s->state);
    s->state = NULL;
    L->dice = s->dice;
    if (L->log.n > s->log_n) L->log.n = s->log_n;
    while (L->rec.nactions > s->nactions) free(L->rec.actions[--L->rec.nactions]);
    L->rec.nrolls = s->nrolls;
    return 0;
}

int gr_live_undo_reroll(gr_live *L)
{
    gr_dice keep = L->dice;
    if (gr_live_undo(L)) return -1;
    L->dice = keep;
    return 0;
}

void gr_live_clear_undo(gr_live *L) { clear_snaps(L); }

int gr_live_undo_replay(gr_live *L, gr_error *err)
{
    if (!L->manual) return gr_error_set(err, "the dice are the program's: what was thrown stands");
    if (L->rec.nactions <= 0) return gr_error_set(err, "nothing has been played yet");
    void *st = calloc(1, L->g.rs->rules->state_size);
    if (!st) return gr_error_set(err, "out of memory");
    gr_log log;
    gr_log_init(&log);
    int used = 0;
    if (gr_replay_prefix(&L->g, &L->rec, L->rec.nactions - 1, st, &log, &used, err)) {
        free(st);
        gr_log_free(&log);
        return -1;
    }
    memcpy(L->st, st, L->g.rs->rules->state_size);
    free(st);
    gr_log_free(&L->log);
    L->log = log;
    gr_dice_set_log(&L->dice, &L->log);
    free(L->rec.actions[--L->rec.nactions]);
    L->rec.nrolls = used;
    clear_snaps(L);
    return 0;
}

int gr_live_to_move(const gr_live *L) { return L->g.rs->rules->to_move(L->g.scn, L->st); }

int gr_live_over(const gr_live *L) { return gr_live_to_move(L) == GR_TERMINAL; }
