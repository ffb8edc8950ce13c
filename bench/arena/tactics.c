/* tactics.c - orders by kind, the tally: the records of arena games
 * replayed, every order classified by its kind and its unit's arm through
 * the ruleset's neutral facts (gr_ai_view.action_info, unit_info) and
 * counted per game and side (tactics_page.c writes the report's section
 * from it). A row is a kind, split by arm where the arm tells something (an
 * advance, an assault or charge, fire, a withdrawal) and whole where it
 * does not (a hold, a formation change, a commander's order). Scenarios
 * and players are sorted by name, so the same games and records always
 * give the same tally. */
#include "tactics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../engine/core/play.h"
#include "../../engine/core/record.h"
#include "../../engine/registry.h"
#include "tactics_tally.h"

#define TAC_PATH_CAP 4096

/* ---- rows ------------------------------------------------------------------- */

/* Kinds whose rows are split by arm. */
static int split_by_arm(int kind)
{
    return kind == GR_AK_ADVANCE || kind == GR_AK_ATTACK || kind == GR_AK_FIRE || kind == GR_AK_WITHDRAW;
}

static int row_of(int kind, int arm)
{
    if (kind < 0 || kind >= GR_AK_COUNT) kind = GR_AK_COUNT;
    if (!split_by_arm(kind) || arm < 0 || arm >= GR_TACTICS_ARMS) arm = GR_ARM_NONE;
    return kind * GR_TACTICS_ARMS + arm;
}

void gr_tactics_row_label(int row, char *buf, size_t cap)
{
    static const char *const whole[GR_AK_COUNT] = {
        [GR_AK_PASS] = "passes ('done')",       [GR_AK_HOLD] = "holds",
        [GR_AK_STAND] = "stands to receive",    [GR_AK_FORM] = "formation changes",
        [GR_AK_MANOEUVRE] = "manoeuvres",       [GR_AK_COMMAND] = "commands and rallies",
        [GR_AK_ADVANCE] = "advances",           [GR_AK_ATTACK] = "assaults and charges",
        [GR_AK_FIRE] = "fire",                  [GR_AK_WITHDRAW] = "withdrawals",
    };
    static const char *const by_arm[GR_TACTICS_ARMS] = {
        [GR_ARM_NONE] = " (no single unit)", [GR_ARM_INF] = " by infantry", [GR_ARM_CAV] = " by cavalry",
        [GR_ARM_ART] = " by artillery",      [GR_ARM_CMDR] = " by commanders",
    };
    if (row == GR_TACTICS_ALL) {
        snprintf(buf, cap, "all orders");
        return;
    }
    int kind = row / GR_TACTICS_ARMS, arm = row % GR_TACTICS_ARMS;
    const char *name = kind < GR_AK_COUNT && whole[kind] ? whole[kind] : "orders of another kind";
    snprintf(buf, cap, "%s%s", name, kind < GR_AK_COUNT && split_by_arm(kind) ? by_arm[arm] : "");
}

/* ---- the scenarios and their players ------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Copies a fixed-size field (which may lack its NUL) into dst of cap bytes. */
static void copy_field(char *dst, size_t cap, const char *src, size_t scap)
{
    size_t n = strnlen(src, scap);
    if (n >= cap) n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* Sorts n names of size bytes each and drops repeats; returns how many stay. */
static size_t sort_unique(void *v, size_t n, size_t size)
{
    if (n < 2) return n;
    char *p = v;
    qsort(p, n, size, cmp_str);
    size_t out = 1;
    for (size_t i = 1; i < n; i++)
        if (strcmp(p + i * size, p + (out - 1) * size) != 0) memmove(p + out++ * size, p + i * size, size);
    return out;
}

static size_t scen_find(const gr_tactics *t, const char *field)
{
    char key[GR_TACTICS_SCEN_CAP];
    copy_field(key, sizeof key, field, GR_TACTICS_SCEN_CAP);
    const gr_tactics_scen *hit = bsearch(key, t->sc, t->ns, sizeof *t->sc, cmp_str);
    return hit ? (size_t)(hit - t->sc) : 0;
}

/* The scenarios of s in name order, each with its players in name order. */
static int build_scenarios(gr_tactics *t, const gr_arena_set *s)
{
    size_t n = s->n;
    t->sc = calloc(n ? n : 1, sizeof *t->sc);
    if (!t->sc) return -1;
    for (size_t i = 0; i < n; i++)
        copy_field(t->sc[i].name, GR_TACTICS_SCEN_CAP, s->g[i].scenario, sizeof s->g[i].scenario);
    t->ns = sort_unique(t->sc, n, sizeof *t->sc);
    for (size_t k = 0; k < t->ns; k++) {
        gr_text_slug(t->sc[k].slug, sizeof t->sc[k].slug, k, t->sc[k].name);
        t->sc[k].pl = calloc(2 * n, sizeof *t->sc[k].pl);
        if (!t->sc[k].pl) return -1;
    }
    for (size_t i = 0; i < n; i++) {
        gr_tactics_scen *sc = &t->sc[scen_find(t, s->g[i].scenario)];
        for (int k = 0; k < 2; k++)
            copy_field(sc->pl[sc->npl++], GR_ARENA_SPEC_MAX, s->g[i].players[k], sizeof s->g[i].players[k]);
    }
    for (size_t k = 0; k < t->ns; k++) t->sc[k].npl = sort_unique(t->sc[k].pl, t->sc[k].npl, GR_ARENA_SPEC_MAX);
    return 0;
}

void gr_tactics_free(gr_tactics *t)
{
    if (!t) return;
    for (size_t k = 0; k < t->ns; k++) free(t->sc[k].pl);
    free(t->sc);
    free(t->g);
    free(t);
}

void gr_tactics_counts_of(const gr_tactics *t, gr_tactics_counts *out)
{
    memset(out, 0, sizeof *out);
    for (size_t k = 0; t && k < t->ns; k++) {
        out->games += t->sc[k].games;
        out->classified += t->sc[k].classified;
        out->missing += t->sc[k].missing;
        out->bad += t->sc[k].bad;
    }
}

/* ---- replaying a record ------------------------------------------------------------ */

/* The game of the last record read: the next record of the same scenario
 * (most of a set) replays on it without loading the scenario again. */
typedef struct tac_cache {
    gr_game g;
    int have;
} tac_cache;

static const gr_game *cached_game(tac_cache *c, json_t *scenario, const char *path, gr_error *why)
{
    if (c->have && json_equal(c->g.scenario_json, scenario)) return &c->g;
    if (c->have) gr_game_free(&c->g);
    c->have = 0;
    if (gr_game_from_json(&c->g, scenario, path, why)) {
        gr_game_free(&c->g);
        return NULL;
    }
    c->have = 1;
    return &c->g;
}

typedef struct tac_replay {
    const gr_record *rec;
    gr_tactics_game *out;
} tac_replay;

/* Classifies the order about to be played from `state` for the side to move. */
static int visit(void *ctx, const gr_game *g, const void *state, int i, gr_error *err)
{
    tac_replay *r = ctx;
    const char *text = r->rec->actions[i];
    const gr_ruleset *rs = g->rs;
    if (!strncmp(text, GR_RECORD_EDIT_PREFIX, strlen(GR_RECORD_EDIT_PREFIX))) return 0; /* a correction */
    int side = rs->rules->to_move(g->scn, state);
    if (side != 0 && side != 1)
        return gr_error_set(err, "action %d '%s' comes after the end of the game", i + 1, text);
    gr_action a;
    if (rs->present->parse_action(g->scn, state, text, &a, err)) {
        gr_error_prefix(err, "action %d '%s': ", i + 1, text);
        return -1;
    }
    gr_action_info info;
    rs->ai->action_info(g->scn, state, &a, &info);
    int arm = GR_ARM_NONE;
    if (info.unit >= 0 && info.unit < rs->ai->unit_count(g->scn)) {
        gr_unit_info u;
        rs->ai->unit_info(g->scn, state, info.unit, &u);
        arm = u.arm;
    }
    r->out->orders[side][row_of(info.kind, arm)]++;
    r->out->orders[side][GR_TACTICS_ALL]++;
    return 0;
}

/* Replays the record at path as game `line` into out. 0, or -1 with why
 * the record cannot be used, naming the file. */
static int classify(tac_cache *c, const char *path, const gr_arena_game *line, gr_tactics_game *out, gr_error *why)
{
    gr_record rec;
    if (gr_record_load(&rec, path, why)) return -1;
    int rc = -1;
    void *st = NULL;
    if (rec.seed != line->seed) {
        gr_error_set(why, "%s: the record was played on seed %llu, its results line on seed %llu", path,
                     rec.seed, line->seed);
        goto done;
    }
    const gr_game *g = cached_game(c, rec.scenario, path, why);
    if (!g) goto done;
    st = calloc(1, g->rs->rules->state_size);
    if (!st) {
        gr_error_set(why, "%s: out of memory replaying it", path);
        goto done;
    }
    tac_replay r = {&rec, out};
    if (gr_replay_visit(g, &rec, st, visit, &r, why)) {
        gr_error_prefix(why, "%s: does not replay: ", path);
        goto done;
    }
    gr_result res;
    g->rs->rules->result(g->scn, st, &res);
    if (!res.over || res.score[0] != line->score[0] || res.score[1] != line->score[1]) {
        gr_error_set(why, "%s: the replay ends %s %.1f to %.1f, its results line %.1f to %.1f", path,
                     res.over ? "in" : "unfinished at", res.score[0], res.score[1], line->score[0],
                     line->score[1]);
        goto done;
    }
    rc = 0;
done:
    free(st);
    gr_record_free(&rec);
    return rc;
}

/* The first folder holding game g's record: its path into buf; 0, or -1 when none does. */
static int find_record(char *const *dirs, int ndirs, const gr_arena_game *g, char *buf, size_t cap)
{
    char tour[sizeof g->tournament + 1];
    copy_field(tour, sizeof tour, g->tournament, sizeof g->tournament);
    for (int d = 0; d < ndirs; d++) {
        int k = snprintf(buf, cap, "%s/%s-%ld.json", dirs[d], tour, g->index);
        struct stat sb;
        if (k > 0 && (size_t)k < cap && stat(buf, &sb) == 0) return 0;
    }
    return -1;
}

static gr_tactics_game *add_game(gr_tactics *t)
{
    if (t->ng == t->capg) {
        size_t ncap = t->capg ? t->capg * 2 : 16;
        gr_tactics_game *ng = ncap < SIZE_MAX / sizeof *ng ? realloc(t->g, ncap * sizeof *ng) : NULL;
        if (!ng) return NULL;
        t->g = ng;
        t->capg = ncap;
    }
    gr_tactics_game *out = &t->g[t->ng];
    memset(out, 0, sizeof *out);
    return out;
}

gr_tactics *gr_tactics_read(const gr_arena_set *s, char *const *dirs, int ndirs, gr_tactics_warn_fn warn,
                            void *ctx, gr_error *err)
{
    gr_tactics *t = calloc(1, sizeof *t);
    if (!t || build_scenarios(t, s)) {
        gr_tactics_free(t);
        gr_error_set(err, "report: out of memory classifying the orders");
        return NULL;
    }
    tac_cache cache = {.have = 0};
    for (size_t i = 0; i < s->n; i++) {
        const gr_arena_game *line = &s->g[i];
        size_t k = scen_find(t, line->scenario);
        gr_tactics_scen *sc = &t->sc[k];
        sc->games++;
        char path[TAC_PATH_CAP];
        if (find_record(dirs, ndirs, line, path, sizeof path)) {
            sc->missing++;
            continue;
        }
        gr_tactics_game *out = add_game(t);
        if (!out) {
            if (cache.have) gr_game_free(&cache.g);
            gr_tactics_free(t);
            gr_error_set(err, "report: out of memory classifying the orders");
            return NULL;
        }
        gr_error why;
        gr_error_clear(&why);
        if (classify(&cache, path, line, out, &why)) {
            sc->bad++;
            if (warn) {
                char msg[GR_ERROR_MAX + 160];
                snprintf(msg, sizeof msg, "game %ld of tournament %.64s left out: %s", line->index, line->tournament,
                         why.msg);
                warn(ctx, msg);
            }
            continue;
        }
        out->scen = k;
        for (int side = 0; side < 2; side++) {
            copy_field(out->players[side], GR_ARENA_SPEC_MAX, line->players[side], sizeof line->players[side]);
            out->score[side] = line->score[side];
        }
        out->winner = line->winner;
        t->ng++;
        sc->classified++;
    }
    if (cache.have) gr_game_free(&cache.g);
    return t;
}
