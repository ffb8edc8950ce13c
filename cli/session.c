/* session.c - loading, playing, recording and replaying games for the CLI. */
#include "session.h"
#include "svg.h"
#include "narrate.h"
#include "../engine/core/fsutil.h"
#include "../engine/core/jsonutil.h"
#include "../engine/core/rng.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static int scan_dir(const char *dir, char *buf, size_t cap)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *e;
    int found = -1;
    char best[1024] = "";
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char sub[1024];
        snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
        size_t n = strlen(e->d_name);
        if (n > 5 && !strcmp(e->d_name + n - 5, ".json")) {
            json_t *j = json_load_file(sub, 0, NULL);
            if (j && json_is_true(json_object_get(j, "default"))) {
                /* deterministic choice when several: the smallest path */
                if (!best[0] || strcmp(sub, best) < 0) snprintf(best, sizeof best, "%s", sub);
                found = 0;
            }
            json_decref(j);
        } else if (!strchr(e->d_name, '.')) {
            char inner[1024];
            if (scan_dir(sub, inner, sizeof inner) == 0 && (!best[0] || strcmp(inner, best) < 0)) {
                snprintf(best, sizeof best, "%s", inner);
                found = 0;
            }
        }
    }
    closedir(d);
    if (found == 0) snprintf(buf, cap, "%s", best);
    return found;
}

int gr_find_default_scenario(char *buf, size_t cap, gr_error *err)
{
    char dir[1024];
    if (gr_find_data("scenarios", dir, sizeof dir) == 0 && scan_dir(dir, buf, cap) == 0) return 0;
    return gr_error_set(err, "no default scenario found under ./scenarios (set GROGNARD_ROOT to the Grognard folder)");
}

int gr_game_check_start(const gr_game *g, gr_error *err)
{
    void *st = calloc(1, g->rs->state_size);
    if (!st) return gr_error_set(err, "out of memory");
    g->rs->init(g->scn, st);
    int rc = g->rs->check_invariants ? g->rs->check_invariants(g->scn, st, err) : 0;
    if (rc) gr_error_prefix(err, "%s: starting position: ", g->path);
    free(st);
    return rc;
}

int gr_write_map(const gr_game *g, const void *state, const char *path, gr_error *err)
{
    enum { MAX_ITEMS = 128 };
    gr_render_item *items = calloc(MAX_ITEMS, sizeof *items);
    if (!items) return gr_error_set(err, "out of memory");
    int n = g->rs->render_items(g->scn, state, items, MAX_ITEMS);
    gr_svg_input in;
    memset(&in, 0, sizeof in);
    in.terrain = g->rs->terrain(g->scn);
    in.table_w = in.terrain->table_w;
    in.table_h = in.terrain->table_h;
    in.items = items;
    in.nitems = n;
    /* side names, objectives and LOCs come from the scenario JSON, which every ruleset shares in form */
    json_t *sides = json_object_get(g->scenario_json, "sides");
    for (int k = 0; k < 2; k++) in.side_name[k] = json_string_value(json_object_get(json_array_get(sides, (size_t)k), "name"));
    gr_svg_objective objs[16];
    json_t *jo = json_object_get(g->scenario_json, "objectives");
    size_t i;
    json_t *v;
    json_array_foreach(jo, i, v) {
        if (in.nobjectives >= 16) break;
        gr_svg_objective *o = &objs[in.nobjectives++];
        o->name = json_string_value(json_object_get(v, "name"));
        o->x = json_number_value(json_object_get(v, "x"));
        o->y = json_number_value(json_object_get(v, "y"));
        o->radius = json_number_value(json_object_get(v, "radius"));
        json_t *ow = json_object_get(v, "owner");
        o->owner = json_is_integer(ow) ? (int)json_integer_value(ow) : -1;
    }
    /* who holds each objective now, where the ruleset's state says so (its
     * JSON names an "objectives" array with "owner" in scenario order) */
    json_t *sj = g->rs->state_to_json ? g->rs->state_to_json(g->scn, state) : NULL;
    json_t *owners = json_object_get(sj, "objectives");
    for (int k = 0; k < in.nobjectives && json_is_array(owners); k++) {
        json_t *ow = json_object_get(json_array_get(owners, (size_t)k), "owner");
        if (json_is_integer(ow)) objs[k].owner = (int)json_integer_value(ow);
    }
    json_decref(sj);
    in.objectives = objs;
    gr_svg_loc locs[2];
    for (int k = 0; k < 2; k++) {
        json_t *loc = json_object_get(json_array_get(sides, (size_t)k), "loc");
        if (!loc) continue;
        locs[in.nlocs].side = k;
        locs[in.nlocs].x = json_number_value(json_object_get(loc, "x"));
        locs[in.nlocs].y = json_number_value(json_object_get(loc, "y"));
        in.nlocs++;
    }
    in.locs = locs;
    char title[800], desc[256];
    json_t *nm = json_object_get(g->scenario_json, "name");
    g->rs->describe_decision(g->scn, state, desc, sizeof desc);
    snprintf(title, sizeof title, "%s - %s", nm ? json_string_value(nm) : g->path, desc);
    in.title = title;
    int rc = gr_svg_write_file(path, &in, err);
    free(items);
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

int gr_play(const gr_game *g, void *state, gr_player *const players[2], gr_record *rec, gr_log *log,
            const gr_play_opts *o, gr_error *err)
{
    const gr_ruleset *rs = g->rs;
    gr_dice dice;
    gr_dice_init_rng(&dice, o->seed, 1);
    gr_dice_set_log(&dice, log);
    int count = 0;
    size_t printed = log ? log->n : 0, rolls_from = log ? log->n : 0;
    gr_narrator nar;
    const char *names[2];
    gr_game_side_names(g, names);
    gr_narrator_init(&nar, names[0], names[1], 0);
    int last_side = rs->to_move(g->scn, state), changes = 0;
    if (o->narrate && last_side != GR_TERMINAL) {
        char desc[256];
        rs->describe_decision(g->scn, state, desc, sizeof desc);
        fprintf(o->narrate, "\n== the battle opens: %s ==\n", desc);
    }
    while (rs->to_move(g->scn, state) != GR_TERMINAL) {
        if (o->max_decisions && count >= o->max_decisions) break;
        int side = rs->to_move(g->scn, state);
        if (side != last_side) {
            changes++;
            last_side = side;
        }
        if (o->max_side_turns && changes >= o->max_side_turns) break;
        gr_action a;
        if (players[side]->choose(players[side], g, state, &a, err)) {
            gr_error_prefix(err, "after %d actions, %s: ", count, players[side]->name);
            return -1;
        }
        char text[160];
        rs->format_action(g->scn, state, &a, text, sizeof text);
        gr_player_observe(players[0], g, state, &a);
        if (players[1] != players[0]) gr_player_observe(players[1], g, state, &a);
        if (rs->apply(g->scn, state, &a, &dice, log, err)) {
            gr_error_prefix(err, "%s chose '%s', which was refused: ", players[side]->name, text);
            return -1;
        }
        if (rec && gr_record_add_action(rec, text)) return gr_error_set(err, "out of memory");
        if (o->check_invariants && rs->check_invariants && rs->check_invariants(g->scn, state, err)) {
            gr_error_prefix(err, "invariant broken after '%s': ", text);
            return -1;
        }
        count++;
        if (log && o->narrate) printed = gr_narrate(&nar, log, printed, o->narrate);
    }
    if (rec && log && collect_rolls(rec, log, rolls_from)) return gr_error_set(err, "out of memory");
    return count;
}

int gr_play_random(const gr_game *g, void *state, gr_record *rec, gr_log *log, const gr_play_opts *o,
                   gr_error *err)
{
    gr_player *p[2] = {gr_player_create("random", g, o->seed, err), gr_player_create("random", g, o->seed + 1, err)};
    int rc = p[0] && p[1] ? gr_play(g, state, p, rec, log, o, err) : -1;
    gr_player_free(p[0]);
    gr_player_free(p[1]);
    return rc;
}

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
    rs->init(g->scn, state);
    if (nactions < 0 || nactions > rec->nactions) nactions = rec->nactions;
    for (int i = 0; i < nactions; i++) {
        if (visit && visit(ctx, g, state, i, err)) return -1;
        /* a correction made at the table (the assistant's "edit" lines) */
        if (!strncmp(rec->actions[i], GR_RECORD_EDIT_PREFIX, strlen(GR_RECORD_EDIT_PREFIX))) {
            if (!rs->edit) return gr_error_set(err, "action %d is a correction, which %s does not support", i + 1, rs->name);
            if (rs->edit(g->scn, state, rec->actions[i] + strlen(GR_RECORD_EDIT_PREFIX), log, err)) {
                gr_error_prefix(err, "action %d '%s': ", i + 1, rec->actions[i]);
                return -1;
            }
            continue;
        }
        gr_action a;
        if (rs->parse_action(g->scn, state, rec->actions[i], &a, err) ||
            rs->apply(g->scn, state, &a, &dice, log, err)) {
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
