/* notation.c - hexwar actions as people type them and records keep them:
 *   done                 end the step: every counter not yet asked holds
 *   c3 hold              counter 3 stays where it is (or does not attack)
 *   c3 move 5 7          counter 3 moves to hex column 5, row 7
 *   c3 attack 6 7        counter 3 attacks the enemy counter in hex 6 7
 * Counters are numbered from 0 in the scenario's order. Parsing uses the
 * core's PCRE2 wrapper with one pattern compiled with the scenario; a
 * refusal says what was expected or which part named nothing. */
#include "hexwar.h"
#include "../core/words.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const order_pattern =
    "\\s*(?:(?<done>done)|c(?<who>[0-9]{1,4})\\s+(?:(?<hold>hold)|(?<verb>move|attack)\\s+(?<col>[0-9]{1,4})\\s+"
    "(?<row>[0-9]{1,4})))\\s*";

int hexwar_notation_compile(hexwar_scenario *s, gr_error *err)
{
    s->re_order = gr_regex_compile(order_pattern, 1, err);
    return s->re_order ? 0 : -1;
}

const char *hexwar_counter_name(const void *scn, int i)
{
    const hexwar_scenario *s = scn;
    return i >= 0 && i < s->ncounters ? s->counters[i].name : "no counter";
}

int hexwar_format_action(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    switch (a->type) {
    case HEXWAR_A_DONE: return snprintf(buf, cap, "done");
    case HEXWAR_A_HOLD: return snprintf(buf, cap, "c%d hold", a->actor);
    case HEXWAR_A_MOVE:
        if (a->target >= 0 && a->target < s->map->cols * s->map->rows) {
            gr_hex h = gr_hex_of_index(s->map, a->target);
            return snprintf(buf, cap, "c%d move %d %d", a->actor, h.col, h.row);
        }
        break;
    case HEXWAR_A_ATTACK:
        if (a->target >= 0 && a->target < s->ncounters)
            return snprintf(buf, cap, "c%d attack %d %d", a->actor, st->p[a->target].col, st->p[a->target].row);
        break;
    default: break;
    }
    return snprintf(buf, cap, "c%d ? (action type %d, target %d)", a->actor, a->type, a->target);
}

/* a named group as a whole number, -1 when absent */
static long group_number(const gr_regex *re, const gr_match *m, const char *name)
{
    char buf[16];
    if (gr_match_named(re, m, name, buf, sizeof buf) < 0) return -1;
    return strtol(buf, NULL, 10);
}

/* the hex named by the "col" and "row" groups, which must be on the map */
static int named_hex(const hexwar_scenario *s, const gr_match *m, gr_hex *out, gr_error *err)
{
    long col = group_number(s->re_order, m, "col"), row = group_number(s->re_order, m, "row");
    if (col < 0 || row < 0 || col >= s->map->cols || row >= s->map->rows)
        return gr_error_set(err, "hex %ld %ld is off the map (columns 0 to %d, rows 0 to %d)", col, row,
                            s->map->cols - 1, s->map->rows - 1);
    out->col = (int)col;
    out->row = (int)row;
    return 0;
}

static int parse_counter_order(const hexwar_scenario *s, const hexwar_state *st, const gr_match *m, gr_action *out,
                               gr_error *err)
{
    long who = group_number(s->re_order, m, "who");
    if (who < 0 || who >= s->ncounters)
        return gr_error_set(err, "there is no counter c%ld (the counters are c0 to c%d)", who, s->ncounters - 1);
    if (!hexwar_alive(st, (int)who))
        return gr_error_set(err, "c%ld (%s) has been eliminated", who, s->counters[who].name);
    out->actor = (int16_t)who;
    char verb[16] = "";
    if (gr_match_named(s->re_order, m, "hold", verb, sizeof verb) >= 0) {
        out->type = HEXWAR_A_HOLD;
        return 0;
    }
    gr_match_named(s->re_order, m, "verb", verb, sizeof verb);
    gr_hex h = {0, 0};
    if (named_hex(s, m, &h, err)) return -1;
    if (verb[0] == 'm' || verb[0] == 'M') {
        out->type = HEXWAR_A_MOVE;
        out->target = (int16_t)gr_hex_index(s->map, h.col, h.row);
        return 0;
    }
    int j = hexwar_counter_at(s, st, h.col, h.row);
    if (j < 0) return gr_error_set(err, "there is no counter in hex %d %d to attack", h.col, h.row);
    if (s->counters[j].side == s->counters[who].side)
        return gr_error_set(err, "hex %d %d holds %s, a counter of %s%s own side", h.col, h.row, s->counters[j].name,
                            s->counters[who].name, gr_words_poss(s->counters[who].name));
    out->type = HEXWAR_A_ATTACK;
    out->target = (int16_t)j;
    return 0;
}

int hexwar_parse_action(const void *scn, const void *state, const char *text, gr_action *out, gr_error *err)
{
    const hexwar_scenario *s = scn;
    memset(out, 0, sizeof *out);
    out->actor = -1;
    out->target = -1;
    gr_match m;
    int rc = gr_regex_match(s->re_order, text, &m);
    if (rc < 0) return gr_error_set(err, "the order '%s' could not be read", text);
    if (rc == 0)
        return gr_error_set(err, "'%s' is not a hexwar order: expected 'done', 'cN hold', 'cN move COL ROW' or "
                                 "'cN attack COL ROW'", text);
    char done[8];
    if (gr_match_named(s->re_order, &m, "done", done, sizeof done) >= 0) {
        out->type = HEXWAR_A_DONE;
        return 0;
    }
    return parse_counter_order(s, state, &m, out, err);
}

/* A counter dragged on the map: to the hex where it is dropped, an attack
 * when an enemy stands there. */
int hexwar_drag_order(const void *scn, const void *state, const char *ref, double dx, double dy, char *buf, size_t cap,
                      gr_error *err)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    char *end;
    long i = ref[0] == 'c' && ref[1] ? strtol(ref + 1, &end, 10) : -1;
    if (i < 0 || *end || i >= s->ncounters || !hexwar_alive(st, (int)i))
        return gr_error_set(err, "'%s' names no counter on the map", ref);
    /* beyond twice the largest map is off any map: no int overflows in the hex arithmetic */
    if (!isfinite(dx) || !isfinite(dy) || fabs(dx) > 2.0 * GR_HEX_MAX_DIM || fabs(dy) > 2.0 * GR_HEX_MAX_DIM)
        return gr_error_set(err, "%s was dropped off the map", s->counters[i].name);
    double x, y;
    gr_hex_centre(st->p[i].col, st->p[i].row, &x, &y);
    gr_hex h = gr_hex_at_point(x + dx, y + dy);
    if (!gr_hex_on_map(s->map, h.col, h.row))
        return gr_error_set(err, "%s was dropped off the map (columns 0 to %d, rows 0 to %d)", s->counters[i].name,
                            s->map->cols - 1, s->map->rows - 1);
    for (int j = 0; j < s->ncounters; j++)
        if (hexwar_alive(st, j) && s->counters[j].side != s->counters[i].side && st->p[j].col == h.col &&
            st->p[j].row == h.row)
            return snprintf(buf, cap, "c%ld attack %d %d", i, h.col, h.row) < 0 ? -1 : 0;
    return snprintf(buf, cap, "c%ld move %d %d", i, h.col, h.row) < 0 ? -1 : 0;
}
