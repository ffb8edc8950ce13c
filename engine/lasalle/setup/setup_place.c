/* setup_place.c - one terrain piece of a board or a customising pick put
 * on the table with its named dice (ruling R-112): an area or town base
 * goes to the column (1d6: sixths of the table's width) and row (1d6: a
 * band between the setup zones) rolled for it, re-rolled while it would
 * overlap another piece [J Customize the Board, p.90]; a town base after a
 * town base goes next to it (1d6: which side); a wall runs along the front
 * of the town base before it; roads and water cross the table, each
 * crossing of a road and water getting its bridge, a river also a ford. */
#include "setup.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* an area's size (BW, at most 8 across [J, p.90]) */
static const double area_size[LASALLE_PK_COUNT][2] = {
    [LASALLE_PK_HILL] = {8, 5},    [LASALLE_PK_HILL2] = {8, 6}, [LASALLE_PK_WOODS] = {7, 5},
    [LASALLE_PK_ROCKY] = {5, 4},   [LASALLE_PK_FIELD] = {6, 4}, [LASALLE_PK_ORCHARD] = {5, 4},
    [LASALLE_PK_MARSH] = {7, 4},   [LASALLE_PK_TOWN] = {3, 3},  [LASALLE_PK_CHATEAU] = {3, 3},
    [LASALLE_PK_HARBOR] = {8, 14},
};
static const int ground_of[LASALLE_PK_COUNT] = {
    LASALLE_G_HILL,   LASALLE_G_HILL, LASALLE_G_WOODS, LASALLE_G_ROUGH, LASALLE_G_ROUGH,  LASALLE_G_ORCHARD,
    LASALLE_G_MARSH,  LASALLE_G_TOWN, LASALLE_G_TOWN,  LASALLE_G_WALL,  LASALLE_G_ROAD,   LASALLE_G_ROAD,
    LASALLE_G_STREAM, LASALLE_G_RIVER, LASALLE_G_IMPASSABLE,
};

static bool is_square(int kind)
{
    return kind == LASALLE_PK_TOWN || kind == LASALLE_PK_CHATEAU || kind == LASALLE_PK_FIELD ||
           kind == LASALLE_PK_HARBOR;
}

void lasalle_setup_shape(int kind, double cx, double cy, lasalle_setup_piece *p)
{
    double w = area_size[kind][0] / 2, h = area_size[kind][1] / 2, c = is_square(kind) ? 0 : fmin(w, h) / 2;
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->gtype = ground_of[kind];
    p->level = p->gtype == LASALLE_G_HILL ? 1 : 0;
    p->cover = kind == LASALLE_PK_CHATEAU ? LASALLE_COVER_HARD : kind == LASALLE_PK_TOWN ? LASALLE_COVER_SOFT : 0;
    const double xs[8] = {-w + c, w - c, w, w, w - c, -w + c, -w, -w};
    const double ys[8] = {-h, -h, -h + c, h - c, h, h, h - c, -h + c};
    for (int i = 0; i < 8; i++) {
        if (c == 0 && (i % 2)) continue; /* a rectangle: the octagon's corners coincide */
        p->pts[p->npts++] = gr_v2(cx + xs[i], cy + ys[i]);
    }
}

static int add(lasalle_setup *S, const lasalle_setup_piece *p)
{
    if (S->npieces >= LASALLE_SETUP_MAX_PIECES) return -1;
    int n = 1;
    const char *nm = lasalle_setup_piece_name(p->kind);
    for (int i = 0; i < S->npieces; i++)
        n += !strcmp(lasalle_setup_piece_name(S->piece[i].kind), nm) && !strstr(S->piece[i].name, " crest");
    S->piece[S->npieces] = *p;
    snprintf(S->piece[S->npieces].name, GR_TERRAIN_NAME, "%s %d", nm, n);
    if (p->kind < 0) snprintf(S->piece[S->npieces].name, GR_TERRAIN_NAME, "%s %d",
                              p->gtype == LASALLE_G_FORD ? "Ford" : "Bridge", S->npieces + 1);
    return S->npieces++;
}

/* the crossings of a road or water line just placed with the water or roads already there */
static void add_crossings(lasalle_setup *S, int idx)
{
    const lasalle_setup_piece *a = &S->piece[idx];
    for (int k = 0; k < idx; k++) {
        const lasalle_setup_piece *b = &S->piece[k];
        bool water_a = a->gtype == LASALLE_G_RIVER || a->gtype == LASALLE_G_STREAM;
        bool water_b = b->gtype == LASALLE_G_RIVER || b->gtype == LASALLE_G_STREAM;
        if (!((water_a && b->gtype == LASALLE_G_ROAD) || (water_b && a->gtype == LASALLE_G_ROAD))) continue;
        const lasalle_setup_piece *road = water_a ? b : a, *water = water_a ? a : b;
        /* roads run north-south or west-east; water runs west-east here */
        if (road->kind != LASALLE_PK_ROAD_NS) continue;
        double x = road->pts[0].x + (road->pts[1].x - road->pts[0].x) * 0.5, y = water->pts[1].y;
        double half = water->width / 2 + 0.5;
        lasalle_setup_piece br = {.kind = -1, .gtype = LASALLE_G_BRIDGE, .npts = 2, .width = LASALLE_SETUP_ROAD_W,
                                  .owner = road->owner};
        br.pts[0] = gr_v2(x, y - half);
        br.pts[1] = gr_v2(x, y + half);
        add(S, &br);
        lasalle_setup_note(S, -1, "a bridge carries %s over %s at x %.1f", road->name, water->name, x);
    }
}

/* a road (north-south or west-east), a stream or a river across the table, its line rolled */
static int place_line(lasalle_setup *S, int kind, int placer, gr_error *err)
{
    const char *nm = lasalle_setup_piece_name(kind);
    int d1 = lasalle_setup_d6(S, placer, "%s: where it runs (1d6)", nm);
    int d2 = d1 ? lasalle_setup_d6(S, placer, "%s: how it bends (1d6)", nm) : 0;
    if (!d2) return gr_error_set(err, "%s", S->dice->fail_msg), -2;
    lasalle_setup_piece p = {.kind = kind, .gtype = ground_of[kind], .owner = placer};
    double bend = (d2 - 3.5) * 1.2;
    if (kind == LASALLE_PK_ROAD_NS) {
        double x = 12 + 4 * (d1 - 1);
        p.pts[0] = gr_v2(x, 0);
        p.pts[1] = gr_v2(x + bend, LASALLE_SETUP_TABLE_H);
        p.npts = 2;
        p.width = LASALLE_SETUP_ROAD_W;
    } else {
        /* roads, streams and rivers across: from the west edge to the east edge, bending at the middle */
        double y = LASALLE_SETUP_TABLE_H / 2 + (d1 - 3.5) * 1.2;
        p.pts[0] = gr_v2(0, y);
        p.pts[1] = gr_v2(LASALLE_SETUP_TABLE_W / 2, y + bend);
        p.pts[2] = gr_v2(LASALLE_SETUP_TABLE_W, y);
        p.npts = 3;
        p.width = kind == LASALLE_PK_RIVER ? LASALLE_SETUP_RIVER_W
                  : kind == LASALLE_PK_STREAM ? LASALLE_SETUP_STREAM_W : LASALLE_SETUP_ROAD_W;
    }
    if (lasalle_setup_clashes(S, &p)) {
        lasalle_setup_note(S, placer, "%s: no room for it, left out", nm);
        return -1;
    }
    int idx = add(S, &p);
    if (idx < 0) return -1;
    lasalle_setup_note(S, placer, "%s placed", S->piece[idx].name);
    add_crossings(S, idx);
    return idx;
}

/* a river has a ford as well as its bridges, 2 BW wide [J, p.90], where a die says */
static int add_ford(lasalle_setup *S, int river, gr_error *err)
{
    int d = lasalle_setup_d6(S, -1, "%s: where its ford is (1d6)", S->piece[river].name);
    if (!d) return gr_error_set(err, "%s", S->dice->fail_msg), -2;
    const lasalle_setup_piece *r = &S->piece[river];
    double x = LASALLE_SETUP_TABLE_W * (d - 0.5) / 6, t = x / (LASALLE_SETUP_TABLE_W / 2);
    double y = t <= 1 ? r->pts[0].y + (r->pts[1].y - r->pts[0].y) * t : r->pts[1].y + (r->pts[2].y - r->pts[1].y) * (t - 1);
    lasalle_setup_piece f = {.kind = -1, .gtype = LASALLE_G_FORD, .npts = 2, .width = LASALLE_SETUP_FORD_W, .owner = -1};
    f.pts[0] = gr_v2(x, y - r->width / 2 - 0.5);
    f.pts[1] = gr_v2(x, y + r->width / 2 + 0.5);
    for (int k = 0; k < S->npieces; k++)
        if (S->piece[k].gtype == LASALLE_G_BRIDGE && fabs(S->piece[k].pts[0].x - x) < 3) return 0;
    add(S, &f);
    lasalle_setup_note(S, -1, "a ford crosses %s at x %.1f", r->name, x);
    return 0;
}

/* a wall along the side of the last town base that faces the table's centre line */
static int place_wall(lasalle_setup *S, int placer)
{
    for (int k = S->npieces - 1; k >= 0; k--) {
        const lasalle_setup_piece *t = &S->piece[k];
        if (t->gtype != LASALLE_G_TOWN) continue;
        double cx = (t->pts[0].x + t->pts[1].x) / 2, cy = (t->pts[0].y + t->pts[2].y) / 2;
        double dy = cy < LASALLE_SETUP_TABLE_H / 2 ? 2.5 : -2.5;
        lasalle_setup_piece w = {.kind = LASALLE_PK_WALL, .gtype = LASALLE_G_WALL, .npts = 2, .owner = placer};
        w.pts[0] = gr_v2(cx - 2.5, cy + dy);
        w.pts[1] = gr_v2(cx + 2.5, cy + dy);
        if (lasalle_setup_clashes(S, &w)) break;
        int idx = add(S, &w);
        if (idx >= 0) lasalle_setup_note(S, placer, "%s runs in front of %s", S->piece[idx].name, t->name);
        return idx;
    }
    lasalle_setup_note(S, placer, "Wall: no town base to wall in with room, left out");
    return -1;
}

/* the centre of an area rolled: the column (sixths of the width) and the row (the band between the zones, or
 * the placer's half of it: no pick goes into the opponent's zone [J, p.90]) */
static int roll_centre(lasalle_setup *S, int kind, int placer, int attempt, double *cx, double *cy, gr_error *err)
{
    const char *nm = lasalle_setup_piece_name(kind);
    int prev = S->npieces - 1;
    bool next_to_town = (kind == LASALLE_PK_TOWN || kind == LASALLE_PK_CHATEAU) && prev >= 0 &&
                        S->piece[prev].gtype == LASALLE_G_TOWN && attempt < 3;
    if (next_to_town) {
        /* a town base after a town base stands beside it, 4 BW off, on the side a die gives */
        static const double dx[6] = {4, 4, 0, -4, -4, 0}, dy[6] = {0, 4, 4, 4, 0, -4};
        int d = lasalle_setup_d6(S, placer, "%s: which side of the town base before it (1d6)", nm);
        if (!d) return gr_error_set(err, "%s", S->dice->fail_msg), -2;
        const lasalle_setup_piece *t = &S->piece[prev];
        *cx = (t->pts[0].x + t->pts[1].x) / 2 + dx[d - 1];
        *cy = (t->pts[0].y + t->pts[2].y) / 2 + dy[d - 1] * (t->pts[0].y < LASALLE_SETUP_TABLE_H / 2 ? 1 : -1);
        return 0;
    }
    if (kind == LASALLE_PK_HARBOR) {
        int d = lasalle_setup_d6(S, placer, "%s: which short edge (1d6: 1-3 west, 4-6 east)", nm);
        if (!d) return gr_error_set(err, "%s", S->dice->fail_msg), -2;
        *cx = d <= 3 ? area_size[kind][0] / 2 : LASALLE_SETUP_TABLE_W - area_size[kind][0] / 2;
        *cy = LASALLE_SETUP_TABLE_H / 2;
        return 0;
    }
    int col = lasalle_setup_d6(S, placer, "%s: column (1d6)", nm);
    int row = col ? lasalle_setup_d6(S, placer, "%s: row (1d6)", nm) : 0;
    if (!row) return gr_error_set(err, "%s", S->dice->fail_msg), -2;
    if (S->home == LASALLE_HOME_SHORT_EDGE && placer >= 0) {
        /* between the short-edge zones, in the placer's half of that band; the column along the edge */
        double zd[4], za[4], half = area_size[kind][0] / 2;
        lasalle_setup_zone_of(S, S->defender, zd);
        lasalle_setup_zone_of(S, S->attacker, za);
        double lo = fmin(zd[2], za[2]) + 1 + half, hi = fmax(zd[0], za[0]) - 1 - half;
        bool west = (placer == S->defender) == (S->home_edge == LASALLE_EDGE_WEST);
        if (west) hi = (lo + hi) / 2;
        else lo = (lo + hi) / 2;
        *cx = lo + (hi - lo) * (row - 1) / 5.0;
        *cy = LASALLE_SETUP_TABLE_H * (col - 0.5) / 6;
        return 0;
    }
    double half = area_size[kind][1] / 2, lo = LASALLE_SETUP_ZONE_BW + 1 + half;
    double hi = LASALLE_SETUP_TABLE_H - LASALLE_SETUP_ZONE_BW - 1 - half;
    if (placer == 0) hi = (lo + hi) / 2;
    if (placer == 1) lo = (lo + hi) / 2;
    *cx = LASALLE_SETUP_TABLE_W * (col - 0.5) / 6;
    *cy = lo + (hi - lo) * (row - 1) / 5.0;
    return 0;
}

/* an area or town base, with its re-rolls; a two-level hill adds its crest */
static int place_area(lasalle_setup *S, int kind, int placer, gr_error *err)
{
    for (int t = 0; t < LASALLE_SETUP_PLACE_TRIES; t++) {
        double cx, cy;
        int rc = roll_centre(S, kind, placer, t, &cx, &cy, err);
        if (rc) return rc;
        lasalle_setup_piece p;
        lasalle_setup_shape(kind, cx, cy, &p);
        p.owner = placer;
        if (lasalle_setup_clashes(S, &p) || lasalle_setup_in_foreign_zone(S, &p, placer)) {
            lasalle_setup_note(S, placer, "%s at (%.1f, %.1f) would overlap another piece: rolled again",
                               lasalle_setup_piece_name(kind), cx, cy);
            continue;
        }
        int idx = add(S, &p);
        if (idx < 0) break;
        lasalle_setup_note(S, placer, "%s placed at (%.1f, %.1f)", S->piece[idx].name, cx, cy);
        if (kind == LASALLE_PK_HILL2) {
            lasalle_setup_piece crest;
            lasalle_setup_shape(LASALLE_PK_ROCKY, cx, cy, &crest); /* a 5 x 4 crest inside the 8 x 6 hill */
            crest.kind = LASALLE_PK_HILL2;
            crest.gtype = LASALLE_G_HILL;
            crest.level = 2;
            crest.owner = placer;
            int c = add(S, &crest);
            char hill[GR_TERRAIN_NAME];
            memcpy(hill, S->piece[idx].name, sizeof hill);
            if (c >= 0) snprintf(S->piece[c].name, GR_TERRAIN_NAME, "%.*s crest", GR_TERRAIN_NAME - 8, hill);
        }
        return idx;
    }
    lasalle_setup_note(S, placer, "%s: no room found in %d tries, left out", lasalle_setup_piece_name(kind),
                       LASALLE_SETUP_PLACE_TRIES);
    return -1;
}

int lasalle_setup_place(lasalle_setup *S, int kind, int placer, gr_error *err)
{
    switch (kind) {
    case LASALLE_PK_ROAD_NS:
    case LASALLE_PK_ROAD_WE:
    case LASALLE_PK_STREAM: return place_line(S, kind, placer, err);
    case LASALLE_PK_RIVER: {
        int idx = place_line(S, kind, placer, err);
        return idx >= 0 && add_ford(S, idx, err) < 0 ? -2 : idx;
    }
    case LASALLE_PK_WALL: return place_wall(S, placer);
    default: return place_area(S, kind, placer, err);
    }
}
