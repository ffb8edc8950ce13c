/* present.c - a hexwar position for front ends, records and tests: the
 * decision now due in words, the state as JSON, the board, what to draw
 * (objective markers and counters at their hexes), and a text summary.
 * The invariants are in invariants.c. */
#include "hexwar.h"

#include <stdio.h>
#include <string.h>

static const char *const phase_names[] = {"movement", "combat", "over"};

void hexwar_describe(const void *scn, const void *state, char *buf, size_t cap)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    if (st->turn.over) {
        gr_result r;
        hexwar_result(scn, state, &r);
        snprintf(buf, cap, "the game is over: %s", r.reason);
        return;
    }
    int i = st->turn.cursor;
    if (i < 0 || i >= s->ncounters) {
        snprintf(buf, cap, "move %d, %s, %s", hexwar_turn(scn, state), s->side_name[st->active],
                 phase_names[st->turn.phase % 3]);
        return;
    }
    snprintf(buf, cap, "move %d (game turn %d of %d), %s, %s: %s (c%d) at %d %d", hexwar_turn(scn, state),
             st->game_turn, s->turns, s->side_name[st->active],
             st->turn.step == HEXWAR_ST_MOVE ? "movement" : "attacks", s->counters[i].name, i, st->p[i].col,
             st->p[i].row);
}

static json_t *pair(int a, int b)
{
    json_t *j = json_array();
    json_array_append_new(j, json_integer(a));
    json_array_append_new(j, json_integer(b));
    return j;
}

json_t *hexwar_state_to_json(const void *scn, const void *state)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    json_t *j = json_object();
    json_object_set_new(j, "move", json_integer(hexwar_turn(scn, state)));
    json_object_set_new(j, "game_turn", json_integer(st->game_turn));
    json_object_set_new(j, "active", json_integer(st->active));
    json_object_set_new(j, "phase", json_string(phase_names[st->turn.phase % 3]));
    json_object_set_new(j, "over", json_boolean(st->turn.over));
    json_object_set_new(j, "victory_points", pair(hexwar_victory_points(s, st, 0), hexwar_victory_points(s, st, 1)));
    json_object_set_new(j, "steps_lost", pair(hexwar_steps_lost(s, st, 0), hexwar_steps_lost(s, st, 1)));
    json_t *objs = json_array();
    for (int k = 0; k < s->nobjectives; k++) {
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(s->objectives[k].name));
        json_object_set_new(o, "hex", pair(s->objectives[k].hex.col, s->objectives[k].hex.row));
        json_object_set_new(o, "owner", json_integer(st->owner[k]));
        json_array_append_new(objs, o);
    }
    json_object_set_new(j, "objectives", objs);
    json_t *cs = json_array();
    for (int i = 0; i < s->ncounters; i++) {
        json_t *c = json_object();
        char id[16];
        snprintf(id, sizeof id, "c%d", i);
        json_object_set_new(c, "id", json_string(id));
        json_object_set_new(c, "name", json_string(s->counters[i].name));
        json_object_set_new(c, "side", json_integer(s->counters[i].side));
        json_object_set_new(c, "hex", pair(st->p[i].col, st->p[i].row));
        json_object_set_new(c, "steps", json_integer(st->p[i].steps));
        if (st->p[i].target >= 0) json_object_set_new(c, "attacks", json_integer(st->p[i].target));
        json_array_append_new(cs, c);
    }
    json_object_set_new(j, "counters", cs);
    return j;
}

void hexwar_board(const void *scn, gr_board *out)
{
    const hexwar_scenario *s = scn;
    memset(out, 0, sizeof *out);
    out->kind = GR_BOARD_HEX;
    gr_hex_board_size(s->map, &out->width, &out->height);
    out->unit = "hex";
    out->hexes = s->map;
}

static const char *const arm_short[HEXWAR_ARM_COUNT] = {"inf", "cav", "art"};

int hexwar_render_items(const void *scn, const void *state, gr_render_item *out, int max)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    int n = 0;
    for (int k = 0; k < s->nobjectives && n < max; k++) {
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = st->owner[k];
        it->kind = GR_PIECE_MARKER;
        snprintf(it->label, sizeof it->label, "%s", s->objectives[k].name);
        snprintf(it->detail, sizeof it->detail, "%d VP", s->objectives[k].points);
        it->hex_col = s->objectives[k].hex.col;
        it->hex_row = s->objectives[k].hex.row;
    }
    for (int i = 0; i < s->ncounters && n < max; i++) {
        if (!hexwar_alive(st, i)) continue;
        const hexwar_face *f = hexwar_face_of(s, st, i);
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = s->counters[i].side;
        it->kind = GR_PIECE_UNIT;
        snprintf(it->label, sizeof it->label, "%s", s->counters[i].name);
        snprintf(it->ref, sizeof it->ref, "c%d", i);
        snprintf(it->detail, sizeof it->detail, "c%d %s%s", i, arm_short[s->counters[i].arm],
                 st->p[i].steps < 2 ? " reduced" : "");
        it->hex_col = st->p[i].col;
        it->hex_row = st->p[i].row;
        snprintf(it->counter, sizeof it->counter, "%d-%d-%d", f->attack, f->defence, f->move);
        it->worn = st->p[i].steps < 2;
    }
    return n;
}

void hexwar_summary(const void *scn, const void *state, FILE *out)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    char desc[256];
    hexwar_describe(scn, state, desc, sizeof desc);
    fprintf(out, "%s: %d x %d hexes, %d game turns, %s moves first\n", s->name, s->map->cols, s->map->rows, s->turns,
            s->side_name[s->first]);
    fprintf(out, "now: %s\n", desc);
    for (int side = 0; side < 2; side++)
        fprintf(out, "%s: %d victory points, %d of %d steps lost\n", s->side_name[side],
                hexwar_victory_points(s, st, side), hexwar_steps_lost(s, st, side), s->start_steps[side]);
    for (int k = 0; k < s->nobjectives; k++)
        fprintf(out, "  objective %s at %d %d (%d VP): %s\n", s->objectives[k].name, s->objectives[k].hex.col,
                s->objectives[k].hex.row, s->objectives[k].points,
                st->owner[k] >= 0 ? s->side_name[st->owner[k]] : "nobody's");
    for (int i = 0; i < s->ncounters; i++) {
        const hexwar_face *f = hexwar_face_of(s, st, i);
        if (!hexwar_alive(st, i)) {
            fprintf(out, "  c%-2d %-24s %-9s %s eliminated\n", i, s->counters[i].name,
                    hexwar_arm_names[s->counters[i].arm], s->side_name[s->counters[i].side]);
            continue;
        }
        fprintf(out, "  c%-2d %-24s %-9s %s at %d %d (%s), %d-%d-%d%s\n", i, s->counters[i].name,
                hexwar_arm_names[s->counters[i].arm], s->side_name[s->counters[i].side], st->p[i].col, st->p[i].row,
                gr_hex_terrain_name(s->map, gr_hex_terrain(s->map, st->p[i].col, st->p[i].row)), f->attack, f->defence,
                f->move, st->p[i].steps < 2 ? " reduced" : "");
    }
}
