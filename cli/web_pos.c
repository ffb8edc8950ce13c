/* web_pos.c - a game's position as the page reads it (docs/web.md): the
 * decision due and its legal orders with their notes, the pieces of the map
 * in the map's own pixels (svg.h draws them from the same numbers), the
 * ruleset's state JSON, the result, the save and the undo depth. */
#include "web_api.h"
#include "session.h"
#include "svg.h"
#include "plan.h"
#include "../engine/core/ruleset.h"

#include <stdlib.h>
#include <string.h>

#define WEB_PIECE_POLYS 24

int gr_web_yours(const gr_web_game *G)
{
    if (gr_live_over(&G->L)) return 0;
    return G->mode == GR_WEB_ASSIST || gr_live_to_move(&G->L) == G->human;
}

static json_t *poly_json(const double *p)
{
    json_t *a = json_array();
    for (int k = 0; k < 8; k++) json_array_append_new(a, json_real((double)(long long)(p[k] * 10.0) / 10.0));
    return a;
}

static int wanted(const char *ref, const char *const *refs)
{
    if (!refs) return 1;
    for (int i = 0; refs[i]; i++)
        if (!strcmp(refs[i], ref)) return 1;
    return 0;
}

json_t *gr_web_pieces_json(const gr_game *g, const void *state, const char *const *refs)
{
    gr_map m;
    gr_error err;
    json_t *list = json_array();
    if (gr_map_build(&m, g, state, &err)) return list;
    for (int i = 0; i < m.in.nitems; i++) {
        const gr_render_item *it = &m.items[i];
        if (!wanted(it->ref, refs)) continue;
        double poly[WEB_PIECE_POLYS][8], ctr[2];
        int n = gr_svg_piece_shape(&m.in, it, poly, WEB_PIECE_POLYS, ctr);
        json_t *bases = json_array();
        for (int k = 0; k < n; k++) json_array_append_new(bases, poly_json(poly[k]));
        json_t *o = json_pack("{s:s, s:s, s:s, s:i, s:i, s:b, s:b, s:o}", "ref", it->ref, "label", it->label, "detail",
                              it->detail, "side", it->side, "kind", it->kind, "broken", it->broken, "worn", it->worn,
                              "bases", bases);
        if (n) json_object_set_new(o, "centre", json_pack("[f, f]", ctr[0], ctr[1]));
        json_array_append_new(list, o);
    }
    gr_map_free(&m);
    return list;
}

/* 1 when a word of n bytes is the ref of one of the pieces */
static int names_piece(const char *word, size_t n, json_t *pieces)
{
    size_t i;
    json_t *p;
    json_array_foreach(pieces, i, p) {
        const char *r = json_string_value(json_object_get(p, "ref"));
        if (r && strlen(r) == n && !strncmp(r, word, n)) return 1;
    }
    return 0;
}

int gr_web_order_refs(const char *text, json_t *pieces, char refs[2][GR_WEB_REF_MAX])
{
    int k = 0;
    refs[0][0] = refs[1][0] = 0;
    for (const char *p = text; *p && k < 2;) {
        size_t n = strcspn(p, " ");
        if (n > 0 && n < GR_WEB_REF_MAX && names_piece(p, n, pieces)) {
            memcpy(refs[k], p, n);
            refs[k++][n] = 0;
        }
        p += n;
        p += strspn(p, " ");
    }
    return k;
}

json_t *gr_web_path_json(const gr_game *g, const void *before, const void *after, const char *ref)
{
    const char *want[2] = {ref, NULL};
    json_t *b = gr_web_pieces_json(g, before, want), *a = gr_web_pieces_json(g, after, want);
    json_t *from = json_object_get(json_array_get(b, 0), "centre"), *to = json_object_get(json_array_get(a, 0), "centre");
    json_t *o = from && to && !json_equal(from, to) ? json_pack("{s:s, s:O, s:O}", "ref", ref, "from", from, "to", to) : NULL;
    json_decref(b);
    json_decref(a);
    return o;
}

static json_t *orders_json(gr_web_game *G, json_t *pieces)
{
    json_t *list = json_array();
    if (!gr_web_yours(G)) return list;
    const gr_ruleset *rs = G->L.g.rs;
    gr_action *acts = malloc(GR_MAX_ACTIONS * sizeof *acts);
    if (!acts) return list;
    int n = rs->rules->legal_actions(G->L.g.scn, G->L.st, acts, GR_MAX_ACTIONS);
    for (int i = 0; i < n; i++) {
        char text[160], note[256], refs[2][GR_WEB_REF_MAX];
        rs->present->format_action(G->L.g.scn, G->L.st, &acts[i], text, sizeof text);
        gr_rs_order_note(rs, G->L.g.scn, G->L.st, &acts[i], note, sizeof note);
        gr_web_order_refs(text, pieces, refs);
        json_array_append_new(list, json_pack("{s:i, s:s, s:s, s:s}", "n", i + 1, "text", text, "note", note, "ref", refs[0]));
    }
    free(acts);
    return list;
}

json_t *gr_web_position_json(const gr_web *w, gr_web_game *G)
{
    (void)w;
    const gr_game *g = &G->L.g;
    const gr_ruleset *rs = g->rs;
    const char *names[2];
    gr_game_side_names(g, names);
    char desc[256], note[256];
    rs->present->describe_decision(g->scn, G->L.st, desc, sizeof desc);
    gr_rs_prompt_note(rs, g->scn, G->L.st, note, sizeof note);
    json_t *nm = json_object_get(g->scenario_json, "name");
    json_t *result = json_null();
    int over = gr_live_over(&G->L);
    if (over) {
        gr_result res;
        rs->rules->result(g->scn, G->L.st, &res);
        result = json_pack("{s:i, s:s}", "winner", res.winner, "reason", res.reason);
    }
    json_t *pieces = gr_web_pieces_json(g, G->L.st, NULL);
    json_t *units = rs->present->state_to_json(g->scn, G->L.st);
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:i, s:[s,s], s:s, s:s}", "id", G->id, "ruleset", rs->name, "title",
                          json_is_string(nm) ? json_string_value(nm) : g->path, "scenario", g->path, "mode",
                          G->mode == GR_WEB_ASSIST ? "assist" : "play", "human", G->human, "side_names", names[0],
                          names[1], "ai", G->ai_spec, "dice", G->L.manual ? "typed" : "seeded");
    json_object_set_new(o, "turn", json_integer(rs->rules->turn(g->scn, G->L.st)));
    json_object_set_new(o, "phase", json_integer(rs->rules->phase(g->scn, G->L.st)));
    json_object_set_new(o, "over", json_boolean(over));
    json_object_set_new(o, "result", result);
    json_object_set_new(o, "to_move", json_integer(over ? -1 : gr_live_to_move(&G->L)));
    json_object_set_new(o, "decision", json_string(desc));
    json_object_set_new(o, "note", json_string(note));
    char standing[600];
    gr_standing_text(g, G->L.st, standing, sizeof standing);
    json_object_set_new(o, "standing", json_string(standing));
    json_object_set_new(o, "yours", json_boolean(gr_web_yours(G)));
    json_object_set_new(o, "orders", orders_json(G, pieces));
    json_object_set_new(o, "pieces", pieces);
    json_object_set_new(o, "units", units ? units : json_null());
    json_object_set_new(o, "version", json_integer(G->changes));
    json_object_set_new(o, "log_n", json_integer((json_int_t)json_array_size(G->lines)));
    json_object_set_new(o, "undo", json_integer(G->L.nundo));
    json_object_set_new(o, "save", json_string(G->save_path));
    json_object_set_new(o, "ai_thinking", json_boolean(atomic_load(&G->thinking)));
    return o;
}
