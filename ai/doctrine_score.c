/* doctrine_score.c - the scripted doctrines' rules of thumb (doctrine.h):
 * each scores an action by what it does (gr_action_info) and by the units it
 * concerns (gr_unit_info), so that a doctrine plays any ruleset that
 * describes both. */
#include "doctrine.h"

#include <math.h>
#include <string.h>

/* Distances in the ruleset's pace (gr_ai_view.pace: an ordinary unit's move
 * over open ground; fogn 6 MU): */
/* beyond this the nearest enemy is far and columns are the way to march (fogn 8 MU) */
#define GR_DOCTRINE_COLUMN_PACES (4.0 / 3.0)
/* within this the line doctrine's infantry steps out against a shaken enemy (fogn 6 MU) */
#define GR_DOCTRINE_SALLY_PACES 1.0
/* the columns' bonus for a target near their focus falls by 1 over this (fogn 10 MU) */
#define GR_DOCTRINE_FOCUS_PACES (5.0 / 3.0)

static double dist_units(const gr_unit_info *a, const gr_unit_info *b) { return hypot(a->x - b->x, a->y - b->y); }

/* unit i's facts: the view's copy, else asked of the ruleset into *buf */
static const gr_unit_info *unit_at(const gr_game *g, const void *state, const gr_doctrine_view *v, int i,
                                   gr_unit_info *buf)
{
    if (i < v->n) return &v->u[i];
    g->rs->ai->unit_info(g->scn, state, i, buf);
    return buf;
}

static double nearest_enemy(const gr_game *g, const void *state, const gr_doctrine_view *v, const gr_unit_info *me)
{
    int n = g->rs->ai->unit_count(g->scn);
    double best = 1e9;
    for (int j = 0; j < n; j++) {
        gr_unit_info buf;
        const gr_unit_info *e = unit_at(g, state, v, j, &buf);
        if (!e->alive || e->side == me->side) continue;
        double d = dist_units(me, e);
        if (d < best) best = d;
    }
    return best;
}

/* the enemy's weakest unit: most shaken, then least valuable, then lowest index */
static int weakest_enemy(const gr_game *g, const void *state, const gr_doctrine_view *v, int side)
{
    int n = g->rs->ai->unit_count(g->scn), best = -1;
    gr_unit_info b;
    memset(&b, 0, sizeof b);
    for (int j = 0; j < n; j++) {
        gr_unit_info buf;
        const gr_unit_info *e = unit_at(g, state, v, j, &buf);
        if (!e->alive || e->side == side) continue;
        if (best < 0 || e->cohesion > b.cohesion || (e->cohesion == b.cohesion && e->value < b.value)) {
            best = j;
            b = *e;
        }
    }
    return best;
}

static double score_columns(const gr_game *g, const void *state, const gr_doctrine_view *v, const gr_action_info *in,
                            const gr_unit_info *me, const gr_unit_info *en)
{
    switch (in->kind) {
    case GR_AK_ATTACK: return in->enemy >= 0 ? 10 + 2 * en->cohesion + (me->arm == GR_ARM_CAV ? 3 : 0) : 9;
    case GR_AK_FIRE: return 8 + 2 * en->cohesion;
    case GR_AK_STAND: return 5;
    case GR_AK_WITHDRAW: return 1;
    case GR_AK_HOLD: return me->arm == GR_ARM_ART ? 3 : 2;
    case GR_AK_PASS: return 1.5;
    case GR_AK_COMMAND: return in->unit >= 0 ? 4 : 1;
    case GR_AK_MANOEUVRE: return in->enemy >= 0 ? 2.5 : 0.5;
    case GR_AK_FORM:
        if (in->shape == GR_SHAPE_COLUMN && me->arm == GR_ARM_INF)
            return nearest_enemy(g, state, v, me) > g->rs->ai->pace * GR_DOCTRINE_COLUMN_PACES ? 7 : 1;
        return in->shape == GR_SHAPE_SQUARE ? 3 : 0.5;
    case GR_AK_ADVANCE: {
        if (me->arm == GR_ARM_ART) return 1;
        if (in->objective >= 0) return 4;
        if (in->enemy < 0) return 3;
        double bonus = 3;
        if (v->focus >= 0 && in->enemy != v->focus) {
            gr_unit_info buf;
            bonus = 3 - dist_units(en, unit_at(g, state, v, v->focus, &buf)) / (g->rs->ai->pace * GR_DOCTRINE_FOCUS_PACES);
            if (bonus < 0) bonus = 0;
        }
        return 6 + bonus;
    }
    default: return 0.5;
    }
}

static double score_line(const gr_game *g, const void *state, const gr_action_info *in, const gr_unit_info *me,
                         const gr_unit_info *en)
{
    switch (in->kind) {
    case GR_AK_ATTACK:
        if (in->enemy < 0) return me->arm == GR_ARM_CAV ? 6 : 1; /* pursuit */
        if (en->cohesion >= 2 || (me->arm == GR_ARM_CAV && en->cohesion >= 1)) return 10 + en->cohesion;
        return 0.5;
    case GR_AK_FIRE: return 9 + 2 * en->cohesion;
    case GR_AK_STAND: return 6;
    case GR_AK_WITHDRAW: return 0.5;
    case GR_AK_HOLD: return 5;
    case GR_AK_PASS: return 4.5;
    case GR_AK_COMMAND: return in->unit >= 0 ? 6 : 1;
    case GR_AK_MANOEUVRE: return in->enemy >= 0 ? 3 : 0.2;
    case GR_AK_FORM:
        if (in->shape == GR_SHAPE_LINE && me->arm == GR_ARM_INF) return 6;
        if (in->shape == GR_SHAPE_SQUARE) return 5.5;
        return 0.2;
    case GR_AK_ADVANCE:
        if (in->enemy < 0) return 0.3;
        if (me->arm == GR_ARM_CAV && en->cohesion >= 2) return 7;
        if (me->arm == GR_ARM_INF && en->cohesion >= 2 && dist_units(me, en) < g->rs->ai->pace * GR_DOCTRINE_SALLY_PACES)
            return 5.5;
        return 0.3;
    default: return 0.2;
    }
    (void)state;
}

/* what every arm of the cavalry and assault doctrines does alike: the guns
 * fire and stay, commanders direct combats and re-roll, no unit falls back
 * of its own will */
static double score_common(const gr_action_info *in, const gr_unit_info *me, const gr_unit_info *en, int *done)
{
    *done = 1;
    switch (in->kind) {
    case GR_AK_FIRE: return 8 + 2 * en->cohesion;
    case GR_AK_STAND: return 5;
    case GR_AK_WITHDRAW: return 0.5;
    case GR_AK_PASS: return 1.5;
    case GR_AK_COMMAND: return in->unit >= 0 ? 4 : 1;
    default: break;
    }
    if (me->arm == GR_ARM_ART) {
        if (in->kind == GR_AK_HOLD) return 4;
        if (in->kind == GR_AK_FORM) return in->shape == GR_SHAPE_OTHER ? 1 : 0.5;
        return in->kind == GR_AK_ADVANCE ? 1 : 0.3;
    }
    *done = 0;
    return 0;
}

/* the advance a doctrine wants: at the focus first, then at any enemy */
static double focus_bonus(const gr_game *g, const void *state, const gr_doctrine_view *v, const gr_action_info *in,
                          const gr_unit_info *en)
{
    if (in->enemy < 0 || v->focus < 0 || in->enemy == v->focus) return 3;
    gr_unit_info buf;
    double bonus = 3 - dist_units(en, unit_at(g, state, v, v->focus, &buf)) / (g->rs->ai->pace * GR_DOCTRINE_FOCUS_PACES);
    return bonus < 0 ? 0 : bonus;
}

/* among advances alike, one that keeps the unit's formation or takes the
 * doctrine's own (`want`; a ruleset's own shapes, Lasalle's cavalry waves
 * among them, are OTHER) goes first, one into square or open order last */
static double shape_nudge(const gr_action_info *in, const gr_unit_info *me, int want)
{
    if (in->shape == GR_SHAPE_NONE) return in->kind == GR_AK_ADVANCE && me->shape == want ? 0.3 : 0.2;
    if (in->shape == want) return 0.3;
    return in->shape == GR_SHAPE_SQUARE || in->shape == GR_SHAPE_OPEN || in->shape == GR_SHAPE_OTHER ? -1 : 0;
}

static double score_cavalry(const gr_game *g, const void *state, const gr_doctrine_view *v, const gr_action_info *in,
                            const gr_unit_info *me, const gr_unit_info *en)
{
    int done;
    double c = score_common(in, me, en, &done);
    if (done) return c;
    int cav = me->arm == GR_ARM_CAV;
    switch (in->kind) {
    case GR_AK_ATTACK:
        if (in->enemy < 0) return cav ? 9 : 1; /* pursuit */
        if (cav) return 12 + 2 * en->cohesion;
        return en->cohesion >= 1 ? 10 + en->cohesion : 3;
    case GR_AK_ADVANCE:
        if (cav)
            return (in->enemy >= 0 ? 7 + focus_bonus(g, state, v, in, en) : 4) + shape_nudge(in, me, GR_SHAPE_OTHER);
        if (in->objective >= 0) return 6 + shape_nudge(in, me, GR_SHAPE_COLUMN);
        return (in->enemy >= 0 && en->cohesion >= 1 ? 5.5 : 2) + shape_nudge(in, me, GR_SHAPE_COLUMN);
    case GR_AK_FORM:
        if (!cav && in->shape == GR_SHAPE_COLUMN && me->shape != GR_SHAPE_COLUMN)
            return nearest_enemy(g, state, v, me) > g->rs->ai->pace * GR_DOCTRINE_COLUMN_PACES ? 7 : 1;
        return in->shape == GR_SHAPE_SQUARE ? 1 : 0.5;
    case GR_AK_HOLD: return 2;
    case GR_AK_MANOEUVRE: return 0.5;
    default: return 0.5;
    }
}

static double score_assault(const gr_game *g, const void *state, const gr_doctrine_view *v, const gr_action_info *in,
                            const gr_unit_info *me, const gr_unit_info *en)
{
    int done;
    double c = score_common(in, me, en, &done);
    if (done) return c;
    int inf = me->arm == GR_ARM_INF;
    switch (in->kind) {
    case GR_AK_ATTACK:
        if (in->enemy < 0) return inf ? 1 : 6; /* pursuit */
        if (inf) return 11 + 2 * en->cohesion;
        return en->cohesion >= 1 ? 11 + en->cohesion : 2;
    case GR_AK_ADVANCE:
        if (inf)
            return (in->objective >= 0 ? 9 : in->enemy >= 0 ? 6 + focus_bonus(g, state, v, in, en) / 2 : 3) +
                   shape_nudge(in, me, GR_SHAPE_COLUMN);
        if (in->enemy >= 0 && en->cohesion >= 1) return 7 + shape_nudge(in, me, GR_SHAPE_OTHER);
        return (in->objective >= 0 ? 4 : 1) + shape_nudge(in, me, GR_SHAPE_OTHER);
    case GR_AK_FORM:
        if (inf && in->shape == GR_SHAPE_COLUMN && me->shape != GR_SHAPE_COLUMN) return 8;
        return in->shape == GR_SHAPE_SQUARE ? 1 : 0.3;
    case GR_AK_HOLD: return inf ? 1 : 3;
    case GR_AK_MANOEUVRE: return 0.5;
    default: return 0.5;
    }
}

static double score_of(gr_doctrine_kind k, const gr_game *g, const void *state, const gr_doctrine_view *v,
                             const gr_action_info *in, const gr_unit_info *me, const gr_unit_info *en)
{
    switch (k) {
    case GR_DOCTRINE_COLUMNS: return score_columns(g, state, v, in, me, en);
    case GR_DOCTRINE_LINE: return score_line(g, state, in, me, en);
    case GR_DOCTRINE_CAVALRY: return score_cavalry(g, state, v, in, me, en);
    default: return score_assault(g, state, v, in, me, en);
    }
}

double gr_doctrine_score(gr_doctrine_kind k, const gr_game *g, const void *state, const gr_doctrine_view *v,
                         const gr_action_info *in)
{
    gr_unit_info me, en;
    memset(&me, 0, sizeof me);
    memset(&en, 0, sizeof en);
    if (in->unit >= 0) me = *unit_at(g, state, v, in->unit, &me);
    me.side = v->side;
    if (in->enemy >= 0) en = *unit_at(g, state, v, in->enemy, &en);
    return score_of(k, g, state, v, in, &me, &en);
}

void gr_doctrine_view_init(gr_doctrine_view *v, gr_doctrine_kind k, const gr_game *g, const void *state, int side)
{
    int n = g->rs->ai->unit_count(g->scn);
    v->side = side;
    v->n = n <= GR_DOCTRINE_VIEW_UNITS ? n : 0;
    for (int i = 0; i < v->n; i++) g->rs->ai->unit_info(g->scn, state, i, &v->u[i]);
    v->focus = k != GR_DOCTRINE_LINE ? weakest_enemy(g, state, v, side) : -1;
}

static const char *const GR_DOCTRINE_NAMES[GR_DOCTRINE_COUNT] = {"columns", "line", "cavalry", "assault"};

int gr_doctrine_parse(const char *name, gr_doctrine_kind *k)
{
    for (int i = 0; i < GR_DOCTRINE_COUNT; i++)
        if (!strcmp(name, GR_DOCTRINE_NAMES[i])) {
            *k = (gr_doctrine_kind)i;
            return 0;
        }
    return -1;
}

int gr_doctrine_usable(const gr_game *g)
{
    return g->rs->ai->action_info && g->rs->ai->unit_info && g->rs->ai->unit_count;
}
