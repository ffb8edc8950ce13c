/* position.c - scenario or record -> position (position.h). */
#include "position.h"
#include "session.h"
#include "../engine/core/record.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

int gr_position_load(const char *path, gr_game *g, void **state, gr_error *err)
{
    json_error_t je;
    json_t *root = json_load_file(path, 0, &je);
    if (!root) return gr_error_set(err, "%s:%d: cannot read a JSON position: %s", path, je.line, je.text);
    int is_record = json_object_get(root, "actions") != NULL;
    json_decref(root);
    *state = NULL;
    if (!is_record) {
        if (gr_game_load(g, path, err)) return -1;
        *state = calloc(1, g->rs->state_size);
        if (!*state) {
            gr_game_free(g);
            return gr_error_set(err, "out of memory");
        }
        g->rs->init(g->scn, *state);
        return 0;
    }
    gr_record rec;
    if (gr_record_load(&rec, path, err)) return -1;
    if (gr_game_from_json(g, rec.scenario, rec.scenario_file[0] ? rec.scenario_file : path, err)) {
        gr_error_prefix(err, "%s: embedded scenario: ", path);
        gr_record_free(&rec);
        return -1;
    }
    *state = calloc(1, g->rs->state_size);
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
