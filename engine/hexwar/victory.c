/* victory.c - the end of the game (docs/hexwar.md §6): objectives taken,
 * steps lost, victory points, the two ways a game ends, the result, and
 * the clock of the timed end for the evaluation. */
#include "hexwar.h"

#include <stdio.h>
#include <string.h>

/* §6.3: a lead of this many victory points makes a decisive victory at the end of time */
#define HEXWAR_DECISIVE_LEAD 4

int hexwar_steps_lost(const hexwar_scenario *s, const hexwar_state *st, int side)
{
    int now = 0;
    for (int i = 0; i < s->ncounters; i++)
        if (s->counters[i].side == side) now += st->p[i].steps;
    return s->start_steps[side] - now;
}

int hexwar_victory_points(const hexwar_scenario *s, const hexwar_state *st, int side)
{
    int vp = hexwar_steps_lost(s, st, side ^ 1);
    for (int k = 0; k < s->nobjectives; k++)
        if (st->owner[k] == side) vp += s->objectives[k].points;
    return vp;
}

/* §1.4: at the end of each player-turn an objective belongs to the side whose counter stands in it */
void hexwar_take_objectives(const hexwar_scenario *s, hexwar_state *st, gr_log *log)
{
    for (int k = 0; k < s->nobjectives; k++) {
        int i = hexwar_counter_at(s, st, s->objectives[k].hex.col, s->objectives[k].hex.row);
        if (i < 0 || st->owner[k] == s->counters[i].side) continue;
        st->owner[k] = (int8_t)s->counters[i].side;
        gr_log_add(log, GR_EV_NOTE, s->counters[i].side, "%s takes %s for %s", s->counters[i].name,
                   s->objectives[k].name, s->side_name[s->counters[i].side]);
    }
}

/* the side ahead on victory points (-1 level) and by how much */
static int leader(const hexwar_scenario *s, const hexwar_state *st, int *lead)
{
    *lead = hexwar_victory_points(s, st, 0) - hexwar_victory_points(s, st, 1);
    return *lead > 0 ? 0 : *lead < 0 ? 1 : -1;
}

static int broken(const hexwar_scenario *s, const hexwar_state *st, int side)
{
    return 2 * hexwar_steps_lost(s, st, side) >= s->start_steps[side];
}

int hexwar_check_end(const hexwar_scenario *s, hexwar_state *st, int time_up, gr_log *log)
{
    int b0 = broken(s, st, 0), b1 = broken(s, st, 1), lead;
    if (b0 || b1) { /* §6.1 */
        st->end = HEXWAR_END_STRENGTH;
        if (b0 != b1) {
            st->winner = (int8_t)(b0 ? 1 : 0);
            st->margin = 2;
        } else {
            st->winner = (int8_t)leader(s, st, &lead);
            st->margin = st->winner < 0 ? 0 : 1;
        }
    } else if (time_up) { /* §6.2 */
        st->end = HEXWAR_END_TIME;
        st->winner = (int8_t)leader(s, st, &lead);
        st->margin = st->winner < 0 ? 0 : (lead >= HEXWAR_DECISIVE_LEAD || -lead >= HEXWAR_DECISIVE_LEAD) ? 2 : 1;
    } else {
        return 0;
    }
    gr_result r;
    hexwar_result(s, st, &r);
    gr_log_add(log, GR_EV_PHASE, -1, "the game ends: %s", r.reason);
    return 1;
}

void hexwar_result(const void *scn, const void *state, gr_result *out)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    memset(out, 0, sizeof *out);
    out->winner = GR_SIDE_NONE;
    out->score[0] = out->score[1] = 0.5;
    if (st->end == HEXWAR_PLAYING) return;
    out->over = 1;
    out->margin = st->margin;
    if (st->winner >= 0) {
        out->winner = st->winner;
        out->score[st->winner] = 1;
        out->score[st->winner ^ 1] = 0;
    }
    static const char *const why[] = {"", "time", "strength lost", "decision limit"};
    static const char *const level[] = {"draw", "marginal victory", "decisive victory"};
    char tally[48];
    snprintf(tally, sizeof tally, "VP %d to %d, steps lost %d to %d", hexwar_victory_points(s, st, 0),
             hexwar_victory_points(s, st, 1), hexwar_steps_lost(s, st, 0), hexwar_steps_lost(s, st, 1));
    if (st->winner >= 0)
        snprintf(out->reason, sizeof out->reason, "%s: %s for %s (%s)", why[st->end & 3], level[st->margin % 3],
                 s->side_name[st->winner], tally);
    else
        snprintf(out->reason, sizeof out->reason, "%s: draw (%s)", why[st->end & 3], tally);
}

void hexwar_clock(const void *scn, const void *state, gr_clock *out)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    int lead, now = hexwar_turn(scn, state), last = 2 * s->turns;
    int ahead = leader(s, st, &lead);
    out->moves_left = now < last ? last - now : 0;
    out->timed_score0 = ahead == 0 ? 1.0 : ahead == 1 ? 0.0 : 0.5;
    out->lead0 = lead;
    out->band = 1;
}
