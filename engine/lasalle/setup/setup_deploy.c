/* setup_deploy.c - step 6, both armies set up in their zones [J Place
 * Objectives and Set Up, p.91; Setup Zones, p.90]. Ruling R-119 is the
 * players' policy: each Force keeps together in a stretch of the zone
 * (cavalry Forces on the wings, the rest in the centre, the independents
 * last), its units side by side from the front of the zone backwards,
 * infantry in Attack Column (Line when it starts behind works), cavalry in
 * Waves, guns unlimbered, all facing the enemy's edge, kept apart and off
 * rough, impassable, water, town bases and obstacles (guns limber, the rest
 * take rough ground, only when nothing else has room); each subcommander
 * stands among his Force, the commander at the army's middle. A reserve
 * brigade waits within 4 BW of its edge, packed round its subcommander
 * [J Reinforcements, p.91]. */
#include "setup.h"
#include "../rules/footprint.h"
#include "../rules/ground.h"
#include "../rules/reinforce.h"
#include "../rules/tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_UNITS LASALLE_MAX_UNITS
#define ROWS 3
#define ROW_PITCH 2.0
#define ROW_COST 4.0
#define FRONT_GAP 0.25

static const char *const edge_names[4] = {"south", "north", "west", "east"};

typedef struct dunit {
    json_t *j;
    int group;              /* force index in the side's JSON, or nforces for the independents */
    bool reserve;           /* it arrives later: placed within 4 BW of its edge [J, p.91] */
    lasalle_unit_profile p;
    gr_rect hull;
    bool placed;
} dunit;

typedef struct deploy {
    const lasalle_scenario *ts;
    int side;
    int edge;               /* lasalle_edge the zone stands on: its units face away from it */
    double zone[4];
    double heading;
    int n;
    dunit u[MAX_UNITS];
} deploy;

static int find_name(const char *const *names, int n, const char *s)
{
    for (int k = 0; s && k < n; k++)
        if (!strcmp(names[k], s)) return k;
    return 0;
}

static void profile(json_t *j, lasalle_unit_profile *p)
{
    memset(p, 0, sizeof *p);
    p->type = find_name(lasalle_type_names, LASALLE_TYPE_COUNT, json_string_value(json_object_get(j, "type")));
    if (p->type == LASALLE_ART) {
        p->nbases = (int)json_integer_value(json_object_get(j, "guns"));
        p->howitzers = (int)json_integer_value(json_object_get(j, "howitzers"));
        p->weight = find_name(lasalle_weight_names, LASALLE_WEIGHT_COUNT, json_string_value(json_object_get(j, "weight")));
        p->horse = json_is_true(json_object_get(j, "horse"));
        p->form = LASALLE_UNLIMBERED;
    } else {
        p->nbases = strcmp(json_string_value(json_object_get(j, "size")), "large") ? 4 : 6;
        p->form = p->type == LASALLE_CAV ? LASALLE_WAVES
                  : json_is_true(json_object_get(j, "entrenched")) ? LASALLE_LINE : LASALLE_COLUMN;
    }
}

static bool long_edge(const deploy *D) { return D->edge == LASALLE_EDGE_SOUTH || D->edge == LASALLE_EDGE_NORTH; }
/* the box's low and high ends along the edge */
static double along_lo(const deploy *D) { return long_edge(D) ? D->zone[0] : D->zone[1]; }
static double along_hi(const deploy *D) { return long_edge(D) ? D->zone[2] : D->zone[3]; }
/* 1 when the edge lies at the box's high end (north, east): moving toward the enemy lowers the coordinate */
static bool edge_high(const deploy *D) { return D->edge == LASALLE_EDGE_NORTH || D->edge == LASALLE_EDGE_EAST; }

/* a unit's box: the setup zone, or for a reserve the part of it within 4 BW of the edge [J, p.91] */
static void box_of(const deploy *D, bool reserve, double z[4])
{
    for (int k = 0; k < 4; k++) z[k] = D->zone[k];
    if (!reserve) return;
    int lo = long_edge(D) ? 1 : 0, hi = lo + 2; /* the box's coordinates across the edge */
    if (edge_high(D)) z[lo] = z[hi] - LASALLE_ARRIVAL_EDGE_BW;
    else z[hi] = z[lo] + LASALLE_ARRIVAL_EDGE_BW;
}

static bool inside_zone(const deploy *D, bool reserve, const gr_rect *h)
{
    gr_vec2 c[4];
    double z[4];
    box_of(D, reserve, z);
    gr_rect_corners(h, c);
    for (int k = 0; k < 4; k++)
        if (c[k].x < z[0] - 1e-9 || c[k].x > z[2] + 1e-9 || c[k].y < z[1] - 1e-9 || c[k].y > z[3] + 1e-9)
            return false;
    return true;
}

/* does unit i fit at this pose, with `allow` the LASALLE_MEETS_* bits it may touch? */
static bool fits(const deploy *D, int i, int form, double x, double y, int allow, gr_rect *out)
{
    const dunit *u = &D->u[i];
    gr_rect h = lasalle_hull_at(&u->p, form, x, y, D->heading);
    if (!inside_zone(D, u->reserve, &h)) return false;
    double g = LASALLE_SETUP_UNIT_GAP;
    gr_rect big = gr_rect_make(gr_v2_add(h.fc, gr_v2_scale(gr_rect_fwd(&h), g)), h.heading, h.w + 2 * g, h.d + 2 * g);
    for (int k = 0; k < D->n; k++)
        if (D->u[k].placed && lasalle_rects_overlap(&big, &D->u[k].hull)) return false;
    int m = lasalle_meets(D->ts, &big, NULL) & ~LASALLE_MEETS_OFF_TABLE;
    if (m & ~allow) return false;
    if (lasalle_meets(D->ts, &h, NULL) & ~allow) return false;
    *out = h;
    return true;
}

typedef struct cand {
    double x, y, cost;
} cand;

static int by_cost(const void *a, const void *b)
{
    double d = ((const cand *)a)->cost - ((const cand *)b)->cost;
    return d < 0 ? -1 : d > 0 ? 1 : 0;
}

/* places unit i as near x target as it can, front rows first; false when the zone has no room */
static bool place_unit(deploy *D, int i, double target)
{
    cand c[ROWS * 200];
    int nc = 0;
    double z[4];
    box_of(D, D->u[i].reserve, z);
    int lo = long_edge(D) ? 1 : 0, hi = lo + 2;
    double front = edge_high(D) ? z[lo] : z[hi], dir = edge_high(D) ? 1 : -1;
    for (int r = 0; r < ROWS; r++)
        for (double a = along_lo(D) + 0.5; a < along_hi(D) && nc < ROWS * 200; a += LASALLE_SETUP_GRID) {
            gr_vec2 q = lasalle_setup_edge_pt(D->edge, a, front + dir * (FRONT_GAP + r * ROW_PITCH));
            c[nc++] = (cand){q.x, q.y, fabs(a - target) + r * ROW_COST};
        }
    qsort(c, (size_t)nc, sizeof *c, by_cost);
    dunit *u = &D->u[i];
    for (int pass = 0; pass < 3; pass++) {
        /* pass 1: guns limber; pass 2: rough ground is taken too (never Square or guns unlimbered in it) */
        int form = u->p.form;
        if ((pass >= 1 || u->reserve) && u->p.type == LASALLE_ART) form = LASALLE_LIMBERED;
        if (pass == 1 && u->p.type != LASALLE_ART) continue;
        for (int k = 0; k < nc; k++)
            if (fits(D, i, form, c[k].x, c[k].y, pass == 2 ? LASALLE_MEETS_ROUGH : 0, &u->hull)) {
                u->p.form = form;
                u->p.x = c[k].x;
                u->p.y = c[k].y;
                u->placed = true;
                return true;
            }
    }
    return false;
}

/* an officer's point: the nearest to (cx, cy) in the zone, outside every unit and off impassable ground, water
 * and town bases */
static int officer_at(const deploy *D, double cx, double cy, json_t *o, gr_error *err)
{
    for (double r = 0; r < 40; r += 0.5)
        for (int a = 0; a < (r > 0 ? 24 : 1); a++) {
            double x = cx + r * cos(a * GR_PI / 12), y = cy + r * sin(a * GR_PI / 12);
            if (x < D->zone[0] + 0.3 || x > D->zone[2] - 0.3 || y < D->zone[1] + 0.3 || y > D->zone[3] - 0.3) continue;
            gr_rect dot = gr_rect_make(gr_v2(x + 0.15, y), 0, 0.3, 0.3);
            bool clear = !(lasalle_meets(D->ts, &dot, NULL) &
                           (LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_WATER | LASALLE_MEETS_TOWN));
            for (int k = 0; clear && k < D->n; k++) {
                const gr_rect *h = &D->u[k].hull;
                gr_rect big = gr_rect_make(gr_v2_add(h->fc, gr_v2_scale(gr_rect_fwd(h), 0.2)), h->heading, h->w + 0.4,
                                           h->d + 0.4);
                if (D->u[k].placed && gr_point_in_rect(&big, gr_v2(x, y))) clear = false;
            }
            if (!clear) continue;
            json_object_set_new(o, "at", json_pack("[f, f]", x, y));
            return 0;
        }
    return gr_error_set(err, "setup: no room for the officer %s in the setup zone (J p.90)",
                        json_string_value(json_object_get(o, "name")));
}

static void collect(deploy *D, json_t *arr, int group, bool reserve)
{
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        if (D->n >= MAX_UNITS) return;
        dunit *u = &D->u[D->n++];
        u->j = v;
        u->group = group;
        u->reserve = reserve;
        profile(v, &u->p);
    }
}

/* the groups' order along the zone, left to right as the army faces: cavalry Forces alternately on the left
 * and right wings, the others in the middle in their order */
static int order_groups(const deploy *D, int ngroups, int *order, double *width)
{
    int left = 0, nmid = 0, mid[LASALLE_MAX_FORCES + 1], right[LASALLE_MAX_FORCES + 1], nright = 0, wing = 0;
    for (int g = 0; g < ngroups; g++) {
        int cav = 0, all = 0;
        width[g] = 0;
        for (int k = 0; k < D->n; k++) {
            if (D->u[k].group != g) continue;
            gr_rect h = lasalle_hull_at(&D->u[k].p, D->u[k].p.form, 0, 0, 0);
            width[g] += h.w + 2 * LASALLE_SETUP_UNIT_GAP;
            cav += D->u[k].p.type == LASALLE_CAV;
            all++;
        }
        if (!all) continue;
        if (2 * cav > all) {
            if (wing++ % 2) right[nright++] = g;
            else order[left++] = g;
        } else {
            mid[nmid++] = g;
        }
    }
    for (int k = 0; k < nmid; k++) order[left++] = mid[k];
    for (int k = nright - 1; k >= 0; k--) order[left++] = right[k];
    return left;
}

/* where a group's units stand on average, a little behind them */
static void centre_of(const deploy *D, int group, double *cx, double *cy)
{
    double sx = 0, sy = 0;
    int n = 0;
    for (int k = 0; k < D->n; k++)
        if (D->u[k].placed && (group < 0 || D->u[k].group == group)) {
            sx += D->u[k].p.x;
            sy += D->u[k].p.y;
            n++;
        }
    *cx = n ? sx / n : (D->zone[0] + D->zone[2]) / 2;
    *cy = n ? sy / n : (D->zone[1] + D->zone[3]) / 2;
    bool reserve = false;
    for (int k = 0; k < D->n; k++) reserve |= D->u[k].group == group && D->u[k].reserve;
    /* a little behind them, toward the army's own edge */
    double back = reserve ? 0 : edge_high(D) ? 1.5 : -1.5;
    if (long_edge(D)) *cy += back;
    else *cx += back;
}

/* the farthest unit of a group from a point (hull distance) */
static double reach(const deploy *D, int group, double x, double y)
{
    double worst = 0;
    for (int k = 0; k < D->n; k++)
        if (D->u[k].group == group) {
            double d = gr_rect_point_dist(&D->u[k].hull, gr_v2(x, y));
            worst = d > worst ? d : worst;
        }
    return worst;
}

/* a reserve's subcommander: the point of the zone nearest the middle of his units from which he reaches
 * every one of them (each unit arrives within his command range [J, p.91]); 0, or -1 when none is */
static int reserve_officer(const deploy *D, int group, json_t *o, gr_error *err)
{
    double cx, cy, best = 1e9, bx = 0, by = 0;
    centre_of(D, group, &cx, &cy);
    for (double x = D->zone[0] + 0.5; x < D->zone[2]; x += 0.5)
        for (double y = D->zone[1] + 0.5; y < D->zone[3]; y += 0.5) {
            double score = reach(D, group, x, y) + 0.01 * hypot(x - cx, y - cy);
            if (reach(D, group, x, y) < LASALLE_SUB_RANGE - 0.05 && score < best) best = score, bx = x, by = y;
        }
    if (best > 1e8) return -1;
    if (officer_at(D, bx, by, o, err)) return -1;
    json_t *at = json_object_get(o, "at");
    double ox = json_real_value(json_array_get(at, 0)), oy = json_real_value(json_array_get(at, 1));
    return reach(D, group, ox, oy) < LASALLE_SUB_RANGE - 1e-6 ? 0 : -1;
}

static int write_out(lasalle_setup *S, deploy *D, json_t *side_json, gr_error *err)
{
    for (int k = 0; k < D->n; k++) {
        dunit *u = &D->u[k];
        json_object_set_new(u->j, "formation", json_string(lasalle_form_names[u->p.form]));
        json_object_set_new(u->j, "at", json_pack("[f, f]", u->p.x, u->p.y));
        static const double degrees[4] = {90, 270, 0, 180}; /* away from the south, north, west, east edge */
        json_object_set_new(u->j, "facing", json_real(degrees[D->edge]));
    }
    json_t *forces = json_object_get(side_json, "forces");
    size_t f;
    json_t *fo;
    bool drop[LASALLE_MAX_FORCES + 1] = {false};
    json_array_foreach(forces, f, fo) {
        double cx, cy;
        centre_of(D, (int)f, &cx, &cy);
        json_t *sub = json_object_get(fo, "subcommander");
        if (!json_object_get(fo, "arrives")) {
            if (officer_at(D, cx, cy, sub, err)) return -1;
        } else if (f <= LASALLE_MAX_FORCES && reserve_officer(D, (int)f, sub, err)) {
            /* no place keeps the reserve within its subcommander's range: it is left out, and said so */
            lasalle_setup_note(S, D->side, "the reserve %s has no room to wait within 6 BW of its subcommander: "
                               "left out", json_string_value(json_object_get(fo, "name")));
            if (S->nnotes < 4)
                snprintf(S->notes[S->nnotes++], sizeof S->notes[0], "The reserve %.60s is left out (no room).",
                         json_string_value(json_object_get(fo, "name")));
            drop[f] = true;
        }
    }
    for (int k = (int)json_array_size(forces) - 1; k >= 0; k--)
        if (k <= LASALLE_MAX_FORCES && drop[k]) json_array_remove(forces, (size_t)k);
    for (int k = 0; k < D->n; k++) D->u[k].placed &= !(D->u[k].group <= LASALLE_MAX_FORCES && drop[D->u[k].group]);
    double cx, cy;
    centre_of(D, -1, &cx, &cy);
    return officer_at(D, cx, cy, json_object_get(side_json, "commander"), err);
}

int lasalle_setup_deploy(lasalle_setup *S, int side, const lasalle_scenario *terrain, json_t *side_json,
                         gr_error *err)
{
    deploy *D = calloc(1, sizeof *D);
    if (!D) return gr_error_set(err, "out of memory");
    D->ts = terrain;
    D->side = side;
    D->edge = lasalle_setup_zone_of(S, side, D->zone);
    static const double facing[4] = {GR_PI / 2, -GR_PI / 2, 0, GR_PI}; /* away from the south, north, west, east */
    D->heading = facing[D->edge];
    json_t *forces = json_object_get(side_json, "forces");
    size_t f;
    json_t *fo;
    json_array_foreach(forces, f, fo) collect(D, json_object_get(fo, "units"), (int)f, json_object_get(fo, "arrives"));
    int ngroups = (int)json_array_size(forces) + 1;
    collect(D, json_object_get(side_json, "independent"), ngroups - 1, false);
    int order[LASALLE_MAX_FORCES + 2];
    double width[LASALLE_MAX_FORCES + 2], total = 0;
    int nord = order_groups(D, ngroups < LASALLE_MAX_FORCES + 1 ? ngroups : LASALLE_MAX_FORCES + 1, order, width);
    for (int k = 0; k < nord; k++) total += width[order[k]];
    double span = along_hi(D) - along_lo(D), scale = total > span ? span / total : 1;
    double at = along_lo(D) + (total < span ? (span - total) / 2 : 0);
    int rc = 0;
    /* the reserves' places first, at the back of the zone; then the Forces on the table from its front */
    for (int pass = 0; pass < 2 && !rc; pass++) {
        double x = at;
        for (int g = 0; g < nord && !rc; g++) {
            /* a reserve packs round its stretch's middle, to stay within its subcommander's range [J, p.91] */
            double mid = x + width[order[g]] * scale / 2;
            for (int k = 0; k < D->n && !rc; k++) {
                dunit *u = &D->u[k];
                if (u->group != order[g]) continue;
                double w = lasalle_hull_at(&u->p, u->p.form, 0, 0, 0).w + 2 * LASALLE_SETUP_UNIT_GAP;
                if (u->reserve == (pass == 0) && !place_unit(D, k, u->reserve ? mid : x + w * scale / 2))
                    rc = gr_error_set(err, "setup: no room for %s in the %s setup zone (J p.90)",
                                      json_string_value(json_object_get(u->j, "name")), edge_names[D->edge]);
                x += w * scale;
            }
        }
    }
    if (!rc) rc = write_out(S, D, side_json, err);
    free(D);
    return rc;
}
