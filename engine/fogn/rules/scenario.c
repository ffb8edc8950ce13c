/* scenario.c - Field of Glory Napoleonic: turning a scenario file (already
 * parsed into JSON) into the immutable fogn_scenario, checking it thoroughly
 * on the way. The format is described in docs/scenario-format.md.
 *
 * Every refusal names the file, the JSON path and what was expected, and
 * unknown keys are refused so that a misspelt key cannot silently fall back to
 * a default. The checks here are the ones that need no unit footprints
 * (organisation §3, names, coordinates, terrain shapes); overlaps between
 * units are the engine's business once footprints exist. */
#include "../fogn.h"
#include "reserve.h"
#include "building.h"
#include "../../core/jsonutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- limits and defaults of the format (named so docs and code agree) ------------ */
#define SCN_TABLE_W_DEFAULT 60.0
#define SCN_TABLE_H_DEFAULT 37.5
#define SCN_TABLE_MIN 10.0
#define SCN_TABLE_MAX 200.0
#define SCN_MAX_TURNS 1000
#define SCN_OBJ_RADIUS_MIN 0.5
#define SCN_OBJ_RADIUS_MAX 12.0
#define SCN_OBJ_POINTS_MAX 100
#define SCN_ACV_ADJUST_MAX 20   /* a side's ACV adjustment (§17.1: +2, or less the bonus units) */
/* a LOC marker's centre may be at most this far from its own base edge (§3.5:
 * the marker is 2.25 MU square with one side on the edge) */
#define SCN_LOC_EDGE_DIST FOGN_LOC_BASE

/* width ranges (MU) for linear terrain; rivers and streams follow §15.6 */
typedef struct width_range {
    double lo, hi;
} width_range;

static width_range linear_width(gr_terrain_type t)
{
    switch (t) {
    case GR_T_ROAD: return (width_range){0.5, 3.0};
    case GR_T_RIVER: return (width_range){2.0, 4.0};
    case GR_T_STREAM: return (width_range){0.5, 2.0};
    case GR_T_WALL:
    case GR_T_HEDGE: return (width_range){0.05, 1.0};
    case GR_T_BRIDGE: return (width_range){0.5, 4.0};
    case GR_T_FORD: return (width_range){0.5, 6.0};
    default: return (width_range){0.0, 0.0};
    }
}

/* grade names per terrain type (index = stored grade) */
static const char *const grade_wood[] = {"rough", "difficult"};
static const char *const grade_hill[] = {"peak", "crest"};
static const char *const grade_water[] = {"ankle", "waist", "shoulder", "torrent", "dry"};

static const char *const side_edge_names[] = {"south", "north"};
static const char *const weather_names[] = {"clear", "rain"};
static const char *const size_names[] = {"small", "large"};
static const char *const weight_names[] = {"medium", "heavy"};
static const char *const lancer_names[] = {"none", "partial", "all"};
static const char *const div_kind_names[] = {"infantry", "cavalry", "mixed"};
static const char *const role_names[] = {"division", "corps", "army"};
static const char *const skill_names[] = {"competent", "skilled", "exceptional"};
static const char *const arm_names[] = {"infantry", "cavalry", "artillery"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define SCN_OPENING_MAX 10 /* our bound on opening_moves */
#define PATH 160

/* What the loader remembers between passes (names that point forward). */
typedef struct loader {
    fogn_scenario *s;
    gr_error *err;
    json_t *cmdr_json[FOGN_MAX_CMDRS];  /* the commander objects, for "leading" */
    json_t *div_json[FOGN_MAX_DIVS];    /* the division objects, for "commander" */
} loader;

/* --- small helpers ------------------------------------------------------------------ */

static int find_unit(const fogn_scenario *s, const char *name)
{
    for (int i = 0; i < s->nunits; i++)
        if (strcmp(s->units[i].name, name) == 0) return i;
    return -1;
}

static int find_cmdr(const fogn_scenario *s, const char *name)
{
    for (int i = 0; i < s->ncmdrs; i++)
        if (strcmp(s->cmdrs[i].name, name) == 0) return i;
    return -1;
}

static int find_div(const fogn_scenario *s, const char *name)
{
    for (int i = 0; i < s->ndivs; i++)
        if (strcmp(s->divs[i].name, name) == 0) return i;
    return -1;
}

/* A required, non-empty name of at most cap-1 characters. */
static int get_name(json_t *o, const char *path, char *out, size_t cap, gr_error *err)
{
    char p[PATH];
    if (gr_json_string(o, path, "name", true, out, cap, err)) return -1;
    if (!out[0])
        return gr_error_set(err, "%s: must not be empty", gr_json_path_key(p, sizeof p, path, "name"));
    return 0;
}

/* A side: 0, 1 or one of the sides' names. Absent (or null): *out = -1 and
 * an error only if required. */
static int get_side(json_t *o, const char *path, const char *key, bool required,
                    const fogn_scenario *s, int *out, gr_error *err)
{
    char p[PATH];
    gr_json_path_key(p, sizeof p, path, key);
    json_t *v = json_object_get(o, key);
    *out = -1;
    if (!v || json_is_null(v)) {
        if (!required) return 0;
        return gr_error_set(err, "%s: missing (expected a side: 0, 1, \"%s\" or \"%s\")", p,
                            s->side_name[0], s->side_name[1]);
    }
    if (json_is_integer(v)) {
        json_int_t i = json_integer_value(v);
        if (i == 0 || i == 1) {
            *out = (int)i;
            return 0;
        }
    } else if (json_is_string(v)) {
        for (int i = 0; i < 2; i++) {
            if (strcmp(json_string_value(v), s->side_name[i]) == 0) {
                *out = i;
                return 0;
            }
        }
    }
    return gr_error_set(err, "%s: expected a side: 0, 1, \"%s\" or \"%s\"", p, s->side_name[0],
                        s->side_name[1]);
}

/* A point on the table: keys kx, ky of o. */
static int get_xy(json_t *o, const char *path, const char *kx, const char *ky, bool required,
                  const fogn_scenario *s, double *x, double *y, gr_error *err)
{
    if (gr_json_number(o, path, kx, required, 0.0, s->table_w, x, err)) return -1;
    if (gr_json_number(o, path, ky, required, 0.0, s->table_h, y, err)) return -1;
    return 0;
}

/* Facing in degrees (0 = +x, 90 = +y) or a compass word; radians in (-pi, pi]. */
static int get_facing(json_t *o, const char *path, double *heading, gr_error *err)
{
    char p[PATH];
    json_t *v = json_object_get(o, "facing");
    if (!v || json_is_null(v)) return 0;
    gr_json_path_key(p, sizeof p, path, "facing");
    double deg;
    if (json_is_number(v)) {
        deg = json_number_value(v);
        if (!isfinite(deg) || deg < -360.0 || deg > 360.0)
            return gr_error_set(err, "%s: expected degrees in [-360, 360] or north/south/east/west, got %g",
                                p, deg);
    } else if (json_is_string(v)) {
        const char *w = json_string_value(v);
        if (strcmp(w, "east") == 0) deg = 0.0;
        else if (strcmp(w, "north") == 0) deg = 90.0;
        else if (strcmp(w, "west") == 0) deg = 180.0;
        else if (strcmp(w, "south") == 0) deg = -90.0;
        else
            return gr_error_set(err, "%s: expected degrees or one of north, south, east, west, got \"%s\"",
                                p, w);
    } else {
        return gr_error_set(err, "%s: expected degrees or one of north, south, east, west", p);
    }
    double h = deg * GR_PI / 180.0;
    while (h <= -GR_PI) h += 2.0 * GR_PI;
    while (h > GR_PI) h -= 2.0 * GR_PI;
    *heading = h;
    return 0;
}

/* A single flag: optional bool; sets bit in *caps when true. */
static int get_cap(json_t *o, const char *path, const char *key, uint16_t bit, uint16_t *caps,
                   gr_error *err)
{
    bool b = false;
    if (gr_json_bool(o, path, key, false, &b, err)) return -1;
    if (b) *caps = (uint16_t)(*caps | bit);
    return 0;
}

/* --- plane checks for "is this point in the water / in impassable ground" --------- */

static bool pt_in_poly(const gr_vec2 *v, int n, double x, double y)
{
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        if ((v[i].y > y) != (v[j].y > y)) {
            double xc = v[j].x + (y - v[j].y) * (v[i].x - v[j].x) / (v[i].y - v[j].y);
            if (x < xc) in = !in;
        }
    }
    return in;
}

static double pt_seg_dist(gr_vec2 a, gr_vec2 b, double x, double y)
{
    double dx = b.x - a.x, dy = b.y - a.y;
    double len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((x - a.x) * dx + (y - a.y) * dy) / len2 : 0.0;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    double ex = a.x + t * dx - x, ey = a.y + t * dy - y;
    return sqrt(ex * ex + ey * ey);
}

/* distance from the point to the centre line of a linear piece */
static double pt_line_dist(const gr_terrain_piece *p, double x, double y)
{
    double best = INFINITY;
    for (int i = 0; i + 1 < p->npts; i++) {
        double d = pt_seg_dist(p->pts[i], p->pts[i + 1], x, y);
        if (d < best) best = d;
    }
    return best;
}

/* The first piece a unit or commander may not stand in at the start
 * (impassable ground, or a river / stream away from its crossings); -1 none. */
static int forbidden_piece_at(const gr_terrain *t, double x, double y)
{
    for (int i = 0; i < t->n; i++) {
        const gr_terrain_piece *p = &t->p[i];
        if (p->type == GR_T_LAKE || p->type == GR_T_ROCKY) {
            if (pt_in_poly(p->pts, p->npts, x, y)) return i;
        } else if (p->type == GR_T_RIVER && p->grade != GR_WATER_DRY) {
            if (pt_line_dist(p, x, y) >= p->width / 2) continue;
            bool crossing = false;
            for (int j = 0; j < t->n; j++) {
                const gr_terrain_piece *q = &t->p[j];
                if ((q->type == GR_T_BRIDGE || q->type == GR_T_FORD) && pt_line_dist(q, x, y) < q->width / 2)
                    crossing = true;
            }
            if (!crossing) return i;
        }
    }
    return -1;
}

/* --- sections of the file ---------------------------------------------------------- */

static int load_table(loader *L, json_t *root)
{
    fogn_scenario *s = L->s;
    static const char *const keys[] = {"width", "height"};
    s->table_w = SCN_TABLE_W_DEFAULT;
    s->table_h = SCN_TABLE_H_DEFAULT;
    json_t *t = gr_json_object(root, "$", "table", false, L->err);
    if (!t) return L->err && L->err->set ? -1 : 0;
    if (gr_json_only_keys(t, "$.table", keys, COUNT(keys), L->err)) return -1;
    if (gr_json_number(t, "$.table", "width", false, SCN_TABLE_MIN, SCN_TABLE_MAX, &s->table_w, L->err))
        return -1;
    if (gr_json_number(t, "$.table", "height", false, SCN_TABLE_MIN, SCN_TABLE_MAX, &s->table_h, L->err))
        return -1;
    return 0;
}

static int load_sides(loader *L, json_t *root)
{
    fogn_scenario *s = L->s;
    static const char *const keys[] = {"name", "base_edge", "loc", "acv_adjust", "deployment_depth"};
    static const char *const loc_keys[] = {"x", "y"};
    json_t *arr = gr_json_array(root, "$", "sides", true, 2, 2, L->err);
    if (!arr) return -1;
    for (size_t i = 0; i < 2; i++) {
        char p[PATH], q[PATH];
        gr_json_path_index(p, sizeof p, "$.sides", i);
        json_t *o = json_array_get(arr, i);
        if (gr_json_only_keys(o, p, keys, COUNT(keys), L->err)) return -1;
        if (get_name(o, p, s->side_name[i], sizeof s->side_name[i], L->err)) return -1;
        int edge = 0;
        if (gr_json_enum(o, p, "base_edge", true, side_edge_names, COUNT(side_edge_names), &edge, L->err))
            return -1;
        s->base_edge[i] = (uint8_t)edge;
        long adjust = 0;
        if (gr_json_int(o, p, "acv_adjust", false, -SCN_ACV_ADJUST_MAX, SCN_ACV_ADJUST_MAX, &adjust, L->err)) return -1;
        s->acv_adjust[i] = (int8_t)adjust;
        /* §8.13: default, the §17.5 zone of a defender (own half, 6 MU short of the centre line) */
        s->deploy_depth[i] = s->table_h / 2 - FOGN_OPENING_DEFENDER_GAP;
        if (gr_json_number(o, p, "deployment_depth", false, 1.0, s->table_h, &s->deploy_depth[i], L->err)) return -1;
        json_t *loc = gr_json_object(o, p, "loc", false, L->err);
        if (!loc && L->err && L->err->set) return -1;
        if (loc) {
            gr_json_path_key(q, sizeof q, p, "loc");
            if (gr_json_only_keys(loc, q, loc_keys, COUNT(loc_keys), L->err)) return -1;
            double x, y;
            if (get_xy(loc, q, "x", "y", true, s, &x, &y, L->err)) return -1;
            double edge_y = edge == 0 ? 0.0 : s->table_h;
            if (fabs(y - edge_y) > SCN_LOC_EDGE_DIST)
                return gr_error_set(L->err, "%s.y: the line of communications must sit on the %s edge "
                                    "(y within %g of %g), got %g", q, side_edge_names[edge],
                                    SCN_LOC_EDGE_DIST, edge_y, y);
            s->loc[i] = (gr_vec2){x, y};
            s->has_loc[i] = 1;
        }
    }
    if (strcmp(s->side_name[0], s->side_name[1]) == 0)
        return gr_error_set(L->err, "$.sides[1].name: both sides are called \"%s\"", s->side_name[0]);
    if (s->base_edge[0] == s->base_edge[1])
        return gr_error_set(L->err, "$.sides[1].base_edge: both sides have the %s edge; one must be south, "
                            "the other north", side_edge_names[s->base_edge[0]]);
    return 0;
}

static int load_terrain(loader *L, json_t *root)
{
    fogn_scenario *s = L->s;
    gr_terrain *t = &s->terrain;
    static const char *const keys[] = {"name", "type", "points", "width", "grade", "rear"};
    const char *type_names[GR_T_COUNT];
    for (int i = 0; i < GR_T_COUNT; i++) type_names[i] = gr_terrain_type_name((gr_terrain_type)i);

    t->table_w = s->table_w;
    t->table_h = s->table_h;
    t->n = 0;
    json_t *arr = gr_json_array(root, "$", "terrain", false, 0, GR_TERRAIN_MAX, L->err);
    if (!arr) return L->err && L->err->set ? -1 : 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH], q[PATH], r[PATH];
        gr_json_path_index(p, sizeof p, "$.terrain", i);
        json_t *o = json_array_get(arr, i);
        gr_terrain_piece *pc = &t->p[t->n];
        memset(pc, 0, sizeof *pc);
        if (gr_json_only_keys(o, p, keys, COUNT(keys), L->err)) return -1;
        if (get_name(o, p, pc->name, sizeof pc->name, L->err)) return -1;
        for (int j = 0; j < t->n; j++)
            if (strcmp(t->p[j].name, pc->name) == 0)
                return gr_error_set(L->err, "%s.name: \"%s\" is already the name of $.terrain[%d]", p,
                                    pc->name, j);
        int type = 0;
        if (gr_json_enum(o, p, "type", true, type_names, GR_T_COUNT, &type, L->err)) return -1;
        pc->type = (unsigned char)type;
        bool linear = gr_terrain_type_is_linear((gr_terrain_type)type);
        pc->shape = linear ? GR_SHAPE_POLYLINE : GR_SHAPE_POLYGON;

        /* points */
        size_t minpts = linear ? 2 : 3;
        gr_json_path_key(q, sizeof q, p, "points");
        json_t *pv = json_object_get(o, "points");
        if (json_is_array(pv) && json_array_size(pv) < minpts)
            return gr_error_set(L->err, "%s: %s %s needs at least %zu points, got %zu", q,
                                linear ? "a line such as" : "an area such as", type_names[type], minpts,
                                json_array_size(pv));
        json_t *pts = gr_json_array(o, p, "points", true, minpts, GR_TERRAIN_MAX_PTS, L->err);
        if (!pts) return -1;
        pc->npts = (int)json_array_size(pts);
        for (int j = 0; j < pc->npts; j++) {
            json_t *pt = json_array_get(pts, (size_t)j);
            gr_json_path_index(r, sizeof r, q, (size_t)j);
            if (!json_is_array(pt) || json_array_size(pt) != 2 || !json_is_number(json_array_get(pt, 0)) ||
                !json_is_number(json_array_get(pt, 1)))
                return gr_error_set(L->err, "%s: expected a point [x, y]", r);
            double x = json_number_value(json_array_get(pt, 0));
            double y = json_number_value(json_array_get(pt, 1));
            if (!(x >= 0 && x <= s->table_w && y >= 0 && y <= s->table_h))
                return gr_error_set(L->err, "%s: point (%g, %g) is off the table (0..%g x 0..%g)", r, x, y,
                                    s->table_w, s->table_h);
            if (j > 0 && fabs(x - pc->pts[j - 1].x) < GR_EPS && fabs(y - pc->pts[j - 1].y) < GR_EPS)
                return gr_error_set(L->err, "%s: repeats the previous point", r);
            pc->pts[j] = (gr_vec2){x, y};
        }
        if (!linear) {
            double area2 = 0;
            for (int j = 0, k = pc->npts - 1; j < pc->npts; k = j++)
                area2 += pc->pts[k].x * pc->pts[j].y - pc->pts[j].x * pc->pts[k].y;
            if (fabs(area2) < 1e-6)
                return gr_error_set(L->err, "%s: the polygon encloses no area", q);
        }

        /* width */
        if (linear) {
            width_range wr = linear_width((gr_terrain_type)type);
            if (gr_json_number(o, p, "width", true, wr.lo, wr.hi, &pc->width, L->err)) return -1;
        } else if (json_object_get(o, "width")) {
            return gr_error_set(L->err, "%s: only lines (roads, rivers, streams, walls, hedges, bridges, "
                                "fords) have a width, not %s", gr_json_path_key(r, sizeof r, p, "width"),
                                type_names[type]);
        }

        /* grade */
        const char *const *gn = NULL;
        int ngn = 0, grade = 0;
        switch (type) {
        case GR_T_OPEN_WOOD: gn = grade_wood; ngn = COUNT(grade_wood); grade = 0; break;
        case GR_T_GENTLE_HILL:
        case GR_T_STEEP_HILL: gn = grade_hill; ngn = COUNT(grade_hill); grade = 0; break;
        case GR_T_RIVER: gn = grade_water; ngn = COUNT(grade_water); grade = GR_WATER_WAIST; break;
        case GR_T_STREAM:
        case GR_T_FORD: gn = grade_water; ngn = COUNT(grade_water); grade = GR_WATER_ANKLE; break;
        default: break;
        }
        if (gn) {
            if (gr_json_enum(o, p, "grade", false, gn, ngn, &grade, L->err)) return -1;
        } else if (json_object_get(o, "grade") && !json_is_null(json_object_get(o, "grade"))) {
            return gr_error_set(L->err, "%s: %s takes no grade (only open_wood, hills, rivers, streams "
                                "and fords do)", gr_json_path_key(r, sizeof r, p, "grade"),
                                type_names[type]);
        }
        pc->grade = (unsigned char)grade;
        /* §15.5: a field work's open rear is one edge of its polygon (points[k] to points[k+1]) */
        if (type == GR_T_FORTIFICATION) {
            long rear = 0;
            if (gr_json_int(o, p, "rear", false, 0, pc->npts - 1, &rear, L->err)) return -1;
            pc->grade = (unsigned char)rear;
        } else if (json_object_get(o, "rear") && !json_is_null(json_object_get(o, "rear"))) {
            return gr_error_set(L->err, "%s: only a fortification has an open rear edge, not %s",
                                gr_json_path_key(r, sizeof r, p, "rear"), type_names[type]);
        }
        gr_terrain_piece_set_box(pc);
        fogn_bld_keep_box(pc);
        t->n++;
    }
    return 0;
}

static int load_divisions(loader *L, json_t *root)
{
    fogn_scenario *s = L->s;
    static const char *const keys[] = {"name", "side", "kind", "commander", "corps", "reserve"};
    json_t *arr = gr_json_array(root, "$", "divisions", true, 2, FOGN_MAX_DIVS, L->err);
    if (!arr) return -1;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, "$.divisions", i);
        json_t *o = json_array_get(arr, i);
        fogn_division *d = &s->divs[s->ndivs];
        memset(d, 0, sizeof *d);
        if (gr_json_only_keys(o, p, keys, COUNT(keys), L->err)) return -1;
        if (get_name(o, p, d->name, sizeof d->name, L->err)) return -1;
        int other = find_div(s, d->name);
        if (other >= 0)
            return gr_error_set(L->err, "%s.name: \"%s\" is already the name of $.divisions[%d]", p, d->name,
                                other);
        int side, kind;
        if (get_side(o, p, "side", true, s, &side, L->err)) return -1;
        if (gr_json_enum(o, p, "kind", true, div_kind_names, COUNT(div_kind_names), &kind, L->err)) return -1;
        char tmp[FOGN_NAME];
        if (gr_json_string(o, p, "commander", false, tmp, sizeof tmp, L->err)) return -1;
        d->side = (uint8_t)side;
        d->kind = (uint8_t)kind;
        d->commander = -1;
        d->corps = -1;
        if (fogn_reserve_from_json(o, p, d, L->err)) return -1;
        L->div_json[s->ndivs] = o;
        s->ndivs++;
    }
    for (int side = 0; side < 2; side++) {
        int n = 0;
        for (int i = 0; i < s->ndivs; i++) n += s->divs[i].side == side;
        if (n == 0)
            return gr_error_set(L->err, "$.divisions: side %d (%s) has no division", side, s->side_name[side]);
    }
    return 0;
}

/* the corps commander a division takes its command points from: named by
 * "corps", or the side's only one */
static int resolve_corps(loader *L, int d, const char *p, const int *ncorps)
{
    fogn_scenario *s = L->s;
    fogn_division *dv = &s->divs[d];
    char q[PATH], cname[FOGN_NAME] = "";
    if (gr_json_string(L->div_json[d], p, "corps", false, cname, sizeof cname, L->err)) return -1;
    gr_json_path_key(q, sizeof q, p, "corps");
    if (!cname[0]) {
        if (ncorps[dv->side] > 1)
            return gr_error_set(L->err, "%s: missing (side %d (%s) has %d corps commanders: name this division's)",
                                q, dv->side, s->side_name[dv->side], ncorps[dv->side]);
        for (int c = 0; c < s->ncmdrs; c++)
            if (s->cmdrs[c].side == dv->side && s->cmdrs[c].role == FOGN_CMDR_CORPS) dv->corps = (int8_t)c;
        return 0;
    }
    int c = find_cmdr(s, cname);
    if (c < 0) return gr_error_set(L->err, "%s: no commander called \"%s\" in $.commanders", q, cname);
    if (s->cmdrs[c].role != FOGN_CMDR_CORPS)
        return gr_error_set(L->err, "%s: \"%s\" is a %s commander, not a corps commander", q, cname,
                            role_names[s->cmdrs[c].role]);
    if (s->cmdrs[c].side != dv->side)
        return gr_error_set(L->err, "%s: \"%s\" commands the other side", q, cname);
    dv->corps = (int8_t)c;
    return 0;
}

static int load_commanders(loader *L, json_t *root)
{
    fogn_scenario *s = L->s;
    static const char *const keys[] = {"name", "side", "role", "skill", "charismatic", "allied",
                                       "division", "x", "y", "leading"};
    json_t *arr = gr_json_array(root, "$", "commanders", true, 2, FOGN_MAX_CMDRS, L->err);
    if (!arr) return -1;
    int corps[2] = {0, 0}, army[2] = {-1, -1};
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH], q[PATH];
        gr_json_path_index(p, sizeof p, "$.commanders", i);
        json_t *o = json_array_get(arr, i);
        fogn_cmdr_profile *c = &s->cmdrs[s->ncmdrs];
        memset(c, 0, sizeof *c);
        if (gr_json_only_keys(o, p, keys, COUNT(keys), L->err)) return -1;
        if (get_name(o, p, c->name, sizeof c->name, L->err)) return -1;
        int other = find_cmdr(s, c->name);
        if (other >= 0)
            return gr_error_set(L->err, "%s.name: \"%s\" is already the name of $.commanders[%d]", p, c->name,
                                other);
        int side, role, skill;
        bool charismatic = false, allied = false;
        if (get_side(o, p, "side", true, s, &side, L->err)) return -1;
        if (gr_json_enum(o, p, "role", true, role_names, COUNT(role_names), &role, L->err)) return -1;
        if (gr_json_enum(o, p, "skill", true, skill_names, COUNT(skill_names), &skill, L->err)) return -1;
        if (gr_json_bool(o, p, "charismatic", false, &charismatic, L->err)) return -1;
        if (gr_json_bool(o, p, "allied", false, &allied, L->err)) return -1;
        c->side = (uint8_t)side;
        c->role = (uint8_t)role;
        c->level = (uint8_t)(skill + 1);
        c->charismatic = charismatic;
        c->allied = allied;
        c->division = -1;
        c->start_leading = -1;

        char dname[FOGN_NAME] = "";
        if (gr_json_string(o, p, "division", false, dname, sizeof dname, L->err)) return -1;
        gr_json_path_key(q, sizeof q, p, "division");
        if (role == FOGN_CMDR_DIVISION) {
            if (!dname[0])
                return gr_error_set(L->err, "%s: missing (a division commander names his division)", q);
            int d = find_div(s, dname);
            if (d < 0) return gr_error_set(L->err, "%s: no division called \"%s\" in $.divisions", q, dname);
            if (s->divs[d].side != side)
                return gr_error_set(L->err, "%s: division \"%s\" belongs to side %d (%s), the commander to side "
                                    "%d (%s)", q, dname, s->divs[d].side, s->side_name[s->divs[d].side], side,
                                    s->side_name[side]);
            if (s->divs[d].commander >= 0)
                return gr_error_set(L->err, "%s: division \"%s\" already has a commander (\"%s\")", q, dname,
                                    s->cmdrs[s->divs[d].commander].name);
            s->divs[d].commander = (int8_t)s->ncmdrs;
            c->division = (int8_t)d;
        } else if (role == FOGN_CMDR_CORPS) {
            if (dname[0])
                return gr_error_set(L->err, "%s: a corps commander commands no single division (leave it out or "
                                    "null)", q);
            if (allied) return gr_error_set(L->err, "%s.allied: only division commanders can be allied (§3.4)", p);
            corps[side]++;
        } else {
            if (dname[0])
                return gr_error_set(L->err, "%s: a %s commander commands no single division (leave it out "
                                    "or null)", q, role_names[role]);
            if (allied)
                return gr_error_set(L->err, "%s.allied: only division commanders can be allied (§3.4)", p);
            int *slot = &army[side];
            if (*slot >= 0)
                return gr_error_set(L->err, "%s.role: side %d (%s) already has a %s commander (\"%s\"); at "
                                    "most one", p, side, s->side_name[side], role_names[role],
                                    s->cmdrs[*slot].name);
            *slot = s->ncmdrs;
        }
        /* the commander of a division that starts off the table has no place yet (§8.1) */
        bool off = c->division >= 0 && s->divs[c->division].reserve;
        c->x = c->y = -1;
        if (get_xy(o, p, "x", "y", !off, s, &c->x, &c->y, L->err)) return -1;
        int bad = off && c->x < 0 ? -1 : forbidden_piece_at(&s->terrain, c->x, c->y);
        if (bad >= 0)
            return gr_error_set(L->err, "%s: commander at (%g, %g) stands in %s \"%s\"", p, c->x, c->y,
                                gr_terrain_type_name((gr_terrain_type)s->terrain.p[bad].type),
                                s->terrain.p[bad].name);
        L->cmdr_json[s->ncmdrs] = o;
        s->ncmdrs++;
    }
    for (int side = 0; side < 2; side++)
        if (corps[side] == 0)
            return gr_error_set(L->err, "$.commanders: side %d (%s) has no corps commander (at least one is "
                                "needed)", side, s->side_name[side]);
    for (int d = 0; d < s->ndivs; d++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, "$.divisions", (size_t)d);
        if (s->divs[d].commander < 0)
            return gr_error_set(L->err, "%s: division \"%s\" has no division commander in $.commanders", p,
                                s->divs[d].name);
        char cname[FOGN_NAME] = "";
        if (gr_json_string(L->div_json[d], p, "commander", false, cname, sizeof cname, L->err)) return -1;
        if (cname[0] && strcmp(cname, s->cmdrs[s->divs[d].commander].name) != 0)
            return gr_error_set(L->err, "%s.commander: \"%s\", but $.commanders gives \"%s\" as this "
                                "division's commander", p, cname, s->cmdrs[s->divs[d].commander].name);
        if (resolve_corps(L, d, p, corps)) return -1;
    }
    return 0;
}

/* attachments allowed on each arm (§3.2) */
static bool attach_allowed(fogn_arm arm, fogn_attach a)
{
    switch (a) {
    case FOGN_ATT_SKIRMISHERS:
    case FOGN_ATT_RIFLE_SKIRMISHERS:
    case FOGN_ATT_CAVALRY:
        return arm == FOGN_ARM_INF;
    case FOGN_ATT_ARTILLERY:
    case FOGN_ATT_OFFICER:
        return true;
    case FOGN_ATT_HEAVY_ARTILLERY:
    case FOGN_ATT_HOWITZER:
    case FOGN_ATT_ROCKETS:
        return arm == FOGN_ARM_ART;
    default:
        return false;
    }
}

/* attachments of the same type: the two kinds of skirmishers count as one */
static int attach_type(fogn_attach a)
{
    return a == FOGN_ATT_RIFLE_SKIRMISHERS ? FOGN_ATT_SKIRMISHERS : (int)a;
}

static int load_attachments(loader *L, json_t *o, const char *path, fogn_unit_profile *u, fogn_arm arm)
{
    char q[PATH], r[PATH];
    int n;
    const char *const *names = fogn_attach_names(&n);
    json_t *av = json_object_get(o, "attachments");
    if (json_is_array(av) && json_array_size(av) > 2)
        return gr_error_set(L->err, "%s: a unit takes at most 2 attachments (§3.2), got %zu",
                            gr_json_path_key(q, sizeof q, path, "attachments"), json_array_size(av));
    json_t *arr = gr_json_array(o, path, "attachments", false, 0, 2, L->err);
    if (!arr) return L->err && L->err->set ? -1 : 0;
    gr_json_path_key(q, sizeof q, path, "attachments");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(r, sizeof r, q, i);
        int a = -1;
        if (json_is_string(v))
            for (int k = 1; k < n; k++)
                if (strcmp(json_string_value(v), names[k]) == 0) a = k;
        if (a < 0)
            return gr_error_set(L->err, "%s: expected one of skirmishers, rifle_skirmishers, artillery, "
                                "heavy_artillery, howitzer, rockets, cavalry, officer", r);
        if (!attach_allowed(arm, (fogn_attach)a))
            return gr_error_set(L->err, "%s: %s attachment not allowed on %s (§3.2)", r, names[a],
                                arm_names[arm]);
        if (i == 1 && attach_type((fogn_attach)u->attach[0]) == attach_type((fogn_attach)a))
            return gr_error_set(L->err, "%s: a unit's two attachments must be of different types, got %s "
                                "and %s (§3.2)", r, names[u->attach[0]], names[a]);
        u->attach[i] = (uint8_t)a;
    }
    return 0;
}

/* "garrison": {"area": NAME, "mode": "occupy"|"defend", "face": "front"|"right"|"rear"|"left"} */
static int load_garrison(loader *L, json_t *o, const char *p, fogn_unit_profile *u, fogn_arm arm, bool off)
{
    fogn_scenario *s = L->s;
    static const char *const keys[] = {"area", "mode", "face"};
    json_t *g = json_object_get(o, "garrison");
    if (!g || json_is_null(g)) return 0;
    char q[PATH], area[GR_TERRAIN_NAME + 8] = "";
    gr_json_path_key(q, sizeof q, p, "garrison");
    if (!json_is_object(g)) return gr_error_set(L->err, "%s: must be an object {\"area\", \"mode\", \"face\"}", q);
    if (gr_json_only_keys(g, q, keys, COUNT(keys), L->err)) return -1;
    if (gr_json_string(g, q, "area", true, area, sizeof area, L->err)) return -1;
    int k = -1;
    for (int t = 0; t < s->terrain.n && k < 0; t++)
        if (!strcmp(s->terrain.p[t].name, area)) k = t;
    if (k < 0) return gr_error_set(L->err, "%s.area: no terrain piece called \"%s\"", q, area);
    int type = s->terrain.p[k].type;
    if (type != GR_T_BUILDING && type != GR_T_FORTIFICATION)
        return gr_error_set(L->err, "%s.area: \"%s\" is %s, not a built-up area or field work", q, area,
                            gr_terrain_type_name((gr_terrain_type)type));
    /* the names building.c reads and writes in the notation */
    char mname[16] = "", fname[16] = "front";
    if (gr_json_string(g, q, "mode", true, mname, sizeof mname, L->err)) return -1;
    if (gr_json_string(g, q, "face", false, fname, sizeof fname, L->err)) return -1;
    int mode = fogn_bld_mode_from_name(mname), face = fogn_bld_face_from_name(fname);
    if (mode < 0) return gr_error_set(L->err, "%s.mode: \"occupy\" or \"defend\", not \"%s\"", q, mname);
    if (face < 0)
        return gr_error_set(L->err, "%s.face: \"front\", \"right\", \"rear\" or \"left\", not \"%s\"", q, fname);
    if (off) return gr_error_set(L->err, "%s: a unit that starts off the table holds no area", q);
    if (type == GR_T_BUILDING && arm != FOGN_ARM_INF)
        return gr_error_set(L->err, "%s: only infantry holds a built-up area (§15.4)", q);
    if (type == GR_T_FORTIFICATION && arm == FOGN_ARM_CAV)
        return gr_error_set(L->err, "%s: only infantry and artillery hold a field work (§15.5)", q);
    if (type == GR_T_FORTIFICATION && (mode != FOGN_BLD_DEFEND || face != FOGN_BLD_FACE_FRONT))
        return gr_error_set(L->err, "%s: a field work's garrison defends it from its front face (building.h)", q);
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].start_bld1 == k + 1)
            return gr_error_set(L->err, "%s.area: \"%s\" is already held by \"%s\" (one unit an area, §15.4)", q,
                                area, s->units[i].name);
    u->start_bld1 = (uint8_t)(k + 1);
    u->start_bmode = (uint8_t)mode;
    u->start_bface = (uint8_t)face;
    return 0;
}

/* a unit's qualifiers (§2): troop, élan, training, size and an artillery
 * unit's weight */
static int load_qualifiers(loader *L, json_t *o, const char *p, fogn_unit_profile *u)
{
    int ntroop, nelan, ntrain;
    const char *const *troops = fogn_troop_names(&ntroop);
    const char *const *elans = fogn_elan_names(&nelan);
    const char *const *trains = fogn_training_names(&ntrain);
    int troop, elan, training, size = 0, weight = 0;
    if (gr_json_enum(o, p, "troop", true, troops, ntroop, &troop, L->err)) return -1;
    if (gr_json_enum(o, p, "elan", true, elans, nelan, &elan, L->err)) return -1;
    if (gr_json_enum(o, p, "training", true, trains, ntrain, &training, L->err)) return -1;
    if (gr_json_enum(o, p, "size", true, size_names, COUNT(size_names), &size, L->err)) return -1;
    u->troop = (uint8_t)troop;
    u->elan = (uint8_t)elan;
    u->training = (uint8_t)training;
    u->size = (uint8_t)size;
    fogn_arm arm = fogn_troop_arm((fogn_troop)troop);

    if (gr_json_enum(o, p, "weight", false, weight_names, COUNT(weight_names), &weight, L->err)) return -1;
    if (weight != FOGN_MEDIUM && arm != FOGN_ARM_ART)
        return gr_error_set(L->err, "%s.weight: only artillery has a weight; %s is %s", p, u->name,
                            troops[troop]);
    u->weight = (uint8_t)weight;
    return 0;
}

/* a unit's capabilities (§2.4), each allowed only to some troops */
static int load_caps(loader *L, json_t *o, const char *p, fogn_unit_profile *u)
{
    const char *const *troops = fogn_troop_names(NULL);
    int troop = u->troop, lancers = 0;
    fogn_arm arm = fogn_troop_arm((fogn_troop)troop);
    uint16_t caps = 0;
    if (get_cap(o, p, "guard", FOGN_CAP_GUARD, &caps, L->err)) return -1;
    if (get_cap(o, p, "rifles", FOGN_CAP_RIFLES, &caps, L->err)) return -1;
    if (get_cap(o, p, "shock", FOGN_CAP_SHOCK, &caps, L->err)) return -1;
    if (get_cap(o, p, "impetuous", FOGN_CAP_IMPETUOUS, &caps, L->err)) return -1;
    if (get_cap(o, p, "immobile", FOGN_CAP_IMMOBILE, &caps, L->err)) return -1;
    if (get_cap(o, p, "move_unreformed", FOGN_CAP_MOVE_UNREFORMED, &caps, L->err)) return -1;
    if (get_cap(o, p, "fire_reformed", FOGN_CAP_FIRE_REFORMED, &caps, L->err)) return -1;
    if (gr_json_enum(o, p, "lancers", false, lancer_names, COUNT(lancer_names), &lancers, L->err)) return -1;
    if (lancers == 1) caps |= FOGN_CAP_PART_LANCERS;
    if (lancers == 2) caps |= FOGN_CAP_LANCERS;
    const char *bad = NULL;
    if ((caps & FOGN_CAP_RIFLES) && arm == FOGN_ARM_ART) bad = "rifles";
    else if (lancers && arm != FOGN_ARM_CAV) bad = "lancers";
    else if ((caps & FOGN_CAP_SHOCK) && troop != FOGN_CAV_HEAVY && troop != FOGN_CAV_IRR_HEAVY) bad = "shock";
    else if ((caps & FOGN_CAP_IMPETUOUS) && arm == FOGN_ARM_ART) bad = "impetuous";
    else if ((caps & FOGN_CAP_IMMOBILE) && arm != FOGN_ARM_ART) bad = "immobile";
    else if ((caps & FOGN_CAP_MOVE_UNREFORMED) && arm != FOGN_ARM_INF) bad = "move_unreformed";
    else if ((caps & FOGN_CAP_FIRE_REFORMED) && arm != FOGN_ARM_INF) bad = "fire_reformed";
    if (bad) {
        static const char *const why[] = {"rifles", "infantry or cavalry", "lancers", "cavalry",
                                          "shock", "heavy cavalry", "impetuous", "infantry or cavalry",
                                          "immobile", "artillery", "move_unreformed", "infantry",
                                          "fire_reformed", "infantry"};
        const char *who = "?";
        for (int k = 0; k < COUNT(why); k += 2)
            if (strcmp(why[k], bad) == 0) who = why[k + 1];
        return gr_error_set(L->err, "%s.%s: only for %s (§2.4), not %s", p, bad, who, troops[troop]);
    }
    u->caps = caps;
    return 0;
}

/* the unit's division (its name into dname) and the composition of §3.3;
 * div_art: each division's artillery unit so far, -1 none */
static int load_division(loader *L, json_t *o, const char *p, fogn_unit_profile *u, int *div_art,
                         char dname[FOGN_NAME])
{
    fogn_scenario *s = L->s;
    const char *const *troops = fogn_troop_names(NULL);
    int side = u->side, troop = u->troop;
    fogn_arm arm = fogn_troop_arm((fogn_troop)troop);
    char q[PATH];
    if (gr_json_string(o, p, "division", true, dname, FOGN_NAME, L->err)) return -1;
    gr_json_path_key(q, sizeof q, p, "division");
    int d = find_div(s, dname);
    if (d < 0) return gr_error_set(L->err, "%s: no division called \"%s\" in $.divisions", q, dname);
    if (s->divs[d].side != side)
        return gr_error_set(L->err, "%s: division \"%s\" belongs to side %d (%s), the unit to side %d (%s)",
                            q, dname, s->divs[d].side, s->side_name[s->divs[d].side], side,
                            s->side_name[side]);
    u->division = (int8_t)d;
    int kind = s->divs[d].kind;
    if (kind == FOGN_DIV_INFANTRY && arm == FOGN_ARM_CAV)
        return gr_error_set(L->err, "%s: cavalry unit in infantry division \"%s\" (§3.3: an infantry "
                            "division has no cavalry)", q, dname);
    if (kind == FOGN_DIV_CAVALRY && arm == FOGN_ARM_INF)
        return gr_error_set(L->err, "%s: infantry unit in cavalry division \"%s\" (§3.3: a cavalry "
                            "division has no infantry)", q, dname);
    if (kind == FOGN_DIV_CAVALRY && arm == FOGN_ARM_ART && troop != FOGN_ART_HORSE)
        return gr_error_set(L->err, "%s: %s in cavalry division \"%s\" (§3.3: a cavalry division's "
                            "artillery must be horse artillery)", q, troops[troop], dname);
    if (arm == FOGN_ARM_ART && !s->historical) {
        if (div_art[d] >= 0)
            return gr_error_set(L->err, "%s: division \"%s\" already has an artillery unit (\"%s\"); at "
                                "most one per division (§3.3)", q, dname, s->units[div_art[d]].name);
        div_art[d] = s->nunits;
    }
    return 0;
}

/* the starting state: formation, cohesion, spent, off the table (a reserve
 * division's units all start off it) */
static int load_start_state(loader *L, json_t *o, const char *p, fogn_unit_profile *u, const char *dname)
{
    fogn_scenario *s = L->s;
    int nform, ncoh;
    const char *const *troops = fogn_troop_names(NULL);
    const char *const *forms = fogn_formation_names(&nform);
    const char *const *cohs = fogn_cohesion_names(&ncoh);
    int d = u->division;
    fogn_arm arm = fogn_troop_arm((fogn_troop)u->troop);
    int form = arm == FOGN_ARM_ART ? FOGN_F_UNLIMBERED : FOGN_F_TACTICAL, coh = FOGN_STEADY;
    bool spent = false, off = false;
    if (gr_json_enum(o, p, "formation", false, forms, nform, &form, L->err)) return -1;
    if (!fogn_formation_allowed(u, (fogn_formation)form))
        return gr_error_set(L->err, "%s.formation: a %s %s unit cannot be in %s formation (§3.1)", p,
                            size_names[u->size], troops[u->troop], forms[form]);
    if (gr_json_enum(o, p, "cohesion", false, cohs, ncoh, &coh, L->err)) return -1;
    if (coh == FOGN_BROKEN)
        return gr_error_set(L->err, "%s.cohesion: a unit cannot start the game broken", p);
    if (gr_json_bool(o, p, "spent", false, &spent, L->err)) return -1;
    if (spent && arm == FOGN_ARM_ART)
        return gr_error_set(L->err, "%s.spent: only infantry and cavalry become spent (§2.6)", p);
    if (spent && arm == FOGN_ARM_INF && form == FOGN_F_LINE)
        return gr_error_set(L->err, "%s.formation: spent infantry may not be in extended line (§2.6)", p);
    off = s->divs[d].reserve;
    if (gr_json_bool(o, p, "off_table", false, &off, L->err)) return -1;
    if (!off && s->divs[d].reserve)
        return gr_error_set(L->err, "%s.off_table: division \"%s\" is a reserve: all its units start off the "
                            "table (§8.1)", p, dname);
    u->start_formation = (uint8_t)form;
    u->start_cohesion = (uint8_t)coh;
    u->start_spent = spent;
    u->off_table = off;
    return 0;
}

/* the pose: the front-edge centre, facing the enemy's edge unless told; a
 * unit on the table that holds no area needs one, on ground it may stand on */
static int load_pose(loader *L, json_t *o, const char *p, fogn_unit_profile *u)
{
    fogn_scenario *s = L->s;
    bool off = u->off_table;
    u->heading = s->base_edge[u->side] == 0 ? GR_PI / 2 : -GR_PI / 2;
    u->x = -1;
    u->y = -1;
    if (get_xy(o, p, "x", "y", !off && !u->start_bld1, s, &u->x, &u->y, L->err)) return -1;
    if (get_facing(o, p, &u->heading, L->err)) return -1;
    if (!off && !u->start_bld1) {
        int t = forbidden_piece_at(&s->terrain, u->x, u->y);
        if (t >= 0)
            return gr_error_set(L->err, "%s: front edge centre (%g, %g) lies in %s \"%s\"", p, u->x, u->y,
                                gr_terrain_type_name((gr_terrain_type)s->terrain.p[t].type),
                                s->terrain.p[t].name);
    }
    return 0;
}

/* unit object o, $.units[i], becomes s->units[s->nunits] */
static int load_unit(loader *L, json_t *o, size_t i, int *div_art)
{
    fogn_scenario *s = L->s;
    static const char *const keys[] = {
        "name", "side", "division", "troop", "elan", "guard", "training", "size", "weight",
        "attachments", "rifles", "lancers", "shock", "impetuous", "immobile", "move_unreformed",
        "fire_reformed", "formation", "cohesion", "spent", "off_table", "x", "y", "facing", "garrison"};
    char p[PATH];
    gr_json_path_index(p, sizeof p, "$.units", i);
    fogn_unit_profile *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    if (gr_json_only_keys(o, p, keys, COUNT(keys), L->err)) return -1;
    if (get_name(o, p, u->name, sizeof u->name, L->err)) return -1;
    int other = find_unit(s, u->name);
    if (other >= 0)
        return gr_error_set(L->err, "%s.name: \"%s\" is already the name of $.units[%d]", p, u->name, other);

    int side;
    if (get_side(o, p, "side", true, s, &side, L->err)) return -1;
    u->side = (uint8_t)side;
    if (load_qualifiers(L, o, p, u)) return -1;
    if (load_caps(L, o, p, u)) return -1;
    fogn_arm arm = fogn_troop_arm((fogn_troop)u->troop);
    if (load_attachments(L, o, p, u, arm)) return -1;
    char dname[FOGN_NAME];
    if (load_division(L, o, p, u, div_art, dname)) return -1;
    if (load_start_state(L, o, p, u, dname)) return -1;
    /* a garrison from the start (§15.4, §15.5): its place comes from the area */
    if (load_garrison(L, o, p, u, arm, u->off_table)) return -1;
    if (load_pose(L, o, p, u)) return -1;
    s->nunits++;
    return 0;
}

static int load_units(loader *L, json_t *root)
{
    fogn_scenario *s = L->s;
    int div_art[FOGN_MAX_DIVS];
    for (int d = 0; d < FOGN_MAX_DIVS; d++) div_art[d] = -1;

    json_t *arr = gr_json_array(root, "$", "units", true, 2, FOGN_MAX_UNITS, L->err);
    if (!arr) return -1;
    for (size_t i = 0; i < json_array_size(arr); i++)
        if (load_unit(L, json_array_get(arr, i), i, div_art)) return -1;

    for (int side = 0; side < 2; side++) {
        int n = 0;
        for (int i = 0; i < s->nunits; i++) n += s->units[i].side == side && !s->units[i].off_table;
        if (n == 0)
            return gr_error_set(L->err, "$.units: side %d (%s) has no unit on the table", side, s->side_name[side]);
    }
    for (int d = 0; d < s->ndivs; d++) {
        int n = 0;
        for (int i = 0; i < s->nunits; i++) n += s->units[i].division == d;
        if (n == 0)
            return gr_error_set(L->err, "$.divisions[%d]: division \"%s\" has no units", d, s->divs[d].name);
        /* off-table units of a division without a "reserve" entry come on by the default one */
        for (int i = 0; i < s->nunits && !s->divs[d].reserve; i++)
            if (s->units[i].division == d && s->units[i].off_table) {
                s->divs[d].reserve = 1;
                s->divs[d].res_edge = FOGN_RESERVE_DEFAULT_EDGE;
                s->divs[d].res_sector = FOGN_RESERVE_DEFAULT_SECTOR;
            }
    }
    return 0;
}

/* "leading": resolved once all units are known (§3.4) */
static int resolve_leading(loader *L)
{
    fogn_scenario *s = L->s;
    for (int c = 0; c < s->ncmdrs; c++) {
        char p[PATH], q[PATH], uname[FOGN_NAME] = "";
        gr_json_path_index(p, sizeof p, "$.commanders", (size_t)c);
        if (gr_json_string(L->cmdr_json[c], p, "leading", false, uname, sizeof uname, L->err)) return -1;
        if (!uname[0]) continue;
        gr_json_path_key(q, sizeof q, p, "leading");
        fogn_cmdr_profile *cp = &s->cmdrs[c];
        int u = find_unit(s, uname);
        if (u < 0) return gr_error_set(L->err, "%s: no unit called \"%s\" in $.units", q, uname);
        const fogn_unit_profile *up = &s->units[u];
        if (up->side != cp->side)
            return gr_error_set(L->err, "%s: \"%s\" is an enemy unit", q, uname);
        if (cp->role == FOGN_CMDR_ARMY)
            return gr_error_set(L->err, "%s: an army commander never leads a unit (§3.4)", q);
        if (fogn_troop_arm((fogn_troop)up->troop) == FOGN_ARM_ART)
            return gr_error_set(L->err, "%s: commanders lead only infantry or cavalry, \"%s\" is artillery "
                                "(§3.4)", q, uname);
        if (cp->role == FOGN_CMDR_DIVISION && up->division != cp->division)
            return gr_error_set(L->err, "%s: \"%s\" is not in his division \"%s\" (§3.4)", q, uname,
                                s->divs[cp->division].name);
        if (up->off_table)
            return gr_error_set(L->err, "%s: \"%s\" starts off the table", q, uname);
        cp->start_leading = (int8_t)u;
    }
    return 0;
}

static int load_objectives(loader *L, json_t *root)
{
    fogn_scenario *s = L->s;
    static const char *const keys[] = {"name", "x", "y", "radius", "points", "owner"};
    json_t *arr = gr_json_array(root, "$", "objectives", false, 0, FOGN_MAX_OBJ, L->err);
    if (!arr) return L->err && L->err->set ? -1 : 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, "$.objectives", i);
        json_t *o = json_array_get(arr, i);
        fogn_objective *ob = &s->obj[s->nobj];
        memset(ob, 0, sizeof *ob);
        if (gr_json_only_keys(o, p, keys, COUNT(keys), L->err)) return -1;
        if (get_name(o, p, ob->name, sizeof ob->name, L->err)) return -1;
        for (int j = 0; j < s->nobj; j++)
            if (strcmp(s->obj[j].name, ob->name) == 0)
                return gr_error_set(L->err, "%s.name: \"%s\" is already the name of $.objectives[%d]", p,
                                    ob->name, j);
        if (get_xy(o, p, "x", "y", true, s, &ob->x, &ob->y, L->err)) return -1;
        if (gr_json_number(o, p, "radius", true, SCN_OBJ_RADIUS_MIN, SCN_OBJ_RADIUS_MAX, &ob->radius, L->err))
            return -1;
        long pts = 0;
        if (gr_json_int(o, p, "points", true, 0, SCN_OBJ_POINTS_MAX, &pts, L->err)) return -1;
        ob->points = (int)pts;
        int owner;
        if (get_side(o, p, "owner", false, s, &owner, L->err)) return -1;
        ob->owner = (int8_t)owner;
        s->nobj++;
    }
    return 0;
}

static int load_all(loader *L, json_t *root)
{
    fogn_scenario *s = L->s;
    static const char *const keys[] = {"ruleset", "name", "description", "notes", "default", "table", "sides",
                                       "first_side", "weather", "max_turns", "terrain", "divisions",
                                       "commanders", "units", "objectives", "opening_moves", "historical"};
    if (!json_is_object(root))
        return gr_error_set(L->err, "$: expected an object holding the scenario");
    if (gr_json_only_keys(root, "$", keys, COUNT(keys), L->err)) return -1;

    char rs[16];
    if (gr_json_string(root, "$", "ruleset", true, rs, sizeof rs, L->err)) return -1;
    if (strcmp(rs, "fogn") != 0)
        return gr_error_set(L->err, "$.ruleset: expected \"fogn\", got \"%s\"", rs);
    if (gr_json_string(root, "$", "name", true, s->name, sizeof s->name, L->err)) return -1;
    if (!s->name[0]) return gr_error_set(L->err, "$.name: must not be empty");
    if (gr_json_string(root, "$", "description", false, s->description, sizeof s->description, L->err))
        return -1;
    if (gr_json_string(root, "$", "notes", false, s->notes, sizeof s->notes, L->err)) return -1;
    bool dflt = false;
    if (gr_json_bool(root, "$", "default", false, &dflt, L->err)) return -1;

    if (load_table(L, root)) return -1;
    if (load_sides(L, root)) return -1;

    int first = 0, weather = FOGN_WEATHER_CLEAR;
    long turns = 0;
    if (get_side(root, "$", "first_side", false, s, &first, L->err)) return -1;
    s->first_side = (uint8_t)(first < 0 ? 0 : first);
    if (gr_json_enum(root, "$", "weather", false, weather_names, COUNT(weather_names), &weather, L->err))
        return -1;
    s->weather = (uint8_t)weather;
    if (gr_json_int(root, "$", "max_turns", false, 0, SCN_MAX_TURNS, &turns, L->err)) return -1;
    s->max_turns = (int)turns;
    bool historical = false;
    if (gr_json_bool(root, "$", "historical", false, &historical, L->err)) return -1;
    s->historical = historical;
    long opening = 0;
    if (gr_json_int(root, "$", "opening_moves", false, 0, SCN_OPENING_MAX, &opening, L->err)) return -1;
    s->opening_moves = (uint8_t)opening;

    if (load_terrain(L, root)) return -1;
    if (load_divisions(L, root)) return -1;
    if (load_commanders(L, root)) return -1;
    if (load_units(L, root)) return -1;
    if (resolve_leading(L)) return -1;
    if (load_objectives(L, root)) return -1;
    return 0;
}

void *fogn_scenario_load(json_t *root, const char *file, gr_error *err)
{
    gr_error local;
    if (!err) err = &local;
    gr_error_clear(err);
    fogn_scenario *s = calloc(1, sizeof *s);
    if (!s) {
        gr_error_set(err, "%s: out of memory loading the scenario", file ? file : "scenario");
        return NULL;
    }
    loader L = {.s = s, .err = err};
    if (load_all(&L, root)) {
        if (!err->set) gr_error_set(err, "invalid scenario");
        gr_error_prefix(err, "%s: ", file ? file : "scenario");
        free(s);
        return NULL;
    }
    return s;
}

void fogn_scenario_free(void *scn)
{
    free(scn);
}
