/* footprint.c - formation layouts, hulls, bases and the relations between
 * units (footprint.h). */
#include "footprint.h"
#include "tables.h"

#include <assert.h>
#include <math.h>

/* a region "straight ahead" reaches this far: beyond any table */
#define FAR_BW 1000.0

int lasalle_limbers(int guns) { return guns == 3 ? 1 : (guns + 1) / 2; }

void lasalle_layout_of(const lasalle_unit_profile *p, int form, lasalle_layout *out)
{
    int n = p->nbases;
    out->bw = 1.0;
    out->bd = LASALLE_BASE_DEPTH;
    out->nbases = n;
    switch (form) {
    case LASALLE_LINE:
    case LASALLE_ABREAST:
    case LASALLE_UNLIMBERED:
        out->cols = n;
        out->rows = 1;
        break;
    case LASALLE_COLUMN:
    case LASALLE_WAVES:
    case LASALLE_SQUARE:
        out->cols = n / 2;
        out->rows = 2;
        break;
    case LASALLE_MASS: /* two wide, two or three deep [K Austria] */
        out->cols = 2;
        out->rows = n / 2;
        break;
    case LASALLE_TOWN: /* the bases fill the town base, facing out on its four sides [G Towns, p.69] */
        out->cols = n / 2;
        out->rows = 2;
        out->bw = LASALLE_TOWN_BW / out->cols;
        out->bd = LASALLE_TOWN_BW / 2;
        break;
    case LASALLE_LAYOUT_COMPRESSED: /* two ranks, the second the shorter [H, p.81] (ruling R-140) */
        out->cols = (n + 1) / 2;
        out->rows = 2;
        break;
    case LASALLE_LAYOUT_TOWN_MARCH: /* two files (ruling R-50) */
        out->cols = 2;
        out->rows = (n + 1) / 2;
        break;
    case LASALLE_LIMBERED:
        out->nbases = lasalle_limbers(n);
        out->cols = 1;
        out->rows = out->nbases;
        out->bd = LASALLE_LIMBER_DEPTH;
        break;
    case LASALLE_MARCH:
    default:
        out->cols = 1;
        out->rows = n;
        break;
    }
}

int lasalle_layout_form(const lasalle_state *st, int i)
{
    const lasalle_unit *u = &st->u[i];
    if (u->form == LASALLE_UNLIMBERED && (u->flags & LASALLE_UF_COMPRESSED)) return LASALLE_LAYOUT_COMPRESSED;
    if (u->form == LASALLE_MARCH && (u->flags & LASALLE_UF_TOWN_BLOCK)) return LASALLE_LAYOUT_TOWN_MARCH;
    return u->form;
}

void lasalle_set_form(lasalle_unit *u, int layout)
{
    u->flags &= ~LASALLE_UF_TOWN_BLOCK;
    if (layout == LASALLE_LAYOUT_TOWN_MARCH) {
        u->flags |= LASALLE_UF_TOWN_BLOCK;
        layout = LASALLE_MARCH;
    }
    u->form = (uint8_t)layout;
}

int lasalle_profile_layout_form(const lasalle_unit_profile *p)
{
    return p->form == LASALLE_UNLIMBERED && p->compressed ? LASALLE_LAYOUT_COMPRESSED : p->form;
}

gr_rect lasalle_hull_at(const lasalle_unit_profile *p, int form, double x, double y, double heading)
{
    lasalle_layout l;
    lasalle_layout_of(p, form, &l);
    return gr_rect_make(gr_v2(x, y), heading, l.cols * l.bw, l.rows * l.bd);
}

void lasalle_unit_set_heading(lasalle_unit *u, double heading)
{
    u->heading = heading;
    gr_heading_dir(gr_angle_norm(heading), &u->hc, &u->hs);
}

/* the unit's kept axes are the ones its heading gives (debug builds: a heading changed without
 * lasalle_unit_set_heading would leave them behind) */
static void check_axes(const lasalle_unit *u)
{
#ifdef GR_DEBUG
    assert(gr_heading_axes_match(u->heading, u->hc, u->hs));
#else
    (void)u;
#endif
}

gr_rect lasalle_hull(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    const lasalle_unit *u = &st->u[i];
    lasalle_layout l;
    lasalle_layout_of(&s->units[i], lasalle_layout_form(st, i), &l);
    check_axes(u);
    /* lasalle_hull_at's rectangle, its cosine and sine read from the unit */
    gr_rect r = {gr_v2(u->x, u->y), gr_angle_norm(u->heading), l.cols * l.bw, l.rows * l.bd, u->hc, u->hs};
    return r;
}

double lasalle_hull_reach(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    lasalle_layout l;
    lasalle_layout_of(&s->units[i], lasalle_layout_form(st, i), &l);
    double w = l.cols * l.bw, d = l.rows * l.bd;
    return sqrt(w * w / 4 + d * d); /* the rear corners */
}

int lasalle_bases_at(const lasalle_unit_profile *p, int form, double x, double y, double heading, gr_rect *out)
{
    lasalle_layout l;
    lasalle_layout_of(p, form, &l);
    gr_vec2 fc = gr_v2(x, y), fwd = gr_v2_dir(heading), right = gr_v2(fwd.y, -fwd.x);
    int n = 0;
    for (int r = 0; r < l.rows; r++) {
        /* a compressed battery's short last rank stands centred behind the first (ruling R-140); in the
         * other formations a short last rank keeps to the left, as R-3 draws them */
        int in_rank = l.nbases - r * l.cols < l.cols ? l.nbases - r * l.cols : l.cols;
        double w = (form == LASALLE_LAYOUT_COMPRESSED ? in_rank : l.cols) * l.bw;
        for (int c = 0; c < in_rank && n < LASALLE_MAX_BASES; c++) {
            gr_vec2 at = gr_v2_add(fc, gr_v2_add(gr_v2_scale(right, (c + 0.5) * l.bw - w / 2),
                                                 gr_v2_scale(fwd, -r * l.bd)));
            out[n++] = gr_rect_make(at, heading, l.bw, l.bd);
        }
    }
    return n;
}

int lasalle_bases(const lasalle_scenario *s, const lasalle_state *st, int i, gr_rect *out)
{
    const lasalle_unit *u = &st->u[i];
    return lasalle_bases_at(&s->units[i], lasalle_layout_form(st, i), u->x, u->y, u->heading, out);
}

int lasalle_alive(const lasalle_state *st, int i) { return st->u[i].status == LASALLE_ON; }

int lasalle_enemies(const lasalle_scenario *s, int i, int j) { return s->units[i].side != s->units[j].side; }

double lasalle_unit_dist(const lasalle_scenario *s, const lasalle_state *st, int i, int j)
{
    gr_rect a = lasalle_hull(s, st, i), b = lasalle_hull(s, st, j);
    return gr_rect_dist(&a, &b);
}

int lasalle_rects_overlap(const gr_rect *a, const gr_rect *b) { return gr_rect_overlap(a, b, LASALLE_OVERLAP_EPS); }

int lasalle_rects_touch(const gr_rect *a, const gr_rect *b) { return gr_rect_within(a, b, LASALLE_CONTACT_EPS); }

int lasalle_in_contact(const lasalle_scenario *s, const lasalle_state *st, int i, int j)
{
    gr_rect a = lasalle_hull(s, st, i), b = lasalle_hull(s, st, j);
    return lasalle_rects_touch(&a, &b);
}

/* garrison i attacked j: it charged this turn and faces j's base */
static int town_attacked(const lasalle_scenario *s, const lasalle_state *st, int i, int j)
{
    gr_rect h = lasalle_hull(s, st, i), g = lasalle_hull(s, st, j);
    return (st->u[i].flags & LASALLE_UF_CHARGER) && lasalle_directly_in_front(&h, &g);
}

int lasalle_town_standoff(const lasalle_scenario *s, const lasalle_state *st, int i, int j)
{
    return st->u[i].form == LASALLE_TOWN && st->u[j].form == LASALLE_TOWN && !town_attacked(s, st, i, j) &&
           !town_attacked(s, st, j, i);
}

int lasalle_contacts(const lasalle_scenario *s, const lasalle_state *st, int i, int *out, int max)
{
    int n = 0;
    if (!lasalle_alive(st, i)) return 0;
    gr_rect a = lasalle_hull(s, st, i);
    for (int j = 0; j < s->nunits && n < max; j++) {
        if (j == i || !lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        gr_rect b = lasalle_hull(s, st, j);
        if (lasalle_rects_touch(&a, &b) && !lasalle_town_standoff(s, st, i, j)) out[n++] = j;
    }
    return n;
}

int lasalle_enemy_within(const lasalle_scenario *s, const lasalle_state *st, int i, double bw)
{
    gr_rect a = lasalle_hull(s, st, i);
    for (int j = 0; j < s->nunits; j++) {
        if (j == i || !lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        gr_rect b = lasalle_hull(s, st, j);
        if (gr_rect_within(&a, &b, bw)) return 1;
    }
    return 0;
}

void lasalle_town_turn(lasalle_state *st, int i, int r)
{
    lasalle_unit *u = &st->u[i];
    double half = LASALLE_TOWN_BW / 2, h = gr_angle_norm(u->heading + r * GR_PI / 2);
    double cx = u->x - half * cos(u->heading), cy = u->y - half * sin(u->heading);
    lasalle_unit_set_heading(u, h);
    u->x = cx + half * cos(h);
    u->y = cy + half * sin(h);
}

int lasalle_no_flanks(int form)
{
    /* Deployed(Town) faces every way [G Towns, p.69] */
    return form == LASALLE_SQUARE || form == LASALLE_LIMBERED || form == LASALLE_TOWN;
}

int lasalle_directly_in_front(const gr_rect *h, const gr_rect *r)
{
    double e = LASALLE_CONTACT_EPS;
    if (h->w <= 2 * e) return 0;
    gr_vec2 far = gr_v2_add(h->fc, gr_v2_scale(gr_rect_fwd(h), FAR_BW));
    gr_rect zone = gr_rect_make(far, h->heading, h->w - 2 * e, FAR_BW - e);
    return gr_rect_overlap(&zone, r, 0.0);
}

int lasalle_directly_behind(const gr_rect *h, const gr_rect *r, double bw)
{
    double e = LASALLE_CONTACT_EPS;
    if (h->w <= 2 * e) return 0;
    gr_vec2 rear = gr_v2_sub(h->fc, gr_v2_scale(gr_rect_fwd(h), h->d + e));
    gr_rect zone = gr_rect_make(rear, h->heading, h->w - 2 * e, bw);
    return gr_rect_overlap(&zone, r, 0.0);
}

int lasalle_on_flank(const lasalle_scenario *s, const lasalle_state *st, int i, int j)
{
    if (lasalle_no_flanks(st->u[i].form)) return 0;
    gr_rect h = lasalle_hull(s, st, i), b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(s, st, j, b), behind = 0;
    for (int k = 0; k < nb; k++) {
        /* (b) no part of any of its bases directly in front */
        if (lasalle_directly_in_front(&h, &b[k])) return 0;
        gr_vec2 c[4];
        gr_rect_corners(&b[k], c);
        double most = -INFINITY;
        for (int q = 0; q < 4; q++) most = fmax(most, gr_rect_ahead_of_front(&h, c[q]));
        /* completely behind the front line; a far edge on the line counts */
        if (most <= LASALLE_CONTACT_EPS) behind++;
    }
    /* (a) half or more of its bases completely behind the front line */
    return 2 * behind >= nb;
}
