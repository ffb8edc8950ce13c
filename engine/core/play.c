/* play.c - the game loop, the uniform random chooser, replaying records,
 * and the small helpers of programs that play games (play.h). */
#include "play.h"
#include "ruleset.h"

#include <stdlib.h>
#include <string.h>

/* ---- one uniformly random legal action ---- */

int gr_play_random_legal(const gr_game *g, const void *state, gr_rng *rng, gr_action *out)
{
    const gr_ruleset *rs = g->rs;
    gr_action cand[GR_MAX_ACTIONS];
    int n;
    if (gr_rs_checks_candidates(rs)) {
        n = gr_rs_candidates(rs, g->scn, state, cand, GR_MAX_ACTIONS);
        while (n > 0) {
            uint32_t i = gr_rng_below(rng, (uint32_t)n);
            if (gr_rs_action_legal(rs, g->scn, state, &cand[i])) {
                *out = cand[i];
                return 0;
            }
            cand[i] = cand[--n];
        }
        return -1;
    }
    n = rs->rules->legal_actions(g->scn, state, cand, GR_MAX_ACTIONS);
    if (n <= 0) return -1;
    *out = cand[gr_rng_below(rng, (uint32_t)n)];
    return 0;
}

int gr_play_random_apply(const gr_game *g, void *state, gr_rng *rng, gr_dice *dice, gr_action *out, gr_error *err)
{
    const gr_ruleset *rs = g->rs;
    if (!gr_rs_checks_candidates(rs)) {
        if (gr_play_random_legal(g, state, rng, out)) return 1;
        return rs->rules->apply(g->scn, state, out, dice, NULL, err) ? -1 : 0;
    }
    gr_action cand[GR_MAX_ACTIONS];
    int n = gr_rs_candidates(rs, g->scn, state, cand, GR_MAX_ACTIONS);
    while (n > 0) {
        uint32_t i = gr_rng_below(rng, (uint32_t)n);
        int rc = gr_rs_apply_checked(rs, g->scn, state, &cand[i], dice, NULL);
        if (rc != 1) {
            *out = cand[i];
            return rc ? gr_error_set(err, "the order was refused by its apply after its check passed") : 0;
        }
        cand[i] = cand[--n];
    }
    return 1;
}

void gr_play_uniform_init(gr_play_uniform *u, unsigned long long seed)
{
    gr_rng_seed(&u->rng, seed, GR_PLAY_RANDOM_STREAM);
}

int gr_play_uniform_choose(gr_play_uniform *u, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    if (gr_play_random_legal(g, state, &u->rng, out)) return gr_error_set(err, "no legal action in a non-terminal state");
    return 0;
}

static int uniform_choose(void *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    return gr_play_uniform_choose(self, g, state, out, err);
}

gr_chooser gr_play_uniform_chooser(gr_play_uniform *u)
{
    return (gr_chooser){.self = u, .name = "random", .choose = uniform_choose, .observe = NULL};
}

/* ---- the game loop ---- */

static int collect_rolls(gr_record *rec, const gr_log *log, size_t from)
{
    for (size_t i = from; i < log->n; i++) {
        const gr_event *e = &log->ev[i];
        if (e->kind != GR_EV_ROLL) continue;
        int f[GR_EVENT_DICE];
        for (int k = 0; k < e->ndice; k++) f[k] = e->dice[k];
        if (gr_record_add_rolls(rec, f, e->ndice)) return -1;
    }
    return 0;
}

static void observe_both(const gr_chooser c[2], const gr_game *g, const void *before, const gr_action *a)
{
    if (c[0].observe) c[0].observe(c[0].self, g, before, a);
    if (c[1].observe && !(c[1].self == c[0].self && c[1].observe == c[0].observe))
        c[1].observe(c[1].self, g, before, a);
}

/* The invariants every ruleset owes: a decision that is due offers at least
 * one legal order (a stalled game is a bug, never a result), and the
 * candidates a search checks one at a time are that menu (ruleset.h). */
static int check_menu(const gr_game *g, const void *state, gr_error *err)
{
    const gr_ruleset *rs = g->rs;
    if (rs->rules->to_move(g->scn, state) == GR_TERMINAL) return 0;
    gr_action a[GR_MAX_ACTIONS];
    if (rs->rules->legal_actions(g->scn, state, a, GR_MAX_ACTIONS) > 0)
        return gr_rs_check_candidates(rs, g->scn, state, err);
    char desc[256];
    rs->present->describe_decision(g->scn, state, desc, sizeof desc);
    return gr_error_set(err, "the decision due (%s) offers no legal order", desc);
}

int gr_play(const gr_game *g, void *state, const gr_chooser choosers[2], gr_record *rec, gr_log *log,
            const gr_play_opts *o, gr_error *err)
{
    const gr_ruleset *rs = g->rs;
    gr_dice dice;
    gr_dice_init_rng(&dice, o->seed, 1);
    gr_dice_set_log(&dice, log);
    int count = 0;
    size_t rolls_from = log ? log->n : 0;
    int last_side = rs->rules->to_move(g->scn, state), changes = 0;
    while (rs->rules->to_move(g->scn, state) != GR_TERMINAL) {
        if (o->max_decisions && count >= o->max_decisions) break;
        int side = rs->rules->to_move(g->scn, state);
        if (side != last_side) {
            changes++;
            last_side = side;
        }
        if (o->max_side_turns && changes >= o->max_side_turns) break;
        const gr_chooser *c = &choosers[side];
        gr_action a;
        if (c->choose(c->self, g, state, &a, err)) {
            gr_error_prefix(err, "after %d actions, %s: ", count, c->name);
            return -1;
        }
        char text[160];
        rs->present->format_action(g->scn, state, &a, text, sizeof text);
        observe_both(choosers, g, state, &a);
        if (rs->rules->apply(g->scn, state, &a, &dice, log, err)) {
            gr_error_prefix(err, "%s chose '%s', which was refused: ", c->name, text);
            return -1;
        }
        /* a choice and a step that succeeded may leave the message of a try they refused on the way (the first
         * message set is the one kept): what fails from here says its own */
        gr_error_clear(err);
        if (rec && gr_record_add_action(rec, text)) return gr_error_set(err, "out of memory");
        if (o->check_invariants && (check_menu(g, state, err) ||
                                    (rs->present->check_invariants && rs->present->check_invariants(g->scn, state, err)))) {
            gr_error_prefix(err, "invariant broken after '%s': ", text);
            return -1;
        }
        count++;
        if (o->after) o->after(o->ctx, g, state, log);
    }
    if (rec && log && collect_rolls(rec, log, rolls_from)) return gr_error_set(err, "out of memory");
    return count;
}

int gr_play_random(const gr_game *g, void *state, gr_record *rec, gr_log *log, const gr_play_opts *o,
                   gr_error *err)
{
    gr_play_uniform u[2];
    gr_play_uniform_init(&u[0], o->seed);
    gr_play_uniform_init(&u[1], o->seed + 1);
    const gr_chooser c[2] = {gr_play_uniform_chooser(&u[0]), gr_play_uniform_chooser(&u[1])};
    return gr_play(g, state, c, rec, log, o, err);
}

/* ---- replaying records ---- */

/* replays the first nactions of rec into state; visit (if any) sees the
 * position before each action */
static int replay_core(const gr_game *g, const gr_record *rec, int nactions, void *state, gr_log *log, int *rolls_used,
                       gr_replay_visit_fn visit, void *ctx, gr_error *err)
{
    const gr_ruleset *rs = g->rs;
    gr_dice dice;
    if (rec->rolls && rec->nrolls > 0) gr_dice_init_script(&dice, rec->rolls, rec->nrolls);
    else gr_dice_init_rng(&dice, rec->seed, 1);
    gr_dice_set_log(&dice, log);
    rs->rules->init(g->scn, state);
    if (nactions < 0 || nactions > rec->nactions) nactions = rec->nactions;
    for (int i = 0; i < nactions; i++) {
        if (visit && visit(ctx, g, state, i, err)) return -1;
        /* a correction made at the table (the assistant's "edit" lines) */
        if (!strncmp(rec->actions[i], GR_RECORD_EDIT_PREFIX, strlen(GR_RECORD_EDIT_PREFIX))) {
            if (!rs->present->edit) return gr_error_set(err, "action %d is a correction, which %s does not support", i + 1, rs->name);
            if (rs->present->edit(g->scn, state, rec->actions[i] + strlen(GR_RECORD_EDIT_PREFIX), log, err)) {
                gr_error_prefix(err, "action %d '%s': ", i + 1, rec->actions[i]);
                return -1;
            }
            continue;
        }
        gr_action a;
        if (rs->present->parse_action(g->scn, state, rec->actions[i], &a, err) ||
            rs->rules->apply(g->scn, state, &a, &dice, log, err)) {
            gr_error_prefix(err, "action %d '%s': ", i + 1, rec->actions[i]);
            return -1;
        }
    }
    if (rolls_used) *rolls_used = dice.kind == GR_DICE_SCRIPT ? dice.pos : 0;
    return 0;
}

int gr_replay_prefix(const gr_game *g, const gr_record *rec, int nactions, void *state, gr_log *log, int *rolls_used,
                     gr_error *err)
{
    return replay_core(g, rec, nactions, state, log, rolls_used, NULL, NULL, err);
}

static int check_all_dice(const gr_record *rec, int used, gr_error *err)
{
    if (rec->rolls && rec->nrolls > 0 && used != rec->nrolls)
        return gr_error_set(err, "the record holds %d dice but the replay used %d", rec->nrolls, used);
    return 0;
}

int gr_replay_visit(const gr_game *g, const gr_record *rec, void *state, gr_replay_visit_fn visit, void *ctx,
                    gr_error *err)
{
    int used = 0;
    if (replay_core(g, rec, rec->nactions, state, NULL, &used, visit, ctx, err)) return -1;
    return check_all_dice(rec, used, err);
}

int gr_replay(const gr_game *g, const gr_record *rec, void *state, gr_log *log, gr_error *err)
{
    int used = 0;
    if (gr_replay_prefix(g, rec, rec->nactions, state, log, &used, err)) return -1;
    return check_all_dice(rec, used, err);
}

/* ---- helpers ---- */

int gr_game_check_start(const gr_game *g, gr_error *err)
{
    void *st = calloc(1, g->rs->rules->state_size);
    if (!st) return gr_error_set(err, "out of memory");
    g->rs->rules->init(g->scn, st);
    int rc = g->rs->present->check_invariants ? g->rs->present->check_invariants(g->scn, st, err) : 0;
    if (rc) gr_error_prefix(err, "%s: starting position: ", g->path);
    free(st);
    return rc;
}

size_t gr_print_log(const gr_log *log, size_t from, FILE *out)
{
    char line[512];
    for (size_t i = from; i < log->n; i++) {
        gr_event_format(&log->ev[i], line, sizeof line);
        fprintf(out, "%s\n", line);
    }
    return log->n;
}

void gr_game_side_names(const gr_game *g, const char *out[2])
{
    json_t *sides = json_object_get(g->scenario_json, "sides");
    for (int k = 0; k < 2; k++) {
        out[k] = json_string_value(json_object_get(json_array_get(sides, (size_t)k), "name"));
        if (!out[k]) out[k] = k ? "side 1" : "side 0";
    }
}
