/* plan.c - a side's turn and the battle's standing in words (plan.h). */
#include "plan.h"
#include "../engine/core/play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the kinds in the order a plan tells them, with their words */
static const struct {
    int kind;
    const char *words, *aim;    /* the clause's head; the word before what it is aimed at */
} plan_kinds[] = {
    {GR_AK_ATTACK, "attack", " on "},     {GR_AK_FIRE, "fire", " at "},
    {GR_AK_ADVANCE, "advance", " towards "}, {GR_AK_MANOEUVRE, "manoeuvre", " facing "},
    {GR_AK_FORM, "change formation", " against "}, {GR_AK_WITHDRAW, "fall back", " from "},
    {GR_AK_STAND, "stand", " against "},  {GR_AK_HOLD, "hold", " against "},
};

void gr_plan_init(gr_plan *p) { memset(p, 0, sizeof *p); }

static void unit_name(const gr_game *g, const void *st, int unit, char *buf, size_t cap)
{
    buf[0] = 0;
    if (unit < 0 || unit >= g->rs->ai->unit_count(g->scn)) return;
    gr_unit_info ui;
    memset(&ui, 0, sizeof ui);
    g->rs->ai->unit_info(g->scn, st, unit, &ui);
    snprintf(buf, cap, "%s", ui.name);
}

void gr_plan_add(gr_plan *p, const gr_game *g, const void *st, const gr_action *a)
{
    gr_action_info ai;
    memset(&ai, 0, sizeof ai);
    ai.unit = ai.enemy = ai.objective = -1;
    g->rs->ai->action_info(g->scn, st, a, &ai);
    if (ai.kind == GR_AK_PASS || ai.unit < 0 || p->n >= GR_PLAN_MAX) return;
    p->step[p->n].kind = ai.kind;
    unit_name(g, st, ai.unit, p->step[p->n].unit, sizeof p->step[p->n].unit);
    unit_name(g, st, ai.enemy, p->step[p->n].aim, sizeof p->step[p->n].aim);
    if (p->step[p->n].unit[0]) p->n++;
}

/* appends to buf at *used, never past cap */
static void put(char *buf, size_t cap, size_t *used, const char *s)
{
    if (*used + 1 >= cap) return;
    int n = snprintf(buf + *used, cap - *used, "%s", s);
    if (n > 0) *used += (size_t)n < cap - *used ? (size_t)n : cap - *used - 1;
}

void gr_plan_text(const gr_plan *p, char *buf, size_t cap)
{
    size_t used = 0;
    if (cap) buf[0] = 0;
    for (size_t k = 0; k < sizeof plan_kinds / sizeof plan_kinds[0]; k++) {
        int first = 1;
        for (int i = 0; i < p->n; i++) {
            if (p->step[i].kind != plan_kinds[k].kind) continue;
            put(buf, cap, &used, first ? (used ? "; " : "") : ", ");
            if (first) {
                put(buf, cap, &used, plan_kinds[k].words);
                put(buf, cap, &used, ": ");
            }
            put(buf, cap, &used, p->step[i].unit);
            if (p->step[i].aim[0]) {
                put(buf, cap, &used, plan_kinds[k].aim);
                put(buf, cap, &used, p->step[i].aim);
            }
            first = 0;
        }
    }
}

/* each side's whole value, its value in the field (on the board, not
 * destroyed) and its shaken units (below their best condition), in state st */
static void field(const gr_game *g, const void *st, double all[2], double now[2], int shaken[2])
{
    all[0] = all[1] = now[0] = now[1] = 0;
    shaken[0] = shaken[1] = 0;
    int n = g->rs->ai->unit_count(g->scn);
    for (int i = 0; i < n; i++) {
        gr_unit_info ui;
        memset(&ui, 0, sizeof ui);
        g->rs->ai->unit_info(g->scn, st, i, &ui);
        if (ui.side < 0 || ui.side > 1) continue;
        all[ui.side] += ui.value;
        if (!ui.alive) continue;
        now[ui.side] += ui.value;
        if (ui.cohesion > 0) shaken[ui.side]++;
    }
}

/* the clock of a timed end, in words, or "" */
static void clock_text(const gr_game *g, const void *st, const char *const names[2], char *buf, size_t cap)
{
    buf[0] = 0;
    if (!g->rs->ai->clock) return;
    gr_clock c;
    g->rs->ai->clock(g->scn, st, &c);
    if (c.moves_left < 0) return;
    char who[120];
    if (c.lead0 == 0) snprintf(who, sizeof who, "the armies level");
    else snprintf(who, sizeof who, "%s ahead by %.0f", names[c.lead0 > 0 ? 0 : 1], c.lead0 > 0 ? c.lead0 : -c.lead0);
    snprintf(buf, cap, "; %d move%s left before the end, %s (a win needs %.0f)", c.moves_left,
             c.moves_left == 1 ? "" : "s", who, c.band);
}

void gr_standing_text(const gr_game *g, const void *st, char *buf, size_t cap)
{
    double all[2], now[2];
    int shaken[2];
    field(g, st, all, now, shaken);
    const char *names[2];
    gr_game_side_names(g, names);
    size_t used = 0;
    if (cap) buf[0] = 0;
    for (int s = 0; s < 2; s++) {
        char part[200];
        snprintf(part, sizeof part, "%s%s: %.0f%% of their strength in the field, %d unit%s shaken", s ? "; " : "",
                 names[s], all[s] > 0 ? 100.0 * now[s] / all[s] : 0.0, shaken[s], shaken[s] == 1 ? "" : "s");
        put(buf, cap, &used, part);
    }
    char clock[300];
    clock_text(g, st, names, clock, sizeof clock);
    put(buf, cap, &used, clock);
}
