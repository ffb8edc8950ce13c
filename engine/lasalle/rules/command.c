/* command.c - command paths around the enemy's 1-BW zones, command status,
 * and the discipline test (command.h). The path is the straight line when
 * it keeps clear; otherwise the shortest path over a small visibility graph
 * of points just outside each blocking zone (each zone's corners rounded by
 * four points), found by Dijkstra, pruned to the ellipse of the range. */
#include "command.h"
#include "footprint.h"
#include "tables.h"

#include <math.h>
#include <stdio.h>

#define MAX_BLOCKERS 8
#define ZONE_POINTS 16          /* four to each rounded corner of a zone */
#define ZONE_MARGIN 1.05        /* the outline points stand this far out, clear of the 1-BW zone */
#define TARGET_POINTS 13
#define MAX_NODES (1 + TARGET_POINTS + MAX_BLOCKERS * ZONE_POINTS)
#define BLOCKER_SLACK 1e-9      /* BW: rounding allowed for in the bound on an enemy's distance from the officer */

typedef struct cmd_graph {
    gr_vec2 at[MAX_NODES];
    int n, ntargets;            /* node 0 is the officer; 1 .. ntargets the unit's points */
    gr_rect block[MAX_BLOCKERS];
    int nblock;
} cmd_graph;

static double seg_rect_dist(gr_vec2 a, gr_vec2 b, const gr_rect *r)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    if (gr_point_in_rect(r, a) || gr_point_in_rect(r, b)) return 0;
    double d = INFINITY;
    for (int k = 0; k < 4; k++) d = fmin(d, gr_seg_seg_dist(a, b, c[k], c[(k + 1) & 3]));
    return d;
}

static int clear(const cmd_graph *g, gr_vec2 a, gr_vec2 b)
{
    for (int k = 0; k < g->nblock; k++)
        if (seg_rect_dist(a, b, &g->block[k]) < LASALLE_COMMAND_CLEAR - 1e-9) return 0;
    return 1;
}

static int point_clear(const cmd_graph *g, gr_vec2 p)
{
    for (int k = 0; k < g->nblock; k++)
        if (gr_rect_point_dist(&g->block[k], p) < LASALLE_COMMAND_CLEAR - 1e-9) return 0;
    return 1;
}

/* the point of rectangle r nearest p */
static gr_vec2 nearest_in_rect(const gr_rect *r, gr_vec2 p)
{
    gr_vec2 f = gr_rect_fwd(r), rt = gr_rect_right(r), d = gr_v2_sub(p, r->fc);
    double x = fmax(-r->w / 2, fmin(r->w / 2, gr_v2_dot(d, rt))), y = fmax(-r->d, fmin(0, gr_v2_dot(d, f)));
    return gr_v2_add(r->fc, gr_v2_add(gr_v2_scale(rt, x), gr_v2_scale(f, y)));
}

static void add_node(cmd_graph *g, gr_vec2 p)
{
    if (g->n < MAX_NODES && point_clear(g, p)) g->at[g->n++] = p;
}

/* unit j's hull: from the caller's table of every live unit's hull, or worked out */
static gr_rect hull_of(const lasalle_scenario *s, const lasalle_state *st, int j, const gr_rect *hulls)
{
    return hulls ? hulls[j] : lasalle_hull(s, st, j);
}

/* the blockers, the officer and the unit's points */
static void build(cmd_graph *g, const lasalle_scenario *s, const lasalle_state *st, gr_vec2 o, int i, double range,
                  const gr_rect *hulls)
{
    gr_rect h = hull_of(s, st, i, hulls);
    g->n = g->nblock = 0;
    /* the enemies near enough to stand in the way, less those the unit touches (worked out only when there
     * are some: most units have no enemy within range) */
    int touch[LASALLE_MAX_UNITS], nt = -1;
    for (int j = 0; j < s->nunits && g->nblock < MAX_BLOCKERS; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        /* without a table of hulls, an enemy whose hull cannot come within the range of the officer is
         * passed over before its hull is worked out */
        if (!hulls && gr_v2_dist(o, gr_v2(st->u[j].x, st->u[j].y)) - lasalle_hull_reach(s, st, j) >
                          range + 1 + BLOCKER_SLACK)
            continue;
        gr_rect b = hull_of(s, st, j, hulls);
        if (gr_rect_point_dist(&b, o) > range + 1 || gr_rect_dist(&b, &h) > range + 1) continue;
        if (nt < 0) nt = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
        int own = 0;
        for (int k = 0; k < nt; k++) own |= touch[k] == j;
        if (own) continue;
        g->block[g->nblock++] = b;
    }
    g->at[g->n++] = o;
    gr_vec2 c[4];
    gr_rect_corners(&h, c);
    add_node(g, nearest_in_rect(&h, o));
    for (int k = 0; k < 4; k++) {
        gr_vec2 nx = c[(k + 1) & 3];
        for (int q = 0; q < 3; q++) add_node(g, gr_v2_add(c[k], gr_v2_scale(gr_v2_sub(nx, c[k]), q / 3.0)));
    }
    g->ntargets = g->n - 1;
}

/* the zones' outlines within the ellipse, after the targets (the straight line is tried without them) */
static void add_zones(cmd_graph *g, gr_vec2 o, const gr_rect *h, double range)
{
    gr_vec2 c[4];
    for (int b = 0; b < g->nblock; b++) {
        gr_rect_corners(&g->block[b], c);
        gr_vec2 ctr = gr_rect_centre(&g->block[b]);
        for (int k = 0; k < 4; k++) {
            gr_vec2 out = gr_v2_norm(gr_v2_sub(c[k], ctr));
            double base = atan2(out.y, out.x);
            for (int q = 0; q < 4; q++) {
                gr_vec2 p = gr_v2_add(c[k], gr_v2_scale(gr_v2_dir(base + (q - 1.5) * GR_PI / 8), ZONE_MARGIN));
                if (gr_v2_dist(o, p) + gr_rect_point_dist(h, p) <= range) add_node(g, p);
            }
        }
    }
}

static double dijkstra(const cmd_graph *g, double range)
{
    double dist[MAX_NODES];
    int done[MAX_NODES] = {0};
    for (int k = 0; k < g->n; k++) dist[k] = INFINITY;
    dist[0] = 0;
    for (;;) {
        int u = -1;
        for (int k = 0; k < g->n; k++)
            if (!done[k] && (u < 0 || dist[k] < dist[u])) u = k;
        if (u < 0 || dist[u] > range) return INFINITY;
        if (u >= 1 && u <= g->ntargets) return dist[u];
        done[u] = 1;
        for (int v = 1; v < g->n; v++) {
            if (done[v]) continue;
            double d = dist[u] + gr_v2_dist(g->at[u], g->at[v]);
            if (d < dist[v] && d <= range && clear(g, g->at[u], g->at[v])) dist[v] = d;
        }
    }
}

double lasalle_officer_range(const lasalle_scenario *s, const lasalle_state *st, int k)
{
    if (s->officers[k].commander && (st->o[k].flags & LASALLE_OF_REPLACED)) return LASALLE_SUB_RANGE;
    return s->officers[k].range;
}

double lasalle_command_path_from(const lasalle_scenario *s, const lasalle_state *st, int k, gr_vec2 o, int i,
                                 const gr_rect *hulls)
{
    gr_rect h = hull_of(s, st, i, hulls);
    double range = lasalle_officer_range(s, st, k), straight = gr_rect_point_dist(&h, o);
    if (straight > range) return INFINITY;
    cmd_graph g;
    build(&g, s, st, o, i, range, hulls);
    if (!g.nblock) return straight;
    if (!point_clear(&g, o)) return INFINITY; /* he stands within 1 BW of an enemy: no path leaves him */
    if (g.ntargets >= 1 && clear(&g, o, g.at[1]) && gr_v2_dist(o, g.at[1]) <= straight + 1e-9) return straight;
    add_zones(&g, o, &h, range);
    return dijkstra(&g, range);
}

double lasalle_command_path(const lasalle_scenario *s, const lasalle_state *st, int k, int i)
{
    return lasalle_command_path_from(s, st, k, gr_v2(st->o[k].x, st->o[k].y), i, NULL);
}

int lasalle_in_range(const lasalle_scenario *s, const lasalle_state *st, int k, int i)
{
    return isfinite(lasalle_command_path(s, st, k, i));
}

int lasalle_superior(const lasalle_scenario *s, int i)
{
    int f = s->units[i].force;
    return f >= 0 ? s->forces[f].officer : s->commander[s->units[i].side];
}

lasalle_cmd lasalle_command_of(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    int sup = lasalle_superior(s, i), cmd = s->commander[s->units[i].side];
    if (sup != cmd && lasalle_in_range(s, st, sup, i)) return LASALLE_CMD_SUPERIOR;
    if (lasalle_in_range(s, st, cmd, i)) return LASALLE_CMD_COMMANDER;
    return LASALLE_CMD_OUT;
}

int lasalle_in_command(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    return lasalle_command_of(s, st, i) != LASALLE_CMD_OUT;
}

int lasalle_disc_modifier(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    switch (lasalle_command_of(s, st, i)) {
    case LASALLE_CMD_SUPERIOR: return st->o[lasalle_superior(s, i)].vigor;
    case LASALLE_CMD_COMMANDER: return 0;
    default: return -1;
    }
}

int lasalle_disc_roll(const lasalle_scenario *s, int i, int mod, const char *why, const gr_ctx *cx, int *die)
{
    const lasalle_unit_profile *u = &s->units[i];
    int need = lasalle_disc_need(u->discipline);
    char purpose[160];
    snprintf(purpose, sizeof purpose, "DISC test of %s for %s (%s: %d+, modifier %+d)", u->name, why,
             lasalle_discipline_names[u->discipline], need, mod);
    int d = gr_dice_d6(cx ? cx->dice : NULL, purpose);
    if (!d) return -1;
    if (die) *die = d;
    int pass = d + mod >= need;
    gr_log_add(cx ? cx->log : NULL, GR_EV_TEST, u->side, "%s %s the DISC test for %s (%d%+d against %d+)", u->name,
               pass ? "passes" : "fails", why, d, mod, need);
    return pass;
}

int lasalle_disc_test(const lasalle_scenario *s, const lasalle_state *st, int i, const char *why, const gr_ctx *cx,
                      int *die)
{
    return lasalle_disc_roll(s, i, lasalle_disc_modifier(s, st, i), why, cx, die);
}
