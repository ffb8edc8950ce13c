/* setup_deploy.c - Field of Glory Napoleonic: after the terrain (§17.4,
 * §17.5, §3.5): attachments bought for a division are given to its units,
 * the defender and then the attacker place their lines of communications,
 * and the armies deploy three units at a time, defender first, one division
 * after another, each division commander placed behind his division once it
 * stands, the corps commanders last.
 *
 * The layout (Ruling, docs/setup.md): cavalry divisions on the wings, the
 * others between them in army order; each division in two rows, artillery in
 * the middle of the front row, a mixed division's cavalry at its outer end;
 * every unit then takes the nearest free place to its planned one (other rows
 * cost more than a sideways shift) that keeps its gaps from friends, from
 * ground nobody stands on, from the LOC markers and from the table edges. */
#include "../rules/reserve.h"
#include "setup.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- §17.4 division pools ------------------------------------------------------------------ */
static const char *unit_label(const fogn_army_unit *u) { return u->name[0] ? u->name : u->entry; }

int fogn_setup_attach_step(fogn_setup *S, gr_error *err)
{
    fogn_army_report *rep = malloc(sizeof *rep);
    if (!rep) return gr_error_set(err, "setup: out of memory");
    int natt;
    const char *const *an = fogn_attach_names(&natt);
    for (int side = 0; side < 2; side++) {
        fogn_army *a = &S->army[side];
        const fogn_army_list *L = S->list[side];
        int base = fogn_army_check(L, a, rep);
        for (int d = 0; d < a->ndivs; d++) {
            fogn_army_div *dv = &a->divs[d];
            while (dv->npool > 0) {
                uint8_t att = dv->pool[0];
                memmove(dv->pool, dv->pool + 1, (size_t)(dv->npool - 1));
                dv->npool--;
                bool given = false;
                /* units without an attachment first, then those with one */
                for (int pass = 0; pass < 2 && !given; pass++)
                    for (int i = 0; i < dv->nunits && !given; i++) {
                        fogn_army_unit *u = &dv->units[i];
                        if (u->natt != pass || u->natt >= 2) continue;
                        u->att[u->natt++] = att;
                        if (fogn_army_check(L, a, rep) <= base) {
                            given = true;
                            fogn_setup_note(S, side, "gives the %s attachment of %s to %s (§17.4)",
                                            att < natt ? an[att] : "?", dv->name, unit_label(u));
                        } else {
                            u->att[--u->natt] = 0;
                        }
                    }
                if (!given) {
                    fogn_setup_note(S, side, "no unit of %s may carry its %s attachment: left out", dv->name,
                                    att < natt ? an[att] : "?");
                    base = fogn_army_check(L, a, rep);
                }
            }
        }
    }
    free(rep);
    return 0;
}

/* pieces nobody stands on at the start */
static bool avoided(const gr_terrain_piece *p)
{
    switch (p->type) {
    case GR_T_LAKE:
    case GR_T_ROCKY:
    case GR_T_RIVER:
    case GR_T_STREAM:
    case GR_T_BUILDING:
    case GR_T_FORTIFICATION:
    case GR_T_BRIDGE:
    case GR_T_FORD:
        return true;
    default:
        return false;
    }
}

static bool rect_clear(const fogn_setup *S, const gr_rect *r, double gap)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    for (int i = 0; i < S->terrain.n; i++) {
        const gr_terrain_piece *p = &S->terrain.p[i];
        if (!avoided(p)) continue;
        double d = p->shape == GR_SHAPE_POLYLINE ? gr_polyline_poly_dist(p->pts, p->npts, c, 4) - p->width / 2
                                                 : gr_poly_dist(p->pts, p->npts, c, 4);
        if (d < gap) return false;
    }
    return true;
}

/* --- geometry of the deployment ----------------------------------------------------------------- */
typedef struct placed {
    gr_rect r[FOGN_MAX_UNITS + FOGN_MAX_CMDRS];
    int n;
} placed;

static double heading_of(int side) { return side == 0 ? GR_PI / 2 : -GR_PI / 2; }

static gr_rect unit_rect_at(const fogn_unit_profile *p, int side, double x, double y)
{
    fogn_unit u;
    memset(&u, 0, sizeof u);
    u.x = x;
    u.y = y;
    fogn_unit_set_heading(&u, heading_of(side));
    u.formation = p->start_formation;
    return fogn_unit_rect(p, &u);
}

static gr_rect cmdr_rect_at(double x, double y)
{
    fogn_cmdr c;
    memset(&c, 0, sizeof c);
    c.x = x;
    c.y = y;
    return fogn_cmdr_rect(&c);
}

static gr_rect loc_rect(const fogn_setup *S, int side)
{
    /* the marker's front edge faces the enemy, its rear on the base edge */
    double h = FOGN_LOC_BASE;
    gr_vec2 fc = gr_v2(S->loc[side].x, fogn_setup_y(S, side, h));
    return gr_rect_make(fc, heading_of(side), h, h);
}

static bool rect_on_table(const fogn_setup *S, const gr_rect *r, double m)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    for (int k = 0; k < 4; k++)
        if (c[k].x < m - 1e-9 || c[k].y < m - 1e-9 || c[k].x > S->table_w - m + 1e-9 || c[k].y > S->table_h - m + 1e-9)
            return false;
    return true;
}

static bool rect_free(const fogn_setup *S, const gr_rect *r, const placed *pl, double gap, double loc_gap)
{
    if (!rect_on_table(S, r, FOGN_SETUP_TABLE_MARGIN)) return false;
    for (int i = 0; i < pl->n; i++)
        if (gr_rect_dist(r, &pl->r[i]) < gap) return false;
    for (int s = 0; s < 2; s++) {
        gr_rect l = loc_rect(S, s);
        if (gr_rect_dist(r, &l) < loc_gap) return false;
    }
    return rect_clear(S, r, FOGN_SETUP_TERRAIN_GAP);
}

/* not on ground that is difficult to move in (dense woods, marshes, steep hills) */
static bool clear_of_difficult(const fogn_setup *S, const gr_rect *r)
{
    for (int i = 0; i < S->terrain.n; i++) {
        const gr_terrain_piece *p = &S->terrain.p[i];
        if ((p->type == GR_T_DENSE_WOOD || p->type == GR_T_MARSH || p->type == GR_T_STEEP_HILL) &&
            gr_terrain_piece_touches_rect(p, r))
            return false;
    }
    return true;
}

typedef struct spot {
    double x, t, cost;
    int idx;
} spot;

static int cmp_spot(const void *a, const void *b)
{
    const spot *p = a, *q = b;
    if (p->cost != q->cost) return p->cost < q->cost ? -1 : 1;
    return p->idx - q->idx;
}

/* --- the plan ------------------------------------------------------------------------------------ */
typedef struct plan {
    double x[FOGN_ARMY_MAX_DIVS][FOGN_ARMY_MAX_UNITS];
    int row[FOGN_ARMY_MAX_DIVS][FOGN_ARMY_MAX_UNITS];
} plan;

static double unit_width(const fogn_unit_profile *p)
{
    gr_rect r = unit_rect_at(p, 0, 0, 0);
    return r.w;
}

static void plan_side(const fogn_setup *S, int side, plan *P)
{
    const fogn_army *a = &S->army[side];
    double W = S->table_w, gap = FOGN_SETUP_UNIT_GAP;
    int line[FOGN_ARMY_MAX_DIVS], nl = 0, cav[FOGN_ARMY_MAX_DIVS], nc = 0;
    for (int d = 0; d < a->ndivs; d++)
        if (a->divs[d].kind == FOGN_DIV_CAVALRY) cav[nc++] = d;
    for (int k = 0; k < nc; k += 2) line[nl++] = cav[k];             /* west wing, outermost first */
    for (int d = 0; d < a->ndivs; d++)
        if (a->divs[d].kind != FOGN_DIV_CAVALRY) line[nl++] = d;
    for (int k = nc - 1 - (nc % 2 == 0 ? 0 : 1); k >= 1; k -= 2) line[nl++] = cav[k]; /* east wing */

    int rows[FOGN_ARMY_MAX_DIVS][2][FOGN_ARMY_MAX_UNITS], nr[FOGN_ARMY_MAX_DIVS][2];
    double rw[FOGN_ARMY_MAX_DIVS][2], bw[FOGN_ARMY_MAX_DIVS], total = 0;
    for (int d = 0; d < a->ndivs; d++) {
        const fogn_army_div *dv = &a->divs[d];
        int order[FOGN_ARMY_MAX_UNITS], n = 0;
        for (int arm = FOGN_ARM_ART;; arm = arm == FOGN_ARM_ART ? FOGN_ARM_INF : FOGN_ARM_CAV) {
            for (int i = 0; i < dv->nunits; i++)
                if ((int)fogn_troop_arm((fogn_troop)S->prof[side][d][i].troop) == arm) order[n++] = i;
            if (arm == FOGN_ARM_CAV) break;
        }
        int n0 = (n + 1) / 2;
        nr[d][0] = nr[d][1] = 0;
        for (int k = 0; k < n; k++) rows[d][k < n0 ? 0 : 1][nr[d][k < n0 ? 0 : 1]++] = order[k];
        /* artillery to the middle of the front row */
        if (n0 >= 2 && fogn_troop_arm((fogn_troop)S->prof[side][d][rows[d][0][0]].troop) == FOGN_ARM_ART) {
            int art = rows[d][0][0], mid = n0 / 2;
            memmove(&rows[d][0][0], &rows[d][0][1], sizeof(int) * (size_t)mid);
            rows[d][0][mid] = art;
        }
        bw[d] = 0;
        for (int r = 0; r < 2; r++) {
            rw[d][r] = 0;
            for (int k = 0; k < nr[d][r]; k++) rw[d][r] += unit_width(&S->prof[side][d][rows[d][r][k]]) + (k ? gap : 0);
            bw[d] = fmax(bw[d], rw[d][r]);
        }
        total += bw[d];
    }
    total += FOGN_SETUP_DIV_GAP * (nl - 1);
    double x0 = fmax(FOGN_SETUP_TABLE_MARGIN, (W - total) / 2);
    for (int k = 0; k < nl; k++) {
        int d = line[k];
        double cx = x0 + bw[d] / 2;
        x0 += bw[d] + FOGN_SETUP_DIV_GAP;
        bool flip = cx < W / 2; /* the rows' last units (cavalry) go to the outer end */
        for (int r = 0; r < 2; r++) {
            double x = cx - rw[d][r] / 2;
            for (int k2 = 0; k2 < nr[d][r]; k2++) {
                int i = rows[d][r][flip ? nr[d][r] - 1 - k2 : k2];
                double w = unit_width(&S->prof[side][d][i]);
                P->x[d][i] = x + w / 2;
                P->row[d][i] = r;
                x += w + gap;
            }
        }
    }
}

/* The nearest free place for a unit to its planned one: fronts on the 0.5 MU
 * grid, a row off the plan costing FOGN_SETUP_ROW_COST per pitch. Tried first
 * clear of difficult ground, then anywhere allowed, then with the gap to
 * friends narrowed to FOGN_SETUP_UNIT_GAP_TIGHT. */
static int deploy_unit(fogn_setup *S, int side, int d, int i, const plan *P, placed *pl, gr_error *err)
{
    const fogn_unit_profile *p = &S->prof[side][d][i];
    double W = S->table_w, g = FOGN_SETUP_GRID, zone = fogn_setup_zone_depth(S, side), m = FOGN_SETUP_TABLE_MARGIN;
    gr_rect r0 = unit_rect_at(p, side, 0, 0);
    double w = r0.w, depth = r0.d, px = P->x[d][i];
    int nx = (int)(W / g) + 1, nt = (int)floor((zone - depth - m) / g + 1e-9) + 1;
    if (nt < 1) return gr_error_set(err, "setup: the deployment zone is too shallow for %s", p->name);
    spot *c = malloc(sizeof *c * (size_t)((2 * nx + 1) * nt));
    if (!c) return gr_error_set(err, "setup: out of memory");
    int n = 0;
    for (int h = 0; h < nt; h++)
        for (int k = -nx; k <= nx; k++) {
            double x = px + k * g;
            if (x - w / 2 < m || x + w / 2 > W - m) continue;
            double t = zone - h * g, row = h * g / FOGN_SETUP_ROW_PITCH;
            c[n] = (spot){x, t, fabs(x - px) + FOGN_SETUP_ROW_COST * fabs(row - P->row[d][i]), n};
            n++;
        }
    qsort(c, (size_t)n, sizeof *c, cmp_spot);
    int found = -1;
    gr_rect r;
    for (int pass = 0; pass < 3 && found < 0; pass++) {
        double gap = pass < 2 ? FOGN_SETUP_UNIT_GAP : FOGN_SETUP_UNIT_GAP_TIGHT;
        for (int k = 0; k < n && found < 0; k++) {
            r = unit_rect_at(p, side, c[k].x, fogn_setup_y(S, side, c[k].t));
            if (rect_free(S, &r, pl, gap, FOGN_SETUP_LOC_GAP) && (pass > 0 || clear_of_difficult(S, &r))) found = k;
        }
    }
    if (found < 0) {
        free(c);
        return gr_error_set(err, "setup: no room to deploy %s of %s (%s)", unit_label(&S->army[side].divs[d].units[i]),
                            S->army[side].divs[d].name, S->side_name[side]);
    }
    fogn_setup_pose *pose = &S->unit[side][d][i];
    pose->x = c[found].x;
    pose->y = fogn_setup_y(S, side, c[found].t);
    pose->placed = true;
    free(c);
    pl->r[pl->n++] = r;
    return 0;
}

/* a commander's base at the free place nearest (px, pt) within the zone */
static int deploy_cmdr(fogn_setup *S, int side, double px, double pt, placed *pl, fogn_setup_pose *out,
                       const char *who, gr_error *err)
{
    double W = S->table_w, g = FOGN_SETUP_GRID, zone = fogn_setup_zone_depth(S, side), half = FOGN_CMDR_BASE / 2;
    double m = FOGN_SETUP_TABLE_MARGIN;
    int nx = (int)(W / g) + 1, nt = (int)((zone - 2 * half - m) / g) + 1;
    spot *c = malloc(sizeof *c * (size_t)(nx * (nt > 0 ? nt : 1)));
    if (!c) return gr_error_set(err, "setup: out of memory");
    int n = 0;
    for (int i = 0; i < nx; i++) {
        double x = half + m + i * g;
        if (x > W - half - m) break;
        for (int j = 0; j < nt; j++) {
            double t = half + m + j * g;
            c[n] = (spot){x, t, fabs(x - px) + fabs(t - pt), n};
            n++;
        }
    }
    qsort(c, (size_t)n, sizeof *c, cmp_spot);
    int found = -1;
    gr_rect r;
    for (int k = 0; k < n && found < 0; k++) {
        r = cmdr_rect_at(c[k].x, fogn_setup_y(S, side, c[k].t));
        if (rect_free(S, &r, pl, FOGN_SETUP_TERRAIN_GAP, FOGN_SETUP_TERRAIN_GAP)) found = k;
    }
    if (found < 0) {
        free(c);
        return gr_error_set(err, "setup: no room for commander %s (%s)", who, S->side_name[side]);
    }
    out->x = c[found].x;
    out->y = fogn_setup_y(S, side, c[found].t);
    out->placed = true;
    free(c);
    pl->r[pl->n++] = r;
    return 0;
}

/* the division commander goes behind the middle of his placed division */
static int deploy_div_cmdr(fogn_setup *S, int side, int d, placed *pl, gr_error *err)
{
    const fogn_army_div *dv = &S->army[side].divs[d];
    double sx = 0, rear = INFINITY;
    for (int i = 0; i < dv->nunits; i++) {
        const fogn_setup_pose *q = &S->unit[side][d][i];
        gr_rect r = unit_rect_at(&S->prof[side][d][i], side, q->x, q->y);
        sx += q->x;
        rear = fmin(rear, fogn_setup_depth(S, side, q->y) - r.d);
    }
    const char *who = dv->cmdr.name[0] ? dv->cmdr.name : dv->name;
    if (deploy_cmdr(S, side, sx / dv->nunits, rear - FOGN_SETUP_TERRAIN_GAP - FOGN_CMDR_BASE / 2, pl,
                    &S->div_cmdr[side][d], who, err))
        return -1;
    fogn_setup_note(S, side, "%s takes post behind %s at (%.1f, %.1f)", who, dv->name, S->div_cmdr[side][d].x,
                    S->div_cmdr[side][d].y);
    return 0;
}

/* the last division of side s still to be deployed, -1 when keeping it back
 * would leave the side nothing on the table */
static int last_deployed(const fogn_setup *S, int s)
{
    int n = 0, last = -1;
    for (int d = 0; d < S->army[s].ndivs; d++)
        if (S->held[s][d] == FOGN_SETUP_DEPLOYED) n++, last = d;
    return n >= 2 ? last : -1;
}

int fogn_setup_hold_step(fogn_setup *S, gr_error *err)
{
    const fogn_setup_options *o = &S->opt;
    if (o->flank_edge != FOGN_SETUP_NO_FLANK) {
        if (o->flank_edge != FOGN_EDGE_LEFT && o->flank_edge != FOGN_EDGE_RIGHT)
            return gr_error_set(err, "setup: a flank march comes on from the left or the right edge");
        if (o->flank_sector != FOGN_SEC_FRONT && o->flank_sector != FOGN_SEC_REAR)
            return gr_error_set(err, "setup: a flank march comes on in the front or rear half of its edge");
        int s = S->attacker, d = last_deployed(S, s);
        if (d < 0)
            return gr_error_set(err, "setup: %s has a single division and cannot send it on a flank march (§17.5)",
                                S->side_name[s]);
        S->held[s][d] = FOGN_SETUP_FLANK;
        fogn_setup_note(S, s, "secretly sends %s on a flank march: %s edge, %s half (§17.5)", S->army[s].divs[d].name,
                        fogn_res_edge_name(o->flank_edge), o->flank_sector == FOGN_SEC_FRONT ? "front" : "rear");
    }
    /* §17.5 step 7: the defender decides first, as he deploys first */
    for (int k = 0; k < 2; k++) {
        int s = k == 0 ? S->defender : S->attacker;
        if (!o->reserve[s]) continue;
        int d = last_deployed(S, s);
        if (d < 0)
            return gr_error_set(err, "setup: %s has too few divisions to keep one back as a reserve (§17.5)",
                                S->side_name[s]);
        S->held[s][d] = FOGN_SETUP_RESERVE;
        fogn_setup_note(S, s, "keeps %s off the table as a reserve, to come on in the centre of its edge (§17.5)",
                        S->army[s].divs[d].name);
    }
    return 0;
}

int fogn_setup_deploy_step(fogn_setup *S, gr_error *err)
{
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < S->army[s].ndivs; d++)
            for (int i = 0; i < S->army[s].divs[d].nunits; i++) {
                fogn_unit_profile *p = &S->prof[s][d][i];
                if (fogn_army_unit_profile(S->list[s], &S->army[s].divs[d].units[i], p))
                    return gr_error_set(err, "setup: %s: unit %s has no profile in list %s", S->side_name[s],
                                        unit_label(&S->army[s].divs[d].units[i]), S->list[s]->id);
                p->side = (uint8_t)s;
                p->division = (int8_t)d;
            }
    /* §3.5, §17.5 steps 2-3: the LOCs, on the centre road where it leaves each edge */
    for (int k = 0; k < 2; k++) {
        int s = k == 0 ? S->defender : S->attacker;
        S->loc[s] = gr_v2(S->terrain.p[S->road].pts[0].x, fogn_setup_y(S, s, FOGN_LOC_BASE / 2));
        fogn_setup_note(S, s, "places his line of communications on the road at (%.2f, %.3f) (§3.5)", S->loc[s].x,
                        S->loc[s].y);
    }
    plan *P = malloc(2 * sizeof *P);
    placed *pl = malloc(2 * sizeof *pl);
    if (!P || !pl) {
        free(P);
        free(pl);
        return gr_error_set(err, "setup: out of memory");
    }
    pl[0].n = pl[1].n = 0;
    for (int s = 0; s < 2; s++) plan_side(S, s, &P[s]);
    /* §17.5 step 4: three units at a time, defender first, division by division */
    int div_at[2] = {0, 0}, unit_at[2] = {0, 0}, turn = S->defender, rc = 0;
    for (;;) {
        /* divisions kept off the table are not deployed (§17.5 steps 1, 7) */
        for (int s = 0; s < 2; s++)
            while (div_at[s] < S->army[s].ndivs && S->held[s][div_at[s]] != FOGN_SETUP_DEPLOYED) div_at[s]++;
        bool left[2];
        for (int s = 0; s < 2; s++) left[s] = div_at[s] < S->army[s].ndivs;
        if (!left[0] && !left[1]) break;
        if (!left[turn]) turn = !turn;
        int s = turn, done = 0;
        while (done < 3 && div_at[s] < S->army[s].ndivs && S->held[s][div_at[s]] == FOGN_SETUP_DEPLOYED) {
            int d = div_at[s], i = unit_at[s];
            if ((rc = deploy_unit(S, s, d, i, &P[s], &pl[s], err))) goto out;
            const fogn_setup_pose *q = &S->unit[s][d][i];
            fogn_setup_note(S, s, "deploys %s (%s) at (%.1f, %.1f)", unit_label(&S->army[s].divs[d].units[i]),
                            S->army[s].divs[d].name, q->x, q->y);
            done++;
            if (++unit_at[s] >= S->army[s].divs[d].nunits) {
                if ((rc = deploy_div_cmdr(S, s, d, &pl[s], err))) goto out;
                div_at[s]++;
                unit_at[s] = 0;
            }
        }
        turn = !turn;
    }
    for (int k = 0; k < 2; k++) {
        int s = k == 0 ? S->defender : S->attacker;
        const char *who = S->army[s].corps.name[0] ? S->army[s].corps.name : "the corps commander";
        if ((rc = deploy_cmdr(S, s, S->loc[s].x + 3.0, 2.0, &pl[s], &S->corps[s], who, err))) goto out;
        fogn_setup_note(S, s, "%s takes post at (%.1f, %.1f)", who, S->corps[s].x, S->corps[s].y);
    }
out:
    free(P);
    free(pl);
    return rc ? -1 : 0;
}
