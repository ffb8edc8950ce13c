/* works_show.c - the works made in play for the map, the state's JSON and
 * the summary (works.h): each piece is drawn as a thin strip lying along
 * its front, on the side it faces, so it never covers the unit behind it. */
#include "works.h"

#include <math.h>
#include <string.h>

/* the strip's depth on the map (BW) */
#define WORKS_DRAWN_BW 0.2

static const char *kind_word(int kind) { return kind == LASALLE_WORK_FIELD ? "field works" : "trench"; }

int lasalle_works_markers(const lasalle_state *st, gr_render_item *out, int max)
{
    int n = 0;
    for (int w = 0; w < st->nworks && n < max; w++) {
        const lasalle_work *wk = &st->works[w];
        gr_vec2 a = lasalle_work_a(wk), b = lasalle_work_b(wk), f = lasalle_work_front(wk);
        gr_vec2 mid = gr_v2_scale(gr_v2_add(a, b), 0.5);
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = -1;
        it->kind = GR_PIECE_MARKER;
        snprintf(it->label, sizeof it->label, "%s", kind_word(wk->kind));
        snprintf(it->detail, sizeof it->detail, "soft cover (H, p.%d)", wk->kind == LASALLE_WORK_FIELD ? 78 : 75);
        it->nbases = 1;
        gr_vec2 fc = gr_v2_add(mid, gr_v2_scale(f, WORKS_DRAWN_BW));
        it->base[0][0] = fc.x;
        it->base[0][1] = fc.y;
        it->base[0][2] = atan2(f.y, f.x);
        it->base[0][3] = gr_v2_len(gr_v2_sub(b, a));
        it->base[0][4] = WORKS_DRAWN_BW;
    }
    return n;
}

void lasalle_works_json(const lasalle_state *st, json_t *j)
{
    if (!st->nworks) return;
    json_t *arr = json_array();
    for (int w = 0; w < st->nworks; w++) {
        const lasalle_work *wk = &st->works[w];
        json_array_append_new(arr, json_pack("{s:s, s:[f, f], s:[f, f]}", "kind", kind_word(wk->kind), "from",
                                             (double)wk->ax, (double)wk->ay, "to", (double)wk->bx, (double)wk->by));
    }
    json_object_set_new(j, "works", arr);
}

void lasalle_works_summary(const lasalle_state *st, FILE *out)
{
    if (!st->nworks) return;
    fprintf(out, "\nworks made in play (obstacles with soft cover, H p.75, p.78):\n");
    for (int w = 0; w < st->nworks; w++) {
        const lasalle_work *wk = &st->works[w];
        fprintf(out, "  %s from (%.1f, %.1f) to (%.1f, %.1f)\n", kind_word(wk->kind), wk->ax, wk->ay, wk->bx, wk->by);
    }
}
