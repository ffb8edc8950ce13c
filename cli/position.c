/* position.c - scenario or record -> position (position.h). path may be a
 * file name or an http:// or https:// URL. */
#include "position.h"
#include "session.h"
#include "../engine/core/jsonutil.h"
#include "../engine/core/record.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

int gr_position_load(const char *path, gr_game *g, void **state, gr_error *err)
{
    *state = NULL;
    /* a file name or an http(s) URL; size-limited, duplicate keys refused */
    json_t *root = gr_json_load_file(path, err);
    if (!root) return -1;
    int is_record = json_object_get(root, "actions") != NULL;
    if (!is_record) {
        /* what gr_game_load does, without reading (or fetching) path again */
        int rc = gr_game_from_json(g, root, path, err);
        json_decref(root);
        if (rc) return -1;
        *state = calloc(1, g->rs->rules->state_size);
        if (!*state) {
            gr_game_free(g);
            return gr_error_set(err, "out of memory");
        }
        g->rs->rules->init(g->scn, *state);
        return 0;
    }
    gr_record rec;
    int rrc = gr_record_from_json(&rec, root, path, err);
    json_decref(root);
    if (rrc) return -1;
    if (gr_game_from_json(g, rec.scenario, rec.scenario_file[0] ? rec.scenario_file : path, err)) {
        gr_error_prefix(err, "%s: embedded scenario: ", path);
        gr_record_free(&rec);
        return -1;
    }
    *state = calloc(1, g->rs->rules->state_size);
    if (!*state || gr_replay(g, &rec, *state, NULL, err)) {
        if (!*state) gr_error_set(err, "out of memory");
        gr_error_prefix(err, "%s: ", path);
        free(*state);
        *state = NULL;
        gr_record_free(&rec);
        gr_game_free(g);
        return -1;
    }
    gr_record_free(&rec);
    return 0;
}

int gr_side_from_text(const gr_game *g, const char *text)
{
    if (!strcmp(text, "0")) return 0;
    if (!strcmp(text, "1")) return 1;
    const char *names[2];
    gr_game_side_names(g, names);
    for (int s = 0; s < 2; s++)
        if (names[s] && !strcasecmp(names[s], text)) return s;
    return -1;
}
