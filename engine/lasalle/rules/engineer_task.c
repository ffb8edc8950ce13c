/* engineer_task.c - Demolition, the Fortification of a town base and
 * Bridging [H Engineering, p.78-79] (engineer_task.h): where an engineer
 * may work, its tests in its side's Engineering segment, the table's
 * changes, and the engineers the enemy reaches. */
#include "engineer_task.h"
#include "command.h"
#include "engineer_bridge.h"
#include "engineer.h"
#include "engineer_works.h"
#include "footprint.h"
#include "tables.h"
#include "works.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

int lasalle_task_on_table(int task)
{
    return task == LASALLE_TASK_DEMOLITION || task == LASALLE_TASK_FORTIFICATION || task == LASALLE_TASK_BRIDGING ||
           task == LASALLE_TASK_FIELD_WORKS;
}

/* `word` (lower case) appears in `text`, whatever its case */
static int says(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = text; *p; p++) {
        size_t k = 0;
        while (k < n && p[k] && tolower((unsigned char)p[k]) == word[k]) k++;
        if (k == n) return 1;
    }
    return 0;
}

int lasalle_bridge_wooden(const lasalle_scenario *s, int k)
{
    const char *name = s->terrain.p[k].name;
    return says(name, "wooden") || says(name, "pontoon");
}

static gr_vec2 middle(const gr_terrain_piece *p)
{
    gr_vec2 m = {0, 0};
    for (int q = 0; q < p->npts; q++) m = gr_v2_add(m, p->pts[q]);
    return gr_v2_scale(m, 1.0 / (p->npts > 0 ? p->npts : 1));
}

gr_vec2 lasalle_task_spot(const lasalle_scenario *s, const lasalle_state *st, int side, int task, int k, int site,
                          int *end)
{
    const gr_terrain_piece *p = &s->terrain.p[k];
    const lasalle_officer *c = &st->o[s->commander[side]];
    gr_vec2 at = {c->x, c->y}, a = p->pts[0], b = p->pts[p->npts - 1];
    if (end) *end = 0;
    if (task == LASALLE_TASK_BRIDGING || (task == LASALLE_TASK_DEMOLITION && lasalle_bank_sites(s, k))) {
        /* the bank facing the commander [H, p.78]; a pontoon is blown from its end there */
        int bank = lasalle_bank_facing(s, k, site, at);
        if (end) *end = bank;
        lasalle_pontoon_ends(s, k, site, bank, &a, &b);
        return a;
    }
    if (task != LASALLE_TASK_DEMOLITION) return middle(p);
    int last = gr_v2_len(gr_v2_sub(b, at)) < gr_v2_len(gr_v2_sub(a, at));
    if (end) *end = last;
    return last ? b : a;
}

gr_vec2 lasalle_engineer_at(const lasalle_scenario *s, const lasalle_state *st, int e)
{
    const lasalle_engineer *g = &st->eng[e];
    if (g->task == LASALLE_TASK_FIELD_WORKS) return lasalle_field_marker_at(g);
    const gr_terrain_piece *p = &s->terrain.p[g->piece];
    if (g->task == LASALLE_TASK_BRIDGING || (g->task == LASALLE_TASK_DEMOLITION && lasalle_bank_sites(s, g->piece))) {
        gr_vec2 a, b;
        lasalle_pontoon_ends(s, g->piece, g->spot, g->bank, &a, &b);
        return a;
    }
    if (g->task != LASALLE_TASK_DEMOLITION) return middle(p);
    return g->spot ? p->pts[p->npts - 1] : p->pts[0];
}

static gr_rect marker(gr_vec2 at)
{
    gr_vec2 fc = {at.x, at.y + LASALLE_ENGINEER_SPOT_BW / 2};
    return gr_rect_make(fc, 0.0, LASALLE_ENGINEER_SPOT_BW, LASALLE_ENGINEER_SPOT_BW);
}

/* where engineer e works, for messages: the terrain piece's name, or its field works' site */
static const char *place_name(const lasalle_scenario *s, const lasalle_state *st, int e)
{
    const lasalle_engineer *g = &st->eng[e];
    return g->task == LASALLE_TASK_FIELD_WORKS ? "the site of their field works" : s->terrain.p[g->piece].name;
}

/* the nearest unit not of `side` of the given types (a bit per lasalle_type) to the marker at `at`, in BW */
static double enemy_dist(const lasalle_scenario *s, const lasalle_state *st, int side, gr_vec2 at, unsigned types)
{
    gr_rect m = marker(at);
    gr_vec2 mc[4], hc[4];
    gr_rect_corners(&m, mc);
    double best = INFINITY;
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || s->units[j].side == side || !(types >> s->units[j].type & 1)) continue;
        gr_rect h = lasalle_hull(s, st, j);
        gr_rect_corners(&h, hc);
        double d = gr_poly_dist(mc, 4, hc, 4);
        if (d < best) best = d;
    }
    return best;
}

/* the piece is the right kind for the task and still to be done */
static const char *wrong_piece(const lasalle_scenario *s, const lasalle_state *st, int task, int k, int site)
{
    if (k < 0 || k >= s->terrain.n) return "there is no such terrain piece";
    const lasalle_ground *g = &s->ground_of[k];
    if (task == LASALLE_TASK_BRIDGING) {
        if (!lasalle_bank_sites(s, k)) return "Bridging starts at the bank of a stream or river (H, p.78)";
        if (site < 0 || site >= lasalle_bank_sites(s, k)) return "there is no such bank site along the water";
        return NULL;
    }
    if (task == LASALLE_TASK_DEMOLITION && lasalle_bank_sites(s, k)) { /* a pontoon: wooden [H, p.79] */
        int any = 0;
        for (int q = 0; q < lasalle_bank_sites(s, k) && !any; q++) any = lasalle_pontoon_at(s, st, k, q) >= 0;
        if (!any) return "Demolition needs a bridge (H, p.79)";
        if (site < 0) return "a pontoon bridge is blown from the bank site it spans from: 'eN demolition tK bS' (H, p.79)";
        if (site >= lasalle_bank_sites(s, k) || lasalle_pontoon_at(s, st, k, site) < 0)
            return "no finished pontoon spans the water from that bank site (H, p.79)";
        return NULL;
    }
    if (task == LASALLE_TASK_DEMOLITION) {
        if (g->kind != LASALLE_G_BRIDGE) return "Demolition needs a bridge (H, p.79)";
        if (st->blown >> k & 1) return "the bridge is already demolished (H, p.79)";
        return NULL;
    }
    if (g->kind != LASALLE_G_TOWN || s->terrain.p[k].shape != GR_SHAPE_POLYGON)
        return "Fortification works at a town base here; field works are not built yet (H, p.78)";
    if (g->cover != LASALLE_COVER_SOFT || (st->hardened >> k & 1))
        return "Fortification converts a soft-cover town base; this one is hard cover already (H, p.78)";
    return NULL;
}

int lasalle_task_ok(const lasalle_scenario *s, const lasalle_state *st, int e, int task, int k, int site,
                    const char **why)
{
    if (task == LASALLE_TASK_FIELD_WORKS) return lasalle_field_ok(s, st, e, k, why); /* k: the unit [H, p.78] */
    int side = s->engineers[e].side;
    const char *no = lasalle_task_on_table(task) ? wrong_piece(s, st, task, k, site)
                                                 : "an engineer on the table works at Demolition, Fortification, "
                                                   "Bridging or field works (H, p.78-79)";
    if (!no) no = lasalle_task_place_why(s, st, side, lasalle_task_spot(s, st, side, task, k, site, NULL));
    if (why) *why = no;
    return no == NULL;
}

const char *lasalle_task_place_why(const lasalle_scenario *s, const lasalle_state *st, int side, gr_vec2 at)
{
    int cmd = s->commander[side];
    const lasalle_officer *c = &st->o[cmd];
    if (gr_v2_len(gr_v2_sub(at, (gr_vec2){c->x, c->y})) > lasalle_officer_range(s, st, cmd) + GR_EPS)
        return "an engineer is deployed within the commander's range (H, p.78)";
    if (enemy_dist(s, st, side, at, ~0u) <= LASALLE_NEAR_BW)
        return "an engineer is not deployed near the enemy, within 4 BW (H, p.78)";
    return NULL;
}

/* working engineers on a table task that enemy infantry or cavalry touch are eliminated [H, p.79] */
static void overrun(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx)
{
    for (int e = 0; e < s->nengineers; e++) {
        lasalle_engineer *g = &st->eng[e];
        if (g->status != LASALLE_EN_WORKING || !lasalle_task_on_table(g->task)) continue;
        unsigned foot_horse = 1u << LASALLE_INF | 1u << LASALLE_CAV;
        if (enemy_dist(s, st, s->engineers[e].side, lasalle_engineer_at(s, st, e), foot_horse) >
            LASALLE_CONTACT_EPS)
            continue;
        g->status = LASALLE_EN_LOST;
        gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->engineers[e].side,
                   "%s at %s are reached by the enemy and eliminated (H, p.79)", s->engineers[e].name,
                   place_name(s, st, e));
    }
}

int lasalle_engineers_swept(const lasalle_scenario *s, lasalle_state *st, int i, const lasalle_unit *before,
                            const gr_ctx *cx)
{
    const lasalle_unit_profile *p = &s->units[i];
    const lasalle_unit *u = &st->u[i];
    if (p->type == LASALLE_ART) return 0; /* only infantry and cavalry [H, p.79] */
    double turn = gr_angle_norm(u->heading - before->heading);
    if (turn > GR_PI) turn -= 2 * GR_PI;
    for (int e = 0; e < s->nengineers; e++) {
        lasalle_engineer *g = &st->eng[e];
        if (g->status != LASALLE_EN_WORKING || !lasalle_task_on_table(g->task) || s->engineers[e].side == p->side)
            continue;
        gr_rect m = marker(lasalle_engineer_at(s, st, e));
        gr_vec2 mc[4], hc[4];
        gr_rect_corners(&m, mc);
        for (int q = 0; q <= LASALLE_ENGINEER_SWEEP_SAMPLES; q++) {
            double f = (double)q / LASALLE_ENGINEER_SWEEP_SAMPLES;
            gr_rect h = lasalle_hull_at(p, u->form, before->x + f * (u->x - before->x),
                                        before->y + f * (u->y - before->y), before->heading + f * turn);
            gr_rect_corners(&h, hc);
            if (gr_poly_dist(mc, 4, hc, 4) > LASALLE_CONTACT_EPS) continue;
            g->status = LASALLE_EN_LOST;
            gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->engineers[e].side,
                       "%s reaches %s at %s: they are eliminated (H, p.79)", p->name, s->engineers[e].name,
                       place_name(s, st, e));
            break;
        }
    }
    return 0;
}

/* a unit stands on bridge k: it is not blown under them (ruling R-162) */
static int bridge_held(const lasalle_scenario *s, const lasalle_state *st, int k)
{
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j)) continue;
        gr_rect h = lasalle_hull(s, st, j);
        if (gr_terrain_piece_touches_rect(&s->terrain.p[k], &h)) return 1;
    }
    return 0;
}

/* engineers e and f work at one task: the same bridge (from either end) or town base, the same pontoon being
 * built, or the same finished pontoon being blown (from either bank) */
static int same_job(const lasalle_scenario *s, const lasalle_state *st, int e, int f)
{
    const lasalle_engineer *a = &st->eng[e], *b = &st->eng[f];
    if (a->task != b->task || a->piece != b->piece) return 0;
    if (a->task == LASALLE_TASK_FIELD_WORKS) return a->x == b->x && a->y == b->y && a->heading == b->heading;
    if (a->task == LASALLE_TASK_DEMOLITION) return !lasalle_bank_sites(s, a->piece) || a->spot == b->spot;
    return a->task != LASALLE_TASK_BRIDGING || (a->spot == b->spot && a->bank == b->bank);
}

/* the task of engineer e's group is done: all its engineers are removed [H, p.79] */
static void remove_group(const lasalle_scenario *s, lasalle_state *st, int e)
{
    for (int f = e; f < s->nengineers; f++)
        if (st->eng[f].status == LASALLE_EN_WORKING && s->engineers[f].side == s->engineers[e].side &&
            same_job(s, st, e, f))
            st->eng[f].status = LASALLE_EN_DONE;
}

/* a passed test at a pontoon: one section for the group; the last one finishes the bridge [H, p.79] */
static void add_section(const lasalle_scenario *s, lasalle_state *st, int e, const gr_ctx *cx)
{
    const lasalle_engineer *g = &st->eng[e];
    int need = lasalle_pontoon_sections(s, g->piece), now = g->sections + 1;
    for (int f = e; f < s->nengineers; f++)
        if (st->eng[f].status == LASALLE_EN_WORKING && s->engineers[f].side == s->engineers[e].side &&
            same_job(s, st, e, f))
            st->eng[f].sections = (uint8_t)now;
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active, "a pontoon section is placed across %s (%d of %d) "
               "(H, p.79)", s->terrain.p[g->piece].name, now, need);
    if (now < need) return;
    st->spans |= (uint64_t)1 << e;
    remove_group(s, st, e);
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active, "the pontoon bridge spans %s and may be used; its "
               "engineers are removed (H, p.79)", s->terrain.p[g->piece].name);
}

/* engineer e and the others blowing a finished pontoon take one test together, re-rolling as at any wooden
 * bridge; its builder's mark of the span is cleared [H, p.79] */
static int test_pontoon_demolition(const lasalle_scenario *s, lasalle_state *st, int e, int n, const gr_ctx *cx)
{
    const lasalle_engineer *g = &st->eng[e];
    int f = lasalle_pontoon_at(s, st, g->piece, g->spot);
    const char *water = s->terrain.p[g->piece].name;
    if (f < 0) {
        remove_group(s, st, e); /* gone already (by the other side's engineers) */
        return 0;
    }
    if (lasalle_pontoon_held(s, st, f)) {
        gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active,
                   "the pontoon bridge across %s is not demolished while a unit stands on it (H, p.79)", water);
        return 0;
    }
    char what[96];
    snprintf(what, sizeof what, "%s the pontoon bridge across %s", lasalle_task_names[LASALLE_TASK_DEMOLITION], water);
    int r = lasalle_engineering_test(n, 1, what, cx);
    if (r <= 0) return r;
    st->spans &= ~((uint64_t)1 << f);
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active,
               "the pontoon bridge across %s is demolished: it carries nobody across the water (H, p.79)", water);
    remove_group(s, st, e);
    return 0;
}

/* engineer e and the others building field works take one test together; a pass lays the open pieces as one
 * line of works and removes them [H, p.78] (ruling R-202) */
static int test_field_works(const lasalle_scenario *s, lasalle_state *st, int e, int n, const gr_ctx *cx)
{
    gr_vec2 a, b;
    if (!lasalle_field_run(s, st, &st->eng[e], &a, &b)) {
        gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active, "%s cannot lay field works while the ground beside "
                   "them is not open (H, p.78)", s->engineers[e].name);
        return 0;
    }
    int r = lasalle_engineering_test(n, 0, "field works", cx);
    if (r <= 0) return r;
    if (lasalle_works_add(st, a, b, LASALLE_WORK_FIELD))
        gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active, "no more works can be laid in this game (%d pieces, "
                   "ruling R-201): %s are removed", LASALLE_MAX_WORKS, s->engineers[e].name);
    else
        gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active, "%s lay %.0f BW of field works from (%.1f, %.1f) to "
                   "(%.1f, %.1f): an obstacle with soft cover (H, p.78)", s->engineers[e].name,
                   gr_v2_len(gr_v2_sub(b, a)), a.x, a.y, b.x, b.y);
    remove_group(s, st, e);
    return 0;
}

/* engineer e and the others at its task take one test together [H, p.78] */
static int test_job(const lasalle_scenario *s, lasalle_state *st, int e, const gr_ctx *cx)
{
    const lasalle_engineer *g = &st->eng[e];
    int n = 0, k = g->piece, task = g->task, demo = task == LASALLE_TASK_DEMOLITION;
    for (int f = e; f < s->nengineers; f++)
        n += st->eng[f].status == LASALLE_EN_WORKING && s->engineers[f].side == st->active && same_job(s, st, e, f);
    if (task == LASALLE_TASK_FIELD_WORKS) return test_field_works(s, st, e, n, cx);
    uint64_t bit = (uint64_t)1 << k;
    if (demo && lasalle_bank_sites(s, k)) return test_pontoon_demolition(s, st, e, n, cx);
    if ((demo && (st->blown & bit)) || (task == LASALLE_TASK_FORTIFICATION && (st->hardened & bit))) {
        remove_group(s, st, e); /* done already (by the other side's engineers) */
        return 0;
    }
    if (demo && bridge_held(s, st, k)) {
        gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active,
                   "%s is not demolished while a unit stands on it (H, p.79)", s->terrain.p[k].name);
        return 0;
    }
    char what[96];
    snprintf(what, sizeof what, "%s %s", lasalle_task_names[task], s->terrain.p[k].name);
    int r = lasalle_engineering_test(n, demo && lasalle_bridge_wooden(s, k), what, cx);
    if (r <= 0) return r;
    if (task == LASALLE_TASK_BRIDGING) {
        add_section(s, st, e, cx);
        return 0;
    }
    if (demo) st->blown |= bit;
    else st->hardened |= bit;
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active,
               demo ? "%s is demolished: it carries nobody across the water (H, p.79)"
                    : "%s is fortified: the town base gives hard cover (H, p.78)",
               s->terrain.p[k].name);
    remove_group(s, st, e);
    return 0;
}

int lasalle_engineer_tasks_run(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx)
{
    overrun(s, st, cx);
    /* one test a task, in the order of the first engineer working at it */
    for (int e = 0; e < s->nengineers; e++) {
        if (st->eng[e].status != LASALLE_EN_WORKING || !lasalle_task_on_table(st->eng[e].task) ||
            s->engineers[e].side != st->active)
            continue;
        int first = 1;
        for (int f = 0; f < e && first; f++)
            first = !(st->eng[f].status == LASALLE_EN_WORKING && s->engineers[f].side == st->active &&
                      same_job(s, st, e, f));
        if (first && test_job(s, st, e, cx)) return -1;
    }
    return 0;
}
