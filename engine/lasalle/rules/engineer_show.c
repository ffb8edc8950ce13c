/* engineer_show.c - engineers for the map, the state's JSON and the text
 * summary [H Engineering, p.77-79]: an Assault engineer is a small marker
 * in base contact with its unit's right flank (the book lets it stand on any
 * side, out of the way); an engineer at Demolition or Fortification is one
 * at the bridge's end or the town base's middle where it works; engineers
 * off the table are listed, not drawn. */
#include "engineer.h"
#include "engineer_bridge.h"
#include "engineer_task.h"
#include "footprint.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const status_words[] = {"kept off the table", "working", "lost", "removed, its task done"};

/* a marker over the table: a rectangle from `a` (its back) to `b` (its front) */
static void strip(gr_render_item *it, int side, gr_vec2 a, gr_vec2 b, double w, const char *label, const char *detail)
{
    memset(it, 0, sizeof *it);
    it->side = side;
    it->kind = GR_PIECE_MARKER;
    snprintf(it->label, sizeof it->label, "%s", label);
    snprintf(it->detail, sizeof it->detail, "%s", detail);
    it->nbases = 1;
    it->base[0][0] = b.x;
    it->base[0][1] = b.y;
    it->base[0][2] = atan2(b.y - a.y, b.x - a.x);
    it->base[0][3] = w;
    it->base[0][4] = gr_v2_len(gr_v2_sub(b, a));
}

/* the engineers' changes to the table [H, p.78-79]: pontoon bridges, and a mark on each demolished bridge */
static int table_markers(const lasalle_scenario *s, const lasalle_state *st, gr_render_item *out, int max)
{
    int n = 0;
    char detail[64];
    for (int e = 0; e < s->nengineers && n < max; e++) {
        if (!(st->spans >> e & 1)) continue;
        gr_vec2 a, b;
        lasalle_pontoon_ends(s, st->eng[e].piece, st->eng[e].spot, st->eng[e].bank, &a, &b);
        snprintf(detail, sizeof detail, "built by e%d across t%d", e, st->eng[e].piece);
        strip(&out[n++], s->engineers[e].side, a, b, LASALLE_PONTOON_WIDTH_BW, "pontoon bridge", detail);
    }
    for (int k = 0; k < s->terrain.n && n < max; k++) {
        if (!(st->blown >> k & 1)) continue;
        const gr_terrain_piece *p = &s->terrain.p[k];
        snprintf(detail, sizeof detail, "t%d %s", k, p->name);
        strip(&out[n++], -1, p->pts[0], p->pts[p->npts - 1], p->width, "demolished", detail);
    }
    return n;
}

int lasalle_engineer_markers(const lasalle_scenario *s, const lasalle_state *st, gr_render_item *out, int max)
{
    int n = st->spans || st->blown ? table_markers(s, st, out, max) : 0;
    for (int e = 0; e < s->nengineers && n < max; e++) {
        const lasalle_engineer *g = &st->eng[e];
        int on_table = g->status == LASALLE_EN_WORKING && lasalle_task_on_table(g->task);
        if (!on_table && (g->status != LASALLE_EN_WORKING || g->task != LASALLE_TASK_ASSAULT ||
                          !lasalle_alive(st, g->unit)))
            continue;
        gr_rect r;
        if (on_table) { /* at the bridge's end or in the town base [H, p.78-79] */
            gr_vec2 at = lasalle_engineer_at(s, st, e);
            r = gr_rect_make((gr_vec2){at.x, at.y + LASALLE_ENGINEER_SPOT_BW / 2}, 0.0, LASALLE_ENGINEER_SPOT_BW,
                             LASALLE_ENGINEER_SPOT_BW);
        } else {
            gr_rect h = lasalle_hull(s, st, g->unit);
            gr_vec2 fc = gr_v2_add(h.fc, gr_v2_scale(gr_rect_right(&h), h.w / 2 + LASALLE_ENGINEER_MARK_BW / 2));
            r = gr_rect_make(fc, h.heading, LASALLE_ENGINEER_MARK_BW, LASALLE_ENGINEER_MARK_BW);
        }
        gr_render_item *it = &out[n++];
        memset(it, 0, sizeof *it);
        it->side = s->engineers[e].side;
        it->kind = GR_PIECE_MARKER;
        snprintf(it->label, sizeof it->label, "%s", s->engineers[e].name);
        if (on_table && g->task == LASALLE_TASK_FIELD_WORKS)
            snprintf(it->detail, sizeof it->detail, "e%d engineer at field works", e);
        else if (on_table)
            snprintf(it->detail, sizeof it->detail, "e%d engineer at t%d (%s)", e, g->piece, lasalle_task_names[g->task]);
        else
            snprintf(it->detail, sizeof it->detail, "e%d engineer with u%d (assault)", e, g->unit);
        it->nbases = 1;
        it->base[0][0] = r.fc.x;
        it->base[0][1] = r.fc.y;
        it->base[0][2] = r.heading;
        it->base[0][3] = r.w;
        it->base[0][4] = r.d;
    }
    return n;
}

void lasalle_table_changes_json(const lasalle_scenario *s, const lasalle_state *st, json_t *j)
{
    const char *keys[2] = {"demolished", "fortified"};
    const uint64_t bits[2] = {st->blown, st->hardened};
    for (int w = 0; w < 2; w++) {
        if (!bits[w]) continue;
        json_t *arr = json_array();
        for (int k = 0; k < s->terrain.n; k++) {
            if (!(bits[w] >> k & 1)) continue;
            char id[16];
            snprintf(id, sizeof id, "t%d", k);
            json_array_append_new(arr, json_string(id));
        }
        json_object_set_new(j, keys[w], arr);
    }
}

json_t *lasalle_engineers_json(const lasalle_scenario *s, const lasalle_state *st)
{
    json_t *arr = json_array();
    for (int e = 0; e < s->nengineers; e++) {
        const lasalle_engineer *g = &st->eng[e];
        char id[16];
        snprintf(id, sizeof id, "e%d", e);
        json_t *o = json_pack("{s:s, s:s, s:i, s:s, s:s}", "id", id, "name", s->engineers[e].name, "side",
                              s->engineers[e].side, "task", lasalle_task_names[g->task % LASALLE_TASK_COUNT], "status",
                              status_words[g->status % 4]);
        if (g->unit >= 0) {
            snprintf(id, sizeof id, "u%d", g->unit);
            json_object_set_new(o, "unit", json_string(id));
        }
        if (g->piece >= 0) { /* Demolition, Fortification, Bridging: the terrain piece [H, p.78-79] */
            snprintf(id, sizeof id, "t%d", g->piece);
            json_object_set_new(o, "piece", json_string(id));
        }
        if (g->task == LASALLE_TASK_FIELD_WORKS) /* the middle of the line the works will run along [H, p.78] */
            json_object_set_new(o, "at", json_pack("[f, f]", (double)g->x, (double)g->y));
        if (g->task == LASALLE_TASK_BRIDGING) {
            json_object_set_new(o, "bank_site", json_integer(g->spot));
            json_object_set_new(o, "sections", json_integer(g->sections));
            json_object_set_new(o, "spans", json_boolean(st->spans >> e & 1));
        }
        json_array_append_new(arr, o);
    }
    return arr;
}

void lasalle_engineer_summary(const lasalle_scenario *s, const lasalle_state *st, int side, FILE *out)
{
    for (int e = 0; e < s->nengineers; e++) {
        const lasalle_engineer *g = &st->eng[e];
        if (s->engineers[e].side != side) continue;
        fprintf(out, "  e%-2d %s: %s", e, s->engineers[e].name, status_words[g->status % 4]);
        if (g->unit >= 0) fprintf(out, ", Assault with u%d %s", g->unit, s->units[g->unit].name);
        if (g->piece >= 0)
            fprintf(out, ", %s at t%d %s", lasalle_task_names[g->task], g->piece, s->terrain.p[g->piece].name);
        if (g->task == LASALLE_TASK_FIELD_WORKS && g->status == LASALLE_EN_WORKING)
            fprintf(out, ", field works along (%.1f, %.1f)", g->x, g->y);
        if (g->task == LASALLE_TASK_BRIDGING)
            fprintf(out, ", %d of %d pontoon sections", g->sections, lasalle_pontoon_sections(s, g->piece));
        fprintf(out, "\n");
    }
}
