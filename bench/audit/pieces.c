/* pieces.c - where each unit of a position stands, for the audit
 * (pieces.h): unit_info for who it is, render_items for its ground. */
#include "pieces.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/core/hex.h"

int gr_apieces_init(gr_apieces *p, const gr_game *g)
{
    memset(p, 0, sizeof *p);
    p->n = g->rs->ai->unit_count(g->scn);
    gr_board board;
    g->rs->present->board(g->scn, &board);
    p->hexboard = board.kind == GR_BOARD_HEX;
    /* room for every unit, its commanders and markers: render_items is asked
     * again with more room when it fills this */
    p->cap = 2 * p->n + 32;
    p->u = calloc((size_t)(p->n > 0 ? p->n : 1), sizeof *p->u);
    p->items = calloc((size_t)p->cap, sizeof *p->items);
    if (!p->u || !p->items) {
        gr_apieces_free(p);
        return -1;
    }
    return 0;
}

void gr_apieces_free(gr_apieces *p)
{
    free(p->u);
    free(p->items);
    memset(p, 0, sizeof *p);
}

/* render_items into p->items, growing it while the list fills it; the count or -1 */
static int draw(gr_apieces *p, const gr_game *g, const void *state)
{
    for (;;) {
        memset(p->items, 0, (size_t)p->cap * sizeof *p->items);
        int n = g->rs->present->render_items(g->scn, state, p->items, p->cap);
        if (n < p->cap || p->cap >= 1 << 16) return n;
        gr_render_item *more = realloc(p->items, 2 * (size_t)p->cap * sizeof *more);
        if (!more) return -1;
        p->items = more;
        p->cap *= 2;
    }
}

/* the drawn item's ground onto the unit it names */
static void take_ground(gr_apiece *u, const gr_render_item *it, int hexboard)
{
    u->nbases = it->nbases < GR_RENDER_MAX_BASES ? it->nbases : GR_RENDER_MAX_BASES;
    for (int k = 0; k < u->nbases; k++) {
        const double *b = it->base[k];
        u->base[k] = gr_rect_make(gr_v2(b[0], b[1]), b[2], b[3], b[4]);
    }
    u->hex = hexboard;
    u->col = it->hex_col;
    u->row = it->hex_row;
}

int gr_apieces_read(gr_apieces *p, const gr_game *g, const void *state)
{
    const gr_ai_view *ai = g->rs->ai;
    for (int i = 0; i < p->n; i++) {
        gr_unit_info ui;
        ai->unit_info(g->scn, state, i, &ui);
        gr_apiece *u = &p->u[i];
        memset(u, 0, sizeof *u);
        u->side = ui.side;
        u->arm = ui.arm;
        u->alive = ui.alive;
        u->broken = ui.levels > 0 && ui.cohesion >= ui.levels - 1;
        u->x = ui.x;
        u->y = ui.y;
        memcpy(u->name, ui.name, sizeof u->name);
        memcpy(u->ref, ui.ref, sizeof u->ref);
    }
    int n = draw(p, g, state);
    if (n < 0) return -1;
    /* a ruleset older than version 4 leaves ref unset: no ground is matched */
    if (g->rs->version < 4) return 0;
    for (int k = 0; k < n; k++) {
        const gr_render_item *it = &p->items[k];
        if (it->kind != GR_PIECE_UNIT || !it->ref[0]) continue;
        for (int i = 0; i < p->n; i++)
            if (p->u[i].alive && !strncmp(p->u[i].ref, it->ref, sizeof it->ref)) {
                take_ground(&p->u[i], it, p->hexboard);
                break;
            }
    }
    return 0;
}

double gr_apiece_dist(const gr_apiece *a, const gr_apiece *b)
{
    if (a->hex && b->hex) return gr_hex_distance(a->col, a->row, b->col, b->row);
    if (a->nbases == 0 || b->nbases == 0) return -1;
    double best = INFINITY;
    for (int i = 0; i < a->nbases; i++)
        for (int j = 0; j < b->nbases; j++) {
            double d = gr_rect_dist(&a->base[i], &b->base[j]);
            if (d < best) best = d;
        }
    return best;
}

int gr_apiece_centre(const gr_apiece *a, gr_vec2 *c)
{
    if (a->hex) {
        gr_hex_centre(a->col, a->row, &c->x, &c->y);
        return 1;
    }
    if (a->nbases == 0) return 0;
    double x = 0, y = 0;
    for (int k = 0; k < a->nbases; k++) {
        const gr_rect *r = &a->base[k];
        x += r->fc.x - r->hc * r->d / 2;
        y += r->fc.y - r->hs * r->d / 2;
    }
    c->x = x / a->nbases;
    c->y = y / a->nbases;
    return 1;
}

int gr_apiece_heading(const gr_apiece *a, double *heading)
{
    if (a->nbases == 0) return 0;
    *heading = a->base[0].heading;
    return 1;
}

int gr_apiece_ahead(const gr_apiece *a, const gr_apiece *b)
{
    double h;
    if (!gr_apiece_heading(a, &h)) return 0;
    return cos(h) * (b->x - a->x) + sin(h) * (b->y - a->y) > 0;
}
